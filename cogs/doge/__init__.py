"""Doge in Discord: its commands, buttons, messages and board."""
