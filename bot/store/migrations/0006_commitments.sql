-- Commitments to Doge's face-down stacks (D-3.3, D-10). When a placement round is
-- revealed, the SHA-256 of each new stack's values and a random salt is published; the
-- salt is shown when the area's election reveals the values, so anyone can check them.
-- The rows are written in the transaction of the action that revealed the round
-- (`version`): a revealed round always has them, and one row per stack means a retried
-- action can never make a second salt. Undo removing that action removes them too.

CREATE TABLE commitments (
    game_id    INTEGER NOT NULL,
    year       INTEGER NOT NULL CHECK (year >= 1),
    area       TEXT NOT NULL,
    seat       INTEGER NOT NULL CHECK (seat >= 0),
    version    INTEGER NOT NULL,                   -- the action that revealed the round
    markers    TEXT NOT NULL,                      -- JSON list of the values, highest first
    salt       TEXT NOT NULL,                      -- 32 hex digits
    sha256     TEXT NOT NULL,                      -- 64 hex digits
    created_at REAL NOT NULL,
    PRIMARY KEY (game_id, year, area, seat),
    FOREIGN KEY (game_id, version) REFERENCES actions (game_id, seq) ON DELETE CASCADE
) WITHOUT ROWID;
