-- Core schema: guild settings, games, seats, the action log and state snapshots.
-- Times are Unix seconds (REAL). JSON columns hold text written by the store.

CREATE TABLE guild_settings (
    guild_id          INTEGER PRIMARY KEY,
    moderator_role_id INTEGER,
    default_timing    TEXT NOT NULL DEFAULT '{}',  -- JSON, meaning owned by the table service
    extra             TEXT NOT NULL DEFAULT '{}',
    updated_at        REAL NOT NULL
);

CREATE TABLE games (
    id                INTEGER PRIMARY KEY,
    game              TEXT NOT NULL,               -- engine name: doge, clans
    guild_id          INTEGER,
    channel_id        INTEGER NOT NULL,            -- channel or thread the game is played in
    parent_channel_id INTEGER,                     -- set when channel_id is a thread
    status            TEXT NOT NULL
                      CHECK (status IN ('lobby', 'active', 'finished', 'ended')),
    seed              INTEGER,                     -- NULL until the game starts
    settings          TEXT NOT NULL DEFAULT '{}',
    players           TEXT NOT NULL DEFAULT '[]',  -- PlayerSpec JSON list, fixed at start
    version           INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    state             TEXT,                        -- latest engine state JSON; NULL in a lobby
    created_by        INTEGER,
    created_at        REAL NOT NULL,
    updated_at        REAL NOT NULL,
    finished_at       REAL,
    result            TEXT,
    CHECK (status <> 'active' OR (state IS NOT NULL AND seed IS NOT NULL))
);

-- One open game (lobby or in play) per channel, whatever the code above does.
CREATE UNIQUE INDEX games_one_open_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX games_by_guild ON games (guild_id, status);
CREATE INDEX games_by_channel ON games (channel_id, status);

CREATE TABLE seats (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL CHECK (seat >= 0),
    user_id       INTEGER,                         -- Discord user; NULL for an AI seat
    name          TEXT NOT NULL,
    colour        TEXT,
    is_bot        INTEGER NOT NULL DEFAULT 0 CHECK (is_bot IN (0, 1)),
    replaced_from INTEGER,                         -- previous user when a seat changes hands
    joined_at     REAL NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

-- Append-only: one row per applied action; version is the game's version after it.
CREATE TABLE actions (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seq        INTEGER NOT NULL CHECK (seq >= 1),
    actor_id   INTEGER,                            -- Discord user; NULL for the bot
    created_at REAL NOT NULL,
    action     TEXT NOT NULL,
    events     TEXT NOT NULL DEFAULT '[]',
    version    INTEGER NOT NULL,
    idem_key   TEXT,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- A retried submission (double click, network retry) finds the first one here.
CREATE UNIQUE INDEX actions_idem ON actions (game_id, idem_key) WHERE idem_key IS NOT NULL;

CREATE TRIGGER actions_append_only_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

CREATE TRIGGER actions_append_only_delete BEFORE DELETE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

-- Full states every N actions, so loading a game replays only the tail of its log.
CREATE TABLE snapshots (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    state      TEXT NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (game_id, version)
) WITHOUT ROWID;
