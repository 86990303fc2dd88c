"""The strategy lab: seeded tournaments between bots, one row per game (docs/strategy-lab.md).

Standard library only; `parallel` uses Dask and `tqdm` only when they are asked for and
installed (the `lab` extra). Nothing in the engine imports this package.
"""

from foodplay.lab.play import BOT_KINDS, Failure, Results, Row, Setting, play_one, wilson
from foodplay.lab.tournament import tournament

__all__ = ["BOT_KINDS", "Failure", "Results", "Row", "Setting", "play_one", "tournament",
           "wilson"]
