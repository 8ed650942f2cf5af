"""The permissions the bot asks for at its invite are one list (bot/ops/permissions.py):
the README's invite step names them all with their integer, the doctor's invite link
carries it, and every Discord call the code makes that needs a permission finds it there."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import discord

from bot.app import run_bot
from bot.ops.permissions import PERMISSIONS, invite_url, permissions_value, posting_needs
from bot.ops.running import EXIT_CONFIG

ROOT = Path(__file__).resolve().parents[2]
# A call in the code -> the permission Discord asks of it (the bot's own messages need
# none to be edited or deleted).
CALLS = {
    r"\.send\(": "send_messages",
    r"\.create_thread\(": "create_public_threads",
    r"\.edit\(archived=False": "send_messages_in_threads",
    r"discord\.File\(": "attach_files",
    r"\.fetch_message\(|\.history\(": "read_message_history",
    r"discord\.Embed\(|suppress_embeds": "embed_links",
    r"\.add_reaction\(": "add_reactions",
    r"\.pin\(": "manage_messages",
    r"\.create_webhook\(": "manage_webhooks",
    r"\.create_invite\(": "create_instant_invite",
}


def invite_step() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("OAuth2 → URL Generator")
    return " ".join(readme[start:readme.index("\n5.", start)].split())


def test_the_readme_invite_step_names_every_permission_and_its_integer() -> None:
    step = invite_step()
    named = re.findall(r"\*([A-Z][A-Za-z ]+)\*", step.split("(")[0])
    assert named == [p.label for p in PERMISSIONS]
    assert f"`{permissions_value()}`" in step


def test_the_integer_is_the_sum_of_the_listed_permissions() -> None:
    value = permissions_value()
    assert value == sum(getattr(discord.Permissions, p.attribute).flag for p in PERMISSIONS)
    granted = discord.Permissions(value)
    assert granted.create_public_threads and granted.send_messages_in_threads
    assert not granted.manage_messages and not granted.administrator


def test_the_invite_link_asks_for_the_scopes_and_the_permissions() -> None:
    url = urlparse(invite_url(4711))
    query = parse_qs(url.query)
    assert url.netloc == "discord.com" and url.path == "/oauth2/authorize"
    assert query == {"client_id": ["4711"], "scope": ["bot applications.commands"],
                     "permissions": [str(permissions_value())]}


def test_every_permission_the_code_needs_is_listed() -> None:
    listed = {p.attribute for p in PERMISSIONS}
    sources = [p for folder in ("bot", "cogs") for p in (ROOT / folder).rglob("*.py")]
    used: dict[str, str] = {}
    for path in sources:
        text = path.read_text(encoding="utf-8")
        for pattern, permission in CALLS.items():
            if re.search(pattern, text):
                used.setdefault(permission, str(path.relative_to(ROOT)))
    assert {"send_messages", "create_public_threads", "attach_files",
            "read_message_history"} <= used.keys()  # the scan finds the bot's calls
    assert {k: v for k, v in used.items() if k not in listed} == {}


def test_a_thread_asks_for_its_own_send_permission() -> None:
    channel = [p.attribute for p in posting_needs(thread=False)]
    thread = [p.attribute for p in posting_needs(thread=True)]
    assert channel == ["view_channel", "send_messages", "embed_links", "attach_files",
                       "read_message_history"]
    assert thread == ["view_channel", "send_messages_in_threads", "embed_links",
                      "attach_files", "read_message_history"]


def test_make_run_without_a_token_names_them_too(tmp_path: Path, monkeypatch,
                                                 capsys) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.setenv("DISCORD_TOKEN", "")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "games.db"))
    assert run_bot() == EXIT_CONFIG
    said = " ".join(capsys.readouterr().err.split())
    assert said.startswith("DISCORD_TOKEN is not set")
    assert f"integer {permissions_value()}" in said
    assert all(p.label in said for p in PERMISSIONS)
