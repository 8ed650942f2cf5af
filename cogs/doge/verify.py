"""`/doge verify`: a year's sealed rounds checked for the reader, in private. The channel
shows one seal a round (bot/games/doge/sealing.py); this answer lists the stacks it
seals, each opened one with the exact text hashed, and says whether every hash matches:
the round's seal against its stacks' hashes, an opened stack's hash against its text.
Only what the channel has made public is used: a stack's salt is known only from its
area's election on (D-10.2)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from bot.games.doge.constants import area_name
from bot.games.doge.sealing import (
    COMMITMENT,
    OPENED,
    SEALED,
    SHOWN_HEX,
    opened_text,
    round_digest,
)
from bot.games.wording import user_text
from bot.i18n import _, _n
from bot.store import LoadedGame
from bot.tables.service import TableService
from cogs.common.story import clip

Stack = tuple[int, str, int]  # year, area, seat


@dataclass
class Round:
    seal: dict[str, Any]
    stacks: list[dict[str, Any]] = field(default_factory=list)


async def sealed_rounds(service: TableService, game: LoadedGame) -> tuple[
        list[Round], dict[Stack, dict[str, Any]]]:
    """Every round the game has sealed, with its stacks' commitments, and the openings of
    the stacks whose area has voted: the game's log told again with its seals."""
    await service.commitments.refresh(game)
    events = [e for entry in await service.store.actions.log(game.id) for e in entry.events]
    rounds: list[Round] = []
    opened: dict[Stack, dict[str, Any]] = {}
    for event in service.commitments.annotate(game, events):
        kind = event.get("type")
        if kind == SEALED:
            rounds.append(Round(event))
        elif kind == COMMITMENT and rounds:
            rounds[-1].stacks.append(event)
        elif kind == OPENED:
            opened[(event["year"], event["area"], event["seat"])] = event
    return rounds, opened


def _short(sha: str) -> str:
    return sha[:SHOWN_HEX] + "…"


def verify_lines(game: LoadedGame, rounds: list[Round],
                 opened: dict[Stack, dict[str, Any]], year: int | None) -> str:
    """The answer for `year` (default: the last year with a sealed round)."""
    if not rounds:
        return (_("No round has been sealed yet: the first seal comes with the first "
                  "round's reveal."))
    year = year or rounds[-1].seal["year"]
    names = [user_text(p.name) for p in game.shown_players]
    lines = [_("🔒 Year {year}: each round's seal is the sha256 of its stacks' hashes; each "
               "stack's hash is the sha256 of its values and a secret salt, shown once "
               "its area has voted.", year=year)]
    chosen = [r for r in rounds if r.seal["year"] == year]
    if not chosen:
        return _("No round was sealed in year {year}.", year=year)
    for told in chosen:
        seal = told.seal
        hashes = [c["sha256"] for c in told.stacks]
        ok = round_digest(seal["game_id"], seal["year"], seal["round"], hashes) == \
            seal["sha256"]
        lines.append(_("**Round {round}** sealed · {hash} {mark} {stacks}", round=seal["round"],
                       hash=_short(seal["sha256"]), mark="✅" if ok else "❌",
                       stacks=_n("matches its {n} stack", "matches its {n} stacks",
                                 len(hashes)) if ok else
                       _("does not match its stacks")))
        for c in told.stacks:
            key = (c["year"], c["area"], c["seat"])
            who = names[c["seat"]] if c["seat"] < len(names) else str(c["seat"])
            place = area_name(c["area"])
            if key in opened:
                text = opened_text(opened[key])
                good = hashlib.sha256(text.encode()).hexdigest() == c["sha256"]
                lines.append(_("{mark} {area}, {who}: `{text}` → {hash}", area=place,
                               who=who, text=text, hash=_short(c["sha256"]),
                               mark="✅" if good else "❌"))
            else:
                lines.append(_n("🔒 {area}, {who}: {n} marker, {hash} (opened when {area} "
                                "votes)",
                                "🔒 {area}, {who}: {n} markers, {hash} (opened when {area} "
                                "votes)", c["count"], area=place, who=who,
                                hash=_short(c["sha256"])))
    return clip(lines)
