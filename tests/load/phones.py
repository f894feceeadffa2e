"""Simulated phones for the load and soak tests: Streamlit servers on loopback, and phones that speak
Streamlit's websocket protocol (`BackMsg`/`ForwardMsg` from `streamlit.proto`) as the browser does.

A phone opens `/_stcore/stream`, asks for its first run with the page's name and the query string
(`?game=…&lang=en`), then keeps what the browser keeps: the page's script hash from each `NewSession` and
`Navigation`, the query string from `PageInfoChanged`, and the widgets of the page with their defaults
(the browser sends every widget's value with every rerun). On an `AutoRerun` message it sends a fragment rerun of that
fragment every interval, whether or not the last one has finished, as the browser's `setInterval` does,
until the next whole-app run starts (the browser then clears every such interval).
A tap is a rerun with the button's trigger set. The browser's heartbeats are left out: they run no script.

A table is four phones on one game; one of its phones on a play page taps every `TAP_SECONDS`. Measured:
tap latency (the tap sent → `script_finished` of the run it caused) and propagation (the tap sent →
another phone of the table finishes a whole-app run whose elements differ from the ones it showed
before: the rerun the server starts, or the bare page's poll asks for, once the count changed). A table's
phones may be spread over several server processes (phone i to the i mod n-th); propagation is then also
told apart by whether the phone that shows the tap is served by the tapping phone's process or another."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import itertools
import math
import os
import random
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import websockets
from websockets.typing import Subprotocol
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
from servers import free_port, running  # noqa: E402
BARE_APP = Path(__file__).with_name("bare.py")
PLAYERS = ("Anna", "Ben", "Cleo", "Dirk")
PHONES_PER_TABLE = len(PLAYERS)
TAP_SECONDS = 5.0
"""One tap per table this often (each table starts at a random moment within the first interval)."""
CONNECT_SECONDS = 0.05
"""Pause between two phones connecting, so that the first runs do not all land at once."""
FULL_RUN = ForwardMsg.ScriptFinishedStatus.FINISHED_SUCCESSFULLY
TAP_KEYS = ("shift_remove", "shift_card", "mine_attack_remove", "mine_attack_add", "tap")
"""User keys of the buttons a phone taps, the first present wins: on the Coal Baron shift page the ✕ of
a delivered card (so that taps alternate between delivering a card and taking it back, and a long soak
never runs out of cards), else a card; on MINE!'s round page, at the looting, the ✕ of an attack, else
"Add attack" (its form as drawn: the same attack again); in the bare app its one button."""


@dataclass
class Tap:
    """One tap: the phone that tapped, when it was sent, when its run finished, the table's phones that
    have not shown it yet, and each of the others with the seconds it took to show it."""

    phone: Phone
    sent: float
    unseen: set[Phone]
    answered: float | None = None
    refused: bool = False
    """Whether the run that answered it showed a refusal (an error or warning)."""
    seen: list[tuple[Phone, float]] = field(default_factory=list)


@dataclass
class Figures:
    """What one app's phones measured in the measuring window."""

    latencies: list[float] = field(default_factory=list)
    propagations: list[float] = field(default_factory=list)
    same_process: list[float] = field(default_factory=list)
    """The propagations to phones served by the tapping phone's server process."""
    other_process: list[float] = field(default_factory=list)
    """The propagations to phones served by another process (through the store)."""
    servers: int = 1
    """How many server URLs the phones connected to (behind a proxy: one, whatever the processes)."""
    taps: int = 0
    refused: int = 0
    unanswered: int = 0
    unseen: int = 0
    errors: int = 0
    runs: int = 0
    """Script runs the phones saw end in the window (whole-app and fragment runs, cut short or not)."""


class Phone:
    """One browser tab on one page of the app."""

    def __init__(self, url: str, page: str, query: str, table: Table) -> None:
        self.url, self.page, self.query, self.table = url, page, query, table
        self.page_hash = ""
        self.widgets: dict[str, WidgetState] = {}
        self.buttons: list[str] = []
        self.errors = 0
        self.runs = 0
        self.messages = 0
        self._ended = asyncio.Event()
        self._ws: websockets.ClientConnection | None = None
        self._run: dict[str, WidgetState] = {}
        self._run_buttons: list[str] = []
        self._run_refused = False
        self._run_elements = hashlib.sha1()
        self._run_started = 0.0
        self._shown = b""
        self._cache: dict[str, bytes] = {}
        self._polls: dict[str, asyncio.Task[None]] = {}
        self._tap: Tap | None = None
        self.first_run = asyncio.Event()

    async def run(self, stop: asyncio.Event) -> None:
        """Connect, ask for the first run, and answer the server until `stop` is set."""
        stream = f"{self.url.replace('http', 'ws')}/_stcore/stream"
        async with websockets.connect(stream, subprotocols=[Subprotocol("streamlit")], max_size=None, open_timeout=60,
                                      ping_interval=None) as ws:
            self._ws = ws
            await self._rerun(page_name=self.page)
            receiving = asyncio.create_task(self._receive(ws))
            await stop.wait()
            for task in [receiving, *self._polls.values()]:
                task.cancel()

    def tap(self) -> Tap | None:
        """Tap the first button of `TAP_KEYS` the page shows; None if it shows none (or a tap is pending)."""
        target = self._tap_target()
        if target is None or self._tap is not None:
            return None
        self._tap = Tap(self, time.monotonic(), set())
        asyncio.create_task(self._rerun(trigger=target))
        return self._tap

    async def rerun_and_wait(self, tap: bool = False) -> None:
        """One rerun, a tap of the first button of `TAP_KEYS` if `tap`; back once a run has ended after it."""
        self._ended.clear()
        await self._rerun(trigger=(self._tap_target() or "") if tap else "")
        await asyncio.wait_for(self._ended.wait(), 60)

    def _tap_target(self) -> str | None:
        return next((b for k in TAP_KEYS for b in self.buttons if _user_key(b).startswith(k)), None)

    async def _receive(self, ws: websockets.ClientConnection) -> None:
        async for data in ws:
            assert isinstance(data, bytes)
            msg = ForwardMsg()
            msg.ParseFromString(data)
            self.messages += 1
            if msg.WhichOneof("type") == "ref_hash":
                msg.ParseFromString(self._cache[msg.ref_hash])
            elif msg.metadata.cacheable:
                self._cache[msg.hash] = data
            self._handle(msg)

    def _handle(self, msg: ForwardMsg) -> None:
        kind = msg.WhichOneof("type")
        if kind == "new_session":
            self.page_hash = msg.new_session.page_script_hash
            if not msg.metadata.run.fragment_ids:
                self._stop_polls(list(self._polls))
            self._run, self._run_buttons, self._run_elements, self._run_refused = {}, [], hashlib.sha1(), False
            self._run_started = time.monotonic()
        elif kind == "navigation":
            self.page_hash = msg.navigation.page_script_hash
        elif kind == "page_info_changed":
            self.query = msg.page_info_changed.query_string
        elif kind == "delta":
            self._element(msg)
        elif kind == "auto_rerun" and msg.auto_rerun.fragment_id not in self._polls:
            self._polls[msg.auto_rerun.fragment_id] = asyncio.create_task(
                self._poll(msg.auto_rerun.fragment_id, msg.auto_rerun.interval))
        elif kind == "stop_auto_rerun":
            self._stop_polls(msg.stop_auto_rerun.fragment_ids)
        elif kind == "script_finished":
            self._finished(msg.script_finished)

    def _stop_polls(self, fragments: Sequence[str]) -> None:
        """End the polls of these fragments, as the browser does for those the server stops and for all of
        them when a whole-app run starts (its fragments then announce their polls afresh)."""
        for fragment in fragments:
            if poll := self._polls.pop(fragment, None):
                poll.cancel()

    def _element(self, msg: ForwardMsg) -> None:
        """Keep the run's widgets with the values the browser would send, and a digest of what a
        whole-app run shows."""
        delta = msg.delta
        if delta.WhichOneof("type") != "new_element":
            return
        element = delta.new_element
        kind = element.WhichOneof("type")
        if kind == "exception":
            self.errors += 1
        if kind == "alert" and element.alert.format in (element.alert.ERROR, element.alert.WARNING):
            self._run_refused = True
        if kind == "button":
            self._run_buttons.append(element.button.id)
        elif kind == "button_group":
            group = element.button_group
            state = WidgetState(id=group.id)
            state.string_array_value.data.extend(_option_text(group.options[i]) for i in group.default)
            self._run[group.id] = state
        if not delta.fragment_id:
            self._run_elements.update(element.SerializeToString())

    def _finished(self, status: int) -> None:
        """A run ended: a whole-app run replaces the page's widgets (a fragment run adds its own), answers
        a pending tap it started after, and shows the table's other taps if the page changed."""
        self.runs += 1
        self._ended.set()
        if status != FULL_RUN:
            self.widgets |= self._run
            self.buttons += [b for b in self._run_buttons if b not in self.buttons]
            return
        self.widgets, self.buttons = self._run, self._run_buttons
        now = time.monotonic()
        if self._tap is not None and self._run_started >= self._tap.sent:
            self._tap.answered, self._tap.refused, self._tap = now, self._run_refused, None
        shown = self._run_elements.digest()
        if self._shown and shown != self._shown:
            self.table.shown(self, now)
        self._shown = shown
        self.first_run.set()

    async def _poll(self, fragment: str, interval: float) -> None:
        """The browser's `setInterval`: a fragment rerun every `interval` seconds, finished or not."""
        start = time.monotonic()
        for k in itertools.count(1):
            await asyncio.sleep(max(0.0, start + k * interval - time.monotonic()))
            await self._rerun(fragment=fragment)

    async def _rerun(self, page_name: str = "", fragment: str = "", trigger: str = "") -> None:
        msg = BackMsg()
        state = msg.rerun_script
        state.query_string, state.page_script_hash, state.page_name = self.query, self.page_hash, page_name
        state.fragment_id, state.is_auto_rerun = fragment, bool(fragment)
        state.cached_message_hashes.extend(self._cache)
        state.context_info.timezone, state.context_info.locale = "Europe/Berlin", "en-US"
        state.widget_states.widgets.extend(self.widgets.values())
        if trigger:
            state.widget_states.widgets.append(WidgetState(id=trigger, trigger_value=True))
        assert self._ws is not None
        try:
            await self._ws.send(msg.SerializeToString())
        except websockets.ConnectionClosed:
            pass


def _user_key(widget_id: str) -> str:
    """The key a page gave a widget, from the widget's id (`$$ID-<hash>-<key>`)."""
    return widget_id.split("-", 2)[-1]


def _option_text(option: object) -> str:
    """A segmented control's option as the browser sends it back: its icon, a space, its text."""
    icon, text = getattr(option, "content_icon"), getattr(option, "content")
    return f"{icon} {text}".strip() if icon else text


class Table:
    """Four phones on one game: `pages[i]` is the page of phone i, `urls[i % len(urls)]` its server;
    phones on `tap_pages` take turns tapping."""

    def __init__(self, urls: Sequence[str], game: str, pages: Sequence[str], tap_pages: Sequence[str]) -> None:
        query = f"game={game}&lang=en"
        self.game = game
        self.phones = [Phone(urls[i % len(urls)], page, query, self) for i, page in enumerate(pages)]
        self.tappers = itertools.cycle([p for p in self.phones if p.page in tap_pages])
        self.taps: list[Tap] = []

    def shown(self, phone: Phone, at: float) -> None:
        """`phone` shows the game changed at `at`: every earlier tap of another phone is seen by it."""
        for tap in self.taps:
            if phone in tap.unseen and tap.sent <= at:
                tap.unseen.discard(phone)
                tap.seen.append((phone, at - tap.sent))

    async def tapping(self, start: float, stop: float) -> None:
        """One tap every `TAP_SECONDS` from a random moment after `start` until `stop`."""
        await asyncio.sleep(max(0.0, start - time.monotonic() + random.uniform(0, TAP_SECONDS)))
        while time.monotonic() < stop:
            phone = next(self.tappers)
            if (tap := phone.tap()) is not None:
                tap.unseen = {p for p in self.phones if p is not tap.phone}
                self.taps.append(tap)
            await asyncio.sleep(TAP_SECONDS)


def figures(tables: Sequence[Table], start: float, end: float = math.inf) -> Figures:
    """The measured figures of the taps sent from `start` until `end`."""
    phones = [p for t in tables for p in t.phones]
    result = Figures(errors=sum(p.errors for p in phones), servers=len({p.url for p in phones}))
    for tap in (tap for t in tables for tap in t.taps if start <= tap.sent < end):
        result.taps += 1
        result.refused += tap.refused
        if tap.answered is None:
            result.unanswered += 1
        else:
            result.latencies.append(tap.answered - tap.sent)
        for phone, seconds in tap.seen:
            result.propagations.append(seconds)
            (result.same_process if phone.url == tap.phone.url else result.other_process).append(seconds)
        result.unseen += len(tap.unseen)
    return result


def percentile(values: Sequence[float], p: float) -> float:
    """The `p`-th percentile (nearest rank); NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(p / 100 * len(ordered)) - 1))]


@dataclass(frozen=True)
class Server:
    """Running Streamlit servers: where phones connect (one URL: one process's, or a proxy's; or each of
    several processes' URLs, for phones spread over them, see `Table`) and the ids of the processes."""

    urls: tuple[str, ...]
    pids: tuple[int, ...]

    @property
    def url(self) -> str:
        """The one URL of a single process or a proxy."""
        (url,) = self.urls
        return url

    def cpu_seconds(self) -> float:
        """User and system CPU time the processes have used so far (Linux `/proc`)."""
        return sum(_cpu_seconds(pid) for pid in self.pids)

    def rss_mb(self) -> float:
        """Resident memory of the processes in MB (Linux `/proc`)."""
        return sum(_rss_mb(pid) for pid in self.pids)


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise LookupError("VmRSS")


@contextmanager
def streamlit(script: Path, cwd: Path, env: dict[str, str], options: Sequence[str] = ()) -> Iterator[Server]:
    """`streamlit run script` on a free loopback port, in `cwd` (whose `.streamlit/config.toml` applies),
    with extra `--section.option value` pairs, until the block ends."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "streamlit", "run", str(script), "--server.port", str(port),
               "--server.address", "127.0.0.1", "--server.headless", "true", *options]
    with running(command, url, cwd, os.environ | env) as process:
        yield Server((url,), (process.pid,))


@contextmanager
def side_by_side(script: Path, cwd: Path, env: dict[str, str], options: Sequence[str], processes: int) -> Iterator[Server]:
    """`processes` servers of `script`, each on a port of its own and none in front: phones connect to
    each of them (`Server.urls`)."""
    with contextlib.ExitStack() as stack:
        servers = [stack.enter_context(streamlit(script, cwd, env, options)) for _ in range(processes)]
        yield Server(tuple(s.url for s in servers), tuple(pid for s in servers for pid in s.pids))


@contextmanager
def proxied(script: Path, cwd: Path, env: dict[str, str], options: Sequence[str], processes: int) -> Iterator[Server]:
    """`processes` servers of `script` behind HAProxy as `deploy/serve.py` sets it up (each phone's
    websocket to the process with the fewest connections); one plain server for one process. The
    figures count the app processes, not HAProxy."""
    if processes == 1:
        with streamlit(script, cwd, env, options) as server:
            yield server
        return
    sys.path.insert(0, str(ROOT / "deploy"))
    from serve import haproxy_config

    with contextlib.ExitStack() as stack:
        app = stack.enter_context(side_by_side(script, cwd, env, options, processes))
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        port = free_port()
        (folder / "haproxy.cfg").write_text(haproxy_config(f"127.0.0.1:{port}", [u.split("//")[1] for u in app.urls]))
        url = f"http://127.0.0.1:{port}"
        stack.enter_context(running(["haproxy", "-db", "-f", str(folder / "haproxy.cfg")], url))
        yield Server((url,), app.pids)

