"""The Clans engine: the `GameEngine` contract over the in-place rules core.

`apply` checks an action against the rules (each refusal names its rule), clones the state
and runs the fast core on the clone. Simulations call `apply_in_place` instead, or the
integer-level helpers in `rules` directly.
"""

from __future__ import annotations

import random
from itertools import permutations
from typing import Any

from bot.games.base import Action, Event, IllegalAction, Outcome, PlayerSpec
from bot.games.clans import rules, serialize
from bot.games.clans.caption import caption
from bot.games.clans.determinize import determinize
from bot.games.clans.events import describe_event, without_emptied, without_unplayed_epochs
from bot.games.clans.rules import HUT_LIMIT, LABELS, MAP, N_COLOURS, ClansState
from bot.games.clans.views import ClansPlayerView, ClansPublicView, player_view, spectator_view
from bot.games.wording import user_text
from bot.i18n import _

MIN_PLAYERS, MAX_PLAYERS = 2, 4  # C-2.1


class ClansEngine:
    name = "clans"
    schema_version = serialize.SCHEMA

    # -- setup ---------------------------------------------------------------------------

    def new_game(
        self, players: list[PlayerSpec], settings: dict[str, Any], rng: random.Random
    ) -> ClansState:
        """`settings` has nothing to tune in Clans and is ignored."""
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise ValueError(f"Clans is for {MIN_PLAYERS} to {MAX_PLAYERS} players (C-2.1)")
        if any(p.colour is not None for p in players):
            raise ValueError("Clans deals colours secretly; seats bring none (C-2.3)")
        huts = [0] * (rules.N_TERRITORIES * N_COLOURS)
        regions: dict[str, list[int]] = {}
        for territory in MAP.territories:
            regions.setdefault(territory.region, []).append(territory.index)
        for region in regions.values():  # C-2.2: one hut of each colour per region
            shuffled = list(range(N_COLOURS))
            rng.shuffle(shuffled)
            for t, c in zip(region, shuffled, strict=True):
                huts[t * N_COLOURS + c] = 1
        colours = tuple(rng.sample(range(N_COLOURS), len(players)))  # C-2.3
        order = list(range(len(players)))
        rng.shuffle(order)  # C-2.4
        return ClansState(
            players=tuple(players), turn_order=tuple(order), colours=colours, huts=huts,
            totals=[1] * rules.N_TERRITORIES, villages=[], clan_scores=[0] * N_COLOURS,
            chips=[0] * len(players), turn=0, to_order=[], log=[], over=False, end_reason=None,
        )

    # -- whose turn, what is allowed -----------------------------------------------------

    def pending(self, state: ClansState) -> list[int]:
        return [] if state.over else [state.mover]

    def is_over(self, state: ClansState) -> bool:
        return state.over

    def legal_actions(self, state: ClansState, seat: int) -> list[Action]:
        if state.over or seat != state.mover:
            return []
        if state.to_order:
            labels = [LABELS[t] for t in state.to_order]
            return [
                {"seat": seat, "type": "order", "villages": list(p)} for p in permutations(labels)
            ]
        return [
            {"seat": seat, "type": "move", "from": LABELS[a], "to": LABELS[b]}
            for a, b in rules.legal_moves(state)
        ]

    def default_action(self, state: ClansState, seat: int) -> Action:
        """At a deadline: the first legal move in label order (lowest 'from', then lowest
        'to'), or, when villages await their order, the order in which they are listed
        (label order). Both are deterministic and always legal."""
        self._check_turn(state, seat)
        if state.to_order:
            return {"seat": seat, "type": "order", "villages": [LABELS[t] for t in state.to_order]}
        src, dst = rules.legal_moves(state)[0]  # one exists, or the game would be over (C-3.4)
        return {"seat": seat, "type": "move", "from": LABELS[src], "to": LABELS[dst]}

    # -- acting ----------------------------------------------------------------------------

    def apply(self, state: ClansState, action: Action) -> Outcome:
        self._validate(state, action)  # before cloning: a refusal costs nothing
        new_state = state.clone()
        events: list[Event] = []
        self._run(new_state, action, events)
        return Outcome(new_state, events)

    def apply_in_place(
        self, state: ClansState, action: Action, events: list[Event] | None = None
    ) -> None:
        """`apply` without the copy, for simulations. A refused action leaves the state
        untouched; pass a list to collect events, or None to skip building them."""
        self._validate(state, action)
        self._run(state, action, events)

    def _run(self, state: ClansState, action: Action, events: list[Event] | None) -> None:
        if action["type"] == "end_game":
            # A moderator ends the game: scored as it stands, colours revealed (C-6.2).
            rules.end_game(state, "moderator", events)
            return
        if action["type"] == "move":
            src, dst = self._territory(action["from"]), self._territory(action["to"])
            rules.move_in_place(state, src, dst, events)
        else:
            order = [self._territory(label) for label in action["villages"]]
            rules.order_in_place(state, order, events)

    def _check_turn(self, state: ClansState, seat: Any) -> None:
        if state.over:
            raise IllegalAction(_("the game is over"), "C-6.1")
        if type(seat) is not int or seat != state.mover:
            raise IllegalAction(_("it is {name}'s turn",
                                  name=user_text(state.players[state.mover].name)), "C-2.4")

    def _territory(self, label: Any) -> int:
        index = MAP.label_index(label) if isinstance(label, str) else None
        if index is None:
            raise IllegalAction(_("there is no territory called {label}",
                                  label=user_text(repr(label))), "C-1.3")
        return index

    def _validate(self, state: ClansState, action: Action) -> None:
        if not isinstance(action, dict):
            raise IllegalAction(_("an action must be a JSON object"))
        if action.get("type") == "end_game":  # the table's, not a seat's
            if state.over:
                raise IllegalAction(_("the game is over"), "C-6.1")
            return
        self._check_turn(state, action.get("seat"))
        kind = action.get("type")
        if kind == "move":
            if state.to_order:
                raise IllegalAction(_("first choose the order of the villages just founded"),
                                    "C-4.7")
            self._validate_move(state, self._territory(action.get("from")),
                                self._territory(action.get("to")))
        elif kind == "order":
            if not state.to_order:
                raise IllegalAction(_("no villages are waiting to be ordered"), "C-4.7")
            named = action.get("villages")
            if not isinstance(named, list):
                raise IllegalAction(_("list the villages just founded, in order"), "C-4.7")
            indices = [self._territory(label) for label in named]
            if sorted(indices) != sorted(state.to_order):
                expected = ", ".join(LABELS[t] for t in state.to_order)
                raise IllegalAction(_("name each village just founded exactly once: "
                                      "{villages}", villages=expected), "C-4.7")
        else:
            raise IllegalAction(_("Clans has moves and village orders only, not {kind}",
                                  kind=repr(kind)), "C-3.1")

    def _validate_move(self, state: ClansState, src: int, dst: int) -> None:
        a, b = LABELS[src], LABELS[dst]
        if src == dst:
            raise IllegalAction(_("a move goes from {a} to a neighbouring territory", a=a),
                                "C-3.1")
        if MAP.lake_between(src, dst):
            raise IllegalAction(_("{a} and {b} are separated by a lake", a=a, b=b), "C-1.2")
        if not MAP.are_neighbours(src, dst):
            raise IllegalAction(_("{a} and {b} are not neighbours", a=a, b=b), "C-1.2")
        here, there = state.totals[src], state.totals[dst]
        if not here:
            raise IllegalAction(_("{a} holds no huts", a=a), "C-3.1")
        if not there:
            raise IllegalAction(_("huts cannot move into the empty territory {b}", b=b), "C-3.1")
        if here >= HUT_LIMIT:
            if there < HUT_LIMIT:
                raise IllegalAction(_(
                    "a territory with {limit} or more huts cannot be left ({a} has {here})",
                    limit=HUT_LIMIT, a=a, here=here), "C-3.2")
            if here > there:
                raise IllegalAction(_(
                    "between two territories of {limit} or more huts only the smaller group "
                    "may move ({a} has {here}, {b} has {there})",
                    limit=HUT_LIMIT, a=a, b=b, here=here, there=there), "C-3.3")

    # -- what people see -------------------------------------------------------------------

    def public_view(
        self, state: ClansState, viewer: int | None
    ) -> ClansPublicView | ClansPlayerView:
        """A spectator (None) gets a `ClansPublicView` with no colour in it; a seat gets a
        `ClansPlayerView`: the same public part plus its own colour (C-7)."""
        if viewer is None:
            return spectator_view(state)
        return player_view(state, viewer)

    def describe(self, event: Event, players: list[PlayerSpec]) -> str:
        return describe_event(event, players)

    def caption(self, events: list[Event], players: list[PlayerSpec]) -> str | None:
        return caption(events, players)

    def same_events(self, logged: list[Event], replayed: list[Event]) -> bool:
        """Whether a replayed action tells what its logged events told (the store's
        rebuild check). Logs of older forms still rebuild: until an epoch that never
        begins went untold (C-6.1), a move leaving no move logged the epoch its last
        village opened just before the game's end; and until villages named the
        territory whose emptying cut them off (C-4.1), none did."""
        logged = without_unplayed_epochs(logged)
        replayed = without_unplayed_epochs(replayed)
        return logged == replayed or logged == without_emptied(replayed)

    def determinize(self, view: ClansPlayerView, rng: random.Random) -> ClansState:
        """A full state with the other players' clans dealt at random among the colours
        `view`'s seat does not hold (see `determinize.py`)."""
        return determinize(view, rng)

    # -- storage ---------------------------------------------------------------------------

    def state_to_json(self, state: ClansState) -> dict[str, Any]:
        return serialize.state_to_json(state)

    def state_from_json(self, data: dict[str, Any]) -> ClansState:
        return serialize.state_from_json(data)

    # -- results ---------------------------------------------------------------------------

    def final_totals(self, state: ClansState) -> list[int]:
        """Each seat's score per C-6.2 (clan points + chips)."""
        return rules.final_totals(state)

    def ranking(self, state: ClansState) -> list[int]:
        """Each seat's place per C-6.3 (1 is best; ties share, numbered 1, 1, 3)."""
        return rules.ranks(rules.final_totals(state), state.chips)
