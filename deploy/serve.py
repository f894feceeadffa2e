"""Several app processes behind HAProxy, for many tables: `python deploy/serve.py --processes 2 --port 8500`.

Each process is a Streamlit server on a loopback port; HAProxy (Debian's `haproxy`) listens on `--port`
and hands each new phone to the process with the fewest open connections, then keeps it there by a
cookie it sets on the phone's first answer: a Streamlit session lives on one process (its websocket, and
the QR code images it serves from memory). Every process uses the store `SCHICHTBUCH_STORE` names: a
PostgreSQL URL, or an SQLite file when all processes run on this machine.

A process that dies is started again on its port (`supervise`). Until it answers, HAProxy hands its
phones to another process (`option redispatch`, health checks every half second): a phone's websocket
reconnects there, and its next tap, reaching a session that has not drawn the page yet, is handed to the
control tapped (schichtbuch/live/taps.py). Each start is printed as `app<n> 127.0.0.1:<port> pid <pid>`.

Across machines: run `streamlit run app.py --server.port P` on each (same `SCHICHTBUCH_STORE`, a
PostgreSQL URL) and name them here with `--backend host:port` (repeatable) instead of `--processes`.
The script runs until stopped (Ctrl+C, SIGTERM) and then stops everything it started.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COOKIE = "SCHICHTBUCH_PROCESS"
"""The cookie that keeps a phone on its process."""
HAPROXY = """\
global
    # connections at once: a phone keeps one websocket, and opens a few more while a page loads
    maxconn 4000

defaults
    mode http
    timeout connect 5s
    timeout client 60s
    timeout server 60s
    # an open websocket (a phone watching a game) may stay quiet until the game changes
    timeout tunnel 1h
    option forwardfor
    # a phone whose process is down is handed to another one, its connection tried again there
    option redispatch
    retries 3

frontend phones
    bind {listen}
    default_backend app

backend app
    balance leastconn
    cookie {cookie} insert indirect nocache httponly
    option httpchk GET /_stcore/health
{servers}
"""


def haproxy_config(listen: str, backends: Sequence[str]) -> str:
    """HAProxy's configuration: `listen` (address:port) in front of the app processes at `backends`."""
    servers = "\n".join(f"    server app{n} {where} check inter 500ms fall 2 rise 2 cookie app{n}"
                        for n, where in enumerate(backends, start=1))
    return HAPROXY.format(listen=listen, cookie=COOKIE, servers=servers)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


SUPERVISE_SECONDS = 0.5
"""How often the app processes are checked, and a dead one started again."""
RESTART_PAUSE_SECONDS = (0.0, 1.0, 5.0, 30.0)
"""How long a process that died is left down before it is started again, by how often it died in the
last `RESTART_WINDOW_SECONDS`: at once the first time, longer while it keeps dying (a process that cannot
start is not started every half second)."""
RESTART_WINDOW_SECONDS = 300.0


def start_app(number: int, port: int) -> subprocess.Popen[bytes]:
    """App process `number` on a loopback port (only HAProxy reaches it), with the production settings
    of .streamlit/config.toml; its start is printed."""
    app = subprocess.Popen([sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
                            "--server.address", "127.0.0.1"], cwd=ROOT, env=os.environ.copy())
    print(f"app{number} 127.0.0.1:{port} pid {app.pid}", flush=True)
    return app


def supervise(apps: list[subprocess.Popen[bytes]], ports: Sequence[int], stopping: threading.Event) -> None:
    """Start again, on its own port, every app process that has ended, after `restart_pause`, until
    `stopping` is set."""
    deaths: list[list[float]] = [[] for _ in apps]
    down: list[float | None] = [None for _ in apps]
    while not stopping.wait(SUPERVISE_SECONDS):
        now = time.monotonic()
        for i, app in enumerate(apps):
            if app.poll() is None:
                continue
            if down[i] is None:
                down[i] = now
                deaths[i] = [d for d in deaths[i] if now - d < RESTART_WINDOW_SECONDS] + [now]
            if now - down[i] >= restart_pause(len(deaths[i])) and not stopping.is_set():  # type: ignore[operator]
                apps[i], down[i] = start_app(i + 1, ports[i]), None


def restart_pause(deaths: int) -> float:
    """Seconds a process stays down after its `deaths`-th death in the window (see RESTART_PAUSE_SECONDS)."""
    return RESTART_PAUSE_SECONDS[min(deaths, len(RESTART_PAUSE_SECONDS)) - 1]


def serve(listen: str, backends: Sequence[str], ports: Sequence[int]) -> int:
    """Start an app process on each of `ports` and run HAProxy in front of `backends` until it or this
    script is stopped, starting dead processes again meanwhile; then stop the processes too."""
    apps = [start_app(n, port) for n, port in enumerate(ports, start=1)]
    stopping = threading.Event()
    watch = threading.Thread(target=supervise, args=(apps, ports, stopping), daemon=True)
    watch.start()
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder) / "haproxy.cfg"
        config.write_text(haproxy_config(listen, backends), encoding="utf-8")
        try:
            proxy = subprocess.Popen(["haproxy", "-db", "-f", str(config)])
            signal.signal(signal.SIGTERM, lambda *_: proxy.terminate())
            return proxy.wait()
        except KeyboardInterrupt:
            proxy.terminate()
            return proxy.wait()
        finally:
            stopping.set()
            watch.join()
            for app in apps:
                app.terminate()
            for app in apps:
                app.wait(10)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8500, help="the port phones connect to (HAProxy's)")
    parser.add_argument("--address", default="0.0.0.0", help="the address HAProxy listens on")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1,
                        help="app processes to start on this machine (default: one per core)")
    parser.add_argument("--backend", action="append", default=[],
                        help="an app process already running elsewhere, as host:port (repeatable)")
    args = parser.parse_args(argv)
    ports = [] if args.backend else [free_port() for _ in range(args.processes)]
    return serve(f"{args.address}:{args.port}", args.backend or [f"127.0.0.1:{p}" for p in ports], ports)


if __name__ == "__main__":
    sys.exit(main())
