"""MINE! (Arvelys, Aurélien Assié, 2026): its descriptor for the app (`GAME`) and the `loot` command, and
the game's public functions in one namespace: what the score is (rules.py), looting and the watchtower
(looting.py), and how the table's phones change a record (changes.py)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from scoring.fields import count, mapping, player
from scoring.game import Command, Game, StartOption, Translate
from scoring.mine.changes import (
    add_attack, close_round, enter_round, new_record, remove_attack, roll_die, round_sheet, set_items,
)
from scoring.mine.looting import Attack, LootReason, Looting, Take, read_attacks, resolve_looting
from scoring.mine.rules import (
    CARDS_PER_ROUND, CATEGORIES, COAL_CUBES, DIE_FACES, DUMMY_LAST_ROUND_WATCHTOWER, DUMMY_RECRUITMENT,
    DUMMY_WATCHTOWER, END_LIMITS, ENTRY_FIELDS, HAND_LIMIT, MINERS, PIT_BUILDERS, PROBLEMS, RECRUIT_DRAW,
    ROUND_NAMES, ROUNDS, SEATS, SHEET_FIELDS, START_COAL, TARGET, TIEBREAK_RULES, VARIANT_START_COAL, Draw, Entry,
    Placement, Record, Sheet, after_events, die_holder, dummy_placement, read, resolve_round, score, sheet_fields,
    status, still_tied, take_from_supply, turn_order, within_the_box,
)

__all__ = [
    "CARDS_PER_ROUND", "CATEGORIES", "COAL_CUBES", "DIE_FACES", "DUMMY_LAST_ROUND_WATCHTOWER", "DUMMY_RECRUITMENT",
    "DUMMY_WATCHTOWER", "END_LIMITS", "ENTRY_FIELDS", "GAME", "HAND_LIMIT", "MINERS", "PIT_BUILDERS", "PROBLEMS",
    "RECRUIT_DRAW", "ROUND_NAMES", "ROUNDS", "SEATS", "SHEET_FIELDS", "START_COAL", "TARGET", "TIEBREAK_RULES",
    "VARIANT_START_COAL", "Attack", "Draw", "Entry", "LootReason", "Looting", "Placement", "Record", "Sheet", "Take",
    "add_attack", "after_events", "close_round", "die_holder", "dummy_placement", "enter_round", "loot_command",
    "new_record", "read", "read_attacks", "remove_attack", "resolve_looting", "resolve_round", "roll_die", "round_sheet", "score",
    "set_items", "sheet_fields", "status", "still_tied", "take_from_supply", "turn_order", "within_the_box",
]


def loot_command(data: Any) -> dict[str, int]:
    """`python -m scoring loot`: the coal change per player of one looting phase (../rules/records.md); the
    stocks together hold at most the box's 20 cubes."""
    entry = mapping(data, "looting")
    stocks = {str(p): count(v, f"stocks.{p}", COAL_CUBES) for p, v in mapping(entry.get("stocks"), "stocks").items()}
    within_the_box(stocks, "stocks.{player}")
    names = tuple(stocks)
    defense = {player(p, f"defense.{p}", names): count(v, f"defense.{p}")
               for p, v in mapping(entry.get("defense", {}), "defense").items()}
    return dict(resolve_looting(stocks, defense, read_attacks(entry.get("attacks", []), "attacks", names)).changes)


def first_player(record: Mapping[str, Any]) -> str | None:
    """Who held the die in round 1 (`start_player`)."""
    first = record.get("start_player")
    return first if isinstance(first, str) else None


def catalog_keys() -> Mapping[str, Collection[str]]:
    """The texts the app builds from this game's tables."""
    return {"mine looting reasons": {f"mine.loot.{r}" for r in LootReason}, "change labels": {"change.end_items"}}


def _field(value: Any, t: Translate) -> str:
    return t(f"field.{value}")


GAME = Game(
    id="mine",
    names={"en": "MINE!", "de": "MINE!", "fr": "MINE!", "ja": "MINE!"},
    players=SEATS,
    categories=CATEGORIES,
    pages=("setup", "round", "end"),
    stage="mine.stage",
    stages=ROUND_NAMES,
    score=score,
    new_record=new_record,
    status=status,
    stage_pages={"mine.status.round": "round", "mine.status.end": "end"},
    first_player=first_player,
    tiebreaks=TIEBREAK_RULES,
    field_words=frozenset({
        "attacker", "attacks", "cap", "cards", "coal", "current", "defense", "die_roll", "dummy", "end_items", "events",
        "looting", "mined", "points", "recruited", "rounds", "sold", "start", "start_player", "stocks", "supply",
        "target", "variant",
    }),
    list_fields=frozenset({"rounds", "attacks"}),
    label_words={"field": _field},
    plurals={"mine.score": "count", "mine.round.event_took": "coal", "mine.round.die": "cap", "mine.line.sold": "coal",
             "mine.loot.took": "coal", "mine.loot.shared": "coal", "mine.loot.stock": "coal", "mine.setup.coal": "coal",
             "problem.over_cap": "value", "problem.over_stock": "value"},
    catalog_keys=catalog_keys,
    options=(StartOption.VARIANT, StartOption.DUMMY),
    draw_start=False,
    commands={"loot": Command("print the coal change per player of a MINE! looting phase", loot_command)},
)
