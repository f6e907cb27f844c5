"""The ways to play: the command line and the desktop game."""
