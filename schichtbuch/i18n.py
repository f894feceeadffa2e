"""The translation catalog: one JSON file per language in `locales/`, looked up with fallback to English."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES = ("de", "en")
FALLBACK = "en"
_LOCALES = Path(__file__).with_name("locales")


@cache
def catalog(lang: str) -> dict[str, str]:
    return json.loads((_LOCALES / f"{lang}.json").read_text(encoding="utf-8"))


def language(requested: str | None, locale: str | None) -> str:
    """The language to show: the one in the URL if known, else the browser's, else English."""
    for candidate in (requested, (locale or "")[:2]):
        if candidate in LANGUAGES:
            return str(candidate)
    return FALLBACK


def translate(lang: str, key: str, **params: Any) -> str:
    """The text for `key` in `lang` (English if missing there), filled with `params`. Where a count is
    1, the singular form `<key>.one.<count's name>` is used if the catalog has one ("1 unfinished order");
    German and English both use the other form for every other number."""
    singular = (_text(lang, f"{key}.one.{name}") for name, value in params.items() if value == 1 and type(value) is int)
    text = next((s for s in singular if s is not None), None) or _text(lang, key)
    if text is None:
        raise KeyError(f"no catalog text for {key!r}")
    return text.format(**params) if params else text


def _text(lang: str, key: str) -> str | None:
    return catalog(lang).get(key) or catalog(FALLBACK).get(key)
