"""Record: export the game record (JSON) and the standings (CSV); import a record to score it here."""

import json

import pandas as pd
import streamlit as st

from schichtbuch import ui
from scoring.records import RecordError, parse
from scoring.registry import game_of, score

t = ui.page_start()

saved = st.session_state.get("saved")
if saved is not None:
    st.subheader(t("record.export"))
    result = score(saved.doc)
    categories = game_of(saved.doc).categories
    table = pd.DataFrame(
        [{t("col.player"): s.player, t("col.rank"): s.rank, t("col.total"): s.total,
          **{t(f"{result.game}.cat.{c}"): s.breakdown[c] for c in categories}} for s in result.standings])
    st.download_button(t("record.json"), json.dumps(saved.doc, ensure_ascii=False, indent=1), f"{result.game}-{saved.id[:6]}.json",
                       "application/json", icon="💾", width="stretch")
    st.download_button(t("record.csv"), table.to_csv(index=False), f"{result.game}-{saved.id[:6]}-standings.csv",
                       "text/csv", icon="📊", width="stretch")

st.subheader(t("record.import"))
upload = st.file_uploader(t("record.upload"), type=["json"], key="record_upload")
if upload is not None and st.button(t("record.open"), type="primary", width="stretch"):
    try:
        record = parse(upload.getvalue())
        score(record)
    except RecordError as error:
        st.error(ui.refusal(error))
    else:
        imported = ui.store().create(record, {"key": "change.import"})
        st.switch_page(ui.page_path(None, "record"), query_params={"game": imported.id, "lang": st.session_state.lang})
if saved is not None:
    ui.standings(saved)
