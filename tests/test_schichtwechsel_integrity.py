"""Schichtwechsel in the one gate for data: round card names trimmed and bounded, and the end entered only
after round 5."""

from __future__ import annotations

from typing import Any

import pytest

from scoring import schichtwechsel as sw
from scoring.errors import RecordError

pytestmark = pytest.mark.pure


def refusal(run: Any) -> tuple[str, str]:
    with pytest.raises(RecordError) as error:
        run()
    return error.value.field, error.value.code


@pytest.mark.parametrize("card", [" Koks ", "", "K" * (sw.CARD_CHARS + 1), "Ko\nks"])
def test_round_card_names_are_trimmed_and_bounded_in_the_reader(card: str) -> None:
    doc = sw.new_record(["Anna", "Ben"], {}, "Anna") | {"rounds": [{"card": card, "points": {"Anna": 1, "Ben": 0}}]}
    assert refusal(lambda: sw.read(doc))[0] == "rounds.0.card"


def test_a_typed_round_card_is_trimmed_before_it_is_stored() -> None:
    doc = sw.add_round(sw.new_record(["Anna", "Ben"], {}, "Anna"), 1, " Koks ", {"Anna": 1, "Ben": 0})
    assert doc["rounds"][0]["card"] == "Koks"


def test_schichtwechsel_end_before_round_five_is_refused_by_the_reader() -> None:
    end = {"miner_finish": [], "track_finish": {}, "start_player": "Anna",
           "players": {p: dict.fromkeys(sw.PLAYER_ITEMS, 0) for p in ("Anna", "Ben")}}
    rounds = [{"card": "Koks", "points": {"Anna": 1, "Ben": 0}}] * 2
    doc = sw.new_record(["Anna", "Ben"], {}, "Anna") | {"rounds": rounds, "end": end}
    assert refusal(lambda: sw.read(doc)) == ("end", "items_too_early")
    assert sw.score(doc | {"rounds": [rounds[0]] * sw.ROUNDS}).final
