"""Running a coroutine in a thread of its own, for tests after the browser tier."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor


def run_alone(coroutine):
    """asyncio.run in a thread of its own: an earlier test (the browser's) may leave this
    thread's event loop running, and asyncio.run refuses to start inside it."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
