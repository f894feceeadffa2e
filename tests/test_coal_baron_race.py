"""Coal Baron's race: the shift being played scored as if it ended now, by the shift scoring's own rules
(ties for 1st share it and leave no 2nd, ties for 2nd all get it, 2 players have no 2nd, 0 scores
nothing), what it takes each player to lead an element, the table's switch that hides it, and the
`python -m scoring race` command."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apptest import run_command
from builders.coal_baron import BL, BR, G, WB, Y, card, created, deliveries, record
from scoring import coal_baron as cb
from scoring.coal_baron import COLOURS, SHIFTS, Kind, Transport
from scoring.errors import RecordError
from scoring.majorities import Place, majorities

pytestmark = pytest.mark.pure


def playing(shift: int, names: tuple[str, ...] = ("Anna", "Ben", "Cleo"), current: Any = None, **fields: Any) -> dict:
    """A record whose shift `shift` is being played, nothing delivered before it, `current` in it."""
    data = record(list(names), shifts=[{}] * (shift - 1)) | fields
    data["current_shift"] = {n: list((current or {}).get(n, [])) for n in names}
    return data


def race(data: dict) -> dict[tuple[str, str], dict[str, tuple[int, Place, int, int]]]:
    """(kind, name) → player → (count, place, points, to lead)."""
    return {(e.element.kind.value, e.element.name): {p: (pl.count, pl.place, pl.points, cb.to_lead(e.placings, p))
                                                     for p, pl in e.placings.items()}
            for e in cb.race(cb.read(data))}


# --- what it takes to lead: max(0, the others' highest count + 1 - own count) -------------------------------

TO_LEAD = [
    ("alone in the lead", {"A": 3, "B": 1}, "A", 0),
    ("tied for the lead", {"A": 2, "B": 2}, "A", 1),
    ("behind by two", {"A": 1, "B": 3}, "A", 3),
    ("nobody has any", {"A": 0, "B": 0, "C": 0}, "A", 1),
    ("the only one with any", {"A": 1, "B": 0, "C": 0}, "A", 0),
    ("zero against four", {"A": 0, "B": 4, "C": 2}, "A", 5),
    ("second of four players", {"A": 2, "B": 5, "C": 5, "D": 1}, "A", 4),
]


@pytest.mark.parametrize(("counts", "who", "expected"), [c[1:] for c in TO_LEAD], ids=[c[0] for c in TO_LEAD])
def test_to_lead(counts, who, expected):
    assert cb.to_lead(majorities(counts, 5, 2), who) == expected


@given(st.dictionaries(st.sampled_from("ABCD"), st.integers(0, 40), min_size=2), st.data())
def test_to_lead_is_the_fewest_that_lead_alone(counts, data):
    who = data.draw(st.sampled_from(sorted(counts)))
    need = cb.to_lead(majorities(counts, 5, 2), who)
    others = [c for p, c in counts.items() if p != who]
    assert counts[who] + need > max(others)
    assert need == 0 or counts[who] + need - 1 <= max(others)


# --- the points if the shift ended now ----------------------------------------------------------------------


def test_ties_for_first_share_it_and_leave_no_second():
    data = playing(1, current={"Anna": [card(WB, BL, BL)], "Ben": [card("train", BL, BL)], "Cleo": [card(WB, BL)]})
    assert race(data)[("coal", BL)] == {
        "Anna": (2, Place.TIED_FIRST, 5, 1), "Ben": (2, Place.TIED_FIRST, 5, 1),
        "Cleo": (1, Place.NO_SECOND_AFTER_TIE, 0, 2)}


def test_ties_for_second_all_get_it():
    data = playing(1, ("Anna", "Ben", "Cleo", "Dora"), current={
        "Anna": [card(WB, G, G, G)], "Ben": [card(WB, G)], "Cleo": [card("train", G)]})
    assert race(data)[("coal", G)] == {
        "Anna": (3, Place.FIRST, 4, 0), "Ben": (1, Place.TIED_SECOND, 2, 3), "Cleo": (1, Place.TIED_SECOND, 2, 3),
        "Dora": (0, Place.ZERO, 0, 4)}


def test_two_players_have_no_second():
    data = playing(1, ("Anna", "Ben"), current={"Anna": [card(WB, Y, Y)], "Ben": [card(WB, Y)]})
    assert race(data)[("coal", Y)] == {"Anna": (2, Place.FIRST, 2, 0), "Ben": (1, Place.NO_SECOND_TWO_PLAYERS, 0, 2)}


def test_a_new_shift_scores_nothing_yet_and_each_needs_one():
    elements = race(playing(1))
    assert list(elements) == [("coal", c) for c in COLOURS]
    assert all(v == (0, Place.ZERO, 0, 1) for players in elements.values() for v in players.values())


@pytest.mark.parametrize(("shift", "kinds"), [(1, ["coal"] * 4), (2, ["coal"] * 4 + ["transport"] * 4),
                                               (3, ["coal"] * 4 + ["transport"] * 4 + ["minecart"] * 4)])
def test_each_shift_races_the_elements_it_scores(shift, kinds):
    assert [kind for kind, _ in race(playing(shift))] == kinds


def test_counts_are_cumulative_over_the_game():
    data = record(shifts=[{"Anna": [card(WB, BR, BR)]}]) | {"current_shift": {"Anna": [], "Ben": [card(WB, BR)], "Cleo": []}}
    elements = race(data)
    assert elements[("coal", BR)]["Anna"] == (2, Place.FIRST, 3, 0)
    assert elements[("transport", WB)]["Anna"] == (2, Place.FIRST, 6, 0)
    assert elements[("transport", WB)]["Ben"] == (1, Place.SECOND, 3, 2)


def test_shift_three_races_the_empty_carts_entered_so_far():
    data = playing(3, carts_draft={"Anna": dict.fromkeys(COLOURS, 0) | {BL: 2}})
    assert race(data)[("minecart", BL)] == {"Anna": (2, Place.FIRST, 13, 0), "Ben": (0, Place.ZERO, 0, 3),
                                            "Cleo": (0, Place.ZERO, 0, 3)}


@pytest.mark.parametrize("names", [["Anna", "Ben"], ["Anna", "Ben", "Cleo"], ["Anna", "Ben", "Cleo", "Dora"]])
def test_the_race_is_what_the_shift_scores_when_it_is_closed(names):
    doc = created(names)
    for shift in range(1, SHIFTS + 1):
        doc = deliveries(doc, shift)
        carts = {n: {c: (i + k) % 4 for k, c in enumerate(COLOURS)} for i, n in enumerate(names)}
        if shift == SHIFTS:
            for name in names:
                doc = cb.set_carts(doc, name, carts[name], None)
        raced = cb.race_command(doc)["totals"]
        factory = {n: i for i, n in enumerate(names)} if shift < SHIFTS else None
        doc = cb.close_shift(doc, shift, factory=factory)
        scored = {s.player: s.breakdown[f"shift_{shift}"] for s in cb.score(doc).standings}
        assert raced == scored


# A record may carry `empty_carts` before shift III is scored (records.md requires them once it is scored and
# allows them before: an import). They are read as the draft of shift III's empty carts, under any entry in
# `carts_draft`, by the race, the close and the score alike.
ZERO = dict.fromkeys(COLOURS, 0)
IMPORTED = {"Anna": ZERO | {Y: 3, BL: 1}, "Ben": ZERO | {BL: 2}, "Cleo": ZERO | {BR: 1}}
CARTS_READ = [
    ("entered on the phones", {"carts_draft": IMPORTED}, IMPORTED),
    ("imported in empty_carts", {"empty_carts": IMPORTED}, IMPORTED),
    ("imported, one corrected on a phone", {"empty_carts": IMPORTED, "carts_draft": {"Ben": ZERO | {G: 4}}},
     IMPORTED | {"Ben": ZERO | {G: 4}}),
]


@pytest.mark.parametrize(("fields", "carts"), [c[1:] for c in CARTS_READ], ids=[c[0] for c in CARTS_READ])
def test_the_race_the_close_and_the_score_read_shift_three_carts_alike(fields, carts):
    doc = playing(3, current={"Anna": [card(WB, BL)]}) | fields
    raced = cb.race_command(doc)
    minecarts = {e["name"]: {p: c["count"] for p, c in e["players"].items()}
                 for e in raced["elements"] if e["kind"] == Kind.MINECART}
    assert minecarts == {c: {p: carts[p][c] for p in carts} for c in COLOURS}
    closed = cb.close_shift(doc, SHIFTS)
    assert (closed["empty_carts"], "carts_draft" in closed) == (carts, False)
    assert {s.player: s.breakdown["shift_3"] for s in cb.score(closed).standings} == raced["totals"]


def test_a_game_with_every_shift_scored_has_no_race():
    with pytest.raises(RecordError) as error:
        cb.race(cb.read(record(shifts=[{}, {}, {}])))
    assert (error.value.field, error.value.code) == ("shifts", "all_scored")


# --- the table's switch -----------------------------------------------------------------------------------


def test_the_race_can_be_hidden_and_shown_again():
    doc = cb.hide_race(created(["Anna", "Ben"]), True)
    assert cb.read(doc).race_hidden
    assert not cb.read(cb.hide_race(doc, False)).race_hidden
    assert not cb.read(created(["Anna", "Ben"])).race_hidden


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_race_hidden_must_be_true_or_false(value):
    with pytest.raises(RecordError) as error:
        cb.read(created(["Anna", "Ben"]) | {"race_hidden": value})
    assert (error.value.field, error.value.code) == ("race_hidden", "not_bool")


# --- python -m scoring race -------------------------------------------------------------------------------


def test_race_command_line(tmp_path):
    data = record(["Anna", "Ben"], shifts=[{"Anna": [card("train", BL, BL)]}]) | {
        "current_shift": {"Anna": [], "Ben": [card("truck", BL, BL, BL)]}}
    done = run_command(tmp_path, "race", data)
    assert (done.returncode, done.stderr) == (0, "")
    out = json.loads(done.stdout)
    assert out["shift"] == 2
    assert [(e["kind"], e["name"]) for e in out["elements"]] == [
        *((Kind.COAL, c) for c in COLOURS), *((Kind.TRANSPORT, t) for t in Transport)]
    black, train, truck = out["elements"][3], out["elements"][7], out["elements"][6]
    assert black["players"] == {"Anna": {"count": 2, "points": 0, "to_lead": 2},
                                "Ben": {"count": 3, "points": 5, "to_lead": 0}}
    assert train["players"]["Anna"] == {"count": 2, "points": 9, "to_lead": 0}
    assert truck["players"]["Ben"] == {"count": 3, "points": 8, "to_lead": 0}
    assert out["totals"] == {"Anna": 9, "Ben": 13}


@pytest.mark.parametrize(("data", "field"), [
    (record(shifts=[{}, {}, {}]), "shifts"),
    ({"game": "mine", "players": ["Anna", "Ben"], "rounds": []}, "game"),
    (playing(2) | {"current_shift": {"Anna": [card("train", "pink")], "Ben": [], "Cleo": []}}, "current_shift"),
    ([], "record"),
])
def test_race_command_refuses_in_one_line(tmp_path, data, field):
    done = run_command(tmp_path, "race", data)
    assert (done.returncode, done.stdout, done.stderr.count("\n")) == (2, "", 1)
    assert done.stderr.startswith(f"error: {field}")
