"""The `foodplay` command line: games, records, rules and benchmarks, in the learner's language."""

from foodplay.cli.commands import main

__all__ = ["main"]
