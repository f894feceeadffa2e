"""Coal Baron: how the table's phones change a record. Each change takes the stored record and what the
phone saw (the shift number, the card or counts it showed), and returns a new record, read again by the
rules (rules.py), or raises RecordError: a stale phone is refused instead of overwriting."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.coal_baron.rules import (
    SHIFT_NAMES, SHIFTS, WORKERS, Order, card, entered_carts, next_start_player, read,
)
from scoring.errors import RecordError
from scoring.fields import count, enter, per_player, player


def new_record(names: Sequence[str], colours: Mapping[str, str], start_player: str) -> dict[str, Any]:
    """The record of a game about to start."""
    record = {"game": "coal_baron", "players": list(names), "colours": dict(colours),
              "start_players": [start_player], "shifts": [], "current_shift": {p: [] for p in names}}
    read(record)
    return record


def deliver(data: Mapping[str, Any], shift: int, who: str, order: Order) -> dict[str, Any]:
    """Log one delivered order in the shift being played; a card delivered before (on this phone or
    another) is refused, since each card exists once."""
    new = _open_shift(data, shift)
    new["current_shift"][player(who, "player", new["players"])].append(card(order).to_dict())
    read(new)
    return new


def add_forgotten(data: Mapping[str, Any], shift: int, who: str, order: Order) -> dict[str, Any]:
    """Correct a scored shift: add an order that was delivered in it but not logged. Its majorities
    are scored again from the corrected orders (they are derived, never stored)."""
    new = _editable(data)
    _orders_of(new, shift, who).append(card(order).to_dict())
    read(new)
    return new


def remove_order(data: Mapping[str, Any], shift: int, who: str, index: int, order: Order | None = None) -> dict[str, Any]:
    """Take back one logged order (to correct it); orders of scored shifts can be corrected too. With
    `order` (the card the phone showed at `index`), that card is taken back wherever it now is in the
    player's list (each card exists once [BGA]), so quick taps and another phone's changes never take
    back another card; a card no longer there is refused."""
    new = _editable(data)
    orders = _orders_of(new, shift, who)
    if order is not None:
        shown = card(order).to_dict()
        index = next((i for i, o in enumerate(orders) if Order.from_dict(o, "order").to_dict() == shown), len(orders))
    if count(index, "order") >= len(orders):
        raise RecordError("order", "already_removed")
    del orders[index]
    read(new)
    return new


def close_shift(
    data: Mapping[str, Any], shift: int, factory: Mapping[str, int] | None = None,
    empty_carts: Mapping[str, Mapping[str, int]] | None = None, next_start: str | None = None,
) -> dict[str, Any]:
    """Score the shift being played: its orders join `shifts`. Shifts I and II: the workers in the factory
    decide the next start player (`next_start` counts only where the rule leaves it open). Shift III: the
    empty minecarts per level are needed, given here or entered by each player beforehand (`set_carts`)."""
    new = _open_shift(data, shift)
    if shift == SHIFTS:
        new["empty_carts"] = entered_carts(new) if empty_carts is None else empty_carts
        new.pop("carts_draft", None)
    new["shifts"].append(new["current_shift"])
    new["current_shift"] = {p: [] for p in new["players"]}
    if shift < SHIFTS:
        where, workers = f"factory_workers.{shift - 1}", WORKERS[len(new["players"])]
        if factory is None:
            raise RecordError(where, "missing")
        factory = per_player(factory, where, new["players"], lambda v, at: count(v, at, workers))
        new["factory_workers"] = _slots(new.get("factory_workers", []), shift - 1) + [factory]
        checked = read(new)
        chosen, reason = next_start_player(new["players"], checked.start_player(shift), factory)
        new["start_players"] = _slots(new.get("start_players", []), shift) + [
            chosen if reason is None or next_start is None else next_start]
    read(new)
    return new


def set_carts(data: Mapping[str, Any], who: str, levels: Mapping[str, int], seen: Mapping[str, int] | None) -> dict[str, Any]:
    """Enter one player's empty minecarts per level while shift III is played. They wait in `carts_draft`
    (with those of a record that carried `empty_carts` already: `entered_carts`) and become `empty_carts`
    when shift III is scored; after that, this corrects `empty_carts` (and so
    shift III's minecart majorities). `seen` guards against a stale phone as in `set_end`."""
    scored = len(data.get("shifts", []))
    if scored < SHIFTS - 1:
        raise RecordError("empty_carts", "carts_too_early")
    new = _editable(data)
    if scored < SHIFTS:
        new["carts_draft"] = entered_carts(new)
        new.pop("empty_carts", None)
    carts = new["empty_carts"] if scored == SHIFTS else new["carts_draft"]
    enter(carts, "empty_carts", who, levels, seen, new["players"])
    read(new)
    return new


def set_end(data: Mapping[str, Any], who: str, items: Mapping[str, int], seen: Mapping[str, int] | None) -> dict[str, Any]:
    """Enter one player's end items. Entries wait in `end_draft` until every player has entered theirs,
    then become `end` and the game is over. `seen` is what the phone showed before: if another phone has
    changed this player's items since, the entry is refused rather than overwriting theirs."""
    if len(data.get("shifts", [])) < SHIFTS:
        raise RecordError("end", "end_too_early")
    new = _editable(data)
    end, draft = new.pop("end", None), new.pop("end_draft", {})
    entries = end or draft
    enter(entries, "end", who, items, seen, new["players"])
    new["end" if len(entries) == len(new["players"]) else "end_draft"] = entries
    read(new)
    return new


def set_start_player(data: Mapping[str, Any], shift: int, who: str) -> dict[str, Any]:
    """Name the start player of a shift where the record does not say (an imported record); if another
    phone has named one meanwhile, theirs stays."""
    new = _editable(data)
    shift = _begun(new, shift)
    starts = _slots(new.get("start_players", []), max(shift, len(new.get("start_players", []))))
    if starts[shift - 1] is not None:
        raise RecordError(f"start_players.{shift - 1}", "changed_elsewhere")
    starts[shift - 1] = player(who, "start_player", new["players"])
    new["start_players"] = starts
    read(new)
    return new


def hide_race(data: Mapping[str, Any], hidden: bool) -> dict[str, Any]:
    """Hide the race of the shift being played until the shift is scored, for a table that wants the
    surprise, or show it again (a table choice for the whole game, not a rule)."""
    new = _editable(data)
    new["race_hidden"] = hidden
    read(new)
    return new


def _slots(values: list[Any], length: int) -> list[Any]:
    """`values` cut or padded with None to `length`: one slot per shift."""
    return (values + [None] * length)[:length]


def _begun(record: Mapping[str, Any], shift: Any) -> int:
    """A shift begun so far (scored or being played)."""
    if count(shift, "shift", SHIFTS) < 1 or shift > len(record["shifts"]) + 1:
        raise RecordError("shift", "shift_not_begun", shift=shift)
    return int(shift)


def _orders_of(record: dict[str, Any], shift: int, who: str) -> list[dict[str, Any]]:
    """The logged orders of one player in a shift begun so far (scored or being played)."""
    shift = _begun(record, shift)
    stage = record["current_shift"] if shift == len(record["shifts"]) + 1 else record["shifts"][shift - 1]
    orders: list[dict[str, Any]] = stage[player(who, "player", record["players"])]
    return orders


def _editable(data: Mapping[str, Any]) -> dict[str, Any]:
    """A copy to change, with the fields a record may leave out (records.md) filled in."""
    new = copy.deepcopy(dict(data))
    new.setdefault("shifts", [])
    new.setdefault("current_shift", {p: [] for p in new["players"]})
    return new


def _open_shift(data: Mapping[str, Any], shift: int) -> dict[str, Any]:
    """A copy to change in the shift being played, if that is `shift`: a phone that still shows a
    shift another phone has closed is refused."""
    new = _editable(data)
    if len(new["shifts"]) >= SHIFTS:
        raise RecordError("shift", "all_scored")
    if _begun(new, shift) != len(new["shifts"]) + 1:
        raise RecordError("shift", "shift_closed", shift=SHIFT_NAMES[shift - 1])
    return new
