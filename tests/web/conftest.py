"""Fixtures of the web tests."""

from tests.web.browser import browser  # noqa: F401  (fixture)
