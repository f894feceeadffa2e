"""The soak test: this app at a steady load for a long time, to show whether its memory stays flat. Run on
demand, never by pytest:

    python tests/load/soak.py --tables 24 --standings 2 --minutes 60 [--processes 2]

The phones are those of the load test (`measure.py`, `phones.py`). Every `--every` seconds it prints the
server's resident memory (of all its processes), and tap latency and propagation p95 of that stretch; at
the end the growth of resident memory from the end of the warm-up, which should stay under 10%, and how
much of it came in the second half (memory that leaks keeps growing; an allocator settling in does not)."""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from measure import GRACE_SECONDS, PLAY_PAGE, ROOT, connect, game_in_shift_three, pages  # noqa: E402
from phones import Server, Table, figures, percentile, proxied  # noqa: E402
from schichtbuch.store import SQLiteStore  # noqa: E402


async def soak(server: Server, tables: Sequence[Table], minutes: float, warmup: float, every: float) -> list[float]:
    """Run the tables for `minutes`, printing a line every `every` seconds; the resident memory at the end
    of the `warmup` minutes and at every report after it, the last taken at the end."""
    phones, stop = [p for t in tables for p in t.phones], asyncio.Event()
    running = await connect(phones, stop)
    start = time.monotonic()
    end = start + minutes * 60
    running += [asyncio.create_task(t.tapping(start, end)) for t in tables]
    memory: list[float] = []
    since, cpu = start, (start, server.cpu_seconds())
    while time.monotonic() < end:
        await asyncio.sleep(min(every, end - time.monotonic()))
        print(stretch(server, tables, start, since, cpu), flush=True)
        now = time.monotonic()
        since, cpu = now - GRACE_SECONDS, (now, server.cpu_seconds())
        if memory or now - start >= warmup * 60:
            memory.append(server.rss_mb())
    memory.append(server.rss_mb())
    stop.set()
    await asyncio.gather(*running)
    return memory


def stretch(server: Server, tables: Sequence[Table], start: float, since: float, cpu: tuple[float, float]) -> str:
    """One line: minutes since `start`, resident memory, the taps sent since `since` that have had time to
    be answered, and the CPU share since the moment and CPU time in `cpu`."""
    now = time.monotonic()
    f = figures(tables, since, now - GRACE_SECONDS)
    share = (server.cpu_seconds() - cpu[1]) / (now - cpu[0])
    return (f"{(now - start) / 60:6.1f} min | RSS {server.rss_mb():6.1f} MB | tap p95 {percentile(f.latencies, 95) * 1000:5.0f} ms"
            f" | propagation p95 {percentile(f.propagations, 95) * 1000:5.0f} ms"
            f" | taps {f.taps} unanswered {f.unanswered} unseen {f.unseen} errors {f.errors} | CPU {share * 100:3.0f}%")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=24)
    parser.add_argument("--standings", type=int, default=2, choices=range(4), help="phones per table on the end page")
    parser.add_argument("--minutes", type=float, default=60)
    parser.add_argument("--warmup", type=float, default=5, help="minutes before the memory baseline is taken")
    parser.add_argument("--every", type=float, default=60, help="seconds between two reports")
    parser.add_argument("--processes", type=int, default=1, help="server processes behind HAProxy (1: no proxy)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "soak.sqlite3")
        store = SQLiteStore(path)
        games = [store.create(game_in_shift_three(), {"key": "change.start"}).id for _ in range(args.tables)]
        with proxied(ROOT / "app.py", ROOT, {"SCHICHTBUCH_STORE": path}, (), args.processes) as server:
            tables = [Table(server.urls, g, pages(args.standings), (PLAY_PAGE,)) for g in games]
            memory = asyncio.run(soak(server, tables, args.minutes, args.warmup, args.every))
    warm, half, end = memory[0], memory[len(memory) // 2], memory[-1]
    growth = (end - warm) / warm * 100
    print(f"RSS after warm-up {warm:.1f} MB, at the end {end:.1f} MB: {growth:+.1f}% (target < 10%),"
          f" of which {(end - half) / warm * 100:+.1f}% in the second half")
    return 0 if growth < 10 else 1


if __name__ == "__main__":
    sys.exit(main())
