"""``python3 -m chililab ...`` runs the same command line as ``chililab ...``."""
import sys

from .cli import main

sys.exit(main())
