"""Where the store keeps its data: SQLite (one process) or PostgreSQL (several), behind one
interface (`sql.py`); PostgreSQL's differences in `postgres_dialect.py`."""
