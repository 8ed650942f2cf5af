"""A game's public steps, read back from its action log: which versions a person could
see (a secret ballot cast or changed is no step: nothing public changed), what each
step's story says in the channel's words, and each step's board, drawn on demand from the
state replayed to it and kept in a small LRU cache.

Step 0 is the start; step n is the board right after the n-th public action."""

from __future__ import annotations

import asyncio
import hashlib
from collections import OrderedDict
from dataclasses import dataclass, replace

from bot.games.wording import writing_user_text
from bot.i18n import speaking
from bot.store import LoadedGame
from bot.tables.service import TableService
from bot.web.games import WEB_GAMES
from bot.web.text import marked, plain
from cogs.common.segments import LoggedEvent, Place, between, last_opening
from cogs.common.story import action_caption, caption_of

IMAGE_CACHE = 256  # boards kept (about 60 kB each)
STEPS_CACHE = 1024  # games whose list of steps is kept


@dataclass(frozen=True)
class Steps:
    """The versions of a game's public steps (the start's is 0), as of `version`."""

    version: int
    versions: tuple[int, ...]
    stamps: tuple[float, ...]  # when each was played (the start's: 0), which an undo changes
    tail: float  # when the action of `version` was played: an undo and a new move change it

    @property
    def last(self) -> int:
        return len(self.versions) - 1


def _public(events: list[dict], quiet: frozenset[str]) -> bool:
    return any(e.get("type") not in quiet for e in events)


class History:
    """The steps, stories and boards of games, for the pages (one per web app)."""

    def __init__(self, service: TableService, image_cache: int = IMAGE_CACHE) -> None:
        self.service = service
        self.store = service.store
        self._steps: OrderedDict[int, tuple[tuple[int, float], Steps]] = OrderedDict()
        self._images: OrderedDict[tuple, bytes] = OrderedDict()
        self._image_cache = image_cache
        self._drawing = asyncio.Lock()  # one board drawn at a time: the host has few cores
        self.drawn = 0  # boards drawn (not taken from the cache), for the tests

    async def steps(self, game: LoadedGame) -> Steps:
        """The game's public steps; read from the log once per version of the game."""
        key = (game.version, game.row.updated_at)
        known = self._steps.get(game.id)
        if known is not None and known[0] == key:
            return known[1]
        versions, stamps, tail = [0], [0.0], 0.0
        entries = None
        old = known[1] if known is not None else None
        if old is not None and 0 < old.version <= game.version:  # read only what is new
            entries = await self.store.actions.log(game.id, after_version=old.version - 1)
            if entries and entries[0].created_at == old.tail:  # no undo since
                versions, stamps, tail = list(old.versions), list(old.stamps), old.tail
                entries = entries[1:]
            else:
                entries = None
        if entries is None:
            entries = await self.store.actions.log(game.id)
        for entry in entries:
            tail = entry.created_at
            if _public(entry.events, TableService.kit(game).quiet_events):
                versions.append(entry.version)
                stamps.append(entry.created_at)
        found = Steps(game.version, tuple(versions), tuple(stamps), tail)
        self._steps[game.id] = (key, found)
        self._steps.move_to_end(game.id)
        while len(self._steps) > STEPS_CACHE:
            self._steps.popitem(last=False)
        return found

    async def step_lines(self, game: LoadedGame, version: int) -> list[tuple[str, str]]:
        """The lines the channel tells for one action (kind, line), in the language of
        the moment; none for the start."""
        return (await self.step_told(game, version))[0]

    async def step_told(self, game: LoadedGame, version: int
                        ) -> tuple[list[tuple[str, str]], str]:
        """The lines of one action (as `step_lines`) and its board's caption, the one
        the channel's board of that step has (cogs/common/story.py `action_caption`)."""
        if version == 0:
            return [], ""
        entries = await self.store.actions.log(game.id, after_version=version - 1, limit=1)
        if not entries:
            return [], ""
        action = between([LoggedEvent(Place(version, i), e)
                          for i, e in enumerate(entries[0].events)],
                         None, quiet=TableService.kit(game).quiet_events)
        with writing_user_text(marked):  # names set apart: the page isolates them
            lines = await self.service.narration_kinds(game, action)
        return lines, self.caption(game, action, lines)

    async def story(self, game: LoadedGame, look_back: int = 200) -> list[str]:
        """The story of the game's current segment, as its channel message tells it: from
        the last event that opened a segment (within the last `look_back` actions)."""
        entries = await self.store.actions.log(
            game.id, after_version=max(0, game.version - look_back))
        events = [LoggedEvent(Place(entry.version, i), e)
                  for entry in entries for i, e in enumerate(entry.events)]
        start = last_opening(events, WEB_GAMES[game.row.game].openers)
        with writing_user_text(marked):
            return await self.service.narration(
                game, between(events, start, quiet=TableService.kit(game).quiet_events))

    def caption(self, game: LoadedGame, action: list[dict],
                lines: list[tuple[str, str]]) -> str:
        """The board's caption: the game's own of the action, else its last line that
        tells a move (not a scene), as the channel's board says it."""
        scenes = WEB_GAMES[game.row.game].scenes
        return action_caption(game, action, scenes) or \
            caption_of([(plain(line), False) for kind, line in lines if kind not in scenes])

    @staticmethod
    def image_tag(game: LoadedGame, steps: Steps, step: int, language: str) -> str:
        """What a step's board depends on besides its number: its action (an undo plays
        another), the language and the seats' names. Part of the image's address, so a
        browser never keeps a stale one."""
        names = "\x00".join(s.name for s in game.seats)
        text = f"{game.id}:{steps.versions[step]}:{steps.stamps[step]!r}:{language}:{names}"
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    async def image(self, game: LoadedGame, steps: Steps, step: int, language: str) -> bytes:
        """The board of a step, as the channel draws it (the public view only), in
        `language`; drawn once, then kept."""
        version = steps.versions[step]
        key = (game.id, step, self.image_tag(game, steps, step, language))
        found = self.cached_image(*key)
        if found is not None:
            return found
        async with self._drawing:
            found = self._images.get(key)
            if found is None:
                found = await self._draw(game, version, language)
                self.drawn += 1
                self._images[key] = found
                while len(self._images) > self._image_cache:
                    self._images.popitem(last=False)
        return found

    def cached_image(self, game_id: int, step: int, tag: str) -> bytes | None:
        """A step's board already drawn, found by its address alone (no reading)."""
        key = (game_id, step, tag)
        found = self._images.get(key)
        if found is not None:
            self._images.move_to_end(key)
        return found

    async def step_state(self, game: LoadedGame, version: int) -> tuple[LoadedGame, str]:
        """The game as it stood at `version` and its board's caption (in the language
        spoken now): what its board is drawn from."""
        state = game.state if version == game.version else \
            await self.store.actions.state_at(game.id, version)
        return replace(game, state=state), (await self.step_told(game, version))[1]

    async def _draw(self, game: LoadedGame, version: int, language: str) -> bytes:
        with speaking(language):
            at, caption = await self.step_state(game, version)
            return await WEB_GAMES[game.row.game].render(at, caption)
