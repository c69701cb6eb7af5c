# The class store's Alembic scripts run only inside a migration (chililab.classes.store.Store.migrate): pytest's
# --doctest-modules must not import them alone.
collect_ignore = ["migrations"]
