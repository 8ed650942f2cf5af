"""Bids's board image (board.py)."""
