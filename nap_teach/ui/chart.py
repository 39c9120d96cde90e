"""The one chart of the app: every player's balance after each deal, as an SVG line chart.

Drawn with a matplotlib ``Figure`` (never pyplot, so no GUI backend and no global
state). The play page marks the learner's line; the scorekeeper uses fixed
colours that stay apart for colour-blind readers. Both put the legend below
the lines, in a figure narrow enough that its text stays readable when a
390 px phone shrinks it to the screen (about 12 px instead of 6).

Players whose balances are the same at every point would hide one another:
their lines are drawn dashed and a little apart, and the legend names them
together ("Ben = Ann"). A chart of zeros gets whole-number ticks round zero.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any, Literal, Mapping, Sequence

from ..html import Markup, html


__all__ = ["ChartStyle", "BESIDE", "BELOW", "balance_chart_svg", "same_balances", "chart_lines", "ChartLine",
           "CHART_FONT_PT"]

CHART_FONT_PT = 13
"""Text size of the chart in points; the figure shown 358 px wide (a 390 px phone) keeps it about 12 px."""


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


BESIDE = ChartStyle(figsize=(4.0, 3.0), dpi=100, markers="osD^v<>", legend="below",
                    rc={"svg.fonttype": "none", "font.size": CHART_FONT_PT, "svg.hashsalt": "nap-teach"})
"""The play page: the learner's line drawn thicker (the legend below, as on a phone it must be)."""

BELOW = ChartStyle(figsize=(4.0, 3.2), dpi=96, markers=("o", "s", "^", "D", "v", "P", "X"),
                   colours=("#1747b5", "#c0142b", "#11712f", "#b35c00", "#6a3d9a", "#0f7c8c", "#444444"),
                   linewidth=2, markersize=5, zero_colour="#888888", grid_axis="y", legend="below",
                   rc={"svg.fonttype": "none", "font.size": CHART_FONT_PT, "svg.hashsalt": "nap-teach"})
"""The scorekeeper: legend below the chart, fixed colours."""


def same_balances(players: Sequence[str], history: Sequence[Mapping[str, int]]) -> dict[str, list[str]]:
    """Players whose balances equal an earlier player's at every point -> that group, first player first.

    >>> same_balances(["Ann", "Ben", "Cat"], [{"Ann": 0, "Ben": 0, "Cat": 0}, {"Ann": 3, "Ben": -6, "Cat": 3}])
    {'Cat': ['Ann', 'Cat']}
    """
    groups: dict[tuple[int, ...], list[str]] = {}
    for p in players:
        groups.setdefault(tuple(h[p] for h in history), []).append(p)
    return {p: g for g in groups.values() if len(g) > 1 for p in g[1:]}


@dataclass(frozen=True)
class ChartLine:
    """One player's line as drawn: its legend label, its heights and whether it is dashed."""

    player: str
    label: str
    ys: tuple[float, ...]
    dashed: int = 0
    """0: solid; n: the n-th player sharing an earlier player's balances (dashed, drawn ``n`` steps up)."""


def chart_lines(players: Sequence[str], history: Sequence[Mapping[str, int]]) -> list[ChartLine]:
    """The lines of the chart: a player with the same balances as an earlier one is nudged up a little
    (2.5 % of the chart's height per player sharing the line) and named with the others in the legend."""
    values = [h[p] for h in history for p in players]
    span = max(values + [1]) - min(values + [-1])
    shared = same_balances(players, history)
    out = []
    for p in players:
        ys = tuple(float(h[p]) for h in history)
        if p not in shared:
            out.append(ChartLine(p, p, ys))
            continue
        group = shared[p]
        k = group.index(p)
        out.append(ChartLine(p, " = ".join([p, *(q for q in group if q != p)]),
                             tuple(y + span * 0.025 * k for y in ys), k))
    return out


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

    from matplotlib.ticker import MaxNLocator

    xs = list(range(len(history)))
    values = [h[p] for h in history for p in players]
    with rc_context(dict(style.rc)):  # type: ignore[arg-type]
        fig = Figure(figsize=style.figsize, dpi=style.dpi)
        ax = fig.add_subplot()
        for i, line in enumerate(chart_lines(players, history)):
            colour: dict[str, Any] = {"color": style.colours[i % len(style.colours)]} if style.colours else {}
            # same balances as someone drawn before: nudged up (chart_lines) and dashed
            extra: dict[str, Any] = {"linestyle": (0, (4, 2 + line.dashed))} if line.dashed else {}
            ax.plot(xs, line.ys, marker=style.markers[i % len(style.markers)], markersize=style.markersize,
                    linewidth=style.linewidth * 2 if line.player == highlight else style.linewidth,
                    label=line.label, **colour, **extra)
        ax.axhline(0, color=style.zero_colour, linewidth=0.8)
        ax.yaxis.set_major_locator(MaxNLocator(nbins=5, integer=True))
        if not any(values):  # all zero: ticks at whole units round zero, not at ±0.04
            ax.set_ylim(-1.5, 1.5)
        if title is not None:
            ax.set_title(title)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_xticks(xs)
        ax.grid(True, axis=style.grid_axis, alpha=0.3)
        buf = io.StringIO()
        if style.legend == "below":
            ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.25), ncols=min(len(players), 2), frameon=False)
        else:
            ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
        # "tight": the axis labels and the legend are measured, never clipped
        fig.savefig(buf, format="svg", bbox_inches="tight", pad_inches=0.05)
    svg = buf.getvalue()
    start = svg.find("<svg")
    svg = Markup(svg[start:] if start >= 0 else svg)  # matplotlib's own SVG: trusted
    if label is not None:
        svg = svg.replace("<svg ", html('<svg role="img" aria-label="{}" ', label), 1)
    return svg
