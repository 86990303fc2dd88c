"""Benchmark what a page's kernel does before its first paint: prints numbers, checks nothing.

    .venv/bin/python scripts/bench_startup.py [--rounds 3] [--only burg.ipynb ...]
    .venv/bin/python scripts/bench_startup.py --baseline ../main   # in turn with another checkout
    .venv/bin/python scripts/bench_startup.py --profile burg.ipynb   # where the CPU goes

For each app and examples page, and for a bare one-Button notebook, a fresh kernel runs the
notebook's code cells in turn, as Voilà does (in the notebooks' folder, QUERY_STRING set), and
then, once asked for its widgets' states as the page's widget manager asks when it
connects, reports from inside the kernel: its CPU time since it started (user + system, which the
machine's load barely moves, unlike wall time), the CPU time of the cells alone, the widget
models it made (`ipywidgets.Widget.widgets`), the modules it imported, and whether
matplotlib is among them. Pages are run in turn, round after round; ratios are of medians
against the bare notebook. `--profile` prints the cells' top functions by cumulative time.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import statistics
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = REPO / "notebooks"
GAMES = ("burg", "coffee-rush", "cuisine-a-la-card", "food-truck")
PAGES = (*(f"{g}.ipynb" for g in GAMES), *(f"{g}-examples.ipynb" for g in GAMES))
BARE = "bare"
BARE_CELL = ("import ipywidgets as widgets\n"
             "button = widgets.Button(description='Click me')\n"
             "label = widgets.HTML('0')\n"
             "widgets.VBox([button, label])")
MEASURE = """
import json as _json, resource as _resource, sys as _sys, time as _time
_usage = _resource.getrusage(_resource.RUSAGE_SELF)
_widgets = _sys.modules.get("ipywidgets")
print("FP-MEASURE " + _json.dumps({
    "kernel_cpu": _usage.ru_utime + _usage.ru_stime,
    "cells_cpu": _time.process_time() - _fp_cpu0,
    "widgets": len(_widgets.Widget.widgets) if _widgets else 0,
    "modules": len(_sys.modules) - _fp_modules0,
    "matplotlib": "matplotlib" in _sys.modules,
}))
"""
START = "import sys as _sys, time as _time\n_fp_cpu0 = _time.process_time()\n" \
        "_fp_modules0 = len(_sys.modules)"
PROFILE_START = "import cProfile as _cp\n_fp_prof = _cp.Profile()\n_fp_prof.enable()"
PROFILE_END = ("_fp_prof.disable()\nimport pstats as _ps\n"
               "_ps.Stats(_fp_prof).sort_stats('cumulative').print_stats({top})")


def code_cells(notebook: str, checkout: Path = REPO) -> list[str]:
    """The code cells Voilà runs for `notebook` (the bare notebook's one cell for BARE)."""
    if notebook == BARE:
        return [BARE_CELL]
    cells = json.loads((checkout / "notebooks" / notebook).read_text())["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


COMM_MESSAGES = ("comm_open", "comm_msg", "comm_close")
sent: list[int] = [0]  # widget messages the kernel sent while running cells


def run(client, code: str) -> str:
    """Run `code` in the kernel; its stdout (an error raises, with the traceback)."""
    msg_id = client.execute(code, store_history=False)
    out: list[str] = []
    while True:
        try:
            msg = client.get_iopub_msg(timeout=300)
        except queue.Empty:
            raise TimeoutError(code[:60]) from None
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind, content = msg["msg_type"], msg["content"]
        sent[0] += kind in COMM_MESSAGES
        if kind == "stream":
            out.append(content["text"])
        elif kind == "error":
            raise RuntimeError("\n".join(content["traceback"]))
        elif kind == "status" and content["execution_state"] == "idle":
            return "".join(out)


def connect(client) -> int:
    """Do what the page's widget manager does once it loads: open the widget control comm
    and ask for every widget's state; how many states came back."""
    comm_id = uuid.uuid4().hex
    opened = client.session.msg("comm_open", {"comm_id": comm_id, "data": {},
                                              "target_name": "jupyter.widget.control"},
                                metadata={"version": "1.0.0"})
    client.shell_channel.send(opened)
    asked = client.session.msg("comm_msg", {"comm_id": comm_id,
                                            "data": {"method": "request_states"}})
    client.shell_channel.send(asked)
    while True:
        msg = client.get_iopub_msg(timeout=300)
        data = msg["content"].get("data", {})
        if msg["msg_type"] == "comm_msg" and data.get("method") == "update_states":
            return len(data["states"])


def kernel_manager(checkout: Path):
    """A kernel manager whose kernels run `checkout`'s own virtual environment."""
    from jupyter_client.manager import KernelManager

    manager = KernelManager(kernel_name="python3")
    python = checkout / ".venv" / "bin" / "python"
    manager.kernel_spec.argv = [str(python), "-m", "ipykernel_launcher", "-f",
                                "{connection_file}"]
    return manager


def measure(notebook: str, query: str = "", profile: int = 0,
            extra_env: dict[str, str] | None = None, checkout: Path = REPO) -> dict:
    """Start a kernel as Voilà does, run `notebook`'s cells, connect as the page does, and
    return what the kernel measured."""
    env = {**os.environ, "QUERY_STRING": query, "VOILA_PREHEAT": "False",
           "VOILA_REQUEST_URL": f"http://127.0.0.1/voila/render/{notebook}?{query}",
           **(extra_env or {})}
    manager = kernel_manager(checkout)
    manager.start_kernel(cwd=str(checkout / "notebooks"), env=env, stderr=subprocess.DEVNULL)
    client = manager.client()
    client.start_channels()
    client.wait_for_ready(timeout=120)
    try:
        run(client, START)
        if profile:
            run(client, PROFILE_START)
        cells = code_cells(notebook, checkout)
        sent[0] = 0
        for cell in cells:
            run(client, cell)
        messages = sent[0]
        states = connect(client)
        if profile:
            print(run(client, PROFILE_END.format(top=profile)))
        line = next(x for x in run(client, MEASURE).splitlines()
                    if x.startswith("FP-MEASURE "))
        result = json.loads(line.removeprefix("FP-MEASURE "))
        result.update(cells=len(cells), states=states, messages=messages)
        return result
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def report(label: str, results: dict[str, list[dict]]) -> None:
    """Print one checkout's table: medians (range) of kernel and cells CPU, ratios to bare."""
    bare_cpu = statistics.median(r["kernel_cpu"] for r in results[BARE])
    print(f"{label}:")
    print(f"{'page':<32} {'kernel CPU ms':>22} {'ratio':>6} {'cells CPU ms':>20} "
          f"{'cells':>5} {'widgets':>7} {'sent':>5} {'modules':>7}  matplotlib")
    for page, runs in results.items():
        cpu = [r["kernel_cpu"] * 1000 for r in runs]
        cells_cpu = [r["cells_cpu"] * 1000 for r in runs]
        last = runs[-1]
        print(f"{page:<32} {statistics.median(cpu):>7.0f} ({min(cpu):>5.0f}-{max(cpu):>5.0f}) "
              f"{statistics.median(cpu) / 1000 / bare_cpu:>6.2f} "
              f"{statistics.median(cells_cpu):>6.0f} ({min(cells_cpu):>4.0f}-"
              f"{max(cells_cpu):>4.0f}) {last['cells']:>5} {last['widgets']:>7} "
              f"{last['messages']:>5} {last['modules']:>7}  "
              f"{'yes' if last['matplotlib'] else 'no'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="kernels per page (3)")
    parser.add_argument("--only", nargs="*", default=None, help="pages (default: all eight)")
    parser.add_argument("--query", default="", help="the pages' QUERY_STRING ('')")
    parser.add_argument("--baseline", type=Path, metavar="CHECKOUT",
                        help="another checkout (its .venv and notebooks/), measured in turn "
                             "with this one, page by page")
    parser.add_argument("--profile", metavar="PAGE",
                        help="profile PAGE's cells once (cProfile, by cumulative time)")
    parser.add_argument("--top", type=int, default=40, help="functions --profile prints (40)")
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="fp-startup-"))
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR",
                "MPLCONFIGDIR", "IPYTHONDIR"):
        os.environ.setdefault(var, str(home / var.lower()))
    checkouts = {"this checkout": REPO}
    if args.baseline:
        checkouts["baseline " + str(args.baseline)] = args.baseline.resolve()
    for checkout in checkouts.values():  # as `make serve` does
        subprocess.run([str(checkout / ".venv" / "bin" / "python"), "-c",
                        "from foodplay_widgets.serving.serve import precompile; precompile()"],
                       check=True)
    if args.profile:
        measure(args.profile, args.query, profile=args.top)
        return

    pages = args.only or list(PAGES)
    results = {label: {page: [] for page in [BARE, *pages]} for label in checkouts}
    for _ in range(args.rounds):
        for page in [BARE, *pages]:
            for label, checkout in checkouts.items():
                results[label][page].append(measure(page, args.query, checkout=checkout))
    print(f"kernel CPU from its start to the page's widgets sent, {args.rounds} kernels "
          f"per page in turn (medians, range); load average {os.getloadavg()[0]:.1f}")
    for label, table in results.items():
        report(label, table)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
