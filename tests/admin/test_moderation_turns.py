"""What a moderator's action sets off: a skip answers a player's whole turn, a kick never
hands the whole game to the computer, an undo names who must act again, and a change of
the clocks redraws the prompt that shows them."""

from __future__ import annotations

import random
from pathlib import Path

from bot.tables.kits import get_kit
from tests.admin.helpers import CHANNEL, MOD, USERS, make_table, refused


async def play_to_the_elections(table) -> None:
    """The placement rounds (D-3), everyone's highest marker on a fresh area."""
    game = await table.game()
    while game.state.phase == "placement":
        for user in USERS:
            if table.service.seat_of(game, user).seat in game.engine.pending(game.state):
                await table.ballot(user)
        game = await table.game()


def asked_again(game, kit, seat: int) -> bool:
    """Whether the seat's default answer leads to another question of the same turn."""
    after = game.engine.apply(game.state, game.engine.default_action(game.state, seat)).state
    return seat in game.engine.pending(after) and \
        kit.turn_key(after, seat) == kit.turn_key(game.state, seat)


async def test_a_skip_answers_every_question_of_the_awaited_players_election(
        tmp_path: Path) -> None:
    """D-11: an election asks its winner one question after another (D-5, D-6, D-8.5);
    a skip answers them all, not the first only, and stops at the election's end."""
    kit, rng = get_kit("doge"), random.Random(3)
    table = await make_table(tmp_path)
    await play_to_the_elections(table)
    game = await table.game()
    while not any(asked_again(game, kit, s.seat) for s in table.service.awaited_seats(game)):
        seat = table.service.awaited_seats(game)[0]
        await table.play_person(seat.user_id, rng)
        game = await table.game()
    awaited = [s.seat for s in table.service.awaited_seats(game)]
    turn = {s: kit.turn_key(game.state, s) for s in awaited}
    steps = await (await table.mod.skip(MOD, CHANNEL)).then()
    after = await table.game()
    for seat in awaited:  # none is asked anything more in that election
        assert seat not in after.engine.pending(after.state) or \
            kit.turn_key(after.state, seat) != turn[seat]
    assert sum(len(s.notes) for s in steps) > len(awaited)  # a second question answered
    await table.close()


async def test_a_skip_in_placement_answers_that_round_only(tmp_path: Path) -> None:
    """D-3.7: the skipped seats sit the round out; the next round waits for them again."""
    table = await make_table(tmp_path)
    await table.ballot(USERS[0])
    await (await table.mod.skip(MOD, CHANNEL)).then()
    game = await table.game()
    assert game.state.round == 2 and set(game.engine.pending(game.state)) == {0, 1, 2}
    await table.close()


async def test_the_last_person_playing_is_not_replaced_by_the_computer(tmp_path: Path) -> None:
    table = await make_table(tmp_path, bots=2)  # 101 plays with two computers
    before = await table.game()
    why = await refused(table.mod.kick(MOD, CHANNEL, 101), contains="last person playing")
    assert "`/table-admin end`" in why
    after = await table.game()
    assert after.version == before.version and after.seats[0].user_id == 101
    await table.close()


async def test_an_undo_names_whoever_must_act_again(tmp_path: Path) -> None:
    table = await make_table(tmp_path, timing="async", seed=5)
    rng = random.Random(1)
    await play_to_the_elections(table)
    game = await table.game()
    while not [s for s in table.service.awaited_seats(game) if s.user_id]:
        await table.play_person(next(u for u in USERS if table.service.seat_of(
            game, u).seat in game.engine.pending(game.state)), rng)
        game = await table.game()
    [seat] = table.service.awaited_seats(game)[:1]
    await table.play_person(seat.user_id, rng)  # a public move, taken back
    result = await table.mod.undo(MOD, CHANNEL)
    again = [s.user_id for s in table.service.awaited_seats(await table.game())]
    assert seat.user_id in again and result.ping == again
    mentions = " ".join(f"<@{u}>" for u in again)
    assert result.line.endswith(f" {mentions}: your turn again.")
    await table.close()


async def test_pause_resume_and_extend_redraw_the_prompt_only(tmp_path: Path) -> None:
    """The prompt shows each deadline, or that the clocks are paused: it is redrawn."""
    table = await make_table(tmp_path)
    for result in [await table.mod.pause(MOD, CHANNEL), await table.mod.resume(MOD, CHANNEL),
                   await table.mod.extend(MOD, CHANNEL, 2)]:
        [step] = result.steps
        assert not result.board and step.events == []
        assert step.game.version == (await table.game()).version
    await table.close()


async def test_kicking_the_last_person_is_refused_before_asking(tmp_path: Path) -> None:
    from bot.tables.mod_confirm import confirmation

    table = await make_table(tmp_path, bots=2)
    await refused(confirmation(table.mod, MOD, CHANNEL, "kick", 101),
                  contains="last person playing")
    await table.close()


async def test_a_person_on_autopilot_keeps_a_kick_at_the_clocks_pace(tmp_path: Path) -> None:
    """Others on autopilot are people: kicking the one still playing is allowed, and the
    game then waits for the autopilot's deadlines rather than playing out at once."""
    table = await make_table(tmp_path)
    for seat in (1, 2):
        await table.service.store.seats.set_autopilot((await table.game()).id, seat, True)
    before = await table.game()
    await (await table.mod.kick(MOD, CHANNEL, 101)).then()
    after = await table.game()
    assert after.row.status == "active" and after.seats[0].played_by_ai
    assert after.state.round == before.state.round and 0 in after.state.ballots
    assert sorted(after.engine.pending(after.state)) == [1, 2]  # paced: at their deadlines
    await table.close()
