"""deploy/serve.py without a browser: HAProxy's settings for a process that dies, and the supervisor that
starts such a process again, at once the first time and more slowly while it keeps dying."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "deploy"))
import serve  # noqa: E402

pytestmark = pytest.mark.pure


def test_the_proxy_hands_a_dead_process_phones_to_another() -> None:
    config = serve.haproxy_config("127.0.0.1:8500", ["127.0.0.1:9001", "127.0.0.1:9002"])
    assert "option redispatch" in config and "retries 3" in config
    assert config.count("check inter 500ms fall 2 rise 2 cookie app") == 2


@pytest.mark.parametrize(("deaths", "pause"), [(1, 0.0), (2, 1.0), (3, 5.0), (4, 30.0), (40, 30.0)])
def test_restart_pause_grows_while_a_process_keeps_dying(deaths: int, pause: float) -> None:
    assert serve.restart_pause(deaths) == pause


class Process:
    """A stand-in app process that has ended (`alive` False) or runs."""

    def __init__(self, alive: bool) -> None:
        self.alive = alive

    def poll(self) -> int | None:
        return None if self.alive else -9


def test_a_dead_process_is_started_again_on_its_port(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[tuple[int, int]] = []

    def start(number: int, port: int) -> Process:
        started.append((number, port))
        return Process(alive=True)

    monkeypatch.setattr(serve, "start_app", start)
    monkeypatch.setattr(serve, "SUPERVISE_SECONDS", 0.01)
    apps = [Process(alive=True), Process(alive=False)]
    stopping = threading.Event()
    watch = threading.Thread(target=serve.supervise, args=(apps, [9001, 9002], stopping))
    watch.start()
    deadline = time.monotonic() + 5
    while not started and time.monotonic() < deadline:
        time.sleep(0.01)
    stopping.set()
    watch.join()
    assert started == [(2, 9002)] and all(app.poll() is None for app in apps)
