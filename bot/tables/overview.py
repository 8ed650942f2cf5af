"""A server's open tables at a glance, for its moderators (`/table-admin tables`).

One line per lobby and running game of the server, the most recently changed first: the
game, its channel (a thread's own), lobby or running, how many seats are taken, whom it
waits for and since when, whether its clocks are paused, and whether its channel refuses
the bot's posts. Whom a game waits for is the table service's `awaited_names` (what "the
game waits for …" says everywhere), since when the creation of the awaited players'
deadline rows (the clock makes them when a decision is first asked), else the game's last
change. No Discord here: the text only uses Discord's mention and timestamp markup, and is
said in the language current when it is made (the asker's, for a private answer)."""

from __future__ import annotations

from bot.i18n import _, _n, cmd
from bot.store import LOBBY, GameRow, LoadedGame
from bot.tables.clock import split_kind
from bot.tables.kits import game_title, get_kit, installed
from bot.tables.moderation import Moderation
from bot.tables.service import TableService
from bot.tables.steps import Moderator

MAX_TABLES = 20  # lines listed at most
MAX_CHARS = 1800  # the whole answer: under Discord's 2000, with room for a note after it
MORE_ROOM = 60  # kept free for the line that says how many more there are
# The audit log's entries of a table whose posts keep failing, and of its recovery
# (cogs/common/table_posts.py): the newest of them says whether it fails now.
POSTS_FAILING, POSTS_WORKING = "posts_failing", "posts_working"


async def open_tables_text(moderation: Moderation, mod: Moderator) -> str:
    """The server's open tables for a moderator (a one-line `TableError` for anyone
    else): as many lines as fit, then how many more there are."""
    await moderation.require_server_moderator(mod)  # every channel's tables
    rows: list[GameRow] = []
    total = 0
    if mod.guild_id is not None:
        rows, total = await moderation.store.games.open_games_by_activity(
            mod.guild_id, limit=MAX_TABLES)
    if not rows:
        return _("🛡️ There are no open tables in this server.")
    lines = [_n("🛡️ {n} open table in this server, newest activity first:",
                "🛡️ {n} open tables in this server, newest activity first:", total)]
    for row in rows:
        line = await table_line(moderation.service, row)
        if len("\n".join([*lines, line])) + MORE_ROOM > MAX_CHARS:
            break
        lines.append(line)
    more = total - (len(lines) - 1)
    if more > 0:
        lines.append(_n("…and {n} more open table.", "…and {n} more open tables.", more))
    return "\n".join(lines)


async def table_line(service: TableService, row: GameRow) -> str:
    """One open table in a line."""
    if not installed(row.game):  # nothing to say of its play without its engine
        return _("• **{title}** game {game} in {channel}: {end} ends it",
                 title=game_title(row.game), game=row.id, channel=f"<#{row.channel_id}>",
                 end=cmd("table-admin end"))
    game = await service.load(row.id)
    row = game.row  # as it is now: a lobby may have started meanwhile
    values = {"title": get_kit(row.game).title, "game": row.id,
              "channel": f"<#{row.channel_id}>"}
    if row.status == LOBBY:
        people = ", ".join(f"<@{s.user_id}>" for s in game.seats if s.user_id is not None)
        return _n("• **{title}** game {game} in {channel}: lobby, {taken} of {n} seat "
                  "taken ({who}), last change {when}",
                  "• **{title}** game {game} in {channel}: lobby, {taken} of {n} seats "
                  "taken ({who}), last change {when}",
                  row.settings.get("seats", len(game.seats)), taken=len(game.seats),
                  who=people or _("computers only"), when=when(row.updated_at), **values)
    asked = [d.created_at for d in await service.store.deadlines.get_deadlines(row.id)
             if split_kind(d.kind)[0] == "due"]
    line = _n("• **{title}** game {game} in {channel}: running, {n} player; waits for "
              "{who} since {when}",
              "• **{title}** game {game} in {channel}: running, {n} players; waits for "
              "{who} since {when}",
              len(game.seats), who=service.awaited_names(game) or _("nobody"),
              when=when(min(asked, default=row.updated_at)), **values)
    if row.settings.get("paused"):
        line += " " + _("⏸️ clocks paused")
    failing = await posts_failing_since(service, game)
    if failing is not None:
        line += " " + _("⚠️ my posts in its channel fail since {when}", when=when(failing))
    return line


async def posts_failing_since(service: TableService, game: LoadedGame) -> float | None:
    """Since when Discord refuses the table's posts (told in the audit log), if it does:
    a channel that shows the game's newest step does not, whatever the log says last (a
    restart forgets which failing tables it told of, so may not write `posts_working`)."""
    shown = await service.store.shown.shown_version(game.id)
    if shown is not None and shown >= game.version:
        return None
    for entry in await service.store.moderation.list_audit(game_id=game.id, limit=20):
        if entry.action == POSTS_WORKING:
            return None
        if entry.action == POSTS_FAILING:
            return entry.created_at
    return None


def when(at: float) -> str:
    """A moment as Discord shows it to each reader: "3 hours ago"."""
    return f"<t:{int(at)}:R>"
