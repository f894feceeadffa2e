"""What a finished game's end page offers under its standings: the results card to share and the next game."""
