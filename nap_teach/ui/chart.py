"""The one chart of the app: every player's balance after each deal, as an SVG line chart.

Drawn with a matplotlib ``Figure`` (never pyplot, so no GUI backend and no global
state). The play page puts the legend beside the lines and marks the learner's
line; the scorekeeper puts the legend below, in fixed colours that stay apart
for colour-blind readers.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any, Literal, Mapping, Sequence

from ..html import Markup, html


__all__ = ["ChartStyle", "BESIDE", "BELOW", "balance_chart_svg"]


@dataclass(frozen=True)
class ChartStyle:
    """How a balance chart looks (size, colours, legend, layout)."""

    figsize: tuple[float, float]
    dpi: int
    markers: str | tuple[str, ...]
    colours: tuple[str, ...] | None = None
    linewidth: float = 1.5
    markersize: float = 4
    zero_colour: str = "#888"
    grid_axis: Literal["both", "x", "y"] = "both"
    legend: str = "beside"  # or "below"
    rc: Mapping[str, Any] = field(default_factory=dict)


BESIDE = ChartStyle(figsize=(6.4, 3.0), dpi=100, markers="osD^v<>",
                    rc={"svg.fonttype": "none", "font.size": 10, "svg.hashsalt": "nap-teach"})
"""The play page: legend beside the lines, the learner's line drawn thicker."""

BELOW = ChartStyle(figsize=(6.4, 3.6), dpi=96, markers=("o", "s", "^", "D", "v", "P", "X"),
                   colours=("#1747b5", "#c0142b", "#11712f", "#b35c00", "#6a3d9a", "#0f7c8c", "#444444"),
                   linewidth=2, markersize=5, zero_colour="#888888", grid_axis="y", legend="below")
"""The scorekeeper: legend below the chart, fixed colours."""


def balance_chart_svg(players: Sequence[str], history: Sequence[Mapping[str, int]], *, xlabel: str, ylabel: str,
                      style: ChartStyle = BESIDE, title: str | None = None, highlight: str | None = None,
                      label: str | None = None) -> Markup:
    """The balances in ``history`` (one mapping player -> balance per point, the start included) as SVG.

    ``highlight`` draws that player's line thicker; ``label`` makes the SVG an image with that
    accessible name (otherwise the caller labels the figure around it).
    """
    # imported when the first chart is drawn: matplotlib costs a kernel about 40 MiB
    # and half a second, which a page that never shows a chart should not pay
    from matplotlib import rc_context
    from matplotlib.figure import Figure

    xs = list(range(len(history)))
    with rc_context(dict(style.rc)):  # type: ignore[arg-type]
        fig = Figure(figsize=style.figsize, dpi=style.dpi)
        ax = fig.add_subplot()
        for i, p in enumerate(players):
            colour: dict[str, Any] = {"color": style.colours[i % len(style.colours)]} if style.colours else {}
            ax.plot(xs, [h[p] for h in history], marker=style.markers[i % len(style.markers)],
                    markersize=style.markersize, linewidth=style.linewidth * 2 if p == highlight else style.linewidth,
                    label=p, **colour)
        ax.axhline(0, color=style.zero_colour, linewidth=0.8)
        if title is not None:
            ax.set_title(title)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_xticks(xs)
        ax.grid(True, axis=style.grid_axis, alpha=0.3)
        buf = io.StringIO()
        if style.legend == "below":
            ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.22), ncols=min(len(players), 4), frameon=False)
            fig.savefig(buf, format="svg", bbox_inches="tight")
        else:
            ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=9, frameon=False)
            fig.subplots_adjust(left=0.1, right=0.8, bottom=0.16, top=0.89)  # fixed: tight_layout costs a redraw
            fig.savefig(buf, format="svg")
    svg = buf.getvalue()
    start = svg.find("<svg")
    svg = Markup(svg[start:] if start >= 0 else svg)  # matplotlib's own SVG: trusted
    if label is not None:
        svg = svg.replace("<svg ", html('<svg role="img" aria-label="{}" ', label), 1)
    return svg
