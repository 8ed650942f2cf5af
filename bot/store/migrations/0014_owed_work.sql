-- Work owed after a commit (bot/store/after_commit.py): a step that leaves work for
-- after its transaction (rating a finished game, keeping a posted reminder) writes a row
-- here in that same transaction, or before it talks to Discord; the work removes the row
-- in its own transaction once done. A row still here was not done: it is tried again at
-- start-up and at every tick of the table clock.

CREATE TABLE owed_work (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    game_id INTEGER REFERENCES games (id) ON DELETE CASCADE,
    detail TEXT NOT NULL DEFAULT '{}',
    created_at REAL NOT NULL
);

CREATE INDEX owed_work_by_game ON owed_work (game_id);

-- Finished games no update ever rated (a refused write after the finish): owed now.
INSERT INTO owed_work (kind, game_id, detail, created_at)
SELECT 'rate', g.id, '{}', ifnull(g.finished_at, 0.0) FROM games AS g
WHERE g.status = 'finished'
  AND NOT EXISTS (SELECT 1 FROM rated_games AS r WHERE r.game_id = g.id);
