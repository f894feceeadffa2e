"""A game's earlier revisions kept compactly: each revision stores only the way back to the one before.

The store keeps the newest document whole and, per revision, a JSON Patch (RFC 6902) that turns that
revision's document into the previous one. A change usually adds one entry, so its way back is one small
`remove` (about 40 bytes), and a game's storage grows with its length, not with its length squared, as
one whole copy per revision did. An earlier document is the newest one with the patches applied from the
newest revision down.

The patches come from `jsonpatch.make_patch`, which has known cases that produce a wrong patch (lists of
objects: python-json-patch issues #138 and #160; a TypeError on some keys); so every patch is applied once before it is kept, and
where it does not give the earlier document back exactly, the whole earlier document is kept instead.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import jsonpatch  # type: ignore[import-untyped]

Document = dict[str, Any]


def way_back(new: Document, old: Document) -> str:
    """The JSON text of a patch that turns `new` into `old`, checked to do exactly that."""
    try:
        patch = jsonpatch.make_patch(new, old).patch
        if _same(_apply(new, patch), old):
            return json.dumps(patch)
    except Exception:  # noqa: BLE001 — the diff itself can fail inside the library (a TypeError, found by
        pass            # tests/test_revisions.py); the whole document is then the way back
    return json.dumps([{"op": "replace", "path": "", "value": old}])


def go_back(doc: Document, ways: Iterable[str]) -> Document:
    """The document reached from `doc` by following the ways back in turn (newest revision first)."""
    for way in ways:
        doc = _apply(doc, json.loads(way))
    return doc


def _apply(doc: Document, patch: list[dict[str, Any]]) -> Document:
    result: Document = jsonpatch.apply_patch(doc, patch)  # a copy: `doc` is left as it was
    return result


def _same(a: object, b: object) -> bool:
    """Equal as stored: as JSON text, so that `true` is not taken for `1` nor `1.0` for `1`."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
