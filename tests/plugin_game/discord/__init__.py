"""Bids in Discord: its commands, messages and board."""
