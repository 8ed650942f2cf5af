"""What a server's community sees of its finished games: ratings (OpenSkill,
Plackett-Luce) per server and game, leaderboards, a player's stats and history.

Floors: `outcome` and `ratings` are pure (a finished game's public view in, places and
new ratings out); the store keeps them (bot/store/ratings.py); the Discord commands and
images live in cogs/common/community.py and rendering/common/community.py.
"""
