"""Fixtures of the AppTest page tests (see apptest.py): a fresh store per test, every run through
`app.py` as on a running server, and full error details."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
import streamlit as st
from streamlit.components.v2 import manifest_scanner
from streamlit.runtime.pages_manager import PagesManager
from streamlit.testing.v1.util import patch_config_options

from apptest import ROOT
from servers import fresh_schema
from schichtbuch.session.settings import BASE_URL, DEFAULT_LANG, STORE_PATH

ORIGINAL_PAGES_MANAGER_INIT = PagesManager.__init__
_SCAN_COMPONENTS = manifest_scanner.scan_component_manifests
_scanned: dict[Any, Any] = {}


@pytest.fixture
def store_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A fresh store file per test, and no store object cached from another test."""
    path = tmp_path / "games.sqlite3"
    monkeypatch.setenv(STORE_PATH, str(path))
    monkeypatch.delenv(BASE_URL, raising=False)
    monkeypatch.delenv(DEFAULT_LANG, raising=False)
    monkeypatch.chdir(ROOT)
    st.cache_resource.clear()
    yield path
    st.cache_resource.clear()


POSTGRES = "SCHICHTBUCH_TEST_POSTGRES"
"""The URL of a PostgreSQL server the store tests may use (`.ci/postgres` starts a throwaway one)."""


@pytest.fixture
def postgres_url():
    """A URL of the test server whose tables live in a fresh schema of their own, dropped afterwards.
    Without a server the test is skipped, except in CI, where that is a failure."""
    url = os.environ.get(POSTGRES)
    if not url:
        if os.environ.get("CI"):
            pytest.fail(f"{POSTGRES} is not set; .ci/run starts a PostgreSQL server for these tests")
        pytest.skip(f"no PostgreSQL server ({POSTGRES} not set)")
    with fresh_schema(url, "test") as schema_url:
        yield schema_url


@pytest.fixture
def navigation_v2(monkeypatch: pytest.MonkeyPatch):
    """Run every page through `app.py`'s `st.navigation`, as a server does once it has run (see apptest.py)."""

    def init(self: PagesManager, *args: Any, **kwargs: Any) -> None:
        ORIGINAL_PAGES_MANAGER_INIT(self, *args, **kwargs)
        PagesManager.uses_pages_directory = False

    monkeypatch.setattr(PagesManager, "__init__", init)

    def scan(*args: Any, **kwargs: Any) -> Any:
        key = (args, tuple(sorted(kwargs.items())))
        if key not in _scanned:
            _scanned[key] = _SCAN_COMPONENTS(*args, **kwargs)
        return list(_scanned[key])

    monkeypatch.setattr(manifest_scanner, "scan_component_manifests", scan)


@pytest.fixture
def error_details():
    """Show the app's exceptions in full (.streamlit/config.toml redacts them for players)."""
    with patch_config_options({"client.showErrorDetails": "full"}):
        yield


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """The fuzz figures of test_fuzz.py, when it ran: inputs tried, refused and accepted per property."""
    import sys

    fuzz = sys.modules.get("test_fuzz")
    if fuzz is not None and fuzz.FIGURES:
        terminalreporter.write_line("fuzz: " + ", ".join(f"{k} {v}" for k, v in sorted(fuzz.FIGURES.items())))


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for a module's phones (the browser tests' `phone`)."""
    from browser import chromium  # here: only the browser tests need Playwright

    with chromium() as opened:
        yield opened
