"""Worker processes for long runs: they never outlive the run that started them.

- Ctrl-C goes to the whole terminal's process group; workers ignore it, and the parent, which gets
  it too, terminates them at once instead of waiting for the games in progress (a prompt stop).
- If the parent dies without a word (kill -9), each worker notices within a fraction of a second
  that its parent changed and exits.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Generator, Iterable
from typing import Any

PARENT_POLL_SECONDS = 0.2


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(PARENT_POLL_SECONDS)
        if os.getppid() != parent:
            os._exit(1)  # the parent is gone: nobody will read what this worker finishes


_frozen_once: list[bool] = []  # set by the first run played in this process


def keep_loaded_out_of_gc() -> None:
    """Before the games of the first run played in this process: what was loaded (the modules, the
    card sets, the parser) lives as long as the process, so it is collected once and frozen out of
    the cyclic collector's sight, and no full collection walks it again (about 3 % of random play's
    CPU). Only once: a frozen object is never collected, and a process that plays run after run (a
    script using the library) may by then hold objects that will become garbage."""
    if not _frozen_once:
        _frozen_once.append(True)
        gc.collect()
        gc.freeze()


def _worker_start(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # What the parent loaded (the card sets, the parser) lives as long as the worker: out of the
    # collector's sight, a full collection does not walk it again and again (nor touch its pages,
    # which a collection here would: they stay shared with the parent).
    gc.freeze()
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="watch-parent").start()


def unordered(function: Callable[[Any], Any], items: Iterable[Any], workers: int) -> Generator[Any, None, None]:
    """`function(item)` for every item on `workers` processes, yielded as each finishes. Closing the
    iterator early (or an exception in the caller, such as Ctrl-C) terminates the workers at once.
    With one worker, or one item, they are done here in order, and no process is started."""
    items = list(items)
    if workers <= 1 or len(items) <= 1:
        keep_loaded_out_of_gc()
        for item in items:
            yield function(item)
        return
    # Forked workers start at once with the card sets the parent has loaded (other start methods load them again).
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else methods[0])
    pool = context.Pool(processes=min(workers, len(items)), initializer=_worker_start, initargs=(os.getpid(),))
    finished = False
    try:
        yield from pool.imap_unordered(function, items, chunksize=1)
        finished = True
    finally:
        if finished:
            pool.close()
        else:
            pool.terminate()
        pool.join()
