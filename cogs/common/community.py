"""`/doge` and `/clans` leaderboard, stats, history and recap: one implementation,
registered onto both games' command groups from here (`setup`). The numbers come from
the store (bot/store/standings.py), the images from rendering/common/community.py and
rendering/common/recap.py; each image goes with a short text for screen readers.

`recap_attachment(service, game)` is the animated recap of a finished game, for the
message that announces the end of the game."""

from __future__ import annotations

import asyncio
import io
import logging
from datetime import UTC, datetime
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.community.recap import Scene, scenes
from bot.community.stats import change_text, history, player_stats
from bot.games.community import community_of
from bot.games.wording import ordinal, user_text
from bot.i18n import N_, _, _n, cmd, current_language, number, speaking
from bot.store import FINISHED, GameRow, LoadedGame, StoreError
from bot.tables.kits import get_kit
from bot.tables.service import TableService
from cogs.common.game_ui import GameGroupsCog
from cogs.common.public_posts import public_refused
from cogs.common.table_components import display_name, tables
from cogs.common.ui import channel_language, refuse, tell
from rendering.common.community import (
    favourite_name,
    render_async,
    render_leaderboard,
    render_stats,
)
from rendering.common.recap import render_recap_async

log = logging.getLogger(__name__)

# The look-ups answer privately unless asked to post for everyone.
PUBLIC = "Post the answer in the channel for everyone (default: only you see it)"
PAGE = 10
HISTORY_LINES = 10
MAX_UPLOAD = 8 * 1024 * 1024  # Discord's attachment limit without boosts
NO_PINGS = discord.AllowedMentions.none()
PER_SERVER = N_("Ratings and stats are kept per server: use this command in a server.")


async def recap_scenes(service: TableService,
                       game: LoadedGame | int) -> tuple[LoadedGame, list[Scene]] | None:
    """A finished game and its recap's scenes, or None when it has none (not finished,
    no election or village). Quick (a replay, no drawing), so a command can know before
    it answers in public. Seats handed on show their last holder's name, as the table
    does (`shown_players`)."""
    loaded = await service.load(game) if isinstance(game, int) else game
    if loaded.row.status != FINISHED:
        return None
    record = await service.store.records.export_game(loaded.id)
    record["players"] = [p.to_json() for p in loaded.shown_players]  # names only: no rule
    found = await asyncio.to_thread(scenes, record)
    return (loaded, found) if found else None


async def recap_file(loaded: LoadedGame, found: list[Scene]) -> discord.File | None:
    """The recap's GIF drawn from its scenes, or None when it is too large to post."""
    data = await render_recap_async(loaded.row.game, found)
    if len(data) > MAX_UPLOAD:
        log.warning("game %s: the recap is %d bytes, too large to post", loaded.id, len(data))
        return None
    return discord.File(io.BytesIO(data), filename=f"{loaded.row.game}-recap-{loaded.id}.gif",
                        description=recap_description(loaded.row.game, loaded.id, len(found)))


async def recap_attachment(service: TableService, game: LoadedGame | int) -> discord.File | None:
    """The animated recap (GIF) of a finished game, or None when it has none (not
    finished, no election or village, or too large to post)."""
    found = await recap_scenes(service, game)
    return None if found is None else await recap_file(*found)


def recap_description(game: str, game_id: int, scenes: int) -> str:
    """The recap's text for screen readers: what each frame shows."""
    return community_of(game).recap_description(get_kit(game).title, game_id, scenes)


async def answer_language(interaction: discord.Interaction, public: bool) -> str:
    """A look-up answers its asker alone, in their Discord's language; with `public`
    the whole channel, in the server's."""
    return await channel_language(interaction) if public else current_language()


def link(guild_id: int | None, message: tuple[int, int] | None) -> str | None:
    if guild_id is None or message is None:
        return None
    return f"https://discord.com/channels/{guild_id}/{message[0]}/{message[1]}"


async def leaderboard(interaction: discord.Interaction, game: str, page: int,
                      public: bool = False) -> None:
    if interaction.guild_id is None:
        return await refuse(interaction, _(PER_SERVER))
    store = tables(interaction).store
    rows, total = await store.ratings.top(interaction.guild_id, game, limit=PAGE,
                                          offset=(page - 1) * PAGE)
    title = get_kit(game).title
    if not rows and page > 1:
        return await refuse(interaction, _n(
            "The {title} leaderboard has {n} player: page {page} is empty.",
            "The {title} leaderboard has {n} players: page {page} is empty.", total,
            title=title, page=page))
    await interaction.response.defer(thinking=True, ephemeral=not public)
    with speaking(await answer_language(interaction, public)):
        png = await render_async(render_leaderboard, game, rows, total)
        lines = [_("🏆 **{title} leaderboard** — rated games only. The score is a careful "
                   "guess at skill: it starts at 0 and grows as you win.",
                   title=title)]
        lines += [_("{rank}. {name} — {score} · {games} · {wins} · average place {average}",
                    rank=r.rank, name=user_text(r.name), score=number(r.score, 1),
                    games=games_text(r.games), wins=wins_text(r.wins),
                    average=number(r.average_place, 2)) for r in rows]
        if not rows:
            lines.append(_("No rated {title} game in this server yet.", title=title))
        description = _("{title} leaderboard, page {page}", title=title, page=page)
    await tell(interaction, "\n".join(lines)[:1990], ephemeral=not public,
               allowed_mentions=NO_PINGS,
               file=discord.File(io.BytesIO(png), filename=f"{game}-leaderboard.png",
                                 description=description))


def games_text(n: int) -> str:
    return _n("{n} game", "{n} games", n)


def wins_text(n: int) -> str:
    return _n("{n} win", "{n} wins", n)


async def _player(interaction: discord.Interaction, game: str,
                  player: discord.User | discord.Member | None
                  ) -> tuple[Any, list[Any], str] | None:
    """The player's standing, finished games (oldest first) and name; None once refused
    (not in a server, or no finished game). The name is the member's own, as Discord
    gives it now: a game's seat may have been named for someone else."""
    if interaction.guild_id is None:
        await refuse(interaction, _(PER_SERVER))
        return None
    who = player or interaction.user
    store = tables(interaction).store
    standing = await store.ratings.standing(interaction.guild_id, game, who.id)
    games = await store.ratings.played_games(interaction.guild_id, game, who.id)
    name = display_name(who)  # as a seat is named when its player joins
    if not games:
        await refuse(interaction, _("{name} has no finished {title} game in this server yet.",
                                    name=user_text(name), title=get_kit(game).title))
        return None
    return standing, games, name


async def stats(interaction: discord.Interaction, game: str,
                player: discord.User | discord.Member | None, public: bool = False) -> None:
    found = await _player(interaction, game, player)
    if found is None:
        return
    standing, games, name = found
    assert interaction.guild_id is not None
    title = get_kit(game).title
    await interaction.response.defer(thinking=True, ephemeral=not public)
    summary = player_stats(standing, games)
    _rows, total = await tables(interaction).store.ratings.top(interaction.guild_id, game, limit=0)
    with speaking(await answer_language(interaction, public)):
        png = await render_async(render_stats, game, name, summary, total)
        lines = [rating_line(user_text(name), title, standing, total)]
        if summary.played:  # the rated games, as the leaderboard counts them
            lines.append(record_line(game, summary))
        if summary.unrated or summary.by_moderator:
            lines.append(uncounted_line(summary))
        lines.append(_("Last games:"))
        lines += [_line(interaction.guild_id, game, h) for h in summary.last]
        description = _("{title} stats of {name}", title=title, name=name)
    await tell(interaction, "\n".join(lines)[:1990], ephemeral=not public,
               allowed_mentions=NO_PINGS,
               file=discord.File(io.BytesIO(png), filename=f"{game}-stats.png",
                                 description=description))


def rating_line(name: str, title: str, standing: Any, total: int) -> str:
    if standing is None:
        return _("📊 **{name}** at {title}: not rated yet.", name=name, title=title)
    return _n("📊 **{name}** at {title}: score {score}, {rank} of {total}, "
              "{n} rated game.",
              "📊 **{name}** at {title}: score {score}, {rank} of {total}, "
              "{n} rated games.", standing.games, name=name, title=title,
              score=number(standing.score, 1), rank=ordinal(standing.rank), total=total)


def record_line(game: str, summary: Any) -> str:
    """Games, wins, average place and what the player built most."""
    values = {"games": games_text(summary.played), "wins": wins_text(summary.wins),
              "average": number(summary.average_place, 2)}
    if summary.favourite is None:
        return _("{games}, {wins}, average place {average}.", **values)
    shown = favourite_name(game, summary.favourite, starts=False)
    # The game words what its tallies count (bot/games/<game>/community.py).
    return _("{games}, {wins}, average place {average}, {label} {favourite}.",
             label=_(community_of(game).favourite_label), favourite=shown, **values)


def uncounted_line(summary: Any) -> str:
    """What the numbers above leave out: games not rated, and games a moderator ended
    (ranked as they stood, D-9.3, but nobody's win)."""
    parts = []
    if summary.unrated and summary.voided:  # say why, where a moderator decided it
        parts.append(_n("Not rated: {n} game ({voided} voided by a moderator).",
                        "Not rated: {n} games ({voided} voided by a moderator).",
                        summary.unrated, voided=summary.voided))
    elif summary.unrated:
        parts.append(_n("Not rated: {n} game.", "Not rated: {n} games.", summary.unrated))
    if summary.by_moderator:
        parts.append(_n("{n} game ended by a moderator: ranked as it stood, never counted "
                        "as a win.",
                        "{n} games ended by a moderator: ranked as they stood, never "
                        "counted as a win.", summary.by_moderator))
    return " ".join(parts)


def _line(guild_id: int, game: str, h: Any) -> str:
    g = h.game
    change = change_text(h)  # a game a moderator voided says so
    if g.by_moderator:
        change = _("{change}, ended by a moderator", change=change)
    where = link(guild_id, g.record_message)
    if where:
        record = _("[record]({link})", link=where)
    elif g.last_in_channel:  # `export` gives the channel's last game only
        record = _("record: {export} in {channel}", export=cmd(f"{game} export"),
                   channel=f"<#{g.channel_id}>")
    else:
        record = _("record: no link known (played in {channel})", channel=f"<#{g.channel_id}>")
    return _("• Game {game}, {day}: {place} of {seats}, {change} — {record}", game=g.game_id,
             day=f"<t:{int(g.finished_at)}:d>", place=ordinal(g.place), seats=g.seats,
             change=change, record=record)


async def show_history(interaction: discord.Interaction, game: str,
                       player: discord.User | discord.Member | None,
                       public: bool = False) -> None:
    found = await _player(interaction, game, player)
    if found is None:
        return
    _standing, games, name = found
    assert interaction.guild_id is not None
    title = get_kit(game).title
    with speaking(await answer_language(interaction, public)):
        lines = [_n("📜 **{name}**'s only finished {title} game so far:",
                    "📜 **{name}**'s last {title} games ({n} in all), newest first:",
                    len(games), name=user_text(name), title=title)]
        lines += [_line(interaction.guild_id, game, h) for h in history(games)[:HISTORY_LINES]]
    await interaction.response.send_message("\n".join(lines)[:1990], allowed_mentions=NO_PINGS,
                                            suppress_embeds=True, ephemeral=not public)


async def recap(interaction: discord.Interaction, game: str, game_id: int | None,
                public: bool = False) -> None:
    service = tables(interaction)
    finished = await service.store.games.list_games(channel_id=interaction.channel_id,
                                                    status=FINISHED, game=game, limit=1000)
    title = get_kit(game).title
    chosen = next((g for g in finished if game_id is None or g.id == game_id), None)
    if chosen is None:
        return await refuse(interaction, _("This channel has no finished {title} game.",
                                           title=title) if game_id is None else
                            _("This channel has no finished game {game} of {title}.",
                              game=game_id, title=title))
    language = await answer_language(interaction, public)  # of the captions too
    try:  # before answering: a game with no recap is refused to the asker alone
        with speaking(language):
            found = await recap_scenes(service, chosen.id)
    except StoreError as exc:
        return await refuse(interaction, _("No recap of game {game}: {problem}.",
                                           game=chosen.id, problem=str(exc)))
    if found is None:
        return await refuse(interaction, _("Game {game} has no recap to show.", game=chosen.id))
    await interaction.response.defer(thinking=True, ephemeral=not public)
    with speaking(language):
        file = await recap_file(*found)
        if file is None:  # too large: rare enough to say so where the recap would have been
            return await tell(interaction, _("Game {game}'s recap is too large to post.",
                                             game=chosen.id), ephemeral=not public)
    await tell(interaction, f"🎞️ {file.description}.",  # which names the game
               ephemeral=not public, allowed_mentions=NO_PINGS, file=file)


async def recap_choices(interaction: discord.Interaction, game: str,
                        current: str) -> list[app_commands.Choice[int]]:
    """The channel's finished games, newest first (at most 25, Discord's limit)."""
    found = await tables(interaction).store.games.list_games(
        channel_id=interaction.channel_id, status=FINISHED, game=game, limit=25)
    return [app_commands.Choice(name=label[:100], value=g.id) for g in found
            if current.strip() in (label := finished_label(g))]


def finished_label(g: GameRow) -> str:
    """'Game 12, 2026-11-20: anna, bernd, cy': a finished game to pick from a list."""
    day = datetime.fromtimestamp(g.finished_at or g.updated_at, UTC).strftime("%Y-%m-%d")
    return _("Game {game}, {day}: {players}", game=g.id, day=day,
             players=", ".join(p.name for p in g.players))


def game_commands(game: str) -> list[app_commands.Command[Any, ..., Any]]:
    """The four commands for one game's group."""
    title = get_kit(game).title

    @app_commands.command(name="leaderboard", description=f"The server's best {title} players")
    @app_commands.describe(page="Which ten players (1: the best ten)", public=PUBLIC)
    async def leaderboard_cmd(interaction: discord.Interaction,
                              page: app_commands.Range[int, 1, 1000] = 1,
                              public: bool = False) -> None:
        if await public_refused(interaction, public):
            return
        await leaderboard(interaction, game, page, public)

    @app_commands.command(name="stats", description=f"A player's {title} rating and games")
    @app_commands.describe(player="Whose stats (default: yours)", public=PUBLIC)
    async def stats_cmd(interaction: discord.Interaction, player: discord.User | None = None,
                        public: bool = False) -> None:
        if await public_refused(interaction, public):
            return
        await stats(interaction, game, player, public)

    @app_commands.command(name="history", description=f"A player's finished {title} games")
    @app_commands.describe(player="Whose games (default: yours)", public=PUBLIC)
    async def history_cmd(interaction: discord.Interaction, player: discord.User | None = None,
                          public: bool = False) -> None:
        if await public_refused(interaction, public):
            return
        await show_history(interaction, game, player, public)

    @app_commands.command(name="recap", description=f"Replay a finished {title} game of this "
                                                    "channel as an animation")
    @app_commands.describe(game_id="Which game (default: the latest)", public=PUBLIC)
    async def recap_cmd(interaction: discord.Interaction, game_id: int | None = None,
                        public: bool = False) -> None:
        if await public_refused(interaction, public):
            return
        await recap(interaction, game, game_id, public)

    @recap_cmd.autocomplete("game_id")
    async def recap_game(interaction: discord.Interaction,
                         current: str) -> list[app_commands.Choice[int]]:
        return await recap_choices(interaction, game, current)

    return [leaderboard_cmd, stats_cmd, history_cmd, recap_cmd]


class CommunityCog(GameGroupsCog):
    """Adds the commands to the `/doge` and `/clans` groups loaded before it."""

    def commands_for(self, game: str) -> list[app_commands.Command[Any, ..., Any]]:
        return game_commands(game)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CommunityCog(bot))
