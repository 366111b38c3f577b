"""Playing games: the one-game driver and batch simulation."""
