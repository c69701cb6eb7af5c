"""Imported once by the template process of :mod:`chililab.forked_kernels`: what every dashboard's
kernel would import on its own, so that a forked kernel starts with it already in memory.

Only imports (no threads, no sockets, no event loop: those would not survive the fork), then
``gc.freeze()`` so that the collector never writes to these objects and their pages stay shared
between the kernels. Elsewhere (a test run importing every module of the package, say) importing this
module does nothing: importing ipykernel would replace the ``comm`` package's manager of the process.
"""
from __future__ import annotations

import gc
import importlib
import os
import sys
import types

MODULES = (
    "ipykernel.kernelapp", "ipykernel.ipkernel", "ipykernel.zmqshell", "ipykernel.comm",
    "IPython.core.interactiveshell", "ipywidgets", "comm", "chililab.forked_kernels",
    "chililab.apps.game", "chililab.apps.explorers", "chililab.apps.balance_explorer", "chililab.apps.index",
    "chililab.apps.exercises", "chililab.apps.class_teacher",
)


def _dashboards() -> list[str]:
    """Every registered game's dashboard and explorer module."""
    from chililab.engine import registry

    names = []
    for spec in registry.specs():
        for part in ("dashboard", "explorer"):
            names.append(f"{spec.package}.apps.{part}")
    return names


def kernel_started() -> None:
    """In a forked kernel, once its shell exists: the registrations these modules make when imported inside a
    running kernel (in the template there was none): the widgets' comm targets, chililab's card pictures."""
    import ipywidgets

    from chililab import display

    ipywidgets.register_comm_target()
    display.register()


def preload() -> list[str]:
    """Import what the kernels need; the modules that could not be imported (left to each kernel)."""
    missing = []
    for name in (*MODULES, *_dashboards()):
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - a kernel imports it itself, and reports its error to its page
            missing.append(name)
    gc.collect()
    gc.freeze()
    return missing


def _in_a_forkserver() -> bool:
    """Whether this import is a forkserver's preload (multiprocessing's ``forkserver.main`` is on the stack)."""
    frame: types.FrameType | None = sys._getframe(1)
    while frame is not None:
        code = frame.f_code
        if code.co_name == "main" and code.co_filename.endswith(os.path.join("multiprocessing", "forkserver.py")):
            return True
        frame = frame.f_back
    return False


MISSING = preload() if _in_a_forkserver() else None
