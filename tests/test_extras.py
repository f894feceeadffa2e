"""What a page can do without never takes it down: the QR code of a link too long for one is replaced by a
line saying so, the BG Stats code of the longest game each game allows fits where it can, and a chart or
link that fails leaves a short note where it was, the standings above it intact."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
import streamlit as st

from apptest import PAGE_FIXTURES, app, failure, put, standings_table, texts, tr
from schichtbuch.sharing import share
from schichtbuch.texts import i18n
from schichtbuch.widgets import scoreboard
from scoring import bgstats, mine

pytestmark = [pytest.mark.pages, pytest.mark.usefixtures(*PAGE_FIXTURES)]
LATIN = ["Bartholomäus Schneider", "Alexandra Müller-Lüden", "Evangelina Papadopoulo", "Maximilian-Alexander v",
         "Konstantinos Georgiadis", "Wilhelmina Schwarzeneg"]
KANA = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほ"
JAPANESE = [KANA[i:i + 24] for i in range(6)]
"""Six seats with names of the longest length a record allows (24 characters), as the issue found them and
in Japanese, whose every character takes nine in a link."""


def finished(names: list[str]) -> dict[str, Any]:
    """A finished 6-seat MINE! game with times, everybody selling one coal a round."""
    doc = mine.new_record(names, {}, names[0], dummy=names[-1])
    doc |= {"rounds": [{"sold": dict.fromkeys(names, 1)}] * mine.ROUNDS, "started": 1_760_000_000, "ended": 1_760_005_400}
    return doc | {"end": {p: {"coal": 1, "cards": i} for i, p in enumerate(names)}}


@pytest.mark.parametrize("names", [LATIN, JAPANESE], ids=["latin", "japanese"])
def test_the_longest_game_has_a_link_and_a_qr_code_where_one_can_hold_it(names: list[str]) -> None:
    for lang in i18n.LANGUAGES:
        t = partial(i18n.translate, lang)
        assert bgstats.link(finished(names), t, lang).startswith(bgstats.PUSH_URL)
        png = share.qr_png(bgstats.link(finished(names), t, lang, comments=""))
        assert (png is not None) == (names is LATIN), lang


def test_a_link_too_long_for_any_qr_code_has_none() -> None:
    assert share.qr_png("https://example.org/?" + "x" * 3000) is None
    assert share.qr_png("https://example.org/?x=1").startswith(b"\x89PNG")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("names", [LATIN, JAPANESE], ids=["latin", "japanese"])
def test_the_end_page_of_the_longest_game_shows_its_standings(store_path, names: list[str], lang: str) -> None:
    at = app("pages/mine_end.py", lang, put(store_path, finished(names)))
    assert not at.exception, failure(at)
    assert tr(lang, "standings.final") in [s.value for s in at.subheader]
    assert (tr(lang, "error.qr_too_long") in texts(at)) == (names is JAPANESE)
    assert tr(lang, "error.extra") not in texts(at)


def test_a_failing_chart_leaves_a_note_and_the_standings(store_path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any) -> None:
        raise ValueError("a chart that cannot be drawn")

    monkeypatch.setattr(scoreboard, "progress_chart", broken)
    st.cache_data.clear()
    at = app("pages/mine_end.py", "de", put(store_path, finished(LATIN)))
    assert not at.exception, failure(at)
    assert tr("de", "error.extra") in texts(at)
    assert standings_table(at, "de").shape[0] == len(LATIN)
