"""What every board shares: drawing helpers, text in any script, palettes, fonts, the
animated recap and the community images."""
