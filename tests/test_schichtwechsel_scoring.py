"""Schichtwechsel final scoring (../shared/rules/schichtwechsel.md): races, items, start player, tools,
refusals, and a complete example game worked out by hand."""

from __future__ import annotations

import copy
from functools import partial

import pytest

from builders import example
from builders.schichtwechsel import FOUR as NAMES
from builders.schichtwechsel import REFUSED, ZERO, record
from schichtbuch.texts import i18n
from scoring import bgstats, schichtwechsel as sw
from scoring.errors import RecordError

pytestmark = pytest.mark.pure


@pytest.mark.parametrize(("finish", "expected"), [
    ([], {}),
    (["Ben"], {"Ben": 8}),
    (["Ben", "Anna"], {"Ben": 8, "Anna": 5}),
    (["Cleo", "Anna", "Dirk"], {"Cleo": 8, "Anna": 5, "Dirk": 5}),
    (["Dirk", "Cleo", "Ben", "Anna"], {"Dirk": 8, "Cleo": 5, "Ben": 5, "Anna": 5}),
], ids=["nobody", "one", "two", "three", "four"])
def test_race_first_eight_later_five(finish, expected):
    assert sw.race(finish) == expected


def breakdown(data, who):
    return next(s for s in sw.score(data).standings if s.player == who).breakdown


@pytest.mark.parametrize(("tools", "vp"), [(0, 0), (1, -2), (6, -12), (9, -18)])
def test_each_tool_tile_costs_two(tools, vp):
    data = record()
    data["end"]["players"]["Ben"]["tools"] = tools
    assert breakdown(data, "Ben")["tools"] == vp


@pytest.mark.parametrize("holder", NAMES)
def test_start_player_marker_gives_two(holder):
    data = record(start_player=holder)
    assert {n: breakdown(data, n)["start_player"] for n in NAMES} == {n: 2 if n == holder else 0 for n in NAMES}


def test_each_track_is_its_own_race():
    data = record(track_finish={"rail": ["Ben", "Anna"], "road": ["Anna"], "canal": []}, miner_finish=["Cleo"])
    assert {c: breakdown(data, "Anna")[c] for c in ("miner", "rail", "road", "canal")} == \
        {"miner": 0, "rail": 5, "road": 8, "canal": 0}
    assert breakdown(data, "Cleo")["miner"] == 8


def test_no_tie_breaker_equal_totals_share_a_place():
    result = sw.score(record(start_player="Anna", miner_finish=["Ben"],
                             players={n: dict(ZERO, vp_chips={"Anna": 6, "Ben": 0}.get(n, 0)) for n in NAMES}))
    ranks = {s.player: s.rank for s in result.standings}
    assert ranks == {"Anna": 1, "Ben": 1, "Cleo": 3, "Dirk": 3}  # Anna 2 + 6 = Ben 8


@pytest.mark.parametrize(("change", "field"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_refused_records(change, field):
    data = copy.deepcopy(record())
    sw.score(data)
    change(data)
    with pytest.raises(RecordError) as err:
        sw.score(data)
    assert err.value.field == field


def test_complete_four_player_game_category_by_category():
    """Worked out by hand from the rules summary:
    Anna: rounds 3+0+4+2+5 = 14; miner 2nd → 5; rail 1st → 8; thresholds 6, houses 7, coke 14, chips 5;
          2 tools → −4; no marker. Total 14+5+8+6+7+14+5−4 = 55.
    Ben:  rounds 1+2+2+0+3 = 8; miner 1st → 8; canal 1st → 8; thresholds 9, houses 4, coke 6, chips 2;
          marker → 2; 0 tools. Total 8+8+8+9+4+6+2+2 = 47.
    Cleo: rounds 0+5+1+3+1 = 10; road 1st → 8, rail 2nd → 5; thresholds 4, houses 10, coke 8, chips 0;
          1 tool → −2. Total 10+8+5+4+10+8−2 = 43.
    Dirk: rounds 2+1+0+1+0 = 4; nothing finished; thresholds 2, houses 3, coke 4, chips 1; 6 tools → −12.
          Total 4+2+3+4+1−12 = 2."""
    points = [(3, 1, 0, 2), (0, 2, 5, 1), (4, 2, 1, 0), (2, 0, 3, 1), (5, 3, 1, 0)]
    data = {
        "game": "schichtwechsel", "players": NAMES,
        "rounds": [{"card": f"Karte {i}", "points": dict(zip(NAMES, p))} for i, p in enumerate(points, 1)],
        "end": {"miner_finish": ["Ben", "Anna"], "track_finish": {"rail": ["Anna", "Cleo"], "road": ["Cleo"], "canal": ["Ben"]},
                "start_player": "Ben",
                "players": {"Anna": {"track_points": 6, "houses": 7, "coke": 14, "vp_chips": 5, "tools": 2},
                            "Ben": {"track_points": 9, "houses": 4, "coke": 6, "vp_chips": 2, "tools": 0},
                            "Cleo": {"track_points": 4, "houses": 10, "coke": 8, "vp_chips": 0, "tools": 1},
                            "Dirk": {"track_points": 2, "houses": 3, "coke": 4, "vp_chips": 1, "tools": 6}}},
    }
    expected = {
        "Anna": {"rounds": 14, "miner": 5, "rail": 8, "road": 0, "canal": 0, "track_points": 6, "houses": 7,
                 "coke": 14, "vp_chips": 5, "start_player": 0, "tools": -4},
        "Ben": {"rounds": 8, "miner": 8, "rail": 0, "road": 0, "canal": 8, "track_points": 9, "houses": 4,
                "coke": 6, "vp_chips": 2, "start_player": 2, "tools": 0},
        "Cleo": {"rounds": 10, "miner": 0, "rail": 5, "road": 8, "canal": 0, "track_points": 4, "houses": 10,
                 "coke": 8, "vp_chips": 0, "start_player": 0, "tools": -2},
        "Dirk": {"rounds": 4, "miner": 0, "rail": 0, "road": 0, "canal": 0, "track_points": 2, "houses": 3,
                 "coke": 4, "vp_chips": 1, "start_player": 0, "tools": -12},
    }
    result = sw.score(data)
    assert result.final
    assert {s.player: dict(s.breakdown) for s in result.standings} == expected
    assert [(s.player, s.total, s.rank) for s in result.standings] == [("Anna", 55, 1), ("Ben", 47, 2), ("Cleo", 43, 3), ("Dirk", 2, 4)]
    assert result.progress[-1] == {"Anna": 14, "Ben": 8, "Cleo": 10, "Dirk": 4}


def test_partial_game_scores_round_cards_only():
    data = {"game": "schichtwechsel", "players": ["Anna", "Ben"],
            "rounds": [{"card": "Koks", "points": {"Anna": 3, "Ben": 0}}]}
    result = sw.score(data)
    assert not result.final
    assert [(s.player, s.total) for s in result.standings] == [("Anna", 3), ("Ben", 0)]


def test_arrivals_count_as_soon_as_they_are_entered():
    data = sw.arrive(sw.new_record(["Anna", "Ben"], {}, "Anna"), "miner", "Ben", 0)
    result = sw.score(data)
    assert not result.final
    assert {s.player: s.breakdown["miner"] for s in result.standings} == {"Ben": 8, "Anna": 0}


# --- the changes the table makes --------------------------------------------------------------------------

def started(names=NAMES, start="Anna"):
    return sw.new_record(names, {}, start)


def played(rounds=sw.ROUNDS, names=NAMES):
    data = started(names)
    for n in range(1, rounds + 1):
        data = sw.add_round(data, n, f"Karte {n}", {p: n for p in names})
    return data


def test_new_record_holds_the_start_player_and_no_rounds():
    data = started(start="Cleo")
    assert (data["start_player"], data["rounds"]) == ("Cleo", [])
    assert sw.status(data) == ("schichtwechsel.status.round", {"round": 1, "rounds": 5})


def test_new_record_refuses_a_start_player_not_in_the_game():
    with pytest.raises(RecordError) as err:
        sw.new_record(NAMES, {}, "Zoe")
    assert err.value.field == "start_player"


@pytest.mark.parametrize("rounds", [0, 1, 4, 5])
def test_rounds_are_entered_in_order(rounds):
    data = played(rounds)
    assert [r["card"] for r in data["rounds"]] == [f"Karte {n}" for n in range(1, rounds + 1)]
    assert sw.status(data)[0] == ("schichtwechsel.status.end" if rounds == 5 else "schichtwechsel.status.round")
    assert [p["Anna"] for p in sw.score(data).progress] == [n * (n + 1) // 2 for n in range(1, rounds + 1)]


def test_card_name_is_trimmed():
    assert sw.add_round(started(), 1, "  Koks ", dict.fromkeys(NAMES, 0))["rounds"][0]["card"] == "Koks"


@pytest.mark.parametrize(("number", "code", "field"), [
    (1, "round_entered", "rounds.0"), (2, "round_entered", "rounds.1"), (4, "round_not_reached", "rounds.3"),
    (6, "too_many_rounds", "rounds"),
], ids=["first_again", "stale_phone", "skipping", "sixth"])
def test_a_round_entered_twice_skipped_or_sixth_is_refused(number, code, field):
    data = played(2) if number != 6 else played(5)
    with pytest.raises(RecordError) as err:
        sw.add_round(data, number, "Koks", dict.fromkeys(NAMES, 1))
    assert (err.value.code, err.value.field) == (code, field)


@pytest.mark.parametrize(("card", "points", "field"), [
    (" ", dict.fromkeys(NAMES, 0), "rounds.0.card"),
    ("Koks", dict(dict.fromkeys(NAMES, 0), Cleo=-1), "rounds.0.points.Cleo"),
    ("Koks", {"Anna": 1}, "rounds.0.points.Ben"),
], ids=["no_name", "negative", "player_missing"])
def test_bad_round_entry_names_the_field_and_changes_nothing(card, points, field):
    data = started()
    before = copy.deepcopy(data)
    with pytest.raises(RecordError) as err:
        sw.add_round(data, 1, card, points)
    assert err.value.field == field
    assert data == before


def test_a_round_is_corrected_unless_it_changed_meanwhile():
    data = played(3)
    seen = copy.deepcopy(data["rounds"][1])
    fixed = sw.edit_round(data, 2, "Bahn", dict.fromkeys(NAMES, 7), seen)
    assert fixed["rounds"][1] == {"card": "Bahn", "points": dict.fromkeys(NAMES, 7)}
    assert fixed["rounds"][0] == data["rounds"][0]
    with pytest.raises(RecordError) as err:
        sw.edit_round(fixed, 2, "Kanal", dict.fromkeys(NAMES, 1), seen)
    assert (err.value.code, err.value.field) == ("changed_elsewhere", "rounds.1")


@pytest.mark.parametrize("end_field", sw.RACES)
def test_arrivals_are_tapped_in_order_and_taken_back(end_field):
    data = started()
    for place, who in enumerate(["Cleo", "Anna", "Dirk"]):
        data = sw.arrive(data, end_field, who, place)
    assert data["finish"][end_field] == ["Cleo", "Anna", "Dirk"]
    assert breakdown(data, "Cleo")[end_field] == 8 and breakdown(data, "Dirk")[end_field] == 5
    data = sw.withdraw(data, end_field, "Cleo")
    assert data["finish"][end_field] == ["Anna", "Dirk"]
    assert breakdown(data, "Anna")[end_field] == 8
    with pytest.raises(RecordError) as err:
        sw.withdraw(data, end_field, "Cleo")
    assert err.value.code == "not_arrived"


@pytest.mark.parametrize(("who", "place", "code", "field"), [
    ("Anna", 1, "listed_twice", "finish.miner"),
    ("Ben", 0, "changed_elsewhere", "finish.miner"),
    ("Zoe", 1, "not_player", "finish.miner.1"),
], ids=["twice", "stale_phone", "unknown_player"])
def test_bad_arrival_is_refused(who, place, code, field):
    data = sw.arrive(started(), "miner", "Anna", 0)
    with pytest.raises(RecordError) as err:
        sw.arrive(data, "miner", who, place)
    assert (err.value.code, err.value.field) == (code, field)


def test_unknown_end_field_is_refused():
    with pytest.raises(RecordError) as err:
        sw.arrive(started(), "river", "Anna", 0)
    assert (err.value.code, err.value.field) == ("unknown_track", "finish.river")


def test_start_player_marker_passes_unless_it_moved_meanwhile():
    data = sw.pass_marker(started(start="Anna"), "Dirk", "Anna")
    assert data["start_player"] == "Dirk"
    with pytest.raises(RecordError) as err:
        sw.pass_marker(data, "Ben", "Anna")
    assert (err.value.code, err.value.field) == ("changed_elsewhere", "start_player")
    with pytest.raises(RecordError) as err:
        sw.pass_marker(data, "Zoe", "Dirk")
    assert err.value.field == "start_player"


def test_end_items_only_after_round_five():
    with pytest.raises(RecordError) as err:
        sw.set_items(played(4), "Anna", ZERO, None)
    assert (err.value.code, err.value.field) == ("items_too_early", "end_items")


def test_game_is_over_once_every_player_entered_their_items():
    data = sw.pass_marker(sw.arrive(played(5, NAMES[:2]), "rail", "Ben", 0), "Ben", "Anna")
    data = sw.set_items(data, "Anna", dict(ZERO, houses=4, tools=1), None)
    assert "end" not in data and not sw.score(data).final
    data = sw.set_items(data, "Ben", dict(ZERO, coke=6), None)
    assert data["end"] == {
        "miner_finish": [], "track_finish": {"rail": ["Ben"], "road": [], "canal": []}, "start_player": "Ben",
        "players": {"Anna": dict(ZERO, houses=4, tools=1), "Ben": dict(ZERO, coke=6)}}
    result = sw.score(data)
    assert result.final
    assert {s.player: s.total for s in result.standings} == {"Anna": 15 + 4 - 2, "Ben": 15 + 8 + 6 + 2}


def test_after_the_end_changes_keep_the_end_section_in_step():
    data = played(5, NAMES[:2])
    for who in NAMES[:2]:
        data = sw.set_items(data, who, ZERO, None)
    data = sw.set_items(data, "Anna", dict(ZERO, vp_chips=3), ZERO)
    data = sw.arrive(sw.pass_marker(data, "Ben", "Anna"), "canal", "Anna", 0)
    assert data["end"]["players"]["Anna"]["vp_chips"] == 3
    assert (data["end"]["start_player"], data["end"]["track_finish"]["canal"]) == ("Ben", ["Anna"])
    with pytest.raises(RecordError) as err:
        sw.set_items(data, "Anna", ZERO, ZERO)
    assert (err.value.code, err.value.field) == ("changed_elsewhere", "end_items.Anna")


def test_an_imported_finished_record_is_edited_through_its_end_section():
    data = record(miner_finish=["Ben"])
    data = sw.arrive(data, "miner", "Cleo", 1)
    assert data["end"]["miner_finish"] == ["Ben", "Cleo"]
    assert data["finish"]["miner"] == ["Ben", "Cleo"]
    assert breakdown(data, "Cleo")["miner"] == 5


@pytest.mark.parametrize(("change", "field"), [
    (lambda r: r.update(start_player="Zoe"), "start_player"),
    (lambda r: r.update(finish={"miner": ["Anna", "Anna"]}), "finish.miner"),
    (lambda r: r.update(finish={"river": []}), "finish.river"),
    (lambda r: r.update(end_items={"Zoe": ZERO}), "end_items"),
    (lambda r: r.update(end_items={"Anna": dict(ZERO, coke=-3)}), "end_items.Anna.coke"),
    (lambda r: r.update(setup_ticks="board"), "setup_ticks"),
], ids=["start_player", "finish_twice", "finish_unknown", "items_unknown_player", "items_negative", "ticks"])
def test_app_fields_are_checked_too(change, field):
    data = started()
    change(data)
    with pytest.raises(RecordError) as err:
        sw.read(data)
    assert err.value.field == field


# --- who started, as its BG Stats link sends it -----------------------------------------------------------

def test_schichtwechsel_sends_who_started_not_who_holds_the_marker_at_the_end():
    record = sw.new_record(["Anna", "Ben"], {}, "Ben")
    record = sw.pass_marker(record, "Anna", "Ben")
    assert (record["start_player"], record["first_start_player"]) == ("Anna", "Ben")
    assert sw.GAME.first_player(record) == "Ben"
    finished = example("schichtwechsel_2p_tie")
    first = next(p for p in finished["players"] if p != finished["end"]["start_player"])
    starts = {p["name"]: p["startPlayer"] for p in bgstats.play({**finished, "first_start_player": first}, partial(i18n.translate, "en"))["players"]}
    assert starts == {p: p == first for p in finished["players"]}


def test_an_older_record_that_does_not_say_who_started_sends_no_start_player():
    players = bgstats.play(example("schichtwechsel_2p_tie"), partial(i18n.translate, "en"))["players"]
    assert all("startPlayer" not in p for p in players)


@pytest.mark.parametrize(("seen_rounds", "kept"), [(0, "Anna"), (1, None)])
def test_a_record_naming_no_start_player_keeps_the_first_only_before_any_round(seen_rounds, kept):
    record = {"game": "schichtwechsel", "players": ["Anna", "Ben"],
              "rounds": [{"card": "Koks", "points": {"Anna": 1, "Ben": 0}}] * seen_rounds}
    assert sw.pass_marker(record, "Anna", None).get("first_start_player") == kept


def test_a_first_start_player_who_does_not_play_is_refused():
    with pytest.raises(RecordError) as refused:
        sw.read({**example("schichtwechsel_2p_tie"), "first_start_player": "Zoe"})
    assert refused.value.field == "first_start_player"
