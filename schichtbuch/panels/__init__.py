"""Sections of a game's pages, one module per game, for a page that would not stay short: the page puts
them in order, each section draws one part of it from the game as the run shows it."""
