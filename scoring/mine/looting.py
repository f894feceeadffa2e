"""MINE!: looting and the watchtower, resolved attack by attack [seed], and reading the attacks of a
round's sheet. Follows ../rules/mine.md (rules.py has the rest of the game)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from scoring.errors import RecordError
from scoring.fields import count, mapping, player, sequence


class LootReason(StrEnum):
    """Why an attack took what it took; each has a `mine.loot.<reason>` text."""

    HELD = "held"
    """The watchtower's defence is at least the attack."""
    TOOK = "took"
    """The looter took the whole difference."""
    STOCK = "stock"
    """The looter took what was left of the target's stock."""
    SHARED = "shared"
    """Tied looters shared what was left, rounded down."""
    EMPTY = "empty"
    """Nothing was left to take."""


@dataclass(frozen=True)
class Attack:
    """One stack on the looters' hideout: the looter, the player whose colour card lies on it, and the
    helmets on its profession cards."""

    attacker: str
    target: str
    points: int


@dataclass(frozen=True)
class Take:
    """How one attack was resolved: the coal the looter took, and why."""

    attack: Attack
    defense: int
    coal: int
    reason: LootReason


@dataclass(frozen=True)
class Looting:
    takes: tuple[Take, ...]
    changes: Mapping[str, int]
    """Coal won (+) or lost (−) per player."""


def resolve_looting(stocks: Mapping[str, int], defense: Mapping[str, int], attacks: Sequence[Attack]) -> Looting:
    """Looting and the watchtower, resolved together attack by attack [seed]: a defence (helmets on the
    target's watchtower) at least the attack's points holds; otherwise the looter takes the difference,
    at most what is left of the target's stock from before looting (coal just looted cannot be looted
    again). Several looters on one target help themselves strongest first; looters tied on points share
    what is left equally, rounded down, the rest staying with the target (3 coal, 2 tied: 1 each)."""
    takes: list[Take] = []
    for target in dict.fromkeys(a.target for a in attacks):
        left, shield = stocks[target], defense.get(target, 0)
        on_target = [a for a in attacks if a.target == target]
        for points in sorted({a.points for a in on_target}, reverse=True):
            tied = [a for a in on_target if a.points == points]
            claim = max(0, points - shield)
            share = min(claim, left // len(tied)) if claim * len(tied) > left else claim
            reason = (LootReason.HELD if claim == 0 else LootReason.EMPTY if left == 0 else LootReason.TOOK if share == claim
                      else LootReason.SHARED if len(tied) > 1 else LootReason.STOCK)
            takes += [Take(a, shield, share, reason) for a in tied]
            left -= share * len(tied)
    changes = {p: 0 for p in stocks}
    for take in takes:
        changes[take.attack.attacker] += take.coal
        changes[take.attack.target] -= take.coal
    return Looting(tuple(sorted(takes, key=lambda k: attacks.index(k.attack))), changes)


def read_attacks(value: Any, where: str, names: Sequence[str]) -> tuple[Attack, ...]:
    """The attacks of a sheet (or of the loot command): each by a player on another, with its points."""
    attacks = []
    for i, item in enumerate(sequence(value, where)):
        entry = mapping(item, f"{where}.{i}")
        attacker = player(entry.get("attacker"), f"{where}.{i}.attacker", names)
        target = player(entry.get("target"), f"{where}.{i}.target", names)
        if attacker == target:
            raise RecordError(f"{where}.{i}.target", "attack_self")
        attacks.append(Attack(attacker, target, count(entry.get("points"), f"{where}.{i}.points")))
    return tuple(attacks)
