"""Shared pytest set-up. Rule clause tests name their clause ID in the test name or with
``@pytest.mark.rule("LOCO-TWIN-2")`` (tests/test_clause_coverage.py checks every clause is named)."""
