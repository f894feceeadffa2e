"""A tap reads its record once: the transaction of its change takes the document of the version the page
showed (no second reading of its JSON text), the store's gate reads and scores the version it writes, and
the page drawn after the tap, on the phone that tapped and on another phone of the table served by the same
process, neither parses nor scores that version again. For every game, a tick of its setup checklist."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from apptest import PAGE_FIXTURES, app, failure, put, stored
from builders import PAGE_STAGES
from schichtbuch.shell.nav import page_path
from scoring.registry import GAMES

pytestmark = [pytest.mark.pages, pytest.mark.usefixtures(*PAGE_FIXTURES)]


@dataclasses.dataclass
class Reads:
    """Records parsed from their JSON text, and records scored by their game, since the count began."""

    parsed: int = 0
    scored: int = 0


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> Reads:
    """Count every game record parsed from JSON text (anywhere: the store's reads, or any other) and every
    record its game scores (the gate's check, the check that a stored version reads, the standings)."""
    counted, loads = Reads(), json.loads

    def parse(text: Any, *args: Any, **kwargs: Any) -> Any:
        found = loads(text, *args, **kwargs)
        counted.parsed += isinstance(found, dict) and "game" in found and "players" in found
        return found

    def counting(score: Any) -> Any:
        def scored(record: Any) -> Any:
            counted.scored += 1
            return score(record)
        return scored

    monkeypatch.setattr(json, "loads", parse)
    for g in list(GAMES.values()):
        monkeypatch.setitem(GAMES, g.id, dataclasses.replace(g, score=counting(g.score)))
    return counted


@pytest.mark.parametrize("game", list(GAMES))
def test_a_tap_reads_its_record_once(game: str, store_path: Path, reads: Reads) -> None:
    first = GAMES[game].pages[0]
    game_id = put(store_path, PAGE_STAGES[f"{game}_{first}"]())
    phone, other = app(page_path(game, first), "en", game_id), app(page_path(game, first), "en", game_id)
    reads.parsed = reads.scored = 0
    phone.checkbox[0].check().run()
    assert not phone.exception, failure(phone)
    assert (reads.parsed, reads.scored) == (0, 1), "the gate's reading and scoring of the version it writes, alone"
    assert stored(store_path, game_id)["setup_ticks"]
    reads.parsed = reads.scored = 0
    other.run()
    assert not other.exception, failure(other)
    assert (reads.parsed, reads.scored) == (0, 0)
