"""chililab: learn three chili card games step by step, and study the probability inside them."""
import sys as _sys

from . import signing as _signing
from .games import aycc, loco, mafia  # light: engine + rules only

_signing.install()  # LOCO-SIGN-1: a won game's card goes to its sign_registry file, if it names one

__version__ = "0.1.0"

# ``import chililab.loco`` and ``from chililab.loco import X`` reach the same module (and likewise for mafia and aycc)
_sys.modules[__name__ + ".loco"] = loco
_sys.modules[__name__ + ".mafia"] = mafia
_sys.modules[__name__ + ".aycc"] = aycc

from . import display as _display  # noqa: E402

_display.register()  # only when running inside IPython / Jupyter

__all__ = ["aycc", "loco", "mafia", "__version__"]
