"""Where a tournament's games are played: here, on local processes, or on a Dask cluster.

Games go out in chunks of consecutive seeds of one setting; the rows come back keyed by
chunk, so they are put in (setting, seed) order whoever finished first. `concurrent.futures`
is the standard library's; Dask (`dask.distributed`) and tqdm are imported only when a run
asks for them, so the engine stays standard-library only without them.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Any

from foodplay.data import Say
from foodplay.lab.play import LabError, Row, Setting, play_chunk

Task = tuple[Setting, int]
Chunk = tuple[Setting, tuple[int, ...]]
CHUNKS_PER_WORKER = 8  # enough chunks that a slow one does not leave a worker idle for long
MAX_CHUNK = 25  # few enough games per chunk that the progress bar moves


def chunks(tasks: Sequence[Task], size: int) -> list[Chunk]:
    """Consecutive tasks of one setting, at most `size` games each, in task order."""
    out: list[Chunk] = []
    for setting, seed in tasks:
        if out and out[-1][0] is setting and len(out[-1][1]) < size:
            out[-1] = (setting, out[-1][1] + (seed,))
        else:
            out.append((setting, (seed,)))
    return out


def chunk_size(games: int, workers: int) -> int:
    return max(1, min(MAX_CHUNK, games // (workers * CHUNKS_PER_WORKER)))


class _NoBar:
    """Progress that shows nothing (no tqdm, or none asked for)."""

    def update(self, n: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


@contextmanager
def progress_bar(total: int, shown: bool, lang: str) -> Iterator[Any]:
    """tqdm.auto's bar (a widget in Jupyter, text on a terminal, with an ETA), if asked for
    and installed; otherwise a bar that shows nothing."""
    bar: Any = _NoBar()
    if shown:
        try:
            from tqdm.auto import tqdm
        except ImportError:
            pass
        else:
            bar = tqdm(total=total, desc=Say("lab.progress").text(lang),
                       unit=" " + Say("lab.progress_unit").text(lang), smoothing=0.1)
    try:
        yield bar
    finally:
        bar.close()


def run(tasks: Sequence[Task], *, workers: int = 1, client: Any = None, progress: bool = True,
        move_seconds: float | None = None, lang: str = "en") -> tuple[list[Row], bool]:
    """Play every task; return the finished rows in task order and whether Ctrl-C stopped it."""
    done: dict[int, list[Row]] = {}
    interrupted = False
    with progress_bar(len(tasks), progress, lang) as bar:
        try:
            if client is not None:
                _on_dask(tasks, client, workers, move_seconds, done, bar)
            elif workers > 1:
                _on_processes(tasks, workers, move_seconds, done, bar)
            else:
                for index, (setting, seed) in enumerate(tasks):
                    done[index] = play_chunk(setting, (seed,), move_seconds)
                    bar.update(1)
        except KeyboardInterrupt:
            interrupted = True
    rows = [row for index in sorted(done) for row in done[index]]
    return rows, interrupted


def _quiet_worker() -> None:
    """A worker process leaves Ctrl-C to the parent, which stops the run and keeps the rows."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _on_processes(tasks: Sequence[Task], workers: int, move_seconds: float | None,
                  done: dict[int, list[Row]], bar: Any) -> None:
    parts = chunks(tasks, chunk_size(len(tasks), workers))
    pool = ProcessPoolExecutor(max_workers=min(workers, len(parts)), initializer=_quiet_worker)
    try:
        pending = {pool.submit(play_chunk, setting, seeds, move_seconds): index
                   for index, (setting, seeds) in enumerate(parts)}
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                index = pending.pop(future)
                done[index] = future.result()
                bar.update(len(done[index]))
    except BaseException:  # Ctrl-C or a failure: no new chunk starts, nothing waits for
        pool.shutdown(wait=False, cancel_futures=True)  # the running ones
        raise
    pool.shutdown(wait=True)


def _dask_client(client: Any, workers: int) -> tuple[Any, list[Any]]:
    """A Client for `client` (a Client, an address, or "local"), and what to close after."""
    if not isinstance(client, str):
        return client, []
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError as exc:
        raise LabError("dask", Say("lab.error.no_dask", command="pip install 'foodplay[lab]'",
                                             extra="lab")) from exc
    if client == "local":
        cluster = LocalCluster(n_workers=max(1, workers), threads_per_worker=1,
                               dashboard_address=None)
        own = Client(cluster)
        return own, [own, cluster]
    try:
        own = Client(client, timeout=os.environ.get("FOODPLAY_DASK_TIMEOUT", "10s"))
    except (OSError, TimeoutError, ValueError) as exc:
        raise LabError("dask", Say("lab.error.dask_address", address=client[:100],
                                   detail=str(exc)[:200])) from exc
    return own, [own]


def _on_dask(tasks: Sequence[Task], client: Any, workers: int, move_seconds: float | None,
             done: dict[int, list[Row]], bar: Any) -> None:
    dask_client, owned = _dask_client(client, workers)
    try:
        from dask.distributed import as_completed

        cores = max(1, sum(dask_client.nthreads().values()))
        parts = chunks(tasks, chunk_size(len(tasks), cores))
        futures = {dask_client.submit(play_chunk, setting, seeds, move_seconds, pure=False): i
                   for i, (setting, seeds) in enumerate(parts)}
        try:
            for future in as_completed(list(futures)):
                index = futures[future]
                done[index] = future.result()
                bar.update(len(done[index]))
        except KeyboardInterrupt:
            dask_client.cancel(list(futures))
            raise
    finally:
        for thing in owned:
            thing.close()
