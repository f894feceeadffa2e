"""Player profiles and ratings under AppTest: the statistics page links each player's name to the profile
and shows the game's ratings, the history links the player it is filtered by; a profile shows plays, wins,
head to head, nemesis and ratings in every language, never for the dummy seat, counts every group the
phone knows when asked, and follows the group's changes. Harness: apptest.py."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs

import pytest
from babel.numbers import format_percent

from apptest import PAGE_FIXTURES, failure, group_app, texts, tr
from builders import DUMMY, EXAMPLE, at as game_at, dummy_ahead, example, finished_example, finished_examples
from schichtbuch.live import refresh
from schichtbuch.store import SQLiteStore
from schichtbuch.texts import i18n
from scoring.registry import GAMES

pytestmark = [pytest.mark.pages, pytest.mark.usefixtures(*PAGE_FIXTURES)]
PLAYED = [finished_examples(g)[0] for g in GAMES] + finished_examples(EXAMPLE)[1:]
"""Anna's games beside the game the dummy seat Robo leads: each game's finished example game, then the
example game's others. Anna wins the first three (the second shared), Ben finishes behind Anna in the
first, third and fourth, ahead of her in the dummy's game."""


def stocked(store_path: Path, name: str = "Donnerstagsrunde", played: list[str] = PLAYED, dummy: bool = True) -> str:
    s = SQLiteStore(str(store_path))
    group = s.create_group(name, ["Anna", "Ben", "Cleo"])
    games = [example(n) for n in played] + ([dummy_ahead(["Anna", "Ben", "Robo"], "Robo")] if dummy else [])
    for hour, game in enumerate(games):
        s.create({**game, "started": 1_700_000_000 + 3600 * hour}, {"key": "change.start"}, group=group.id)
    return group.id


def profile_links(at) -> dict[str, dict[str, str]]:
    """The links to a profile on the page: each one's label and query parameters."""
    return {p.proto.label: {k: v[0] for k, v in parse_qs(p.proto.query_string).items()}
            for p in at.page_link if p.proto.page == "player"}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_players_name_on_the_statistics_page_opens_the_profile(store_path: Path, lang: str):
    group_id = stocked(store_path)
    at = group_app("pages/stats.py", lang, group_id)
    at.button_group(key="stats_game").set_value(EXAMPLE).run()
    links = profile_links(at)
    assert sorted(links) == ["Anna", "Ben", "Cleo", "Dirk"]
    at = group_app("pages/player.py", lang, group_id, player=links["Anna"]["player"])
    assert not at.exception, failure(at)
    assert [h.value for h in at.subheader] == ["👤 Anna"]
    shown = texts(at)
    assert tr(lang, "player.summary", games=5, wins=3, rate=format_percent(0.6, locale=lang),
              time="–") in shown
    assert tr(lang, "player.nemesis", rival="Ben", player="Anna", count=1, games=5) in "\n\n".join(shown)
    assert tr(lang, "player.beaten", rival="Ben", player="Anna", count=3, games=5) in "\n\n".join(shown)
    assert any("| Ben | 5 | 3 | 1 | 1 |" in m for m in shown)  # ahead, behind, tied
    assert tr(lang, "rating.explain") in shown and tr(lang, "player.rules", count=3) in shown
    assert sorted(profile_links(at)) == ["Ben", "Cleo", "Dirk"]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_players_tied_as_nemesis_and_as_beaten_most_often_are_all_named(store_path: Path, lang: str):
    """Ben and Cleo each finish ahead of Anna in 2 of 3 games and behind her in 1: neither is picked."""
    s = SQLiteStore(str(store_path))
    group = s.create_group("Runde", ["Anna", "Ben", "Cleo"])
    for hour, seats in enumerate((["Ben", "Anna", "Cleo"], ["Cleo", "Anna", "Ben"], ["Anna", "Ben", "Cleo"])):
        s.create({**game_at(EXAMPLE, seats, "finished"), "started": 1_700_000_000 + 3600 * hour}, {"key": "change.start"},
                 group=group.id)
    shown = "\n\n".join(texts(group_app("pages/player.py", lang, group.id, player="Anna")))
    both = i18n.listed(lang, ["**Ben**", "**Cleo**"])
    assert tr(lang, "player.nemesis_tied", rivals=both, player="Anna", count=2, games=3) in shown
    assert tr(lang, "player.beaten_tied", rivals=both, player="Anna", count=1, games=3) in shown


def test_the_statistics_show_the_ratings_and_no_profile_for_the_dummy_seat(store_path: Path):
    group_id = stocked(store_path)
    at = group_app("pages/stats.py", "en", group_id)
    at.button_group(key="stats_game").set_value(DUMMY).run()
    assert sorted(profile_links(at)) == ["Anna", "Ben", "Cleo"]
    (ratings,) = [m.value for m in at.markdown if m.value.startswith(f"| {tr('en', 'col.player')} | μ ± σ |")]
    rows = [line.split("|")[1].strip().split(" ", 1) for line in ratings.splitlines()[2:]]
    assert [place for place, _ in rows] == ["1\\.", "2\\.", "3\\."] and sorted(name for _, name in rows) == ["Anna", "Ben", "Cleo"]
    assert "Robo" not in ratings and tr("en", "rating.explain") in texts(at)


@pytest.mark.parametrize("player", ["Robo", "Zoe", ""])
def test_the_dummy_seat_or_a_name_without_a_game_gets_the_list_of_profiles(store_path: Path, player: str):
    at = group_app("pages/player.py", "en", stocked(store_path), player=player)
    assert not at.exception, failure(at)
    assert [h.value for h in at.subheader] == [tr("en", "player.players", group="Donnerstagsrunde")]
    assert sorted(profile_links(at)) == ["Anna", "Ben", "Cleo", "Dirk"]


def test_the_history_filtered_by_a_player_links_to_the_profile(store_path: Path):
    group_id = stocked(store_path)
    at = group_app("pages/history.py", "en", group_id)
    assert profile_links(at) == {}
    at.selectbox(key="history_player").set_value("Ben").run()
    assert profile_links(at) == {tr("en", "player.profile_of", player="Ben"): {"group": group_id, "lang": "en", "player": "Ben"}}


def test_the_profile_counts_every_group_the_phone_knows_when_asked(store_path: Path):
    other = stocked(store_path, "Freitag", PLAYED[:1], dummy=False)
    group_id = stocked(store_path)
    at = group_app("pages/player.py", "en", other, player="Anna")
    assert "player_scope" not in [b.key for b in at.button_group], "one group known: nothing to choose"
    at.query_params["group"] = group_id
    at.run()
    scope = at.button_group(key="player_scope")
    assert scope.options == [tr("en", "player.scope.group"), tr("en", "player.scope.all", count=2)]
    assert any(tr("en", "player.summary", games=5, wins=3, rate="60%", time="–") == m for m in texts(at))
    scope.set_value(True).run()
    assert any(tr("en", "player.summary", games=6, wins=4, rate="67%", time="–") == m for m in texts(at))


def test_a_profile_follows_the_group_and_is_computed_again_when_it_changes(store_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch):
    followed: list[tuple[str, str]] = []
    monkeypatch.setattr(refresh, "follow", lambda table, item, version, read, gone: followed.append((table, item)))
    group_id = stocked(store_path, played=PLAYED[:1], dummy=False)
    at = group_app("pages/player.py", "en", group_id, player="Ben")
    assert followed == [("groups", group_id)]
    assert tr("en", "player.summary", games=1, wins=0, rate="0%", time="–") in texts(at)
    won = next(g for g in GAMES if g != EXAMPLE and finished_example(g)["expected"]["Ben"]["rank"] == 1)
    ben = finished_example(won)["expected"]["Ben"]["total"]
    timed = {**finished_example(won), "started": 1_700_000_000, "ended": 1_700_000_000 + 70 * 60}
    SQLiteStore(str(store_path)).create(timed, {"key": "change.start"}, group=group_id)
    at.run()
    hours = tr("en", "player.hours", hours=1, minutes=10)
    assert tr("en", "player.summary", games=2, wins=1, rate="50%", time=hours) in texts(at)
    assert any(f"| {GAMES[won].names['en']} | 1 | 1 (100%) | {ben}.0 | {ben} | {hours} |" in m for m in texts(at))


def test_a_game_with_one_person_beside_the_dummy_counts_but_rates_nobody(store_path: Path):
    s = SQLiteStore(str(store_path))
    group = s.create_group("Runde", ["Anna"])
    s.create(dummy_ahead(["Anna", "Robo"], "Robo"), {"key": "change.start"}, group=group.id)
    at = group_app("pages/player.py", "en", group.id, player="Anna")
    assert not at.exception, failure(at)
    shown = texts(at)
    assert tr("en", "player.summary", games=1, wins=1, rate="100%", time="–") in shown
    assert tr("en", "rating.none") in shown and tr("en", "player.no_rivals", player="Anna", count=3) in shown
    at = group_app("pages/stats.py", "en", group.id)
    assert tr("en", "rating.none") in texts(at)


def test_a_group_without_a_finished_game_says_so(store_path: Path):
    group = SQLiteStore(str(store_path)).create_group("Runde", ["Anna"])
    at = group_app("pages/player.py", "de", group.id, player="Anna")
    assert [i.value for i in at.info] == [tr("de", "player.none")]
