"""What the table keeps of a finished game, under its standings on the end page and in the group's
history: a photo of the final board, taken with the phone's camera or uploaded (shrunk on the server,
`photos.py`), and a note ("Anna's first win"). Both go into the record (`photo`, `note`), so they travel
in every export; the note also goes into BG Stats' comments. Each is saved as the phone showed it: a
photo or note another phone changed meanwhile is not overwritten."""

from __future__ import annotations

from typing import Any

import streamlit as st

from schichtbuch.live.messages import refusal, refused, say, tapped
from schichtbuch.live.saving import save_on_tap
from schichtbuch.live.taps import drawn
from schichtbuch.session.page import widget_key
from schichtbuch.sharing import photos
from schichtbuch.store import Saved
from schichtbuch.texts.words import md, t
from scoring.app_fields import note, photo, photo_seen, set_note, set_photo
from scoring.errors import RecordError


def keepsakes(saved: Saved, read_only: bool = False) -> None:
    """The photo and the note, if any, and (unless `read_only`) the controls that add, change or remove
    them."""
    shown, written = photo(saved.doc), note(saved.doc)
    if shown is not None:
        st.image(shown, caption=t("photo.caption"), width="stretch")
    if not read_only:
        photo_controls(saved, shown is not None)
    if written:
        st.markdown(f"📝 {md(written)}")
    if not read_only:
        note_form(saved)


def photo_controls(saved: Saved, shown: bool) -> None:
    """Take a photo with the camera (once asked for: the browser asks for the camera then) or upload one;
    remove the one kept."""
    seen = photo_seen(saved.doc)
    with st.expander(t("photo.change" if shown else "photo.add"), icon="📷"):
        key = widget_key("photo", saved.id, seen)
        if st.toggle(t("photo.camera"), key=f"{key}_camera_on"):
            st.camera_input(t("photo.take"), key=f"{key}_camera", on_change=_photo,
                            args=(saved.id, f"{key}_camera", seen))
            drawn(f"{key}_camera", None)
        st.file_uploader(t("photo.upload"), type=photos.types(), key=f"{key}_file", on_change=_photo,
                         args=(saved.id, f"{key}_file", seen))
        drawn(f"{key}_file", None)
        if shown:
            st.button(t("photo.remove"), key=f"{key}_remove", on_click=_save_photo,
                      args=(saved.id, None, seen, "change.photo_removed"))
    refused("photo")


def _photo(game_id: str, key: str, seen: str) -> None:
    """Shrink the picture just taken or chosen and keep it, or say why not."""
    upload = st.session_state.get(key)
    if upload is None:
        return
    try:
        jpeg = photos.shrink(upload.getvalue())
    except RecordError as error:
        tapped()
        say("photo", refusal(error))
        return
    _save_photo(game_id, jpeg, seen, "change.photo")


def _save_photo(game_id: str, jpeg: bytes | None, seen: str, change: str) -> None:
    label: dict[str, Any] = {"key": change}
    save_on_tap(game_id, lambda d: set_photo(d, jpeg, seen), label, "photo")


def note_form(saved: Saved) -> None:
    """The form that writes or changes the note (saved on its button only)."""
    seen = note(saved.doc)
    key = widget_key("note", saved.id, seen)
    with st.form(key, enter_to_submit=False, border=False):
        st.text_input(t("note.label"), seen, placeholder=t("note.hint"), key=f"{key}_text")
        st.form_submit_button(t("note.save"), width="stretch", on_click=_save_note, args=(saved.id, key, seen))
    refused("note")


def _save_note(game_id: str, key: str, seen: str) -> None:
    typed = st.session_state[f"{key}_text"]
    save_on_tap(game_id, lambda d: set_note(d, typed, seen), {"key": "change.note"}, "note")
