"""The rulebook: every rule of both profiles with its id, title, topics and the learner's prose.

One entry per rule point: the British rules ``B1``..``B17`` and the pub rules
``P1``..``P9``. An entry holds

- its **id** and **title** (a gettext message id, translated by
  :meth:`nap_teach.i18n.Translator.rule_title`);
- the **topics** it states (:class:`Topic`). A profile maps each topic to the
  rule that states it there: the British profile takes the topics of the B
  rules, the pub profile replaces some of them with its P rules
  (:func:`topic_map`, read by :mod:`nap_teach.profiles`);
- its **prose**: a short explanation for the learner, in our own words, filled
  with the facts of the profile it is read under (:func:`prose`);
- the engine code that **enforces** it (``module:qualified.name``), listed in
  the generated reference ``docs/rules.md`` beside the tests named after the
  rule (see :mod:`nap_teach.rulesdoc`).

This module imports nothing of the engine at load time, so that the profiles
can read their topic maps from it.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Callable, Mapping

from .messages import N_, VARIATION_NAMES

if TYPE_CHECKING:  # pragma: no cover - types only
    from .i18n import Translator
    from .profiles import Contract, Profile

__all__ = ["Topic", "Rule", "RULES", "RULE_TITLES", "get_rule", "topic_map", "prose", "rules_in_force",
           "tricks_needed"]


class Topic(StrEnum):
    """What a rule is about; a profile maps each topic to the rule id that states it there."""

    PLAYERS = "players"
    RANK = "rank"
    FIRST_DEALER = "first_dealer"
    ROTATION = "rotation"
    DEAL = "deal"
    CUT = "cut"
    UNUSED = "unused"
    AUCTION_ORDER = "auction_order"
    LADDER = "ladder"
    REQUIRES = "requires"
    PASS_FINAL = "pass_final"
    PASSED_OUT = "passed_out"
    LEAD = "lead"
    TRUMP = "trump"
    FOLLOW = "follow"
    TRICK = "trick"
    FIVE_TRICKS = "five_tricks"
    EARLY_STOP = "early_stop"
    DEFENDERS = "defenders"
    STAKES = "stakes"
    BALANCES = "balances"
    SESSION = "session"
    MISDEAL = "misdeal"
    MISERE = "misere"
    RENEGE = "renege"
    CHIPS = "chips"
    TIE_BREAK = "tie_break"
    VARIATIONS = "variations"


Prose = Callable[["Profile", "Translator"], list[str]]


@dataclass(frozen=True)
class Rule:
    """One rule point of the rulebook."""

    id: str
    """``B1``..``B17`` (British rules) or ``P1``..``P9`` (pub rules)."""
    title: str
    """A gettext message id (English)."""
    topics: tuple[Topic, ...]
    """The topics this rule states in the profiles that have it."""
    text: Prose
    """The learner's prose: paragraphs of plain text, facts from the profile."""
    enforced_by: tuple[str, ...]
    """The engine code that enforces the rule, as ``module:qualified.name``."""

    @property
    def profile(self) -> str:
        """The profile whose rule this is: "british" (B rules) or "pub" (P rules)."""
        return "british" if self.id.startswith("B") else "pub"


# ------------------------------------------------------------------ the prose
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
    return [_("The player on the dealer's right cuts so that each part keeps at least {least} cards.").format(
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
    counts = ", ".join(_("{unused} with {n} players").format(unused=p.unused_cards(n), n=n)
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
            promises.append(_("{call} promises at least {n} tricks").format(call=tr.call(c.name), n=c.min_tricks))
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
       "play: no showing cards, and no telling a partner what to play."),
)


def _stakes(p: Profile, tr: Translator) -> list[str]:
    _ = tr.gettext
    paras = [_("When the contract is made every opponent pays the declarer its stake; when it fails the "
               "declarer pays every opponent. Extra tricks, or failing by more, change nothing.")]
    if any(c.made != c.failed for c in p.ladder):
        paras.append(_("Here some bids pay more when made than they cost when they fail: see the two "
                       "columns of the table."))
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
                _("After the agreed number of deals the most chips wins. If three or more players are level "
                  "at the top, one extra hand among only them decides; two level players share the win.")]
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


# ------------------------------------------------------------------ the rules
T = Topic
_ENTRIES: tuple[Rule, ...] = (
    Rule("B1", N_("Players and the pack"), (T.PLAYERS, T.RANK), _players,
         ("nap_teach.session:Session.__post_init__", "nap_teach.cards:Rank")),
    Rule("B2", N_("The first dealer and the rotation"), (T.FIRST_DEALER, T.ROTATION), _rotation,
         ("nap_teach.dealing:draw_first_dealer", "nap_teach.session:Session.dealer_for")),
    Rule("B3", N_("Shuffle, cut and deal"), (T.DEAL, T.CUT), _deal,
         ("nap_teach.dealing:shuffle_and_deal", "nap_teach.state:DealState.apply")),
    Rule("B4", N_("The unused cards"), (T.UNUSED,), _unused,
         ("nap_teach.profiles:Profile.unused_cards", "nap_teach.state:DealState.apply")),
    Rule("B5", N_("One call each"), (T.AUCTION_ORDER,), _auction_order,
         ("nap_teach.auction:Auction.check_turn", "nap_teach.auction:Auction.after")),
    Rule("B6", N_("The bidding ladder"), (T.LADDER,), _ladder,
         ("nap_teach.profiles:BRITISH", "nap_teach.auction:Auction.refusal")),
    Rule("B7", N_("Wellington needs a Nap"), (T.REQUIRES,), _requires,
         ("nap_teach.profiles:Contract.requires", "nap_teach.auction:Auction.refusal")),
    Rule("B8", N_("A pass is final"), (T.PASS_FINAL,), _pass_final,
         ("nap_teach.auction:Auction.check_turn",)),
    Rule("B9", N_("Everyone passes"), (T.PASSED_OUT,), _passed_out,
         ("nap_teach.auction:Auction.passed_out", "nap_teach.state:DealState.apply")),
    Rule("B10", N_("The declarer's lead sets trump"), (T.LEAD, T.TRUMP), _lead,
         ("nap_teach.state:DealState.apply",)),
    Rule("B11", N_("Follow suit"), (T.FOLLOW,), _follow,
         ("nap_teach.tricks:playable", "nap_teach.state:DealState.legal_cards")),
    Rule("B12", N_("Who wins a trick"), (T.TRICK,), _trick,
         ("nap_teach.tricks:winning_index", "nap_teach.tricks:beats")),
    Rule("B13", N_("Five tricks, or an agreed stop"), (T.FIVE_TRICKS, T.EARLY_STOP), _five_tricks,
         ("nap_teach.state:DealState.outcome", "nap_teach.state:DealState.can_stop")),
    Rule("B14", N_("Defenders play fair"), (T.DEFENDERS,), _defenders,
         ("nap_teach.views:SeatView", "nap_teach.state:DealState.view")),
    Rule("B15", N_("Stakes"), (T.STAKES,), _stakes,
         ("nap_teach.settlement:settle",)),
    Rule("B16", N_("Balances sum to zero"), (T.BALANCES,), _balances,
         ("nap_teach.settlement:check_zero_sum",)),
    Rule("B17", N_("The session"), (T.SESSION,), _session,
         ("nap_teach.session:Session.is_over", "nap_teach.session:Session.balances")),
    Rule("P1", N_("The first dealer by the lowest card"), (T.FIRST_DEALER,), _first_dealer_low_card,
         ("nap_teach.session:first_dealer_from_cards", "nap_teach.dealing:draw_first_dealer")),
    Rule("P2", N_("The cut and misdeals"), (T.CUT, T.MISDEAL), _misdeal,
         ("nap_teach.dealing:shuffle_and_deal", "nap_teach.session:Session.add_misdeal")),
    Rule("P3", N_("The pub ladder"), (T.LADDER, T.REQUIRES), _ladder,
         ("nap_teach.profiles:PUB", "nap_teach.auction:Auction.refusal")),
    Rule("P4", N_("Misère"), (T.MISERE,), _misere,
         ("nap_teach.profiles:Contract.trumps", "nap_teach.tricks:winning_index",
          "nap_teach.state:DealState.outcome")),
    Rule("P5", N_("Pub stakes"), (T.STAKES,), _stakes,
         ("nap_teach.settlement:settle", "nap_teach.profiles:Profile.with_options")),
    Rule("P6", N_("All five tricks"), (T.FIVE_TRICKS, T.EARLY_STOP), _five_tricks,
         ("nap_teach.state:DealState.can_stop",)),
    Rule("P7", N_("Reneges"), (T.RENEGE,), _renege,
         ("nap_teach.settlement:settle_renege", "nap_teach.session:Session.scored_entry")),
    Rule("P8", N_("Chips and ties"), (T.SESSION, T.CHIPS, T.TIE_BREAK), _session,
         ("nap_teach.session:Session.chips", "nap_teach.session:Session.tie_break_due")),
    Rule("P9", N_("Other variations"), (T.VARIATIONS,), _variations,
         ("nap_teach.profiles:VARIATIONS", "nap_teach.records:session_from_record")),
)
del T

RULES: Mapping[str, Rule] = MappingProxyType({r.id: r for r in _ENTRIES})
"""Rule id -> rule, in rulebook order (B1..B17, then P1..P9)."""

RULE_TITLES: Mapping[str, str] = MappingProxyType({r.id: r.title for r in _ENTRIES})
"""Rule id -> title (a gettext message id)."""


def get_rule(rule_id: str) -> Rule:
    """The rule with this id (``KeyError`` for an unknown id)."""
    return RULES[rule_id]


def topic_map(prefix: str) -> dict[Topic, str]:
    """Topic -> rule id for the rules whose id starts with ``prefix`` ("B": the British rules, "P": the pub's own)."""
    return {topic: r.id for r in _ENTRIES if r.id.startswith(prefix) for topic in r.topics}


def prose(rule_id: str, profile: Profile, tr: Translator) -> list[str]:
    """The learner's explanation of a rule (paragraphs of plain text), with the facts of ``profile``."""
    return RULES[rule_id].text(profile, tr)


def rules_in_force(profile: Profile) -> list[str]:
    """The rule ids in force in ``profile``, in rulebook order (B1..B17, then P...)."""
    ids = {profile.rule(t) for t in Topic if t in profile.rules or t in _BRITISH_TOPICS}
    ids |= {c.rule for c in profile.ladder}
    return [r for r in RULES if r in ids]


_BRITISH_TOPICS = frozenset(topic_map("B"))
