"""The table service in Dutch: its refusals and replies in the reader's language, the
moderators' results, and notes made now but shown later in the language of the channel."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.community.setting import set_rating
from bot.games.base import PlayerSpec
from bot.games.wording import and_list
from bot.i18n import speaking
from bot.store import Store
from bot.store.errors import StaleVersion, WrongStatus
from bot.tables.kits import get_kit
from bot.tables.moderation import Moderation, Moderator
from bot.tables.service import TableError, TableService

USERS = [101, 102, 103]
MOD = Moderator(900, 1, manage_channels=True)
SERVER_MOD = Moderator(900, 1, manage_channels=True, manage_guild=True)
PLAYER = Moderator(101, 1)


class FakeTime:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[tuple[TableService, int]]:
    """A running Doge game of three people (101, 102, 103) in channel 500."""
    store = await Store.open(tmp_path / "g.db")
    try:
        service = TableService(store, clock=FakeTime())
        game = await store.games.create_game(
            "doge", guild_id=1, channel_id=500, players=[PlayerSpec(n) for n in "ABC"],
            user_ids=USERS, settings={"timing": "async"}, seed=4)
        await service.clock.sync(await service.load(game.id))
        yield service, game.id
    finally:
        await store.close()


async def refusal(call) -> str:
    with pytest.raises(TableError) as caught:
        await call
    return str(caught.value)


async def test_refusals_speak_the_readers_language(table) -> None:
    service, gid = table
    ballot = {"type": "ballot", "area": "castello", "markers": [1]}
    with speaking("nl"):
        assert await refusal(service.act(gid, 999, ballot)) == \
            "Je speelt niet mee in dit spel."
        assert await refusal(service.join(gid, 999, "Z")) == "Dit spel is al begonnen."
        assert await refusal(service.require_game(777)) == "Er is geen spel in dit kanaal."
        none_here = await refusal(service.require_game(777, "doge"))
        assert none_here.startswith("Er is geen Doge-spel in dit kanaal") \
            and "`/doge new`" in none_here
        too_long = await refusal(service.away(gid, 101, 0))
        assert too_long.startswith("Geef een aantal dagen op")
    # Made while the channel's language is spoken (the settings' public answer), shown
    # to the reader in theirs.
    with pytest.raises(TableError) as caught:
        with speaking("en"):
            await service.update_timing(gid, {"reminders": "①h"})
    with speaking("nl"):
        assert str(caught.value).startswith("`①h` is geen herinnering")
    assert await refusal(service.act(gid, 999, ballot)) == "You are not playing in this game."


async def test_away_orders_and_timing_replies_in_dutch(table) -> None:
    service, gid = table
    with speaking("nl"):
        away = await service.away(gid, 103, 2)
        assert away.startswith("🏖️ C is 2 dagen afwezig: de klokken wachten tot <t:")
        assert "Welkom terug, C" in await service.back(gid, 103)
        orders = await service.set_orders(gid, 101, {"advisor": "abstain"})
        assert orders == "Bewaard: bij een gemiste deadline raadsheer → onthouden."
        wrong = await refusal(service.set_orders(gid, 101, {"build": "some"}))
        assert wrong.startswith("Vaste opdracht paleizen: kies uit")
        timing = await service.update_timing(gid, {"reminders": ["half", "2h"]})
        assert "herinneringen halverwege, 2 u vooraf" in timing
        assert "automatische piloot bij deadlines uit (normaal)" in timing
    assert "reminders halfway, 2 h before" in await service.update_timing(gid, {})


async def test_a_time_out_note_made_in_english_is_shown_in_dutch(table) -> None:
    service, gid = table
    step = await service.time_out(gid, 0)  # the clock's task speaks English
    assert step is not None
    note = step.notes[0]
    assert "ran out of time" in note and str(note).startswith("⏰ A")
    with speaking("nl"):  # the channel poster shows it in the server's language
        assert str(note) == "⏰ De tijd van A is om: de tafel heeft de keuze gemaakt."
    assert str(note) == "⏰ A ran out of time, so the table chose for them."


async def test_moderator_results_and_refusals_in_dutch(table) -> None:
    service, gid = table
    mod = Moderation(service)
    with speaking("nl"):
        refused = await refusal(mod.pause(PLAYER, 500))
        assert refused.startswith("🛡️ Alleen moderators mogen `/") and "gebruiken" in refused
        paused = await mod.pause(MOD, 500)
        assert paused.line.startswith("🛡️ <@900> heeft het spel gepauzeerd")
        assert (await refusal(mod.pause(MOD, 500))).startswith("Het spel is al gepauzeerd")
        skipped = await mod.skip(MOD, 500)
        assert skipped.line == "🛡️ <@900> heeft de spelers op wie gewacht werd overgeslagen."
        [step] = await skipped.then()  # the skips, once the line is told, each with its note
        notes = [str(line) for line in step.notes]
        assert len(notes) == 3 and all(n.startswith("⏰ Een moderator heeft ")
                                       and " overgeslagen: " in n for n in notes)
        undo = await refusal(mod.undo(MOD, 500))  # the skip revealed the round
        assert undo == ("De laatste stap kan niet ongedaan worden gemaakt: die onthulde een "
                        "plaatsingsronde (D-3.3).")
        bad = await refusal(mod.import_record(MOD, 501, 1, b"not json"))
        assert bad == "Dat bestand is geen verslag van een partij (het is geen JSON)."
        rating = await set_rating(mod, SERVER_MOD, moderated=False, computers=None)
        assert "tellen niet mee" in rating.line
    assert (await mod.resume(MOD, 500)).line.startswith("🛡️ <@900> resumed the game")


async def test_a_record_the_store_refuses_is_explained_in_dutch(table) -> None:
    service, _gid = table
    mod = Moderation(service)
    record = b'{"format": "colovini-game-record", "version": 9}'
    with speaking("nl"):
        said = await refusal(mod.import_record(MOD, 501, 1, record))
    assert said == "Importeren lukt niet: verslagversie 9 wordt niet ondersteund (1 tot en met 2)."


def test_store_errors_and_shared_words() -> None:
    with speaking("nl"):
        assert str(StaleVersion(5, 7, 6)).startswith("partij 5 staat op versie 7")
        assert str(WrongStatus(5, "finished", "lobby or active")) == \
            "partij 5 heeft status afgelopen, niet lobby of bezig"
        assert and_list(["Anna", "Bernd", "Claudia"]) == "Anna, Bernd en Claudia"
        opening = get_kit("clans").opening_note
    assert str(WrongStatus(5, "active", "lobby")) == "game 5 is active, not lobby"
    assert and_list(["Anna", "Bernd"]) == "Anna and Bernd"
    assert "`/clans me`" in str(opening)  # made under Dutch, shown under English
    with speaking("nl"):
        assert str(opening).startswith("Een nieuwe partij Clans begint")
