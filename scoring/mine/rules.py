"""MINE! (Arvelys, Aurélien Assié, 2026): what the score is. A round's coal (the events, looting and the
watchtower in looting.py, the expedition sale, the mine), the dummy player's placement, the race to 21
and the tie-break chain; how the table's phones change a record: changes.py.

Follows ../rules/mine.md; the rules come from the German translation of the French rules
../seeds/001_0c2c8cf38b864e64.txt [seed] and the publisher's rules pages [site].

A record is the JSON of ../rules/records.md (`players`, `variant`, `dummy`, `rounds` with `sold` and, in
the variant, `cap`; `end`; `die_roll`), plus the app's optional fields: `colours`, `setup_ticks`,
`start_player` (who held the die in round 1), `current` (the sheet of the round being resolved) and
`end_items` (the end counts of the players who have entered theirs). A round entered in the app carries
its whole sheet (`SHEET_FIELDS`): the coal at its start, what events, looting, the sale and the mine did.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from scoring.app_fields import setup_ticks
from scoring.errors import RecordError, define
from scoring.fields import MAX_COUNT, count, mapping, per_player, player, players, sequence
from scoring.mine.looting import Attack, Looting, read_attacks, resolve_looting
from scoring.standings import Line, Result, standings

PROBLEMS = {
    "rolled_elsewhere": "another phone rolled the die first; its roll stands",
    "game_over": "the game is over (after round {rounds}, or once a player has reached {target})",
    "game_not_over": "the game goes on until round {rounds} or until a player reaches {target}",
    "more_coal_than_box": "the players' coal adds up to {count}; the box has {limit} cubes",
    "supply_over_box": "the supply and the players' coal add up to {count}; the box has {limit} cubes",
    "over_cap": "{value} coal sold; at most {cap} this round",
    "over_stock": "{value} coal sold; the player has {stock}",
    "attack_self": "a player cannot loot themselves",
    "attack_entered": "this attack was just entered, on another phone or by a tap before; if there are two, add it again",
    "not_die": "must be a die face from 1 to 6 ({value})",
}
"""The refusals of this game's records, in English (errors.PROBLEMS has those every game shares)."""
define(PROBLEMS)


ROUNDS = 6
"""One round per face of the die [seed]."""
TARGET = 21
"""The game ends at the end of the round in which a player reaches 21 points [seed]."""
SEATS = range(2, 7)
"""6 boards and pawns [seed]; the minimum of 2 seats (a dummy may fill one) is UNVERIFIED."""
START_COAL = 2
VARIANT_START_COAL = 3
COAL_CUBES = 20
"""The box's coal cubes [seed]: no stock holds more, nor all the players' stocks together. The central
supply is the cubes no player holds, so sold coal and coal lost to events go back to it (UNVERIFIED: the
rules only say the supply goes in the middle and say nothing of where sold coal goes; the app shows the
supply as editable, and a supply the table's entries take below zero is a warning, never a refusal)."""
MINERS = 4
PIT_BUILDERS = 4
"""Profession cards each player starts with [seed]."""
CARDS_PER_ROUND = 4
"""Each player plays up to 4 cards a round, one at a time, clockwise from the die holder [seed]."""
RECRUIT_DRAW = 2
HAND_LIMIT = 8
"""Recruitment: draw 2 cards plus the helmets shown on recruitment cards, keep at most 8 [seed]; so a
player ends the game with at most 8 cards in hand."""
END_LIMITS = {"coal": COAL_CUBES, "cards": HAND_LIMIT}
"""The end counts, the first two tie-breakers, bounded by the box's cubes and the hand limit [seed]."""
DIE_FACES = 6
DUMMY_WATCHTOWER = 1
DUMMY_RECRUITMENT = 1
DUMMY_LAST_ROUND_WATCHTOWER = 2
"""The dummy's cards [seed]: rounds 1–5 one on the watchtower if it has coal, one on the looters' hideout
if several players have coal, one on recruitment, the rest on the mine; round 6 two on the watchtower
if it has coal and the rest on the looters' hideout."""
SHEET_FIELDS = ("start", "supply", "events", "attacks", "defense", "sold", "mined", "recruited")
"""What the app keeps of a round: coal at its start, the central supply at its start, coal gained or
lost in events, the attacks, the watchtowers' defence, coal sold, helmets shown on mine cards and on
recruitment cards."""
ENTRY_FIELDS = (*SHEET_FIELDS, "cap")
"""The fields of a round's sheet the table enters: the sheet's and, in the variant, the die card."""
CATEGORIES = tuple(f"round_{n}" for n in range(1, ROUNDS + 1))
ROUND_NAMES = tuple(str(n) for n in range(1, ROUNDS + 1))
TIEBREAK_RULES = ("mine.tiebreak.coal", "mine.tiebreak.cards", "mine.tiebreak.die")
"""Equal points: most coal in stock, then most profession cards in hand, then a die roll [seed]."""


class Draw(Protocol):
    """A source of random draws, passed in (a seeded `random.Random`) so that the module stays pure and
    every phone of a table draws the same."""

    def choice(self, seq: Sequence[str]) -> str: ...
    def sample(self, population: Sequence[str], k: int) -> list[str]: ...


@dataclass(frozen=True)
class Sheet:
    """One round as resolved, every field filled (what was not entered counts as nothing happening)."""

    number: int
    die_holder: str
    cap: int
    start: Mapping[str, int]
    supply: int | None
    """The central supply at the start of the round (as corrected by the table, else the cubes no player
    holds); None in the variant (there is none)."""
    at_mine: int | None
    """The supply when the mine is resolved: the supply at the start with the coal players lost or sold
    since (UNVERIFIED, see COAL_CUBES). Below zero, or more than the cubes no player holds, the table's
    numbers disagree: the page warns and the mine takes what the box can give."""
    events: Mapping[str, int]
    """Coal each player won (+) or lost (−) in the events, as the table entered it."""
    event_coal: Mapping[str, int]
    """What the events did to each player's stock: as entered, except that a loss takes at most the coal
    the player has (cubes they do not hold cannot be given up; `events` keeps the entry)."""
    attacks: tuple[Attack, ...]
    defense: Mapping[str, int]
    sold: Mapping[str, int]
    mined: Mapping[str, int]
    recruited: Mapping[str, int]
    """Helmets on each player's recruitment cards: they draw 2 more than that [seed]."""
    looting: Looting
    got: Mapping[str, int]
    """Coal each player took at the mine."""
    coal: Mapping[str, int]
    """Coal in stock at the end of the round."""

    @property
    def at_sale(self) -> dict[str, int]:
        """Each player's coal when the expedition sells it: the start, what the events did, the looting."""
        return {p: self.start[p] + self.event_coal[p] + self.looting.changes[p] for p in self.start}

    @property
    def cubes_free(self) -> int:
        """The box's cubes no player held when the mine was resolved."""
        return COAL_CUBES - sum(self.coal.values()) + sum(self.got.values())

    @property
    def mine_supply(self) -> int:
        """The coal the mine could give: the supply when it was resolved, never below zero nor more than
        the cubes no player held then (in the variant, those cubes)."""
        return _mine_supply(self.at_mine, self.cubes_free)


@dataclass(frozen=True)
class Placement:
    """Where the dummy's 4 cards go: the number on the watchtower, the target of each looting card, the
    number on recruitment and on the mine."""

    watchtower: int
    looting: tuple[str, ...]
    recruitment: int
    mine: int


@dataclass(frozen=True)
class Record:
    players: tuple[str, ...]
    variant: bool
    dummy: str | None
    start_player: str
    rounds: tuple[Sheet, ...]
    current: Sheet | None
    """The round being resolved; None once the game is over."""
    end: Mapping[str, Mapping[str, int]] | None
    items: Mapping[str, Mapping[str, int]]
    """The end counts (coal, cards) entered so far; the end section's once it is present."""
    die_roll: Mapping[str, int]

    @property
    def scores(self) -> dict[str, int]:
        return {p: sum(r.sold[p] for r in self.rounds) for p in self.players}

    @property
    def is_over(self) -> bool:
        """After round 6, or at the end of the round in which someone reached 21 [seed]."""
        return len(self.rounds) == ROUNDS or max(self.scores.values()) >= TARGET


def read(record: Mapping[str, Any]) -> Record:
    """Check a record against the format and the rules; the first problem raises RecordError."""
    names = players(record, SEATS)
    variant = record.get("variant", False)
    if not isinstance(variant, bool):
        raise RecordError("variant", "not_bool")
    dummy = None if record.get("dummy") is None else player(record["dummy"], "dummy", names)
    first = player(record.get("start_player", names[0]), "start_player", names)
    setup_ticks(record)
    rounds: list[Sheet] = []
    for i, entry in enumerate(sequence(record.get("rounds", []), "rounds")):
        if i >= ROUNDS:
            raise RecordError("rounds", "too_many_rounds", count=len(record["rounds"]), limit=ROUNDS)
        if rounds and _reached(names, rounds):
            raise RecordError(f"rounds.{i}", "game_over", rounds=ROUNDS, target=TARGET)
        rounds.append(_sheet(entry, f"rounds.{i}", names, variant, dummy, first, rounds, closed=True))
    over = len(rounds) == ROUNDS or (bool(rounds) and _reached(names, rounds))
    if record.get("current") is not None and over:
        raise RecordError("current", "game_over", rounds=ROUNDS, target=TARGET)
    current = None if over else _sheet(record.get("current") or {}, "current", names, variant, dummy, first, rounds,
                                        closed=False)
    end = None if record.get("end") is None else per_player(record["end"], "end", names, _end_counts)
    if end is not None and not over:
        raise RecordError("end", "game_not_over", rounds=ROUNDS, target=TARGET)
    items = end if end is not None else {player(p, "end_items", names): _end_counts(v, f"end_items.{p}")
                                         for p, v in mapping(record.get("end_items", {}), "end_items").items()}
    within_the_box({p: c["coal"] for p, c in items.items()}, ("end" if end is not None else "end_items") + ".{player}.coal")
    rolls = {player(p, f"die_roll.{p}", names): _die(v, f"die_roll.{p}")
             for p, v in mapping(record.get("die_roll", {}), "die_roll").items()}
    return Record(names, variant, dummy, first, tuple(rounds), current, end, items, rolls)


def score(data: Mapping[str, Any]) -> Result:
    """Standings of a (possibly partial) record: 1 point per coal sold at the expedition (the pawn's
    space; UNVERIFIED but implied [seed]); once the game is over, equal points are broken by coal in
    stock, then profession cards in hand, then a die roll [seed]; still tied, a shared place. The dummy
    seat is ranked like the others and named in the result: whether it scores or can win is UNVERIFIED
    [seed], so the app shows its points and never calls it the winner."""
    record = read(data)
    lines = {p: [Line(f"round_{r.number}", "mine.line.sold", r.sold[p], {"round": r.number, "coal": r.sold[p]})
                 for r in record.rounds] for p in record.players}
    chain = None if record.end is None else {
        p: (record.end[p]["coal"], record.end[p]["cards"], record.die_roll.get(p, 0)) for p in record.players}
    progress = tuple({p: sum(r.sold[p] for r in record.rounds[: k + 1]) for p in record.players}
                     for k in range(len(record.rounds)))
    return Result("mine", record.end is not None,
                  standings(record.players, lines, CATEGORIES, chain, TIEBREAK_RULES), progress, dummy=record.dummy)


@dataclass(frozen=True)
class Entry:
    """What the table entered for one round, every field read (what was not entered is nothing)."""

    number: int
    die_holder: str
    cap: int
    start: Mapping[str, int]
    supply: int | None
    events: Mapping[str, int]
    attacks: tuple[Attack, ...]
    defense: Mapping[str, int]
    sold: Mapping[str, int]
    mined: Mapping[str, int]
    recruited: Mapping[str, int]


def resolve_round(entry: Entry, variant: bool, dummy: str | None, tracked: bool = True) -> Sheet:
    """A round resolved in the printed order [seed]: the events (`after_events`), looting and the
    watchtower together (`resolve_looting`), the expedition's sale, then the mine taking from the central
    supply in turn from the die holder (`take_from_supply`: each player's helmets, capped by the die card
    in the variant except for the dummy [site]). Sold coal and coal lost to events go back to the supply
    (UNVERIFIED, see COAL_CUBES). A round whose coal the app did not track (`tracked` False: entered
    without its sheet) applies only what was entered, its looting none."""
    names = list(entry.start)
    event_coal = {p: after_events(entry.start, entry.events)[p] - entry.start[p] if tracked else entry.events[p]
                  for p in names}
    stocks = {p: entry.start[p] + event_coal[p] for p in names}
    looting = resolve_looting(stocks, entry.defense, entry.attacks) if tracked else Looting((), dict.fromkeys(names, 0))
    allowed = {p: entry.mined[p] if (not variant or p == dummy) else min(entry.mined[p], entry.cap) for p in names}
    kept = {p: max(0, stocks[p] + looting.changes[p] - entry.sold[p]) for p in names}
    at_mine = None if entry.supply is None else entry.supply + sum(entry.start.values()) - sum(kept.values())
    got = take_from_supply(allowed, _mine_supply(at_mine, COAL_CUBES - sum(kept.values())),
                           turn_order(names, entry.die_holder))
    return Sheet(entry.number, entry.die_holder, entry.cap, entry.start, entry.supply, at_mine, entry.events, event_coal,
                 entry.attacks, entry.defense, entry.sold, entry.mined, entry.recruited, looting, got,
                 {p: kept[p] + got[p] for p in names})


def after_events(start: Mapping[str, int], events: Mapping[str, int]) -> dict[str, int]:
    """Each player's coal after the events: an event takes at most the coal a player has (cubes they do
    not hold cannot be given up); the sheet keeps what was entered (`Sheet.events`)."""
    return {p: max(0, start[p] + events.get(p, 0)) for p in start}


def take_from_supply(wanted: Mapping[str, int], supply: int, order: Sequence[str]) -> dict[str, int]:
    """The mine: each player takes the coal shown on their helmets from the central supply, in turn from
    the die holder (`order`), until it is empty [seed]."""
    got = {}
    for who in order:
        got[who] = min(wanted[who], supply)
        supply -= got[who]
    return got


def die_holder(players: Sequence[str], start_player: str, round_number: int) -> str:
    """The die starts with the start player and passes to the left (clockwise, the seating order) after
    every round [seed]."""
    return players[(players.index(start_player) + round_number - 1) % len(players)]


def turn_order(players: Sequence[str], first: str) -> tuple[str, ...]:
    """The players clockwise from `first`."""
    i = players.index(first)
    return tuple(players[i:]) + tuple(players[:i])


def dummy_placement(round_number: int, coal: Mapping[str, int], dummy: str, draw: Draw) -> Placement:
    """Where the dummy's 4 cards go [seed]. Rounds 1–5: one on the watchtower if it has coal; if several
    players have coal (read as: two or more seats, the dummy included, at least one of them an opponent),
    one looting card against an opponent with coal drawn at random; one on recruitment; the rest on the
    mine. Round 6: two on the watchtower if it has coal; the rest on the looters' hideout, dealt over the
    opponents with coal in a random order (with none, on the mine: UNVERIFIED). An event card drawn for
    it counts as a profession card [site]."""
    rich = [p for p in coal if p != dummy and coal[p] > 0]
    has_coal = coal[dummy] > 0
    if round_number < ROUNDS:
        watchtower = DUMMY_WATCHTOWER if has_coal else 0
        several = bool(rich) and len(rich) + has_coal >= 2
        targets = (draw.choice(rich),) if several else ()
        return Placement(watchtower, targets, DUMMY_RECRUITMENT,
                         CARDS_PER_ROUND - watchtower - len(targets) - DUMMY_RECRUITMENT)
    watchtower = DUMMY_LAST_ROUND_WATCHTOWER if has_coal else 0
    rest = CARDS_PER_ROUND - watchtower
    if not rich:
        return Placement(watchtower, (), 0, rest)
    order = draw.sample(rich, len(rich))
    return Placement(watchtower, tuple(order[i % len(order)] for i in range(rest)), 0, 0)


def status(data: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """The stage for the header: the round being resolved, or the end."""
    record = read(data)
    if record.is_over:
        return "mine.status.end", {}
    return "mine.status.round", {"round": len(record.rounds) + 1, "rounds": ROUNDS}


def still_tied(data: Mapping[str, Any]) -> tuple[tuple[str, ...], ...]:
    """Groups of players who share a place after the whole chain, the die roll included."""
    result = score(data)
    places = [tuple(s.player for s in result.standings if s.rank == r) for r in sorted({s.rank for s in result.standings})]
    return tuple(p for p in places if len(p) > 1)


def _reached(names: Sequence[str], rounds: Sequence[Sheet]) -> bool:
    return any(sum(r.sold[p] for r in rounds) >= TARGET for p in names)


def _sheet(value: Any, where: str, names: tuple[str, ...], variant: bool, dummy: str | None, first: str,
           before: Sequence[Sheet], closed: bool) -> Sheet:
    """One round's sheet read from the record and resolved (`resolve_round`), every field filled: what
    was not entered counts as nothing; the coal at the start is the previous round's end (the starting
    coal in round 1, or for a round entered without its sheet, whose coal the app did not track)."""
    entry = mapping(value, where)
    number = len(before) + 1
    cap = _cap(entry, where, number, variant, closed)
    tracked = "start" in entry or not closed
    start = _counts(entry, "start", where, names, limit=COAL_CUBES) if "start" in entry else _carried(names, variant, before)
    within_the_box(start, f"{where}.start.{{player}}")
    supply = None if variant else _supply(entry, where, start)
    events = {p: _signed(v, f"{where}.events.{p}") for p, v in _partial(entry, "events", where, names).items()}
    events = {p: events.get(p, 0) for p in names}
    if tracked:
        within_the_box(after_events(start, events), f"{where}.events.{{player}}")
    sold = _counts(entry, "sold", where, names, required=closed)
    for p in names:
        if sold[p] > cap:
            raise RecordError(f"{where}.sold.{p}", "over_cap", cap=cap, value=sold[p])
    sheet = resolve_round(Entry(
        number, die_holder(names, first, number), cap, start, supply, events,
        read_attacks(entry.get("attacks", []), f"{where}.attacks", names),
        _counts(entry, "defense", where, names, required=False), sold,
        _counts(entry, "mined", where, names, required=False), _counts(entry, "recruited", where, names, required=False),
    ), variant, dummy, tracked)
    for p in names:
        if tracked and sold[p] > sheet.at_sale[p]:
            raise RecordError(f"{where}.sold.{p}", "over_stock", stock=sheet.at_sale[p], value=sold[p])
    return sheet


def _mine_supply(at_mine: int | None, free: int) -> int:
    """What the mine can give: the supply, never below zero nor more than the `free` cubes no player holds
    (in the variant, with no supply, those cubes)."""
    return free if at_mine is None else max(0, min(at_mine, free))


def _cap(entry: Mapping[str, Any], where: str, number: int, variant: bool, closed: bool) -> int:
    """The most coal anyone may sell this round: the die (the round number), or in the variant the die
    card drawn at the start of the round (values UNVERIFIED: as entered, at most the box's 20 cubes)."""
    if not variant:
        return number
    if "cap" not in entry:
        if closed:
            raise RecordError(f"{where}.cap", "missing")
        return COAL_CUBES
    return count(entry["cap"], f"{where}.cap", COAL_CUBES)


def _carried(names: Sequence[str], variant: bool, before: Sequence[Sheet]) -> dict[str, int]:
    if before:
        return dict(before[-1].coal)
    return {p: VARIANT_START_COAL if variant else START_COAL for p in names}


def within_the_box(stocks: Mapping[str, int], field: str) -> None:
    """All the players' coal together is at most the box's 20 cubes [seed]; the player whose entry goes
    past them is named (`field` with `{player}` in it is the path of a player's count)."""
    total = 0
    for p, coal in stocks.items():
        total += coal
        if total > COAL_CUBES:
            raise RecordError(field.format(player=p), "more_coal_than_box", count=total, limit=COAL_CUBES)


def _supply(entry: Mapping[str, Any], where: str, start: Mapping[str, int]) -> int:
    """The central supply at the start of a round: as the table corrected it, else the cubes no player
    holds. It and the players' coal together are at most the box's 20 cubes [seed]."""
    held = sum(start.values())
    supply = count(entry.get("supply", COAL_CUBES - held), f"{where}.supply", COAL_CUBES)
    if supply + held > COAL_CUBES:
        raise RecordError(f"{where}.supply", "supply_over_box", count=supply + held, limit=COAL_CUBES)
    return supply


def _counts(entry: Mapping[str, Any], field: str, where: str, names: Sequence[str], required: bool = True,
            limit: int = MAX_COUNT) -> dict[str, int]:
    """A per-player count field of a sheet; with `required` False, a player left out counts 0."""
    if field not in entry:
        if required:
            raise RecordError(f"{where}.{field}", "missing")
        return {p: 0 for p in names}
    if required:
        return per_player(entry[field], f"{where}.{field}", names, lambda v, at: count(v, at, limit))
    given = _partial(entry, field, where, names)
    return {p: count(given.get(p, 0), f"{where}.{field}.{p}", limit) for p in names}


def _partial(entry: Mapping[str, Any], field: str, where: str, names: Sequence[str]) -> Mapping[str, Any]:
    given = mapping(entry.get(field, {}), f"{where}.{field}")
    for p in given:
        player(p, f"{where}.{field}.{p}", names)
    return given


def _signed(value: Any, where: str) -> int:
    """A coal change from an event: a whole number, negative for coal lost."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(where, "not_whole", value=value)
    return -count(-value, where, COAL_CUBES) if value < 0 else count(value, where, COAL_CUBES)


def _end_counts(value: Any, where: str) -> dict[str, int]:
    entry = mapping(value, where)
    return {k: count(entry.get(k), f"{where}.{k}", limit) for k, limit in END_LIMITS.items()}


def _die(value: Any, where: str) -> int:
    face = count(value, where, DIE_FACES)
    if face < 1:
        raise RecordError(where, "not_die", value=value)
    return face


def sheet_fields(sheet: Sheet, variant: bool) -> dict[str, Any]:
    """A resolved sheet as a record's round: `sold` (and `cap`) of the contract, and what the app tracked."""
    entry: dict[str, Any] = {"sold": dict(sheet.sold), "start": dict(sheet.start), "events": dict(sheet.events),
                             "attacks": [{"attacker": a.attacker, "target": a.target, "points": a.points}
                                         for a in sheet.attacks],
                             "defense": dict(sheet.defense), "mined": dict(sheet.mined),
                             "recruited": dict(sheet.recruited)}
    if sheet.supply is not None:
        entry["supply"] = sheet.supply
    if variant:
        entry["cap"] = sheet.cap
    return entry
