"""Where :func:`chililab.sim.simulate` runs its chunks: serially, in worker processes, or on Dask.

Every backend takes the jobs as an iterator (chunks are made as they are
needed, never all at once) and keeps only a bounded window of them in flight,
so a run of ten million games costs no more memory up front than a run of a
thousand. Finished rows are appended to ``rows`` as they arrive, so when Ctrl-C
(``KeyboardInterrupt``) stops a run, ``rows`` holds every game finished so far:
the backend then stops its workers (processes terminated, Dask futures
cancelled) before the interrupt goes on up. :func:`interrupt_once` keeps a
second Ctrl-C from cutting that clean-up short.
"""
from __future__ import annotations

import contextlib
import queue
import signal
import threading
from itertools import islice

from .core import run_chunk

#: chunks in flight per worker: enough to keep workers busy, few enough to stop at once
WINDOW_PER_WORKER = 2


def run_serial(jobs, rows: list, bar) -> None:
    """Play the chunks one after the other in this process."""
    for job in jobs:
        rows.extend(run_chunk(*job))
        bar.update(len(job[1]))


def _ignore_sigint():  # worker initializer: Ctrl-C is the parent's to handle (it stops the workers)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


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
    hit = []

    def first_only(_sig, _frame):
        if not hit:
            hit.append(True)
            raise KeyboardInterrupt

    old = signal.signal(signal.SIGINT, first_only)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def run_processes(jobs, workers: int, rows: list, bar) -> None:
    """Play the chunks in ``workers`` processes, at most ``WINDOW_PER_WORKER * workers`` chunks queued.

    On any exception (Ctrl-C included) the workers are terminated before it is re-raised.
    """
    import multiprocessing

    pool = multiprocessing.get_context().Pool(workers, initializer=_ignore_sigint)
    done: queue.SimpleQueue = queue.SimpleQueue()
    jobs = iter(jobs)
    in_flight = 0
    try:
        while True:
            for job in islice(jobs, WINDOW_PER_WORKER * workers - in_flight):
                pool.apply_async(run_chunk, job, callback=done.put, error_callback=lambda e: done.put(_Failed(e)))
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


def _run_packed(job):
    return run_chunk(*job)


def run_dask(jobs, client, workers: int, rows: list, bar) -> None:
    """Play the chunks on ``client`` (a ``distributed.Client``; None: a threaded LocalCluster of our own).

    At most ``WINDOW_PER_WORKER * workers`` futures exist at a time; on any exception (Ctrl-C
    included) the unfinished ones are cancelled and our own cluster is closed.
    """
    from distributed import Client, LocalCluster, as_completed

    own = client is None
    cluster = None
    if own:
        cluster = LocalCluster(processes=False, n_workers=1, threads_per_worker=max(1, workers),
                               dashboard_address=None, silence_logs=40)
        client = Client(cluster)
    jobs = iter(jobs)
    pending = set()
    try:
        window = WINDOW_PER_WORKER * max(workers, sum(client.nthreads().values()) if not own else 0)
        stream = as_completed()
        for job in islice(jobs, window):
            fut = client.submit(_run_packed, job, pure=False)
            pending.add(fut)
            stream.add(fut)
        for fut in stream:
            got = fut.result()
            pending.discard(fut)
            rows.extend(got)
            bar.update(len(got))
            for job in islice(jobs, 1):
                nxt = client.submit(_run_packed, job, pure=False)
                pending.add(nxt)
                stream.add(nxt)
    finally:
        if pending:
            client.cancel(list(pending))
        if own:
            client.close()
            cluster.close()
