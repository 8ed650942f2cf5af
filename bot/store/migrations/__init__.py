"""Numbered SQL migrations, NNNN_name.sql, applied in order at start-up; the number of the
last one applied is the database's `PRAGMA user_version`."""
