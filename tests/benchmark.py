"""Speed figures, measured in one run: `python tests/benchmark.py`.

1. Server time of one interaction on the Coal Baron scoring page (4 players, all three shifts logged:
   I and II scored, III awaiting its scoring while the players enter their empty minecarts): switching the
   player whose minecarts are entered. That widget sits in a fragment, so a server reruns only the
   fragment; AppTest always reruns the whole app, so the benchmark asks for the fragment rerun the way
   the browser does (its id in the rerun request). As a ratio to a bare Streamlit page with one button.
   The whole-app rerun of the same page is printed too, for comparison. Both run in-process under AppTest, so only the script run is timed.
   Target: at most 3×.
Both pages run under AppTest with one shared script cache, as a server keeps one.
2. Cold start: `streamlit run app.py` spawned until a headless Chromium shows the rendered home page.
   Target: under 5 s.
3. `python -m scoring score RECORD` as a whole process. Target: under 0.5 s.
"""

from __future__ import annotations

import functools
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import streamlit as st
from playwright.sync_api import expect
from streamlit.runtime.pages_manager import PagesManager
from streamlit.runtime.scriptrunner.script_cache import ScriptCache
from streamlit.testing.v1 import AppTest, app_test, local_script_runner

sys.path.insert(0, str(Path(__file__).parent))
from browser import ROOT, chromium, free_port, phone, server  # noqa: E402

sys.path.insert(0, str(ROOT))
from schichtbuch.store import SQLiteStore  # noqa: E402
from scoring import coal_baron  # noqa: E402
from scoring.coal_baron import Order, Transport  # noqa: E402

ROUNDS = 30
PLAYERS = ["Anna", "Ben", "Cleo", "Dirk"]
DELIVERIES = [Order(Transport.TRAIN, ("black", "black")), Order(Transport.TRUCK, ("yellow", "yellow", "yellow")),
              Order(Transport.WHEELBARROW, ("brown",)), Order(Transport.HORSE_CART, ("grey", "grey"))]


def four_player_game() -> dict:
    doc = coal_baron.new_record(PLAYERS, {}, "Anna")
    for shift in (1, 2, 3):
        for i, who in enumerate(PLAYERS):
            for order in DELIVERIES[i:] + DELIVERIES[:i]:
                doc = coal_baron.deliver(doc, shift, who, order)
        if shift < 3:
            doc = coal_baron.close_shift(doc, shift, {p: i for i, p in enumerate(PLAYERS)})
    return doc


def timed_interactions(at: AppTest, interact) -> float:
    """Median seconds of one rerun caused by `interact(at, i)`."""
    times = []
    for i in range(ROUNDS):
        interact(at, i)
        start = time.perf_counter()
        at.run()
        times.append(time.perf_counter() - start)
        assert not at.exception, at.exception
    return statistics.median(times)


def like_a_server() -> None:
    """A server compiles each script once and keeps the bytecode (one ScriptCache for its lifetime);
    AppTest makes a new cache every run. Share one, for the bare page and the app alike."""
    shared = ScriptCache()
    app_test.ScriptCache = local_script_runner.ScriptCache = lambda: shared


def through_app() -> None:
    """AppTest forgets between runs that `st.navigation` has run, and with a `pages/` folder it would then
    run the page alone; a server remembers, so every run here goes through `app.py` as on a server."""
    init = PagesManager.__init__

    def remembering(self, *args, **kwargs) -> None:
        init(self, *args, **kwargs)
        PagesManager.uses_pages_directory = False

    PagesManager.__init__ = remembering


@contextmanager
def fragment_reruns(at: AppTest, name: str) -> Iterator[None]:
    """Make AppTest's reruns rerun only the fragment function `name`, as a widget inside it does."""
    ids = {_fragment_name(f): fid for fid, f in at._fragment_storage._fragments.items()}
    plain = local_script_runner.RerunData
    local_script_runner.RerunData = functools.partial(plain, fragment_id_queue=[ids[name]])
    try:
        yield
    finally:
        local_script_runner.RerunData = plain


def _fragment_name(wrapper) -> str:
    inner = [c.cell_contents for c in wrapper.__closure__ or () if callable(c.cell_contents)]
    return next(f.__name__ for f in inner if f.__name__ != "wrapped_fragment")


def interaction_ratio(folder: Path) -> tuple[float, float, float]:
    like_a_server()
    bare = folder / "bare.py"
    bare.write_text("import streamlit as st\nst.button('Go')\n")
    at_bare = AppTest.from_file(str(bare), default_timeout=30)
    at_bare.run()
    bare_time = timed_interactions(at_bare, lambda at, i: at.button[0].click())

    through_app()
    os.environ["SCHICHTBUCH_STORE"] = str(folder / "bench.sqlite3")
    st.cache_resource.clear()
    game = SQLiteStore(os.environ["SCHICHTBUCH_STORE"]).create(four_player_game(), {"key": "change.start"})
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.query_params["game"], at.query_params["lang"] = game.id, "en"
    at.run()
    at.switch_page("pages/coal_baron_scoring.py")
    at.run()
    assert at.markdown and "Schichtbuch" in at.markdown[0].value, "the run did not go through app.py"
    switch = lambda at, i: at.segmented_control(key="carts_player").set_value(PLAYERS[i % 4])  # noqa: E731
    whole = timed_interactions(at, switch)
    with fragment_reruns(at, "empty_carts"):
        fragment = timed_interactions(at, switch)
    return fragment, whole, bare_time


def cold_start(folder: Path) -> float:
    with chromium() as browser:
        page = phone(browser)
        start = time.perf_counter()
        with server(folder / "cold.sqlite3", free_port()) as url:
            page.goto(f"{url}/?lang=en")
            expect(page.get_by_role("button", name="Start game")).to_be_visible(timeout=30_000)
            return time.perf_counter() - start


def command_line() -> float:
    record = ROOT / "tests" / "games" / "coal_baron_4p_ties.json"
    times = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "scoring", "score", str(record)], cwd=ROOT, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    os.chdir(ROOT)  # the app's .streamlit/config.toml applies, as with `streamlit run app.py`
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        app_time, whole_time, bare_time = interaction_ratio(folder)
        start = cold_start(folder)
    cli = command_line()
    ratio = app_time / bare_time
    print(f"interaction on the scoring page: {app_time * 1000:.1f} ms; bare page: {bare_time * 1000:.1f} ms; "
          f"ratio {ratio:.2f}× (target ≤ 3×); the whole app rerun instead: {whole_time * 1000:.1f} ms "
          f"({whole_time / bare_time:.2f}×)")
    print(f"cold start to the rendered home page: {start:.2f} s (target < 5 s)")
    print(f"python -m scoring score: {cli:.3f} s (target < 0.5 s)")
    return 0 if ratio <= 3 and start < 5 and cli < 0.5 else 1


if __name__ == "__main__":
    sys.exit(main())
