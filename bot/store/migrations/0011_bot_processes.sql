-- The bot processes that share this database and the Discord shards each holds, so the
-- doctor can name a shard that no running process holds (its servers would go
-- unanswered). Each process writes its row at start and every minute (`seen_at`) and
-- removes it when it stops cleanly; a killed process's row goes stale and is removed a
-- day later. `shard_count` is NULL while a process has not yet learnt it from Discord;
-- `shard_ids` is a JSON list of the shards it holds.

CREATE TABLE bot_processes (
    name        TEXT PRIMARY KEY,   -- host:pid
    shard_count INTEGER,
    shard_ids   TEXT NOT NULL,
    started_at  REAL NOT NULL,
    seen_at     REAL NOT NULL
) WITHOUT ROWID;
