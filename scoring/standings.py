"""Standings: the breakdown every game's scorer returns (points per category with the lines that explain
them), the total derived from it, and ranking by total and a game's chain of tie-breakers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Line:
    """One explained entry of a breakdown: `key` names a catalog text, `params` fill it. A param whose
    name ends in `_key` is itself a catalog key, one ending in `_keys` a sequence of them."""

    category: str
    key: str
    points: int
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Standing:
    """One player's result: points per category, the lines that explain them, and the final rank."""

    player: str
    breakdown: Mapping[str, int]
    lines: tuple[Line, ...]
    rank: int
    tiebreak: Any = None
    """The value of the tie-breaker that separated this player from an equal total, if one did."""
    decided_by: str | None = None
    """Catalog key of that tie-breaker."""

    @property
    def total(self) -> int:
        return sum(self.breakdown.values())


@dataclass(frozen=True)
class Result:
    """What a scorer returns: standings best first, whether the game is over, and the
    running totals after each stage (shift or round) for the chart."""

    game: str
    final: bool
    standings: tuple[Standing, ...]
    progress: tuple[Mapping[str, int], ...] = ()
    pending: tuple[str, ...] = ()
    """Players whose end values are still to be entered while others' already count: their end
    categories count nothing yet."""
    dummy: str | None = None
    """The seat played by the rules rather than by a person at the table (MINE!'s dummy), if any: the
    standings name it as such, and whether it can win is its game's rule."""

    @property
    def winners(self) -> list[str]:
        """Who won (`winners`: never the dummy seat)."""
        return winners({s.player: s.rank for s in self.standings}, self.dummy)

    def to_dict(self) -> dict[str, Any]:
        """The `python -m scoring score` output of records.md."""
        return {
            "game": self.game,
            "final": self.final,
            "standings": [
                {"player": s.player, "total": s.total, "rank": s.rank, "breakdown": dict(s.breakdown)}
                for s in self.standings
            ],
        }


def standings(
    players: Sequence[str], lines: Mapping[str, Sequence[Line]], categories: Sequence[str],
    tiebreak: Mapping[str, Sequence[Any]] | None = None, rule_keys: Sequence[str] = (),
) -> tuple[Standing, ...]:
    """Each player's points per category summed from their lines, ranked by total and then by the
    game's chain of tie-breakers (`tiebreak`, one value per rule of `rule_keys`, each highest first);
    best first, seating order among equals. A line of a category the game does not name is a bug in its
    scorer, not points to leave out of the total: it raises `ValueError`."""
    if unknown := {ln.category for p in players for ln in lines[p]} - set(categories):
        raise ValueError(f"lines of categories {sorted(unknown)} not among {list(categories)}")
    breakdowns = {p: {c: sum(ln.points for ln in lines[p] if ln.category == c) for c in categories} for p in players}
    keys = {p: (sum(breakdowns[p].values()), *(() if tiebreak is None else tiebreak[p])) for p in players}
    ranks, decided = rank(keys), deciding_rule(keys)
    return tuple(sorted(
        (Standing(p, breakdowns[p], tuple(lines[p]), ranks[p], *_decided(keys[p], decided[p], rule_keys)) for p in players),
        key=lambda s: (s.rank, players.index(s.player)),
    ))


def _decided(key: tuple[Any, ...], position: int | None, rule_keys: Sequence[str]) -> tuple[Any, str | None]:
    """The deciding tie-breaker's value and catalog key, or nothing."""
    return (None, None) if position is None else (key[position], rule_keys[position - 1])


def rank(keys: Mapping[str, tuple[Any, ...]]) -> dict[str, int]:
    """Competition ranking (1, 1, 3) by each player's key, compared as a tuple, highest first."""
    ordered = sorted(keys.values(), reverse=True)
    return {player: 1 + ordered.index(key) for player, key in keys.items()}


def deciding_rule(keys: Mapping[str, tuple[Any, ...]]) -> dict[str, int | None]:
    """For each player, the position in their key of the last tie-breaker needed to separate them
    from every player with the same total (1 is the first tie-breaker), or None."""
    decided: dict[str, int | None] = {}
    for player, key in keys.items():
        rivals = [k for p, k in keys.items() if p != player and k[0] == key[0]]
        steps = [next(i for i in range(len(key)) if k[i] != key[i]) for k in rivals if k != key]
        decided[player] = max(steps) if steps else None
    return decided


def winners(ranks: Mapping[str, int], dummy: str | None = None) -> list[str]:
    """Who won, from each player's rank: the players ranked best among those at the table. MINE!'s dummy
    seat never wins, whatever its rank: no source says it can (mine.md: UNVERIFIED); the end page names it
    first with that caveat, and the best of the others as the winners."""
    people = {player: place for player, place in ranks.items() if player != dummy}
    best = min(people.values(), default=None)
    return [player for player, place in people.items() if place == best]
