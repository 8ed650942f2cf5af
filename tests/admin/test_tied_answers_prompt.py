"""The prompt of a tied step says who has answered, not what (D-11.2)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from cogs.doge.prompts import election_prompt
from tests.admin.helpers import make_table
from tests.doge.helpers import act, elect


async def test_d_11_2_the_prompt_names_who_answered_and_hides_the_answer(
        tmp_path: Path) -> None:
    table = await make_table(tmp_path)
    try:
        game = await table.game()
        st = game.state.clone()
        elect(st, "san_polo", {0: [2], 1: [2]})  # A and B tie: two houses each (D-6.4)
        act(st, 1, "place", count=2)
        staged = dataclasses.replace(game, state=st)
        text, _view = election_prompt(table.service, staged, {})
        lines = text.splitlines()
        assert lines[1].startswith("<@101>: you may place up to 2 houses")  # A is asked
        assert lines[-1].endswith("✅ B has answered")  # and nothing of what B chose
        assert "places" not in text and "B places" not in text
        assert st.houses["san_polo"] == [0, 0, 0]  # nothing on the board before A answers
    finally:
        await table.close()


async def test_a_seat_on_autopilot_is_named_once_in_its_question(tmp_path: Path) -> None:
    """Its player is listed by name with the autopilot's mark, and the question that
    follows does not say the name again ('A (🤖 autopilot) — A: place …')."""
    table = await make_table(tmp_path)
    try:
        game = await table.game()
        st = game.state.clone()
        elect(st, "san_polo", {0: [2], 1: [1]})  # A wins, B is runner-up
        seats = [dataclasses.replace(game.seats[0], autopilot=True), *game.seats[1:]]
        staged = dataclasses.replace(game, state=st, seats=seats)
        text, _view = election_prompt(table.service, staged, {})
        asked = text.splitlines()[1]
        assert asked.startswith("A (🤖 autopilot), you won San Polo: take its advisor")
        assert "— A" not in asked
    finally:
        await table.close()
