"""The group pages under AppTest (group, history, statistics, a game opened read-only) and the BG Stats
link on a finished game. Harness: apptest.py."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote

import pytest

from apptest import PAGE_FIXTURES, ROOT, app, failure, group_app, put, texts, tr
from builders.mine import dummy_ahead
from schichtbuch.live import refresh
from schichtbuch.store import Imported, SQLiteStore
from scoring import bgstats

pytestmark = [pytest.mark.pages, pytest.mark.usefixtures(*PAGE_FIXTURES)]
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


# --- the group pages ----------------------------------------------------------------------------------

GROUP_PAGES = [f"pages/{p}.py" for p in ("group", "history", "stats")]


def stocked_group(store_path: Path) -> tuple[str, dict[str, str]]:
    """A group with three finished games of three kinds and one being played."""
    s = SQLiteStore(str(store_path))
    group = s.create_group("Donnerstagsrunde", ["Anna", "Ben"])
    ids = {}
    for at, name in enumerate(["coal_baron_2p", "mine_3p_all_tied", "schichtwechsel_2p_tie", "coal_baron_3p_partial"]):
        ids[name] = s.create({**example(name), "started": 1_700_000_000 + 3600 * at}, {"key": "change.start"}, group=group.id).id
    return group.id, ids


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("page", GROUP_PAGES)
def test_group_pages_run_with_and_without_a_group(store_path: Path, page: str, lang: str,
                                                  monkeypatch: pytest.MonkeyPatch):
    followed: list[tuple[str, str]] = []
    monkeypatch.setattr(refresh, "follow", lambda table, item, version, read, gone: followed.append((table, item)))
    at = app(page, lang)
    assert not at.exception, failure(at)
    assert followed == []
    group_id, ids = stocked_group(store_path)
    at = group_app(page, lang, group_id)
    assert not at.exception, failure(at)
    assert not at.error
    assert followed == [("groups", group_id)], "the live refresh does not follow the group"
    if page == "pages/history.py":  # one game of the group, read-only
        group_app(page, lang, group_id, show=ids["coal_baron_2p"])
        assert followed[1:] == [("groups", group_id)]


@pytest.mark.parametrize("page", GROUP_PAGES)
@pytest.mark.parametrize("group_id", ["x" * 22, "not an id"])
def test_an_unknown_group_link_gets_one_line(store_path: Path, page: str, group_id: str):
    at = group_app(page, "en", group_id)
    assert [e.value for e in at.error] == [tr("en", "group.unknown")]


def test_creating_a_group_opens_it_and_a_member_named_twice_is_refused(store_path: Path):
    at = app("pages/group.py")
    at.text_input(key="group_name").input("Donnerstagsrunde")
    at.text_area(key="group_members").input("Anna\nBen\nAnna")
    at.button[0].click().run()
    assert [e.value for e in at.error] == [tr("en", "group.member_twice", name="Anna")]
    assert SQLiteStore(str(store_path))._db.execute("SELECT COUNT(*) FROM groups").fetchone()[0] == 0
    at.text_area(key="group_members").input("Anna\nBen")
    at.button[0].click().run()
    assert not at.exception, failure(at)
    assert "Donnerstagsrunde" in at.subheader[0].value and at.query_params["group"]


@pytest.mark.parametrize(("name", "members", "field", "limit"), [
    ("Donnerstagsrunde", "Anna\nAnna-Lena Schmidt-Weber von Hohenz", "field.members › 2", 24),
    ("Donnerstagsrunde der Knappen vom Pütt in Bochum", "Anna\nBen", "field.name", 40),
    ("Donnerstagsrunde", "Anna Schmidt\n" * 50, "field.members", 600),
])
def test_a_paste_over_a_group_field_limit_is_refused_naming_the_field_and_kept(store_path: Path, name, members, field,
                                                                                 limit):
    at = app("pages/group.py")
    assert [w.proto.max_chars for w in [*at.text_input, *at.text_area]] == [0] * (len(at.text_input) + len(at.text_area))
    at.text_input(key="group_name").input(name)
    at.text_area(key="group_members").input(members)
    at.button[0].click().run()
    words = " › ".join(tr("en", w) if w.startswith("field.") else w for w in field.split(" › "))
    assert [e.value for e in at.error] == [tr("en", "error.refused", field=words, problem=tr("en", "problem.too_long", limit=limit))]
    assert (at.text_input(key="group_name").value, at.text_area(key="group_members").value) == (name, members)
    assert SQLiteStore(str(store_path))._db.execute("SELECT COUNT(*) FROM groups").fetchone()[0] == 0


def test_a_game_started_in_the_group_opens_and_is_in_its_history(store_path: Path):
    group_id = SQLiteStore(str(store_path)).create_group("Runde", ["Anna", "Ben", "Cleo"]).id
    at = group_app("pages/group.py", "en", group_id)
    at.multiselect(key="group_seats").set_value(["Ben", "Cleo"])
    at.button(key="group_go").click().run()
    assert not at.exception, failure(at)
    (played,) = SQLiteStore(str(store_path)).group_games(group_id)
    assert played.summary["players"] == ["Ben", "Cleo"] and isinstance(played.summary["started"], int)


def test_a_mine_game_in_the_group_has_the_home_page_options(store_path: Path):
    group_id = SQLiteStore(str(store_path)).create_group("Runde", ["Anna", "Ben", "Cleo", "Bot"]).id
    at = group_app("pages/group.py", "en", group_id)
    at.selectbox(key="group_game").select("mine").run()
    assert not [t for t in at.toggle if t.key == "group_draw"]  # the rules name the start player
    at.multiselect(key="group_seats").set_value(["Anna", "Ben", "Cleo", "Bot"]).run()
    at.toggle(key="group_variant_mine").set_value(True)
    at.selectbox(key="group_dummy_mine").set_value(3)
    at.radio(key="group_first").set_value("Cleo")
    at.button(key="group_go").click().run()
    assert not at.exception, failure(at)
    doc = SQLiteStore(str(store_path)).load(at.query_params["game"]).doc
    assert (doc["variant"], doc["dummy"], doc["start_player"]) == (True, "Bot", "Cleo")


def test_the_table_may_name_the_start_player_instead_of_a_draw(store_path: Path):
    group_id = SQLiteStore(str(store_path)).create_group("Runde", ["Anna", "Ben", "Cleo"]).id
    at = group_app("pages/group.py", "en", group_id)
    at.multiselect(key="group_seats").set_value(["Anna", "Ben", "Cleo"]).run()
    at.toggle(key="group_draw").set_value(False).run()
    at.radio(key="group_first").set_value("Ben")
    at.button(key="group_go").click().run()
    assert SQLiteStore(str(store_path)).load(at.query_params["game"]).doc["start_players"] == ["Ben"]


def test_the_groups_opened_on_this_phone_are_listed_on_home_and_on_the_group_page(store_path: Path):
    s = SQLiteStore(str(store_path))
    first, second = s.create_group("Donnerstagsrunde", ["Anna", "Ben"]).id, s.create_group("Freitag", ["Cleo"]).id
    at = group_app("pages/history.py", "de", first)
    at.query_params["group"] = second
    at.switch_page("pages/stats.py").run()
    for page in ("pages/home.py", "pages/group.py"):
        at.query_params.pop("group", None)
        at.switch_page(page).run()
        assert not at.exception, failure(at)
        assert tr("de", "group.yours") in [h.value for h in at.subheader]
        links = [(p.value, p.proto.page) for p in at.get("page_link") if p.value in ("Donnerstagsrunde", "Freitag")]
        assert [name for name, _ in links] == ["Freitag", "Donnerstagsrunde"]
        assert tr("de", "group.member_list", members="Anna, Ben") in [c.value for c in at.caption]


def test_a_phone_with_no_group_lists_none(store_path: Path):
    at = app("pages/home.py", "en")
    assert tr("en", "group.yours") not in [h.value for h in at.subheader]


def test_too_few_seats_are_refused_with_one_line(store_path: Path):
    group_id = SQLiteStore(str(store_path)).create_group("Runde", ["Anna", "Ben"]).id
    at = group_app("pages/group.py", "en", group_id)
    at.multiselect(key="group_seats").set_value(["Ben"])
    at.button(key="group_go").click().run()
    assert [e.value for e in at.error] == [tr("en", "group.seats", low=2, high=4)]
    assert SQLiteStore(str(store_path)).group_games(group_id) == []


def test_a_game_of_another_group_is_refused_with_one_line(store_path: Path):
    s = SQLiteStore(str(store_path))
    mine, other = s.create_group("A", []).id, s.create_group("B", []).id
    game = s.create(example("coal_baron_2p"), {"key": "change.start"}, group=other).id
    at = group_app("pages/group.py", "en", mine)
    at.text_input(key="group_add_game").input(f"http://x/?game={game}")
    next(b for b in at.button if b.label == tr("en", "group.add_game_button")).click().run()
    at.button(key="group_add_yes").click().run()
    assert [e.value for e in at.error] == [tr("en", "group.other_group")]
    assert s.group_games(mine) == []


@pytest.mark.parametrize("answer", ["group_add_no", "group_add_yes"])
def test_a_game_added_by_its_link_is_shown_and_asked_about_first(store_path: Path, answer: str):
    s = SQLiteStore(str(store_path))
    group = s.create_group("Runde", ["Anna", "Ben"])
    game = s.create(example("coal_baron_2p"), {"key": "change.start"}).id
    at = group_app("pages/group.py", "en", group.id)
    at.text_input(key="group_add_game").input(f"http://x/?game={game}")
    next(b for b in at.button if b.label == tr("en", "group.add_game_button")).click().run()
    assert s.group_games(group.id) == []
    [asked] = [w.value for w in at.warning]
    assert asked.startswith(tr("en", "group.add_ask", group="Runde", game="")) and "Coal Baron" in asked
    at.button(key=answer).click().run()
    assert not at.exception, failure(at)
    added = answer == "group_add_yes"
    assert [g.id for g in s.group_games(group.id)] == ([game] if added else [])
    assert [m.value for m in at.success] == ([tr("en", "group.added")] if added else [])
    assert not at.warning


@pytest.mark.parametrize("page", ["pages/group.py", "pages/history.py", "pages/stats.py"])
def test_every_group_page_links_home(store_path: Path, page: str):
    group_id = SQLiteStore(str(store_path)).create_group("Runde", ["Anna", "Ben"]).id
    at = group_app(page, "en", group_id)
    assert tr("en", "page.home.short") in [p.proto.label for p in at.get("page_link")]


def test_history_lists_newest_first_filters_and_opens_a_game_read_only(store_path: Path):
    group_id, ids = stocked_group(store_path)
    at = group_app("pages/history.py", "en", group_id)
    shown = [p.proto.label for p in at.get("page_link") if p.proto.label.startswith(("Coal", "MINE", "Schicht"))]
    assert [s.split("\\:")[0] for s in shown] == ["Coal Baron", "Schichtwechsel", "MINE!", "Coal Baron"]
    states = [c.value for c in at.caption if "·" in c.value]
    assert "still being played" in states[0] and "won by" in states[1]
    at.selectbox(key="history_player").set_value("Cleo").run()
    shown = [p.proto.label for p in at.get("page_link") if p.proto.label.startswith(("Coal", "MINE", "Schicht"))]
    assert [s.split("\\:")[0] for s in shown] == ["Coal Baron", "MINE!"]  # the game being played has Cleo too
    at = group_app("pages/history.py", "en", group_id, show=ids["coal_baron_2p"])
    assert not at.exception, failure(at)
    assert tr("en", "standings.final") in [h.value for h in at.subheader]
    assert not at.number_input and len(at.get("link_button")) == 1  # standings and the BG Stats link
    assert [b.label for b in at.button] == [tr("en", "note.save")]  # and the table's note
    at = group_app("pages/history.py", "en", group_id, show="y" * 22)
    assert [e.value for e in at.error] == [tr("en", "history.not_in_group")]


def test_history_marks_the_dummy_seat_where_it_ends_first_and_names_a_player_at_the_table_the_winner(
        store_path: Path):
    s = SQLiteStore(str(store_path))
    group = s.create_group("Donnerstagsrunde", ["Anna", "Ben"])
    s.create(dummy_ahead(["Anna", "Ben", "Robo"], "Robo"), {"key": "change.start"}, group=group.id)
    at = group_app("pages/history.py", "en", group.id)
    assert not at.exception, failure(at)
    (line,) = [p.proto.label for p in at.get("page_link") if p.proto.label.startswith("MINE")]
    assert line.startswith("MINE!\\: Robo (dummy) ")
    won = [c.value for c in at.caption if "won by" in c.value]
    assert len(won) == 1 and "Robo" not in won[0]


def test_history_shows_twenty_games_counts_all_and_shows_more_on_a_tap(store_path: Path):
    s = SQLiteStore(str(store_path))
    group_id = s.create_group("Runde", []).id
    records = [{**example("coal_baron_2p"), "started": 1_700_000_000 + i} for i in range(21)]
    s.import_games(group_id, records, {"key": "change.import"})
    at = group_app("pages/history.py", "en", group_id)
    assert tr("en", "history.count", count=21, finished=tr("en", "history.finished", finished=21)) in [c.value for c in at.caption]
    assert len([p for p in at.get("page_link") if p.proto.label.startswith("Coal")]) == 20
    at.button(key="history_more").click().run()
    assert len([p for p in at.get("page_link") if p.proto.label.startswith("Coal")]) == 21
    assert not [b for b in at.button if b.key == "history_more"]


def test_statistics_show_members_charts_and_head_to_head(store_path: Path):
    group_id, _ = stocked_group(store_path)
    at = group_app("pages/stats.py", "de", group_id)
    at.button_group(key="stats_game").set_value("coal_baron").run()
    assert not at.exception, failure(at)
    assert len(at.get("vega_lite_chart")) == 2 and at.dataframe
    table = at.dataframe[0].value
    assert table.loc["Anna", tr("de", "stats.col.wins")] == 1 and table.loc["Anna", tr("de", "stats.col.best")] == 122
    assert any("1 gemeinsames Spiel:" in m.value for m in at.markdown)  # the singular form


@pytest.mark.parametrize(("played", "opens"), [
    (["schichtwechsel_2p_tie"], "schichtwechsel"),
    (["mine_3p_all_tied", "coal_baron_2p", "schichtwechsel_2p_tie", "coal_baron_3p_partial"], "schichtwechsel"),
    (["schichtwechsel_2p_tie", "mine_3p_all_tied"], "mine"),
    ([], "coal_baron"),
])
def test_statistics_open_on_the_game_of_the_most_recently_played_finished_game(store_path: Path, played, opens):
    """A group that has only played Schichtwechsel sees its statistics at once, not Coal Baron's "no finished
    game"; a game still being played does not count."""
    s = SQLiteStore(str(store_path))
    group = s.create_group("Donnerstagsrunde", ["Anna", "Ben"])
    for hour, name in enumerate(played):
        s.create({**example(name), "started": 1_700_000_000 + 3600 * hour}, {"key": "change.start"}, group=group.id)
    at = group_app("pages/stats.py", "en", group.id)
    assert not at.exception, failure(at)
    assert at.button_group(key="stats_game").value == opens
    assert (tr("en", "stats.none") in [i.value for i in at.info]) == (not played)


def test_statistics_are_computed_again_when_the_group_changes(store_path: Path):
    """The tables are kept per version of the group: a game finished on another phone counts at once."""
    group_id, _ = stocked_group(store_path)
    at = group_app("pages/stats.py", "en", group_id)
    at.button_group(key="stats_game").set_value("coal_baron").run()
    assert at.dataframe[0].value.loc["Anna", tr("en", "stats.col.plays")] == 1
    SQLiteStore(str(store_path)).create(example("coal_baron_2p"), {"key": "change.start"}, group=group_id)
    at.run()
    assert at.dataframe[0].value.loc["Anna", tr("en", "stats.col.plays")] == 2


def test_history_csv_and_json_export_and_json_import(store_path: Path):
    from schichtbuch.sharing.export import history_csv
    from schichtbuch.sharing.export import export_json, import_records

    group_id, ids = stocked_group(store_path)
    s = SQLiteStore(str(store_path))
    games = s.group_games(group_id)
    csv = history_csv(games, lambda k, **p: tr("en", k, **p), "en")
    lines = csv.splitlines()
    assert lines[0].startswith("Date,Game,Finished,Minutes played,Player,Rank,Total,Winner,Coal Baron: ")
    assert len(lines) == 1 + 3 + 2 + 3 + 2  # a row per player per game
    assert "2023-11-14 22:13:20,Coal Baron,True,,Anna,1,122,True,34," in csv  # no end time: no minutes played
    exported = export_json(s, s.group(group_id), games)
    other = s.create_group("Neu", []).id
    records = import_records(exported.encode())
    assert len(records) == 4
    assert s.import_games(other, records, {"key": "change.import"}) == Imported(4, 0)
    assert [p.summary for p in s.group_games(other)] == [p.summary for p in games]
    assert s.group(other).members == ("Anna", "Ben", "Cleo")
    assert s.import_games(group_id, records, {"key": "change.import"}) == Imported(0, 4)
    assert s.import_games(other, records, {"key": "change.import"}) == Imported(0, 4)


@pytest.mark.parametrize(("lang", "imported", "expected"), [
    ("en", Imported(4, 0), "4 games imported."),
    ("en", Imported(1, 1), "1 game imported. 1 game was already in this group."),
    ("de", Imported(0, 3), "0 Spiele importiert. 3 Spiele waren schon in dieser Runde."),
])
def test_an_import_says_how_many_games_it_added_and_how_many_were_there(store_path: Path, lang, imported, expected):
    group_id, _ = stocked_group(store_path)
    at = group_app("pages/history.py", lang, group_id)
    at.session_state["history_imported"] = imported
    at.run()
    assert [e.value for e in at.success] == [expected]


def test_an_import_with_one_bad_record_imports_nothing(store_path: Path):
    from schichtbuch.sharing.export import import_records
    from scoring.errors import RecordError

    bad = json.dumps({"format": "schichtbuch-group", "games": [example("coal_baron_2p"), {"game": "chess"}]})
    with pytest.raises(RecordError) as refused:
        import_records(bad.encode())
    assert refused.value.field == "games.1.game"
