"""Record: export the game record (JSON) and the standings (CSV); import a record to score it here."""

import json

import streamlit as st

from schichtbuch.live.messages import refusal, refused, say, tapped, unavailable
from schichtbuch.session.resources import store
from schichtbuch.sharing.export import standings_csv
from schichtbuch.shell.nav import page_path, page_start
from schichtbuch.store import Unavailable
from schichtbuch.widgets.scoreboard import standings
from scoring.errors import RecordError
from scoring.fields import mapping
from scoring.gate import parse
from scoring.registry import game_of, score

t = page_start()


def open_upload() -> None:
    """Store the uploaded record as a new game if it reads (the store's gate scores it); otherwise one
    line naming the field, and nothing is stored."""
    tapped()
    upload = st.session_state.get("record_upload")
    if upload is None:
        return
    try:
        st.session_state.record_opened = store().create(dict(mapping(parse(upload.getvalue()), "record")), {"key": "change.import"}).id
    except RecordError as error:
        say("record", refusal(error))
    except Unavailable as error:
        unavailable("record", error)


if opened := st.session_state.pop("record_opened", None):
    st.switch_page(page_path(None, "record"), query_params={"game": opened, "lang": st.session_state.lang})
saved = st.session_state.get("saved")
if saved is not None:
    st.subheader(t("record.export"))
    result = score(saved.doc)
    st.download_button(t("record.json"), json.dumps(saved.doc, ensure_ascii=False, indent=1), f"{result.game}-{saved.id[:6]}.json",
                       "application/json", icon="💾", width="stretch")
    categories = game_of(saved.doc).categories
    st.download_button(t("record.csv"), lambda: standings_csv(result, categories, t),
                       f"{result.game}-{saved.id[:6]}-standings.csv", "text/csv", icon="📊", width="stretch")

st.subheader(t("record.import"))
st.file_uploader(t("record.upload"), type=["json"], key="record_upload")
refused("record")
st.button(t("record.open"), type="primary", width="stretch", disabled=st.session_state.get("record_upload") is None,
          on_click=open_upload)
if saved is not None:
    standings(saved)
