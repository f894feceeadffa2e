"""Speed of a group's pages, on demand: `python tests/benchmark_groups.py`.

A group with 500 finished games (the example games of tests/games, in turn); the median server time of one
whole-app run of its history page, and of its statistics page, against the home page, measured in the same
run under AppTest with one shared script cache as a server keeps. Target: at most 3×.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
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
from schichtbuch.store import SQLiteStore  # noqa: E402

GAMES = 500
RUNS = 15


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


def median_run(page: str, **query: str) -> float:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params.update({"lang": "en", **query})
    at.switch_page(page)
    at.run()
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        at.run()
        times.append(time.perf_counter() - start)
        assert not at.exception, at.exception
    return statistics.median(times)


def main() -> int:
    os.chdir(ROOT)
    like_a_server()
    through_app()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["SCHICHTBUCH_STORE"] = str(Path(tmp) / "bench.sqlite3")
        st.cache_resource.clear()
        group = stocked(Path(os.environ["SCHICHTBUCH_STORE"]))
        home = median_run("pages/home.py")
        history = median_run("pages/history.py", group=group)
        stats = median_run("pages/stats.py", group=group)
    print(f"home page: {home * 1000:.1f} ms; history page with {GAMES} finished games: {history * 1000:.1f} ms "
          f"({history / home:.2f}×); statistics page: {stats * 1000:.1f} ms ({stats / home:.2f}×) (target ≤ 3×)")
    return 0 if history / home <= 3 and stats / home <= 3 else 1


if __name__ == "__main__":
    sys.exit(main())
