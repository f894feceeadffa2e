"""The live refresh (schichtbuch/live/refresh.py): the watcher reruns exactly the sessions whose game or group has
another version in the store, once, forgets closed sessions and outlives a store that does not answer;
Streamlit's session API it relies on is still there. Phones seeing each other's entries through it on a
real server: test_load.py and the browser tests."""

import inspect
import logging
import threading

import pytest
import streamlit
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.runtime.app_session import AppSession
from streamlit.runtime.scriptrunner.script_runner import ScriptRunner
from streamlit.runtime.session_manager import SessionManager

from schichtbuch.live import refresh
from schichtbuch.live.refresh import Watcher

pytestmark = pytest.mark.pure


class Table:
    """A store of versions and the reruns the watcher asks for."""

    def __init__(self) -> None:
        self.stored = {"games": {"g1": 1, "g2": 1}, "groups": {"r1": 4}}
        self.reruns: list[str] = []
        self.reads: list[tuple[str, list[str]]] = []

    def versions(self, table, ids):
        self.reads.append((table, list(ids)))
        return {i: self.stored[table][i] for i in ids if i in self.stored[table]}

    def rerun(self, session, due):
        self.reruns.append(session)
        self.due = due


@pytest.fixture
def table():
    return Table()


@pytest.fixture
def watcher(table):
    return Watcher(table.versions, table.rerun)


def test_nothing_changed_reruns_nothing_and_reads_each_kind_once(table, watcher):
    watcher.follow("a", ("games", "g1"), 1)
    watcher.follow("b", ("games", "g1"), 1)
    watcher.follow("c", ("groups", "r1"), 4)
    watcher.check()
    assert table.reruns == []
    assert sorted(table.reads) == [("games", ["g1"]), ("groups", ["r1"])]


@pytest.mark.parametrize("stored", [2, 7, 0], ids=["one more", "several more", "undone below"])
def test_a_session_behind_the_store_is_rerun_once_and_the_others_not(table, watcher, stored):
    watcher.follow("a", ("games", "g1"), 1)
    watcher.follow("b", ("games", "g2"), 1)
    table.stored["games"]["g1"] = stored
    watcher.check()
    watcher.check()
    assert table.reruns == ["a"]
    assert watcher.watching() == 1


def test_the_rerun_follows_the_new_version_and_is_rerun_again_on_the_next_change(table, watcher):
    watcher.follow("a", ("games", "g1"), 1)
    table.stored["games"]["g1"] = 2
    watcher.check()
    watcher.follow("a", ("games", "g1"), 2)
    watcher.check()
    table.stored["games"]["g1"] = 3
    watcher.check()
    assert table.reruns == ["a", "a"]


def test_a_run_that_follows_again_during_the_check_is_not_forgotten(table, watcher):
    watcher.follow("a", ("games", "g1"), 1)
    table.stored["games"]["g1"] = 2

    def rerun(session, due):
        watcher.follow(session, ("games", "g1"), 2)  # the rerun is quicker than the check's bookkeeping

    Watcher.__init__(watcher, table.versions, rerun)
    watcher.follow("a", ("games", "g1"), 1)
    watcher.check()
    assert watcher.watching() == 1


def test_a_session_busy_with_its_own_run_is_left_to_it_and_checked_again(table, watcher):
    watcher.follow("a", ("games", "g1"), 1)
    table.stored["games"]["g1"] = 2
    watcher.check()
    assert table.due(True) is False
    watcher.check()
    assert table.reruns == ["a", "a"]
    assert table.due(False) is True
    watcher.check()
    assert table.reruns == ["a", "a"]


def test_a_session_whose_run_followed_since_the_check_is_not_rerun(table, watcher):
    watcher.follow("a", ("games", "g1"), 1)
    table.stored["games"]["g1"] = 2
    watcher.check()
    watcher.follow("a", ("games", "g1"), 2)  # the phone's own run read the change
    assert table.due(False) is False
    watcher.check()
    assert table.reruns == ["a"]


def test_a_session_whose_run_followed_an_older_version_is_rerun_by_the_next_check(table, watcher):
    watcher.follow("a", ("games", "g1"), 1)
    table.stored["games"]["g1"] = 2
    watcher.check()
    watcher.follow("a", ("games", "g1"), 1)  # a run that had read the store before the change
    assert table.due(False) is False
    watcher.check()
    assert table.reruns == ["a", "a"]


def test_a_group_change_reruns_the_group_pages_not_the_games(table, watcher):
    watcher.follow("a", ("games", "g1"), 1)
    watcher.follow("b", ("groups", "r1"), 4)
    table.stored["groups"]["r1"] = 5
    watcher.check()
    assert table.reruns == ["b"]


def test_a_game_no_longer_stored_reruns_nothing(table, watcher):
    watcher.follow("a", ("games", "gone"), 3)
    watcher.check()
    assert table.reruns == []


def test_a_session_that_shows_nothing_any_more_is_not_rerun(table, watcher):
    watcher.follow("a", ("games", "g1"), 1)
    watcher.forget("a")
    table.stored["games"]["g1"] = 2
    watcher.check()
    assert table.reruns == []


def test_tick_forgets_closed_sessions_without_reading_for_them(table, watcher):
    watcher.follow("open", ("games", "g1"), 1)
    watcher.follow("closed", ("games", "g2"), 1)
    watcher.tick(lambda session: session == "open")
    assert watcher.watching() == 1
    assert table.reads == [("games", ["g1"])]


def test_tick_outlives_a_store_that_does_not_answer(table, watcher):
    watcher.follow("a", ("games", "g1"), 1)

    def failing(table_, ids):
        raise OSError("connection refused")

    Watcher.__init__(watcher, failing, table.rerun)
    watcher.follow("a", ("games", "g1"), 1)
    watcher.tick(lambda session: True)
    assert watcher.watching() == 1


def test_a_wake_checks_at_once_not_at_the_next_interval(table, watcher, monkeypatch):
    monkeypatch.setattr(refresh, "CHECK_SECONDS", 600)
    ticked = threading.Event()
    watcher.follow("a", ("games", "g1"), 1)
    table.stored["games"]["g1"] = 2
    threading.Thread(target=watcher.run, args=(lambda session: ticked.set() or True,), daemon=True).start()
    assert not ticked.wait(0.3)
    watcher.wake()
    assert ticked.wait(5)
    assert table.reruns == ["a"]


class Loop:
    """An event loop that runs what it is given at once."""

    def call_soon_threadsafe(self, callback, *args):
        callback(*args)

    def call_later(self, delay, callback):
        raise AssertionError("the lane waits for nothing here")


class Session:
    """An `AppSession` as `_rerun` sees it: its last client state, its loop and whether a run is going on."""

    def __init__(self, busy: bool) -> None:
        self._client_state = ClientState(query_string="game=g1&lang=en", page_script_hash="round", page_name="")
        self._event_loop = Loop()
        self._scriptrunner = object() if busy else None
        self.requests: list[ClientState] = []

    def request_rerun(self, client_state):
        self.requests.append(client_state)


@pytest.mark.parametrize("busy", [False, True], ids=["idle", "running"])
def test_rerun_asks_streamlit_only_for_an_idle_session(monkeypatch, busy):
    session, asked = Session(busy), []
    monkeypatch.setattr(refresh, "_app_session", lambda session_id: session)
    refresh._rerun("a", lambda running: asked.append(running) or not running)
    assert asked == [busy]
    if busy:
        assert session.requests == []
    else:
        [request] = session.requests
        assert (request.query_string, request.page_script_hash, request.fragment_id) == ("game=g1&lang=en", "round", "")
        assert not request.widget_states.widgets and not request.is_auto_rerun


def test_streamlit_still_has_the_session_api_the_rerun_uses():
    """A Streamlit release without it would leave phones polling (live/refresh.py's fallback): say so here."""
    assert "self._client_state = ClientState()" in inspect.getsource(AppSession.__init__)
    assert "self._event_loop = asyncio.get_running_loop()" in inspect.getsource(AppSession.__init__)
    assert list(inspect.signature(AppSession.request_rerun).parameters) == ["self", "client_state"]
    assert hasattr(SessionManager, "get_active_session_info")
    # a new rerun request stops the session's running script, whose tap may not have run yet (`_rerun`)
    assert "self._scriptrunner: ScriptRunner | None = None" in inspect.getsource(AppSession.__init__)
    assert "self._scriptrunner.request_stop()" in inspect.getsource(AppSession.request_rerun)
    # the lane counts the scripts running by their threads' name (`refresh._scripts_running`)
    assert 'name="ScriptRunner.scriptThread"' in inspect.getsource(ScriptRunner)


def test_a_server_whose_phones_poll_says_so_once_in_its_log(caplog):
    refresh._polling.cache_clear()
    with caplog.at_level(logging.WARNING, logger=refresh.__name__):
        refresh._polling()
        refresh._polling()
    assert [r.getMessage() for r in caplog.records] == [
        f"live refresh: Streamlit {streamlit.__version__} lacks the session API this app reruns phones with; "
        f"each page polls every {refresh.POLL_SECONDS} s instead"]
