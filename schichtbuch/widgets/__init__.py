"""What the pages draw: entry widgets, the standings and charts, the read-only watch view, and each game's panels."""
