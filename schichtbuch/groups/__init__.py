"""Groups, a table that meets regularly: a group's pages and taps, its history and its statistics."""
