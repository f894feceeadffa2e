"""The lane the live refresh reruns other phones through (refresh.py): one rerun at a time, each once the
server runs no other script, so that a tap has the server's one interpreter lock to itself or shares it
with one rerun (two while phones have waited long) at most.

A tap's run is what a player waits for; the other phones of the table follow it. Started all at once,
their reruns and any tap arriving meanwhile each took as long as all of them together (Python runs one
thread at a time, in turns). In the lane, a rerun starts once the one before it has ended and no other
script runs (a tap, a phone opening a page), or once it has waited `WAIT_SECONDS`, whichever comes first;
the tap that woke it ends first. A rerun that has waited `SECOND_SECONDS` starts beside the lane's
running one, so that a busy server does not leave the other phones behind one rerun at a time. A phone
already waiting is not queued twice: when taps come faster than the server can rerun every phone, each
phone's rerun shows all of them at once, and taps stay quick.

Everything here runs on the server's event loop, the one thread Streamlit handles requests on."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

WAIT_SECONDS = 0.1
"""The longest a rerun waits for the server to run no other script before it starts beside them."""
LOOK_SECONDS = 0.005
"""How often a waiting lane looks again whether it may start its next rerun."""
SECOND_SECONDS = 0.25
"""The longest a rerun waits for the lane's running rerun to end before it starts beside it (the lane's
second and last place)."""
RUN_SECONDS = 1.0
"""The longest a rerun the lane started holds its place (one that never ends gives it up then)."""

Start = Callable[[], Callable[[], bool] | None]
"""Starts a session's rerun, if it is still due: then returns whether that run has ended, else None."""


class Loop(Protocol):
    """The server's event loop, as the lane uses it."""

    def call_later(self, delay: float, callback: Callable[[], object]) -> object: ...


class Lane:
    """Reruns waiting their turn, in the order they came; `running()` counts the scripts running in the
    server process."""

    def __init__(self, running: Callable[[], int], clock: Callable[[], float] = time.monotonic) -> None:
        self._running, self._clock = running, clock
        self._waiting: dict[str, tuple[float, Start]] = {}
        self._runs: list[tuple[float, Callable[[], bool]]] = []
        self._looking = False

    def add(self, loop: Loop, session: str, start: Start) -> None:
        """Queue the rerun of `session` (nothing if it waits already) and start it when its turn comes."""
        self._waiting.setdefault(session, (self._clock(), start))
        if not self._looking:
            self._looking = True
            self._next(loop)

    def waiting(self) -> int:
        return len(self._waiting)

    def _next(self, loop: Loop) -> None:
        """Start the reruns whose turn has come, then look again after `LOOK_SECONDS` while any wait."""
        while self._waiting and self._may_start():
            session, (_, start) = next(iter(self._waiting.items()))
            del self._waiting[session]
            ended = start()
            if ended is not None:
                self._runs.append((self._clock(), ended))
        if self._waiting:
            loop.call_later(LOOK_SECONDS, lambda: self._next(loop))
        else:
            self._looking = False

    def _may_start(self) -> bool:
        """Whether the first waiting rerun may start now: of the lane's reruns (one that has run past
        `RUN_SECONDS` no longer counts) none runs and no other script does or it has waited
        `WAIT_SECONDS`, or one runs and it has waited `SECOND_SECONDS`."""
        now = self._clock()
        self._runs = [(started, ended) for started, ended in self._runs if not ended() and now - started < RUN_SECONDS]
        since, _ = next(iter(self._waiting.values()))
        if not self._runs:
            return self._running() == 0 or now - since >= WAIT_SECONDS
        return len(self._runs) == 1 and now - since >= SECOND_SECONDS
