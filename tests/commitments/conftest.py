"""The store on SQLite and on PostgreSQL, as in tests/store."""

from tests.store.conftest import backend, db_path  # noqa: F401  (fixtures)
