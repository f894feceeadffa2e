"""Charts as plain Vega-Lite specifications (dicts), drawn with `st.vega_lite_chart`: building them through
Altair validates every chart against its schema, which costs a phone's page more than all its data."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

SHAPES = ("circle", "square", "triangle-up", "diamond", "cross", "triangle-down")
"""Point shapes of the series of a line chart, in legend order (six: the most seats of a game)."""

DASHES = ((1, 0), (6, 3), (2, 2), (8, 3, 2, 3), (4, 4), (1, 3))
"""Stroke dashes of the series of a line chart, in legend order: the first solid, drawn underneath, the
others with gaps through which a line they cover shows."""

POINT_SIZES = (220, 150, 100, 60, 30, 12)
"""Areas (square pixels) of the points of a line chart's series, in legend order: points of series tied on
the same spot nest inside each other, each one's shape visible."""

LABEL_CHARS = 18
"""Characters per line of a bar's label: longer labels wrap (a phone's chart has no room for one line of
"Majorités du poste II")."""


def grouped_bars(rows: Sequence[dict[str, Any]], value: str, category: str, series: str,
                 categories: Sequence[str], value_title: str | None = None, colours: Mapping[str, str] | None = None,
                 legend_columns: int = 0, label_limit: int = 0) -> dict[str, Any]:
    """Horizontal bars: one row per `category` (in the order `categories`), a bar per `series` in it
    side by side, told apart by colour with the legend below; `value` is the bars' length (whole-number
    ticks where the values are counts). Long category labels wrap onto several lines. With `colours`
    (series → CSS colour, in legend order) each series takes its colour, and its bars stand in every row in
    the legend's order, so that a colour that repeats is told apart by its place; the legend then has
    `legend_columns` columns whose names may take `label_limit` pixels (else one row, names uncut)."""
    wrapped = {c: "\n".join(textwrap.wrap(c, LABEL_CHARS)) or c for c in categories}
    offset: dict[str, Any] = {"field": series, "type": "nominal"}
    colour: dict[str, Any] = {"field": series, "type": "nominal", "title": None, "legend": {"orient": "bottom"}}
    if colours is not None:
        offset["sort"] = list(colours)
        colour["scale"] = {"domain": list(colours), "range": list(colours.values())}
        colour["legend"] |= {"columns": legend_columns, "labelLimit": label_limit}
    return {
        "data": {"values": [{**row, category: wrapped.get(row[category], row[category])} for row in rows]},
        "mark": {"type": "bar"},
        "encoding": {
            "x": {"field": value, "type": "quantitative", "title": value_title, "axis": {"tickMinStep": 1}},
            "y": {"field": category, "type": "nominal", "title": None, "sort": list(wrapped.values()),
                  "axis": {"labelExpr": "split(datum.label, '\\n')", "labelLimit": 0}},
            "yOffset": offset,
            "color": colour,
        },
    }


def lines(rows: Sequence[dict[str, Any]], x: str, y: str, series: str, steps: Sequence[str], y_title: str,
          colours: dict[str, str], legend_columns: int, label_limit: int) -> dict[str, Any]:
    """A line with points per `series` over the `steps` (`x`, in that order), whole-number ticks on `y`;
    each series in its colour (`colours`: series → CSS colour, in legend order) and, so that colour never
    tells them apart alone and lines that run together (players tied at 0) stay told apart, with its own
    stroke dash and point shape, the points hollow and each series' a size smaller than the one before,
    so that points on the same spot show inside each other; one legend below in `legend_columns` columns
    whose names may take `label_limit` pixels. The rows go with each layer, not the chart: Streamlit
    turns a chart's own rows into a table with pandas, which the end page then need not load."""
    domain = list(colours)
    legend = {"orient": "bottom", "columns": legend_columns, "labelLimit": label_limit}

    def by_series(values: Sequence[Any]) -> dict[str, Any]:
        """Each series its value, in legend order (`values` repeated if there are more series)."""
        return {"field": series, "type": "nominal", "title": None, "legend": legend,
                "scale": {"domain": domain, "range": [values[i % len(values)] for i in range(len(domain))]}}

    data = {"values": list(rows)}
    return {
        "encoding": {
            "x": {"field": x, "type": "nominal", "sort": list(steps), "title": None},
            "y": {"field": y, "type": "quantitative", "title": y_title, "axis": {"format": "d", "tickMinStep": 1}},
            "color": by_series(list(colours.values())),
        },
        "layer": [
            {"data": data, "mark": {"type": "line"}, "encoding": {"strokeDash": by_series([list(d) for d in DASHES])}},
            {"data": data, "mark": {"type": "point", "filled": False, "strokeWidth": 2},
             "encoding": {"shape": by_series(SHAPES),
                          "size": by_series(POINT_SIZES)}},
        ],
    }
