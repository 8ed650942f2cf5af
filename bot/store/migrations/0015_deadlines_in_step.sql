-- The version each running game's deadlines were last brought in step at
-- (bot/tables/clock.py `sync`, the after-commit handler `deadlines`): written in the
-- transaction that changes the deadlines, so a game whose version is ahead of this row
-- has a step whose deadlines and reminders are still owed (a refused write, a crash
-- after the step's commit), and the table clock's next tick brings them in step. A game
-- without a row was never brought in step by a table (started by a tool): nothing owed.
-- Running games count as in step when this record begins; start-up brings them in step.

CREATE TABLE deadlines_in_step (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version INTEGER NOT NULL
);

INSERT INTO deadlines_in_step (game_id, version)
SELECT id, version FROM games WHERE status = 'active';
