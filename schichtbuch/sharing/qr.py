"""A link's QR code on the page: drawn once (`share.qr_png`) for all the phones that show it."""

from __future__ import annotations

import streamlit as st

from schichtbuch.live.caching import kept
from schichtbuch.sharing import share
from schichtbuch.texts.words import t

QR_KEPT = 512
"""QR codes kept drawn: a join link or BG Stats link per table of a busy server, twice over."""


def qr_code(url: str, alt: str) -> None:
    """The QR code of a link (`alt`: what it is, for a screen reader), or where the link is too long for
    one, a line saying to open it instead."""
    png = _qr_png(url)
    if png is None:
        st.caption(t("error.qr_too_long"))
    else:
        st.image(png, width=280, alt=alt)


@kept(st.cache_data, QR_KEPT)
def _qr_png(url: str) -> bytes | None:
    """A link's QR code, drawn once for all the phones that show it (None: too long for one)."""
    return share.qr_png(url)
