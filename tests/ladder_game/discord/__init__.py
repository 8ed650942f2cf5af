"""Ladder in Discord: its commands, messages and board."""
