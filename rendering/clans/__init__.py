"""The Clans board image, drawn from a public view."""
