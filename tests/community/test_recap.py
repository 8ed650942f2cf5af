"""The recap: one frame per election (Doge) or village (Clans), the year or epoch in the
caption, the boards' own pixels, public views only, under Discord's 8 MB."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bench.recap_bench import play
from bot.community.recap import Scene, scenes
from bot.games.community import community_of
from bot.games.registry import get_engine
from bot.games.wording import FACTS
from bot.i18n import speaking
from bot.store import Store
from bot.tables.service import TableService
from cogs.common.community import MAX_UPLOAD, recap_attachment, recap_scenes
from rendering.common.recap import render_recap
from rendering.doge.board import render_doge_board
from tests.community.helpers import finished, start
from tests.community.helpers import play as play_on


def replayed_events(record: dict) -> list[dict]:
    import random

    from bot.games.base import PlayerSpec

    engine = get_engine(record["game"])
    state = engine.new_game([PlayerSpec.from_json(p) for p in record["players"]],
                            record["settings"], random.Random(record["seed"]))
    events = []
    for action in record["actions"]:
        outcome = engine.apply(state, action)
        state, events = outcome.state, events + list(outcome.events)
    return events


def test_a_doge_recap_has_a_frame_per_election() -> None:
    record = play("doge", 2)
    events = replayed_events(record)
    elections = [e for e in events if e["type"] == "election_done"]
    found = scenes(record)
    assert len(found) == len(elections) > 20
    assert found[0].caption.split(FACTS)[-1].startswith("Year 1 — election 1 of ")
    assert found[-1].view.result is not None  # the last frame shows the final board
    last_year = max(e["year"] for e in events if e["type"] == "elections_begin")
    last = f"Year {last_year} — election {len(elections)} of"
    assert found[-1].caption.split(FACTS)[-1].startswith(last)
    data = render_recap("doge", found)
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF" and gif.n_frames == len(elections)
    assert len(data) < MAX_UPLOAD
    # Frame one is the board the channel showed, pixel for pixel.
    board = Image.open(io.BytesIO(render_doge_board(found[0].view, found[0].caption)))
    assert ImageChops.difference(gif.convert("RGB"), board.convert("RGB")).getbbox() is None


def test_a_clans_recap_has_a_frame_per_village() -> None:
    record = play("clans", 3)
    villages = [e for e in replayed_events(record) if e["type"] == "village"]
    found = scenes(record)
    assert [s.caption.split(FACTS)[-1] for s in found] == [
        f"Epoch {v['epoch']} — village {i} of {len(villages)}: {v['territory']} "
        f"({v['terrain']})" for i, v in enumerate(villages, start=1)]
    assert Image.open(io.BytesIO(render_recap("clans", found))).n_frames == len(villages)


def test_the_recap_draws_only_public_views() -> None:
    record = play("clans", 3)
    engine = get_engine("clans")
    import random

    from bot.games.base import PlayerSpec

    state = engine.new_game([PlayerSpec.from_json(p) for p in record["players"]],
                            record["settings"], random.Random(record["seed"]))
    with pytest.raises(TypeError, match="only a ClansPublicView"):
        render_recap("clans", [Scene(state, "secret colours")])
    with pytest.raises(TypeError):
        render_recap("clans", [Scene(engine.public_view(state, 0), "one seat's view")])
    with pytest.raises(ValueError):
        render_recap("clans", [])


async def test_recap_attachment_for_finished_games_only(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "games.db") as store:
        service = TableService(store)
        running = await start(store, "clans", [1, 2, 3], channel=5)
        assert await recap_attachment(service, running) is None
        done = await finished(store, "clans", [1, 2, 3], channel=6, seed=4)
        file = await recap_attachment(service, await service.load(done))
        assert file is not None and file.filename == f"clans-recap-{done}.gif"
        frames = Image.open(file.fp).n_frames
        assert frames == len((await service.load(done)).state.villages)
        assert f"{frames} in all" in (file.description or "")


async def test_the_recap_names_a_seat_handed_on_by_its_holder(tmp_path: Path) -> None:
    """The table shows a seat under its last holder's name; its recap does so too, in
    every frame (the record keeps the name the game began with)."""
    async with await Store.open(tmp_path / "games.db") as store:
        service = TableService(store)
        done = await start(store, "clans", [1, 2, 3], channel=6, seed=4)
        await play_on(store, done, seed=4, moves=3)
        await store.seats.replace_seat_user(done, 1, user_id=9, name="Erik")
        await play_on(store, done, seed=4)
        found = await recap_scenes(service, done)
        assert found is not None
        _loaded, shown = found
        assert all(scene.view.players[1] == "Erik" and scene.view.players[0] == "p0"
                   for scene in shown)
        assert (await store.records.export_game(done))["players"][1]["name"] == "p1"


def test_the_recaps_text_for_screen_readers_says_what_each_frame_shows() -> None:
    doge, clans = community_of("doge"), community_of("clans")
    assert doge.recap_description("Doge", 7, 3) == \
        "Doge game 7: the board after each election, 3 in all"
    assert clans.recap_description("Clans", 8, 12) == \
        "Clans game 8: the board after each village, 12 in all"
    with speaking("nl"):
        assert doge.recap_description("Doge", 7, 3) == \
            "Doge-partij 7: het bord na elke stemming, 3 in totaal"
