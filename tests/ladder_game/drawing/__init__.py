"""Ladder's board image."""
