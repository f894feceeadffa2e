"""Schichtwechsel (Spielefaible 2021): the setup checklist for 2–4 players and the guide to a round.

Follows ../rules/schichtwechsel.md: material and setup [seed, reviews], a round's three phases [seed]. Which action cards and board
spaces are left out at 2–3 players, how many selection tiles are laid out and the bag's starting cubes
are UNVERIFIED: those steps say what to do and point to the marks in the box, with no numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from setup import Step

HOUSES = 5
HEADFRAMES = 2
COKE = 11
COINS = 1
TOOLS = 6
"""Per player [seed]: houses on the bonus spaces, headframes on the own action card, coke markers,
coins and tool tiles."""
FULL_TABLE = 4
"""With fewer players, the cards and spaces marked for more players are left out [reviews]."""


def checklist(players: Sequence[str], start_player: str) -> tuple[Step, ...]:
    """The setup steps in order for this table."""
    count = len(players)
    cards = "schichtwechsel.setup.cards_all" if count == FULL_TABLE else "schichtwechsel.setup.cards_fewer"
    return (
        Step("board", "schichtwechsel.setup.board"),
        Step("cards", cards, {"players": count}),
        Step("selection", "schichtwechsel.setup.selection", {"players": count}),
        Step("bag", "schichtwechsel.setup.bag"),
        Step("round_cards", "schichtwechsel.setup.round_cards"),
        Step("colliery", "schichtwechsel.setup.colliery"),
        Step("houses", "schichtwechsel.setup.houses", {"houses": HOUSES}),
        Step("headframes", "schichtwechsel.setup.headframes", {"headframes": HEADFRAMES}),
        Step("supply", "schichtwechsel.setup.supply", {"coke": COKE, "coins": COINS, "tools": TOOLS}),
        Step("mine_water", "schichtwechsel.setup.mine_water"),
        Step("tracks", "schichtwechsel.setup.tracks"),
        Step("miner", "schichtwechsel.setup.miner"),
        Step("start_player", "schichtwechsel.setup.start_player", {"player": start_player}),
    )


CUBES_PER_PLAYER = 3
"""Preparation step 1: the start player draws 3 cubes per player from the bag [seed]."""
FROM_SECOND_ROUND = 2
"""Preparation steps 5 (selling coke) and 6 (board bonuses) start in round 2 [seed]."""
ACTION_RULES = ("turns", "borders", "costs", "spoil", "storage", "start_card")
"""The action phase at a glance [seed]: taking turns until all pass; black-bordered cards once per round,
white-bordered many times; costs white < own colour < coin; spoil any time; a cube not stored costs a
tool tile; the start-player card."""
SCORING_RULES = ("round_card", "clear")
"""The scoring phase [seed]: score the round card, then markers and headframes come off the cards."""


def preparation(round_number: int, players: Sequence[str], start_player: str) -> tuple[Step, ...]:
    """Phase A of a round, in the rules' order [seed]; steps 5 and 6 from round 2 on."""
    count = len(players)
    steps = [
        Step("bag", "schichtwechsel.round.bag", {"coal": count, "spoil": count, "player": start_player,
                                                 "cubes": CUBES_PER_PLAYER * count}),
        Step("selection", "schichtwechsel.round.selection"),
        Step("mine_water", "schichtwechsel.round.mine_water"),
        Step("markers", "schichtwechsel.round.markers"),
    ]
    if round_number >= FROM_SECOND_ROUND:
        steps += [Step("coke", "schichtwechsel.round.coke"), Step("bonuses", "schichtwechsel.round.bonuses")]
    return tuple(steps)
