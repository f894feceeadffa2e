"""Groups, a table that meets regularly: a group's pages and taps, its history, its statistics, and each player's profile and ratings."""
