"""The `/bids` slash commands: the shared table commands, a secret bid typed as a number,
and what `/bids me`, `/bids help` and `/bids rules` say."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import N_, _, cmd
from bot.store import LoadedGame, Seat
from cogs.common import table_components  # noqa: F401  (registers the shared handlers)
from cogs.common.game_ui import Clock, GameUi, game_help, register
from cogs.common.lobby_commands import lobby_commands
from cogs.common.table_commands import TableCommands, extension, secrets_command
from tests.plugin_game.rules.engine import MAX_PLAYERS, MIN_PLAYERS, START_COINS
from tests.plugin_game.rules.kit import coins_label


class BidsCog(TableCommands):
    game = "bids"
    bids = app_commands.Group(name="bids", description="Play Bids, a sealed-bid auction")

    new, addbot = lobby_commands(
        bids, title="Bids", seats=(MIN_PLAYERS, MAX_PLAYERS), default=4,
        pace="async (default): a day per bid; live: minutes per bid",
        levels="easy: rough bids; normal and strong: bids near a lot's worth")

    @bids.command(name="bid", description="Bid for the lot up, in secret")
    @app_commands.describe(amount="Coins, from 0 to all you have (only you see this)")
    async def bid(self, interaction: discord.Interaction,
                  amount: app_commands.Range[int, 0, START_COINS]) -> None:
        action = {"type": "bid", "amount": amount}
        await self.act_typed(interaction, action, as_asked=True)  # for the lot it was typed for


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


def own_help() -> list[str]:
    """What `/bids help` says after how a table opens (`game_help`)."""
    bid, me = cmd("bids bid amount:"), cmd("bids me")
    commands = {"board": cmd("bids board"), "status": cmd("bids status"),
                "rules": cmd("bids rules"), "export": cmd("bids export")}
    return [_("Bid with the **Bid** button under the lot, or type {bid}: only you see your "
              "bid until everyone has bid. {me} shows your coins and your bid.", bid=bid,
              me=me),
            _("{board} shows the board, {status} whom the lot waits for, {rules} the rules "
              "in short; {export} gives the record after the end.", **commands)]


register(GameUi(
    game="bids", help_text=game_help("bids", own_help), rule_topics=RULE_TOPICS,
    show_secrets=show_secrets,
    secrets_description="Your coins and your secret bid (only you see them)",
    clocks=(Clock("bid_hours", "decision_s", "Time for a bid, in hours"),)))

setup = extension(BidsCog)
