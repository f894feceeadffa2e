"""Joining a game, the pure parts: the page a join lands on (the registry's stage → page), one case per
row."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.registry import GAMES, is_over, page_at_stage
from test_pages import STAGES

# --- where a join lands ----------------------------------------------------------------------------------

LANDS_ON = {
    "created_2p": "shift",
    "shift_I_deliveries_3p": "shift",
    "shift_III_scored_4p": "end",
    "end_half_entered_3p": "end",
    "finished_3p": "end",
    "sw_created_4p": "round",
    "sw_round_3_2p": "round",
    "sw_arrivals_3p": "end",
    "sw_finished_4p": "end",
    "mine_created_6p_dummy": "round",
    "mine_round_2_3p": "round",
    "mine_variant_4p": "round",
    "mine_finished_3p": "end",
}


def test_every_stage_has_a_landing_page():
    assert set(LANDS_ON) == {s for s, build in STAGES.items() if build is not None}


@pytest.mark.parametrize("stage", list(LANDS_ON))
def test_page_at_stage(stage: str):
    build = STAGES[stage]
    assert build is not None
    record: dict[str, Any] = build()
    assert page_at_stage(record) == LANDS_ON[stage]


@pytest.mark.parametrize("game", list(GAMES))
def test_stage_pages_name_pages_of_the_game(game: str):
    g = GAMES[game]
    assert g.stage_pages and set(g.stage_pages.values()) <= set(g.pages)
    assert all(key.startswith(f"{g.id}.status.") for key in g.stage_pages)


@pytest.mark.parametrize(("stage", "over"), [("shift_III_scored_4p", False), ("end_half_entered_3p", False),
                                             ("finished_3p", True), ("sw_finished_4p", True),
                                             ("mine_round_2_3p", False), ("mine_finished_3p", True)])
def test_is_over(stage: str, over: bool):
    build = STAGES[stage]
    assert build is not None
    assert is_over(build()) is over
