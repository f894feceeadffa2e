"""Coal Baron / Glück Auf (Kramer & Kiesling, 2013): what the score is. Order cards, shift majorities, end
scoring, next start player, reading a record.

Follows ../rules/coal_baron.md. Rules from the game help ../seeds/002_faa77d2ecd15aadb.txt are marked
[seed]; card and element values from the Board Game Arena implementation are marked [BGA].
A record is the JSON of ../rules/records.md, plus the app's optional fields `colours`, `start_players`
(the start player of each shift begun), `factory_workers` (per scored shift, for the next start player),
`current_shift` (orders delivered in the shift being played, not yet scored), `carts_draft` and
`end_draft` (the empty minecarts and end items of the players who have entered theirs while others have
not yet), `race_hidden` (the table keeps the shift's race hidden until it is scored) and `setup_ticks`
(the setup steps done). How the table's phones change a record: changes.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from scoring.app_fields import setup_ticks
from scoring.errors import RecordError, define
from scoring.fields import MAX_COUNT, count, mapping, per_player, player, players, sequence
from scoring.majorities import Placing, majorities
from scoring.standings import Line, Result, standings

PROBLEMS = {
    "unknown_transport": "unknown transport {value}",
    "unknown_coal": "unknown coal colour in {value}",
    "no_card": "no {transport} card prints {coal}",
    "too_many_shifts": "{count} shifts; the game has {limit}",
    "all_scored": "all shifts are scored",
    "carts_required": "is required once shift III is scored",
    "carts_too_early": "are entered while shift III is played",
    "end_too_early": "the game ends after shift III is scored",
    "not_level": "is not a mine level",
    "delivered_twice": "the {transport} card {coal} is delivered twice; each card exists once",
    "more_cards_than_box": "{count} order cards delivered or unfinished; the box has {limit}",
    "more_tiles_than_box": "{count} tunnel tiles of this side in all pits; the box has {limit}",
    "shift_not_begun": "shift {shift} has not begun",
    "shift_closed": "shift {shift} is already scored (another phone closed it)",
    "race_coal_baron": "the race is that of a Coal Baron shift; this record is of {value}",
}
"""The refusals of this game's records, in English (errors.PROBLEMS has those every game shares)."""
define(PROBLEMS)


PLAYERS = range(2, 5)
COLOURS = ("yellow", "brown", "grey", "black")
"""Coal colours and mine levels, top to bottom."""
SYMBOLS = {"yellow": "🟡", "brown": "🟤", "grey": "⚪", "black": "⚫"}
"""How the app draws a cube of each colour: a label, not a rule."""
WORKERS = {2: 18, 3: 15, 4: 13}
"""Workers per player by player count [BGA; reviews agree]."""


class Transport(StrEnum):
    WHEELBARROW = "wheelbarrow"
    HORSE_CART = "horse_cart"
    TRUCK = "truck"
    TRAIN = "train"


ALL = tuple(Transport)
SMALL = (Transport.WHEELBARROW, Transport.TRAIN)
LARGE = (Transport.HORSE_CART, Transport.TRUCK)
CARDS: tuple[tuple[int, tuple[str, ...], tuple[Transport, ...]], ...] = (
    # VP, printed coal (level order), transports that print it — 11 cards per transport [BGA]
    (2, ("yellow",), ALL),
    (3, ("brown",), ALL),
    (3, ("yellow", "yellow"), ALL),
    (4, ("grey",), ALL),
    (4, ("yellow", "yellow", "yellow"), LARGE),
    (5, ("black",), ALL),
    (5, ("brown", "brown"), ALL),
    (7, ("brown", "brown", "brown"), SMALL),
    (7, ("grey", "grey"), ALL),
    (9, ("grey", "grey", "grey"), SMALL),
    (9, ("black", "black"), ALL),
    (10, ("yellow", "brown", "grey", "black"), ALL),
    (12, ("black", "black", "black"), LARGE),
)
ORDER_CARDS = sum(len(on) for _, _, on in CARDS)
"""44 order cards, each one exists once: a card can be delivered at most once per game [BGA]."""
TUNNEL_TILES = {"light_tiles": 24, "dark_tiles": 24}
"""48 tunnel tiles, 16 kinds × 3, of which kinds 1–8 are dark and 9–16 light [BGA Tiles.php]: at most 24
light and 24 dark tiles in all pits together."""
CARTS_PER_LEVEL = 19
"""At most 19 empty minecarts on one level of a pit: its tiles plus the printed start cart [BGA]."""


class Kind(StrEnum):
    COAL = "coal"
    TRANSPORT = "transport"
    MINECART = "minecart"


@dataclass(frozen=True)
class Element:
    """One thing a shift scores: what is counted and the 1st/2nd values [seed, BGA]."""

    kind: Kind
    name: str
    first: int
    second: int


ELEMENTS = (
    Element(Kind.COAL, "yellow", 2, 1), Element(Kind.COAL, "brown", 3, 1),
    Element(Kind.COAL, "grey", 4, 2), Element(Kind.COAL, "black", 5, 2),
    Element(Kind.TRANSPORT, "wheelbarrow", 6, 3), Element(Kind.TRANSPORT, "horse_cart", 7, 3),
    Element(Kind.TRANSPORT, "truck", 8, 4), Element(Kind.TRANSPORT, "train", 9, 4),
    Element(Kind.MINECART, "yellow", 10, 5), Element(Kind.MINECART, "brown", 11, 5),
    Element(Kind.MINECART, "grey", 12, 6), Element(Kind.MINECART, "black", 13, 6),
)
SHIFT_ELEMENTS = (4, 8, 12)
"""Shift I scores the first 4 elements, shift II 8, shift III all 12 [seed]."""
SHIFTS = len(SHIFT_ELEMENTS)
SHIFT_NAMES = ("I", "II", "III")
MARKS_PER_VP = 5
CUBES_PER_VP = 3
OPEN_ORDER_VP = -1
BALANCE_VP_PER_TILE = -2
END_LIMITS = {"money": MAX_COUNT, "cubes": MAX_COUNT, "open_orders": ORDER_CARDS, **TUNNEL_TILES}
"""The most each end item can be: money and cubes have no printed limit (the cube count is UNVERIFIED:
a typo guard); unfinished orders and tiles are bounded by the cards and tiles in the box [BGA]."""
END_FIELDS = tuple(END_LIMITS)
CATEGORIES = ("orders", "shift_1", "shift_2", "shift_3", "money", "cubes", "open_orders", "balance")
TIEBREAK_RULES = ("tiebreak.money_left",)


@dataclass(frozen=True)
class Order:
    """A delivered order card: its transport and its printed coal, in level order."""

    transport: Transport
    coal: tuple[str, ...]

    @property
    def vp(self) -> int:
        return next(vp for vp, coal, _ in CARDS if coal == self.coal)

    def to_dict(self) -> dict[str, Any]:
        return {"transport": self.transport.value, "coal": list(self.coal)}

    @classmethod
    def from_dict(cls, value: Any, where: str) -> Order:
        """Read one card; a coal combination no card of that transport prints is refused."""
        card = mapping(value, where)
        try:
            transport = Transport(str(card.get("transport")))
        except ValueError:
            raise RecordError(f"{where}.transport", "unknown_transport", value=card.get("transport")) from None
        coal = sequence(card.get("coal"), f"{where}.coal")
        if not all(c in COLOURS for c in coal):
            raise RecordError(f"{where}.coal", "unknown_coal", value=list(coal))
        ordered = tuple(sorted(coal, key=COLOURS.index))
        if not any(ordered == printed and transport in on for _, printed, on in CARDS):
            raise RecordError(where, "no_card", transport=transport.value, coal=" + ".join(ordered))
        return cls(transport, ordered)


def symbols(coal: Sequence[str]) -> str:
    """Coal as coloured symbols, one per printed cube."""
    return "".join(SYMBOLS[c] for c in coal)


def card_symbols(coal: Sequence[str]) -> str:
    """A card's coal as `symbols` held on one line by word joiners (U+2060), so that a card's face too long
    for a phone's line breaks before or after its coal, never inside it (a browser may break between two
    emoji)."""
    return "\u2060".join(SYMBOLS[c] for c in coal)


def cards(transport: Transport) -> tuple[Order, ...]:
    """The 11 different cards of one transport, cheapest first."""
    return tuple(Order(transport, coal) for _, coal, on in CARDS if transport in on)


def card(value: Any, where: str = "order") -> Order:
    """An order card given as an `Order` or as its record form; one no transport prints is refused."""
    if isinstance(value, Order):
        value = {"transport": value.transport, "coal": list(value.coal) if isinstance(value.coal, tuple) else value.coal}
    return Order.from_dict(value, where)


@dataclass(frozen=True)
class Record:
    """A Coal Baron game as far as it has been entered."""

    players: tuple[str, ...]
    shifts: tuple[Mapping[str, tuple[Order, ...]], ...]
    current_shift: Mapping[str, tuple[Order, ...]]
    empty_carts: Mapping[str, Mapping[str, int]] | None
    """Empty minecarts once shift III is scored; None before."""
    carts_draft: Mapping[str, Mapping[str, int]]
    """Empty minecarts entered so far while shift III is played (`entered_carts`); they preview its scoring."""
    end: Mapping[str, Mapping[str, int]] | None
    end_draft: Mapping[str, Mapping[str, int]]
    """End items entered so far while others have not entered theirs; they count in the standings so far."""
    start_players: tuple[str | None, ...]
    """The start player of each shift begun; None where an imported record does not say."""
    factory_workers: tuple[Mapping[str, int] | None, ...]
    """Workers each player had in the factory at the end of shifts I and II; None where not known."""
    race_hidden: bool
    """The table keeps the race of the shift being played hidden until the shift is scored."""

    @property
    def is_over(self) -> bool:
        return self.end is not None

    def start_player(self, shift: int) -> str | None:
        """The start player of shift `shift`, if known."""
        return self.start_players[shift - 1] if shift <= len(self.start_players) else None

    def delivered(self, up_to_shift: int) -> dict[str, list[Order]]:
        """Each player's orders delivered in shifts 1..`up_to_shift` (counted again in later shifts [seed])."""
        stages = [*self.shifts, self.current_shift][:up_to_shift]
        return {p: [o for stage in stages for o in stage[p]] for p in self.players}

    def taken(self) -> dict[Order, str]:
        """Each card delivered in this game so far, and who delivered it: each card exists once [BGA]."""
        return {o: p for p, orders in self.delivered(SHIFTS + 1).items() for o in orders}

    def cards_left(self, transport: Transport) -> tuple[Order, ...]:
        """The cards of a transport nobody has delivered yet in this game."""
        taken = self.taken()
        return tuple(o for o in cards(transport) if o not in taken)


def read(record: Mapping[str, Any]) -> Record:
    """Check a record against the format and the rules; the first problem raises RecordError."""
    names = players(record, PLAYERS)
    shifts = tuple(_orders(s, f"shifts.{i}", names) for i, s in enumerate(sequence(record.get("shifts", []), "shifts")))
    if len(shifts) > SHIFTS:
        raise RecordError("shifts", "too_many_shifts", count=len(shifts), limit=SHIFTS)
    current = _orders(record.get("current_shift", {p: [] for p in names}), "current_shift", names)
    if len(shifts) == SHIFTS and any(current.values()):
        raise RecordError("current_shift", "all_scored")
    _each_card_once([*shifts, current], names)
    carts = record.get("empty_carts")
    if len(shifts) == SHIFTS and carts is None:
        raise RecordError("empty_carts", "carts_required")
    carts = None if carts is None else per_player(carts, "empty_carts", names, _carts)
    end = record.get("end")
    if end is not None and len(shifts) < SHIFTS:
        raise RecordError("end", "end_too_early")
    drafted = {player(name, "end_draft", names): _end(items, f"end_draft.{name}")
               for name, items in mapping(record.get("end_draft", {}), "end_draft").items()}
    drafts = {player(name, "carts_draft", names): _carts(levels, f"carts_draft.{name}")
              for name, levels in entered_carts(record).items()}
    if len(sequence(record.get("start_players", []), "start_players")) > SHIFTS:
        raise RecordError("start_players", "too_many_shifts", count=len(record["start_players"]), limit=SHIFTS)
    setup_ticks(record)
    if not isinstance(record.get("race_hidden", False), bool):
        raise RecordError("race_hidden", "not_bool")
    workers = WORKERS[len(names)]
    ended = None if end is None else per_player(end, "end", names, _end)
    _within_the_box(ended or drafted, sum(len(o) for stage in [*shifts, current] for o in stage.values()))
    return Record(
        players=names,
        shifts=shifts,
        current_shift=current,
        empty_carts=carts if len(shifts) == SHIFTS else None,
        carts_draft=drafts,
        end=ended,
        end_draft=drafted,
        start_players=tuple(None if p is None else player(p, f"start_players.{i}", names)
                            for i, p in enumerate(sequence(record.get("start_players", []), "start_players"))),
        factory_workers=tuple(
            None if w is None else per_player(w, f"factory_workers.{i}", names, lambda v, at: count(v, at, workers))
            for i, w in enumerate(sequence(record.get("factory_workers", []), "factory_workers"))
        ),
        race_hidden=record.get("race_hidden", False),
    )


def entered_carts(record: Mapping[str, Any]) -> dict[str, Any]:
    """Shift III's empty minecarts per player entered so far, the one reading of them for its race, its
    close and its score: the entries in `carts_draft`, over the `empty_carts` of a record that carries
    them before shift III is scored (records.md requires them once it is scored and allows them before:
    an import), which count as entered. Not checked here: `read` checks them."""
    early = {} if len(sequence(record.get("shifts", []), "shifts")) >= SHIFTS else record.get("empty_carts") or {}
    return {**mapping(early, "empty_carts"), **mapping(record.get("carts_draft", {}), "carts_draft")}


def score(data: Mapping[str, Any]) -> Result:
    """Standings of a (possibly partial) record: order VP as delivered, the majorities of every scored
    shift, and the end items (each player's as soon as they have entered theirs, the players still to
    enter theirs named as pending), ranked by total, then by the Marks left after changing 5 Marks into
    1 VP [seed]; still tied, a shared place (UNVERIFIED beyond that)."""
    record = read(data)
    scored = [shift_scoring(record, n) for n in range(1, len(record.shifts) + 1)]
    lines = {p: _order_lines(record, p) + [ln for s in scored for ln in _majority_lines(s, p)] for p in record.players}
    for p, items in _end_items(record).items():
        lines[p] += _end_lines(items)
    money_left = {p: (_money_left(record, p),) for p in record.players}
    ranked = standings(record.players, lines, CATEGORIES, money_left, TIEBREAK_RULES)
    pending = tuple(p for p in record.players if p not in _end_items(record)) if record.end_draft else ()
    return Result("coal_baron", record.is_over, ranked, _progress(record, scored), pending)


@dataclass(frozen=True)
class ElementScore:
    """The table for one element of one shift: each player's count, place and points."""

    shift: int
    element: Element
    placings: Mapping[str, Placing]


def shift_scoring(record: Record, shift: int) -> tuple[ElementScore, ...]:
    """Score the elements of shift `shift` from all orders delivered up to it (and the empty minecarts
    in shift III) with the majority rules; 2 players: no 2nd place [seed]."""
    delivered = record.delivered(shift)
    has_second = len(record.players) > 2
    return tuple(
        ElementScore(shift, e, majorities(
            {p: _element_count(e, delivered[p], record, p) for p in record.players},
            e.first, e.second, has_second=has_second,
        ))
        for e in ELEMENTS[: SHIFT_ELEMENTS[shift - 1]]
    )


def race(record: Record) -> tuple[ElementScore, ...]:
    """The shift being played as it would score if it ended now: every element it scores, from the orders
    delivered so far (shift III's minecarts from the empty carts entered so far), by the shift scoring
    rules [seed]. A game with every shift scored has no race."""
    if len(record.shifts) == SHIFTS:
        raise RecordError("shifts", "all_scored")
    return shift_scoring(record, len(record.shifts) + 1)


def race_totals(elements: Sequence[ElementScore]) -> dict[str, int]:
    """Each player's points from the shift being played if it ended now: the sum over its elements."""
    return {p: sum(e.placings[p].points for e in elements) for p in elements[0].placings}


def to_lead(placings: Mapping[str, Placing], who: str) -> int:
    """What it takes `who` to lead an element: the fewest more coal squares (or empty carts) with which
    they alone would have the most, one more than the highest count among the others less their own
    (0 for a player already alone in the lead)."""
    others = max((pl.count for p, pl in placings.items() if p != who), default=0)
    return max(0, others + 1 - placings[who].count)


class OpenStart(StrEnum):
    """Why the rules leave the next start player to the table; the values are catalog keys."""

    NOBODY_IN_FACTORY = "nobody_in_factory"
    TIE_UNKNOWN_START = "tie_unknown_start"


def next_start_player(seating: Sequence[str], current: str | None, factory: Mapping[str, int]) -> tuple[str, OpenStart | None]:
    """Start player of the next shift, and why the rules leave it open (None: a source settles it).
    Most workers on the 9 minecart factory spaces wins; tied, the tied player nearest clockwise after
    the current start player, who cannot keep it [seed]. Nobody in the factory: passes clockwise, as
    BGA does — UNVERIFIED. A tie with the current start player unknown (an imported record): the
    table decides; the first tied player clockwise from the first seat is suggested."""
    start = seating.index(current) if current is not None else len(seating) - 1
    clockwise = [seating[(start + i) % len(seating)] for i in range(1, len(seating) + 1)]
    most = max(factory.values())
    leaders = [p for p in clockwise if factory[p] == most]
    if most == 0:
        return clockwise[0], OpenStart.NOBODY_IN_FACTORY
    if len(leaders) > 1 and current is None:
        return leaders[0], OpenStart.TIE_UNKNOWN_START
    return (leaders[0] if len(leaders) == 1 else next(p for p in leaders if p != current)), None


def factory_leaders(seating: Sequence[str], factory: Mapping[str, int]) -> tuple[str, ...]:
    """The players with the most workers in the factory, in seating order (none if nobody is there):
    more than one is a tie that `next_start_player` breaks clockwise [seed]."""
    most = max(factory.values(), default=0)
    return tuple(p for p in seating if most and factory.get(p) == most)


def status(data: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """The stage for the header: the shift being played, or the end."""
    scored = len(data.get("shifts", []))
    if scored >= SHIFTS:
        return "coal_baron.status.end", {}
    return "coal_baron.status.shift", {"shift": SHIFT_NAMES[scored]}


def _each_card_once(stages: Sequence[Mapping[str, Sequence[Order]]], names: Sequence[str]) -> None:
    """Each order card exists once [BGA]: a card delivered twice in a game is refused at its second place."""
    seen: set[Order] = set()
    for i, stage in enumerate(stages):
        where = f"shifts.{i}" if i < len(stages) - 1 else "current_shift"
        for name in names:
            for k, order in enumerate(stage[name]):
                if order in seen:
                    raise RecordError(f"{where}.{name}.{k}", "delivered_twice", transport=order.transport.value,
                                      coal=" + ".join(order.coal))
                seen.add(order)


def _within_the_box(end: Mapping[str, Mapping[str, int]], delivered: int) -> None:
    """The end items of all players together fit the box [BGA]: the unfinished orders and the delivered
    ones are at most its 44 cards; the light tiles in all pits at most its 24 light ones, the dark tiles
    its 24 dark ones. The player whose entry goes past the box is named."""
    orders, tiles = delivered, dict.fromkeys(TUNNEL_TILES, 0)
    for name, items in end.items():
        orders += items["open_orders"]
        if orders > ORDER_CARDS:
            raise RecordError(f"end.{name}.open_orders", "more_cards_than_box", count=orders, limit=ORDER_CARDS)
        for side, limit in TUNNEL_TILES.items():
            tiles[side] += items[side]
            if tiles[side] > limit:
                raise RecordError(f"end.{name}.{side}", "more_tiles_than_box", count=tiles[side], limit=limit)


def _orders(value: Any, where: str, names: Sequence[str]) -> dict[str, tuple[Order, ...]]:
    return per_player(value, where, names, lambda v, at: tuple(
        Order.from_dict(o, f"{at}.{i}") for i, o in enumerate(sequence(v, at))))


def _carts(value: Any, where: str) -> dict[str, int]:
    levels = mapping(value, where)
    for level in levels:
        if level not in COLOURS:
            raise RecordError(f"{where}.{level}", "not_level")
    return {level: count(levels.get(level, 0), f"{where}.{level}", CARTS_PER_LEVEL) for level in COLOURS}


def _end(value: Any, where: str) -> dict[str, int]:
    items = mapping(value, where)
    return {f: count(items.get(f, 0), f"{where}.{f}", limit) for f, limit in END_LIMITS.items()}


def _element_count(element: Element, orders: Sequence[Order], record: Record, who: str) -> int:
    """Coal: symbols of that colour on delivered orders. Transport: coal symbols (not cards) on orders of
    that transport. Minecart: empty carts on that level, printed start cart included [seed]; before
    shift III is scored, those entered so far (0 for a player who has not entered theirs)."""
    if element.kind is Kind.COAL:
        return sum(o.coal.count(element.name) for o in orders)
    if element.kind is Kind.TRANSPORT:
        return sum(len(o.coal) for o in orders if o.transport == element.name)
    carts = record.carts_draft if record.empty_carts is None else record.empty_carts
    return carts.get(who, {}).get(element.name, 0)


def _order_lines(record: Record, who: str) -> list[Line]:
    return [Line("orders", "coal_baron.line.order", o.vp,
                 {"transport_key": f"transport.{o.transport}", "coal_keys": tuple(f"coal.{c}" for c in o.coal)})
            for o in record.delivered(SHIFTS + 1)[who]]


def _majority_lines(scored: Sequence[ElementScore], who: str) -> list[Line]:
    return [
        Line(f"shift_{s.shift}", "coal_baron.line.majority", s.placings[who].points, {
            "shift": SHIFT_NAMES[s.shift - 1], "element_key": f"element.{s.element.kind}.{s.element.name}",
            "place_key": f"place.{s.placings[who].place}", "count": s.placings[who].count,
        })
        for s in scored if s.placings[who].points
    ]


def _end_lines(items: Mapping[str, int]) -> list[Line]:
    difference = abs(items["light_tiles"] - items["dark_tiles"])
    return [
        Line("money", "coal_baron.line.money", items["money"] // MARKS_PER_VP, {"marks": items["money"]}),
        Line("cubes", "coal_baron.line.cubes", items["cubes"] // CUBES_PER_VP, {"cubes": items["cubes"]}),
        Line("open_orders", "coal_baron.line.open_orders", OPEN_ORDER_VP * items["open_orders"],
             {"orders": items["open_orders"]}),
        Line("balance", "coal_baron.line.balance", BALANCE_VP_PER_TILE * difference,
             {"light": items["light_tiles"], "dark": items["dark_tiles"]}),
    ]


def _end_items(record: Record) -> Mapping[str, Mapping[str, int]]:
    """The end items that count: the end once everyone has entered theirs, until then those entered."""
    return record.end if record.end is not None else record.end_draft


def _money_left(record: Record, who: str) -> int:
    items = _end_items(record).get(who)
    return items["money"] % MARKS_PER_VP if items else 0


def _progress(record: Record, scored: Sequence[Sequence[ElementScore]]) -> tuple[dict[str, int], ...]:
    """Running totals after each scored shift: VP of the orders delivered up to it plus its majorities."""
    return tuple(
        {p: sum(o.vp for o in record.delivered(k)[p]) + sum(e.placings[p].points for s in scored[:k] for e in s)
         for p in record.players}
        for k in range(1, len(scored) + 1)
    )
