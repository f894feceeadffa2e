"""Speed of a group's pages, on demand: `python tests/benchmark_groups.py`.

A group with 500 finished games (the example games of tests/games, in turn); the median server time of one
whole-app run of its history page, its statistics page and a player's profile, against the home page,
measured in the same run under AppTest with one shared script cache as a server keeps. Target: at most 3×.

Then what a new version of the group costs, when nothing of it is computed yet (a member added before each
run, as another phone would): the server CPU time of the first run of the profile (the player's games, head
to head and ratings in every game) and of the statistics page (with the game's ratings), and of the
computation alone without Streamlit, the median of a few such runs. Target: under 1 s each.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
from collections.abc import Callable
import tempfile
import time
from pathlib import Path

import streamlit as st
from streamlit.runtime.pages_manager import PagesManager
from streamlit.runtime.scriptrunner.script_cache import ScriptCache
from streamlit.testing.v1 import AppTest, app_test, local_script_runner

sys.path.insert(0, str(Path(__file__).parent))
from browser import ROOT  # noqa: E402

sys.path.insert(0, str(ROOT))
from schichtbuch.groups import profiles, ratings  # noqa: E402
from schichtbuch.store import SQLiteStore  # noqa: E402
from scoring.registry import GAMES as KINDS  # noqa: E402

GAMES = 500
RUNS = 15
NEW_VERSIONS = 5
"""First runs after a change of the group, measured each (their median is reported)."""
PLAYER = "Anna"
"""The player whose profile is measured: in every example game."""


def like_a_server() -> None:
    """A server compiles each script once and keeps the bytecode (one ScriptCache for its lifetime);
    AppTest makes a new cache every run. Share one, for every page measured."""
    shared = ScriptCache()
    app_test.ScriptCache = local_script_runner.ScriptCache = lambda: shared


def through_app() -> None:
    """AppTest forgets between runs that `st.navigation` has run, and with a `pages/` folder it would then
    run the page alone; a server remembers, so every run here goes through `app.py` as on a server."""
    init = PagesManager.__init__

    def remembering(self: PagesManager, *args: object, **kwargs: object) -> None:
        init(self, *args, **kwargs)  # type: ignore[arg-type]
        PagesManager.uses_pages_directory = False

    PagesManager.__init__ = remembering  # type: ignore[method-assign]


def finished_examples() -> list[dict]:
    """The finished example games of every game (tests/games/), each as its file holds it."""
    from builders import BY_GAME, EXAMPLES_DIR

    examples = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES_DIR.glob("*.json"))]
    return [e for e in examples if BY_GAME[e["game"]].over(e)]


def stocked(path: Path) -> str:
    store = SQLiteStore(str(path))
    records = finished_examples()
    group = store.create_group("Donnerstagsrunde", [])
    for i in range(GAMES):
        store.create({**records[i % len(records)], "started": 1_700_000_000 + 86_400 * i}, {"key": "change.import"},
                     group=group.id)
    return group.id


def opened(page: str, **query: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params.update({"lang": "en", **query})
    at.switch_page(page)
    at.run()
    assert not at.exception, at.exception
    return at


def median_run(page: str, **query: str) -> float:
    at = opened(page, **query)
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        at.run()
        times.append(time.perf_counter() - start)
        assert not at.exception, at.exception
    return statistics.median(times)


def cpu(work: Callable[[], object]) -> float:
    """The process's CPU time (every thread's: AppTest runs the page in one of its own) that `work` takes."""
    start = time.process_time()
    work()
    return time.process_time() - start


def first_runs(store: SQLiteStore, group: str, page: str, **query: str) -> float:
    """The median CPU time of the page's first run at a new version of the group (a member added before
    each), when nothing of that version is computed yet."""
    at, times = opened(page, group=group, **query), []
    for i in range(NEW_VERSIONS):
        store.add_member(group, f"{page[6:9]}{i}")
        times.append(cpu(at.run))
        assert not at.exception, at.exception
    return statistics.median(times)


def computed(store: SQLiteStore, group: str) -> float:
    """The median CPU time of the profile and every game's ratings computed from the history as read."""
    history = store.group_games(group)

    def compute() -> None:
        found = profiles.plays(history)
        profiles.profile(found, PLAYER)
        for game in KINDS:
            ratings.ratings(found, game)

    return statistics.median(cpu(compute) for _ in range(NEW_VERSIONS))


def main() -> int:
    os.chdir(ROOT)
    like_a_server()
    through_app()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["SCHICHTBUCH_STORE"] = str(Path(tmp) / "bench.sqlite3")
        st.cache_resource.clear()
        group = stocked(Path(os.environ["SCHICHTBUCH_STORE"]))
        store = SQLiteStore(os.environ["SCHICHTBUCH_STORE"])
        home = median_run("pages/home.py")
        history = median_run("pages/history.py", group=group)
        stats = median_run("pages/stats.py", group=group)
        profile = median_run("pages/player.py", group=group, player=PLAYER)
        home_cpu = statistics.median(cpu(opened("pages/home.py").run) for _ in range(NEW_VERSIONS))
        profile_first = first_runs(store, group, "pages/player.py", player=PLAYER)
        stats_first = first_runs(store, group, "pages/stats.py")
        alone = computed(store, group)
    print(f"home page: {home * 1000:.1f} ms; history page with {GAMES} finished games: {history * 1000:.1f} ms "
          f"({history / home:.2f}×); statistics page: {stats * 1000:.1f} ms ({stats / home:.2f}×); "
          f"profile: {profile * 1000:.1f} ms ({profile / home:.2f}×) (target ≤ 3×)")
    print(f"server CPU at a new version of the group: home page {home_cpu * 1000:.1f} ms; profile's first run "
          f"{profile_first * 1000:.1f} ms, statistics page's first run (with the ratings) {stats_first * 1000:.1f} ms; "
          f"profile and ratings of every game computed alone {alone * 1000:.1f} ms (target < 1 s)")
    fast = all(page / home <= 3 for page in (history, stats, profile))
    return 0 if fast and max(profile_first, stats_first) < 1 else 1


if __name__ == "__main__":
    sys.exit(main())
