"""The marker the clause tests carry, so that these tests also run outside chililab's checkout."""

import importlib.util


def pytest_configure(config):
    config.addinivalue_line("markers", "rule(id): names the rule clause a test checks")


# chililab's own suite collects this folder too (its testpaths): where this package is not installed there is
# nothing here to test, so nothing is collected (chililab's .ci/run installs it, and runs these).
if importlib.util.find_spec("chililab_crazy_eights") is None:
    collect_ignore_glob = ["*.py"]
