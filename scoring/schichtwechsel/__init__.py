"""Schichtwechsel (Thomas Spitzer, Spielefaible 2021): its descriptor for the app (`GAME`), and the game's
public functions in one namespace: what the score is (rules.py) and how the table's phones change a
record (changes.py)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from scoring.game import Game, Translate
from scoring.schichtwechsel.changes import add_round, arrive, edit_round, new_record, pass_marker, set_items, withdraw
from scoring.schichtwechsel.rules import (
    CARD_CHARS, CATEGORIES, FIRST_TO_FINISH_VP, ITEM_LIMITS, LATER_FINISHER_VP, PLAYER_ITEMS, PLAYERS, PROBLEMS, RACES,
    ROUND_NAMES, ROUNDS, START_PLAYER_VP, TOOL_VP, End, Record, Round, Track, race, read, score, status,
)

__all__ = [
    "CARD_CHARS", "CATEGORIES", "FIRST_TO_FINISH_VP", "GAME", "ITEM_LIMITS", "LATER_FINISHER_VP", "PLAYER_ITEMS",
    "PLAYERS", "PROBLEMS", "RACES", "ROUND_NAMES", "ROUNDS", "START_PLAYER_VP", "TOOL_VP", "End", "Record", "Round",
    "Track", "add_round", "arrive", "edit_round", "new_record", "pass_marker", "race", "read", "score", "set_items",
    "status", "withdraw",
]

TIEBREAK_RULES: tuple[str, ...] = ()
"""No source gives a tie-breaker: equal totals share a place (rules.py)."""


def first_player(record: Mapping[str, Any]) -> str | None:
    """Who started the game (`first_start_player`), not who holds the marker now (`start_player`, which
    passes during the game): BG Stats' start player. A record without it (older, or imported) names
    nobody rather than guess."""
    first = record.get("first_start_player")
    return first if isinstance(first, str) else None


def catalog_keys() -> Mapping[str, Collection[str]]:
    """The texts the app builds from this game's tables and its setup guide's."""
    from setup.schichtwechsel import ACTION_RULES, SCORING_RULES  # setup reads no rules module: no cycle either way

    return {
        "schichtwechsel end fields": {f"schichtwechsel.end_field.{r}" for r in RACES},
        "schichtwechsel items": {f"schichtwechsel.item.{i}" for i in PLAYER_ITEMS},
        "schichtwechsel lines": {f"schichtwechsel.line.{k}" for k in (*RACES, *PLAYER_ITEMS)},
        "schichtwechsel rules": {f"schichtwechsel.rule.{k}" for k in (*ACTION_RULES, *SCORING_RULES)},
        "schichtwechsel round forms": {f"schichtwechsel.round.save_{m}" for m in ("new", "fix")},
        "change labels": {"change.arrive", "change.withdraw", "change.marker", "change.end_items", "change.start_player"},
    }


def _end_field(value: Any, t: Translate) -> str:
    return t(f"schichtwechsel.end_field.{value}")


GAME = Game(
    id="schichtwechsel",
    names={"en": "Schichtwechsel", "de": "Schichtwechsel", "fr": "Schichtwechsel", "ja": "Schichtwechsel"},
    players=PLAYERS,
    categories=CATEGORIES,
    pages=("setup", "round", "end"),
    stage="schichtwechsel.stage",
    stages=ROUND_NAMES,
    score=score,
    new_record=new_record,
    status=status,
    stage_pages={"schichtwechsel.status.round": "round", "schichtwechsel.status.end": "end"},
    first_player=first_player,
    tiebreaks=TIEBREAK_RULES,
    field_words=frozenset({
        "canal", "card", "coke", "end_items", "finish", "first_start_player", "houses", "miner", "miner_finish", "points", "rail", "road",
        "rounds", "start_player", "tools", "track_finish", "track_points", "vp_chips",
    }),
    list_fields=frozenset({"rounds", "miner_finish", *RACES}),
    label_words={"end_field": _end_field},
    plurals={"schichtwechsel.line.tools": "tools"},
    catalog_keys=catalog_keys,
)
