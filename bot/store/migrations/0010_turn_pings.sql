-- Who has been pinged for their turn in a segment message of a game's channel, and when
-- each person there was last told ahead of a turn or finished one (cogs/common/bells.py).
-- Kept here rather than in one process's memory, so whichever process shows a game's
-- next step (a click in one, a deadline in another, or after a restart) knows whether
-- someone newly asked still needs a 🔔 ping. One row per segment message: `pinged` is a
-- JSON list of user ids, `told` a JSON object of user id to time (seconds). A message
-- without a row was posted before this record existed.

CREATE TABLE turn_pings (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    message_id INTEGER NOT NULL,
    pinged     TEXT NOT NULL,
    told       TEXT NOT NULL,
    PRIMARY KEY (game_id, message_id)
) WITHOUT ROWID;
