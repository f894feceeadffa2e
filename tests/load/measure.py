"""The load test: T tables of four simulated phones on a Streamlit server, this app and a bare Streamlit
page with the same live refresh (`bare.py`) in the same run, so that the figures can be read as ratios
on any machine. Run on demand, never by pytest:

    python tests/load/measure.py --tables 6 12 24 --standings 2 --seconds 60 [--mine] [--processes 2]
    python tests/load/measure.py --tables 16 --standings 2 --processes 2 --postgres postgresql://… --app-only
    python tests/load/measure.py --knee --standings 2 --seconds 30 --processes 1 2 [--postgres postgresql://…]

Each table plays one Coal Baron game (four players, shifts I and II scored, shift III under way): its
phones open the shift page, `--standings` of the four the end page (the standings so far, with the
chart). A phone on the shift page taps every 5 s in turn (`phones.py`). With `--mine` every other table
plays MINE! at six seats instead, each phone on the round page at the looting, taking an attack back and
adding it again in turn. For each app, process count and table count it prints tap latency p50/p95/p99, propagation
p50/p95, taps not answered or not shown, and for the app the store's revisions against the taps (landed,
refused with a message, and silent: answered, yet neither stored nor refused), the server's CPU (100% =
one core) and per script run, and resident memory per phone. Both run with the project's
`.streamlit/config.toml` and `--set section.option=value` on top, so that the ratios are the app's own
cost over Streamlit's. The app's store is a temporary SQLite file, or with `--postgres URL` a fresh
schema on that PostgreSQL server, dropped afterwards.

With `--processes N` both run as N processes, and CPU and memory are the processes' sum. The app's have no
proxy in front: each table's phones connect to them in turn (phone i to process i mod N), so that the
line adds propagation p50/p95 to the phones of the tapping phone's process and to those of another, which
see a write through the store (on PostgreSQL its notifications, on SQLite the live refresh's regular
check). The bare page's run behind HAProxy, as `deploy/serve.py` starts them; it has no store, so its
propagation stays its poll, within one process (a phone served by another process does not see the
tap: unseen). Several process counts (`--processes 1 2`) are measured one after the other.

`--knee` finds, for each process count, the table count at which the app's tap p95 reaches `KNEE_MS`
(`knee`): it measures the app alone at `--knee-start` tables, then `--knee-step` more each time until
the p95 reaches it or `--knee-cap` tables, then bisects between the last count below and the first at or
above until they are `KNEE_RESOLUTION` tables apart. It prints the line of each count measured, then
`knee: N process(es): between A tables (p95 x ms) and B tables (p95 y ms)` (or `not reached up to` the
cap), then, once, the bare page at the last count below and the ratios. A tap never answered counts as
slower than any (`tap_p95`). `--tables` is not used then.

Everything stays on loopback; Linux only (`/proc`)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from phones import (  # noqa: E402
    BARE_APP, CONNECT_SECONDS, PHONES_PER_TABLE, PLAYERS, ROOT, Figures, Phone, Server, Table, figures,
    percentile, proxied, side_by_side,
)
from schichtbuch.store import SQLiteStore, Store  # noqa: E402
from scoring import coal_baron, mine  # noqa: E402
from scoring.app_fields import with_start  # noqa: E402
from scoring.coal_baron import Transport  # noqa: E402
from servers import fresh_schema  # noqa: E402

PLAY_PAGE, STANDINGS_PAGE, MINE_PAGE = "coal_baron_shift", "coal_baron_end", "mine_round"
MINE_PLAYERS = ("Anna", "Ben", "Cleo", "Dirk", "Emil", "Fritz")
GRACE_SECONDS = 5.0
"""After the last tap, how long phones keep polling so that it can reach them."""
FIRST_RUN_SECONDS = 120.0
"""How long every phone's first page may take before the run is given up."""
KNEE_MS = 300.0
"""The tap p95 at which a server counts as carrying no more tables (`--knee`)."""
KNEE_RESOLUTION = 8
"""How close, in tables, the knee search brackets the knee."""


@dataclass(frozen=True)
class Load:
    """How many tables, how many of each table's phones watch the standings, for how long, and how many
    server processes carry them (the app's phones spread over them in turn, the bare page's behind
    HAProxy)."""

    tables: int
    standings: int
    warmup: float
    seconds: float
    processes: int = 1
    mine: bool = False
    """Half the tables (every other one) play MINE! at six seats, each phone on the round page."""

    def mine_table(self, i: int) -> bool:
        return self.mine and i % 2 == 1

    def table_pages(self, i: int) -> list[str]:
        """The page of each phone of table `i`."""
        return [MINE_PAGE] * len(MINE_PLAYERS) if self.mine_table(i) else pages(self.standings)


@dataclass(frozen=True)
class Result:
    """One app under one load: the phones' figures and the server's."""

    app: str
    load: Load
    figures: Figures
    cpu: float
    rss_idle: float
    rss_end: float
    landed: int | None

    @property
    def phones(self) -> int:
        return sum(len(self.load.table_pages(i)) for i in range(self.load.tables))


def game_in_shift_three() -> dict:
    """Four players, two cards each in shifts I and II, both scored; shift III has just begun. Started
    now, as on a phone, so that its pages draw the table clock."""
    doc = with_start(coal_baron.new_record(list(PLAYERS), {}, PLAYERS[0]), time.time())
    for shift in (1, 2):
        for player in PLAYERS:
            for transport in (Transport.TRAIN, Transport.TRUCK):
                doc = coal_baron.deliver(doc, shift, player, coal_baron.read(doc).cards_left(transport)[0])
        doc = coal_baron.close_shift(doc, shift, {p: i for i, p in enumerate(PLAYERS)})
    return doc


def mine_in_looting() -> dict:
    """Six seats, round 1 closed, round 2's events entered and one attack: the round page opens at the
    looting, where a phone's taps take the attack back and add it again. Started now, with its clock."""
    doc = with_start(mine.new_record(list(MINE_PLAYERS), {}, MINE_PLAYERS[0]), time.time())
    doc = mine.close_round(mine.enter_round(doc, 1, "sold", {p: 1 for p in MINE_PLAYERS}, None), 1)
    doc = mine.enter_round(doc, 2, "events", {p: 0 for p in MINE_PLAYERS}, None)
    return mine.enter_round(doc, 2, "attacks", [{"attacker": MINE_PLAYERS[0], "target": MINE_PLAYERS[1], "points": 1}], None)


def pages(standings: int) -> list[str]:
    return [PLAY_PAGE] * (PHONES_PER_TABLE - standings) + [STANDINGS_PAGE] * standings


def measure_app(load: Load, options: Sequence[str] = (), postgres: str | None = None) -> Result:
    """This app under `load`, with a throwaway store (on the PostgreSQL server at `postgres` if given). Each
    table's phones connect to the processes in turn (phone i to process i mod N), with no proxy between,
    so that each phone's process is known."""
    with throwaway_store(postgres) as (where, store):
        games = [store.create(mine_in_looting() if load.mine_table(i) else game_in_shift_three(), {"key": "change.start"}).id
                 for i in range(load.tables)]
        with side_by_side(ROOT / "app.py", ROOT, {"SCHICHTBUCH_STORE": where}, options, load.processes) as server:
            result = measure(server, "app", load, games, [load.table_pages(i) for i in range(load.tables)])
        landed = sum(store.version(g) - 1 for g in games)
    return Result(result.app, load, result.figures, result.cpu, result.rss_idle, result.rss_end, landed)


@contextmanager
def throwaway_store(postgres: str | None) -> Iterator[tuple[str, Store]]:
    """A store of one measurement's own and where the app finds it (`SCHICHTBUCH_STORE`): a fresh schema on
    the PostgreSQL server at `postgres`, dropped afterwards, or else an SQLite file in a temporary folder."""
    if postgres is None:
        with tempfile.TemporaryDirectory() as tmp:
            path = str(Path(tmp) / "load.sqlite3")
            yield path, SQLiteStore(path)
        return
    from schichtbuch.store.postgres import PostgresStore

    with fresh_schema(postgres, "load") as url, contextlib.closing(PostgresStore(url)) as store:
        yield url, store


def measure_bare(load: Load, options: Sequence[str] = ()) -> Result:
    """The bare page under the same load (every phone on its one page), with the app's configuration,
    behind HAProxy when several processes carry it. It has no store: it counts the taps in each process's
    memory, and a phone sees a tap by its poll, only on the tapping phone's process."""
    with proxied(BARE_APP, ROOT, {}, options, load.processes) as server:
        return measure(server, "bare", load, [f"table{i}" for i in range(load.tables)],
                       [[""] * len(load.table_pages(i)) for i in range(load.tables)])


def measure(server: Server, app: str, load: Load, games: Sequence[str], table_pages: Sequence[Sequence[str]]) -> Result:
    rss_idle = server.rss_mb()
    tables = [Table(server.urls, g, phones_pages, (PLAY_PAGE, MINE_PAGE, "")) for g, phones_pages in zip(games, table_pages)]
    figures_, cpu = asyncio.run(_drive(server, tables, load))
    return Result(app, load, figures_, cpu, rss_idle, server.rss_mb(), None)


async def _drive(server: Server, tables: Sequence[Table], load: Load) -> tuple[Figures, float]:
    """Connect every phone and wait for its first page, let them settle for `warmup`, tap for `seconds`,
    then let the last taps arrive. The server's CPU share over the measuring window, and the runs in it."""
    phones, stop = [p for t in tables for p in t.phones], asyncio.Event()
    running = await connect(phones, stop)
    start = time.monotonic() + load.warmup
    running += [asyncio.create_task(t.tapping(start, start + load.seconds)) for t in tables]
    await asyncio.sleep(load.warmup)
    cpu_start, runs_start = server.cpu_seconds(), sum(p.runs for p in phones)
    await asyncio.sleep(load.seconds)
    cpu = (server.cpu_seconds() - cpu_start) / load.seconds
    runs = sum(p.runs for p in phones) - runs_start
    await asyncio.sleep(GRACE_SECONDS)
    stop.set()
    await asyncio.gather(*running)
    measured = figures(tables, start)
    measured.runs = runs
    return measured, cpu


async def connect(phones: Sequence[Phone], stop: asyncio.Event) -> list[asyncio.Task[None]]:
    """Connect the phones one after the other, running until `stop`; back once each shows its page."""
    running = []
    for phone in phones:
        running.append(asyncio.create_task(phone.run(stop)))
        await asyncio.sleep(CONNECT_SECONDS)
    await asyncio.wait_for(asyncio.gather(*(p.first_run.wait() for p in phones)), FIRST_RUN_SECONDS)
    return running


@contextmanager
def loading(url: str, store_path: str, tables: int, standings: int = 2) -> Iterator[Sequence[Table]]:
    """`tables` simulated tables (their games added to the SQLite file `store_path` the server uses) on a
    server already running at `url`, each tapping every `TAP_SECONDS`, in a thread of their own until
    the block ends: the busy server of the browser tests' quick taps."""
    store = SQLiteStore(store_path)
    load = [Table([url], store.create(game_in_shift_three(), {"key": "change.start"}).id, pages(standings), (PLAY_PAGE,))
            for _ in range(tables)]
    started, stopping = threading.Event(), threading.Event()

    async def drive() -> None:
        stop = asyncio.Event()
        running = await connect([p for t in load for p in t.phones], stop)
        tapping = [asyncio.create_task(t.tapping(time.monotonic(), math.inf)) for t in load]
        started.set()
        while not stopping.is_set():
            await asyncio.sleep(0.1)
        stop.set()
        for task in tapping:
            task.cancel()
        await asyncio.gather(*running, *tapping, return_exceptions=True)

    thread = threading.Thread(target=asyncio.run, args=(drive(),), daemon=True)
    thread.start()
    assert started.wait(FIRST_RUN_SECONDS), "the simulated tables did not get their pages"
    try:
        yield load
    finally:
        stopping.set()
        thread.join(30)


def report(result: Result) -> str:
    """One line of figures."""
    f = result.figures
    per_phone = (result.rss_end - result.rss_idle) * 1024 / result.phones
    landed = "" if result.landed is None else (
        f" landed {result.landed} refused {f.refused} silent {f.taps - result.landed - f.refused}")
    return " | ".join([
        f"{result.app:5} {result.load.tables:3} tables {result.phones:3} phones {result.load.processes} process(es)",
        f"tap ms p50 {_ms(f.latencies, 50)} p95 {_ms(f.latencies, 95)} p99 {_ms(f.latencies, 99)}",
        f"propagation ms p50 {_ms(f.propagations, 50)} p95 {_ms(f.propagations, 95)}",
        *([f"same process ms p50 {_ms(f.same_process, 50)} p95 {_ms(f.same_process, 95)}",
           f"other process ms p50 {_ms(f.other_process, 50)} p95 {_ms(f.other_process, 95)}"] if f.servers > 1 else []),
        f"taps {f.taps} unanswered {f.unanswered} unseen {f.unseen}{landed} errors {f.errors}",
        f"CPU {result.cpu * 100:3.0f}%, {cpu_per_run(result) * 1000:5.1f} ms/run",
        f"RSS {result.rss_idle:.0f}→{result.rss_end:.0f} MB, {per_phone:.0f} kB/phone",
    ])


def _ms(values: Sequence[float], p: float) -> str:
    return f"{percentile(values, p) * 1000:6.0f}"


def cpu_per_run(result: Result) -> float:
    """Server CPU seconds per script run: the cost of a run, which a machine shared with other work
    (fewer runs done, not more CPU per run) distorts least."""
    return result.cpu * result.load.seconds / max(1, result.figures.runs)


def ratios(app: Result, bare: Result) -> str:
    """The app's figures over the bare page's at the same load."""
    a, b = app.figures, bare.figures
    return " | ".join([
        f"ratio {app.load.tables:3} tables",
        f"tap p95 {_ratio(percentile(a.latencies, 95), percentile(b.latencies, 95))}",
        f"propagation p95 {_ratio(percentile(a.propagations, 95), percentile(b.propagations, 95))}",
        f"CPU {_ratio(app.cpu, bare.cpu)}, per run {_ratio(cpu_per_run(app), cpu_per_run(bare))}",
        f"RSS per phone {_ratio(app.rss_end - app.rss_idle, bare.rss_end - bare.rss_idle)}",
    ])


def _ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}×" if b > 0 and math.isfinite(a / b) else "-"


class Step(NamedTuple):
    """One table count measured in the knee search and its tap p95 in ms."""

    tables: int
    p95: float


@dataclass(frozen=True)
class Knee:
    """The most tables measured whose tap p95 stayed under `KNEE_MS` and the fewest at which it reached it
    (None: even the fewest measured reached it; it was not reached up to the cap)."""

    good: Step | None
    bad: Step | None


def knee(p95: Callable[[int], float], start: int, step: int, cap: int, resolution: int = KNEE_RESOLUTION) -> Knee:
    """Where `p95` (the tap p95 in ms at a table count, measured) reaches `KNEE_MS`: at `start`, then `step`
    more tables at a time up to `cap`, until it does; then bisected between the last count below and the
    first at or above (from none, if `start` is already too many) until they are `resolution` apart. A
    p95 that is not a number (no tap measured) counts as reached."""
    good: Step | None = None
    for tables in [*range(start, cap, step), cap]:
        measured = Step(tables, p95(tables))
        if not measured.p95 < KNEE_MS:
            return bisect(p95, good, measured, resolution)
        good = measured
    return Knee(good, None)


def bisect(p95: Callable[[int], float], good: Step | None, bad: Step, resolution: int) -> Knee:
    """Halve the tables between `good` (None: no tables) and `bad` until they are `resolution` apart."""
    while bad.tables - (good.tables if good else 0) > resolution:
        tables = ((good.tables if good else 0) + bad.tables) // 2
        measured = Step(tables, p95(tables))
        if measured.p95 < KNEE_MS:
            good = measured
        else:
            bad = measured
    return Knee(good, bad)


def knee_line(processes: int, found: Knee, cap: int) -> str:
    """The knee search's answer for `processes` server processes."""
    good, bad = found.good, found.bad
    if bad is None:
        return f"knee: {processes} process(es): not reached up to {cap} tables (p95 {good.p95 if good else math.nan:.0f} ms)"
    if good is None:
        return f"knee: {processes} process(es): below {bad.tables} tables (p95 {bad.p95:.0f} ms), the fewest measured"
    return (f"knee: {processes} process(es): between {good.tables} tables (p95 {good.p95:.0f} ms)"
            f" and {bad.tables} tables (p95 {bad.p95:.0f} ms)")


def tap_p95(figures_: Figures) -> float:
    """The tap p95 in ms over every tap measured, one never answered counted as slower than any."""
    return percentile([*figures_.latencies, *[math.inf] * figures_.unanswered], 95) * 1000


def search_knee(args: argparse.Namespace, options: Sequence[str], processes: int) -> None:
    """The knee search for `processes` processes (see the module's description), printing as it goes."""
    def load(tables: int) -> Load:
        return Load(tables, args.standings, args.warmup, args.seconds, processes, args.mine)

    apps: dict[int, Result] = {}

    def p95(tables: int) -> float:
        apps[tables] = measure_app(load(tables), options, args.postgres)
        print(report(apps[tables]), flush=True)
        return tap_p95(apps[tables].figures)

    found = knee(p95, args.knee_start, args.knee_step, args.knee_cap)
    print(knee_line(processes, found, args.knee_cap), flush=True)
    if found.good is not None and not args.app_only:
        bare = measure_bare(load(found.good.tables), options)
        print(report(bare), flush=True)
        print(ratios(apps[found.good.tables], bare), flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[6], help="table counts to measure, in turn")
    parser.add_argument("--standings", type=int, default=0, choices=range(PHONES_PER_TABLE),
                        help="phones per table on the end page (the others on the shift page)")
    parser.add_argument("--seconds", type=float, default=60, help="measuring window per app and table count")
    parser.add_argument("--warmup", type=float, default=10)
    parser.add_argument("--set", action="append", default=[], metavar="SECTION.OPTION=VALUE",
                        help="a Streamlit option on top of .streamlit/config.toml")
    parser.add_argument("--app-only", action="store_true", help="leave the bare page out")
    parser.add_argument("--mine", action="store_true", help="half the tables play MINE! at six seats")
    parser.add_argument("--processes", type=int, nargs="+", default=[1],
                        help="server process counts to measure, in turn (the app's phones spread over the "
                             "processes, the bare page's behind HAProxy)")
    parser.add_argument("--postgres", metavar="URL",
                        help="the app's store on this PostgreSQL server, in a fresh schema dropped afterwards")
    parser.add_argument("--knee", action="store_true",
                        help=f"find the table count where the app's tap p95 reaches {KNEE_MS:.0f} ms (not --tables)")
    parser.add_argument("--knee-start", type=int, default=32, help="the knee search's first table count")
    parser.add_argument("--knee-step", type=int, default=32, help="tables added at each step of the knee search")
    parser.add_argument("--knee-cap", type=int, default=256, help="the most tables the knee search measures")
    args = parser.parse_args(argv)
    if not 0 < args.knee_start <= args.knee_cap or args.knee_step < 1:
        parser.error("the knee search needs 0 < --knee-start <= --knee-cap and --knee-step >= 1")
    options = [part for o in args.set for part in (f"--{o.split('=', 1)[0]}", o.split("=", 1)[1])]
    for processes in args.processes:
        if args.knee:
            search_knee(args, options, processes)
            continue
        for tables in args.tables:
            load = Load(tables, args.standings, args.warmup, args.seconds, processes, args.mine)
            app = measure_app(load, options, args.postgres)
            print(report(app), flush=True)
            if not args.app_only:
                bare = measure_bare(load, options)
                print(report(bare), flush=True)
                print(ratios(app, bare), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
