"""Pure setup guides: one module per game, the checklist for a player count."""
