"""MINE!: how the table's phones change a record. Each change takes the stored record and what the phone
showed, and returns a new record, read again by the rules (rules.py), or raises RecordError: a stale
phone is refused instead of overwriting."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from scoring.errors import RecordError
from scoring.fields import count, enter, mapping, sequence
from scoring.mine.rules import ENTRY_FIELDS, ROUNDS, TARGET, read, sheet_fields


def new_record(names: Sequence[str], colours: Mapping[str, str], start_player: str, variant: bool = False,
               dummy: str | None = None) -> dict[str, Any]:
    """The record of a game about to start; `start_player` is the last one who touched coal [seed]."""
    record = {"game": "mine", "players": list(names), "colours": dict(colours), "variant": variant,
              "start_player": start_player, "rounds": []}
    if dummy is not None:
        record["dummy"] = dummy
    read(record)
    return record


def enter_round(data: Mapping[str, Any], number: int, field: str, value: Any, seen: Any) -> dict[str, Any]:
    """Enter one field of round `number`'s sheet (the round being resolved, or a closed one to correct
    it); `seen` is the field's value as the phone showed it. If another phone changed the field since,
    the entry is refused, unless it stores what is stored already (two phones, or two quick taps, saving
    the same numbers)."""
    new = copy.deepcopy(dict(data))
    new.setdefault("rounds", [])
    round_sheet(new, number)
    if field not in ENTRY_FIELDS:
        raise RecordError(f"rounds.{number - 1}", "unknown_field", value=field)
    where = _round_path(new, number)
    if where == "current":
        sheet = new["current"] = new.get("current") or {}
    else:
        sheet = new["rounds"][number - 1]
    if sheet.get(field) != seen and sheet.get(field) != value:
        raise RecordError(f"{where}.{field}", "changed_elsewhere")
    sheet[field] = copy.deepcopy(value)
    read(new)
    return new


def add_attack(data: Mapping[str, Any], number: int, attack: Mapping[str, Any], seen: Sequence[Any]) -> dict[str, Any]:
    """Add one attack to round `number`'s looting, after those entered so far. `seen` is the attacks the
    phone showed: they must all still be there, in order (another phone may have added more meanwhile,
    and this phone's own quick taps follow one another), or the tap is refused rather than mis-edited.
    An attack equal to one added since is refused too: the same attack tapped on two phones at once, or
    twice before the page showed the first, is stored once. One attacker may lay several stacks on one
    target [seed: one stack per attack], so a second identical attack is added by tapping again once the
    page shows the first."""
    shown = round_sheet(data, number).get("attacks")
    stored, seen_list, new = list(shown or []), list(sequence(seen, "attacks")), dict(mapping(attack, "attacks"))
    if stored[: len(seen_list)] != seen_list:
        raise RecordError(f"{_round_path(data, number)}.attacks", "changed_elsewhere")
    if new in stored[len(seen_list):]:
        raise RecordError(f"{_round_path(data, number)}.attacks", "attack_entered")
    return enter_round(data, number, "attacks", stored + [new], shown)


def remove_attack(data: Mapping[str, Any], number: int, attack: Mapping[str, Any]) -> dict[str, Any]:
    """Take back an attack the phone showed from round `number`'s looting, wherever it now is in the list
    (another phone's changes and this phone's quick taps move it); an attack no longer there (taken back
    or changed on another phone) is refused."""
    shown = round_sheet(data, number).get("attacks")
    stored = list(shown or [])
    if attack not in stored:
        raise RecordError(f"{_round_path(data, number)}.attacks", "already_removed")
    stored.remove(attack)
    return enter_round(data, number, "attacks", stored, shown)


def close_round(data: Mapping[str, Any], number: int) -> dict[str, Any]:
    """The round is resolved: its sheet, every field filled in, becomes round `number`; a round another
    phone closed meanwhile is refused, and so is a round after the end or, in the variant, one whose die
    card was not entered."""
    record = read(data)
    if record.current is None:
        raise RecordError("rounds", "game_over", rounds=ROUNDS, target=TARGET)
    if count(number, "round", ROUNDS) != record.current.number:
        raise RecordError(f"rounds.{number - 1}", "round_entered", round=number)
    if record.variant and "cap" not in (data.get("current") or {}):
        raise RecordError("current.cap", "missing")
    new = copy.deepcopy(dict(data))
    new.setdefault("rounds", []).append(sheet_fields(record.current, record.variant))
    new.pop("current", None)
    read(new)
    return new


def set_items(data: Mapping[str, Any], who: str, items: Mapping[str, int], seen: Mapping[str, int] | None) -> dict[str, Any]:
    """Enter one player's coal in stock and profession cards in hand once the game is over (see
    `records.enter` for `seen`); once every player has, the end section is built."""
    record = read(data)
    if not record.is_over:
        raise RecordError("end_items", "game_not_over", rounds=ROUNDS, target=TARGET)
    new = copy.deepcopy(dict(data))
    new.pop("end", None)
    new["end_items"] = {p: dict(v) for p, v in record.items.items()}
    enter(new["end_items"], "end_items", who, items, seen, record.players)
    if len(new["end_items"]) == len(record.players):
        new["end"] = {p: new["end_items"][p] for p in record.players}
    read(new)
    return new


def roll_die(data: Mapping[str, Any], rolls: Mapping[str, int], seen: Mapping[str, int]) -> dict[str, Any]:
    """The last tie-breaker: the die rolled for players still tied (a new roll replaces theirs). `seen`
    is the rolls the phone showed: if another phone rolled meanwhile, its roll stands and this one is
    refused, so the roll that decided the game is never silently replaced."""
    new = copy.deepcopy(dict(data))
    if new.get("die_roll", {}) != mapping(seen, "die_roll"):
        raise RecordError("die_roll", "rolled_elsewhere")
    new["die_roll"] = dict(new.get("die_roll", {})) | dict(mapping(rolls, "die_roll"))
    read(new)
    return new


def _round_path(data: Mapping[str, Any], number: int) -> str:
    """Where round `number`'s sheet is in the record: `current` while it is resolved, else `rounds.<i>`."""
    return "current" if number == len(data.get("rounds", [])) + 1 else f"rounds.{number - 1}"


def round_sheet(data: Mapping[str, Any], number: int) -> Mapping[str, Any]:
    """Round `number`'s sheet as stored (empty while nothing of it is entered: `current`, else the closed
    round's); a round not reached is refused."""
    rounds = data.get("rounds", [])
    if not 1 <= count(number, "round", ROUNDS + 1) <= len(rounds) + 1:
        raise RecordError(f"rounds.{number - 1}", "round_not_reached", round=number)
    return (data.get("current") or {}) if number == len(rounds) + 1 else rounds[number - 1]
