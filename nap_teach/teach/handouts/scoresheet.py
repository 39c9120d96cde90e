"""The scorekeeper's sheet: blank (a column per player and the stakes to hand) or filled from a session."""
from __future__ import annotations

from typing import Sequence

from ...words.html import Markup, html, join
from ...words.i18n import Translator
from ...engine.profiles import Profile
from ...engine.session import LedgerRow, Session
from .rules import stakes_strip_html

__all__ = ["scoresheet_html", "ledger_table_html", "MAX_BLANK_ROWS"]

MAX_BLANK_ROWS = 40


def _cols(n: int) -> Markup:
    """Fixed column widths (the stylesheet sizes each class): the deal's own columns, then paid and balance per player."""
    own = ("nap-col-deal", "nap-col-name", "nap-col-name", "nap-col-bid", "nap-col-tricks")
    return html("<colgroup>{}{}</colgroup>", join(html("<col class='{}'>", c) for c in own),
                Markup("<col class='nap-col-paid'><col class='nap-col-balance'>") * n)


def _head(players: Sequence[str], tr: Translator, *, named: bool = True) -> Markup:
    """Two heading rows: the deal's columns, each player's name over two cells (paid, balance).

    ``named=False`` leaves a line to write each name on, with "Player 1" ... small under it."""
    _ = tr.gettext
    own = join(html("<th scope='col' rowspan='2' class='{}'>{}</th>", css, text) for css, text in (
        ("nap-sheet-deal", _("Deal")), ("nap-sheet-dealer", _("Dealer")), ("nap-sheet-declarer", _("Declarer")),
        ("nap-sheet-bid", _("Bid")), ("nap-sheet-tricks", _("Tricks"))))
    if named:
        names = join(html("<th scope='colgroup' colspan='2' class='nap-sheet-player' data-player='{}'>{}</th>", p, p)
                     for p in players)
    else:
        names = join(html("<th scope='colgroup' colspan='2' class='nap-sheet-player nap-sheet-to-name' data-player='{}'>"
                          "<span class='nap-sheet-name-line'></span><span class='nap-sheet-name-hint'>{}</span></th>", p, p)
                     for p in players)
    sub = join(html("<th scope='col' class='nap-sheet-paid'>{}</th><th scope='col' class='nap-sheet-balance'>{}</th>",
                    _("paid"), _("balance")) for _p in players)
    return html("<tr>{}{}</tr><tr class='nap-sheet-sub'>{}</tr>", own, names, sub)


def _fields(profile: Profile, tr: Translator) -> Markup:
    """The sheet's top line: the rules, and a table number and a date to write in."""
    _ = tr.gettext
    return html("<div class='nap-sheet-fields'><span class='nap-sheet-field'><strong>{}</strong> {}</span>"
                "<span class='nap-sheet-field nap-sheet-table'><strong>{}</strong> <span class='nap-sheet-blank'></span></span>"
                "<span class='nap-sheet-field nap-sheet-date'><strong>{}</strong> <span class='nap-sheet-blank'></span></span>"
                "</div>", _("Rules:"), tr.profile_name(profile.name), _("Table:"), _("Date:"))


def _label(row: LedgerRow, tr: Translator) -> str:
    if row.kind == "misdeal":
        return tr.gettext("misdeal")
    if row.kind == "tie_break":
        return tr.gettext("extra hand")
    return str(row.deal_number if row.deal_number is not None else row.number)


def ledger_table_html(session: Session, tr: Translator) -> Markup:
    """Every entry of a session: dealer, declarer, bid, tricks, and each player's payment and balance
    (in two cells)."""
    _ = tr.gettext
    players = session.players
    rows = []
    for row in session.ledger():
        if row.contract is None:
            bid = _("all passed") if row.kind == "deal" else "—"
        else:
            bid = tr.call(row.contract.name)
        cells = join(html("<td class='nap-handout-num'>{}</td><td class='nap-handout-num nap-sheet-balance'>{}</td>",
                          tr.amount(row.settlement[p]), tr.amount(row.balances[p]))
                     if p in row.settlement and p in row.balances else Markup("<td>—</td><td>—</td>") for p in players)
        rows.append(html("<tr data-entry='{}'><th scope='row'>{}</th><td>{}</td><td>{}</td><td>{}</td><td>{}</td>{}</tr>",
                         row.number, _label(row, tr), row.dealer, row.declarer or "—", bid,
                         "—" if row.declarer_tricks is None else row.declarer_tricks, cells))
    balances = session.balances
    foot = html("<tr class='nap-handout-total'><th scope='row' colspan='5'>{}</th>{}</tr>", _("Balances"),
                join(html("<td></td><td class='nap-handout-num nap-handout-win'>{}</td>", tr.amount(balances[p]))
                     for p in players))
    return html("<table class='nap-handout-ledger nap-sheet-n{}'>{}<thead>{}</thead><tbody>{}</tbody><tfoot>{}</tfoot>"
                "</table><p class='nap-handout-result'>{}</p>", len(players), _cols(len(players)), _head(players, tr), join(rows), foot,
                tr.explain(session.standing()))


def scoresheet_html(profile: Profile, tr: Translator, *, players: Sequence[str] | int = 4, rows: int = 12,
                    session: Session | None = None) -> Markup:
    """A scorekeeper's sheet for ``profile`` (printed across the sheet, landscape): the rules, a table number and
    a date to fill in, a column pair (paid, balance) under each player's name, wide enough to write "Wellington"
    in the bid column, and the stakes along the foot. Blank, for names (``players``: the names, or a number of
    players whose names are written in by hand) and ``rows`` deals; or filled with the ledger of ``session``.

    A table size outside the profile's 3..7 (pub 2..7) or a bad number of rows is a ValueError."""
    _ = tr.gettext
    if session is not None:
        profile = session.profile
        names: Sequence[str] = session.players
        body = ledger_table_html(session, tr)
        title = tr.ngettext("Scorekeeper's sheet: {count} deal played", "Scorekeeper's sheet: {count} deals played",
                            len(session.entries)).format(count=len(session.entries))
    else:
        named = not isinstance(players, int)
        if isinstance(players, int):
            count = players
            names = [_("Player {number}").format(number=i + 1) for i in range(players)]
        else:
            count = len(players)
            names = list(players)
        if not profile.min_players <= count <= profile.max_players:
            raise ValueError(f"{count} players: the {profile.name} rules are for {profile.min_players} to "
                             f"{profile.max_players}")
        if not 1 <= rows <= MAX_BLANK_ROWS:
            raise ValueError(f"rows is 1..{MAX_BLANK_ROWS}")
        blank = join(html("<tr class='nap-handout-blank'><th scope='row'>{}</th><td></td><td></td><td></td><td></td>"
                          "{}</tr>", i + 1, Markup("<td></td><td class='nap-sheet-balance'></td>") * len(names))
                     for i in range(rows))
        body = html("<table class='nap-handout-ledger nap-sheet-n{}'>{}<thead>{}</thead><tbody>{}</tbody></table>",
                    len(names), _cols(len(names)), _head(names, tr, named=named), blank)
        title = _("Scorekeeper's sheet")
    how = _("For each deal write who dealt, who declared which bid and the tricks taken, then under each "
            "player what they paid (−) or received (+) and their balance. The payments of a deal add up to "
            "zero, and so do the balances.")
    return html('<article class="nap-handout nap-handout-scoresheet nap-handout-landscape" data-profile="{}" '
                'data-players="{}" lang="{}"><h1>{}</h1>{}<p class="nap-handout-sub">{}</p>{}{}</article>',
                profile.name, len(names), tr.lang, title, _fields(profile, tr), how, body,
                stakes_strip_html(profile, tr))
