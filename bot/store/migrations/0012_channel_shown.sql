-- What each game's channel shows: the game's version when its messages were last brought
-- up to date (cogs/common/catch_up.py). A step commits before it is shown, so a process
-- that dies in between leaves the game's version ahead of this row; whichever process holds
-- the game's server then shows what is owed at its start or reconnect. Games existing when
-- this record began count as shown; a game without a row has never been shown.

CREATE TABLE channel_shown (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version INTEGER NOT NULL
);

INSERT INTO channel_shown (game_id, version) SELECT id, version FROM games;
