"""The web shell around the pages: the page's head script, the pages and the way between them, the header with the
table clock, and starting a game."""
