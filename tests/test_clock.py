"""The table clock and the note: the time played is from the start to the end (or now) without the breaks; any phone
pauses and resumes it, a phone that asks for what another has already done is refused, and so is a tap
after the end; the breaks are read by every game's gate; the played minutes reach BG Stats, the history
(its rows and CSV) and the statistics (per player count). The table's note with a game: kept trimmed, refused
when another phone changed it meanwhile, read by every game's gate, sent to BG Stats with the set-up
options."""

from __future__ import annotations

from functools import partial

import pytest

from builders import EXAMPLE, FINISHED
from schichtbuch.texts.i18n import translate
from scoring import bgstats
from scoring.app_fields import (
    duration_minutes, end_stamp, is_paused, note, pauses, played_seconds, set_clock, set_note, with_start,
)
from scoring.errors import RecordError
from scoring.registry import GAMES, score, summary, summary_minutes

pytestmark = pytest.mark.pure
START = 1_800_000_000

english = partial(translate, "en")


def game(**fields: object) -> dict:
    """A game of the example game started at START."""
    return with_start(GAMES[EXAMPLE].new_record(["Anna", "Ben"], {}, "Anna"), START) | fields


PLAYED = [
    ("no break", [], None, START + 600, 600),
    ("a closed break", [[START + 60, START + 360]], None, START + 600, 300),
    ("paused now", [[START + 60, START + 360], [START + 500, None]], None, START + 900, 200),
    ("ended while paused", [[START + 100, None]], START + 700, START + 9999, 100),
    ("ended: now does not count", [[START + 60, START + 120]], START + 600, START + 9999, 540),
    ("a break reaching past the end", [[START + 500, START + 800]], START + 600, START + 9999, 500),
    ("just started", [], None, START, 0),
]


@pytest.mark.parametrize(("breaks", "ended", "now", "seconds"), [c[1:] for c in PLAYED], ids=[c[0] for c in PLAYED])
def test_time_played(breaks, ended, now, seconds):
    record = game(pauses=breaks) | ({} if ended is None else {"ended": ended})
    assert played_seconds(record, now) == seconds


def test_no_clock_without_a_start():
    record = GAMES[EXAMPLE].new_record(["Anna", "Ben"], {}, "Anna")
    assert played_seconds(record, START) is None
    with pytest.raises(RecordError) as error:
        set_clock(record, False, START)
    assert (error.value.field, error.value.code) == ("started", "missing")


def test_pause_and_resume():
    paused = set_clock(game(), False, START + 120)
    assert paused["pauses"] == [[START + 120, None]] and is_paused(paused)
    resumed = set_clock(paused, True, START + 300)
    assert resumed["pauses"] == [[START + 120, START + 300]] and not is_paused(resumed)
    again = set_clock(resumed, False, START + 400)
    assert again["pauses"] == [[START + 120, START + 300], [START + 400, None]]
    assert played_seconds(again, START + 1000) == 120 + 100


@pytest.mark.parametrize(("record", "running", "code"), [
    (game(pauses=[[START + 5, None]]), False, "clock_paused"),
    (game(), True, "clock_running"),
    (game(pauses=[[START + 5, START + 9]]), True, "clock_running"),
    (game(ended=START + 50), False, "clock_stopped"),
    (game(pauses=[[START + 5, None]], ended=START + 50), True, "clock_stopped"),
    (game(), "yes", "not_bool"),
])
def test_a_tap_that_asks_for_what_is_already_so_is_refused(record, running, code):
    with pytest.raises(RecordError) as error:
        set_clock(record, running, START + 100)
    assert error.value.code == code


def test_a_phone_with_a_slow_clock_never_puts_a_break_before_the_last_moment():
    resumed = set_clock(set_clock(game(), False, START + 300), True, START + 100)
    assert resumed["pauses"] == [[START + 300, START + 300]]
    assert set_clock(game(), False, START - 50)["pauses"] == [[START, None]]


@pytest.mark.parametrize(("breaks", "field", "code"), [
    ("now", "pauses", "not_list"),
    ([[START + 1]], "pauses.0", "not_pause"),
    ([[START + 1, START + 2, START + 3]], "pauses.0", "not_pause"),
    ([[START - 1, START + 2]], "pauses.0", "pause_order"),
    ([[START + 9, START + 2]], "pauses.0", "pause_order"),
    ([[START + 1, START + 20], [START + 10, None]], "pauses.1", "pause_order"),
    ([[START + 1, None], [START + 10, None]], "pauses.0.1", "not_whole"),
    ([[START + 1, "later"]], "pauses.0.1", "not_whole"),
    ([[-5, None]], "pauses.0.0", "negative"),
])
def test_breaks_are_read_by_every_games_gate(breaks, field, code):
    for g in GAMES.values():
        names = [f"P{i}" for i in range(g.players.start)]
        record = with_start(g.new_record(names, {}, names[0]), START) | {"pauses": breaks}
        with pytest.raises(RecordError) as error:
            score(record)
        assert (error.value.field, error.value.code) == (field, code)


def test_breaks_need_a_start_and_none_begins_after_the_end():
    with pytest.raises(RecordError) as error:
        pauses({"pauses": [[START, None]]})
    assert (error.value.field, error.value.code) == ("started", "missing")
    with pytest.raises(RecordError) as error:
        pauses(game(pauses=[[START + 90, None]], ended=START + 60))
    assert (error.value.field, error.value.code) == ("pauses.0", "pause_order")


def test_the_played_minutes_reach_bg_stats_and_the_history():
    record = FINISHED[EXAMPLE]() | {"started": START, "ended": START + 3600,
                                         "pauses": [[START + 600, START + 1800]]}
    assert duration_minutes(record) == 40
    assert bgstats.play(record, english)["durationMin"] == 40
    row = summary(record)
    assert row["minutes"] == summary_minutes(row) == 40


def test_a_history_row_kept_before_the_clock_gives_start_to_end():
    assert summary_minutes({"started": START, "ended": START + 3000}) == 50
    assert summary_minutes({"started": START, "ended": None}) is None
    assert summary_minutes({"minutes": None, "started": START, "ended": START + 60}) is None


# --- the note -------------------------------------------------------------------------------------------


def test_a_note_is_kept_trimmed_changed_and_removed():
    doc = set_note(game(), "  Anna's first win ", "")
    assert note(doc) == "Anna's first win"
    assert note(set_note(doc, "rematch", "Anna's first win")) == "rematch"
    assert "note" not in set_note(doc, "   ", "Anna's first win")


@pytest.mark.parametrize(("typed", "seen", "field", "code"), [
    ("ours", "an older note", "note", "changed_elsewhere"),
    ("x" * 201, "", "note", "too_long"),
    (42, "", "note", "empty_name"),
    ("a\tb", "", "note", "unprintable"),
])
def test_a_note_that_does_not_read_or_was_changed_elsewhere_is_refused(typed, seen, field, code):
    with pytest.raises(RecordError) as error:
        set_note(game(), typed, seen)
    assert (error.value.field, error.value.code) == (field, code)


def test_every_games_gate_reads_the_note():
    with pytest.raises(RecordError) as error:
        score(game(note=["not", "text"]))
    assert (error.value.field, error.value.code) == ("note", "empty_name")


@pytest.mark.parametrize("game_id", GAMES)
def test_bg_stats_gets_the_note_and_no_set_up_option_where_none_was_chosen(game_id):
    """(The options chosen, in each game's own tests.)"""
    record = FINISHED[game_id]() | {"note": "on the train"}
    assert bgstats.play(record, english)["comments"].startswith("on the train\n")
    assert bgstats.play(record, english)["board"] == ""


def test_the_end_is_never_stamped_before_the_start_or_a_break():
    assert end_stamp(game(), START + 60) == START + 60
    assert end_stamp(game(), START - 60) == START  # a server clock behind the phone's
    assert end_stamp(game(pauses=[[START + 100, START + 900]]), START + 500) == START + 900
    assert end_stamp({"players": []}, START) == START
