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
from builders import FINISHED
from schichtbuch.session.page import widget_key
from schichtbuch.sharing.export import history_csv
from schichtbuch.store import SQLiteStore
from scoring.app_fields import with_start
from scoring.registry import GAMES

pytestmark = [pytest.mark.pages, pytest.mark.usefixtures(*PAGE_FIXTURES)]
SHIFT = "pages/coal_baron_shift.py"


def started(minutes_ago: int) -> dict:
    return with_start(GAMES["coal_baron"].new_record(["Anna", "Ben"], {}, "Anna"), time.time() - 60 * minutes_ago)


def clock_button(at: AppTest, paused: bool):
    return at.button(key=widget_key("clock", paused))


def header_line(at: AppTest) -> str:
    """The game's line as the phone shows it (a running clock's minutes are in an element of their own)."""
    return next(re.sub(r"<[^>]+>", "", c.value) for c in at.caption if c.value.startswith("**Coal Baron**"))


@pytest.mark.parametrize("page", GAMES["coal_baron"].pages)
def test_every_page_of_a_game_shows_the_minutes_played(store_path: Path, page: str):
    at = app(f"pages/coal_baron_{page}.py", "en", put(store_path, started(42)))
    assert not at.exception, failure(at)
    assert header_line(at).endswith(tr("en", "clock.running", minutes=42))
    assert clock_button(at, False).label == tr("en", "clock.pause")


def test_a_phone_pauses_and_another_resumes(store_path: Path):
    game_id = put(store_path, started(10))
    at, other = app(SHIFT, "en", game_id), app(SHIFT, "en", game_id)
    clock_button(at, False).click().run()
    assert not at.exception, failure(at)
    assert stored(store_path, game_id)["pauses"][0][1] is None
    assert header_line(at).endswith(tr("en", "clock.paused", minutes=10))
    assert tr("en", "undo.saved", change=tr("en", "change.clock_pause")) in texts(at)
    other.run()
    clock_button(other, True).click().run()
    assert stored(store_path, game_id)["pauses"][0][1] is not None
    assert clock_button(other, False).label == tr("en", "clock.pause")


@pytest.mark.parametrize(("taps", "paused"), [((False,), True), ((False, True), False)],
                         ids=["after_a_pause", "after_a_pause_and_a_resume"])
def test_undo_names_the_last_card_and_leaves_the_clock_as_it_is(store_path: Path, taps: tuple[bool, ...], paused: bool):
    """Pausing and resuming has its own button: Undo still names the last card and takes it back, and the
    clock stays as the last tap on its button left it."""
    game_id = put(store_path, started(10))
    at = app(SHIFT, "en", game_id)
    next(b for b in at.button if b.key and b.key.startswith("shift_card_")).click().run()  # Anna's first card
    for was_paused in taps:
        clock_button(at, was_paused).click().run()
    assert not at.exception, failure(at)
    card = tr("en", "change.deliver", player="Anna", transport="Wheelbarrow", coal="🟡", vp=2)
    assert at.button(key="shift_undo").label == tr("en", "action.undo", change=card)
    at.button(key="shift_undo").click().run()
    assert not at.exception, failure(at)
    doc = stored(store_path, game_id)
    assert (doc["current_shift"]["Anna"], len(doc["pauses"]), doc["pauses"][-1][1] is None) == ([], 1, paused)
    assert tr("en", "undo.done", change=card) in texts(at)
    assert clock_button(at, paused).label == tr("en", "clock.resume" if paused else "clock.pause")


def test_a_stale_pause_is_refused_with_a_message(store_path: Path):
    game_id = put(store_path, started(5))
    at, stale = app(SHIFT, "en", game_id), app(SHIFT, "en", game_id)
    clock_button(at, False).click().run()
    clock_button(stale, False).click().run()
    assert not stale.exception, failure(stale)
    assert len(stored(store_path, game_id)["pauses"]) == 1
    refusal = tr("en", "error.refused", field=tr("en", "field.pauses"), problem=tr("en", "problem.clock_paused"))
    assert refusal in [e.value for e in stale.error]
    assert clock_button(stale, True).label == tr("en", "clock.resume")


def test_a_finished_game_keeps_its_minutes_and_has_no_button(store_path: Path):
    now = int(time.time())
    doc = FINISHED["coal_baron"]() | {"started": now - 3600, "ended": now - 600, "pauses": [[now - 3000, now - 2400]]}
    at = app("pages/coal_baron_end.py", "en", put(store_path, doc))
    assert header_line(at).endswith(tr("en", "clock.running", minutes=40))
    assert not [b for b in at.button if b.key and b.key.startswith("clock")]


def test_the_history_and_the_statistics_show_the_minutes_played(store_path: Path):
    s = SQLiteStore(str(store_path))
    group = s.create_group("Runde", ["Anna", "Ben", "Cleo"])
    for minutes in (30, 50):
        doc = FINISHED["coal_baron"]() | {"started": 1_800_000_000, "ended": 1_800_000_000 + 60 * minutes}
        s.import_games(group.id, [doc], {"key": "change.import"})
    at = AppTest.from_file(str(APP), default_timeout=30)
    at.query_params.update({"group": group.id, "lang": "en"})
    at.switch_page("pages/history.py").run()
    assert not at.exception, failure(at)
    assert sum(tr("en", "history.minutes", minutes=m) in c.value for c in at.caption for m in (30, 50)) == 2
    at.switch_page("pages/stats.py").run()
    durations = next(m.value for m in at.markdown if m.value.startswith(f"**{tr('en', 'stats.durations')}**"))
    assert f"| {tr('en', 'app.players', count=3)} | 2 | {tr('en', 'history.minutes', minutes=40)} |" in durations
    csv = history_csv(s.group_games(group.id), lambda k, **p: tr("en", k, **p), "en").splitlines()
    assert csv[0].split(",")[3] == "Minutes played"
    assert sorted(line.split(",")[3] for line in csv[1:]) == ["30"] * 3 + ["50"] * 3


def test_a_note_written_on_the_end_page_shows_in_the_history(store_path: Path):
    s = SQLiteStore(str(store_path))
    group = s.create_group("Runde", ["Anna", "Ben", "Cleo"])
    game_id = s.create(FINISHED["coal_baron"](), {"key": "change.start"}, group=group.id).id
    at = app("pages/coal_baron_end.py", "en", game_id)
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
