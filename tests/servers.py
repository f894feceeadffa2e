"""Servers for the tests that run the app for real (the browser tests, the load scripts, the benchmarks): a
free loopback port, a process started, waited for until it answers Streamlit's health check, and
stopped, and a fresh schema on a PostgreSQL server. No browser here, so that the load scripts run without
one (`python tests/load/measure.py`)."""

from __future__ import annotations

import secrets
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

STOP_SECONDS = 15
"""How long a stopped server may take to finish the runs it is answering before it is killed."""


def free_port() -> int:
    """A loopback port no process listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_healthy(url: str, seconds: float = 60) -> float:
    """Wait until the server at `url` answers its health check (`/_stcore/health`, through a proxy too);
    returns the seconds it took."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                if answer.status == 200:
                    return time.monotonic() - start
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"{url} did not start within {seconds} s")


@contextmanager
def running(command: Sequence[str], url: str, cwd: Path | None = None, env: Mapping[str, str] | None = None,
            **popen: Any) -> Iterator[subprocess.Popen[Any]]:
    """Run `command` (a server that answers at `url`) until the block ends: the block starts once the
    server is healthy, and at its end the server is stopped, and killed if it does not stop within
    `STOP_SECONDS` (still answering a backlog of reruns). Its output is dropped unless `popen` says."""
    process = subprocess.Popen(list(command), cwd=cwd, env=None if env is None else dict(env),
                               **{"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL} | popen)
    try:
        wait_healthy(url)
        yield process
    finally:
        process.terminate()
        try:
            process.wait(STOP_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def fresh_schema(url: str, prefix: str) -> Iterator[str]:
    """A URL of the PostgreSQL server at `url` whose tables live in a fresh schema of their own (`prefix`
    and a random suffix), dropped with them when the block ends. (psycopg is imported only here, so that
    the rest runs without a database driver.)"""
    import psycopg

    schema = f"{prefix}_{secrets.token_hex(6)}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
        try:
            yield f"{url}{'&' if '?' in url else '?'}options={quote(f'-csearch_path={schema}')}"
        finally:
            admin.execute(f"DROP SCHEMA {schema} CASCADE")
