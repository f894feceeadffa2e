"""Schichtwechsel setup checklist for 2, 3 and 4 players (../shared/rules/schichtwechsel.md)."""

import pytest

from schichtbuch.texts import i18n
from setup.schichtwechsel import checklist, preparation

pytestmark = pytest.mark.pure
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


@pytest.mark.parametrize(("round_number", "steps"), [
    (1, ["bag", "selection", "mine_water", "markers"]),
    (2, ["bag", "selection", "mine_water", "markers", "coke", "bonuses"]),
    (5, ["bag", "selection", "mine_water", "markers", "coke", "bonuses"]),
], ids=["round_1", "round_2", "round_5"])
def test_coke_sale_and_bonuses_from_round_two(round_number, steps):
    assert [s.id for s in preparation(round_number, TABLES[3], "Ben")] == steps


@pytest.mark.parametrize(("count", "cubes"), [(2, 6), (3, 9), (4, 12)])
def test_bag_step_counts_cubes_for_the_table(count, cubes):
    bag = preparation(1, TABLES[count], "Cleo" if count > 2 else "Ben")[0]
    assert bag.params == {"coal": count, "spoil": count, "cubes": cubes, "player": "Cleo" if count > 2 else "Ben"}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_round_guide_names_the_start_player_and_the_mine_water_rules(lang):
    texts = [i18n.translate(lang, s.key, **s.params) for s in preparation(2, TABLES[4], "Dirk")]
    assert "Dirk" in texts[0] and "12" in texts[0]
    water = texts[2]
    assert all(word in water for word in {"de": ("Werkzeug", "1 SP"), "en": ("tool tile", "1 VP")}[lang])
