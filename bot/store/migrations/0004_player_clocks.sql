-- What slow games need per seat and per person: missed deadlines in a row, time away,
-- standing orders; how each person wants to be reminded.

ALTER TABLE seats ADD COLUMN misses INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN away_until REAL;                 -- clocks paused until then
ALTER TABLE seats ADD COLUMN away_used REAL NOT NULL DEFAULT 0;  -- seconds of vacation taken
ALTER TABLE seats ADD COLUMN orders TEXT NOT NULL DEFAULT '{}';  -- standing orders (JSON)

CREATE TABLE user_prefs (
    user_id     INTEGER PRIMARY KEY,
    notify      TEXT NOT NULL DEFAULT 'mention' CHECK (notify IN ('mention', 'dm', 'off')),
    tz          TEXT NOT NULL DEFAULT 'UTC',
    quiet_start INTEGER CHECK (quiet_start BETWEEN 0 AND 23),
    quiet_end   INTEGER CHECK (quiet_end BETWEEN 0 AND 23),
    digest      INTEGER NOT NULL DEFAULT 0 CHECK (digest IN (0, 1)),
    digest_next REAL,                                  -- when the next daily digest is due
    updated_at  REAL NOT NULL
) WITHOUT ROWID;

CREATE INDEX user_prefs_digest ON user_prefs (digest_next) WHERE digest = 1;
