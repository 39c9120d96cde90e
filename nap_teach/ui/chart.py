"""The one chart of the app: every player's balance after each deal, as an SVG line chart.

Drawn as an SVG string by plain Python (issue 17): a kernel that draws it imports no plotting
library, so a class's kernels stay small and the first chart comes at once (the memory and the
time, before and after, are in benchmarks/README.md). Every name is escaped by the safe HTML
builder (:mod:`nap_teach.words.html`): names come from users.

The play page marks the learner's line (thicker, its legend entry in bold); the scorekeeper
uses fixed colours that stay apart for colour-blind readers. Both put the legend below the
lines, in a picture narrow enough that its text stays readable when a 390 px phone shrinks
it to the screen (about 12 px).

Players whose balances are the same at every point would hide one another: their lines
are drawn dashed and a little apart, and the legend names them together ("Ben = Ann").
The balance axis has whole-number ticks, and a chart of zeros gets whole ticks round zero.
With ``label`` the SVG is an image (``role="img"``, ``aria-label`` and ``<title>``) with
that accessible name, in the page's language.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, Mapping, Sequence

from ..words.html import Markup, el, html, join


__all__ = ["ChartStyle", "BESIDE", "BELOW", "balance_chart_svg", "same_balances", "chart_lines", "ChartLine", "y_ticks", "x_ticks",
           "CHART_FONT_PT"]

CHART_FONT_PT = 13
"""Text size of the chart in points (the SVG's units); a chart ``width`` points wide shown 358 px wide
(a 390 px phone) keeps it about 12 px."""

PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
           "#bcbd22", "#17becf")
"""The colours of a style without its own (matplotlib's usual ten, as the play page always had)."""


@dataclass(frozen=True)
class ChartStyle:
    """How a balance chart looks (size in points, colours, markers, legend)."""

    width: float
    """Width of the picture in points; the text is ``CHART_FONT_PT`` of them."""
    plot_height: float
    """Height of the area the lines are drawn in, in points."""
    markers: str | tuple[str, ...]
    """Marker of each line in turn: ``o s D ^ v < > P X`` (circle, square, diamond, triangles, plus, cross)."""
    colours: tuple[str, ...] | None = None
    linewidth: float = 1.5
    markersize: float = 4
    zero_colour: str = "#888"
    grid_axis: Literal["both", "x", "y"] = "both"


BESIDE = ChartStyle(width=380, plot_height=190, markers="osD^v<>")
"""The play page: the learner's line drawn thicker (the legend below, as on a phone it must be)."""

BELOW = ChartStyle(width=380, plot_height=200, markers=("o", "s", "^", "D", "v", "P", "X"),
                   colours=("#1747b5", "#c0142b", "#11712f", "#b35c00", "#6a3d9a", "#0f7c8c", "#444444"),
                   linewidth=2, markersize=5, zero_colour="#888888", grid_axis="y")
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




# ------------------------------------------------------------------ drawing
_FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
_INK = "#222222"
_MINUS = "\u2212"

_UNIT_MARKERS: dict[str, tuple[tuple[float, float], ...]] = {
    "s": ((-0.85, -0.85), (0.85, -0.85), (0.85, 0.85), (-0.85, 0.85)),
    "D": ((0, -1.2), (1.2, 0), (0, 1.2), (-1.2, 0)),
    "^": ((0, -1.2), (1.1, 0.9), (-1.1, 0.9)),
    "v": ((0, 1.2), (1.1, -0.9), (-1.1, -0.9)),
    "<": ((-1.2, 0), (0.9, -1.1), (0.9, 1.1)),
    ">": ((1.2, 0), (-0.9, -1.1), (-0.9, 1.1)),
    "P": ((-0.35, -1.05), (0.35, -1.05), (0.35, -0.35), (1.05, -0.35), (1.05, 0.35), (0.35, 0.35), (0.35, 1.05),
          (-0.35, 1.05), (-0.35, 0.35), (-1.05, 0.35), (-1.05, -0.35), (-0.35, -0.35)),
}
_UNIT_MARKERS["X"] = tuple((round((x - y) * 0.7071, 4), round((x + y) * 0.7071, 4)) for x, y in _UNIT_MARKERS["P"])


def _num(v: float) -> str:
    """A coordinate, short: 12.5, 3, -0.25."""
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _tick(v: float) -> str:
    """A tick label: a whole number with a true minus sign."""
    n = int(round(v))
    return f"{_MINUS}{-n}" if n < 0 else str(n)


def _text_width(text: str, size: float) -> float:
    """About how wide ``text`` is in a sans-serif font (a little generous, so nothing is clipped)."""
    wide = sum(1 for c in text if c.isupper() or c in "mwMW@%")
    narrow = sum(1 for c in text if c in "iljtfrI.,:;'|! ")
    return size * (0.62 * len(text) + 0.14 * wide - 0.28 * narrow)


def _text(x: float, y: float, text: str, *, size: float = CHART_FONT_PT, anchor: str = "middle",
          max_width: float | None = None, attrs: Mapping[str, object] | None = None) -> Markup:
    """One line of text; squeezed to ``max_width`` when it would be longer (never cut)."""
    squeeze = max_width is not None and _text_width(text, size) > max_width
    return el("text", {"x": _num(x), "y": _num(y), "font-size": _num(size), "text-anchor": anchor,
                       "textLength": _num(max_width) if squeeze and max_width is not None else None,
                       "lengthAdjust": "spacingAndGlyphs" if squeeze else None, **(attrs or {})}, text)


def _marker_path(kind: str, points: Sequence[tuple[float, float]], size: float) -> str:
    """Path data drawing the marker ``kind`` (matplotlib's letters) at every point, ``size`` across."""
    r = size / 2
    parts = []
    for x, y in points:
        if kind in _UNIT_MARKERS:
            corners = [(x + dx * r, y + dy * r) for dx, dy in _UNIT_MARKERS[kind]]
            parts.append("M" + "L".join(f"{_num(a)} {_num(b)}" for a, b in corners) + "Z")
        else:  # "o" and anything unknown: a circle
            parts.append(f"M{_num(x - r)} {_num(y)}a{_num(r)} {_num(r)} 0 1 0 {_num(2 * r)} 0"
                         f"a{_num(r)} {_num(r)} 0 1 0 {_num(-2 * r)} 0Z")
    return "".join(parts)


def _steps(multiples: Sequence[float] = (1, 2, 2.5, 3, 4, 5)) -> list[int]:
    """Whole-number steps between ticks, smallest first: 1, 2, 3, 4, 5, 10, 20, 25, 30..."""
    return sorted({int(m * 10 ** k) for k in range(10) for m in multiples if (m * 10 ** k) % 1 == 0})


def y_ticks(values: Sequence[float]) -> tuple[float, float, list[int]]:
    """The balance axis: its limits and whole-number ticks (at most six; zero always in range).

    >>> y_ticks([0, 0])
    (-1.5, 1.5, [-1, 0, 1])
    >>> y_ticks([0, 9, -3])[2]
    [-2, 0, 2, 4, 6, 8]
    """
    lo, hi = min([0.0, *values]), max([0.0, *values])
    if hi - lo < 1:  # all zero (or nearly): whole units round zero, not ±0.04
        lo, hi = min(lo, -1.5), max(hi, 1.5)
        return lo, hi, [t for t in range(math.ceil(lo), math.floor(hi) + 1)]
    margin = (hi - lo) * 0.05
    lo, hi = lo - margin, hi + margin
    for step in _steps():
        ticks = list(range(math.ceil(lo / step) * step, math.floor(hi / step) * step + 1, step))
        if len(ticks) <= 6:
            return lo, hi, ticks
    return lo, hi, [0]  # pragma: no cover - balances beyond 10**10


def x_ticks(count: int) -> list[int]:
    """The deals labelled on the x axis: every one, or every 2nd, 5th, 10th... so at most nine."""
    step = next(s for s in _steps((1, 2, 5)) if (count - 1) // s + 1 <= 9)
    return list(range(0, count, step))


def balance_chart_svg(players: Sequence[str], history: Sequence[Mapping[str, int]], *, xlabel: str, ylabel: str,
                      style: ChartStyle = BESIDE, title: str | None = None, highlight: str | None = None,
                      label: str | None = None) -> Markup:
    """The balances in ``history`` (one mapping player -> balance per point, the start included) as SVG.

    ``highlight`` draws that player's line thicker (its legend entry bold); ``label`` makes the SVG an
    image with that accessible name (otherwise the caller labels the figure around it).
    """
    font = CHART_FONT_PT
    pad = 4.0
    width = style.width
    lines = chart_lines(players, history)
    count = max(len(history), 1)
    values = [h[p] for h in history for p in players]
    y_lo, y_hi, yt = y_ticks([y for line in lines for y in line.ys] if any(values) else [0])
    xt = x_ticks(count)

    # the frame: room for the title above, the y label and tick labels left, the x ticks and label below
    top = pad + (font * 1.6 if title is not None else 0) + font * 0.6
    tick_width = max(_text_width(_tick(t), font) for t in yt)
    left = pad + font * 1.5 + tick_width + 7
    right = width - pad - max(_text_width(str(xt[-1]), font) / 2, 6)
    bottom = top + style.plot_height
    x_span = (count - 1) or 1
    x_margin = x_span * 0.04 if count > 1 else 0.5

    def px(i: float) -> float:
        start = 0 - x_margin if count > 1 else -0.5
        return left + (i - start) / (x_span + 2 * x_margin if count > 1 else 1) * (right - left)

    def py(v: float) -> float:
        return bottom - (v - y_lo) / (y_hi - y_lo) * (bottom - top)

    # the legend below: two columns when every entry fits, else one
    longest = max(_text_width(line.label, font) for line in lines) if lines else 0
    cols = 2 if len(lines) > 1 and longest <= (width - 2 * pad) / 2 - 48 else 1
    col_width = min((width - 2 * pad) / cols, longest + 48)
    legend_left = (width - cols * col_width) / 2  # centred under the picture
    rows = math.ceil(len(lines) / cols)
    legend_top = bottom + 4 + font * 1.2 + font * 1.4 + font * 0.7
    row_height = font * 1.45
    height = legend_top + rows * row_height + pad

    out: list[Markup] = []
    if title is not None:
        out.append(_text(width / 2, pad + font * 1.1, title, size=font * 1.1, max_width=width - 2 * pad,
                         attrs={"font-weight": "bold"}))
    grid = []
    if style.grid_axis in ("both", "x"):
        grid += [f"M{_num(px(i))} {_num(top)}V{_num(bottom)}" for i in xt]
    if style.grid_axis in ("both", "y"):
        grid += [f"M{_num(left)} {_num(py(t))}H{_num(right)}" for t in yt]
    out.append(el("path", {"d": "".join(grid), "stroke": "#e2e2e2", "stroke-width": "0.8", "fill": "none"}))
    out.append(el("path", {"d": f"M{_num(left)} {_num(py(0))}H{_num(right)}", "stroke": style.zero_colour,
                           "stroke-width": "0.8", "fill": "none", "class": "nap-chart-zero"}))
    # ticks and their labels: the deals, then the x label; the balances, then the y label
    marks = [f"M{_num(px(i))} {_num(bottom)}v3.5" for i in xt] + [f"M{_num(left)} {_num(py(t))}h-3.5" for t in yt]
    out.append(el("path", {"d": "".join(marks), "stroke": _INK, "stroke-width": "0.8", "fill": "none"}))
    out.extend(_text(px(i), bottom + 4 + font * 1.05, str(i)) for i in xt)
    out.append(_text((left + right) / 2, bottom + 4 + font * 1.2 + font * 1.3, xlabel, max_width=width - 2 * pad))
    out.extend(_text(left - 6, py(t) + font * 0.36, _tick(t), anchor="end") for t in yt)
    ylabel_x, ylabel_y = pad + font * 0.95, (top + bottom) / 2
    out.append(_text(ylabel_x, ylabel_y, ylabel, max_width=bottom - top + 2 * font * 0.6,
                     attrs={"transform": f"rotate(-90 {_num(ylabel_x)} {_num(ylabel_y)})"}))

    # the lines, clipped to the frame only by their own extent (the y limits hold every point)
    for i, line in enumerate(lines):
        colour = (style.colours or PALETTE)[i % len(style.colours or PALETTE)]
        marker = style.markers[i % len(style.markers)]
        thick = line.player == highlight
        lw = style.linewidth * 2 if thick else style.linewidth
        dash = _num(4 * lw) + " " + _num((2 + line.dashed) * lw) if line.dashed else None
        points = [(px(x), py(y)) for x, y in enumerate(line.ys)]
        size = style.markersize * (1.4 if thick else 1)
        out.append(el("g", {"class": "nap-chart-player", "data-player": line.player},
                      el("polyline", {"points": " ".join(f"{_num(a)},{_num(b)}" for a, b in points),
                                      "fill": "none", "stroke": colour, "stroke-width": _num(lw),
                                      "stroke-linejoin": "round", "stroke-dasharray": dash}),
                      el("path", {"d": _marker_path(marker, points, size), "fill": colour})))
    out.append(el("rect", {"x": _num(left), "y": _num(top), "width": _num(right - left),
                           "height": _num(bottom - top), "fill": "none", "stroke": _INK, "stroke-width": "0.8"}))

    # the legend: a piece of each line with its marker, and the name(s)
    entries = []
    for i, line in enumerate(lines):
        col, row = divmod(i, rows)
        colour = (style.colours or PALETTE)[i % len(style.colours or PALETTE)]
        thick = line.player == highlight
        lw = style.linewidth * 2 if thick else style.linewidth
        x0, y0 = legend_left + col * col_width + 2, legend_top + row * row_height + font * 0.5
        dash = _num(4 * lw) + " " + _num((2 + line.dashed) * lw) if line.dashed else None
        bold: dict[str, object] = {"font-weight": "bold"} if thick else {}
        entries.append(el(
            "g", {"class": "nap-chart-legend-entry", "data-player": line.player},
            el("path", {"d": f"M{_num(x0)} {_num(y0)}h26", "stroke": colour, "stroke-width": _num(lw),
                        "stroke-dasharray": dash, "fill": "none"}),
            el("path", {"d": _marker_path(style.markers[i % len(style.markers)], [(x0 + 13, y0)],
                                          style.markersize * (1.4 if thick else 1)), "fill": colour}),
            _text(x0 + 32, y0 + font * 0.36, line.label, anchor="start", max_width=width - pad - x0 - 32 if cols == 1 else col_width - 40,
                  attrs=bold)))
    out.append(el("g", {"class": "nap-chart-legend"}, *entries))

    accessible = (html('role="img" aria-label="{}" ', label) if label is not None else Markup(""))
    head = html('<svg {}xmlns="http://www.w3.org/2000/svg" width="{}pt" height="{}pt" viewBox="0 0 {} {}" '
                'font-family="{}" fill="{}" class="nap-chart-svg">',
                accessible, _num(width), _num(height), _num(width), _num(height), _FONT, _INK)
    name = el("title", None, label) if label is not None else Markup("")
    background = el("rect", {"width": "100%", "height": "100%", "fill": "#ffffff"})
    return head + name + background + join(out) + Markup("</svg>")
