"""chililab: learn three chili card games step by step, and study the probability inside them."""
__version__ = "0.1.0"

from .games import loco  # noqa: E402,F401  (light: engine + rules only)

__all__ = ["loco", "__version__"]
