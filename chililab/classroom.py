"""Kernel manager for the shared classroom server (``chililab dashboards --classroom``).

Voila's pre-heated kernels wait in a pool until a visitor arrives. Jupyter's idle
culler measures idleness from a kernel's last message, so a pool kernel that
waited longer than ``cull_idle_timeout`` (the server was started long before the
lesson) looks idle the moment it is handed out, and the next cull pass could shut
it down before the visitor's page has opened its websocket: a broken page.

:class:`ClassroomKernelManager` gives every kernel that has never had a
connection one full idle period of grace, counted from the first cull pass that
sees it outside the pool. Kernels of closed tabs (they were connected once) are
culled exactly as before. Voila wraps this class with its pool logic, which
skips kernels still waiting in the pool.

Selected by ``--VoilaConfiguration.multi_kernel_manager_class`` (see
:mod:`chililab.serve`); imported only inside the Voila server process.
"""
from __future__ import annotations

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import ensure_async

try:  # jupyter_server >= 2
    from jupyter_server._tz import utcnow
except ImportError:  # pragma: no cover
    from datetime import datetime, timezone

    def utcnow():
        return datetime.now(timezone.utc)


class ClassroomKernelManager(AsyncMappingKernelManager):
    """AsyncMappingKernelManager that never culls a kernel before its page could connect."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._ever_connected: set[str] = set()
        self._grace_given: set[str] = set()

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

    async def shutdown_kernel(self, kernel_id, *args, **kwargs):
        self._ever_connected.discard(kernel_id)
        self._grace_given.discard(kernel_id)
        return await ensure_async(super().shutdown_kernel(kernel_id, *args, **kwargs))
