"""Names people type (scorekeeper players, the learner's name, names inside a loaded session file)
reach the pages as text, never as markup: every HTML fragment is built by nap_teach.words.html, which
escapes what it is given unless it is already Markup."""
from __future__ import annotations

import base64
import datetime as dt
import html
import json
import re
from html.parser import HTMLParser

import ipywidgets as W
import pytest

from nap_teach.words.html import Markup, el, escape, join
from nap_teach.words.html import html as fill
from nap_teach.teach.play import TableSetup
from nap_teach.ui.play import PlayApp
from nap_teach.ui.scorekeeper import ScorekeeperApp

NOW = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)
SCRIPT = "<script>alert(1)</script>"
QUOTES = "O'Neil \"Q\""
AMP = "Jo & Al"
HOSTILE = (SCRIPT, QUOTES, AMP)
DEALS = [(["Pass", "Three", "Pass", "Pass"], 3), (["Pass", "Pass", "Nap", "Pass"], 5),
         (["Three", "Pass", "Pass", "Pass"], 1)]


def html_values(widget: W.Widget) -> list[str]:
    """Every HTML value on the page (the style sheet left out)."""
    out = [widget.value] if isinstance(widget, W.HTML) and not widget.value.startswith("<style>") else []
    for child in getattr(widget, "children", ()):
        out.extend(html_values(child))
    return out


class Reader(HTMLParser):
    """What a browser makes of the page: its tags, attribute names, attribute values and text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: set[str] = set()
        self.attributes: set[str] = set()
        self.values: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        for name, value in attrs:
            self.attributes.add(name)
            self.values.append(value or "")

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def assert_only_escaped(page: str, names: tuple[str, ...]) -> None:
    """Each name reads as itself (in text or an attribute) and adds no tag and no attribute."""
    reader = Reader()
    reader.feed(page)
    reader.close()
    assert "script" not in reader.tags and "<script" not in page
    assert all(re.fullmatch(r"[a-z][a-z0-9:-]*", a) for a in reader.attributes), reader.attributes
    shown = "\n".join(reader.text + reader.values)
    for name in names:
        assert name in shown, name
        if "<" in name or "&" in name:
            assert html.escape(name, quote=False) in page and name not in page, name


def upload(saveload, content: bytes) -> None:
    saveload.upload.value = ({"name": "nap-session.json", "type": "application/json", "size": len(content),
                              "content": memoryview(content), "last_modified": NOW},)


def saved(saveload) -> bytes:
    href = re.search(r'href="data:application/json;base64,([^"]+)"', saveload.download.value).group(1)
    return base64.b64decode(href)


def keeper_with(names: list[str]) -> ScorekeeperApp:
    app = ScorekeeperApp()
    app.setup.players.value = "\n".join(names)
    app.setup.first.value = names[-1]
    app.setup.start.click()
    assert app.keeper is not None, app.status.text
    for calls, tricks in DEALS:
        for (_who, what), call in zip(app.deal.rows, calls):
            what.value = call
        app.deal.tricks.value = tricks
        app.deal.submit.click()
    assert app.keeper.deals_entered == len(DEALS), app.status.text
    return app


def test_builder_escapes_text_and_keeps_markup():
    assert fill("<p title='{}'>{}</p>", QUOTES, SCRIPT) == (
        "<p title='O&#x27;Neil &quot;Q&quot;'>&lt;script&gt;alert(1)&lt;/script&gt;</p>")
    badge = Markup('<span class="nap-rule">B1</span>')
    assert fill("<p>{}{}</p>", badge, AMP) == '<p><span class="nap-rule">B1</span>Jo &amp; Al</p>'
    assert el("td", {"data-player": QUOTES, "hidden": True, "title": None}, SCRIPT) == (
        '<td data-player="O&#x27;Neil &quot;Q&quot;" hidden>&lt;script&gt;alert(1)&lt;/script&gt;</td>')
    assert join([badge, AMP], " ") == '<span class="nap-rule">B1</span> Jo &amp; Al'
    assert badge + "<b>" == '<span class="nap-rule">B1</span>&lt;b&gt;'
    assert "<i>" + badge == '&lt;i&gt;<span class="nap-rule">B1</span>'
    assert isinstance(badge + "x", Markup) and escape(badge) is not None and escape(badge) == badge
    assert escape(3) == "3" and fill("{:+d}", 5) == "+5"
    assert Markup("<b>%s</b>") % SCRIPT == "<b>&lt;script&gt;alert(1)&lt;/script&gt;</b>"


def test_scorekeeper_players_with_markup_in_their_names_are_shown_as_text():
    app = keeper_with([SCRIPT, QUOTES, AMP, "Dan"])
    page = "\n".join(html_values(app.widget))
    assert_only_escaped(page, HOSTILE)
    assert "nap-sk-row-3" in app.ledger.table.value  # the ledger was drawn, names and all
    app.language.set("es")
    assert_only_escaped("\n".join(html_values(app.widget)), HOSTILE)


def test_scorekeeper_session_file_with_markup_in_names_loads_as_text():
    record = saved(keeper_with([SCRIPT, QUOTES, AMP, "Dan"]).saveload)
    assert SCRIPT in json.loads(record)["players"]
    other = ScorekeeperApp()
    upload(other.saveload, record)
    assert other.keeper is not None and other.keeper.deals_entered == len(DEALS), other.status.text
    assert_only_escaped("\n".join(html_values(other.widget)), HOSTILE)


def test_a_refused_session_file_is_reported_as_text():
    record = json.loads(saved(keeper_with([SCRIPT, QUOTES, AMP, "Dan"]).saveload))
    record["players"] = [SCRIPT, SCRIPT, AMP, "Dan"]  # two players of one name: refused, nothing loaded
    other = ScorekeeperApp()
    upload(other.saveload, json.dumps(record).encode())
    assert other.keeper is None and other.status.kind == "refused"
    assert "<script" not in other.status.widget.value


@pytest.mark.parametrize("name", [QUOTES, AMP])
def test_learner_name_and_play_session_file_are_shown_as_text(name):
    app = PlayApp(setup=TableSetup(players=3, seed=4, deals=2, bots="random"))
    app.setup.name.value = name
    app.setup.start.click()
    assert app.table is not None and app.table.name == name
    while app.table.pending in ("call", "card"):
        if app.table.pending == "call":
            app.auction.buttons["Pass"].click()
        else:
            app.hand.typed.value = app.table.view().legal_cards[0].code
            app.hand.go.click()
    assert app.table.pending in ("deal_over", "session_over")
    app.saveload.render()
    assert_only_escaped("\n".join(html_values(app.widget)), (name,))
    other = PlayApp()
    upload(other.saveload, saved(app.saveload))
    assert other.table is not None and other.table.name == name, other.status.text
    assert_only_escaped("\n".join(html_values(other.widget)), (name,))
