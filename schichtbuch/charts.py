"""Charts as plain Vega-Lite specifications (dicts), drawn with `st.vega_lite_chart`: building them through
Altair validates every chart against its schema, which costs a phone's page more than all its data."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

LABEL_CHARS = 18
"""Characters per line of a bar's label: longer labels wrap (a phone's chart has no room for one line of
"Majorités du poste II")."""


def grouped_bars(rows: Sequence[dict[str, Any]], value: str, category: str, series: str,
                 categories: Sequence[str], value_title: str | None = None) -> dict[str, Any]:
    """Horizontal bars: one row per `category` (in the order `categories`), a bar per `series` in it
    side by side, told apart by colour with the legend below; `value` is the bars' length (whole-number
    ticks where the values are counts). Long category labels wrap onto several lines."""
    wrapped = {c: "\n".join(textwrap.wrap(c, LABEL_CHARS)) or c for c in categories}
    return {
        "data": {"values": [{**row, category: wrapped.get(row[category], row[category])} for row in rows]},
        "mark": {"type": "bar"},
        "encoding": {
            "x": {"field": value, "type": "quantitative", "title": value_title, "axis": {"tickMinStep": 1}},
            "y": {"field": category, "type": "nominal", "title": None, "sort": list(wrapped.values()),
                  "axis": {"labelExpr": "split(datum.label, '\\n')", "labelLimit": 0}},
            "yOffset": {"field": series, "type": "nominal"},
            "color": {"field": series, "type": "nominal", "title": None, "legend": {"orient": "bottom"}},
        },
    }


def lines(rows: Sequence[dict[str, Any]], x: str, y: str, series: str, steps: Sequence[str], y_title: str,
          colours: dict[str, str], legend_columns: int, label_limit: int) -> dict[str, Any]:
    """A line with points per `series` over the `steps` (`x`, in that order), whole-number ticks on `y`;
    each series in its colour (`colours`: series → CSS colour, in legend order), the legend below in
    `legend_columns` columns whose names may take `label_limit` pixels."""
    return {
        "data": {"values": list(rows)},
        "mark": {"type": "line", "point": True},
        "encoding": {
            "x": {"field": x, "type": "nominal", "sort": list(steps), "title": None},
            "y": {"field": y, "type": "quantitative", "title": y_title, "axis": {"format": "d", "tickMinStep": 1}},
            "color": {"field": series, "type": "nominal", "title": None,
                      "scale": {"domain": list(colours), "range": list(colours.values())},
                      "legend": {"orient": "bottom", "columns": legend_columns, "labelLimit": label_limit}},
        },
    }
