-- What the table service needs around a game: per-seat preferences, deadlines with their
-- reminders, the ids of the bot's messages, and the moderators' audit log.

ALTER TABLE seats ADD COLUMN notify TEXT NOT NULL DEFAULT 'mention';
ALTER TABLE seats ADD COLUMN autopilot INTEGER NOT NULL DEFAULT 0 CHECK (autopilot IN (0, 1));

CREATE TABLE deadlines (
    id               INTEGER PRIMARY KEY,
    game_id          INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat             INTEGER,                      -- NULL: the deadline concerns the table
    kind             TEXT NOT NULL,
    due_at           REAL,                         -- NULL while paused
    stages_sent      INTEGER NOT NULL DEFAULT 0,   -- bit i set once reminder stage i went out
    paused_remaining REAL,                         -- seconds left when paused
    created_at       REAL NOT NULL,
    CHECK ((due_at IS NULL) <> (paused_remaining IS NULL))
);

-- One deadline per (game, seat, kind); ifnull so that table-wide deadlines are unique too.
CREATE UNIQUE INDEX deadlines_slot ON deadlines (game_id, ifnull(seat, -1), kind);
CREATE INDEX deadlines_due ON deadlines (due_at) WHERE due_at IS NOT NULL;

CREATE TABLE bot_messages (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,                      -- board, status, prompt:2, lobby, ...
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    updated_at REAL NOT NULL,
    PRIMARY KEY (game_id, kind)
) WITHOUT ROWID;

CREATE INDEX bot_messages_by_message ON bot_messages (message_id);

CREATE TABLE audit_log (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER,
    game_id      INTEGER REFERENCES games (id) ON DELETE SET NULL,
    moderator_id INTEGER NOT NULL,
    action       TEXT NOT NULL,
    detail       TEXT,
    created_at   REAL NOT NULL
);

CREATE INDEX audit_by_guild ON audit_log (guild_id, id);
CREATE INDEX audit_by_game ON audit_log (game_id, id) WHERE game_id IS NOT NULL;
