"""The scorekeeper page driven by clicks from Python: deals, refusals, corrections, save/load."""
from __future__ import annotations

import base64
import io
import json
import re

import pytest
from datetime import datetime, timezone

from nap_teach.app.cli import main
from nap_teach.ui.scorekeeper import ScorekeeperApp

NOW = datetime(2024, 1, 1, tzinfo=timezone.utc)
PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
# Dan deals first; calls in speaking order, then the declarer's tricks
EIGHT = [
    (["Four", "Pass", "Pass", "Pass"], 4),
    (["Pass", "Pass", "Pass", "Pass"], 0),
    (["Pass", "Three", "Nap", "Pass"], 4),
    (["Three", "Pass", "Four", "Pass"], 5),
    (["Pass", "Nap", "Wellington", "Pass"], 5),
    (["Three", "Pass", "Pass", "Pass"], 2),
    (["Pass", "Pass", "Pass", "Four"], 4),
    (["Nap", "Pass", "Pass", "Pass"], 5),
]


def started(players=PLAYERS, first="Dan") -> ScorekeeperApp:
    app = ScorekeeperApp()
    app.setup.players.value = "\n".join(players)
    app.setup.first.value = first
    app.setup.start.click()
    assert app.keeper is not None, app.status.text
    return app


def enter(app: ScorekeeperApp, calls, tricks) -> None:
    for (_who, what), call in zip(app.deal.rows, calls):
        what.value = call
    app.deal.tricks.value = tricks
    app.deal.submit.click()


def saved_record(app: ScorekeeperApp) -> str:
    href = re.search(r'href="data:application/json;base64,([^"]+)"', app.saveload.download.value).group(1)
    return base64.b64decode(href).decode("utf-8")


AMOUNT = re.compile(r"<td class='nap-sk-amount'>([^<]*)</td>")


def ledger_cells(app: ScorekeeperApp) -> list[list[str]]:
    body = app.ledger.table.value.split("<tbody>")[1].split("</tbody>")[0]
    return [AMOUNT.findall(row) for row in body.split("</tr>") if "<td" in row]


def amount(value: int) -> str:
    return f"+{value}" if value > 0 else f"\u2212{-value}" if value < 0 else "0"


def test_eight_deals_by_clicks_match_the_command_line(tmp_path):
    app = started()
    for number, (calls, tricks) in enumerate(EIGHT, 1):
        assert f"Deal {number} of 8" in app.deal.heading.value
        dealer = PLAYERS[(3 + number - 1) % 4]
        first = PLAYERS[(3 + number) % 4]
        assert f"{dealer} deals, {first} speaks first" in app.deal.heading.value
        assert [who.value for who, _what in app.deal.rows][0] == first
        enter(app, calls, tricks)
        assert f"Deal {number} entered." in app.status.text, app.status.text
        assert f"nap-sk-row-{number}" in app.ledger.table.value
    assert app.keeper.is_over and "The session is over after 8 deals." in app.over.value
    assert app.deal.widget.layout.display == "none"

    path = tmp_path / "session.json"
    path.write_text(saved_record(app), encoding="utf-8")
    out = io.StringIO()
    assert main(["session", "--json", str(path)], out=out) == 0
    cli = json.loads(out.getvalue())
    shown = ledger_cells(app)
    assert shown == [[amount(d["settlement"][p]) for p in PLAYERS] for d in cli["deals"]]
    foot = AMOUNT.findall(app.ledger.table.value.split("<tfoot>")[1])
    assert foot == [amount(cli["balances"][p]) for p in PLAYERS]
    winners = cli["winners"]
    assert ("Winner: " if len(winners) == 1 else "Winners, sharing the win: ") in app.ledger.winners.value
    assert all(w in app.ledger.winners.value for w in winners)
    assert "add up to 0" in app.ledger.check.value
    assert app.chart.widget.value.count("<svg") == 1 and 'role="img"' in app.chart.widget.value


@pytest.mark.parametrize("case", ["six tricks", "second call", "wellington"])
def test_impossible_entries_refused_nothing_lost(case):
    app = started()
    enter(app, *EIGHT[0])
    before_ledger, before_record = app.ledger.table.value, saved_record(app)
    order = [who.value for who, _ in app.deal.rows]
    if case == "six tricks":
        calls, tricks, reason = ["Four", "Pass", "Pass", "Pass"], 6, "from 0 to 5, not 6"
    elif case == "wellington":
        calls, tricks, reason = ["Wellington", "Pass", "Pass", "Pass"], 5, "only allowed after someone has bid Nap"
    else:
        calls, tricks, reason = ["Pass", "Three", "Pass", "Pass"], 3, f"{order[0]} has passed, and a pass is final"
        app.deal.add_call.click()
        extra_who, extra_what = app.deal.rows[-1]
        assert extra_who.value == order[0]
        extra_what.value = "Four"  # Ben, who passed, bids again
    enter(app, calls, tricks)
    assert "This deal was not entered" in app.status.text and reason in app.status.text, app.status.text
    assert app.ledger.table.value == before_ledger and saved_record(app) == before_record
    # the form keeps what was typed
    assert [what.value for _, what in app.deal.rows][:4] == calls and app.deal.tricks.value == tricks
    assert "Deal 2 of 8" in app.deal.heading.value


def test_correct_an_earlier_deal():
    app = started()
    for calls, tricks in EIGHT[:3]:
        enter(app, calls, tricks)
    app.ledger.pick.value = 0
    app.ledger.edit.click()
    assert "Correcting deal 1" in app.deal.heading.value
    assert [w.value for _, w in app.deal.rows] == EIGHT[0][0] and app.deal.tricks.value == 4
    app.deal.rows[0][1].value = "Wellington"
    app.deal.submit.click()  # refused: the correction keeps the old deal
    assert "The correction was not saved" in app.status.text
    assert ledger_cells(app)[0] == ["+12", "\u22124", "\u22124", "\u22124"]
    app.deal.rows[0][1].value = "Four"
    app.deal.tricks.value = 3
    app.deal.submit.click()
    assert "Deal 1 corrected" in app.status.text
    assert ledger_cells(app)[0] == ["\u221212", "+4", "+4", "+4"]
    assert len(ledger_cells(app)) == 3 and "Deal 4 of 8" in app.deal.heading.value


def test_cancel_correction_and_remove_last():
    app = started()
    for calls, tricks in EIGHT[:2]:
        enter(app, calls, tricks)
    app.ledger.edit.click()
    assert app.deal.cancel.layout.display in (None, "")
    app.deal.cancel.click()
    assert "Deal 3 of 8" in app.deal.heading.value
    app.ledger.undo.click()
    assert len(ledger_cells(app)) == 1 and "Deal 2 of 8" in app.deal.heading.value


def test_save_then_load_by_upload():
    app = started()
    for calls, tricks in EIGHT[:5]:
        enter(app, calls, tricks)
    record = saved_record(app).encode("utf-8")
    other = ScorekeeperApp()
    other.saveload.upload.value = ({"name": "nap-session.json", "type": "application/json", "size": len(record),
                                    "content": memoryview(record), "last_modified": NOW},)
    assert other.keeper is not None and "Loaded a session with 5 deals" in other.status.text
    assert ledger_cells(other) == ledger_cells(app)
    assert "Deal 6 of 8" in other.deal.heading.value


def test_bad_upload_changes_nothing():
    app = started()
    enter(app, *EIGHT[0])
    before = saved_record(app)
    for content in (b"{not json", json.dumps({"format": "nap-session/1", "players": ["A", "B"]}).encode()):
        app.saveload.upload.value = ({"name": "x.json", "type": "application/json", "size": len(content),
                                      "content": memoryview(content), "last_modified": NOW},)
        assert "cannot be loaded" in app.status.text
        assert saved_record(app) == before


def test_setup_refuses_two_players_and_draws_lots():
    app = ScorekeeperApp()
    app.setup.players.value = "Ann\nBen"
    app.setup.start.click()
    assert app.keeper is None and "3 to 7 players" in app.status.text and "[B1]" in app.status.text
    app.setup.players.value = "Ann\nBen\nCat\nDan\nEve"
    assert [v for _l, v in app.setup.first.options] == ["Ann", "Ben", "Cat", "Dan", "Eve"]
    app.setup.draw.click()
    assert app.setup.first.value in app.setup.names() and "chosen by lot" in app.status.text
    app.setup.unit.value = "rotations"
    app.setup.length.value = 1
    app.setup.start.click()
    assert app.keeper.total_deals == 5


def test_new_session_keeps_the_current_one_until_started():
    app = started()
    enter(app, *EIGHT[0])
    app.new_session.click()
    assert app.setup.widget.layout.display in (None, "") and app.deal.widget.layout.display == "none"
    assert app.keeper.deals_entered == 1 and "download it first" in app.status.text
    app.resume.click()
    assert app.setup.widget.layout.display == "none" and "Deal 2 of 8" in app.deal.heading.value
    app.new_session.click()
    app.setup.players.value = "Eve\nFay\nGus"
    app.setup.start.click()
    assert app.keeper.players == ("Eve", "Fay", "Gus") and app.keeper.deals_entered == 0


def test_language_switch_keeps_the_session():
    app = started()
    enter(app, *EIGHT[0])
    app.switch.widget.value = "es"
    assert app.keeper.deals_entered == 1 and len(ledger_cells(app)) == 1
    app.switch.widget.value = "en"
    assert "Deal 2 of 8" in app.deal.heading.value


def test_from_environment_prefills():
    app = ScorekeeperApp.from_environment({"QUERY_STRING": "players=Ann,Ben,Cat&deals=4&lang=en"})
    assert app.setup.names() == ["Ann", "Ben", "Cat"] and app.setup.length.value == 4
    bad = ScorekeeperApp.from_environment({"QUERY_STRING": "deals=-3&lang=zz"})
    assert bad.setup.length.value == 8 and bad.language.code == "en" and bad.keeper is None


# ------------------------------------------------------------------ pub rules
def fill(app: ScorekeeperApp, calls) -> None:
    for (_who, what), call in zip(app.deal.rows, calls):
        what.value = call


def started_pub(ante=0, bust="out", deals=8, renege="full") -> ScorekeeperApp:
    app = ScorekeeperApp.from_environment({"QUERY_STRING": "profile=pub&players=Ann,Ben,Cat,Dan"})
    assert app.profile.name == "pub" and app.setup.profile.value == "pub"
    assert app.setup.options_box.layout.display in (None, "")  # the table options are offered
    assert "Pub rules" in app.title.value
    app.setup.first.value = "Dan"
    app.setup.ante.value = ante
    app.setup.bust.value = bust
    app.setup.renege.value = renege
    app.setup.length.value = deals
    app.setup.start.click()
    assert app.keeper is not None and app.keeper.profile.name == "pub", app.status.text
    return app


def test_profile_parameter_is_validated_and_the_choice_switches_the_form():
    bad = ScorekeeperApp.from_environment({"QUERY_STRING": "profile=<script>"})
    assert bad.profile.name == "british" and bad.setup.options_box.layout.display == "none"
    assert bad.setup.draw.description == "Draw lots"
    bad.setup.profile.value = "pub"
    assert bad.profile.name == "pub" and bad.setup.options_box.layout.display in (None, "")
    assert bad.setup.draw.description == "Draw cards" and "profile=pub" in bad.title.value
    bad.setup.players.value = "Ann\nBen\nCat"
    bad.setup.draw.click()
    assert "drew the lowest" in bad.status.text and "Round 1:" in bad.setup.drawn.value


def test_pub_misdeal_button_renege_entry_and_chips():
    app = started_pub(ante=20, deals=3)
    assert app.deal.misdeal.layout.display in (None, "") and app.deal.renege_box.layout.display in (None, "")
    app.deal.misdeal.click()
    assert "Misdeal: Dan deals again" in app.status.text
    assert "Deal 1 of 3: Dan deals, Ann speaks first." in app.deal.heading.value
    assert "misdeal: Dan deals again" in app.ledger.table.value
    fill(app, ["Pass", "Nap", "Pass", "Pass"])
    app.deal.renege.value = "Cat"  # Cat reneged against Ben's Nap: play stopped
    assert app.deal.tricks.disabled
    app.deal.submit.click()
    assert "Cat reneged against Ben's Nap" in app.status.text, app.status.text
    assert ledger_cells(app)[-1] == ["0", "+30", "−30", "0"]
    assert "<tr class='nap-sk-chips'>" in app.ledger.table.value
    assert "Chips on the table: Ann 20, Ben 50, Cat −10".replace("−", "-") in app.ledger.check.value
    assert "Cat is out" in app.ledger.table.value  # 20 - 30: no chips left
    assert "Deal 2 of 3: Ann deals, Ben speaks first." in app.deal.heading.value
    assert [who.value for who, _w in app.deal.rows] == ["Ben", "Dan", "Ann"]  # Cat is out
    record = json.loads(saved_record(app))
    assert record["profile"] == "pub" and record["options"]["ante"] == 20
    assert record["deals"][0] == {"misdeal": True, "dealer": "Dan"}
    assert record["deals"][1]["renege"] == "Cat"


def test_pub_extra_hand_among_three_tied_players_is_entered_like_a_deal():
    app = started_pub(deals=1)
    enter(app, ["Three", "Pass", "Pass", "Pass"], 1)  # Ann fails: Ben, Cat, Dan level on +3
    assert "one extra hand among only them" in app.ledger.winners.value
    assert "Extra hand among Ben, Cat and Dan: Ben deals, Cat speaks first." in app.deal.heading.value
    assert len(app.deal.rows) == 3 and app.deal.widget.layout.display in (None, "")
    enter(app, ["Pass", "Four", "Pass"], 3)  # Dan fails Four: Ben and Cat level, two share
    assert app.keeper.is_over and "they share the win" in app.ledger.winners.value
    assert "Extra hand: Dan: Four, failed" in app.ledger.table.value
    loaded = json.loads(saved_record(app))
    assert loaded["deals"][-1]["tie_break"] is True


def test_pub_correcting_a_deal_keeps_the_renege_and_refuses_a_misdeal_correction():
    app = started_pub()
    fill(app, ["Four", "Pass", "Pass", "Pass"])
    app.deal.renege.value = "Ann"
    app.deal.submit.click()
    assert ledger_cells(app)[0] == ["−12", "+4", "+4", "+4"]
    app.deal.misdeal.click()
    assert [o[1] for o in app.ledger.pick.options] == [0]  # a misdeal has nothing to correct
    app.ledger.edit.click()
    assert app.deal.renege.value == "Ann" and app.deal.misdeal.layout.display == "none"
    app.deal.renege.value = "Ben"
    app.deal.submit.click()
    assert ledger_cells(app)[0] == ["+12", "−12", "0", "0"]


def test_p8_chips_below_zero_are_explained_as_a_debt_and_the_player_is_out():
    """Ann fails a Nap with 10 chips (each opponent is paid 5): her chips show −5 ✗, and the page says how the
    shortfall is settled, in English and Spanish."""
    app = started_pub(ante=10, deals=4)
    enter(app, ["Nap", "Pass", "Pass", "Pass"], 2)
    assert "the 5 chips short (shown as −5) are a debt that Ann settles" in app.status.text
    assert "the next deals are among the others" in app.status.text
    assert "<td class='nap-sk-chip'>−5 ✗</td>" in app.ledger.table.value
    assert "nap-sk-chips-debt" in app.ledger.check.value and "a debt that Ann settles" in app.ledger.check.value
    app.switch.widget.value = "es"
    assert "las 5 fichas que faltan (se ven como −5) son una deuda que Ann salda" in app.ledger.check.value
