"""Font files shipped with the renderer (a package so its data files install with it)."""
