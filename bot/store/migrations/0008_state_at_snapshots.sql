-- The games row keeps the state of the game's latest snapshot, not of every action: an
-- action appends its row to the log and moves the version on; the state is written with
-- each snapshot (every N actions, and when the game ends), and state_version says which
-- version it is. Loading replays the few actions after it. An action no longer carries
-- the whole state, which was most of its cost.

ALTER TABLE games ADD COLUMN state_version INTEGER;

UPDATE games SET state_version = version WHERE state IS NOT NULL;

DROP TRIGGER action_writes_insert;

CREATE TRIGGER action_writes_write INSTEAD OF INSERT ON action_writes
BEGIN
    SELECT RAISE(ABORT, 'action_writes: game moved on')
    WHERE NOT EXISTS (
        SELECT 1 FROM games
        WHERE id = NEW.game_id AND version = NEW.version - 1 AND status = 'active'
    );
    UPDATE games SET version = NEW.version, updated_at = NEW.created_at
    WHERE id = NEW.game_id;
    UPDATE games SET state = NEW.state, state_version = NEW.version
    WHERE (NEW.snapshot OR NEW.finished) AND id = NEW.game_id;
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
