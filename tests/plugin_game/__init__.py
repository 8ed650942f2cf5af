"""Bids, the test suite's own game: its own folders plus one registration (register.py)."""
