"""The table clock and the note on the pages under AppTest: the header shows the minutes played on every
page of a game, any phone pauses and resumes it, a phone still showing the clock as it was is refused with
a message, a finished game keeps its minutes without a button, and the group's history and statistics
show the minutes played; a note written on the end page shows in the history."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from apptest import APP, PAGE_FIXTURES, app, failure, put, stored, texts, tr
from builders import BY_GAME, EXAMPLE, FINISHED
from schichtbuch.sharing.export import history_csv
from schichtbuch.session.page import widget_key
from schichtbuch.shell.nav import page_path
from schichtbuch.store import SQLiteStore
from scoring.app_fields import with_start
from scoring.registry import GAMES, page_at_stage

pytestmark = [pytest.mark.pages, pytest.mark.usefixtures(*PAGE_FIXTURES)]
TWO = ["Anna", "Ben"]


def started(minutes_ago: int, game: str = EXAMPLE) -> dict:
    """A game in which the players make their entries (`builders.Entries`), started `minutes_ago`."""
    return with_start(BY_GAME[game].ENTRIES.start(TWO), time.time() - 60 * minutes_ago)


def stage_page(doc: dict) -> str:
    """The page the table is on (where a phone taps)."""
    return page_path(doc["game"], page_at_stage(doc))


def clock_button(at: AppTest, paused: bool):
    return at.button(key=widget_key("clock", paused))


def header_line(at: AppTest, game: str = EXAMPLE) -> str:
    """The game's line as the phone shows it (a running clock's minutes are in an element of their own)."""
    return next(re.sub(r"<[^>]+>", "", c.value) for c in at.caption if c.value.startswith(f"**{GAMES[game].names['en']}**"))


@pytest.mark.parametrize(("game", "page"), [(g.id, page) for g in GAMES.values() for page in g.pages])
def test_every_page_of_a_game_shows_the_minutes_played(store_path: Path, game: str, page: str):
    at = app(page_path(game, page), "en", put(store_path, started(42, game)))
    assert not at.exception, failure(at)
    assert header_line(at, game).endswith(tr("en", "clock.running", minutes=42))
    assert clock_button(at, False).label == tr("en", "clock.pause")


def test_a_phone_pauses_and_another_resumes(store_path: Path):
    doc = started(10)
    game_id = put(store_path, doc)
    at, other = app(stage_page(doc), "en", game_id), app(stage_page(doc), "en", game_id)
    clock_button(at, False).click().run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["pauses"][0][1] is None
    assert header_line(at).endswith(tr("en", "clock.paused", minutes=10))
    assert tr("en", "undo.saved", change=tr("en", "change.clock_pause")) in texts(at)
    other.run()
    clock_button(other, True).click().run()
    assert stored(store_path, game_id)["pauses"][0][1] is not None
    assert clock_button(other, False).label == tr("en", "clock.pause")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("taps", "paused"), [((False,), True), ((False, True), False)],
                         ids=["after_a_pause", "after_a_pause_and_a_resume"])
def test_undo_names_the_last_entry_and_leaves_the_clock_as_it_is(store_path: Path, game: str, taps: tuple[bool, ...],
                                                                 paused: bool):
    """Pausing and resuming has its own button: Undo still names the last entry (Anna's first, its
    builder's `APP_ENTRY`) and takes it back, and the clock stays as the last tap on its button left it."""
    entry, made = BY_GAME[game].APP_ENTRY, BY_GAME[game].ENTRIES.made
    game_id = put(store_path, started(10, game))
    at = app(page_path(game, entry.page), "en", game_id)
    entry.show(at)
    entry.tap(at)
    assert made(stored(store_path, game_id), "Anna") == [0]
    for was_paused in taps:
        clock_button(at, was_paused).click().run()
    assert not at.exception, failure(at)
    change = entry.change("en")
    assert at.button(key=entry.undo).label == tr("en", "action.undo", change=change)
    at.button(key=entry.undo).click().run()
    assert not at.exception, failure(at)
    doc = stored(store_path, game_id)
    assert (made(doc, "Anna"), len(doc["pauses"]), doc["pauses"][-1][1] is None) == ([], 1, paused)
    assert tr("en", "undo.done", change=change) in texts(at)
    assert clock_button(at, paused).label == tr("en", "clock.resume" if paused else "clock.pause")


def test_a_stale_pause_is_refused_with_a_message(store_path: Path):
    doc = started(5)
    game_id = put(store_path, doc)
    at, stale = app(stage_page(doc), "en", game_id), app(stage_page(doc), "en", game_id)
    clock_button(at, False).click().run()
    clock_button(stale, False).click().run()
    assert not stale.exception, failure(stale)
    assert len(stored(store_path, game_id)["pauses"]) == 1
    refusal = tr("en", "error.refused", field=tr("en", "field.pauses"), problem=tr("en", "problem.clock_paused"))
    assert refusal in [e.value for e in stale.error]
    assert clock_button(stale, True).label == tr("en", "clock.resume")


def test_a_finished_game_keeps_its_minutes_and_has_no_button(store_path: Path):
    now = int(time.time())
    doc = FINISHED[EXAMPLE]() | {"started": now - 3600, "ended": now - 600, "pauses": [[now - 3000, now - 2400]]}
    at = app(stage_page(doc), "en", put(store_path, doc))
    assert header_line(at).endswith(tr("en", "clock.running", minutes=40))
    assert not [b for b in at.button if b.key and b.key.startswith("clock")]


def test_the_history_and_the_statistics_show_the_minutes_played(store_path: Path):
    s = SQLiteStore(str(store_path))
    group = s.create_group("Runde", ["Anna", "Ben", "Cleo"])
    for minutes in (30, 50):
        doc = FINISHED[EXAMPLE]() | {"started": 1_800_000_000, "ended": 1_800_000_000 + 60 * minutes}
        s.import_games(group.id, [doc], {"key": "change.import"})
    at = AppTest.from_file(str(APP), default_timeout=30)
    at.query_params.update({"group": group.id, "lang": "en"})
    at.switch_page("pages/history.py").run()
    assert not at.exception, failure(at)
    assert sum(tr("en", "history.minutes", minutes=m) in c.value for c in at.caption for m in (30, 50)) == 2
    at.switch_page("pages/stats.py").run()
    durations = next(m.value for m in at.markdown if m.value.startswith(f"**{tr('en', 'stats.durations')}**"))
    seats = len(doc["players"])
    assert f"| {tr('en', 'app.players', count=seats)} | 2 | {tr('en', 'history.minutes', minutes=40)} |" in durations
    csv = history_csv(s.group_games(group.id), lambda k, **p: tr("en", k, **p), "en").splitlines()
    assert csv[0].split(",")[3] == "Minutes played"
    assert sorted(line.split(",")[3] for line in csv[1:]) == ["30"] * seats + ["50"] * seats


def test_a_note_written_on_the_end_page_shows_in_the_history(store_path: Path):
    s = SQLiteStore(str(store_path))
    group = s.create_group("Runde", ["Anna", "Ben", "Cleo"])
    doc = FINISHED[EXAMPLE]()
    game_id = s.create(doc, {"key": "change.start"}, group=group.id).id
    at = app(stage_page(doc), "en", game_id)
    field = next(f for f in at.text_input if f.label == tr("en", "note.label"))
    field.input("Anna's first win")
    next(b for b in at.button if b.label == tr("en", "note.save")).click().run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["note"] == "Anna's first win"
    assert "📝 Anna's first win" in [m.value for m in at.markdown]
    at = AppTest.from_file(str(APP), default_timeout=30)
    at.query_params.update({"group": group.id, "lang": "en", "show": game_id})
    at.switch_page("pages/history.py").run()
    assert "📝 Anna's first win" in [m.value for m in at.markdown]
