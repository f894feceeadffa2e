"""Schichtwechsel: how the table's phones change a record. Each change takes the stored record and what
the phone showed, and returns a new record, read again by the rules (rules.py), or raises RecordError: a
stale phone is refused instead of overwriting."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.errors import RecordError
from scoring.fields import count, enter, mapping
from scoring.schichtwechsel.rules import RACES, ROUNDS, Track, read


def new_record(names: Sequence[str], colours: Mapping[str, str], start_player: str) -> dict[str, Any]:
    """The record of a game about to start: the marker with `start_player`, who is also kept as the game's
    first start player (`first_start_player`, which no pass of the marker changes)."""
    record = {"game": "schichtwechsel", "players": list(names), "colours": dict(colours),
              "start_player": start_player, "first_start_player": start_player, "rounds": []}
    read(record)
    return record


def add_round(data: Mapping[str, Any], number: int, card: str, points: Mapping[str, int]) -> dict[str, Any]:
    """Enter round `number`'s card and the VP each player got from it; a round another phone has
    entered meanwhile is refused, and so is a sixth round."""
    new = _editable(data)
    if count(number, "round", ROUNDS + 1) != len(new["rounds"]) + 1:
        raise RecordError(f"rounds.{number - 1}", "round_entered" if number <= len(new["rounds"]) else "round_not_reached",
                          round=number)
    new["rounds"].append(_round_entry(card, points))
    return _settled(new)


def edit_round(data: Mapping[str, Any], number: int, card: str, points: Mapping[str, int],
               seen: Mapping[str, Any]) -> dict[str, Any]:
    """Correct an entered round; `seen` is the round as the phone showed it."""
    new = _editable(data)
    if not 1 <= count(number, "round", ROUNDS) <= len(new["rounds"]) or new["rounds"][number - 1] != seen:
        raise RecordError(f"rounds.{number - 1}", "changed_elsewhere")
    new["rounds"][number - 1] = _round_entry(card, points)
    return _settled(new)


def _round_entry(card: Any, points: Any) -> dict[str, Any]:
    """A round as typed: the card's name trimmed (an empty one is refused by the reader)."""
    return {"card": card.strip() if isinstance(card, str) else card, "points": dict(mapping(points, "points"))}


def arrive(data: Mapping[str, Any], end_field: str, who: str, place: int) -> dict[str, Any]:
    """`who` reached the end of the day shift or of a track, after the `place` players the phone showed
    there; a list another phone changed meanwhile is refused."""
    new = _editable(data)
    arrivals = new["finish"].get(end_field) if isinstance(end_field, str) else None
    if arrivals is None:
        raise RecordError(f"finish.{end_field}", "unknown_track", value=end_field)
    if len(arrivals) != count(place, f"finish.{end_field}"):
        raise RecordError(f"finish.{end_field}", "changed_elsewhere")
    arrivals.append(who)
    return _settled(new)


def withdraw(data: Mapping[str, Any], end_field: str, who: str) -> dict[str, Any]:
    """Take a player off an end field's arrivals (to correct the order); later ones move up."""
    new = _editable(data)
    arrivals = new["finish"].get(end_field, []) if isinstance(end_field, str) else []
    if not isinstance(who, str) or who not in arrivals:
        raise RecordError(f"finish.{end_field}", "not_arrived", player=who)
    arrivals.remove(who)
    return _settled(new)


def pass_marker(data: Mapping[str, Any], who: str, seen: str | None) -> dict[str, Any]:
    """The start-player marker goes to `who` (the start-player action); `seen` is the holder the phone
    showed (None for an imported record that names nobody). The first start player stays as it was; a
    record that names none is given `who` only while no round is entered (the table saying who starts), so
    a later pass is never taken for the start."""
    new = _editable(data)
    if new.get("start_player") != seen:
        raise RecordError("start_player", "changed_elsewhere")
    new["start_player"] = who
    if seen is None and not new["rounds"]:
        new.setdefault("first_start_player", who)
    return _settled(new)


def set_items(data: Mapping[str, Any], who: str, items: Mapping[str, int], seen: Mapping[str, int] | None) -> dict[str, Any]:
    """Enter one player's end items after round 5 (see `records.enter` for `seen`). Once every player
    has, the end section is built and the game is over."""
    if len(data.get("rounds", [])) < ROUNDS:
        raise RecordError("end_items", "items_too_early", rounds=ROUNDS)
    new = _editable(data)
    enter(new["end_items"], "end_items", who, items, seen, new["players"])
    return _settled(new)


def _editable(data: Mapping[str, Any]) -> dict[str, Any]:
    """A copy to change, its app fields filled in (from the end section where there is one)."""
    record = read(data)
    new = copy.deepcopy(dict(data))
    new.pop("end", None)
    new.setdefault("rounds", [])
    new["start_player"] = record.start_player
    new["finish"] = {r: list(record.finish[r]) for r in RACES}
    new["end_items"] = {p: dict(v) for p, v in record.items.items()}
    return new


def _settled(new: dict[str, Any]) -> dict[str, Any]:
    """Check the changed record and build its end section once every player has entered their items."""
    record = read(new)
    if len(record.items) == len(record.players) and record.start_player is not None:
        new["end"] = {
            "miner_finish": list(record.finish["miner"]),
            "track_finish": {t.value: list(record.finish[t.value]) for t in Track},
            "start_player": record.start_player,
            "players": {p: dict(record.items[p]) for p in record.players},
        }
    return new
