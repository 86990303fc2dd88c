"""A Voilà page's kernel sends no widget messages before the page's browser connects.

Voilà runs every cell of a notebook before the page's browser connects to the kernel, and the
page's widget manager then asks for every widget's state at once (the `jupyter.widget.control`
comm). Until then each widget's "open" message and each change's "update" message go to Voilà's
server only, which drops them: an app made ~150 widgets and sent ~300 such messages before its
first paint, about a millisecond of kernel CPU each. `install()` (called when the package is
imported in a Voilà kernel) registers the widgets made before that moment without sending
anything; the page's request for the states ends the quiet, and from then on every widget
speaks as usual.
"""

from __future__ import annotations

import os
import sys
from typing import Any

CONTROL_TARGET = "jupyter.widget.control"
WIDGET_TARGET = "jupyter.widget"
_quiet: list[Any] = []  # the comms made before the page connected, not yet announced
_installed: dict[str, Any] = {}  # "create_comm": the original comm.create_comm, while quiet


def in_voila_page_kernel(env: dict[str, str] | None = None) -> bool:
    """Whether this process is the kernel of a Voilà page that runs its notebook before the
    page connects (Voilà's default rendering, not a preheated kernel)."""
    env = os.environ if env is None else env
    return ("ipykernel" in sys.modules and "VOILA_REQUEST_URL" in env
            and env.get("VOILA_PREHEAT", "False") != "True")


def is_quiet() -> bool:
    """Whether widgets made now are registered without a message (no page connected yet)."""
    return bool(_installed)


def install(env: dict[str, str] | None = None) -> bool:
    """Keep widget comms quiet until the page connects, if this is a Voilà page's kernel whose
    comm manager is running; whether it did (again: a no-op)."""
    if _installed:
        return True
    if not in_voila_page_kernel(env):
        return False
    import comm
    import ipywidgets  # noqa: F401  (registers the widget targets, wrapped below)

    manager = comm.get_comm_manager()
    if manager is None or CONTROL_TARGET not in getattr(manager, "targets", {}):
        return False
    original_control = manager.targets[CONTROL_TARGET]

    def control_opened(control: Any, msg: dict) -> None:
        speak()  # the page's widget manager is here: announce every widget from now on
        original_control(control, msg)

    manager.register_target(CONTROL_TARGET, control_opened)
    _installed["create_comm"] = comm.create_comm
    comm.create_comm = _create_quiet_comm
    return True


def _create_quiet_comm(*args: Any, **kwargs: Any) -> Any:
    """`comm.create_comm` while no page is connected: a widget's comm made by the kernel is
    registered, but neither its opening nor its updates are sent (a comm without a kernel)."""
    import comm

    create = _installed.get("create_comm", comm.create_comm)
    if kwargs.get("target_name") != WIDGET_TARGET or kwargs.get("primary") is False \
            or not _installed:
        return create(*args, **kwargs)
    made = create(*args, **{**kwargs, "primary": False})
    made.kernel = None  # ipywidgets sends nothing through a comm whose kernel is None
    comm.get_comm_manager().register_comm(made)
    _quiet.append(made)
    return made


def speak() -> None:
    """The page has connected: give the quiet comms their kernel back (their widgets' states
    go to the page in its request for them) and make every comm as usual from now on."""
    import comm

    create = _installed.pop("create_comm", None)
    if create is not None and comm.create_comm is _create_quiet_comm:
        comm.create_comm = create
    if _quiet:
        from ipykernel.kernelbase import Kernel

        kernel = Kernel.instance()
        for made in _quiet:
            made.kernel = kernel
        _quiet.clear()
