"""The Doge board image, drawn from a public view."""
