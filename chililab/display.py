"""Rich display in notebooks: cards draw themselves as SVG, views and games as table pictures.

The engine and games layers never import drawing code (imports point down), so
each game's spec lists the types it displays (``GameSpec.display``: type ->
mime type and picture) and they are registered with IPython's display
formatters by type *name*; a game's pictures are imported only when something
is shown.
"""
from __future__ import annotations

import sys

from chililab.engine import registry


def _show(spec, picture):
    return lambda obj: spec.picture(picture)(obj)


def register(ip=None) -> bool:
    """Register every registered game's formatters with the running IPython (no-op outside IPython)."""
    if ip is None:
        mod = sys.modules.get("IPython")
        ip = mod.get_ipython() if mod is not None else None
    if ip is None:
        return False
    fmts = ip.display_formatter.formatters
    for spec in registry.specs():
        for path, (mime, picture) in spec.display.items():
            module, _, name = path.partition(":")
            fmts[mime].for_type_by_name(module, name, _show(spec, picture))
    return True
