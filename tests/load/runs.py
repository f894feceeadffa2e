"""The cost of one script run of single pages, each page alone on a server of its own, against the bare page
(`bare.py`) in the same run, so that the figures read as ratios on any machine. Run on demand, never by
pytest:

    python tests/load/runs.py [--runs 60] [--repeat 3] [--pages coal_baron_shift coal_baron_end …]

For each page, `--repeat` times on a fresh server: one phone opens it, then asks for `--runs` reruns one after
the other (each once the last has ended), as a phone does that taps or is followed live; the server's CPU over
those runs divided by the runs it made, and the messages each run sent. The page `coal_baron_shift_tap` is the
shift page with each rerun a tap (a card delivered, then taken back); `floor_shift` is the bare page with the
shift page's controls and nothing else (`floor.py`), `floor_shift_cards` the same with the cards as one
component (`floor_cards.py`); `elements_shift`, `elements_end` and `elements_mine` draw the shift page's, the
end page's and MINE!'s round page's elements, header and navigation included, with fixed texts and no app code
(`elements.py`), so that a page's cost over them is what the app's own code adds. Each repetition measures the
bare page and then every page, so that a ratio compares figures taken minutes apart at most (this machine's
speed drifts by a third over longer); it prints min–median–max of the repetitions and of the ratios to the
same repetition's bare page (and for the pages with a yardstick of their own to it, `YARDSTICKS`, when that is
measured too). Then the first run of a fresh process (its CPU from the server being up to the first page
shown, the app's imports included), and its resident memory after the runs. The project's modules are compiled
to bytecode first, as Python does on a server's first start (this machine's environment may forbid writing
it). The phones are the load test's (`phones.py`)."""

from __future__ import annotations

import argparse
import asyncio
import compileall
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from builders import at  # noqa: E402
from measure import game_in_shift_three  # noqa: E402
from phones import BARE_APP, ROOT, Phone, Server, Table, streamlit  # noqa: E402
from schichtbuch.store import SQLiteStore  # noqa: E402
from scoring.app_fields import with_start  # noqa: E402

FLOOR_APP = Path(__file__).with_name("floor.py")
FLOOR_CARDS_APP = Path(__file__).with_name("floor_cards.py")
ELEMENTS_SHIFT_APP = Path(__file__).with_name("elements_shift.py")
ELEMENTS_MINE_APP = Path(__file__).with_name("elements_mine.py")
ELEMENTS_END_APP = Path(__file__).with_name("elements_end.py")

SIX = ["Anna", "Ben", "Cleo", "Dirk", "Emil", "Fritz"]
ELEMENTS = {"elements_shift": "coal_baron_shift", "elements_mine": "mine_round", "elements_end": "coal_baron_end"}
"""The yardsticks that draw a page's own elements with no app code, and the page each draws."""
YARDSTICKS = {"coal_baron_shift": ("floor_shift", "elements_shift"), "coal_baron_shift_tap": ("floor_shift", "elements_shift"),
              "mine_round": ("elements_mine",), "coal_baron_end": ("elements_end",)}
"""The pages measured against a yardstick of their own besides the bare page, when it is measured too."""


@dataclass(frozen=True)
class Page:
    """A page of `script` (the app's unless said) opened on a game built by `build` (None: no game), rerun
    by taps or not."""

    file: str
    build: Callable[[], dict] | None
    taps: bool = False
    script: Path = ROOT / "app.py"


PAGES = {
    "bare": Page("", None, script=BARE_APP),
    "floor_shift": Page("", None, script=FLOOR_APP),
    "floor_shift_cards": Page("", None, script=FLOOR_CARDS_APP),
    "elements_shift": Page("", None, script=ELEMENTS_SHIFT_APP),
    "elements_mine": Page("", None, script=ELEMENTS_MINE_APP),
    "elements_end": Page("", None, script=ELEMENTS_END_APP),
    "home": Page("home", None),
    "coal_baron_shift": Page("coal_baron_shift", game_in_shift_three),
    "coal_baron_shift_tap": Page("coal_baron_shift", game_in_shift_three, taps=True),
    "coal_baron_end": Page("coal_baron_end", game_in_shift_three),
    "mine_round": Page("mine_round", lambda: with_start(at("mine", SIX, "playing"), time.time())),
}


@dataclass(frozen=True)
class Figures:
    """One page on one fresh server."""

    per_run: float
    messages: float
    runs_per_rerun: float
    first_run: float
    rss: float


@contextmanager
def served(name: str) -> Iterator[tuple[Server, Page, str]]:
    """The page `name` on a fresh server with a throwaway store: the server, the page and its game's id."""
    page = PAGES[name]
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "runs.sqlite3")
        game = SQLiteStore(path).create(page.build(), {"key": "change.start"}).id if page.build else "table"
        with streamlit(page.script, ROOT, {"SCHICHTBUCH_STORE": path}) as server:
            yield server, page, game


async def opened(server: Server, page: Page, game: str, stop: asyncio.Event) -> tuple[Phone, asyncio.Task]:
    """One phone on the page, once its first run is shown, and its task (which ends once `stop` is set)."""
    phone = Table(server.urls, game, [page.file], (page.file,)).phones[0]
    if page.build is None and page.file:
        phone.query = "lang=en"   # a page opened without a game
    running = asyncio.create_task(phone.run(stop))
    await asyncio.wait_for(phone.first_run.wait(), 120)
    return phone, running


async def drive(server: Server, page: Page, game: str, runs: int) -> Figures:
    """Open the page on one phone, then rerun it `runs` times, one after the other."""
    stop, cpu_start = asyncio.Event(), server.cpu_seconds()
    phone, running = await opened(server, page, game, stop)
    first_run = server.cpu_seconds() - cpu_start
    await asyncio.sleep(1)
    cpu, done, messages = server.cpu_seconds(), phone.runs, phone.messages
    for _ in range(runs):
        await phone.rerun_and_wait(tap=page.taps)
    await asyncio.sleep(0.5)   # the runs a tap starts after its own (the live refresh) end too
    made = phone.runs - done
    figures = Figures((server.cpu_seconds() - cpu) / made, (phone.messages - messages) / made, made / runs, first_run,
                      server.rss_mb())
    stop.set()
    await running
    return figures


def measure(name: str, runs: int) -> Figures:
    """The page `name` on a fresh server with a throwaway store."""
    with served(name) as (server, page, game):
        return asyncio.run(drive(server, page, game, runs))


def spread(values: Sequence[float], scale: float, unit: str) -> str:
    return f"{min(values) * scale:.1f}–{statistics.median(values) * scale:.1f}–{max(values) * scale:.1f} {unit}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--pages", nargs="+", default=[p for p in PAGES if p != "bare"], choices=[p for p in PAGES if p != "bare"])
    args = parser.parse_args(argv)
    for folder in ("pages", "schichtbuch", "scoring", "setup"):
        compileall.compile_dir(ROOT / folder, quiet=1)
    names = ["bare", *args.pages]
    rounds = [{name: measure(name, args.runs) for name in names} for _ in range(args.repeat)]
    for name in names:
        found = [r[name] for r in rounds]
        ratios = [r[name].per_run / r["bare"].per_run for r in rounds]
        firsts = [r[name].first_run / r["bare"].first_run for r in rounds]
        floor = [f" ({spread([r[name].per_run / r[under].per_run for r in rounds], 1, f'× {under}')})"
                 for under in YARDSTICKS.get(name, ()) if under in names]
        print(" | ".join([
            f"{name:20}", f"CPU per run {spread([f.per_run for f in found], 1000, 'ms')} ({spread(ratios, 1, '× bare')})"
            + "".join(floor),
            f"messages per run {statistics.median(f.messages for f in found):.0f}",
            f"runs per rerun {statistics.median(f.runs_per_rerun for f in found):.2f}",
            f"first run {spread([f.first_run for f in found], 1000, 'ms')} ({spread(firsts, 1, '× bare')})",
            f"RSS {spread([f.rss for f in found], 1, 'MB')}",
        ]), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
