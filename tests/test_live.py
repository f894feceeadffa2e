"""The live refresh (schichtbuch/live.py): the watcher reruns exactly the sessions whose game or group has
another version in the store, once, forgets closed sessions and outlives a store that does not answer;
Streamlit's session API it relies on is still there. Phones seeing each other's entries through it on a
real server: test_load.py and the browser tests."""

import inspect

import pytest
from streamlit.runtime.app_session import AppSession
from streamlit.runtime.session_manager import SessionManager

from schichtbuch.live import RERUN_GAP_SECONDS, Watcher


class Table:
    """A store of versions and the reruns the watcher asks for."""

    def __init__(self) -> None:
        self.stored = {"games": {"g1": 1, "g2": 1}, "groups": {"r1": 4}}
        self.reruns: list[str] = []
        self.delays: list[float] = []
        self.reads: list[tuple[str, list[str]]] = []

    def versions(self, table, ids):
        self.reads.append((table, list(ids)))
        return {i: self.stored[table][i] for i in ids if i in self.stored[table]}

    def rerun(self, session, delay):
        self.reruns.append(session)
        self.delays.append(delay)


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

    def rerun(session, delay):
        watcher.follow(session, ("games", "g1"), 2)  # the rerun is quicker than the check's bookkeeping

    Watcher.__init__(watcher, table.versions, rerun)
    watcher.follow("a", ("games", "g1"), 1)
    watcher.check()
    assert watcher.watching() == 1


def test_the_reruns_of_one_check_start_one_gap_apart(table, watcher):
    for session in "abc":
        watcher.follow(session, ("games", "g1"), 1)
    table.stored["games"]["g1"] = 2
    watcher.check()
    assert sorted(table.reruns) == ["a", "b", "c"]
    assert table.delays == [0, RERUN_GAP_SECONDS, 2 * RERUN_GAP_SECONDS]


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


def test_streamlit_still_has_the_session_api_the_rerun_uses():
    """A Streamlit release without it would leave phones polling (live.py's fallback): say so here."""
    assert "self._client_state = ClientState()" in inspect.getsource(AppSession.__init__)
    assert "self._event_loop = asyncio.get_running_loop()" in inspect.getsource(AppSession.__init__)
    assert list(inspect.signature(AppSession.request_rerun).parameters) == ["self", "client_state"]
    assert hasattr(SessionManager, "get_active_session_info")
