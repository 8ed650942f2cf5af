"""Discord's contract during whole games through the loopback Discord, and a short soak.

- discord_contract_violations: requests the bot sent that Discord's published schema or
  its limits would refuse (50035, 413), during a complete 3-player Doge game played by
  buttons, ballot panels and typed commands, and during the soak below (goal 0);
- contract_checked_requests: how many request bodies were checked, for scale;
- soak_lost_steps: steps lost or doubled in a short soak (8 async tables over 12
  simulated days with restarts, RESUMEs, new IDENTIFYs and 429s, tests/e2e/soak.py);
  soak_other_problems: its late deadlines, repeated reminders and stuck games (goal 0).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.discord_app import TableBot
from tests.discord_emulator import DiscordEmulator
from tests.e2e.driver import find
from tests.e2e.soak import Soak, SoakConfig
from tests.e2e.test_doge_game import open_table


async def _whole_game(tmpdir: str) -> tuple[int, int]:
    async with DiscordEmulator() as emu:
        bot = TableBot(database_path=str(Path(tmpdir) / "game.db"))
        async with emu.running(bot):
            table = await open_table(emu, bot, ["anna", "bernd", "claudia"], 3, year_limit=1)
            table.typed_ballots.add(table.users[-1].id)
            lobby = emu.last_message(emu.channel, include_ephemeral=False)
            await table.click(table.users[1], lobby, find(lobby, "g:start:")["custom_id"])
            for _ in range(400):
                if (await table.game()).row.status != "active":
                    break
                await table.play_turn()
            await table.slash(table.users[0], "doge board")
            await table.slash(table.users[0], "doge export")
        return len(emu.contract_violations), emu.contract_checks


async def _soak(tmpdir: str, games: int, days: float) -> tuple[int, int, int, int]:
    async with DiscordEmulator() as emu:
        soak = Soak(emu, Path(tmpdir) / "soak.db", SoakConfig(games=games, days=days))
        report = await soak.run()
        others = report.late_deadlines + report.duplicate_reminders + report.stuck_games
        lost = report.lost_steps + report.doubled_steps
        return len(emu.contract_violations), emu.contract_checks, lost, others


def run(tmpdir: str, soak_games: int = 8, soak_days: float = 12) -> dict[str, int]:
    game_violations, game_checks = asyncio.run(_whole_game(tmpdir))
    soak_violations, soak_checks, lost, others = asyncio.run(
        _soak(tmpdir, soak_games, soak_days))
    return {
        "discord_contract_violations": game_violations + soak_violations,
        "contract_checked_requests": game_checks + soak_checks,
        "soak_lost_steps": lost,
        "soak_other_problems": others,
    }


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        print(run(tmp))
