"""The load test: T tables of four simulated phones on a Streamlit server, this app and a bare Streamlit
page with the same live refresh (`bare.py`) in the same run, so that the figures can be read as ratios
on any machine. Run on demand, never by pytest:

    python tests/load/measure.py --tables 6 12 24 --standings 2 --seconds 60 [--mine] [--processes 2]
    python tests/load/measure.py --tables 16 --standings 2 --processes 2 --postgres postgresql://… --app-only

Each table plays one Coal Baron game (four players, shifts I and II scored, shift III under way): its
phones open the shift page, `--standings` of the four the end page (the standings so far, with the
chart). A phone on the shift page taps every 5 s in turn (`phones.py`). With `--mine` every other table
plays MINE! at six seats instead, each phone on the round page at the looting, taking an attack back and
adding it again in turn. For each app and table count it prints tap latency p50/p95/p99, propagation
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
tap: unseen). Everything stays on loopback; Linux only (`/proc`)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

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
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes (the app's phones spread over them, the bare page's behind HAProxy)")
    parser.add_argument("--postgres", metavar="URL",
                        help="the app's store on this PostgreSQL server, in a fresh schema dropped afterwards")
    args = parser.parse_args(argv)
    options = [part for o in args.set for part in (f"--{o.split('=', 1)[0]}", o.split("=", 1)[1])]
    for tables in args.tables:
        load = Load(tables, args.standings, args.warmup, args.seconds, args.processes, args.mine)
        app = measure_app(load, options, args.postgres)
        print(report(app), flush=True)
        if not args.app_only:
            bare = measure_bare(load, options)
            print(report(bare), flush=True)
            print(ratios(app, bare), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
