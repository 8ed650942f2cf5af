"""Clans speaks Dutch to a Dutch reader: the narration of a game, the refusals, the
questions, the channel prompt and the rule summaries (and English to everyone else)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.games.base import Event, IllegalAction, PlayerSpec
from bot.games.clans import ENGINE
from bot.games.clans.events import epoch_line
from bot.games.clans.questions import build_question
from bot.games.clans.views import FinalResult
from bot.i18n import _, speaking
from bot.store import Store
from bot.tables.service import TableService
from cogs.clans.prompts import clans_prompt, final_text
from cogs.clans.rules import RULE_TOPICS, help_text
from tests.clans.helpers import new_game

PLAYERS = [PlayerSpec(name) for name in ("Anna", "Bernd", "Claudia", "Daniel")]


def played(seed: int = 5) -> tuple[object, list[Event]]:
    """A whole seeded game of random moves: its last state and every event."""
    state, rng, events = new_game(3, seed=seed), random.Random(seed), []
    while not ENGINE.is_over(state):
        seat = ENGINE.pending(state)[0]
        outcome = ENGINE.apply(state, rng.choice(ENGINE.legal_actions(state, seat)))
        state, events = outcome.state, events + outcome.events
    return state, events


def narrated(language: str) -> str:
    state, events = played()
    with speaking(language):
        return "\n".join(ENGINE.describe(e, list(state.players)) for e in events)


def test_a_game_is_narrated_in_dutch_and_in_english() -> None:
    dutch, english = narrated("nl"), narrated("en")
    for word in ("sticht dorp", "verplaatst", "hutten", "tijdperk", "Tijdperk II begint",
                 "pakt de fiche", "Spel afgelopen na het 12e dorp", "punten"):
        assert word in dutch, word
    for word in ("founds village", "moves", "huts", "epoch", "Epoch II begins", "Game over"):
        assert word in english and word not in dutch, word
    assert "{" not in dutch and "}" not in dutch


def test_the_epochs_name_their_terrains_in_dutch() -> None:
    with speaking("nl"):
        assert epoch_line(1) == "Tijdperk I begint: bos gunstig (+1), gebergte ongunstig."
        assert epoch_line(4) == "Tijdperk IV begint: grasland gunstig (+4), steppe ongunstig."
        assert epoch_line(5) == "Tijdperk V begint: elk terrein gunstig (+5), geen ongunstig."
    assert epoch_line(1) == "Epoch I begins: forest favourable (+1), mountain unfavourable."


def village(**changes: object) -> Event:
    event = {"type": "village", "seat": 2, "territory": "C5", "chip": 3, "epoch": 2,
             "terrain": "grassland", "huts": {"red": 1}, "strife_losses": ["blue"],
             "destroyed": True, "value": 0, "scored": []}
    return {**event, **changes}


def test_strife_destruction_and_the_end_in_dutch() -> None:
    end = {"type": "game_end", "reason": "moderator", "colours": ["blue", "yellow"],
           "chips": [1, 3], "totals": [1, 24], "ranks": [2, 1]}
    with speaking("nl"):
        assert ENGINE.describe(village(), PLAYERS) == (
            "Claudia sticht dorp 3 in C5 (grasland, tijdperk II) en pakt de fiche; de strijd "
            "verwijdert de eenzame hut van blauw; het terrein is in dit tijdperk ongunstig, "
            "dus het dorp verdwijnt met zijn enige hut; niemand scoort.")
        assert ENGINE.describe(end, PLAYERS).splitlines() == [
            "Spel afgelopen: een moderator heeft het beëindigd.",
            "Elke clan wordt onthuld (C-6.2):",
            "🥇 Bernd: clan 🟡 geel, 24 punten (21 voor de clan + 3 fiches)",
            "🥈 Anna: clan 🔵 blauw, 1 punt (0 voor de clan + 1 fiche)"]
        order = {"type": "order", "seat": 0, "villages": ["I1", "C5", "A2"]}
        assert ENGINE.describe(order, PLAYERS) == "Anna kiest de volgorde: I1, dan C5, dan A2."
    assert "strife removes the lone blue hut" in ENGINE.describe(village(), PLAYERS)


def test_refusals_in_dutch() -> None:
    state = new_game(3)
    mover = ENGINE.pending(state)[0]
    move = ENGINE.legal_actions(state, mover)[0]
    with speaking("nl"), pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, {**move, "seat": (mover + 1) % 3})
    assert str(refused.value) == f"{state.players[mover].name} is aan de beurt (C-2.4)"
    with speaking("nl"), pytest.raises(IllegalAction) as refused:
        ENGINE.apply(state, {**move, "to": "Z9"})
    assert str(refused.value) == "er is geen gebied met de naam 'Z9' (C-1.3)"


def test_the_move_question_in_dutch() -> None:
    state = new_game(3)
    seat = ENGINE.pending(state)[0]
    legal = ENGINE.legal_actions(state, seat)
    view = ENGINE.public_view(state, seat)
    with speaking("nl"):
        question = build_question(view, legal, legal[0], ["Ann", "Bob", "Cid"])
    assert question.prompt.startswith("Verplaats alle hutten van een gebied")
    assert "minstens evenveel (C-3.2, C-3.3)" in question.prompt
    assert question.level_titles == ["Regio", "Van", "Naar"]
    assert question.options[0].path[0].startswith("Regio ")
    english = build_question(view, legal, legal[0], ["Ann", "Bob", "Cid"])
    assert english.level_titles == ["Region", "From", "To"]
    assert len(english.options) == len(question.options)


@pytest.fixture
async def store(tmp_path: Path):
    opened = await Store.open(tmp_path / "games.db")
    yield opened
    await opened.close()


async def test_the_channel_prompt_and_the_final_text_in_dutch(store: Store) -> None:
    service = TableService(store)
    game = await store.games.create_game("clans", guild_id=1, channel_id=500,
                                         players=PLAYERS[:3], user_ids=[101, 102, 103], seed=4)
    with speaking("nl"):
        text, view = await clans_prompt(service, game)
    assert "**Clans · beurt 1 · tijdperk I** (nog 4 fiches in dit tijdperk)" in text
    # The first move recalls the rule (C-3.1); the way to type it names the Dutch command.
    assert "\n-# Verplaats alle hutten" in text and "`/clans move`" in text
    # Each step names the terrain and the huts of its territory, in Dutch (C-1.3).
    assert re.search(r"\nBij de deadline speelt de tafel: \w+ A1 \(gebergte, 1 hut\) › \w+ "
                     r"A2 \(grasland, 1 hut\)\.\n", text)
    labels = [getattr(getattr(item, "item", item), "label", None) for item in view.children]
    assert "Mijn clan" in labels
    english, _ = await clans_prompt(service, game)
    assert "(4 chips left in this epoch)" in english and "or type `/clans move`" in english
    state, _ = played()
    ended = SimpleNamespace(engine=ENGINE, state=state, row=SimpleNamespace(players=PLAYERS),
                            shown_players=PLAYERS)
    with speaking("nl"):
        final = final_text(ended)
    assert final.startswith("🏁 Spel afgelopen") and "Elke clan wordt onthuld" in final
    assert " punten (" in final and "fiche" in final and "Het verslag is bijgevoegd" in final
    english = final_text(ended)
    assert english.startswith("🏁 Game over") and "for the clan + " in english


def test_the_rule_summaries_and_help_in_dutch() -> None:
    with speaking("nl"):
        assert _(RULE_TOPICS["epochs"]).startswith("**Tijdperken** (C-5): I bos +1 / gebergte 0")
        assert "een dorp (C-4.1)" in _(RULE_TOPICS["villages"])
        dutch_help = help_text()
    assert "**Meedoen** en **Starten**" in dutch_help and "<gebied>" in dutch_help
    assert RULE_TOPICS["epochs"].startswith("**Epochs** (C-5): I forest +1")
    assert set(RULE_TOPICS) == {"goal", "moves", "villages", "epochs", "end", "secrets"}
    assert "from:<territory> to:<territory>" in help_text()


def test_c_6_3_the_result_says_when_chips_broke_a_tie_on_points() -> None:
    def ended(totals: tuple[int, ...], chips: tuple[int, ...], ranks: tuple[int, ...]):
        result = FinalResult("twelfth_village", ("red", "blue", "green"), totals, ranks)
        view = SimpleNamespace(result=result, players=("Anna", "Bernd", "Claudia"),
                               chips=chips)
        engine = SimpleNamespace(public_view=lambda state, seat: view,
                                 describe=ENGINE.describe)
        return SimpleNamespace(engine=engine, state=None, row=SimpleNamespace(players=PLAYERS),
                               shown_players=PLAYERS)

    broken = final_text(ended((20, 20, 9), (5, 3, 1), (1, 2, 3)))
    assert "Equal points are ranked by more chips (C-6.3)." in broken
    shared = final_text(ended((20, 20, 9), (4, 4, 1), (1, 1, 3)))  # a shared first place
    plain = final_text(ended((22, 20, 9), (3, 5, 1), (1, 2, 3)))
    assert "C-6.3" not in shared and "C-6.3" not in plain
