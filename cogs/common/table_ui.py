"""Messages and components every game's table shares: colour marks, deadlines, the
lobby, and step-by-step questions (no rules here)."""

from __future__ import annotations

import discord

from bot.games.question import Question
from bot.games.wording import user_text
from bot.i18n import N_, _, cmd
from bot.store import LoadedGame
from bot.tables.absence import deadline_plan
from bot.tables.kits import option_word, seat_level, short_hash
from bot.tables.service import TableService
from cogs.common.ui import GameButton, GameSelect, view_of

COLOUR_MARKS = {"red": "🔴", "blue": "🔵", "green": "🟢", "yellow": "🟡", "black": "⚫"}
COLOUR_NAMES = {"red": N_("Red"), "blue": N_("Blue"), "green": N_("Green"),
                "yellow": N_("Yellow"), "black": N_("Black")}
PACES = {"live": N_("live play"), "async": N_("async play")}  # by the table's timing
PLACE_MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


def mark(colour: str | None) -> str:
    return COLOUR_MARKS.get(colour or "", "⚪")


def who(seat) -> str:
    return f"<@{seat.user_id}>" if seat.user_id else user_text(seat.name)


def deadline_text(deadline) -> str:
    """' (deadline in 3 hours)', to follow a name; empty without a deadline."""
    if deadline is None:
        return ""
    if deadline.due_at is None:
        return " " + _("(clock paused)")
    return " " + _("(deadline {when})", when=f"<t:{int(deadline.due_at)}:R>")


def called(seat) -> str:
    """An awaited player's name in a prompt: their mention, or their name alone when the
    autopilot answers for them (nothing to ping them for)."""
    return user_text(seat.name) if seat.autopilot else who(seat)


def awaited(service: TableService, seat, deadline=None) -> str:
    """An awaited player as a prompt lists them (`called`), whether they are away or on
    autopilot, then their deadline: '<@1> (🏖️ away until …) (deadline in 8 days)'."""
    return f"{called(seat)}{service.absence_note(seat)}{deadline_text(deadline)}"


def status_line(service: TableService, seat, reader: int, deadline=None, *,
                moving: bool = False) -> str:
    """Whom the game waits for, said to one reader in a private status: the awaited
    player learns that it is their turn and where to answer; anyone else whom the game
    waits for, never addressed as if they were the one to answer."""
    if seat.user_id == reader:
        return _("⏳ Your turn{deadline}: answer with the buttons under the game's message "
                 "in the channel.", deadline=deadline_text(deadline))
    if moving:
        return _("⏳ Waiting for {player} to move.", player=awaited(service, seat, deadline))
    return _("⏳ Waiting for {player} to decide.", player=awaited(service, seat, deadline))


def default_note(game: LoadedGame, question: Question, deadline) -> str:
    """What the table plays for a player who does not answer, as the time-out will: the
    default's whole path (the message highlights only its first step), or that their
    standing order or the autopilot answers (an order's choice stays theirs to know)."""
    plan = deadline_plan(game, question.seat)
    if plan == "order":
        what = _("your standing order answers for you")
    elif plan == "autopilot":
        what = _("the autopilot answers for you")
    else:
        what = _("the table plays: {path}", path=" › ".join(question.default_path))
    if deadline is not None and deadline.due_at is not None:
        return _("If you have not answered {when}, {what}.",
                 when=f"<t:{int(deadline.due_at)}:R>", what=what)
    if deadline is not None:
        return _("The clock is paused; at the deadline {what}.", what=what)
    return _("At the deadline {what}.", what=what)


def colour_name(colour: str) -> str:
    return _(COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else colour.capitalize()


def computer_levels(game: LoadedGame) -> str:
    """Who the computer plays and at which level: 'Doge Bot Dandolo (strong), Ann
    (autopilot, normal)'; empty when it plays no seat."""
    shown = []
    for s in game.seats:
        if s.played_by_ai:
            level = option_word(seat_level(game.row.settings, s))
            name = user_text(s.name)
            shown.append(_("{name} ({level})", name=name, level=level) if s.is_bot else
                         _("{name} (autopilot, {level})", name=name, level=level))
    return ", ".join(shown)


def lobby_text(game: LoadedGame) -> str:
    kit = TableService.kit(game)
    size = game.row.settings.get("seats", kit.max_players)
    timing = game.row.settings.get("timing", "live")
    values = {"emoji": kit.emoji, "title": kit.title, "size": size, "least": kit.min_players,
              "pace": _(PACES[timing]) if timing in PACES else timing}
    head = (_("{emoji} **{title}** — a table for {size} ({pace}). Join, pick a colour, then "
              "any seated player starts ({least} or more).", **values) if kit.colours else
            _("{emoji} **{title}** — a table for {size} ({pace}). Join, then any seated "
              "player starts ({least} or more).", **values))
    lines = [head]
    terms = kit.end_terms(game.row.settings, None)
    if terms:
        lines.append(terms)
    lines.append("")
    for s in game.seats:
        if s.is_bot:
            level = option_word(seat_level(game.row.settings, s))
            lines.append(_("{mark} {name} (computer, {level})", mark=mark(s.colour),
                           name=user_text(s.name), level=level))
        else:
            lines.append(f"{mark(s.colour)} {user_text(s.name)}")
    lines += ["▫️ " + _("(free seat)")] * (size - len(game.seats))
    if len(game.seats) < size:
        lines.append(_("Fill empty seats with computer players: {addbot}.",
                       addbot=cmd(f"{kit.name} addbot")))
    return "\n".join(lines)


def lobby_prompt(game: LoadedGame) -> tuple[str, discord.ui.View]:
    kit = TableService.kit(game)
    gid = game.id
    items: list[discord.ui.Item] = [
        GameButton("join", gid, label=_("Join"), style=discord.ButtonStyle.success, row=0),
        GameButton("leave", gid, label=_("Leave"), row=0),
        GameButton("start", gid, label=_("Start"), style=discord.ButtonStyle.primary, row=0),
    ]
    taken = {s.colour for s in game.seats}
    free = [c for c in kit.colours if c not in taken]
    if free:
        items.append(GameSelect("colour", gid, placeholder=_("Pick your colour"),
                                options=[discord.SelectOption(label=colour_name(c), value=c,
                                                              emoji=COLOUR_MARKS[c])
                                         for c in free], row=1))
    return lobby_text(game), view_of(*items)


def question_view(game: LoadedGame, question: Question, picked: tuple[str, ...],
                  ) -> discord.ui.View:
    """Buttons for the next step of `question` after the labels `picked` (the default's
    highlighted), and once something is picked a ↩ Back to the step before, on a row of
    its own below the choices so that it is not hit for one. Back (`dqb`) only redraws
    the private panel: nothing reaches the game on the way back."""
    labels = question.labels_after(picked)
    indexes = _indexes(question, picked)
    dk = short_hash(TableService.kit(game).decision_key(game.state, question.seat))
    items: list[discord.ui.Item] = []
    for i, label in enumerate(labels):
        default = question.default_path[: len(picked) + 1] == (*picked, label)
        path = "-".join(str(n) for n in (*indexes, i))
        items.append(GameButton(
            "dq", game.id, f"{game.version}.{dk}.{path}", label=at_word(label, 80),
            style=discord.ButtonStyle.primary if default else discord.ButtonStyle.secondary,
            row=min(i // 5, 4)))
    if picked and len(labels) < 25:  # (25 choices fill every row: no step has so many)
        back = "-".join(str(n) for n in indexes[:-1])
        items.append(GameButton("dqb", game.id, f"{game.version}.{dk}.{back}",
                                label=_("Back"), emoji="↩️", row=min(-(-len(labels) // 5), 4)))
    return view_of(*items)


def at_word(label: str, limit: int) -> str:
    """A label Discord would cut (80 characters) shortened at a word, with "…", never in
    the middle of one ('… 1 h')."""
    if len(label) <= limit:
        return label
    cut = label[:limit - 1].rsplit(" ", 1)[0].rstrip(" ,;:(—-")
    return cut + "…"


def step_text(question: Question, picked: tuple[str, ...]) -> str:
    """The private panel's line: the way so far and what the step asks."""
    if not picked:
        return f"🔒 {question.prompt}"
    title = question.title_for(picked)
    return f"🔒 {' › '.join(picked)} — {title if title.endswith('?') else title + ':'}"


def _indexes(question: Question, picked: tuple[str, ...]) -> list[int]:
    out = []
    for depth, label in enumerate(picked):
        out.append(question.labels_after(picked[:depth]).index(label))
    return out


def labels_for(question: Question, indexes: list[int]) -> tuple[str, ...] | None:
    picked: tuple[str, ...] = ()
    for i in indexes:
        labels = question.labels_after(picked)
        if not 0 <= i < len(labels):
            return None
        picked = (*picked, labels[i])
    return picked


