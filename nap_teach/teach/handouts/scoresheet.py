"""The scorekeeper's sheet: blank (a column per player and the stakes to hand) or filled from a session."""
from __future__ import annotations

from typing import Sequence

from ...words.html import Markup, html, join
from ...words.i18n import Translator
from ...engine.profiles import Profile
from ...engine.session import LedgerRow, Session
from .rules import handout_stakes_html

__all__ = ["scoresheet_html", "ledger_table_html", "MAX_BLANK_ROWS"]

MAX_BLANK_ROWS = 40


def _head(players: Sequence[str], tr: Translator) -> Markup:
    _ = tr.gettext
    cols = join(html("<th scope='col' data-player='{}'>{}<br><span class='nap-handout-sub'>{}</span></th>", p, p,
                     _("paid / balance")) for p in players)
    return html("<tr><th scope='col'>{}</th><th scope='col'>{}</th><th scope='col'>{}</th><th scope='col'>{}</th>"
                "<th scope='col'>{}</th>{}</tr>", _("Deal"), _("Dealer"), _("Declarer"), _("Bid"), _("Tricks"), cols)


def _label(row: LedgerRow, tr: Translator) -> str:
    if row.kind == "misdeal":
        return tr.gettext("misdeal")
    if row.kind == "tie_break":
        return tr.gettext("extra hand")
    return str(row.deal_number if row.deal_number is not None else row.number)


def ledger_table_html(session: Session, tr: Translator) -> Markup:
    """Every entry of a session: dealer, declarer, bid, tricks, and each player's payment and balance."""
    _ = tr.gettext
    players = session.players
    rows = []
    for row in session.ledger():
        if row.contract is None:
            bid = _("all passed") if row.kind == "deal" else "—"
        else:
            bid = tr.call(row.contract.name)
        cells = join(html("<td class='nap-handout-num'>{}</td>",
                          f"{tr.amount(row.settlement[p])} / {tr.amount(row.balances[p])}"
                          if p in row.settlement and p in row.balances else "—") for p in players)
        rows.append(html("<tr data-entry='{}'><th scope='row'>{}</th><td>{}</td><td>{}</td><td>{}</td><td>{}</td>{}</tr>",
                         row.number, _label(row, tr), row.dealer, row.declarer or "—", bid,
                         "—" if row.declarer_tricks is None else row.declarer_tricks, cells))
    balances = session.balances
    foot = html("<tr class='nap-handout-total'><th scope='row' colspan='5'>{}</th>{}</tr>", _("Balances"),
                join(html("<td class='nap-handout-num nap-handout-win'>{}</td>", tr.amount(balances[p]))
                     for p in players))
    return html("<table class='nap-handout-ledger'><thead>{}</thead><tbody>{}</tbody><tfoot>{}</tfoot></table>"
                "<p class='nap-handout-result'>{}</p>", _head(players, tr), join(rows), foot,
                tr.explain(session.standing()))


def scoresheet_html(profile: Profile, tr: Translator, *, players: Sequence[str] | int = 4, rows: int = 12,
                    session: Session | None = None) -> Markup:
    """A scorekeeper's sheet for ``profile``: blank, with a column per player (names, or "Player 1" ...
    for a number of players) and ``rows`` empty deals, or filled with the ledger of ``session``.

    A table size outside the profile's 3..7 (pub 2..7) or a bad number of rows is a ValueError."""
    _ = tr.gettext
    if session is not None:
        profile = session.profile
        names: Sequence[str] = session.players
        body = ledger_table_html(session, tr)
        title = tr.ngettext("Scorekeeper's sheet: {count} deal played", "Scorekeeper's sheet: {count} deals played",
                            len(session.entries)).format(count=len(session.entries))
    else:
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
                          "{}</tr>", i + 1, Markup("<td></td>") * len(names)) for i in range(rows))
        body = html("<table class='nap-handout-ledger'><thead>{}</thead><tbody>{}</tbody></table>",
                    _head(names, tr), blank)
        title = _("Scorekeeper's sheet")
    how = _("For each deal write who dealt, who declared which bid and the tricks taken, then under each "
            "player what they paid (−) or received (+) and their balance. The payments of a deal add up to "
            "zero, and so do the balances.")
    return html('<article class="nap-handout nap-handout-scoresheet" data-profile="{}" data-players="{}" lang="{}">'
                '<h1>{}</h1><p class="nap-handout-sub">{}</p><p>{}</p>{}{}</article>',
                profile.name, len(names), tr.lang, title, tr.profile_name(profile.name), how, body,
                handout_stakes_html(profile, tr))
