"""Pure setup guides: one module per game, the checklist for a player count."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Step:
    """One tick-box of the setup checklist: `key` names a catalog text, `params` fill it."""

    id: str
    key: str
    params: dict[str, Any] = field(default_factory=dict)
