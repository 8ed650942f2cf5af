"""How calm a game's channel is: messages the bot posts in the channel per Doge game year,
a 4-player game played by four people through the loopback Discord (lobby, segment
messages, pings and the result all counted; private answers are not in the channel), and
how many lines of text the channel holds at the end, per year: what a reader scrolls."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.discord_app import TableBot
from tests.discord_emulator import DiscordEmulator
from tests.e2e.driver import start_and_play_to_the_end
from tests.e2e.test_doge_game import open_table

YEARS = None  # the whole game, to its end: the first and last messages weigh as in play
SEED = 5


async def _posts_per_year(tmpdir: str) -> dict[str, float]:
    async with DiscordEmulator() as emu:
        bot = TableBot(database_path=str(Path(tmpdir) / "games.db"))
        async with emu.running(bot):
            table = await open_table(emu, bot, ["anna", "bernd", "claudia", "daniel"], 4,
                                     year_limit=YEARS, seed=SEED)
            await start_and_play_to_the_end(table)
            game = await table.game()
            years = game.state.year
            # Every message sent counts, a 🔔 ping deleted once answered too: each was a
            # send against the channel's rate limit, and a notification.
            posts = [m for m in emu.messages(emu.channel, include_ephemeral=False,
                                             include_deleted=True)
                     if m.author.id == emu.bot_user.id]
            pings = [m for m in posts if m.content.startswith("🔔")]
            kept = [m for m in posts if not m.deleted]
            edits = sum(len(m.history) for m in posts)
            lines = sum(len(m.content.splitlines()) for m in kept)
    return {"doge_channel_posts_per_year": round(len(posts) / years, 2),
            "doge_channel_pings_per_year": round(len(pings) / years, 2),
            "doge_channel_kept_per_year": round(len(kept) / years, 2),
            "doge_channel_edits_per_year": round(edits / years, 1),
            "doge_channel_lines_per_year": round(lines / years, 1)}


def run(tmpdir: str) -> dict[str, float]:
    return asyncio.run(_posts_per_year(tmpdir))


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        print(run(tmp))
