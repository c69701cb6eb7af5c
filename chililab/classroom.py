"""Kernel manager of ``chililab dashboards`` (plain and ``--classroom``): kernels for many visitors.

Every visitor gets a kernel of their own. :class:`ClassroomKernelManager` makes that safe when a
class arrives at once:

- **A few kernels start at a time.** At most ``start_concurrency`` kernels are starting or
  running their dashboard for the first time (their CPU-heavy minute), and of those at most
  ``refill_concurrency`` are pool refills, so a refill after a burst never takes every core and
  the clicks of the students already in are answered meanwhile (unless a visitor is waiting
  for a pool kernel still being made: then refills go at the full ``start_concurrency``). Kernels talk to the server
  over IPC sockets (``chililab.serve`` sets ``KernelManager.transport=ipc``): no TCP port is
  picked, so simultaneous starts cannot collide ("Address already in use").
- **A pool shared by the class's pages, sized to the class.** ``pool_sizes`` gives each page its share of the
  pre-heated kernels (``chililab dashboards --pool N --pages ...``), and ``kernel_cap`` stops refills once the
  server holds that many kernels (``--students``: the class and a few spares), so a pool as large as the class
  is not refilled again after the class has arrived.
- **A failed start is retried** (``start_attempts`` in all), and a pre-heated kernel that
  failed or died in the pool is never handed out: the visitor gets the next one, a fresh one,
  or, if none can be had, a short page "the class server is busy: reload in a moment"
  (HTTP 503) rather than a dashboard cut off half-way.
- **Idle kernels are culled, never a page still open, never one before its page could
  connect.** Closed tabs keep their kernel (Voila #1458), so the server culls kernels with no
  open connection after ``cull_idle_timeout`` (set by ``chililab.serve``; an open page's
  websocket keeps its kernel, ``cull_connected=False``). Jupyter's culler measures idleness
  from a kernel's last message, so a pool kernel that waited longer than the timeout would
  look idle the moment it is handed out; every kernel that has never had a connection gets
  one full idle period of grace, counted from the first cull pass that sees it outside the
  pool. Voila wraps this class with its pool logic, which skips kernels still in the pool.

Selected by ``--VoilaConfiguration.multi_kernel_manager_class`` (see :mod:`chililab.serve`);
imported only inside the Voila server process.
"""
from __future__ import annotations

import asyncio
import functools

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import ensure_async
from tornado.web import HTTPError
from traitlets import Float, Integer, List, Unicode

try:  # jupyter_server >= 2
    from jupyter_server._tz import utcnow
except ImportError:  # pragma: no cover
    from datetime import datetime, timezone

    def utcnow() -> datetime:
        return datetime.now(timezone.utc)

BUSY = "The class server is busy: reload the page in a moment."


class _Slots:
    """A counting gate whose waiters may be let through early (``bypass``) when told to look again."""

    def __init__(self, n: int):
        self.n, self.used = max(1, n), 0
        self._changed = asyncio.Condition()

    async def acquire(self, bypass=lambda: False) -> None:
        async with self._changed:
            await self._changed.wait_for(lambda: self.used < self.n or bypass())
            self.used += 1

    async def release(self) -> None:
        async with self._changed:
            self.used -= 1
            self._changed.notify_all()

    async def look_again(self) -> None:
        async with self._changed:
            self._changed.notify_all()


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Bounded, retried kernel starts; no broken pool kernel handed out; no culling before a page connects."""

    start_concurrency = Integer(2, config=True, help="kernels starting (or running their dashboard) at once")
    refill_concurrency = Integer(1, config=True, help="of those, pre-heated pool kernels being started at once")
    start_attempts = Integer(3, config=True, help="attempts to start a kernel (or hand one out) before giving up")
    settle_quiet = Float(1.0, config=True,
                         help="seconds without kernel output after which a new kernel counts as started")
    settle_limit = Float(120.0, config=True, help="longest a kernel start may hold its slot (seconds)")
    kernel_cap = Integer(0, config=True,
                         help="no pool refill while this many kernels run or start (the class plus a few spares); "
                              "0: refill after every hand-out")
    pool_sizes = List(Unicode(), config=True,
                      help="pre-heated kernels per page, 'page.ipynb=N' each (the pages not named get none); "
                           "empty: Voila's own --pool_size for every page")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._ever_connected: set[str] = set()
        self._grace_given: set[str] = set()
        self._starting = _Slots(self.start_concurrency)
        self._refilling = _Slots(self.refill_concurrency)
        self._visitors_waiting = 0  # visitors waiting for a pool kernel: refills then go at full speed
        if self.pool_sizes and hasattr(self, "kernel_pools_config"):  # Voila's pool subclass: set before it fills
            sizes = {}
            for item in self.pool_sizes:
                page, _, n = item.rpartition("=")
                sizes[page] = {"pool_size": max(0, int(n))}
            setattr(self, "kernel_pools_config", {  # noqa: B010 - Voila's pool subclass's trait
                "default": {"pool_size": 0, "kernel_env_variables": getattr(self, "default_env_variables", {})}, **sizes})
        # Voila's pool class (a subclass of this one) hands out pool kernels with get_rendered_notebook;
        # wrap it on the instance so a failed or dead pool kernel is never handed out
        pooled = getattr(type(self), "get_rendered_notebook", None)
        if pooled is not None:
            self.get_rendered_notebook = functools.partial(self._hand_out, pooled)
            fill = getattr(type(self), "fill_if_needed")  # noqa: B009 - Voila's pool subclass's, unknown to mypy
            setattr(self, "fill_if_needed", functools.partial(self._fill_within_cap, fill))  # noqa: B010

    # --- starting kernels ------------------------------------------------------------------

    # jupyter_client types the base's start_kernel as the synchronous wrapper (run_sync); an async manager's is a
    # coroutine, as jupyter_server's own AsyncMappingKernelManager.start_kernel (shutdown_kernel likewise)
    async def start_kernel(self, **kwargs):  # type: ignore[override]
        """Start a kernel when a start slot is free (pool refills: also a refill slot); retry failures.

        The slot is held until the new kernel has gone quiet (its dashboard has run), so the number
        of kernels doing their expensive first minute at once stays bounded."""
        refill = str((kwargs.get("env") or {}).get("VOILA_PREHEAT")) == "True"
        gates = [self._refilling, self._starting] if refill else [self._starting]
        taken = []
        try:
            for gate in gates:
                await gate.acquire(bypass=lambda g=gate: g is self._refilling and self._visitors_waiting > 0)
                taken.append(gate)
            kernel_id = await self._start_with_retries(**kwargs)
        except BaseException:
            for gate in taken:
                await gate.release()
            raise
        asyncio.ensure_future(self._release_when_settled(kernel_id, gates))
        return kernel_id

    async def _start_with_retries(self, **kwargs):
        for attempt in range(1, max(1, self.start_attempts) + 1):
            try:
                return await ensure_async(super().start_kernel(**kwargs))
            except Exception as e:  # noqa: BLE001 - any failed start is retried, the last one raised
                if attempt >= self.start_attempts:
                    raise
                self.log.warning("Kernel start failed (%s: %s); retrying (attempt %d of %d)",
                                 type(e).__name__, e, attempt + 1, self.start_attempts)
                await asyncio.sleep(0.5 * attempt)
        raise AssertionError("unreachable")  # pragma: no cover

    async def _release_when_settled(self, kernel_id, gates):
        loop = asyncio.get_running_loop()
        t0 = loop.time()
        try:
            while loop.time() - t0 < self.settle_limit:
                await asyncio.sleep(0.25)
                kernel = self._kernels.get(kernel_id)
                if kernel is None:
                    return
                quiet = (utcnow() - kernel.last_activity).total_seconds()
                if getattr(kernel, "execution_state", None) == "idle" and quiet >= self.settle_quiet:
                    return
        finally:
            for gate in gates:
                await gate.release()

    # --- handing out pool kernels ----------------------------------------------------------

    async def _hand_out(self, pooled, notebook_name, **kwargs):
        """Voila's get_rendered_notebook, skipping pool kernels that failed to start or died.

        While a visitor waits for a pool kernel still being made, refills are not held back."""
        self._visitors_waiting += 1
        await self._refilling.look_again()
        try:
            return await self._hand_out_alive(pooled, notebook_name, **kwargs)
        finally:
            self._visitors_waiting -= 1

    def _fill_within_cap(self, fill, delay=None, notebook_name=None, **kwargs):
        """Voila's pool refill, never beyond ``kernel_cap`` kernels on the server (running, or in a pool still
        starting): a pool sized to the class is not refilled once the class has arrived."""
        if not self.kernel_cap:
            return fill(self, delay=delay, notebook_name=notebook_name, **kwargs)
        pending = sum(1 for pool in getattr(self, "_pools", {}).values() for t in pool if not t.done())
        room = self.kernel_cap - len(self._kernels) - pending
        if room <= 0:
            self.log.info("Not refilling the pool of %s: %d kernels, the class and its spares", notebook_name,
                          self.kernel_cap)
            return None
        # Voila fills a page's pool up to its size at once: for this call, a size that starts at most `room`
        configs: dict = getattr(self, "kernel_pools_config")  # noqa: B009 - Voila's pool subclass's
        mine: dict = configs.get(notebook_name, configs.get("default", {}))
        in_pool = len(getattr(self, "_pools", {}).get(notebook_name, ()))
        limited = {**mine, "pool_size": min(mine.get("pool_size", 0), in_pool + room)}
        setattr(self, "kernel_pools_config", {**configs, notebook_name: limited})  # noqa: B010
        try:
            return fill(self, delay=delay, notebook_name=notebook_name, **kwargs)
        finally:
            setattr(self, "kernel_pools_config", configs)  # noqa: B010

    async def _hand_out_alive(self, pooled, notebook_name, **kwargs):
        for attempt in range(1, max(1, self.start_attempts) + 1):
            try:
                render_task, cache, kernel_id = await pooled(self, notebook_name, **kwargs)
            except Exception as e:  # noqa: BLE001 - a pool kernel that failed: try the next
                self.log.warning("A pre-heated kernel for %s failed (%s: %s); trying another (%d of %d)",
                                 notebook_name, type(e).__name__, e, attempt, self.start_attempts)
                # replace the lost one (fill_if_needed is Voila's pool subclass's, the only class that hands out)
                getattr(self, "fill_if_needed")(delay=0, notebook_name=notebook_name, **kwargs)  # noqa: B009
                continue
            if await self._alive(kernel_id) and not (render_task.done() and render_task.exception()):
                return render_task, cache, kernel_id
            self.log.warning("A pre-heated kernel %s for %s died in the pool; trying another",
                             kernel_id, notebook_name)
            if not render_task.done():
                render_task.cancel()
            try:
                await self.shutdown_kernel(kernel_id, now=True)
            except Exception:  # noqa: BLE001, S110 - it is gone already
                pass
        raise HTTPError(503, BUSY, reason=BUSY)

    async def _alive(self, kernel_id) -> bool:
        km = self._kernels.get(kernel_id)
        if km is None:
            return False
        try:
            return bool(await ensure_async(km.is_alive()))
        except Exception:  # noqa: BLE001 - cannot tell: treat as dead
            return False

    # --- culling ---------------------------------------------------------------------------

    def notify_connect(self, kernel_id):
        self._ever_connected.add(kernel_id)
        return super().notify_connect(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id):
        kernel = self._kernels.get(kernel_id)
        if kernel is None:
            return None
        if (kernel_id not in self._ever_connected and kernel_id not in self._grace_given
                and getattr(kernel, "execution_state", None) != "dead"):
            # first time the culler sees this kernel unpooled and never connected:
            # restart its idle clock instead of culling it
            self._grace_given.add(kernel_id)
            kernel.last_activity = utcnow()
            self.log.info("Kernel %s handed out but not connected yet: idle clock restarted", kernel_id)
            return None
        return await ensure_async(super().cull_kernel_if_idle(kernel_id))

    async def shutdown_kernel(self, kernel_id, *args, **kwargs):  # type: ignore[override]  # async: see start_kernel
        self._ever_connected.discard(kernel_id)
        self._grace_given.discard(kernel_id)
        return await ensure_async(super().shutdown_kernel(kernel_id, *args, **kwargs))
