"""The player's own data: the game in progress, settings and statistics, in one SQLite file."""
