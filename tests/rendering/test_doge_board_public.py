"""What a public Doge board says (D-10): a held election's stacks are off the map (D-4.7,
D-11.3), and the player cards speak of the awaited players in the third person while a
computer seat keeps its tag."""

from __future__ import annotations

from dataclasses import replace

from PIL import Image, ImageChops

from bot.games.doge.view import PublicView
from bot.i18n import speaking
from rendering.common.drawing import GOLD, clear_caches
from rendering.common.text import recording
from rendering.doge import layout as L
from rendering.doge.board import drawn_stacks, render_doge_image
from rendering.doge.panel import NAME_MIN, card_tags
from tests.rendering import views as V


def _same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None


def _texts(view: PublicView, language: str = "en") -> list[str]:
    clear_caches()  # the player cards are cached tiles: draw them again, recorded
    try:
        with speaking(language), recording() as drawn:
            render_doge_image(view)
    finally:
        clear_caches()
    return [d.text for d in drawn]


# ---- stacks of held elections (D-4.7, D-11.3) ------------------------------------------

def _mid_year() -> PublicView:
    """San Marco votes, after Castello's election: Castello's stacks were revealed and
    are gone; two later areas hold face-down stacks."""
    view = V.election("san_marco", {0: 6, 1: 3, 2: 1}, (0,), (1,), done=1)
    assert view.order_current[:2] == ("castello", "san_marco")
    assert view.elections_done == 1 and set(view.revealed) == {"castello"}
    assert "castello" not in view.stacks  # the engine's view: held, its stacks left
    return view


def test_a_held_elections_stacks_are_not_drawn() -> None:
    view = _mid_year()
    assert drawn_stacks(view, "castello") == ()
    # The same board as one that never knew those stacks: no faded leftovers.
    assert _same(render_doge_image(view), render_doge_image(replace(view, revealed={})))


def test_the_stacks_now_voting_and_still_to_vote_stay() -> None:
    view = _mid_year()
    assert drawn_stacks(view, "san_marco") == view.stacks["san_marco"]
    assert all(s.values for s in drawn_stacks(view, "san_marco"))  # face up (D-11.3)
    later = [a for a in view.stacks if a != "san_marco"]
    assert later and all(drawn_stacks(view, a) == view.stacks[a] for a in later)
    board = render_doge_image(view)
    for area in ("san_marco", later[0]):
        gone = replace(view, stacks={a: v for a, v in view.stacks.items() if a != area})
        assert not _same(board, render_doge_image(gone)), area


def test_an_election_ended_its_stacks_off_the_board_between_two_votes() -> None:
    """The board right after San Marco's last decision (a recap frame): both held."""
    view = _mid_year()
    after = replace(view, election=None, awaiting=(), elections_done=2,
                    stacks={a: v for a, v in view.stacks.items() if a != "san_marco"},
                    revealed={**view.revealed, "san_marco": view.stacks["san_marco"]})
    assert drawn_stacks(after, "san_marco") == ()
    assert _same(render_doge_image(after), render_doge_image(replace(after, revealed={})))


# ---- the player cards ------------------------------------------------------------------

def test_the_tags_speak_of_the_awaited_player_and_keep_the_computers() -> None:
    view = V.placement(4)  # all but seat 1 are awaited; seat 3 is the computer's
    human, bot = view.players[0], view.players[3]
    assert bot.is_bot and not human.is_bot
    assert [t for t, _fill in card_tags(human, True)] == ["to act"]
    assert [t for t, _fill in card_tags(bot, True)] == ["to act", "bot"]
    assert [t for t, _fill in card_tags(bot, False)] == ["bot"]
    assert card_tags(human, False) == []
    assert card_tags(human, True)[0][1] == GOLD


def test_the_public_board_addresses_nobody() -> None:
    view = V.placement(4)
    texts = _texts(view)
    assert "your move" not in texts
    assert texts.count("to act") == len(view.awaiting) == 3
    assert "bot" in texts  # the awaited computer seat keeps its tag


def test_an_awaited_computer_seat_looks_unlike_an_awaited_person() -> None:
    view = V.placement(4)
    seat = 3
    assert seat in view.awaiting and view.players[seat].is_bot
    person = replace(view, players=tuple(replace(p, is_bot=False) if p.seat == seat else p
                                         for p in view.players))
    box = L.player_card_box(seat, 4)
    assert not _same(render_doge_image(view).crop(box), render_doge_image(person).crop(box))


def test_both_tags_leave_the_name_whole_in_dutch() -> None:
    """Dutch 'computer' beside the state goes one above the other: the name keeps its
    room, never cut to an ellipsis."""
    view = V.placement(4)
    texts = _texts(view, "nl")
    assert "computer" in texts and "Dmitri" in texts
    assert not any(t.endswith("…") for t in texts)
    assert NAME_MIN >= 100
