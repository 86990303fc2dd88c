"""Each game's UI, beside its engine in foodplay.games."""
