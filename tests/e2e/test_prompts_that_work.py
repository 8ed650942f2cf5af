"""Prompts that work, through the loopback Discord: a tie's prompt says what is decided
(D-11.2), how many houses each tied player may place or move, or that each says how many
palaces to build, and no rule id; a button label too long for Discord is shortened at a
word, never cut in the middle of one."""

from __future__ import annotations

from pathlib import Path

from cogs.common.table_ui import at_word
from tests.discord_emulator import DiscordEmulator
from tests.discord_emulator.fixtures import discord_emulator  # noqa: F401  (fixture)
from tests.discord_emulator.messages import walk_components
from tests.e2e.test_table_talk import Told, whole_game

DECIDED = ("each may place up to ", "each may move up to ",
           "each says how many palaces to build")


class Watching(Told):
    """Reads the channel's prompt before each turn, keeping those that ask several."""

    def begin(self) -> None:
        self.ties: list[str] = []
        self.labels: set[str] = set()

    async def before_turn(self, game) -> None:
        if game.state.phase != "placement" and \
                "Several players decide at once" in self.prompt().content:
            self.ties.append(self.prompt().content)
        for message in self.emu.messages(self.channel):  # every prompt and private panel
            self.labels.update(c["label"] for c in walk_components(message.components)
                               if c.get("label"))


async def test_a_ties_prompt_says_what_each_tied_player_decides(
        discord_emulator: DiscordEmulator, tmp_path: Path) -> None:  # noqa: F811
    emu = discord_emulator
    table, _game = await whole_game(emu, tmp_path, years=3, kind=Watching)
    assert isinstance(table, Watching)
    print("\n\n".join(table.ties))
    assert table.ties, "no tie was asked in this game: choose another seed"
    for text in table.ties:
        [line] = [line for line in text.splitlines() if "Several players" in line]
        assert any(said in line for said in DECIDED), line
        assert "(D-" not in line
    # Every label shown whole or shortened at a word (Discord keeps 80 characters).
    assert table.labels and all(len(label) <= 80 for label in table.labels)


def test_a_label_too_long_is_shortened_at_a_word() -> None:
    long = ("Move the huts of F3 (forest, 2 huts) to G4 (mountain, 1 hut) and found a "
            "village with four")
    short = at_word(long, 80)
    assert short == "Move the huts of F3 (forest, 2 huts) to G4 (mountain, 1 hut) and found a…"
    assert at_word("Take the advisor", 80) == "Take the advisor"
