-- Ratings per server and game (bot/community). Every finished game is looked at once, in
-- the order games finished: rated_games says whether it counted (and why not), fixed when
-- it is first looked at, so a later change of the server's setting does not rewrite the
-- past; game_places holds each seat's place and what it is known for, and the rating a
-- person had after the game; ratings holds each person's current rating and totals.
-- Everything here can be recomputed from the games (python -m bot ratings --rebuild).

CREATE TABLE rated_games (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    guild_id    INTEGER,
    game        TEXT NOT NULL,
    finished_at REAL NOT NULL,
    rated       INTEGER NOT NULL CHECK (rated IN (0, 1)),
    reason      TEXT,                              -- why it was not rated
    PRIMARY KEY (game_id)
);

CREATE INDEX rated_games_in_order ON rated_games (guild_id, game, finished_at, game_id);

CREATE TABLE game_places (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER,                           -- NULL: a computer seat
    name        TEXT NOT NULL,
    place       INTEGER NOT NULL CHECK (place >= 1),
    tally       TEXT NOT NULL DEFAULT '{}',        -- JSON: district or terrain -> count
    mu_after    REAL,                              -- NULL unless the game was rated
    sigma_after REAL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

CREATE INDEX game_places_by_user ON game_places (user_id, game_id) WHERE user_id IS NOT NULL;

CREATE TABLE ratings (
    guild_id     INTEGER NOT NULL,
    game         TEXT NOT NULL,
    user_id      INTEGER NOT NULL,
    name         TEXT NOT NULL,                    -- the seat's name in the last rated game
    mu           REAL NOT NULL,
    sigma        REAL NOT NULL,
    games        INTEGER NOT NULL,
    wins         INTEGER NOT NULL,
    place_sum    INTEGER NOT NULL,
    last_game_id INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
) WITHOUT ROWID;
