"""Joining a game from another phone: the join link, its QR code, and reading a typed or pasted code."""

from __future__ import annotations

import io
from urllib.parse import parse_qs, urlencode, urlsplit

import qrcode

from schichtbuch.store import is_id

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1", "0.0.0.0")


def join_url(base: str, game_id: str, lang: str) -> str:
    """The link another phone opens to join: the public base URL with the game and language."""
    return f"{base.rstrip('/')}/share?{urlencode({'game': game_id, 'lang': lang})}"


def base_of(url: str) -> str:
    """The scheme and host of the address the app was opened at."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def is_local(url: str) -> bool:
    """Whether a link only works on this computer, so that a QR code of it is useless to other phones."""
    return urlsplit(url).hostname in LOCAL_HOSTS


def game_id_from(text: str) -> str | None:
    """The game id in a pasted join link or a typed code, or None if there is none."""
    text = text.strip()
    if is_id(text):
        return text
    found = parse_qs(urlsplit(text).query).get("game", [""])[0]
    return found if is_id(found) else None


def qr_png(url: str) -> bytes:
    """The QR code of `url` as a PNG image."""
    buffer = io.BytesIO()
    qrcode.make(url, box_size=10, border=2).save(buffer)
    return buffer.getvalue()
