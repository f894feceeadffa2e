"""Coal Baron / Glück Auf (Kramer & Kiesling, 2013; eggertspiele/Pegasus, R&R Games): setup by player count.

Follows ../rules/coal_baron.md: the numbers come from the Board Game Arena implementation [BGA], which
reviews agree with; the order of the steps and the opening draft from the rules summary there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.coal_baron import WORKERS
from setup import Step


@dataclass(frozen=True)
class PlayerCount:
    """What changes with the number of players [BGA]."""

    workers: int
    money: int
    lock_tiles: str
    """Catalog key naming which spaces get a lock tile."""
    factory_spaces: int
    """Face-up tunnel-tile spaces in the minecart factory."""
    mining_spaces: tuple[int, ...]
    """Work steps of the open mining spaces."""
    money_spaces: tuple[int, ...]
    """Marks of the open money spaces."""
    order_spaces: int
    """Face-up order spaces."""


PLAYER_COUNTS = {
    2: PlayerCount(WORKERS[2], 10, "coal_baron.setup.locks_two", 6, (10, 6), (6, 4), 3),
    3: PlayerCount(WORKERS[3], 9, "coal_baron.setup.locks_three", 7, (10, 8, 6), (6, 5, 4), 4),
    4: PlayerCount(WORKERS[4], 8, "coal_baron.setup.locks_four", 8, (10, 8, 6, 4), (6, 5, 4, 3), 4),
}
DRAFT_HAND = 3
"""Orders each player drafts before the game; 3 × players + 1 cards are revealed for it."""
LEFTOVER_ORDERS = 1
"""The draft's card left over, laid on one of the face-up order spaces; the deck fills the others."""


def checklist(players: Sequence[str], start_player: str) -> tuple[Step, ...]:
    """The setup steps in order for this table, with the numbers for its player count."""
    count = PLAYER_COUNTS[len(players)]
    return (
        Step("board", "coal_baron.setup.board"),
        Step("locks", count.lock_tiles),
        Step("factory", "coal_baron.setup.factory", {"spaces": count.factory_spaces}),
        Step("mining", "coal_baron.setup.mining", {"steps": _listing(count.mining_spaces)}),
        Step("money_spaces", "coal_baron.setup.money_spaces", {"marks": _listing(count.money_spaces)}),
        Step("always_open", "coal_baron.setup.always_open"),
        Step("clock", "coal_baron.setup.clock"),
        Step("pits", "coal_baron.setup.pits"),
        Step("cubes", "coal_baron.setup.cubes"),
        Step("workers", "coal_baron.setup.workers", {"workers": count.workers, "money": count.money}),
        Step("draft", "coal_baron.setup.draft", {
            "cards": draft_cards(len(players)),
            "order": " → ".join(draft_order(players, start_player)[: len(players)]),
            "hand": DRAFT_HAND,
        }),
        Step("order_spaces", "coal_baron.setup.order_spaces",
             {"spaces": count.order_spaces, "others": count.order_spaces - LEFTOVER_ORDERS}),
    )


def draft_cards(player_count: int) -> int:
    """Orders revealed for the opening draft: 3 × players + 1 [reviews, BGA]."""
    return DRAFT_HAND * player_count + 1


def draft_order(players: Sequence[str], start_player: str) -> tuple[str, ...]:
    """Who picks when in the opening draft. `players` are in seating order, clockwise. The player to the
    right of the start player picks first, then it goes on counter-clockwise one card at a time until
    everyone has 3, so the start player picks last in each round [reviews, BGA]."""
    start = players.index(start_player)
    round_ = tuple(players[(start - 1 - i) % len(players)] for i in range(len(players)))
    return round_ * DRAFT_HAND


def _listing(values: Sequence[int]) -> str:
    return ", ".join(str(v) for v in values)
