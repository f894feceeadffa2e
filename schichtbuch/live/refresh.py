"""The live refresh: other phones' entries appear without a reload, and no phone polls.

Every run of a game's or a group's page says what it shows (`follow`: the game or group and the version
it read). One thread per server process reads the stored versions of everything its phones show, one
query per kind, and reruns each session that shows another version. It reads them as soon as the store
says a write was committed (`Store.subscribe`: this process's writes at once, and on PostgreSQL every
process's, through its notifications), and every `CHECK_SECONDS` besides, for the writes no notification
reports (other processes sharing one SQLite file). It reruns them as Streamlit does on a changed source
file with `runOnSave` (`AppSession.request_rerun` with the session's last client state, on the server's
event loop), one at a time in a lane that lets taps go first (`lane.py`): the page and the query string
stay, widgets keep their values. A session whose own run is going on is left to it, since a rerun request
would stop that run and lose the tap it carries (`_rerun`). A phone costs the server nothing between changes (but
the header clock's tick once a minute, clock.py), where a poll from every phone cost a script run each;
several processes sharing one store each watch their own phones.

Without Streamlit's runtime (AppTest) or its session API (a Streamlit release that changed it), the page
polls instead: a fragment run every `POLL_SECONDS` that compares the version itself; on a server, the log
says so once (`_polling`)."""

from __future__ import annotations

import functools
import logging
import threading
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import streamlit as st
from streamlit import runtime
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.runtime.scriptrunner import get_script_run_ctx

from schichtbuch.live.lane import Lane
from schichtbuch.session.resources import store

CHECK_SECONDS = 0.5
"""How often each server process reads the versions its phones show when no write woke it."""


POLL_SECONDS = 1.5
"""The fallback poll's interval (no session API): entries show within it plus one rerun."""


Shown = tuple[str, str]
"""What a page shows: the store's table ("games" or "groups") and the id."""


_LOG = logging.getLogger(__name__)


class Watcher:
    """Which session shows which version of what, and the check that reruns those the store has moved
    on from. `versions(table, ids)` reads the store; `rerun(session, due)` reruns a session when its turn
    comes if `due(busy)` says so then (`busy`: a run of the session is going on)."""

    def __init__(self, versions: Callable[[str, Sequence[str]], Mapping[str, int]],
                 rerun: Callable[[str, Callable[[bool], bool]], object]) -> None:
        self._versions, self._rerun = versions, rerun
        self._shown: dict[str, tuple[Shown, int]] = {}
        self._lock = threading.Lock()
        self._woken = threading.Event()

    def wake(self) -> None:
        """A write was committed: check now rather than at the next `CHECK_SECONDS`."""
        self._woken.set()

    def follow(self, session: str, shown: Shown, version: int) -> None:
        with self._lock:
            self._shown[session] = (shown, version)

    def forget(self, session: str) -> None:
        with self._lock:
            self._shown.pop(session, None)

    def watching(self) -> int:
        """How many sessions it follows."""
        with self._lock:
            return len(self._shown)

    def check(self) -> None:
        """Rerun every session whose game or group has another version in the store (newer, or older
        after an undo) than the one it shows, and forget it until its rerun follows the new one. A game
        or group no longer in the store reruns nothing. The reruns take their turns in the lane
        (`lane.py`), so that a change seen by many phones does not stall the tap that made it or the taps
        arriving meanwhile."""
        with self._lock:
            now = dict(self._shown)
        ids: dict[str, set[str]] = defaultdict(set)
        for (table, item), _ in now.values():
            ids[table].add(item)
        stored = {(table, item): version for table, items in ids.items()
                  for item, version in self._versions(table, sorted(items)).items()}
        behind = [s for s, (shown, version) in now.items() if stored.get(shown, version) != version]
        with self._lock:
            for session in behind:
                if self._shown.get(session) == now[session]:
                    del self._shown[session]
        for session in behind:
            self._rerun(session, functools.partial(self._due, session, now[session]))

    def _due(self, session: str, shown: tuple[Shown, int], busy: bool) -> bool:
        """Whether to rerun a session the check found behind, now that its turn has come: not if a run of
        it has said since what it shows (the next check compares that), nor while a run of its own is
        going on (`busy`; it is checked again next time)."""
        with self._lock:
            if session in self._shown:
                return False
            if busy:
                self._shown[session] = shown
            return not busy

    def tick(self, alive: Callable[[str], bool]) -> None:
        """Forget the sessions that are no longer `alive` (closed, or a sleeping phone's: its browser
        reruns when it wakes), then `check`; a store that does not answer is tried again next time."""
        with self._lock:
            gone = [s for s in self._shown if not alive(s)]
        for session in gone:
            self.forget(session)
        try:
            self.check()
        except Exception:
            _LOG.exception("live refresh: reading the versions failed")

    def run(self, alive: Callable[[str], bool]) -> None:
        """`tick` at each `wake`, and `CHECK_SECONDS` after the last tick if none came, for as long as the
        process runs. Writes committed during a tick wake the next one, right after it."""
        while True:
            self._woken.wait(CHECK_SECONDS)
            self._woken.clear()
            self.tick(alive)


def follow(table: str, item: str, version: int, read: Callable[[], int], gone: type[LookupError]) -> None:
    """This run shows `version` of the game or group `item` (`table` "games" or "groups"): rerun the
    session when the store has another. `read()` reads the version for the fallback poll, which waits
    while it raises `gone`."""
    session = _session_id()
    if session is not None and _can_rerun(session):
        watcher().follow(session, (table, item), version)
        return
    if runtime.exists() and not st.get_option("global.appTest"):  # a server's phones, not AppTest's
        _polling()

    @st.fragment(run_every=POLL_SECONDS)
    def _poll() -> None:
        try:
            changed = read() != version
        except gone:
            changed = False
        if changed:
            st.rerun(scope="app")

    _poll()


def forget() -> None:
    """This run shows no game or group (yet): nothing to rerun the session for."""
    session = _session_id()
    if session is not None and _can_rerun(session):
        watcher().forget(session)


@st.cache_resource
def watcher() -> Watcher:
    """The process's watcher, its thread started."""
    found = Watcher(lambda table, ids: store().versions(table, ids), _rerun)
    store().subscribe(found.wake)
    threading.Thread(target=found.run, args=(_alive,), name="live-refresh", daemon=True).start()
    return found


@functools.cache
def _polling() -> None:
    """Say once per process, in the server's log, that its phones poll (see the module's docstring)."""
    _LOG.warning("live refresh: Streamlit %s lacks the session API this app reruns phones with; "
                 "each page polls every %s s instead", st.__version__, POLL_SECONDS)


def _session_id() -> str | None:
    ctx = get_script_run_ctx()
    return None if ctx is None else ctx.session_id


def _can_rerun(session: str) -> bool:
    """Whether this is a server whose session API is the one `_rerun` uses."""
    app_session = _app_session(session) if runtime.exists() else None
    return all(hasattr(app_session, name)
               for name in ("_client_state", "_event_loop", "_scriptrunner", "request_rerun"))


def _app_session(session: str) -> Any:
    """The session's `AppSession`; None if it is closed or asleep (or the session manager is another)."""
    manager = getattr(runtime.get_instance(), "_session_mgr", None)
    info = getattr(manager, "get_active_session_info", lambda _: None)(session)
    return getattr(info, "session", None)


def _alive(session: str) -> bool:
    return _app_session(session) is not None


def _rerun(session: str, due: Callable[[bool], bool]) -> None:
    """Rerun the whole page of a session with its last client state when its turn in the lane comes
    (`LANE`), if `due`, on the server's event loop where Streamlit handles a phone's own rerun requests;
    nothing if the session has gone meanwhile.

    A run of the session going on then may be the phone's own: a tap or an entry whose callback has not
    run yet. A new rerun request stops a running script, and would join one still waiting with the
    widget values of the last finished run, which win over those the phone's tap sent (its picks; the
    app keeps Streamlit's `runner.fastReruns` off, taps.py): such a session is not rerun (`due(True)`),
    and checked again once its run has said which version it read."""
    app_session = _app_session(session)
    if app_session is None:
        return

    def start() -> Callable[[], bool] | None:
        if not due(app_session._scriptrunner is not None):
            return None
        state = ClientState()
        state.CopyFrom(app_session._client_state)
        state.fragment_id, state.is_auto_rerun = "", False
        app_session.request_rerun(state)
        return lambda: app_session._scriptrunner is None

    loop = app_session._event_loop
    loop.call_soon_threadsafe(LANE.add, loop, session, start)


def _scripts_running() -> int:
    """How many scripts run in this process now (Streamlit runs each in a thread of this name)."""
    return sum(thread.name == "ScriptRunner.scriptThread" for thread in threading.enumerate())


LANE = Lane(_scripts_running)
"""The process's lane of reruns (`lane.py`)."""
