"""The group pages under AppTest (group, history, statistics, a game opened read-only) and the BG Stats
link on a finished game. Harness: apptest.py."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote

import pytest

from apptest import PAGE_FIXTURES, ROOT, app, failure, put, texts, tr
from scoring import bgstats

pytestmark = pytest.mark.usefixtures(*PAGE_FIXTURES)
GAMES_DIR = ROOT / "tests" / "games"


def example(name: str) -> dict:
    return json.loads((GAMES_DIR / f"{name}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_finished_game_links_to_bg_stats_with_a_qr_code(store_path: Path, lang: str):
    game_id = put(store_path, {**example("coal_baron_2p"), "started": 1_700_000_000})
    at = app("pages/coal_baron_end.py", lang, game_id)
    assert not at.exception, failure(at)
    (button,) = [e for e in at.get("link_button")]
    assert button.proto.label == tr(lang, "bgstats.send")
    data = json.loads(unquote(button.proto.url.removeprefix(bgstats.PUSH_URL)))
    assert [p["name"] for p in data["players"]] == ["Anna", "Ben"] and data["game"]["bggId"] == 143515
    assert tr(lang, "bgstats.qr") in texts(at)


def test_a_game_not_over_has_no_bg_stats_link(store_path: Path):
    at = app("pages/coal_baron_end.py", "en", put(store_path, example("coal_baron_3p_partial")))
    assert not at.exception, failure(at)
    assert not at.get("link_button")
