"""The lane of the live refresh's reruns (schichtbuch/live/lane.py): one at a time, each once no other
script runs or once it has waited long enough, a second beside it after a longer wait and never a third,
a phone queued once, in the order they came."""

import pytest

from schichtbuch.live.lane import LOOK_SECONDS, RUN_SECONDS, SECOND_SECONDS, WAIT_SECONDS, Lane

pytestmark = pytest.mark.pure


class Server:
    """The event loop's timers, a clock, the scripts running, and the reruns the lane started."""

    def __init__(self) -> None:
        self.now, self.running = 0.0, 0
        self.timers: list[tuple[float, object]] = []
        self.started: list[str] = []
        self.ended: dict[str, bool] = {}

    def call_later(self, delay, callback):
        self.timers.append((self.now + delay, callback))

    def advance(self, seconds: float) -> None:
        """Let `seconds` pass, running the timers that come due on the way."""
        end = self.now + seconds
        while due := [t for t in self.timers if t[0] <= end]:
            first = min(due, key=lambda t: t[0])
            self.timers.remove(first)
            self.now = max(self.now, first[0])
            first[1]()
        self.now = end

    def start(self, session: str, due: bool = True):
        def start():
            if not due:
                return None
            self.started.append(session)
            self.ended[session] = False
            return lambda: self.ended[session]
        return start


@pytest.fixture
def server():
    return Server()


@pytest.fixture
def lane(server):
    return Lane(lambda: server.running, lambda: server.now)


def test_reruns_start_one_at_a_time_in_the_order_they_came(server, lane):
    for session in "abc":
        lane.add(server, session, server.start(session))
    assert server.started == ["a"]
    server.advance(0.2)
    assert server.started == ["a"]  # a has not ended
    server.ended["a"] = True
    server.advance(LOOK_SECONDS)
    assert server.started == ["a", "b"]
    server.ended["b"] = True
    server.advance(LOOK_SECONDS)
    assert server.started == ["a", "b", "c"]
    assert lane.waiting() == 0


def test_a_rerun_waits_while_another_script_runs_until_it_has_waited_long_enough(server, lane):
    server.running = 1  # a tap's run
    lane.add(server, "a", server.start("a"))
    server.advance(WAIT_SECONDS / 2)
    assert server.started == []
    server.running = 0  # the tap's run has ended
    server.advance(LOOK_SECONDS)
    assert server.started == ["a"]
    server.ended["a"], server.running = True, 1
    lane.add(server, "b", server.start("b"))
    server.advance(WAIT_SECONDS - LOOK_SECONDS)
    assert server.started == ["a"]
    server.advance(2 * LOOK_SECONDS)
    assert server.started == ["a", "b"]  # beside the other script, once it has waited


def test_a_phone_already_waiting_is_queued_once(server, lane):
    server.running = 1
    for session in "aba":
        lane.add(server, session, server.start(session))
    assert lane.waiting() == 2
    server.running = 0
    server.advance(LOOK_SECONDS)
    server.ended["a"] = True
    server.advance(LOOK_SECONDS)
    assert server.started == ["a", "b"]


def test_a_rerun_no_longer_due_gives_its_turn_to_the_next(server, lane):
    lane.add(server, "a", server.start("a", due=False))
    lane.add(server, "b", server.start("b"))
    assert server.started == ["b"]


def test_a_rerun_that_has_waited_long_starts_beside_the_lanes_running_one_and_a_third_never(server, lane):
    for session in "abc":
        lane.add(server, session, server.start(session))
    server.advance(SECOND_SECONDS - LOOK_SECONDS)
    assert server.started == ["a"]
    server.advance(2 * LOOK_SECONDS)
    assert server.started == ["a", "b"]
    server.advance(RUN_SECONDS / 2)
    assert server.started == ["a", "b"]  # c has waited long, but two run
    server.ended["b"] = True
    server.advance(LOOK_SECONDS)
    assert server.started == ["a", "b", "c"]


def test_a_rerun_that_does_not_end_holds_its_place_no_longer_than_its_limit(server, lane):
    for session in "abc":
        lane.add(server, session, server.start(session))
    server.advance(RUN_SECONDS - LOOK_SECONDS)
    assert server.started == ["a", "b"]
    server.advance(2 * LOOK_SECONDS)
    assert server.started == ["a", "b", "c"]


def test_an_empty_lane_stops_looking_and_starts_the_next_rerun_at_once(server, lane):
    lane.add(server, "a", server.start("a"))
    server.ended["a"] = True
    server.advance(1)
    assert server.timers == []
    lane.add(server, "b", server.start("b"))
    assert server.started == ["a", "b"]
