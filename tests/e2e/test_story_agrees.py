"""The story never contradicts itself, read through the loopback Discord in a whole
4-player game with a year limit: the limit is said before the game ends by it (D-9.3),
`/doge status` states each end once, a Quarantia taker who takes none at one choice is not
said to abstain before taking one at the next (D-7.1), and the last year's end is not told
as the markers' return just before the game is over."""

from __future__ import annotations

from pathlib import Path

from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.e2e.test_table_talk import Told, whole_game


class Asking(Told):
    """Asks `/doge status` once the elections have begun, as a player would."""

    def begin(self) -> None:
        self.status = ""

    async def before_turn(self, game) -> None:
        if not self.status and game.state.phase != "placement":
            handle = await self.emu.slash(self.users[0], self.channel, "doge status", {})
            self.status = (await handle.wait()).content


async def test_the_story_agrees_with_itself(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    table, game = await whole_game(emu, tmp_path, years=3, kind=Asking)
    assert isinstance(table, Asking)
    print(table.status)
    messages = emu.messages(emu.channel, include_ephemeral=False)
    # D-9.3: the year limit is said in the lobby and in the status, once each; the
    # stalemate end (D-9.4), which cannot come before it, is not said at all in play.
    assert [r.content.count("the game ends after year 3") for r in messages[0].history
            if "a table for" in r.content] == [1] * 4  # (each seat taken, then started)
    assert table.status.count("the game ends after year 3") == 1
    assert "(D-9.4)" not in table.status
    lines = "\n".join(m.content for m in messages).splitlines()
    for upper, lower in zip(lines, lines[1:], strict=False):
        name = upper.removesuffix(" abstains.")
        assert upper == name or not lower.startswith(f"{name} takes Quarantia"), (upper, lower)
    # The game ends with its year: no markers returning for a year that never comes.
    over = next(i for i, line in enumerate(lines) if line.startswith("🏁 Game over"))
    assert lines[over - 2] == "Year 3 ends." and lines[over - 1] == ""
    assert not any("cards return" in line for line in lines)
    assert "the year limit was reached" in lines[over]
