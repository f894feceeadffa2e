"""Where a page's run spends the server's CPU: py-spy (`pip install py-spy`) samples the server while one
phone reruns the page, as `runs.py` does, and the samples are sorted by who spends them. Run on demand,
never by pytest:

    python tests/load/costs.py [--runs 300] [--pages coal_baron_shift …] [--raw DIR] [--gil]

The kinds, from the innermost frame of the app's code in a sample's stack (none: the server or Streamlit
alone): the server (the event loop: websocket, the hand-off of each message from the script's thread),
Streamlit's script runner (starting and ending a run, widget states), Streamlit's elements and widgets
called by the app, the store, Streamlit's caches, and the app's own Python (the rules, translations,
building texts); py-spy reads some stacks only in part (it samples without stopping the server), and
those are not known. With `--gil` only the thread holding Python's interpreter lock is sampled, which is
what uses the server's CPU; without it, threads waiting count too (the event loop waiting for the network,
a script thread waiting for the store). The yardsticks (`bare`, `floor_shift`) have no app code: their runs count as Streamlit."""

from __future__ import annotations

import argparse
import asyncio
import re
import signal
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from phones import ROOT, Server  # noqa: E402
from runs import PAGES, Page, opened, served  # noqa: E402

PAGE_FILES = "|".join(re.escape(p.name) for p in [ROOT / "app.py", *(ROOT / "pages").glob("*.py")])
OURS = re.compile(rf"\(((schichtbuch|scoring|setup)/\S+|{PAGE_FILES}):\d+\)$")
"""A frame of the app's code (py-spy names a page's file without its folder)."""

KINDS = [
    ("Streamlit's elements and widgets", re.compile(r"streamlit/(elements|delta_generator|commands|navigation)")),
    ("Streamlit's caches", re.compile(r"streamlit/runtime/caching")),
    ("the store", re.compile(r"sqlite|psycopg|schichtbuch/store/")),
]


def kind(stack: list[str]) -> str:
    """Who spends a sample whose frames are `stack`, outermost first."""
    if not stack[0].startswith(("Thread._bootstrap ", "_run_module_as_main ")):
        return "not known (py-spy read only part of the stack)"
    if not any("script_runner.py" in frame for frame in stack):
        return "the server (event loop)"
    ours = [i for i, frame in enumerate(stack) if OURS.search(frame)]
    if not ours:
        return "Streamlit's script runner"
    below = ";".join(stack[ours[-1]:])
    return next((name for name, pattern in KINDS if pattern.search(below)), "the app's own Python")


def shares(raw: Path) -> Counter[str]:
    """Samples by kind, from py-spy's raw output (a stack and a count per line)."""
    found: Counter[str] = Counter()
    for line in raw.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        found[kind(stack.split(";"))] += int(count)
    return found


async def sample(server: Server, page: Page, game: str, runs: int, raw: Path, gil: bool) -> None:
    """Open the page on one phone, then rerun it `runs` times while py-spy samples the server (with `gil`,
    only the thread holding the interpreter lock)."""
    stop = asyncio.Event()
    phone, running = await opened(server, page, game, stop)
    for _ in range(5):   # past the first runs' one-off work
        await phone.rerun_and_wait(tap=page.taps)
    spy = subprocess.Popen(["py-spy", "record", "--pid", str(server.pids[0]), "--rate", "500", "--format", "raw",
                            "--nonblocking", "--output", str(raw), *(["--gil"] if gil else [])],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    await asyncio.sleep(1)
    for _ in range(runs):
        await phone.rerun_and_wait(tap=page.taps)
    spy.send_signal(signal.SIGINT)
    spy.wait()
    stop.set()
    await running


def profile(name: str, runs: int, raw: Path, gil: bool) -> Counter[str]:
    """The page `name` on a fresh server with a throwaway store, sampled into `raw`."""
    with served(name) as (server, page, game):
        asyncio.run(sample(server, page, game, runs, raw, gil))
    return shares(raw)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--pages", nargs="+", default=["coal_baron_shift"], choices=list(PAGES))
    parser.add_argument("--raw", type=Path, help="keep py-spy's samples here (one file per page)")
    parser.add_argument("--gil", action="store_true", help="sample only the thread holding the interpreter lock")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.raw or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for name in args.pages:
            found = profile(name, args.runs, folder / f"{name}.txt", args.gil)
            total = sum(found.values())
            print(f"{name} ({total} samples): " + " · ".join(
                f"{who} {100 * n / total:.0f}%" for who, n in found.most_common()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
