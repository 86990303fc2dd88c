"""pytest plugin: nbval is loaded only when a run asks for it (`--nbval`, `--nbval-lax`, ...).

nbval's import costs about 4 s of CPU (nbformat → jsonschema → rfc3987_syntax builds a grammar),
and it collects notebooks only under its own options. pyproject.toml's addopts block its
automatic loading (`-p no:nbval`) and load this plugin instead, which loads nbval before the
command line is parsed whenever one of nbval's options is on it. So `make test` (`pytest tests
notebooks --nbval-lax`) runs the notebooks as before, and `pytest tests/engine` skips the import.
"""

from __future__ import annotations

import pytest

NBVAL_OPTIONS = ("--nbval", "--sanitize-with", "--current-env", "--nbdime")


def asks_for_nbval(args: list[str]) -> bool:
    """Whether the command line (addopts included) uses one of nbval's options."""
    return any(str(arg).startswith(NBVAL_OPTIONS) for arg in args)


def pytest_load_initial_conftests(early_config: pytest.Config, parser: pytest.Parser,
                                  args: list[str]) -> None:
    if asks_for_nbval(args):
        early_config.pluginmanager.consider_pluginarg("nbval")  # unblocks it and loads it
