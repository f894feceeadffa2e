"""Joining a game from another phone: the join link and the address in it, the read-only link, their QR
codes, and reading a typed or pasted game id or link (short codes: `codes.py`)."""

from __future__ import annotations

import io
import ipaddress
from urllib.parse import parse_qs, urlencode, urlsplit

from schichtbuch.store import is_id

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1", "0.0.0.0")
JOIN = "join"
"""The query parameter of a join link: open the game on the page the table is on (`joining.follow_join`)."""
WATCH = "watch"
"""The query parameter of a read-only link: the game's watch token (`watching.py`)."""


def join_url(base: str, item_id: str, param: str = "game") -> str:
    """The link another phone opens to join a game (or a group, `param="group"`): the public base URL with
    the id and `join`. It names the app's root, not a page, so that it keeps landing where the table is as
    the game goes on (`joining.follow_join`), and no language: the joining phone opens in its own
    (its browser's, `state.init`), not in the sharer's."""
    return f"{base.rstrip('/')}/?{urlencode({param: item_id, JOIN: '1'})}"


def watch_url(base: str, token: str, tv: bool = False) -> str:
    """The read-only link of a game: the watch page with its token (`view=tv`: for the big screen); like a
    join link, it opens in the language of the phone or screen that opens it."""
    view = {"view": "tv"} if tv else {}
    return f"{base.rstrip('/')}/watch?{urlencode({WATCH: token} | view)}"


def public_base(configured: str | None, opened: str | None, network: str | None) -> str | None:
    """The base URL the other phones can reach, best first: the one configured by whoever runs the
    server, the address this browser opened the app at unless that only works on this computer, this
    machine's network address; None when only a local address is known."""
    if configured:
        return configured.rstrip("/")
    if opened and not is_local(opened):
        return base_of(opened)
    return network


def network_base(ip: str | None, port: int) -> str | None:
    """The base URL at this machine's address on the local network, as Streamlit prints it for `streamlit
    run` ("Network URL"); None if the machine has no address but loopback (no network)."""
    if not ip or ipaddress.ip_address(ip).is_loopback:
        return None
    host = f"[{ip}]" if ":" in ip else ip
    return f"http://{host}:{port}"


def base_of(url: str) -> str:
    """The scheme and host of the address the app was opened at."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def is_local(url: str) -> bool:
    """Whether a link only works on this computer, so that a QR code of it is useless to other phones."""
    return urlsplit(url).hostname in LOCAL_HOSTS


def id_from(text: str, param: str = "game") -> str | None:
    """The game id (or group id, `param="group"`) in a pasted join link or a typed id, or None if there
    is none."""
    text = text.strip()
    if is_id(text):
        return text
    found = parse_qs(urlsplit(text).query).get(param, [""])[0]
    return found if is_id(found) else None


def qr_png(url: str) -> bytes | None:
    """The QR code of `url` as a PNG image; None for a link longer than a QR code holds (version 40)."""
    import qrcode  # here, not at the top: only a page that shows a QR code loads it (and Pillow)
    from qrcode.exceptions import DataOverflowError

    buffer = io.BytesIO()
    try:
        qrcode.make(url, box_size=10, border=2).save(buffer)
    except (ValueError, DataOverflowError):  # qrcode says "Invalid version (was 41, …)" past version 40
        return None
    return buffer.getvalue()
