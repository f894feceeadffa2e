"""Coal Baron / Glück Auf (Kramer & Kiesling, 2013): its descriptor for the app (`GAME`), and the game's
public functions in one namespace: what the score is (rules.py) and how the table's phones change a
record (changes.py)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from scoring.coal_baron.changes import (
    add_forgotten, close_shift, deliver, hide_race, new_record, remove_order, set_carts, set_end, set_start_player,
)
from scoring.coal_baron.rules import (
    ALL, BALANCE_VP_PER_TILE, CARDS, CARTS_PER_LEVEL, CATEGORIES, COLOURS, CUBES_PER_VP, ELEMENTS, END_FIELDS,
    END_LIMITS, LARGE, MARKS_PER_VP, OPEN_ORDER_VP, ORDER_CARDS, PLAYERS, PROBLEMS, SHIFT_ELEMENTS, SHIFT_NAMES,
    SHIFTS, SMALL, SYMBOLS, TIEBREAK_RULES, TUNNEL_TILES, WORKERS, Element, ElementScore, Kind, OpenStart, Order,
    Record, Transport, card, cards, entered_carts, factory_leaders, next_start_player, race, race_totals, read, score,
    card_symbols, shift_scoring, status, symbols, to_lead,
)
from scoring.errors import RecordError
from scoring.fields import mapping
from scoring.game import Command, Game, Translate

__all__ = [
    "ALL", "BALANCE_VP_PER_TILE", "CARDS", "CARTS_PER_LEVEL", "CATEGORIES", "COLOURS", "CUBES_PER_VP", "ELEMENTS",
    "END_FIELDS", "END_LIMITS", "GAME", "LARGE", "MARKS_PER_VP", "OPEN_ORDER_VP", "ORDER_CARDS", "PLAYERS",
    "PROBLEMS", "SHIFT_ELEMENTS", "SHIFT_NAMES", "SHIFTS", "SMALL", "SYMBOLS", "TIEBREAK_RULES", "TUNNEL_TILES",
    "WORKERS", "Element", "ElementScore", "Kind", "OpenStart", "Order", "Record", "Transport", "add_forgotten",
    "card", "cards", "close_shift", "deliver", "entered_carts", "factory_leaders", "hide_race", "new_record",
    "next_start_player", "race", "race_command", "race_totals", "read", "remove_order", "score", "set_carts", "set_end", "set_start_player",
    "card_symbols", "shift_scoring", "status", "symbols", "to_lead",
]


def first_player(record: Mapping[str, Any]) -> str | None:
    """The start player of shift I, the game's first (`start_players`)."""
    firsts = record.get("start_players")
    return str(firsts[0]) if isinstance(firsts, list) and firsts and firsts[0] is not None else None


def race_command(data: Any) -> dict[str, Any]:
    """`python -m scoring race`: the shift being played as it would score if it ended now, each element
    with every player's count, points and what it takes them to lead, and each player's shift total
    (../rules/records.md). A record of another game, or with every shift scored, is refused."""
    record = mapping(data, "record")
    if record.get("game") != "coal_baron":
        raise RecordError("game", "race_coal_baron", value=record.get("game"))
    elements = race(read(record))
    return {
        "shift": elements[0].shift,
        "elements": [{"kind": e.element.kind.value, "name": e.element.name, "players": {
            p: {"count": pl.count, "points": pl.points, "to_lead": to_lead(e.placings, p)} for p, pl in e.placings.items()
        }} for e in elements],
        "totals": race_totals(elements),
    }


def catalog_keys() -> Mapping[str, Collection[str]]:
    """The texts the app builds from this game's tables."""
    return {
        "transports": {f"transport.{t}" for t in Transport},
        "elements": {f"element.{e.kind}.{e.name}" for e in ELEMENTS},
        "coal": {f"coal.{c}" for c in COLOURS},
        "coal baron end fields": {f"coal_baron.end.{f}" for f in END_FIELDS},
        "coal baron open start": {f"coal_baron.scoring.{o}" for o in OpenStart},
        "change labels": {"change.carts", "change.end", "change.start_player"},
    }


def _transport(value: Any, t: Translate) -> str:
    return t(f"transport.{value}")


def _coal(value: Any, t: Translate) -> str:
    return symbols(value)


def _shift(position: int, t: Translate) -> str:
    """A shift as the table names it (`Shift II`), the number from 1 past the last."""
    return t("coal_baron.shift.title", shift=SHIFT_NAMES[position]) if position < len(SHIFT_NAMES) else str(position + 1)


GAME = Game(
    id="coal_baron",
    names={"en": "Coal Baron", "de": "Glück Auf", "fr": "Coal Baron", "ja": "コールバロン"},
    players=PLAYERS,
    categories=CATEGORIES,
    pages=("setup", "shift", "scoring", "end"),
    stage="coal_baron.stage",
    stages=SHIFT_NAMES,
    score=score,
    new_record=new_record,
    status=status,
    stage_pages={"coal_baron.status.shift": "shift", "coal_baron.status.end": "end"},
    first_player=first_player,
    tiebreaks=TIEBREAK_RULES,
    field_words=frozenset({
        "black", "brown", "carts_draft", "coal", "cubes", "current_shift", "dark_tiles", "empty_carts", "end_draft",
        "factory_workers", "grey", "light_tiles", "money", "open_orders", "order", "race_hidden", "shift", "shifts",
        "start_players", "transport", "yellow",
    }),
    list_fields=frozenset({"shifts", "start_players", "factory_workers"}),
    positions=dict.fromkeys(("shifts", "start_players", "factory_workers"), _shift),
    label_words={"transport": _transport, "coal": _coal},
    plurals={"coal_baron.line.cubes": "cubes", "coal_baron.line.money": "marks", "coal_baron.line.open_orders": "orders",
             "coal_baron.shift.player_orders": "cards"},
    catalog_keys=catalog_keys,
    bgg_id=143515,  # Coal Baron / Glück Auf on BoardGameGeek
    commands={"race": Command("print the race of the Coal Baron shift being played", race_command)},
)
