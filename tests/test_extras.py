"""What a page can do without never takes it down: the QR code of a link too long for one is replaced by a
line saying so, the BG Stats code of the longest game each game allows fits where it can, and a chart or
link that fails leaves a short note where it was, the standings above it intact."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
import streamlit as st

from apptest import PAGE_FIXTURES, app, failure, put, standings_table, texts, tr
from builders import BY_GAME
from schichtbuch.sharing import share
from schichtbuch.shell.nav import page_path
from schichtbuch.texts import i18n
from schichtbuch.widgets import scoreboard
from scoring import bgstats
from scoring.registry import GAMES, page_at_stage

pytestmark = [pytest.mark.pages, pytest.mark.usefixtures(*PAGE_FIXTURES)]
LATIN = ["Bartholomäus Schneider", "Alexandra Müller-Lüden", "Evangelina Papadopoulo", "Maximilian-Alexander v",
         "Konstantinos Georgiadis", "Wilhelmina Schwarzeneg"]
KANA = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほ"
JAPANESE = [KANA[i:i + 24] for i in range(6)]
"""Six seats with names of the longest length a record allows (24 characters), as the issue found them and
in Japanese, whose every character takes nine in a link."""


def longest(game: str, names: list[str]) -> dict[str, Any]:
    """The longest game a game allows: its most seats, with these names, every set-up option on."""
    return BY_GAME[game].longest(names[:GAMES[game].players[-1]])  # type: ignore[no-any-return]


MOST_SEATS = max(GAMES, key=lambda g: GAMES[g].players[-1])
"""The game that allows the most seats."""


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("names", [LATIN, JAPANESE], ids=["latin", "japanese"])
def test_the_longest_game_has_a_link_and_a_qr_code_where_one_can_hold_it(game: str, names: list[str]) -> None:
    for lang in i18n.LANGUAGES:
        t = partial(i18n.translate, lang)
        assert bgstats.link(longest(game, names), t, lang).startswith(bgstats.PUSH_URL)
        png = share.qr_png(bgstats.link(longest(game, names), t, lang, comments=""))
        assert (png is not None) == (names is LATIN), lang


def test_a_link_too_long_for_any_qr_code_has_none() -> None:
    assert share.qr_png("https://example.org/?" + "x" * 3000) is None
    assert share.qr_png("https://example.org/?x=1").startswith(b"\x89PNG")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("names", [LATIN, JAPANESE], ids=["latin", "japanese"])
def test_the_end_page_of_the_longest_game_shows_its_standings(store_path, game: str, names: list[str], lang: str) -> None:
    doc = longest(game, names)
    at = app(page_path(game, page_at_stage(doc)), lang, put(store_path, doc))
    assert not at.exception, failure(at)
    assert tr(lang, "standings.final") in [s.value for s in at.subheader]
    assert (tr(lang, "error.qr_too_long") in texts(at)) == (names is JAPANESE)
    assert tr(lang, "error.extra") not in texts(at)


def test_a_failing_chart_leaves_a_note_and_the_standings(store_path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any) -> None:
        raise ValueError("a chart that cannot be drawn")

    monkeypatch.setattr(scoreboard, "progress_chart", broken)
    st.cache_data.clear()
    doc = longest(MOST_SEATS, LATIN)
    at = app(page_path(MOST_SEATS, page_at_stage(doc)), "de", put(store_path, doc))
    assert not at.exception, failure(at)
    assert tr("de", "error.extra") in texts(at)
    assert standings_table(at, "de").shape[0] == len(doc["players"])
