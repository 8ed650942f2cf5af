"""Search for the strong computer players, shared by every game."""
