"""Several app processes behind HAProxy, for many tables: `python deploy/serve.py --processes 2 --port 8500`.

Each process is a Streamlit server on a loopback port; HAProxy (Debian's `haproxy`) listens on `--port`
and hands each new phone to the process with the fewest open connections, then keeps it there by a
cookie it sets on the phone's first answer: a Streamlit session lives on one process (its websocket, and
the QR code images it serves from memory). Every process uses the store `SCHICHTBUCH_STORE` names: a
PostgreSQL URL, or an SQLite file when all processes run on this machine.

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
    servers = "\n".join(f"    server app{n} {where} check cookie app{n}" for n, where in enumerate(backends, start=1))
    return HAPROXY.format(listen=listen, cookie=COOKIE, servers=servers)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_app(port: int) -> subprocess.Popen[bytes]:
    """One app process on a loopback port (only HAProxy reaches it), with the production settings of
    .streamlit/config.toml."""
    return subprocess.Popen([sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
                             "--server.address", "127.0.0.1"], cwd=ROOT, env=os.environ.copy())


def serve(listen: str, backends: Sequence[str], apps: Sequence[subprocess.Popen[bytes]]) -> int:
    """Run HAProxy in front of `backends` until it or this script is stopped; then stop the apps too."""
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder) / "haproxy.cfg"
        config.write_text(haproxy_config(listen, backends), encoding="utf-8")
        proxy = subprocess.Popen(["haproxy", "-db", "-f", str(config)])
        signal.signal(signal.SIGTERM, lambda *_: proxy.terminate())
        try:
            return proxy.wait()
        except KeyboardInterrupt:
            proxy.terminate()
            return proxy.wait()
        finally:
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
    apps = [start_app(port) for port in ports]
    return serve(f"{args.address}:{args.port}", args.backend or [f"127.0.0.1:{p}" for p in ports], apps)


if __name__ == "__main__":
    sys.exit(main())
