"""What Doge's messages say and which components they carry (no rules here: the engine
and its question builder decide what may be chosen)."""

from __future__ import annotations

from collections.abc import Iterable

import discord

from bot.games.doge.constants import AREAS, area_name
from bot.games.wording import SUBTEXT, players_written, user_text
from bot.i18n import N_, _, _n, cmd
from bot.store import ACTIVE, LOBBY, LoadedGame
from bot.tables.service import TableService
from bot.tables.timing import timing_of
from cogs.common.table_ui import (
    awaited,
    called,
    deadline_text,
    default_note,
    lobby_prompt,
    mark,
    question_view,
    status_line,
    who,
)
from cogs.common.ui import GameButton, GameSelect, view_of

PLACE_MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
# Where a new channel message begins (cogs/common/segments.py): each revealed placement round,
# each election, and the year's end folded into the next year's first message.
DOGE_OPENERS = frozenset({"round_revealed", "round_skipped", "election", "no_contest",
                          "year_end", "year_begins", "game_over"})
# Lines that set the scene, never a board's caption: the board shows the reveal or the
# election before them.
DOGE_SCENES = frozenset({"year_begins", "round_begins", "elections_begin"})
# Lines the prompt below them says again, left out of the channel's story so each thing is
# said once: a new round or year (its heading, "**Year 2 · placement round 1 of 3**"), and
# who of the tied players has answered (its "✅ … has answered" lines, D-11.2; once all
# have, the houses placed or palaces built are told).
DOGE_SAID_BELOW = frozenset({"year_begins", "round_begins", "placement_answered",
                             "build_answered"})

# ---- the prompt message -----------------------------------------------------------------


async def doge_prompt(service: TableService, game: LoadedGame, *,
                      reader: int | None = None) -> tuple[str, discord.ui.View | None]:
    """The channel's prompt; with `reader`, the text of `/doge status` for that user,
    who is told whom an election waits for, or that it is their turn (no buttons
    there)."""
    if game.row.status == LOBBY:
        return lobby_prompt(game)
    if game.row.status != ACTIVE:
        return final_text(game), None
    due = {d.seat: d for d in await service.store.deadlines.get_deadlines(game.id)
           if d.kind.startswith("due:")}
    if game.state.phase == "placement":
        return placement_prompt(service, game, due)
    return election_prompt(service, game, due, reader)


def placement_prompt(service: TableService, game: LoadedGame,
                     due: dict) -> tuple[str, discord.ui.View]:
    st = game.state
    rounds = 4 if st.player_count == 3 else 3
    lines = [_("🗳️ **Year {year} · placement round {round} of {rounds}** — choose an area "
               "and 1 to 4 markers, in secret (D-3.2). You may change your choice until "
               "everyone has chosen (D-3.3).", year=st.year, round=st.round, rounds=rounds)]
    for seat in game.seats:
        p = st.players[seat.seat]
        name = user_text(seat.name)
        if not p.markers:
            state = _("sits out (no markers left)")
        elif seat.seat in st.ballots and st.ballots[seat.seat] is None:  # D-3.7, public
            state = _("sits out this round (D-3.7)")  # a deadline or a moderator's skip
        elif seat.seat in st.ballots:
            state = _("✅ has chosen")
        elif seat.played_by_ai and not seat.autopilot:
            state = _("⏳ (computer)")
        else:  # awaited: named once, by their mention (not pinged: their autopilot answers)
            name = called(seat)
            state = f"⏳{service.absence_note(seat)}{deadline_text(due.get(seat.seat))}"
        lines.append(f"{mark(seat.colour)} {name}: {state}")
    if due:  # what a deadline does, as the election prompts say it (D-3.7)
        lines.append(SUBTEXT + (_("At a deadline the autopilot chooses for whoever has not.")
                                if timing_of(game.row.settings).autopilot else
                                _("At a deadline, whoever has not chosen sits this round out "
                                  "and keeps their markers (D-3.7).")))
    key = f"{st.year}-{st.round}"
    view = view_of(GameButton("doge.cast", game.id, key, label=_("Cast ballot"), emoji="🗳️",
                              style=discord.ButtonStyle.primary),
                   GameButton("doge.me", game.id, "", label=_("My markers"), emoji="🔒"))
    return "\n".join(lines), view


def election_prompt(service: TableService, game: LoadedGame, due: dict,
                    reader: int | None = None) -> tuple[str, discord.ui.View | None]:
    st = game.state
    area = area_name(st.election.area) if st.election else "?"
    asked = service.awaited_seats(game)
    names = [user_text(s.name) for s in game.seats]
    header = _("🏛️ **Year {year} · election {number} of 7: {area}**", year=st.year,
               number=st.elections_done + 1, area=area)
    if reader is not None:
        lines = [status_line(service, s, reader, due.get(s.seat)) for s in asked]
        return "\n".join([header, *lines, *_answered(game)]), None
    if len(asked) == 1:
        seat = asked[0]
        # The question speaks to the one it asks, by their mention (as every prompt does).
        names[seat.seat] = awaited(service, seat)
        question = service.kit(game).question(st, seat.seat, names)
        if question is not None:
            note = default_note(game, question, due.get(seat.seat))
            text = "\n".join([header, question.prompt, note, *_answered(game)])
            return text, question_view(game, question, ())
    lines = [header, tie_line(st)]
    lines += [f"{mark(s.colour)} ⏳ {awaited(service, s, due.get(s.seat))}" for s in asked]
    lines += _answered(game)
    view = view_of(GameButton("dq", game.id, f"{game.version}..open", label=_("Answer"),
                              style=discord.ButtonStyle.primary))
    return "\n".join(lines), view


def tie_line(st) -> str:
    """What the players asked at once decide (D-11.2): the tied winners' or runners-up's
    houses to place (D-6.3, D-6.4) or move (D-7.3, D-7.5), or the palaces to build
    (D-8.5)."""
    ph = st.election.current if st.election else None
    kind, limit = (ph.kind, ph.limit) if ph else ("", 0)
    area = area_name(st.election.area) if st.election else "?"
    if kind == "place":
        return _n("Several players decide at once: each may place up to {n} house in "
                  "{area}, answering with the button below.",
                  "Several players decide at once: each may place up to {n} houses in "
                  "{area}, answering with the button below.", limit, area=area)
    if kind == "qmove":
        return _n("Several players decide at once: each may move up to {n} house of theirs "
                  "from one district to another, answering with the button below.",
                  "Several players decide at once: each may move up to {n} of their houses "
                  "from one district to another, answering with the button below.", limit)
    if kind == "build":
        return _("Several players decide at once: each says how many palaces to build; "
                 "they are built together once all have answered. Answer with the button "
                 "below.")
    return _("Several players decide at once; each answers with the button below:")


def doge_callout(service: TableService, game: LoadedGame) -> str | None:
    """An election's message pings, besides whoever it asks first, every person who
    decides later in it (D-5 to D-8: its winners and runners-up), as a heads-up; at a
    slow table each gets a 🔔 ping when their turn in it comes (cogs/common/bells.py)."""
    if game.row.status != ACTIVE or game.state.phase == "placement":
        return None
    election = game.engine.public_view(game.state, None).election
    if election is None:
        return None
    asked = {s.seat for s in service.awaited_seats(game)}
    later = [game.seats[s] for s in election.later  # who will have a choice (D-11.1)
             if s not in asked and game.seats[s].user_id and not game.seats[s].played_by_ai]
    if not later:
        return None
    return _("🔔 Also deciding in this election: {players}.",
             players=", ".join(who(s) for s in later))


def _answered(game: LoadedGame) -> list[str]:
    """Who of a tied step has answered, never what: tied placements take effect together
    when the last of them answers (D-11.2)."""
    election = game.engine.public_view(game.state, None).election
    return [_("{mark} ✅ {name} has answered", mark=mark(game.seats[s].colour),
              name=user_text(game.seats[s].name)) for s in (election.answered if election else ())]


def final_text(game: LoadedGame) -> str:
    result = game.row.result or (game.state.result if game.state else None)
    if not result:
        return _("This game has ended.")
    players = players_written(game.shown_players)  # a seat handed on: its holder's name
    names = [p.name for p in players]
    lines = ["🏁 " + game.engine.describe(  # the line opens with "Game over"
        {"type": "game_over", "result": result}, players)]
    for r in result.get("ranking", []):
        lines.append(_ranking_line(r, names[r["seat"]]))
    lines.append(_("The game record is attached; {command} gives it again.",
                   command=cmd("doge export")))
    return "\n".join(lines)


# D-9.1's winning conditions as a player reads them in the result.
CONDITIONS = {"a": N_("a palace in every district (D-9.1 a)"),
              "b": N_("7 palaces in 5 districts (D-9.1 b)"),
              "c": N_("8 palaces in 4 districts (D-9.1 c)")}


def _ranking_line(row: dict, name: str) -> str:
    """'🥇 Anna: 8 palaces, 3 houses on the board · met: 8 palaces in 4 districts
    (D-9.1 c)'."""
    values = {"medal": PLACE_MEDALS.get(row["place"], f"{row['place']}."), "name": name,
              "palaces": _n("{n} palace", "{n} palaces", row["palaces"]),
              "houses": _n("{n} house", "{n} houses", row["houses"])}
    if row.get("conditions"):
        met = "; ".join(_(CONDITIONS[c]) if c in CONDITIONS else c for c in row["conditions"])
        return _("{medal} {name}: {palaces}, {houses} on the board · met: {conditions}",
                 conditions=met, **values)
    return _("{medal} {name}: {palaces}, {houses} on the board", **values)


def markers_in_hand(markers: Iterable[int]) -> str:
    shown = " ".join(str(m) for m in sorted(markers, reverse=True))  # as the panel lists them
    return _("Markers in hand: {markers}", markers=shown) if shown else \
        _("Markers in hand: none")


# ---- the secret ballot panel (ephemeral) -----------------------------------------------


def ballot_panel(game: LoadedGame, seat: int, area: int | None,
                 mask: int) -> tuple[str, discord.ui.View]:
    st = game.state
    p = st.players[seat]
    held = sorted(p.markers, reverse=True)
    key = f"{st.year}-{st.round}"
    chosen = [held[i] for i in range(len(held)) if mask >> i & 1]
    current = st.ballots.get(seat)
    lines = [_("🔒 **Your ballot, year {year} round {round}** (only you see this)",
               year=st.year, round=st.round), markers_in_hand(held)]
    if current:
        lines.append(_("Chosen so far: {area} with {markers} — you may still change it.",
                       area=area_name(current.area),
                       markers=" + ".join(str(m) for m in current.markers)))
    placed = [f"{area_name(a)} ({' + '.join(str(m) for m in s.markers)})"
              for a, stacks in st.stacks.items() for s in stacks if s.seat == seat]
    if placed:
        lines.append(_("Placed this year: {stacks}", stacks=", ".join(placed)))
    area_options = [discord.SelectOption(label=area_name(a), value=str(i), default=i == area)
                    for i, a in enumerate(AREAS) if a not in p.cards_used]
    marker_options = [discord.SelectOption(label=_("Marker {value}", value=m), value=str(i),
                                           default=bool(mask >> i & 1))
                      for i, m in enumerate(held)]
    area_arg = "x" if area is None else str(area)
    items: list[discord.ui.Item] = [
        GameSelect("doge.bpa", game.id, f"{key}.{mask}", options=area_options,
                   placeholder=_("Area"), row=0),
        GameSelect("doge.bpm", game.id, f"{key}.{area_arg}", options=marker_options,
                   placeholder=_("Markers (1 to {most})", most=min(4, len(held)))
                   if len(held) > 1 else _("Your last marker"), min_values=1,
                   max_values=min(4, len(held)), row=1),
        GameButton("doge.bpc", game.id, f"{key}.{area_arg}.{mask}",
                   label=_("Confirm") if area is not None and chosen
                   else _("Pick an area and markers"), style=discord.ButtonStyle.success,
                   disabled=area is None or not chosen, row=2),
    ]
    if area is not None and chosen:
        lines.append(_("➡️ {area} with {markers}", area=area_name(AREAS[area]),
                       markers=" + ".join(map(str, chosen))))
    return "\n".join(lines), view_of(*items)
