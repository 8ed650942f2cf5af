"""Doge speaks Dutch to a Dutch reader: the narration of elections and of a whole game, the
refusals, the election questions, the channel prompts, the ballot panel and the rule
summaries (and English to everyone else)."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.games.base import Event, IllegalAction, PlayerSpec
from bot.games.doge import ENGINE
from bot.games.doge.narrate import describe_event
from bot.games.doge.players import random_action
from bot.games.doge.questions import build_question
from bot.i18n import _, speaking
from bot.store import LoadedGame, Store
from bot.tables.service import TableService
from cogs.doge.prompts import ballot_panel, doge_prompt, final_text
from cogs.doge.rules import RULE_TOPICS, help_text
from tests.doge.helpers import NAMES, act, elect, new_game

PLAYERS = [PlayerSpec(name) for name in NAMES]
# Words only an English line has: a Dutch line containing one was left untranslated.
ENGLISH = re.compile(r"\b(the|wins|votes|advisor|places|builds|takes|round|year|"
                     r"markers?|houses?|palaces?|nobody|becomes|runner-up|abstains)\b")


def played(seed: int = 3) -> tuple[object, list[Event]]:
    """A whole seeded game of random legal moves: its last state and every event."""
    state, rng, events = new_game(4, seed=seed), random.Random(seed), []
    while not ENGINE.is_over(state):
        seat = ENGINE.pending(state)[0]
        outcome = ENGINE.apply(state, random_action(state, seat, rng))
        state, events = outcome.state, events + outcome.events
    return state, events


def narrated(events: list[Event], language: str) -> list[str]:
    with speaking(language):
        return [describe_event(e, NAMES) for e in events]


def test_an_election_and_its_decisions_are_narrated_in_dutch() -> None:
    st = new_game()
    st.advisors["castello"] = [2, "san_polo"]
    events = elect(st, "castello", {0: [3, 2], 1: [1], 3: [0]})
    events += act(st, 0, "take", advisor="castello", stand="quarantia")
    events += act(st, 0, "place", count=2)
    dutch = narrated(events, "nl")
    assert dutch[0] == ("Stemming in Castello: Anna 5 (3+2), Bernd 1 (1). Daniel bluft met "
                        "een losse 0, en dat is geen stem. Anna wint, Bernd wordt "
                        "tweede.")
    assert ("Anna neemt de raadsheer van Castello over van Claudia en zet hem in "
            "Quarantia.") in dutch
    assert "Anna plaatst 2 huizen in Castello." in dutch
    for line in dutch:
        assert not ENGLISH.search(line), line
    english = narrated(events, "en")
    assert english[0].startswith("Castello votes: Anna 5 (3+2), Bernd 1 (1). Daniel placed")
    assert "Anna places 2 houses in Castello." in english


def test_a_neutral_advisor_opens_its_dutch_sentence_with_a_capital() -> None:
    ev = {"type": "advisor_neutral", "advisor": "san_marco", "ring_returned_to": 1}
    assert narrated([ev], "nl") == [
        "De raadsheer van San Marco wordt neutraal; de ring gaat terug naar Bernd."]
    quarantia = {"type": "advisor_neutral", "advisor": "q1", "ring_returned_to": None}
    assert narrated([quarantia], "nl") == ["Quarantia-raadsheer Q1 wordt neutraal."]


def test_a_whole_game_is_narrated_in_dutch() -> None:
    _state, events = played()
    dutch = narrated(events, "nl")
    text = "\n".join(dutch)
    for words in ("Speelronde 2 begint.", "Plaatsingsronde 1 begint.", "Stemming in ",
                  "De stemmingen beginnen.",
                  "Het spel is afgelopen in speelronde "):
        assert words in text, words
    assert "{" not in text and "}" not in text
    for line in dutch:
        # Lists of names still say "and" until the shared list wording speaks Dutch.
        assert not ENGLISH.search(line.replace(" and ", " en ")), line
    assert "Year 2 begins." in narrated(events, "en")


def test_refusals_in_dutch() -> None:
    with speaking("nl"), pytest.raises(IllegalAction) as refused:
        act(new_game(), 0, "ballot", area="castello", markers=[3, 3, 3])
    assert str(refused.value) == "je hebt nog maar 2 stemschijven met waarde 3 (D-3.2)"
    st = new_game()
    elect(st, "castello", {0: [3, 3]})
    with speaking("nl"), pytest.raises(IllegalAction) as wrong:
        act(st, 0, "place", count=2)
    assert str(wrong.value) == ("huizen plaatsen past nu niet bij de vraag: de raadsheer van "
                                "het stadsdeel nemen of afzien (D-11.2)")


def test_the_advisor_and_build_questions_in_dutch() -> None:
    st = new_game()
    elect(st, "castello", {0: [3, 3]})
    legal = ENGINE.legal_actions(st, 0)
    view = ENGINE.public_view(st, 0)
    with speaking("nl"):
        question = build_question(view, legal, legal[0], NAMES)
    assert question.prompt.startswith("Anna, je hebt Castello gewonnen: neem de raadsheer")
    assert question.level_titles == ["Jouw keuze", "Waar zet je hem neer, of welk huis "
                                     "verplaats je?", "Waarheen?"]
    assert question.labels_after(()) == ["De raadsheer nemen", "Afzien"]
    assert "Zet hem in Quarantia" in question.labels_after(("De raadsheer nemen",))
    english = build_question(view, legal, legal[0], NAMES)
    assert english.labels_after(()) == ["Take the advisor", "Abstain"]
    assert len(english.options) == len(question.options)
    act(st, 0, "abstain", move=None)
    legal = ENGINE.legal_actions(st, 0)
    with speaking("nl"):
        place = build_question(ENGINE.public_view(st, 0), legal, legal[0], NAMES)
    assert place.prompt == ("Anna: je mag maximaal 2 huizen uit je voorraad in Castello "
                            "plaatsen (D-6.1, D-6.5).")
    assert [o.path[0] for o in place.options] == ["2 huizen plaatsen", "1 huis plaatsen",
                                                  "Niets plaatsen"]


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(tmp_path / "games.db")
    yield opened
    await opened.close()


async def table(store: Store) -> LoadedGame:
    """A running four-player game, in its first placement round."""
    return await store.games.create_game("doge", guild_id=1, channel_id=500, players=PLAYERS,
                                         user_ids=[101, 102, 103, 104], seed=4)


async def test_the_prompts_and_the_ballot_panel_in_dutch(store: Store) -> None:
    service = TableService(store)
    game = await table(store)
    with speaking("nl"):
        text, view = await doge_prompt(service, game)
        panel, _panel_view = ballot_panel(game, 0, 1, 0b11)
    assert text.startswith("🗳️ **Speelronde 1 · plaatsingsronde 1 van 3** — kies in het "
                           "geheim een gebied")
    labels = [getattr(getattr(item, "item", item), "label", None) for item in view.children]
    assert "Stem uitbrengen" in labels and "Mijn stemschijven" in labels
    assert "**Jouw stembiljet, speelronde 1 · plaatsingsronde 1**" in panel
    assert "Stemschijven in je hand: 3 3 2 2 1 1 0" in panel and "➡️ Castello met 3 + 3" in panel
    english, _english_view = await doge_prompt(service, game)
    assert "**Year 1 · placement round 1 of 3**" in english


async def first_election_question(store: Store) -> LoadedGame:
    """A table played on with random moves until one player is asked in an election."""
    game = await table(store)
    rng = random.Random(4)
    while not (game.state.phase == "elections" and len(ENGINE.pending(game.state)) == 1):
        seat = ENGINE.pending(game.state)[0]
        await store.actions.submit(game.id, random_action(game.state, seat, rng),
                                   expected_version=game.version)
        game = await store.actions.load(game.id)
    return game


async def test_the_election_prompt_in_dutch(store: Store) -> None:
    service = TableService(store)
    game = await first_election_question(store)
    with speaking("nl"):
        text, _view = await doge_prompt(service, game)
    assert text.startswith("🏛️ **Speelronde 1 · stemming 1 van 7: ")
    assert "Bij de deadline speelt de tafel: De raadsheer nemen › Zet hem in " in text


def test_the_final_text_in_dutch() -> None:
    state, _events = played()
    ended = SimpleNamespace(row=SimpleNamespace(result=state.result, players=PLAYERS),
                            engine=ENGINE, state=state, shown_players=PLAYERS)
    with speaking("nl"):
        final = final_text(ended)
    assert final.startswith("🏁 Het spel is afgelopen in speelronde ")
    assert "op het bord" in final and " paleizen, " in final
    assert "Het verslag is bijgevoegd; `/doge export` geeft het opnieuw." in final
    assert "on the board" in final_text(ended)


def test_the_rule_summaries_and_help_in_dutch() -> None:
    with speaking("nl"):
        assert _(RULE_TOPICS["voting"]).startswith("**Stemmingen** (D-4): de gebieden stemmen")
        assert "jouw ring" in _(RULE_TOPICS["advisors"])  # one word: ring
        for text in RULE_TOPICS.values():
            assert re.findall(r"D-\d+(?:\.\d+)?", _(text)) == re.findall(
                r"D-\d+(?:\.\d+)?", text), text
        dutch_help = help_text()
    assert "**Meedoen**" in dutch_help and "**Stem uitbrengen**" in dutch_help
    assert "<gebied>" in dutch_help
    assert RULE_TOPICS["voting"].startswith("**Elections** (D-4): areas vote")
    assert "area:<area> markers:3 2" in help_text()


async def test_the_prompt_says_who_answers_at_the_deadline_as_the_time_out_will(
        store: Store) -> None:
    """The default's path, or that a standing order or the autopilot answers (the
    order's choice is not told: it is the player's)."""
    service = TableService(store)
    game = await first_election_question(store)
    asked = ENGINE.pending(game.state)[0]
    text, _view = await doge_prompt(service, game)
    assert "At the deadline the table plays: Take the advisor › Stand it in " in text
    await store.seats.update_seat(game.id, asked, orders={"advisor": "abstain"})
    text, _view = await doge_prompt(service, await store.actions.load(game.id))
    assert "At the deadline your standing order answers for you." in text
    assert "Abstain ›" not in text
    await store.seats.update_seat(game.id, asked, orders={})
    await store.seats.set_autopilot(game.id, asked, True)
    with speaking("nl"):
        text, _view = await doge_prompt(service, await store.actions.load(game.id))
    assert "Bij de deadline antwoordt de automatische piloot voor je." in text


async def test_the_marker_menu_says_how_many_may_be_picked(store: Store) -> None:
    game = await table(store)

    def placeholder(markers: list[int]) -> str:
        game.state.players[0].markers = markers
        _panel, view = ballot_panel(game, 0, None, 0)
        menu = next(getattr(i, "item", i) for i in view.children
                    if getattr(getattr(i, "item", i), "max_values", 1) >= 1
                    and "bpm" in getattr(getattr(i, "item", i), "custom_id", ""))
        return menu.placeholder

    assert placeholder([3, 3, 2, 2, 1, 1, 0]) == "Markers (1 to 4)"
    assert placeholder([3, 1]) == "Markers (1 to 2)"
    assert placeholder([2]) == "Your last marker"


def test_the_result_names_the_winning_conditions_met_in_words() -> None:
    """D-9.1: '· met: 7 palaces in 5 districts (D-9.1 b)', not a bare letter; in Dutch too."""
    ends = (played(seed)[0] for seed in range(3, 40))
    state = next(s for s in ends if any(r["conditions"] for r in s.result["ranking"]))
    ended = SimpleNamespace(row=SimpleNamespace(result=state.result, players=PLAYERS),
                            engine=ENGINE, state=state, shown_players=PLAYERS)
    words = {"a": "a palace in every district (D-9.1 a)",
             "b": "7 palaces in 5 districts (D-9.1 b)", "c": "8 palaces in 4 districts (D-9.1 c)"}
    lines = final_text(ended).splitlines()
    for row in state.result["ranking"]:
        [line] = [ln for ln in lines if ln.split(" ", 1)[1].startswith(NAMES[row["seat"]] + ":")]
        if row["conditions"]:
            assert line.endswith("· met: " + "; ".join(words[c] for c in row["conditions"]))
        else:
            assert "met:" not in line and "condition" not in line
    with speaking("nl"):
        assert "· voldaan: " in final_text(ended)
