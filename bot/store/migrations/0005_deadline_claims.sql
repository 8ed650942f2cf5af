-- Several processes may share one database (PostgreSQL). A process claims the deadlines
-- it is about to handle, naming itself and until when, so each deadline is handled by
-- one process only; the claim of a process that died runs out and the row is claimed
-- again. Moving a deadline clears its claim.

ALTER TABLE deadlines ADD COLUMN claimed_by TEXT;
ALTER TABLE deadlines ADD COLUMN claimed_until REAL;
