"""The `/ladder` slash commands: the shared lobby and table commands, a card laid by
typing it, and what `/ladder me`, `/ladder help` and `/ladder rules` say."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import N_, _, cmd
from bot.store import LoadedGame, Seat
from cogs.common import table_components  # noqa: F401  (registers the shared handlers)
from cogs.common.game_ui import Clock, GameUi, game_help, register
from cogs.common.lobby_commands import lobby_commands
from cogs.common.table_commands import TableCommands, extension, secrets_command
from tests.ladder_game.rules.engine import DECK, LAY, MAX_PLAYERS, MIN_PLAYERS


class LadderCog(TableCommands):
    game = "ladder"
    ladder = app_commands.Group(name="ladder", description="Play Ladder, a card game of "
                                                           "turns and hidden hands")
    new, addbot = lobby_commands(
        ladder, title="Ladder", seats=(MIN_PLAYERS, MAX_PLAYERS),
        pace="async (default): a day per turn; live: minutes per turn",
        levels="easy: any card; normal and strong: the lowest card that climbs")

    @ladder.command(name="lay", description="Lay a card of your hand on your turn")
    @app_commands.describe(card="The card, as your hand shows it (/ladder me)")
    async def lay(self, interaction: discord.Interaction,
                  card: app_commands.Range[int, DECK.start, DECK.stop - 1]) -> None:
        action = {"type": LAY, "card": card}
        await self.act_typed(interaction, action)


def hand_line(game: LoadedGame, seat: Seat) -> str:
    """What `/ladder me` tells a seat: its own hand (L-1.2)."""
    hand = game.engine.public_view(game.state, seat.seat).hand
    if not hand:
        return _("Your hand is empty.")
    return _("Your hand: {cards}.", cards=", ".join(str(card) for card in hand))


RULE_TOPICS = {
    "goal": N_("**Ladder** (L-1, L-3): everyone holds four of the cards 1 to 24, hidden; "
               "lay them one a turn. The most rungs wins; equal rungs share a place."),
    "turns": N_("**A turn** (L-2): lay one card of your hand at the end of the row. Higher "
                "than the row's last card: a rung, one point. No card by the deadline: the "
                "table lays your lowest."),
    "secrets": N_("**Hidden** (L-1.2): only you see your hand (`/ladder me`); everyone sees "
                  "how many cards you hold, and each card once it is laid."),
}


def own_help() -> list[str]:
    lay, me = cmd("ladder lay card:"), cmd("ladder me")
    board, rules = cmd("ladder board"), cmd("ladder rules")
    return [_("On your turn press **Lay a card** under the game's message, or type {lay}; "
              "{me} shows your hand to you alone.", lay=lay, me=me),
            _("{board} shows the board, {rules} the rules in short.", board=board, rules=rules)]


register(GameUi(
    game="ladder", help_text=game_help("ladder", own_help), rule_topics=RULE_TOPICS,
    show_secrets=secrets_command("ladder", lambda game, seat: "🔒 " + hand_line(game, seat)),
    secrets_description="Your hand of cards (only you see it)",
    clocks=(Clock("turn_hours", "decision_s", "Time for a turn, in hours"),)))

setup = extension(LadderCog)
