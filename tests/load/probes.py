"""What the connection banner's health checks cost the server: every page shown asks Streamlit's health
check (`/_stcore/health`, no script run) every `webapp.PROBE_EVERY_MS` (schichtbuch/shell/webapp.py). This
starts the app on a loopback port with a throwaway store, sends the checks that `--phones` phones send
in `--seconds` seconds, at their rate, and prints the server's CPU per check and in all, beside the same
server left idle for as long in the same run (the baseline).

    python tests/load/probes.py --phones 128 --seconds 30 --repeat 3
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from phones import ROOT, Server, streamlit  # noqa: E402
from schichtbuch.shell.webapp import PROBE_EVERY_MS  # noqa: E402


async def check(host: str, port: int) -> None:
    """One health check as the page's script asks it: a GET that closes its connection."""
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(f"GET /_stcore/health HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n\r\n".encode())
    await writer.drain()
    answer = await reader.read()
    writer.close()
    assert answer.startswith(b"HTTP/1.1 200"), answer[:40]


async def checks(server: Server, phones: int, seconds: float) -> int:
    """The checks `phones` phones send in `seconds`, spread evenly; how many were answered."""
    host, port = server.url.removeprefix("http://").split(":")
    gap, count, start = PROBE_EVERY_MS / 1000 / phones, int(seconds * phones * 1000 / PROBE_EVERY_MS), time.monotonic()
    tasks = []
    for n in range(count):
        await asyncio.sleep(max(0.0, start + n * gap - time.monotonic()))
        tasks.append(asyncio.create_task(check(host, int(port))))
    await asyncio.gather(*tasks)
    return count


def cpu_over(server: Server, seconds: float, phones: int) -> tuple[float, int]:
    """The server's CPU seconds over `seconds`, with the checks of `phones` phones (none: idle)."""
    before = server.cpu_seconds()
    if phones:
        count = asyncio.run(checks(server, phones, seconds))
    else:
        time.sleep(seconds)
        count = 0
    return server.cpu_seconds() - before, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--phones", type=int, default=128)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, \
            streamlit(ROOT / "app.py", ROOT, {"SCHICHTBUCH_STORE": str(Path(folder) / "games.sqlite3")}) as server:
        idle, busy, per_check = [], [], []
        for _ in range(args.repeat):
            idle.append(cpu_over(server, args.seconds, 0)[0])
            cpu, count = cpu_over(server, args.seconds, args.phones)
            busy.append(cpu)
            per_check.append((cpu - idle[-1]) / count * 1000)
    spread = lambda xs: "–".join(f"{x:.2f}" for x in (min(xs), statistics.median(xs), max(xs)))  # noqa: E731
    print(f"{args.phones} phones, one check each every {PROBE_EVERY_MS / 1000:g} s, {args.seconds:g} s, {args.repeat} runs")
    print(f"server CPU, idle (baseline): {spread([100 * c / args.seconds for c in idle])}% of a core")
    print(f"server CPU, with the checks: {spread([100 * c / args.seconds for c in busy])}% of a core")
    print(f"CPU per check: {spread(per_check)} ms")


if __name__ == "__main__":
    main()
