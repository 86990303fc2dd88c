"""Set-up shared by every test tier: Hypothesis is imported without assertion rewriting.

pytest rewrites the asserts of every module of a distribution that provides a pytest plugin,
Hypothesis included. With no bytecode cache (a fresh checkout on CI, or PYTHONDONTWRITEBYTECODE)
that means compiling all of Hypothesis from source on every run, about 2 s of CPU for asserts
that never fail in our tests. Our own test modules and conftests are still rewritten.
"""

from __future__ import annotations

import importlib
import sys


def _import_without_rewriting(*names: str) -> None:
    """Import `names` with pytest's assertion-rewriting import hook set aside meanwhile."""
    hooks = [finder for finder in sys.meta_path
             if type(finder).__name__ == "AssertionRewritingHook"]
    for hook in hooks:
        sys.meta_path.remove(hook)
    try:
        for name in names:
            importlib.import_module(name)
    except ModuleNotFoundError:  # an environment without it (Binder's) runs no test that uses it
        pass
    finally:
        sys.meta_path[:0] = hooks


_import_without_rewriting("hypothesis", "hypothesis.strategies")
