"""Issue 17: the balance chart is an SVG built by plain Python (no matplotlib in the kernel)."""
from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from nap_teach.words.i18n import translator
from nap_teach.ui.chart import BELOW, BESIDE, balance_chart_svg, x_ticks, y_ticks
from nap_teach.ui.scorekeeper import chart_svg

SVG = "{http://www.w3.org/2000/svg}"
PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
HISTORY = [dict.fromkeys(PLAYERS, 0), {"Ann": 9, "Ben": -3, "Cat": -3, "Dan": -3},
           {"Ann": 4, "Ben": 2, "Cat": -3, "Dan": -3}]


def parsed(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


def polylines(root: ET.Element) -> list[ET.Element]:
    return list(root.iter(SVG + "polyline"))


def texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(SVG + "text")]


def y_tick_labels(root: ET.Element, xlabel: str, ylabel: str) -> list[str]:
    words = texts(root)
    return words[words.index(xlabel) + 1:words.index(ylabel)]


@pytest.mark.parametrize("style", [BESIDE, BELOW])
def test_b16_the_chart_is_well_formed_svg_with_one_line_per_player(style):
    svg = balance_chart_svg(PLAYERS, HISTORY, xlabel="deal", ylabel="balance", style=style,
                            title="Balances", highlight="Ann", label="Balances after each deal")
    root = parsed(svg)
    lines = polylines(root)
    assert [line.get("points").count(",") for line in lines] == [len(HISTORY)] * len(PLAYERS)
    players = [g.get("data-player") for g in root.iter(SVG + "g") if g.get("class") == "nap-chart-player"]
    assert players == PLAYERS
    # every point has a marker: one closed figure per point in each line's marker path
    for g in (g for g in root.iter(SVG + "g") if g.get("class") == "nap-chart-player"):
        assert g.find(SVG + "path").get("d").count("Z") == len(HISTORY)
    assert "Balances" in texts(root) and "deal" in texts(root) and "balance" in texts(root)


def test_b16_players_with_the_same_balances_are_dashed_apart_and_named_together_in_the_legend():
    history = [{"Ann": 0, "Ben": 0, "Cat": 0}, {"Ann": 3, "Ben": 3, "Cat": -6}]
    root = parsed(balance_chart_svg(["Ann", "Ben", "Cat"], history, xlabel="deal", ylabel="balance", style=BELOW))
    ann, ben, cat = polylines(root)
    assert ben.get("stroke-dasharray") and not ann.get("stroke-dasharray") and not cat.get("stroke-dasharray")
    assert ann.get("points") != ben.get("points")  # drawn a little apart, not on top of each other
    legend = next(g for g in root.iter(SVG + "g") if g.get("class") == "nap-chart-legend")
    assert ["".join(t.itertext()) for t in legend.iter(SVG + "text")] == ["Ann", "Ben = Ann", "Cat"]
    # the legend lies below the lines
    frame = root.find(SVG + "rect[@stroke]")
    bottom = float(frame.get("y")) + float(frame.get("height"))
    assert all(float(t.get("y")) > bottom for t in legend.iter(SVG + "text"))


def test_b1_names_from_users_are_escaped_in_the_chart():
    players = ["<b>Ann</b>&", 'Ben "B"']
    history = [dict.fromkeys(players, 0), {players[0]: 2, players[1]: -2}]
    svg = balance_chart_svg(players, history, xlabel="deal", ylabel="<i>", style=BELOW, title="a & b",
                            label='<script>x</script> "q"')
    assert "<b>" not in svg and "<i>" not in svg and "<script>" not in svg
    root = parsed(svg)  # escaped well enough to stay XML
    assert "<b>Ann</b>&" in texts(root) and 'Ben "B"' in texts(root) and "<i>" in texts(root)
    assert root.get("aria-label") == '<script>x</script> "q"'
    assert [g.get("data-player") for g in root.iter(SVG + "g") if g.get("class") == "nap-chart-player"] == players


@pytest.mark.parametrize("history, ticks", [
    ([dict.fromkeys(PLAYERS, 0)] * 3, ["\u22121", "0", "1"]),
    (HISTORY, ["\u22122", "0", "2", "4", "6", "8"]),
    ([dict.fromkeys(PLAYERS, 0), {"Ann": 1, "Ben": 0, "Cat": 0, "Dan": -1}], ["\u22121", "0", "1"]),
    ([dict.fromkeys(PLAYERS, 0), {"Ann": 12, "Ben": -4, "Cat": -4, "Dan": -4}],
     ["\u22123", "0", "3", "6", "9", "12"]),  # the losers' side has a tick too
    ([dict.fromkeys(PLAYERS, 0), {"Ann": 250, "Ben": -90, "Cat": -80, "Dan": -80}], None),
])
def test_b16_the_balance_axis_has_whole_number_ticks(history, ticks):
    for style in (BESIDE, BELOW):
        labels = y_tick_labels(parsed(balance_chart_svg(PLAYERS, history, xlabel="deal", ylabel="balance",
                                                        style=style)), "deal", "balance")
        assert 2 <= len(labels) <= 6 and "0" in labels
        assert all(label.lstrip("\u2212").isdigit() for label in labels), labels
        if ticks is not None:
            assert labels == ticks


def test_b16_tick_helpers_keep_zero_and_whole_numbers():
    lo, hi, ticks = y_ticks([0, 3, -7, 1234])
    assert lo <= -7 and hi >= 1234 and 0 in ticks and all(isinstance(t, int) for t in ticks) and len(ticks) <= 6
    assert y_ticks([0.0, 0.3]) == (-1.5, 1.5, [-1, 0, 1])
    assert x_ticks(4) == [0, 1, 2, 3]
    assert len(x_ticks(61)) <= 9 and x_ticks(61)[:2] == [0, 10]


def test_the_learners_line_is_marked_by_more_than_its_colour():
    root = parsed(balance_chart_svg(PLAYERS, HISTORY, xlabel="deal", ylabel="balance", highlight="Ben"))
    widths = [float(line.get("stroke-width")) for line in polylines(root)]
    assert widths[1] == 2 * widths[0] == 2 * widths[2]
    legend = [t for t in root.iter(SVG + "text") if t.text == "Ben"]
    assert legend and legend[0].get("font-weight") == "bold"


def test_the_chart_is_an_image_named_in_the_pages_language():
    history = [{"Ann": 0, "Ben": 0}, {"Ann": 2, "Ben": -2}]
    root = parsed(chart_svg(history, ["Ann", "Ben"], translator("es")))
    assert root.get("role") == "img" and root.get("aria-label") == "Saldos tras cada mano"
    assert root.find(SVG + "title").text == "Saldos tras cada mano"
    assert "Mano" in texts(root) and "Saldo" in texts(root)
    # without a label the caller names the figure around it
    plain = parsed(balance_chart_svg(["Ann", "Ben"], history, xlabel="deal", ylabel="balance"))
    assert plain.get("role") is None and plain.find(SVG + "title") is None


def test_drawing_the_chart_does_not_import_matplotlib():
    code = ("import sys\n"
            "import nap_teach.ui.play\n"
            "from nap_teach.ui.chart import BELOW, balance_chart_svg\n"
            "h = [{'Ann': 0, 'Ben': 0}, {'Ann': 2, 'Ben': -2}]\n"
            "assert '<polyline' in balance_chart_svg(['Ann', 'Ben'], h, xlabel='d', ylabel='b', highlight='Ann')\n"
            "assert '<polyline' in balance_chart_svg(['Ann', 'Ben'], h, xlabel='d', ylabel='b', style=BELOW)\n"
            "print('matplotlib' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"
