"""Joining a game under AppTest: the share page builds the join link from the machine's network address
when the app only knows `localhost`, lets a configured address override it, and tells whoever runs the
server what to set only when neither works. The harness is in apptest.py, the pure parts in
test_join.py."""

from __future__ import annotations

from pathlib import Path

import pytest
import streamlit as st
import streamlit.net_util

from apptest import PAGE_FIXTURES, app, failure, put, tr
from test_pages import created
from schichtbuch import i18n, ui

SHARE = ui.page_path(None, "share")
LAN_IP = "192.168.1.20"
pytestmark = pytest.mark.usefixtures(*PAGE_FIXTURES)


@pytest.fixture(autouse=True)
def lan(monkeypatch: pytest.MonkeyPatch):
    """This machine is on a Wi-Fi at LAN_IP (tests that want no network patch it again)."""
    monkeypatch.setattr(streamlit.net_util, "get_internal_ip", lambda: LAN_IP)


# --- the share page ---------------------------------------------------------------------------------------

def test_share_link_uses_the_network_address_when_the_app_knows_only_localhost(store_path: Path):
    game_id = put(store_path, created(["Anna", "Ben"]))
    at = app(SHARE, "en", game_id)  # AppTest: st.context.url is None, as for a browser at localhost
    assert not at.exception, failure(at)
    assert [c.value for c in at.code] == [f"http://{LAN_IP}:8501/share?game={game_id}&lang=en"]
    assert not at.warning


def test_share_link_uses_the_server_port(store_path: Path, monkeypatch: pytest.MonkeyPatch):
    get_option = st.get_option
    monkeypatch.setattr(st, "get_option", lambda key: 8600 if key == "server.port" else get_option(key))
    game_id = put(store_path, created(["Anna", "Ben"]))
    at = app(SHARE, "en", game_id)
    assert [c.value for c in at.code] == [f"http://{LAN_IP}:8600/share?game={game_id}&lang=en"]


def test_configured_base_url_overrides_the_network_address(store_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(ui.BASE_URL, "https://spiel.example.org/")
    game_id = put(store_path, created(["Anna", "Ben"]))
    at = app(SHARE, "de", game_id)
    assert [c.value for c in at.code] == [f"https://spiel.example.org/share?game={game_id}&lang=de"]
    assert not at.warning


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_without_a_network_the_operator_is_told_what_to_set(lang: str, store_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(streamlit.net_util, "get_internal_ip", lambda: "127.0.0.1")
    game_id = put(store_path, created(["Anna", "Ben"]))
    at = app(SHARE, lang, game_id)
    assert [w.value for w in at.warning] == [tr(lang, "share.local", variable=ui.BASE_URL)]
    assert [c.value for c in at.code] == [f"http://localhost:8501/share?game={game_id}&lang={lang}"]
