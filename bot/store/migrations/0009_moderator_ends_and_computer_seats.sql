-- What the ratings and stats need to know besides places (bot/store/ratings.py):
-- whether a moderator ended a finished game (ranked as it stood, D-9.3, but never a
-- win), and whether the computer ever played a seat that a person holds at the end (a
-- moderator kicked its player, then handed it to someone): such a game had a computer
-- player, as one whose seat the computer kept.

ALTER TABLE rated_games ADD COLUMN by_moderator INTEGER NOT NULL DEFAULT 0 CHECK (by_moderator IN (0, 1));

-- Exact for the games not rated because of it; one rated although a moderator ended it
-- (the server counts those) is found again by `python -m bot ratings --rebuild`.
UPDATE rated_games SET by_moderator = 1 WHERE reason = 'ended by a moderator';

ALTER TABLE seats ADD COLUMN computer_played INTEGER NOT NULL DEFAULT 0 CHECK (computer_played IN (0, 1));
