"""A gate that lets any document through unread, for the tests of the store's mechanics (documents of any
shape) and of what the store does once the rules got stricter; the real gate
(`schichtbuch.store.written.written`) has tests of its own."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.registry import summary


@dataclass(frozen=True)
class Unchecked:
    """A document stored as it came; its group's history row scored only if asked for."""

    doc: dict[str, Any]

    @property
    def summary(self) -> dict[str, Any]:
        return summary(self.doc)


def any_document(before: dict[str, Any] | None, doc: dict[str, Any]) -> Unchecked:
    """The gate of the store's mechanics: every document is stored as it is."""
    return Unchecked(doc)
