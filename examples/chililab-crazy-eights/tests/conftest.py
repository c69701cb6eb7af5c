"""The marker the clause tests carry, so that these tests also run outside chililab's checkout."""


def pytest_configure(config):
    config.addinivalue_line("markers", "rule(id): names the rule clause a test checks")
