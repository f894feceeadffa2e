"""MINE! (Arvelys, 2026): the setup checklist for 2–6 seats, with the variant and the dummy player, and the
guide to a round.

Follows ../rules/mine.md: material and setup, the round, the variant and the dummy player [seed]. How many
colour cards each player takes and how the draw pile is made are not in the sources: those steps say what
to do without numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.mine import (
    CARDS_PER_ROUND, COAL_CUBES, HAND_LIMIT, MINERS, PIT_BUILDERS, RECRUIT_DRAW, START_COAL, VARIANT_START_COAL,
)
from setup import Step

PLACES = ("events", "looting", "watchtower", "mine", "recruitment")
"""The five places cards are laid on; the expedition takes none, it only stores coal [seed]."""
RESOLUTION = ("events", "looting", "expedition", "mine", "recruitment")
"""The resolution in the printed order, players in turn from the die holder; looting and the
watchtower are resolved together [seed]."""


def checklist(players: Sequence[str], start_player: str, variant: bool, dummy: str | None) -> tuple[Step, ...]:
    """The setup steps in order for this table [seed]."""
    coal = VARIANT_START_COAL if variant else START_COAL
    steps = [
        Step("board", "mine.setup.board", {"seats": len(players)}),
        Step("boards", "mine.setup.boards"),
        Step("coal", "mine.setup.coal", {"coal": coal, "total": coal * len(players)}),
        Step("professions", "mine.setup.professions", {"miners": MINERS, "pit_builders": PIT_BUILDERS}),
        Step("colour_cards", "mine.setup.colour_cards"),
        Step("supply", "mine.setup.no_supply" if variant else "mine.setup.supply",
             {"supply": COAL_CUBES - coal * len(players)}),
    ]
    if variant:
        steps.append(Step("die_cards", "mine.setup.die_cards"))
    if dummy is not None:
        steps.append(Step("dummy", "mine.setup.dummy", {"player": dummy}))
    return (*steps, Step("die", "mine.setup.die", {"player": start_player}))


def placement(die_holder: str) -> Step:
    """The placement phase [seed]: up to 4 cards each, one at a time, clockwise from the die holder."""
    return Step("placement", "mine.round.placement", {"player": die_holder, "cards": CARDS_PER_ROUND})


def recruitment() -> Step:
    """Recruitment and the end of the round [seed]."""
    return Step("recruitment", "mine.round.recruitment", {"draw": RECRUIT_DRAW, "limit": HAND_LIMIT})


def round_end(players: Sequence[str], die_holder: str) -> Step:
    """The die goes to the left and up by one [seed]."""
    return Step("die", "mine.round.die_passes", {"player": players[(players.index(die_holder) + 1) % len(players)]})
