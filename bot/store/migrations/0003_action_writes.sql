-- One statement per game action. Inserting a row into the action_writes view checks that
-- the game is active and at the version before this one, then appends the action, moves
-- the game row to the new version and state (finishing it if the action ended the game),
-- writes a snapshot when asked and clears a finished game's deadlines. A single statement
-- is atomic on its own and lets the store send one statement instead of five; it also
-- means the schema, not only the code, keeps the log and the game row in step.

CREATE VIEW action_writes AS
SELECT a.game_id, a.version, a.actor_id, a.created_at, a.action, a.events, a.idem_key,
       g.state AS state, 0 AS snapshot, 0 AS finished, g.result AS result
FROM actions AS a JOIN games AS g ON g.id = a.game_id;

CREATE TRIGGER action_writes_insert INSTEAD OF INSERT ON action_writes
BEGIN
    SELECT RAISE(ABORT, 'action_writes: game moved on')
    WHERE NOT EXISTS (
        SELECT 1 FROM games
        WHERE id = NEW.game_id AND version = NEW.version - 1 AND status = 'active'
    );
    UPDATE games SET version = NEW.version, state = NEW.state, updated_at = NEW.created_at
    WHERE id = NEW.game_id;
    -- Apart, so that ordinary moves do not touch the indexes over status.
    UPDATE games SET status = 'finished', finished_at = NEW.created_at, result = NEW.result
    WHERE NEW.finished AND id = NEW.game_id;
    INSERT INTO actions (game_id, seq, actor_id, created_at, action, events, version, idem_key)
    VALUES (NEW.game_id, NEW.version, NEW.actor_id, NEW.created_at, NEW.action, NEW.events,
            NEW.version, NEW.idem_key);
    INSERT INTO snapshots (game_id, version, state, created_at)
    SELECT NEW.game_id, NEW.version, NEW.state, NEW.created_at
    WHERE NEW.snapshot OR NEW.finished;
    DELETE FROM deadlines WHERE NEW.finished AND game_id = NEW.game_id;
END;
