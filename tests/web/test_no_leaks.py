"""D-10, C-7.2: a public page shows exactly the public view. Games are played move by
move; after every move everything the public page loads (its HTML, the live part the
script fetches, the newest step's JSON, the event stream's first event and every image
either names) is searched for every hidden value: the secret keys of a stored state or
action and the game's seed (as the log test searches, tests/e2e/test_secret_logs.py),
each player's private answer (`/<game> me`), and each board is drawn again from the
state with every secret changed and must be the same image to the byte."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.i18n import speaking
from bot.store import ACTIVE, LoadedGame, Store
from bot.web.app import PAGES
from bot.web.games import WEB_GAMES
from bot.web.history import History
from tests.clans.test_views import with_colours
from tests.community.helpers import play, start
from tests.doge.helpers import scrambled
from tests.e2e.test_secret_logs import hidden_in
from tests.web.helpers import GUILD, SEED, client, first_event, image_urls


async def everything_public(c: Any, token: str) -> tuple[str, list[bytes], list[str]]:
    """What the public page loads: its texts, its images and their addresses."""
    page = await (await c.get(f"/g/{token}")).text()
    live = await (await c.get(f"/g/{token}/live")).text()
    event = str(await first_event(c, token))
    last = (await first_event(c, token))["last"]
    step = await (await c.get(f"/g/{token}/step/{last}.json")).text()
    urls = sorted(set(image_urls(page) + image_urls(step)))
    images, headers = [], []
    for url in urls:
        response = await c.get(url)
        assert response.status == 200, url
        images.append(await response.read())
        headers.append(str(dict(response.headers)))
    return "\n".join([page, live, event, step, *headers]), images, urls


async def twin_board(store: Store, history: History, game: LoadedGame, url: str,
                     twin_of: Any) -> bytes:
    """The board of a step address, drawn from its state with every secret changed."""
    steps = await history.steps(game)
    step = int(url.split("/step/")[1].split(".")[0])
    version = steps.versions[step]
    state = twin_of(await store.actions.state_at(game.id, version))
    with speaking("en"):
        caption = (await history.step_told(game, version))[1]
        return await WEB_GAMES[game.row.game].render(replace(game, state=state), caption)


async def play_and_check(store: Store, game_name: str, keys: tuple[str, ...],
                         twin_of: Any, moves: int) -> int:
    game_id = await start(store, game_name, [11, 12, 13], guild=GUILD, seed=SEED)
    token = await store.web_pages.page_token("game", game_id)
    checked = 0
    async with client(store) as c:
        history = c.app[PAGES].history
        for _ in range(moves):
            await play(store, game_id, moves=1)
            game = await store.actions.load(game_id)
            if game.row.status != ACTIVE:
                break
            text, images, urls = await everything_public(c, token)
            assert hidden_in(text, keys, SEED) == []
            with speaking("en"):
                private = [line for seat in game.seats
                           for line in WEB_GAMES[game_name].secrets(game, seat)]
            told = [line for line in private if line.split(":")[0] in text
                    and line.split(":", 1)[-1].strip() in text]
            assert [line for line in told if "Supply" not in line] == []
            for url, image in zip(urls, images, strict=True):
                if "/step/" in url:
                    assert image == await twin_board(store, history, game, url, twin_of), url
                    checked += 1
    return checked


async def test_a_doge_page_shows_no_ballot_stack_or_held_marker(store: Store) -> None:
    checked = await play_and_check(store, "doge", ("markers", "stacks", "ballots"),
                                   scrambled, moves=24)
    assert checked >= 24


async def test_a_clans_page_shows_no_clan_colour(store: Store) -> None:
    def twin_of(state: Any) -> Any:  # every clan dealt to another seat
        colours = tuple(state.colours)
        return with_colours(state, colours[1:] + colours[:1])

    checked = await play_and_check(store, "clans", ("colours",), twin_of, moves=12)
    assert checked >= 12
