"""Speed figures for one user, measured in one run: `python tests/benchmark.py`.

What many phones at many tables cost the server (tap latency, propagation, CPU per run, memory per
phone, as ratios to a bare Streamlit page) is the load test's: `python tests/load/measure.py`. An
in-process AppTest session predicted none of that, so this keeps only what one player notices:

1. Cold start: `streamlit run app.py` spawned until a headless Chromium shows the rendered home page.
   Target: under 5 s.
2. `python -m scoring score RECORD` as a whole process. Target: under 0.5 s.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).parent))
from browser import ROOT, chromium, free_port, phone, server  # noqa: E402


def cold_start(folder: Path) -> float:
    with chromium() as browser:
        page = phone(browser)
        start = time.perf_counter()
        with server(folder / "cold.sqlite3", free_port()) as url:
            page.goto(f"{url}/?lang=en")
            expect(page.get_by_role("button", name="Start game")).to_be_visible(timeout=30_000)
            return time.perf_counter() - start


def command_line() -> float:
    record = max((ROOT / "tests" / "games").glob("*.json"), key=lambda p: p.stat().st_size)  # the longest example
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
        start = cold_start(folder)
    cli = command_line()
    print(f"cold start to the rendered home page: {start:.2f} s (target < 5 s)")
    print(f"python -m scoring score: {cli:.3f} s (target < 0.5 s)")
    return 0 if start < 5 and cli < 0.5 else 1


if __name__ == "__main__":
    sys.exit(main())
