"""The bot reads `.env` from the directory it is started in, also when it is installed
with pip (then its modules live far from the configuration)."""

from __future__ import annotations

from pathlib import Path

import pytest

import bot.discord_app
from bot.app import run_bot


def test_the_token_comes_from_the_working_directorys_env(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=token-from-this-folder\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    started_with: list[str] = []
    # Connecting to Discord is the one step that cannot run here; everything before it does.
    monkeypatch.setattr(bot.discord_app, "start", lambda token: started_with.append(token)
                        or 0)
    assert run_bot() == 0
    assert started_with == ["token-from-this-folder"]
