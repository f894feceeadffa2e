"""The group pages under AppTest (group, history, statistics, a game opened read-only) and the BG Stats
link on a finished game. Harness: apptest.py."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote

import pytest

from apptest import PAGE_FIXTURES, app, failure, group_app, put, texts, tr
from builders import BY_GAME, EXAMPLE, at as game_at, dummy_ahead, expected_standings, finished_example
from schichtbuch.live import refresh
from schichtbuch.shell.nav import page_path
from schichtbuch.store import Imported, SQLiteStore
from schichtbuch.widgets.scoreboard import CHART_COLOURS, LEGEND_CHAR, LEGEND_SYMBOL, LEGEND_WIDTH
from scoring import bgstats
from scoring.game import StartOption
from scoring.registry import GAMES, page_at_stage

pytestmark = [pytest.mark.pages, pytest.mark.usefixtures(*PAGE_FIXTURES)]
THREE = ["Anna", "Ben", "Cleo"]
NAMES = tuple(g.names["en"] for g in GAMES.values())
"""How the history names each game (its first words)."""


def end_page(game: str) -> str:
    """The page a finished game of `game` is on."""
    return page_path(game, page_at_stage(game_at(game, THREE, "finished")))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_finished_game_links_to_bg_stats_with_a_qr_code(store_path: Path, lang: str, game: str):
    doc = finished_example(game)
    game_id = put(store_path, {**doc, "started": 1_700_000_000})
    at = app(end_page(game), lang, game_id)
    assert not at.exception, failure(at)
    (button,) = [e for e in at.get("link_button")]
    assert button.proto.label == tr(lang, "bgstats.send")
    data = json.loads(unquote(button.proto.url.removeprefix(bgstats.PUSH_URL)))
    assert sorted(p["name"] for p in data["players"]) == sorted(doc["players"])
    assert data["game"].get("bggId") == BY_GAME[game].BGG_ID
    assert tr(lang, "bgstats.qr") in texts(at)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_not_over_has_no_bg_stats_link(store_path: Path, game: str):
    at = app(end_page(game), "en", put(store_path, game_at(game, THREE, "ending")))
    assert not at.exception, failure(at)
    assert not at.get("link_button")


# --- the group pages ----------------------------------------------------------------------------------

GROUP_PAGES = [f"pages/{p}.py" for p in ("group", "history", "stats")]


def stocked(store_path: Path) -> tuple[str, dict[str, str], dict[str, dict]]:
    """A group with a finished game of every game (its example, one an hour in the registry's order), then
    one of the example game being played (`playing`): its id, and each game's id and record by those names."""
    s = SQLiteStore(str(store_path))
    group = s.create_group("Donnerstagsrunde", ["Anna", "Ben"])
    docs = {g: finished_example(g) for g in GAMES} | {"playing": game_at(EXAMPLE, THREE, "playing")}
    ids = {name: s.create({**doc, "started": 1_700_000_000 + 3600 * hour}, {"key": "change.start"}, group=group.id).id
           for hour, (name, doc) in enumerate(docs.items())}
    return group.id, ids, docs


def stocked_group(store_path: Path) -> tuple[str, dict[str, str]]:
    group_id, ids, _ = stocked(store_path)
    return group_id, ids


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
        group_app(page, lang, group_id, show=ids[EXAMPLE])
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


@pytest.mark.parametrize("game", GAMES)
def test_a_game_started_in_the_group_has_the_home_page_options(store_path: Path, game: str):
    """Every set-up option of its descriptor (the variant on, the last seat the dummy's), and the start
    player named by the table (where the rules name one, no draw is offered)."""
    g = GAMES[game]
    group_id = SQLiteStore(str(store_path)).create_group("Runde", ["Anna", "Ben", "Cleo", "Bot"]).id
    at = group_app("pages/group.py", "en", group_id)
    at.selectbox(key="group_game").select(game).run()
    at.multiselect(key="group_seats").set_value(["Anna", "Ben", "Cleo", "Bot"]).run()
    draws = [t for t in at.toggle if t.key == "group_draw"]
    assert bool(draws) == g.draw_start
    if draws:
        draws[0].set_value(False).run()
    if StartOption.VARIANT in g.options:
        at.toggle(key=f"group_variant_{game}").set_value(True)
    if StartOption.DUMMY in g.options:
        at.selectbox(key=f"group_dummy_{game}").set_value(3)
    at.radio(key="group_first").set_value("Cleo")
    at.button(key="group_go").click().run()
    assert not at.exception, failure(at)
    doc = SQLiteStore(str(store_path)).load(at.query_params["game"]).doc
    assert (doc["game"], g.first_player(doc)) == (game, "Cleo")
    assert doc.get("variant", False) == (StartOption.VARIANT in g.options)
    assert doc.get("dummy") == ("Bot" if StartOption.DUMMY in g.options else None)


def test_the_table_may_name_the_start_player_instead_of_a_draw(store_path: Path):
    group_id = SQLiteStore(str(store_path)).create_group("Runde", ["Anna", "Ben", "Cleo"]).id
    at = group_app("pages/group.py", "en", group_id)
    at.multiselect(key="group_seats").set_value(["Anna", "Ben", "Cleo"]).run()
    at.toggle(key="group_draw").set_value(False).run()
    at.radio(key="group_first").set_value("Ben")
    at.button(key="group_go").click().run()
    doc = SQLiteStore(str(store_path)).load(at.query_params["game"]).doc
    assert GAMES[doc["game"]].first_player(doc) == "Ben"


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
        assert tr("de", "group.member_list", members="Anna und Ben") in [c.value for c in at.caption]


def test_japanese_lists_names_and_totals_with_its_own_comma(store_path: Path):
    """A list in Japanese is joined by 、, not by a Latin comma: the members, and a game's totals in the history."""
    s = SQLiteStore(str(store_path))
    group = s.create_group("木曜会", ["Anna", "Ben"])
    s.create(game_at(EXAMPLE, ["Anna", "Ben"], "finished"), {"key": "change.start"}, group=group.id)
    at = group_app("pages/group.py", "ja", group.id)
    assert tr("ja", "group.member_list", members="Anna、Ben") in [c.value for c in at.caption]
    at = group_app("pages/history.py", "ja", group.id)
    (line,) = [p.proto.label for p in at.get("page_link") if p.proto.label.startswith(GAMES[EXAMPLE].names["ja"])]
    assert "、" in line and ", " not in line


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
    ours, other = s.create_group("A", []).id, s.create_group("B", []).id
    game = s.create(finished_example(EXAMPLE), {"key": "change.start"}, group=other).id
    at = group_app("pages/group.py", "en", ours)
    at.text_input(key="group_add_game").input(f"http://x/?game={game}")
    next(b for b in at.button if b.label == tr("en", "group.add_game_button")).click().run()
    at.button(key="group_add_yes").click().run()
    assert [e.value for e in at.error] == [tr("en", "group.other_group")]
    assert s.group_games(ours) == []


@pytest.mark.parametrize("answer", ["group_add_no", "group_add_yes"])
def test_a_game_added_by_its_link_is_shown_and_asked_about_first(store_path: Path, answer: str):
    s = SQLiteStore(str(store_path))
    group = s.create_group("Runde", ["Anna", "Ben"])
    game = s.create(finished_example(EXAMPLE), {"key": "change.start"}).id
    at = group_app("pages/group.py", "en", group.id)
    at.text_input(key="group_add_game").input(f"http://x/?game={game}")
    next(b for b in at.button if b.label == tr("en", "group.add_game_button")).click().run()
    assert s.group_games(group.id) == []
    [asked] = [w.value for w in at.warning]
    assert asked.startswith(tr("en", "group.add_ask", group="Runde", game="")) and GAMES[EXAMPLE].names["en"] in asked
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
    group_id, ids, docs = stocked(store_path)
    newest = list(reversed(docs.values()))
    at = group_app("pages/history.py", "en", group_id)
    shown = [p.proto.label for p in at.get("page_link") if p.proto.label.startswith(NAMES)]
    assert [s.split("\\:")[0] for s in shown] == [GAMES[d["game"]].names["en"] for d in newest]
    states = [c.value for c in at.caption if "·" in c.value]
    assert "still being played" in states[0] and "won by" in states[1]
    at.selectbox(key="history_player").set_value("Cleo").run()
    shown = [p.proto.label for p in at.get("page_link") if p.proto.label.startswith(NAMES)]
    seated = [GAMES[d["game"]].names["en"] for d in newest if "Cleo" in d["players"]]  # the game being played too
    assert [s.split("\\:")[0] for s in shown] == seated and len(seated) < len(newest)
    at = group_app("pages/history.py", "en", group_id, show=ids[EXAMPLE])
    assert not at.exception, failure(at)
    assert tr("en", "standings.final") in [h.value for h in at.subheader]
    assert not at.number_input and len(at.get("link_button")) == 1  # standings and the BG Stats link
    assert [b.label for b in at.button] == [tr("en", "note.save")]  # and the table's note
    at = group_app("pages/history.py", "en", group_id, show="y" * 22)
    assert [e.value for e in at.error] == [tr("en", "history.not_in_group")]


def test_history_shows_twenty_games_counts_all_and_shows_more_on_a_tap(store_path: Path):
    s = SQLiteStore(str(store_path))
    group_id = s.create_group("Runde", []).id
    records = [{**finished_example(EXAMPLE), "started": 1_700_000_000 + i} for i in range(21)]
    name = GAMES[EXAMPLE].names["en"]
    s.import_games(group_id, records, {"key": "change.import"})
    at = group_app("pages/history.py", "en", group_id)
    assert tr("en", "history.count", count=21, finished=tr("en", "history.finished", finished=21)) in [c.value for c in at.caption]
    assert len([p for p in at.get("page_link") if p.proto.label.startswith(name)]) == 20
    at.button(key="history_more").click().run()
    assert len([p for p in at.get("page_link") if p.proto.label.startswith(name)]) == 21
    assert not [b for b in at.button if b.key == "history_more"]


def test_statistics_show_members_charts_and_head_to_head(store_path: Path):
    """The example game's: its finished example counts, the game being played does not."""
    group_id, _ = stocked_group(store_path)
    at = group_app("pages/stats.py", "de", group_id)
    at.button_group(key="stats_game").set_value(EXAMPLE).run()
    assert not at.exception, failure(at)
    assert len(at.get("vega_lite_chart")) == 2 and at.dataframe
    table = at.dataframe[0].value
    winner, total, _ = expected_standings(finished_example(EXAMPLE))[0]
    assert table.loc[winner, tr("de", "stats.col.wins")] == 1 and table.loc[winner, tr("de", "stats.col.best")] == total
    assert any("1 gemeinsames Spiel:" in m.value for m in at.markdown)  # the singular form


def test_statistics_chart_the_points_per_category_in_the_seats_colours_with_a_legend_that_fits_a_phone(
        store_path: Path):
    """Vega's own colours are not the seats' and its legend, one row, ran off a 390 px screen: the bars
    take the colours of the standings' chart, in the members' order, and the legend rows of names uncut.
    The dummy seat is no member: neither in the table nor in the chart."""
    seats = ["Anna-Lena", "Benedikt", "Dirk Oberhausen", "Emilia", "Robo"]
    s = SQLiteStore(str(store_path))
    group = s.create_group("Runde", seats[:-1])
    s.create(dummy_ahead(seats, "Robo"), {"key": "change.start"}, group=group.id)
    at = group_app("pages/stats.py", "en", group.id)
    assert not at.exception, failure(at)
    members = list(at.dataframe[0].value.index)
    assert sorted(members) == seats[:-1]
    colour = json.loads(at.get("vega_lite_chart")[1].proto.spec)["encoding"]["color"]
    assert colour["scale"] == {"domain": members, "range": list(CHART_COLOURS.values())[:4]}
    legend = colour["legend"]
    assert legend["orient"] == "bottom" and legend["columns"] > 1
    assert legend["columns"] * (len("Dirk Oberhausen") * LEGEND_CHAR + LEGEND_SYMBOL) <= LEGEND_WIDTH
    assert legend["labelLimit"] >= len("Dirk Oberhausen") * LEGEND_CHAR


FIRST, *_, LAST = GAMES
"""The registry's first game (the statistics' default) and its last."""


@pytest.mark.parametrize(("played", "opens"), [
    ([LAST], LAST),
    ([*reversed(GAMES), "playing"], FIRST),
    ([LAST, FIRST], FIRST),
    ([], FIRST),
])
def test_statistics_open_on_the_game_of_the_most_recently_played_finished_game(store_path: Path, played, opens):
    """A group that has only played one game (not the default) sees its statistics at once, not the default
    game's "no finished game"; a game still being played (`playing`) does not count."""
    s = SQLiteStore(str(store_path))
    group = s.create_group("Donnerstagsrunde", ["Anna", "Ben"])
    for hour, name in enumerate(played):
        doc = game_at(EXAMPLE, THREE, "playing") if name == "playing" else finished_example(name)
        s.create({**doc, "started": 1_700_000_000 + 3600 * hour}, {"key": "change.start"}, group=group.id)
    at = group_app("pages/stats.py", "en", group.id)
    assert not at.exception, failure(at)
    assert at.button_group(key="stats_game").value == opens
    assert (tr("en", "stats.none") in [i.value for i in at.info]) == (not played)


def test_statistics_are_computed_again_when_the_group_changes(store_path: Path):
    """The tables are kept per version of the group: a game finished on another phone counts at once."""
    group_id, _ = stocked_group(store_path)
    at = group_app("pages/stats.py", "en", group_id)
    at.button_group(key="stats_game").set_value(EXAMPLE).run()
    assert at.dataframe[0].value.loc["Anna", tr("en", "stats.col.plays")] == 1
    SQLiteStore(str(store_path)).create(finished_example(EXAMPLE), {"key": "change.start"}, group=group_id)
    at.run()
    assert at.dataframe[0].value.loc["Anna", tr("en", "stats.col.plays")] == 2


def test_history_csv_and_json_export_and_json_import(store_path: Path):
    from schichtbuch.sharing.export import history_csv
    from schichtbuch.sharing.export import export_json, import_records

    group_id, ids, docs = stocked(store_path)
    s = SQLiteStore(str(store_path))
    games = s.group_games(group_id)
    csv = history_csv(games, lambda k, **p: tr("en", k, **p), "en")
    lines = csv.splitlines()
    name = GAMES[EXAMPLE].names["en"]  # the registry's first: its categories come first
    assert lines[0].startswith(f"Date,Game,Finished,Minutes played,Player,Rank,Total,Winner,{name}: ")
    assert len(lines) == 1 + sum(len(d["players"]) for d in docs.values())  # a row per player per game
    first = GAMES[EXAMPLE].categories[0]
    winner, total, _ = expected_standings(docs[EXAMPLE])[0]
    worked = docs[EXAMPLE]["expected"][winner][first]
    assert f"2023-11-14 22:13:20,{name},True,,{winner},1,{total},True,{worked}," in csv  # no end time: no minutes
    exported = export_json(s, s.group(group_id), games)
    other = s.create_group("Neu", []).id
    records = import_records(exported.encode())
    assert len(records) == len(docs)
    assert s.import_games(other, records, {"key": "change.import"}) == Imported(len(docs), 0)
    assert [p.summary for p in s.group_games(other)] == [p.summary for p in games]
    assert s.group(other).members == tuple(dict.fromkeys(p for r in records for p in r["players"]))
    assert s.import_games(group_id, records, {"key": "change.import"}) == Imported(0, len(docs))
    assert s.import_games(other, records, {"key": "change.import"}) == Imported(0, len(docs))


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

    bad = json.dumps({"format": "schichtbuch-group", "games": [finished_example(EXAMPLE), {"game": "chess"}]})
    with pytest.raises(RecordError) as refused:
        import_records(bad.encode())
    assert refused.value.field == "games.1.game"
