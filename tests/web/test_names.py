"""No name breaks a page: a name is taken as typed wherever the pages write it, never as
a Discord timestamp or as bold, and isolated from the text around it."""

from __future__ import annotations

from bot.store import Store
from bot.web.app import line_html, when
from tests.community.helpers import play, start
from tests.web.helpers import GUILD, SEED, client

STAMP_NAME = "<t:99999999999999:R>"  # a timestamp no calendar holds, as a name


async def test_a_name_written_as_a_timestamp_is_shown_as_typed(store: Store) -> None:
    game_id = await start(store, "doge", [11, 12, 13], guild=GUILD, seed=SEED)
    await store.seats.replace_seat_user(game_id, 0, user_id=99, name=STAMP_NAME)
    await store.seats.replace_seat_user(game_id, 1, user_id=98, name="**loud**")
    await play(store, game_id, moves=8)
    token = await store.web_pages.page_token("game", game_id)
    async with client(store) as c:
        for path in (f"/g/{token}", f"/g/{token}/live"):
            answer = await c.get(path)
            assert answer.status == 200, path
            text = await answer.text()
            assert "<bdi>&lt;t:99999999999999:R&gt;</bdi>" in text
            assert "<bdi>**loud**</bdi>" in text and "<strong>loud</strong>" not in text
        last = (await (await c.get(f"/g/{token}/step/1.json")).json())["last"]
        told = [await (await c.get(f"/g/{token}/step/{n}.json")).json()
                for n in range(1, last + 1)]
        html = [line for step in told for line in step["html"]]
        assert any("<bdi>&lt;t:99999999999999:R&gt;</bdi>" in line for line in html)
        lines = [line for step in told for line in step["lines"]]
        assert any(STAMP_NAME in line for line in lines)  # the data: plain text
        assert not any("\ue000" in line or "\ue001" in line for line in lines)


def test_a_story_line_sets_names_apart_and_survives_any_moment() -> None:
    from bot.web.text import marked

    line = f"**{marked('<t:1700000000:R> **x**')}** wins\n-# at <t:1700000000:R>"
    assert str(line_html(line)) == (
        "<strong><bdi>&lt;t:1700000000:R&gt; **x**</bdi></strong> wins\n"
        "<small>at 2023-11-14 22:13 UTC</small>")
    assert str(line_html("at <t:99999999999999:R>")) == "at 99999999999999"
    assert when(10.0 ** 20) == str(10.0 ** 20)
    assert str(line_html(marked("a\ue001b\ue000c"))) == "<bdi>abc</bdi>"  # no mark of its own
