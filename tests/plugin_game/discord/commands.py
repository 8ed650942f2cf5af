"""The `/bids` slash commands: the shared table commands, a secret bid typed as a number,
and what `/bids me`, `/bids help` and `/bids rules` say."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import N_, _, cmd
from bot.store import LoadedGame, Seat
from bot.tables.kits import DEFAULT_LEVEL
from bot.tables.timing import DEFAULT_TIMING
from cogs.common import table_components  # noqa: F401  (registers the shared handlers)
from cogs.common.game_ui import Clock, GameUi, register
from cogs.common.table_commands import (
    LEVEL_CHOICES,
    TIMING_CHOICES,
    TableCommands,
    extension,
    secrets_command,
)
from tests.plugin_game.rules.engine import MAX_PLAYERS, MIN_PLAYERS, START_COINS
from tests.plugin_game.rules.kit import KIT, coins_label


class BidsCog(TableCommands):
    game = "bids"
    bids = app_commands.Group(name="bids", description="Play Bids, a sealed-bid auction")

    @bids.command(name="new", description="Open a Bids table in this channel")
    @app_commands.describe(seats="How many players (3 to 5)",
                           timing="async (default): a day per bid; live: minutes per bid",
                           thread="Open the table in a new thread of this channel")
    @app_commands.choices(timing=TIMING_CHOICES)
    async def new(self, interaction: discord.Interaction,
                  seats: app_commands.Range[int, MIN_PLAYERS, MAX_PLAYERS] = 4,
                  timing: str = DEFAULT_TIMING, thread: bool = False) -> None:
        await self.open_table(interaction, seats, timing, thread=thread)

    @bids.command(name="addbot", description="Seat a computer player at the open table")
    @app_commands.describe(level="easy: rough bids; normal and strong: bids near a lot's worth")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def addbot(self, interaction: discord.Interaction, level: str = DEFAULT_LEVEL) -> None:
        await self.add_bot(interaction, level)

    @bids.command(name="bid", description="Bid for the lot up, in secret")
    @app_commands.describe(amount="Coins, from 0 to all you have (only you see this)")
    async def bid(self, interaction: discord.Interaction,
                  amount: app_commands.Range[int, 0, START_COINS]) -> None:
        action = {"type": "bid", "amount": amount}
        await self.act_typed(interaction, action, KIT.answered(action) or "✅",
                             as_asked=True)  # for the lot it was typed for


def secret_line(game: LoadedGame, seat: Seat) -> str:
    """What `/bids me` tells a seat: its coins and its bid for the lot up, if any."""
    view = game.engine.public_view(game.state, seat.seat)  # this seat's own bid only
    coins = coins_label(view.coins[seat.seat])
    if view.over:
        return _("You have {coins} left.", coins=coins)
    if view.own_bid is None:
        return _("You have {coins} and have not bid for lot {lot} yet.", coins=coins,
                 lot=view.lot + 1)
    return _("You have {coins}; your secret bid for lot {lot} is {bid}.", coins=coins,
             lot=view.lot + 1, bid=coins_label(view.own_bid))


show_secrets = secrets_command("bids", lambda game, seat: "🔒 " + secret_line(game, seat))


RULE_TOPICS = {
    "goal": N_("**Bids** (B-1, B-4): five lots worth 1 to 8 points come up one at a time; "
               "everyone starts with 15 coins. The most points wins; equal points share a "
               "place (B-4.1)."),
    "bidding": N_("**Bidding** (B-2, B-3): everyone bids once per lot, in secret, 0 to all "
                  "their coins. The single highest bid wins the lot and pays; a tie at the "
                  "top wins nothing and pays nothing (B-3.3). No bid by the deadline: 0."),
}


def help_text() -> str:
    return "\n".join([
        "🪙 " + _("**Bids in Discord**"),
        _("{new} opens a table (3 to 5 players); press **Join** and **Start**; {addbot} "
          "adds computer players.", new=cmd("bids new"), addbot=cmd("bids addbot")),
        _("Bid with the **Bid** button under the lot, or type {bid}: only you see your "
          "bid until everyone has bid. {me} shows your coins and your bid.",
          bid=cmd("bids bid amount:"), me=cmd("bids me")),
        _("{board} shows the board, {status} whom the lot waits for, {rules} the rules "
          "in short; {export} gives the record after the end.", board=cmd("bids board"),
          status=cmd("bids status"), rules=cmd("bids rules"), export=cmd("bids export")),
    ])


register(GameUi(
    game="bids", help_text=help_text, rule_topics=RULE_TOPICS, show_secrets=show_secrets,
    secrets_description="Your coins and your secret bid (only you see them)",
    clocks=(Clock("bid_hours", "decision_s", "Time for a bid, in hours"),)))

setup = extension(BidsCog)
