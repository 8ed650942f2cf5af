"""A decision put to a player, in a form any interface can ask one step at a time.

Every legal action gets a path of short labels, e.g. ("Take the advisor", "San Marco").
An interface offers the distinct first labels, then the labels that follow the one
picked, and so on until one action remains. Engines' question builders keep each level
to at most 25 labels, Discord's limit for a select menu."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.games.base import Action
from bot.i18n import _

MAX_OPTIONS = 25


@dataclass(frozen=True)
class Option:
    path: tuple[str, ...]
    action: Action


@dataclass
class Question:
    seat: int
    kind: str
    prompt: str  # one line saying what is asked and why
    options: list[Option]
    default_path: tuple[str, ...] = ()
    level_titles: list[str] = field(default_factory=list)  # e.g. ["Choose", "Where to?"]
    # The title after a particular choice, where branches ask different things, e.g.
    # {("Take the advisor",): "Where to stand it?"}; others fall back to level_titles.
    titles_after: dict[tuple[str, ...], str] = field(default_factory=dict)
    # The default's every step, those of one choice too, as built: what a prompt names
    # when it tells the whole move the table plays (`without_lone_steps` keeps it).
    whole_default: tuple[str, ...] = ()
    # Whether the answer is secret (sealed until every player's is in): the table then
    # never answers it for the player, not even when only one answer is possible, as
    # its timing would tell the others something. Every game says it of every question.
    secret: bool = field(kw_only=True)

    def labels_after(self, picked: tuple[str, ...]) -> list[str]:
        """The distinct labels that may follow `picked`, in the options' order."""
        seen: list[str] = []
        for opt in self.options:
            if opt.path[: len(picked)] == picked and len(opt.path) > len(picked):
                label = opt.path[len(picked)]
                if label not in seen:
                    seen.append(label)
        return seen

    def action_for(self, picked: tuple[str, ...]) -> Action | None:
        """The action `picked` leads to, once it names a complete path."""
        for opt in self.options:
            if opt.path == picked:
                return opt.action
        return None

    def title_for(self, picked: tuple[str, ...]) -> str:
        """What the step after `picked` asks."""
        if picked in self.titles_after:
            return self.titles_after[picked]
        depth = len(picked)
        return self.level_titles[depth] if depth < len(self.level_titles) else _("Choose")

    def check(self) -> None:
        """Every level fits a select menu and every path leads to one action."""
        paths = [o.path for o in self.options]
        if len(set(paths)) != len(paths):
            raise ValueError("two options share a path")
        stack: list[tuple[str, ...]] = [()]
        while stack:
            picked = stack.pop()
            labels = self.labels_after(picked)
            if len(labels) > MAX_OPTIONS:
                raise ValueError(f"{len(labels)} choices after {picked}: too many")
            stack += [(*picked, label) for label in labels]

    def without_lone_steps(self) -> Question:
        """The question with no step that offers a single label (D-11.1: no question
        without a choice). A lone first step is left out, the prompt having said it; a
        lone later step joins the label picked before it ("Take the advisor › Stand it
        in Quarantia"). Each remaining step keeps the title it had."""
        renamed: dict[tuple[str, ...], tuple[str, ...]] = {(): ()}
        stack: list[tuple[str, ...]] = [()]
        while stack:
            picked = stack.pop()
            labels = self.labels_after(picked)
            for label in labels:
                old, new = (*picked, label), renamed[picked]
                # A leaf stays when every label before it was left out.
                lone = len(labels) == 1 and (bool(new) or self.action_for(old) is None)
                if not lone:
                    new = (*new, label)
                elif new:
                    new = (*new[:-1], f"{new[-1]} › {label}")
                renamed[old] = new
                stack.append(old)
        titles = {renamed[p]: self.title_for(p) for p in renamed
                  if len(self.labels_after(p)) > 1}
        return Question(seat=self.seat, kind=self.kind, prompt=self.prompt,
                        options=[Option(renamed[o.path], o.action) for o in self.options],
                        default_path=renamed.get(self.default_path, ()),
                        level_titles=self.level_titles, titles_after=titles,
                        whole_default=self.whole_default or self.default_path,
                        secret=self.secret)
