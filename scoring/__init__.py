"""Pure scoring: one rules module per game, the registry of games, and the record contract."""
