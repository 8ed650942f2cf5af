"""Every election decision can be asked one step at a time within Discord's limits."""

from __future__ import annotations

import random

from bot.games.doge import ENGINE
from bot.games.doge.engine import apply_in_place
from bot.games.doge.players import random_action
from bot.games.doge.questions import build_question
from bot.games.question import Option, Question
from tests.doge.helpers import NAMES, act, elect, new_game


def test_every_decision_of_many_games_fits_and_reaches_every_legal_action() -> None:
    kinds = set()
    for seed in range(40):
        rng = random.Random(seed)
        st = new_game(3 + seed % 2, seed=seed)
        while st.phase != "over":
            seat = rng.choice(ENGINE.pending(st))
            if st.phase == "elections":
                legal = ENGINE.legal_actions(st, seat)
                q = build_question(ENGINE.public_view(st, seat), legal,
                                   ENGINE.default_action(st, seat), NAMES)
                q.check()
                kinds.add(q.kind)
                reachable = [o.action for o in q.options]
                takes = [a for a in legal if a["type"] == "take"]
                # Quarantia advisors are alike: only the lowest neutral one is offered.
                lowest = min((a["advisor"] for a in takes), default=None)
                for a in legal:
                    if a["type"] != "take" or q.kind == "advisor" or a["advisor"] == lowest:
                        assert a in reachable
                assert q.action_for(q.default_path) == ENGINE.default_action(st, seat)
            apply_in_place(st, random_action(st, seat, rng))
    assert kinds == {"advisor", "qadvisor", "qmove", "place", "build"}


def test_walking_the_levels_of_a_question() -> None:
    st = new_game(4)
    st.houses["castello"][0] = 1
    elect(st, "castello", {0: [3]})
    q = build_question(ENGINE.public_view(st, 0), ENGINE.legal_actions(st, 0),
                       ENGINE.default_action(st, 0), NAMES)
    assert q.labels_after(()) == ["Take the advisor", "Abstain"]
    assert "Move no house" in q.labels_after(("Abstain",))
    assert q.labels_after(("Abstain", "From Castello")) == [
        "To Cannaregio", "To Dorsoduro", "To San Marco", "To San Polo", "To Santa Croce"]
    action = q.action_for(("Abstain", "From Castello", "To Dorsoduro"))
    act(st, 0, action["type"], move=action["move"])
    assert st.houses["dorsoduro"][0] == 1
    assert "Anna, you won Castello" in q.prompt
    # Each branch of the private panel asks its own question.
    assert q.title_for(()) == "Your choice"
    assert q.title_for(("Take the advisor",)) == "Where to stand it?"
    assert q.title_for(("Abstain",)) == "Which house to move, if any?"
    assert q.title_for(("Abstain", "From Castello")) == "To where?"


def test_d_5_3_the_advisor_question_says_where_it_stands_and_offers_to_keep_it_there() -> None:
    st = new_game(4)
    elect(st, "castello", {0: [3]})
    q = build_question(ENGINE.public_view(st, 0), ENGINE.legal_actions(st, 0),
                       ENGINE.default_action(st, 0), NAMES)
    assert q.prompt.endswith("Right now this advisor belongs to nobody and is off the board.")
    stands = q.labels_after(("Take the advisor",))
    assert all(label.startswith("Stand it in ") for label in stands)
    for holder, said in ((1, f"The advisor is {NAMES[1]}'s and stands in San Marco now."),
                         (0, "The advisor is yours and stands in San Marco now.")):
        st = new_game(4)
        st.advisors["castello"] = [holder, "san_marco"]  # D-10.1: public
        elect(st, "castello", {0: [3]})
        q = build_question(ENGINE.public_view(st, 0), ENGINE.legal_actions(st, 0),
                           ENGINE.default_action(st, 0), NAMES)
        assert q.prompt.endswith(said)
        stands = q.labels_after(("Take the advisor",))
        assert "Keep it in San Marco" in stands and "Stand it in San Marco" not in stands
        action = q.action_for(("Take the advisor", "Keep it in San Marco"))
        assert action["stand"] == "san_marco"


def test_each_place_question_cites_the_rule_it_places_under() -> None:
    """D-6.1 a single winner, D-6.3 a runner-up, D-6.4 tied winners; D-6.5 for all."""
    def place_prompt(st, seat: int) -> str:
        return build_question(ENGINE.public_view(st, seat), ENGINE.legal_actions(st, seat),
                              ENGINE.default_action(st, seat), NAMES).prompt

    st = new_game(4)
    elect(st, "cannaregio", {0: [3, 3], 1: [2]})
    act(st, 0, "take", advisor="cannaregio", stand="quarantia")
    assert place_prompt(st, 0).endswith("houses from your supply in Cannaregio (D-6.1, D-6.5).")
    act(st, 0, "place", count=0)
    assert place_prompt(st, 1).endswith(
        "you may place a house from your supply in Cannaregio, or none (D-6.3, D-6.5).")
    st = new_game(4)
    elect(st, "san_polo", {0: [2], 1: [2]})
    assert place_prompt(st, 1).endswith("houses from your supply in San Polo (D-6.4, D-6.5).")


def test_quarantia_moves_say_how_many_and_offer_moving_none() -> None:
    """D-7.5: tied winners may move up to 2 houses, one after the other; D-7.3: tied
    runners-up 1. Before any move the way out is 'Move no house', after one 'Make no
    more moves'."""
    def asked(st, seat: int):
        return build_question(ENGINE.public_view(st, seat), ENGINE.legal_actions(st, seat),
                              ENGINE.default_action(st, seat), NAMES)

    st = new_game(4)
    st.houses["castello"][0] = st.houses["castello"][1] = 2
    elect(st, "quarantia", {0: [2], 1: [2]})
    q = asked(st, 0)
    assert "move up to 2 of your houses" in q.prompt and q.prompt.endswith("(D-7.5).")
    assert "Move no house" in q.labels_after(()) and "Make no more moves" not in \
        q.labels_after(())
    act(st, 0, "move", **{"from": "castello", "to": "dorsoduro"})
    q = asked(st, 0)
    assert "one more house" in q.prompt and "Make no more moves" in q.labels_after(())

    st = new_game(4)
    st.houses["castello"][1] = st.houses["castello"][2] = 1
    elect(st, "quarantia", {0: [3], 1: [2], 2: [2]})
    act(st, 0, "abstain", move=None)  # the winner's first choice, then the runners-up
    q = asked(st, 1)
    assert "move 1 of your houses" in q.prompt and q.prompt.endswith("(D-7.3).")
    assert "Move no house" in q.labels_after(())


def test_d_11_1_abstaining_with_no_house_to_move_is_one_step() -> None:
    st = new_game(4)
    elect(st, "castello", {0: [3]})  # anna has no house on the board (D-6.2)
    q = build_question(ENGINE.public_view(st, 0), ENGINE.legal_actions(st, 0),
                       ENGINE.default_action(st, 0), NAMES)
    assert q.labels_after(()) == ["Take the advisor", "Abstain"]
    assert q.labels_after(("Abstain",)) == []
    assert q.action_for(("Abstain",)) == {"seat": 0, "type": "abstain", "move": None}
    # Nor does the prompt offer a house move: it says there is none to make.
    assert "you may move one house" not in q.prompt
    assert "You have no house on the board to move." in q.prompt


def test_a_step_with_one_label_is_not_asked() -> None:
    """D-11.1 in the asking: a lone first step is left out, a lone later step joins the
    label before it; the titles stay with their steps."""
    take = {"type": "take", "stand": "quarantia"}
    q = Question(seat=0, kind="advisor", prompt="?", options=[
        Option(("Abstain", "Take the advisor", "Stand it in Quarantia"), take),
        Option(("Abstain", "Keep it"), {"type": "keep"})],
        default_path=("Abstain", "Keep it"), level_titles=["First", "Second", "Third"],
        secret=False)
    short = q.without_lone_steps()
    assert short.labels_after(()) == ["Take the advisor › Stand it in Quarantia", "Keep it"]
    assert short.action_for(("Take the advisor › Stand it in Quarantia",)) == take
    assert short.default_path == ("Keep it",)
    assert short.title_for(()) == "Second"
    lone = Question(seat=0, kind="x", prompt="?", options=[Option(("Only",), take)],
                    secret=True)
    assert lone.without_lone_steps().secret  # the secrecy stays with the question
    assert [o.path for o in lone.without_lone_steps().options] == [("Only",)]
