-- The web pages of games and servers (bot/web/): each has an unguessable token, made the
-- first time a link to it is given, which names it in its address (/g/<token>,
-- /s/<token>); the game's own number never does. And the key that signs a player's
-- private links, made once and shared by every process that serves pages.

CREATE TABLE game_pages (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    token TEXT NOT NULL UNIQUE
);

CREATE TABLE server_pages (
    guild_id INTEGER PRIMARY KEY,
    token TEXT NOT NULL UNIQUE
);

CREATE TABLE web_keys (
    name TEXT PRIMARY KEY,
    secret TEXT NOT NULL
);
