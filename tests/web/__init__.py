"""Tests of the web side: health check, metrics and the pages in a real browser."""
