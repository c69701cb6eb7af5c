"""chililab.classroom.ClassroomKernelManager without a server: bounded starts, retries, safe hand-out.

Kernel processes are replaced by fakes (the parent class's start_kernel and Voila's pool
hand-out), so these run in a second; ``tests/test_server_load.py`` drives a real server.
"""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError

from chililab.classroom import BUSY, ClassroomKernelManager


class FakeStarts:
    """Stands in for AsyncMappingKernelManager.start_kernel: counts starts running at once, can fail."""

    def __init__(self, fail_first=0, seconds=0.05):
        self.running = self.most = self.calls = 0
        self.fail_first, self.seconds = fail_first, seconds

    async def __call__(self, manager, **kwargs):
        self.calls += 1
        self.running += 1
        self.most = max(self.most, self.running)
        try:
            await asyncio.sleep(self.seconds)
            if self.calls <= self.fail_first:
                raise RuntimeError("ZMQError: Address already in use")
            return f"kernel-{self.calls}"
        finally:
            self.running -= 1


@pytest.fixture
def starts(monkeypatch):
    def install(**kw):
        fake = FakeStarts(**kw)
        monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", lambda manager, **k: fake(manager, **k))
        return fake
    return install


def _asyncio_run(coro):
    """asyncio.run in a thread of its own (this pytest process may already run a loop, e.g. Playwright's)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def _run(coro_fn, **config):
    async def main():
        return await coro_fn(ClassroomKernelManager(**config))
    return _asyncio_run(main())


def test_kernels_start_a_few_at_a_time_and_refills_one_at_a_time(starts):
    fake = starts(seconds=0.1)

    async def arrivals(km):
        await asyncio.gather(*(km.start_kernel(env={"VOILA_PREHEAT": "False"}) for _ in range(6)))
        visitors = fake.most
        fake.most = 0
        await asyncio.sleep(0.6)  # the slots of kernels that settled (here: gone) are free again
        await asyncio.gather(*(km.start_kernel(env={"VOILA_PREHEAT": "True"}) for _ in range(4)))
        return visitors, fake.most

    visitors, refills = _run(arrivals, start_concurrency=2, refill_concurrency=1)
    assert visitors == 2
    assert refills == 1


def test_refills_go_at_full_speed_while_a_visitor_waits_for_one(starts):
    fake = starts(seconds=0.1)

    async def refills(km):
        km._visitors_waiting = 1  # a visitor took a pool kernel still being made
        await asyncio.gather(*(km.start_kernel(env={"VOILA_PREHEAT": "True"}) for _ in range(4)))
        return fake.most

    assert _run(refills, start_concurrency=2, refill_concurrency=1) == 2


def test_a_failed_start_is_retried(starts):
    fake = starts(fail_first=2)
    kernel_id = _run(lambda km: km.start_kernel(), start_attempts=3)
    assert kernel_id == "kernel-3" and fake.calls == 3


def test_a_start_failing_every_time_raises_and_frees_its_slot(starts):
    fake = starts(fail_first=99)

    async def twice(km):
        for _ in range(2):
            with pytest.raises(RuntimeError):
                await km.start_kernel()
        return fake.calls

    assert _run(twice, start_attempts=2, start_concurrency=1) == 4  # the second call was not blocked


class PoolManager(ClassroomKernelManager):
    """Voila's pool hand-out, faked: each call hands out the next scripted outcome."""

    script: list = []
    refills = 0

    async def get_rendered_notebook(self, notebook_name, **kwargs):
        outcome = self.script.pop(0)
        if isinstance(outcome, Exception):
            raise outcome
        task = asyncio.get_running_loop().create_future()
        task.set_result(([], None))
        return task, [], outcome

    def fill_if_needed(self, **kwargs):
        type(self).refills += 1

    async def _alive(self, kernel_id):
        return kernel_id.startswith("alive")

    async def shutdown_kernel(self, kernel_id, *args, **kwargs):
        self.shut = getattr(self, "shut", []) + [kernel_id]


def test_a_failed_or_dead_pool_kernel_is_never_handed_out():
    PoolManager.script = [RuntimeError("heartbeat failed"), "dead-1", "alive-2"]

    async def hand_out(km):
        _, _, kernel_id = await km.get_rendered_notebook("loco.ipynb")
        return kernel_id, km.shut

    kernel_id, shut = _asyncio_run(_in_loop(hand_out))
    assert kernel_id == "alive-2"
    assert shut == ["dead-1"]
    assert PoolManager.refills == 1  # the failed one is replaced


def test_no_working_pool_kernel_gives_the_busy_page():
    PoolManager.script = [RuntimeError("x"), "dead-1", "dead-2"]

    async def hand_out(km):
        with pytest.raises(HTTPError) as caught:
            await km.get_rendered_notebook("loco.ipynb")
        return caught.value

    error = _asyncio_run(_in_loop(hand_out))
    assert error.status_code == 503 and error.reason == BUSY


async def _in_loop(fn):
    return await fn(PoolManager(start_attempts=3))
