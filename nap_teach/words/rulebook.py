"""The learner's prose of every rule, in our own words, filled with the facts of a profile.

The rule index (ids, titles, topics, enforcing code) is the engine's
(:mod:`nap_teach.engine.rules`); this module gives each rule its explanation
for a reader (:func:`prose`) and says what a contract needs in a few words
(:func:`tricks_needed`, for the stakes tables).
"""
from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Callable, Mapping

from ..engine.messages import N_, VARIATION_NAMES
from .html import Markup, html, join
from ..engine.rules import Topic

if TYPE_CHECKING:  # pragma: no cover - types only
    from ..engine.profiles import Contract, Profile
    from .i18n import Translator

__all__ = ["PROSE", "prose", "tricks_needed", "options_line", "stakes_table_html"]

Prose = Callable[["Profile", "Translator"], list[str]]


def _fixed(*paragraphs: str) -> Prose:
    """Prose that takes no facts from the profile: paragraphs translated as they are."""
    def text(p: Profile, tr: Translator) -> list[str]:
        return [tr.gettext(para) for para in paragraphs]
    return text


def _players(p: Profile, tr: Translator) -> list[str]:
    _ = tr.gettext
    return [_("From {low} to {high} people can play, seated round a table; everything goes clockwise. "
              "One ordinary pack of 52 cards is used, without jokers.").format(low=p.min_players,
                                                                              high=p.max_players),
            _("In every suit the ace is highest, then king, queen, jack, ten and so on down to the two. "
              "Cards have no point values: only tricks count.")]


def _rotation(p: Profile, tr: Translator) -> list[str]:
    _ = tr.gettext
    if p.first_dealer == "low_card":
        return [_("After every deal the deal moves one seat to the left, even when everyone passed.")]
    return [_("Lots decide who deals first. After every deal the deal moves one seat to the left, "
              "even when everyone passed.")]


_first_dealer_low_card = _fixed(
    N_("To choose the first dealer, each player is dealt one card face up. The lowest card deals, "
       "and here the ace counts low, below the two."),
    N_("If two or more players share the lowest rank, those players draw again until one is lowest."),
)


def _misdeal(p: Profile, tr: Translator) -> list[str]:
    _ = tr.gettext
    return [tr.ngettext("The player on the dealer's right cuts so that each part keeps at least {least} card.",
                        "The player on the dealer's right cuts so that each part keeps at least {least} cards.",
                        p.min_cut).format(
                least=p.min_cut),
            _("If a card is exposed during the deal, or someone gets the wrong number of cards, it is a "
              "misdeal: the same dealer shuffles and deals again. Nobody pays, the deal does not pass to the "
              "left, and the void deal does not count toward the session.")]


def _misere(p: Profile, tr: Translator) -> list[str]:
    _ = tr.gettext
    misere = next((c for c in p.ladder if not c.trumps), None)
    name = tr.call(misere.name) if misere else ""
    return [_("{call} is a bid to take no trick at all. It ranks between Three and Four.").format(call=name),
            _("In {call} nothing is trump: the declarer's first lead only opens the play. Every trick goes to "
              "the highest card of the suit led; a card of another suit never wins, however high. The "
              "declarer fails as soon as they take a trick, but all five tricks are still played.").format(
                call=name)]


def _renege(p: Profile, tr: Translator) -> list[str]:
    _ = tr.gettext
    paras = [_("Failing to follow suit when you could is a renege. At a real table play stops there."),
             _("A declarer who reneges pays every opponent the stake for a failed contract.")]
    if p.options.get("renege_share", "full") == "full":
        paras.append(_("A defender who reneges pays the declarer what every opponent would pay for a made "
                       "contract; the other defenders pay nothing."))
    else:
        paras.append(_("At this table a defender who reneges pays the declarer one share only, the stake "
                       "of one opponent; the other defenders pay nothing."))
    paras.append(_("In this app's play page you cannot renege: a card that does not follow suit is refused. "
                   "The scorekeeper records reneges made at a real table."))
    return paras


def _variations(p: Profile, tr: Translator) -> list[str]:
    return [tr.gettext("The pub rules also mention other ways to play: {variations}. Each changes the deal or the "
                       "bids so much that it is a game of its own, so none of them is part of the rules here.").format(
                variations=tr.join(tr.variation_name(v) for v in VARIATION_NAMES))]


_deal = _fixed(
    N_("The pack is shuffled before each deal and the player on the dealer's right cuts it. The "
       "dealer then deals clockwise, starting on the left: three cards to each player, then two more "
       "each, so everyone holds five."),
)


def _unused(p: Profile, tr: Translator) -> list[str]:
    _ = tr.gettext
    counts = ", ".join(tr.ngettext("{unused} with {n} player", "{unused} with {n} players", n).format(
        unused=p.unused_cards(n), n=n)
                       for n in range(p.min_players, p.max_players + 1))
    return [_("The rest of the pack stays face down all deal: {counts}. Nobody looks at these cards, "
              "and nobody exchanges or picks them up.").format(counts=counts)]


_auction_order = _fixed(
    N_("The auction starts with the player on the dealer's left and ends with the dealer. Everyone "
       "speaks exactly once: pass, or bid higher than any bid before."),
)


def _requires(p: Profile, tr: Translator) -> list[str]:
    _ = tr.gettext
    return [_("{call} may only be bid once someone has bid {needed} in the same auction, "
              "so nobody may open with it.").format(call=tr.call(c.name), needed=tr.call(c.requires))
            for c in p.ladder if c.requires]


def _ladder(p: Profile, tr: Translator) -> list[str]:
    _ = tr.gettext
    names = " < ".join(tr.call(c.name) for c in p.ladder)
    promises = []
    for c in p.ladder:
        if c.max_tricks == 0:
            promises.append(_("{call} promises to take no trick").format(call=tr.call(c.name)))
        elif c.min_tricks >= p.hand_size:
            promises.append(_("{call} promises all five tricks").format(call=tr.call(c.name)))
        else:
            promises.append(tr.ngettext("{call} promises at least {n} trick", "{call} promises at least {n} tricks",
                                        c.min_tricks).format(call=tr.call(c.name), n=c.min_tricks))
    paras = [_("The bids, from low to high: {ladder}.").format(ladder=names), "; ".join(promises) + "."]
    if p.rule(Topic.REQUIRES) == p.rule(Topic.LADDER):  # one rule states both (P3)
        paras += _requires(p, tr)
    return paras


_pass_final = _fixed(
    N_("There is only one round of calls. Once you have passed you stay out, even if someone bids "
       "after you."),
)


_passed_out = _fixed(
    N_("When everyone passes, nobody plays and nobody pays. The deal still counts as a deal of the "
       "session, and the next player deals."),
)


_lead = _fixed(
    N_("The highest bidder, the declarer, leads any card to the first trick. That card stays in the "
       "trick, and its suit is trump until the end of the deal."),
)


_follow = _fixed(
    N_("Play a card of the suit led whenever you can. With none of that suit you may play any card: "
       "you never have to trump, nor to beat a trump already played."),
)


_trick = _fixed(
    N_("The highest trump wins the trick; with no trump in it, the highest card of the suit led. A "
       "card of any other suit never wins. The winner leads to the next trick."),
)


def _five_tricks(p: Profile, tr: Translator) -> list[str]:
    _ = tr.gettext
    if not p.early_stop:
        return [_("All five tricks are always played, even when the result is already certain: "
                  "there is no early stop under these rules.")]
    return [_("Five tricks are played. The table may agree to stop early once the result cannot change "
              "any more: the declarer already has enough tricks, or can no longer get them.")]


_defenders = _fixed(
    N_("The other players defend together against the declarer, but only through the cards they "
       "play: no showing cards, and no telling another defender what to play."),
)


def _stakes(p: Profile, tr: Translator) -> list[str]:
    _ = tr.gettext
    paras = [_("When the contract is made every opponent pays the declarer its stake; when it fails the "
               "declarer pays every opponent. Extra tricks, or failing by more, change nothing.")]
    if any(c.made != c.failed for c in p.ladder):
        paras.append(_("Here some bids pay more when made than they cost when they fail: see the two "
                       "columns of the table."))
    if "misere_stakes" in p.option_choices and p.has_contract("Misere"):
        misere, nap = p.contract("Misere"), p.contract("Nap")
        other = next((v for v in p.option_choices["misere_stakes"] if v != p.options.get("misere_stakes")), None)
        if other is not None:
            made, failed = (int(x) for x in str(other).split("/"))
            house = (_("House option: some tables pay {misere} like {nap}, {made} made and {failed} failed, "
                       "instead of {now_made} and {now_failed}; agree on it before play.")
                     if (made, failed) == (nap.made, nap.failed) else
                     _("This table has agreed a house option: {misere} pays {now_made} made and {now_failed} "
                       "failed; without it, {misere} pays {made} and {failed}."))
            paras.append(house.format(misere=tr.call(misere.name), nap=tr.call(nap.name), made=made,
                                      failed=failed, now_made=misere.made, now_failed=misere.failed))
    return paras


def _balances(p: Profile, tr: Translator) -> list[str]:
    _ = tr.gettext
    paras = [_("Everyone starts at zero. Balances are ledger points, not money, and may go below zero. "
               "What one player wins the others lose, so the balances always add up to zero.")]
    if "ante" in p.option_choices:
        paras.append(_("With an ante, each player's chips are the ante plus the balance, so the chips on the "
                       "table always add up to the antes paid."))
    return paras


def _session(p: Profile, tr: Translator) -> list[str]:
    _ = tr.gettext
    if p.tie_break:
        return [_("Before the session everyone antes the same number of chips; each deal is settled in "
                  "chips. A player whose chips run out is out of the session, or, if the table agrees, "
                  "antes again."),
                _("A payment larger than the chips a player has left is still made in full: that player's "
                  "chips go below zero by the shortfall, a debt settled when the session ends (the table's "
                  "choice here), and the player is out."),
                _("After the agreed number of deals the most chips wins. If two or more players are level "
                  "at the top, one extra hand among only them decides. A hand of Nap needs at least three "
                  "players, so when only two are level the table chooses instead: here they share the win.")]
    return [_("A session lasts an agreed number of deals (eight is usual, passed-out deals included) "
              "or of full rounds of the deal. The highest balance wins; tied players share the win.")]


def tricks_needed(contract: Contract, profile: Profile, tr: Translator) -> str:
    """What a contract needs, in a few words: "none", "all five" or "at least 3" (the stakes tables)."""
    _ = tr.gettext
    if contract.max_tricks == 0:
        return tr.pgettext("tricks needed", "none")  # Spanish "ninguna" (una baza), not "ninguno"
    if contract.min_tricks >= profile.hand_size:
        return _("all five")
    return _("at least {n}").format(n=contract.min_tricks)



# ------------------------------------------------------------------ rule id -> prose
PROSE: Mapping[str, Prose] = MappingProxyType({
    "B1": _players,
    "B2": _rotation,
    "B3": _deal,
    "B4": _unused,
    "B5": _auction_order,
    "B6": _ladder,
    "B7": _requires,
    "B8": _pass_final,
    "B9": _passed_out,
    "B10": _lead,
    "B11": _follow,
    "B12": _trick,
    "B13": _five_tricks,
    "B14": _defenders,
    "B15": _stakes,
    "B16": _balances,
    "B17": _session,
    "P1": _first_dealer_low_card,
    "P2": _misdeal,
    "P3": _ladder,
    "P4": _misere,
    "P5": _stakes,
    "P6": _five_tricks,
    "P7": _renege,
    "P8": _session,
    "P9": _variations,
})
"""Rule id -> its prose, for every rule of the index."""


def prose(rule_id: str, profile: Profile, tr: Translator) -> list[str]:
    """The learner's explanation of a rule (paragraphs of plain text), with the facts of ``profile``."""
    return PROSE[rule_id](profile, tr)


def options_line(profile: Profile, tr: Translator) -> str | None:
    """The table options in words, or None when the profile has none."""
    _ = tr.gettext
    o = profile.options
    if not o:
        return None
    parts = [_("Misère pays {stakes}").format(stakes=o.get("misere_stakes", "3/3"))]
    parts.append(_("a reneging defender pays every opponent's share") if o.get("renege_share", "full") == "full"
                 else _("a reneging defender pays one share"))
    if profile.ante:
        parts.append(tr.ngettext("ante {ante} chip each", "ante {ante} chips each", profile.ante).format(ante=profile.ante))
        parts.append(_("a player out of chips leaves the session") if o.get("bust", "out") == "out"
                     else _("a player out of chips antes again"))
    return _("Table options: {options}.").format(options="; ".join(parts))


def stakes_table_html(profile: Profile, tr: Translator, *, table_class: str = "nap-table-grid nap-stakes",
                      number_class: str = "") -> Markup:
    """The ladder with the tricks each bid needs and what it pays, read from the profile.

    The one drawing of the stakes table: the front page and the rules explorer show it
    (``nap-stakes``), the rules card and the scoresheet print it (``nap-handout-stakes``).
    """
    _ = tr.gettext
    head = html("<tr><th scope='col'>{}</th><th scope='col'>{}</th><th scope='col'>{}</th>"
                "<th scope='col'>{}</th></tr>", _("Bid"), _("Tricks needed"), _("Made: each opponent pays"),
                _("Failed: declarer pays each"))
    number = html("<td class='{}'>", number_class) if number_class else Markup("<td>")
    rows = join(html("<tr data-contract='{}'><th scope='row'>{}</th><td>{}</td>{}{}</td>{}{}</td></tr>",
                     c.name, tr.call(c.name), tricks_needed(c, profile, tr), number, c.made, number, c.failed)
                for c in profile.ladder)
    return html("<table class='{}'><caption>{}</caption><thead>{}</thead><tbody>{}</tbody></table>",
                table_class, _("Stakes in ledger points, per opponent"), head, rows)
