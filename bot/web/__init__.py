"""The web pages the bot serves (`bot/web/app.py`): a page per game with its board, story
and every step since the start, a page per server with its tables and leaderboards, and
a player's private page behind a signed link. Only public views reach a public page.

A game's page (templates/game.html, game_live.html) and its script (static/page.js) meet
at these ids: `step-image`, `step-slider` (0 to the newest step), `step-prev`,
`step-next`, `step-label`, `step-lines` (the chosen step's story), and `live` (what an
event replaces: `status`, whose `data-mark` changes with what the page shows and whose
`data-last` is the newest step, `players`, `story` or `result`). Routes: `/g/<token>`,
`…/live`, `…/step/<n>.png`, `…/step/<n>.json`, `…/events` (server-sent `step` events),
`…/record.json`, `…/recap.gif`, `…/me/<signed>`; `/s/<token>`; `/static/`; and the
host's `/healthz` and `/metrics` (`bot/web/health.py`).

Beside the pages: one watcher per app for the event streams (live.py), the headers
every answer carries (headers.py) and the story's lines as HTML, names set apart
(text.py)."""
