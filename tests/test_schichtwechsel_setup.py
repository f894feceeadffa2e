"""Schichtwechsel setup checklist for 2, 3 and 4 players (../shared/rules/schichtwechsel.md)."""

import pytest

from schichtbuch import i18n
from setup.schichtwechsel import checklist

TABLES = {2: ["Anna", "Ben"], 3: ["Anna", "Ben", "Cleo"], 4: ["Anna", "Ben", "Cleo", "Dirk"]}


@pytest.mark.parametrize(("count", "cards"), [
    (2, "schichtwechsel.setup.cards_fewer"), (3, "schichtwechsel.setup.cards_fewer"), (4, "schichtwechsel.setup.cards_all"),
])
def test_action_cards_by_player_count(count, cards):
    steps = {s.id: s for s in checklist(TABLES[count], "Ben")}
    assert steps["cards"].key == cards


@pytest.mark.parametrize("count", [2, 3, 4])
def test_per_player_material(count):
    steps = {s.id: s.params for s in checklist(TABLES[count], "Anna")}
    assert steps["houses"] == {"houses": 5}
    assert steps["headframes"] == {"headframes": 2}
    assert steps["supply"] == {"coke": 11, "coins": 1, "tools": 6}
    assert steps["start_player"] == {"player": "Anna"}


@pytest.mark.parametrize("count", [2, 3, 4])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_unverified_steps_show_no_invented_numbers(count, lang):
    """Steps no source gives numbers for say what to do and point to the box; their texts carry no
    number except the player count."""
    for step in checklist(TABLES[count], "Anna"):
        text = i18n.translate(lang, step.key, **step.params)
        if step.id in ("cards", "selection", "bag"):
            assert set(c for c in text if c.isdigit()) <= {str(count)}, text
