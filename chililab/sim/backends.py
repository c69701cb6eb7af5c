"""Where :func:`chililab.sim.simulate` runs its chunks: serially, in worker processes, or on Dask.

Every backend takes the jobs as an iterator (chunks are made as they are
needed, never all at once) and keeps only a bounded window of them in flight,
so a run of ten million games costs no more memory up front than a run of a
thousand. Dask runs on a given client, a scheduler address (a lab cluster) or a
LocalCluster of worker processes (:func:`dask_client`). Finished rows are
appended to ``rows`` as they arrive, so when Ctrl-C (``KeyboardInterrupt``)
stops a run, ``rows`` holds every game finished so far: the backend then stops
its workers (processes terminated, Dask futures cancelled, a LocalCluster of our
own closed) before the interrupt goes on up. :func:`interrupt_once` keeps a
second Ctrl-C from cutting that clean-up short.
"""
from __future__ import annotations

import contextlib
import os
import queue
import signal
import threading
import time
from itertools import islice
from typing import Protocol

from chililab.engine.errors import ConfigError

from .core import run_chunk


class Rows(Protocol):
    """Where a backend puts finished games' rows (a list, or :class:`chililab.sim.results.RowStore`)."""

    def extend(self, rows: list[dict], /) -> None: ...


#: chunks in flight per worker: enough to keep workers busy, few enough to stop at once
WINDOW_PER_WORKER = 2


def run_serial(jobs, rows: Rows, bar, task=None) -> None:
    """Play the chunks one after the other in this process (its objects frozen out of the garbage
    collector meanwhile, as in a worker: :func:`_worker_init`). ``task``: the chunk function every
    backend calls as ``task(*job)`` (:func:`~chililab.sim.core.run_chunk`, or a tournament's
    :func:`~chililab.sim.tournament.run_matches`; a module-level function, so workers can import it; None:
    ``run_chunk``, looked up when the run starts)."""
    import gc

    task = task or run_chunk

    gc.freeze()
    try:
        for job in jobs:
            rows.extend(task(*job))
            bar.update(len(job[1]))
    finally:
        gc.unfreeze()


def _worker_init():
    """Start of a worker process: Ctrl-C is the parent's to handle (it stops the workers), and the
    objects the process holds already (the parent's, for a forked one) are frozen out of the garbage
    collector, so its full collections walk only what the games allocate (``gc.freeze``)."""
    import gc

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gc.freeze()


class _Failed:
    def __init__(self, error):
        self.error = error


@contextlib.contextmanager
def interrupt_once():
    """Within the block, the first Ctrl-C raises KeyboardInterrupt and any further one is ignored,
    so the clean-up of an interrupted run (stopping workers, keeping the games finished) always
    completes; afterwards Ctrl-C works as before. Only in the main thread (signals go there)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    hit: list[bool] = []

    def first_only(_sig, _frame):
        if not hit:
            hit.append(True)
            raise KeyboardInterrupt

    old = signal.signal(signal.SIGINT, first_only)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def run_processes(jobs, workers: int, rows: Rows, bar, task=None) -> None:
    """Play the chunks in ``workers`` processes, at most ``WINDOW_PER_WORKER * workers`` chunks queued.

    On any exception (Ctrl-C included) the workers are terminated before it is re-raised.
    """
    import multiprocessing

    task = task or run_chunk
    pool = multiprocessing.get_context().Pool(workers, initializer=_worker_init)
    done: queue.SimpleQueue = queue.SimpleQueue()
    jobs = iter(jobs)
    in_flight = 0
    try:
        while True:
            for job in islice(jobs, WINDOW_PER_WORKER * workers - in_flight):
                pool.apply_async(task, job, callback=done.put, error_callback=lambda e: done.put(_Failed(e)))
                in_flight += 1
            if not in_flight:
                break
            try:
                got = done.get(timeout=0.25)
            except queue.Empty:
                continue
            in_flight -= 1
            if isinstance(got, _Failed):
                raise got.error
            rows.extend(got)
            bar.update(len(got))
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def _run_packed(job, task=None):
    return (task or run_chunk)(*job)


#: seconds to wait for a Dask scheduler to answer before saying it cannot be reached
CONNECT_TIMEOUT_S = 10
#: workers of the LocalCluster started when no client or scheduler is given
DASK_LOCAL_WORKERS = 2


@contextlib.contextmanager
def dask_client(client=None, scheduler: str | None = None, workers: int | None = None):
    """A ``distributed.Client`` for a run, closed afterwards when this function opened it.

    ``client``: used as it is (e.g. a Dask Gateway cluster's ``cluster.get_client()``);
    ``scheduler``: an address (``"tcp://host:8786"``, ``"tls://..."``) or the path of a
    scheduler file (``dask scheduler --scheduler-file FILE``); an unreachable one is a
    ConfigError after :data:`CONNECT_TIMEOUT_S` seconds, before any game is played;
    neither: a LocalCluster of ``workers`` (default :data:`DASK_LOCAL_WORKERS`) worker
    *processes* of one thread each, closed (its processes ended) when the run ends or is interrupted.
    """
    if client is not None:
        yield client
        return
    import logging

    from distributed import Client, LocalCluster

    if scheduler is not None:
        where = {"scheduler_file": scheduler} if os.path.isfile(scheduler) else {"address": scheduler}
        try:
            remote = Client(**where, timeout=CONNECT_TIMEOUT_S)
        except (OSError, TimeoutError, ValueError, TypeError) as e:
            raise ConfigError(f"cannot reach the Dask scheduler at {scheduler!r} ({type(e).__name__}: {e}); "
                              "check the address (e.g. tcp://host:8786) and that the scheduler is running") from None
        try:
            yield remote
        finally:
            remote.close()
        return
    import dask

    # workers forked from a template process that ignores Ctrl-C: a terminal's Ctrl-C reaches every process of its
    # group, and a worker still starting would die of it ("Nanny failed to start"); the cluster is ours to stop
    with dask.config.set({"distributed.worker.multiprocessing-method": "forkserver"}):
        _start_worker_template()
        with ctrl_c_deferred() as hit:  # a Ctrl-C while the cluster starts stops it once it has started
            cluster = LocalCluster(n_workers=workers or DASK_LOCAL_WORKERS, threads_per_worker=1, processes=True,
                                   dashboard_address=None, silence_logs=logging.CRITICAL)
            own = Client(cluster)
            own.run(_worker_init)
        try:
            if hit:
                raise KeyboardInterrupt
            yield own
        finally:
            own.close()
            cluster.close()


def _start_worker_template() -> None:
    """Start the forkserver Dask's workers are forked from with Ctrl-C ignored, which its children inherit."""
    from multiprocessing import forkserver

    from distributed.utils import get_mp_context

    get_mp_context()  # Dask's list of modules for the template to import
    if threading.current_thread() is not threading.main_thread():
        forkserver.ensure_running()
        return
    # SIGINT blocked meanwhile, so that a Ctrl-C in this moment is not lost but delivered once the handler is back
    # (Linux never discards a blocked signal, even an ignored one)
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        forkserver.ensure_running()
    finally:
        signal.signal(signal.SIGINT, old)
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


@contextlib.contextmanager
def ctrl_c_deferred():
    """Within the block, a Ctrl-C is noted (the yielded list gets an entry) instead of raised: for a start that
    must finish before it can be undone. Only in the main thread (signals go there)."""
    hit: list[bool] = []
    if threading.current_thread() is not threading.main_thread():
        yield hit
        return
    old = signal.signal(signal.SIGINT, lambda _sig, _frame: hit.append(True))
    try:
        yield hit
    finally:
        signal.signal(signal.SIGINT, old)


def dask_slots(client) -> int:
    """Tasks the cluster runs at once now (its worker threads; at least 1, for a cluster still starting)."""
    return max(1, sum(client.nthreads().values()))


def run_dask(jobs, client, rows: Rows, bar, task=None) -> None:
    """Play the chunks on ``client`` (a ``distributed.Client``; see :func:`dask_client`).

    At most ``WINDOW_PER_WORKER`` futures per worker thread exist at a time (counted again
    every second, so a cluster that grows, such as an adaptive Dask Gateway one, gets more);
    on any exception (Ctrl-C included) the unfinished ones are cancelled. A chunk already
    running on a remote worker finishes there (Dask cannot stop a running task); its result is dropped.
    """
    from distributed import as_completed

    jobs = iter(jobs)
    pending: set = set()
    stream = as_completed()

    def top_up(window):
        for job in islice(jobs, max(0, window - len(pending))):
            fut = client.submit(_run_packed, job, task, pure=False)
            pending.add(fut)
            stream.add(fut)

    try:
        window, counted = WINDOW_PER_WORKER * dask_slots(client), time.monotonic()
        top_up(window)
        for fut in stream:
            got = fut.result()
            pending.discard(fut)
            rows.extend(got)
            bar.update(len(got))
            if time.monotonic() - counted > 1:
                window, counted = WINDOW_PER_WORKER * dask_slots(client), time.monotonic()
            top_up(window)
    finally:
        if pending:
            client.cancel(list(pending))
