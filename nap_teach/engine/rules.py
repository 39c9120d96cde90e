"""The rule index: every rule of both profiles by id, with its title, topics and enforcing code.

One entry per rule point: the British rules ``B1``..``B17`` and the pub rules
``P1``..``P9``. An entry holds

- its **id** and **title** (a gettext message id, translated by
  :meth:`nap_teach.words.i18n.Translator.rule_title`);
- the **topics** it states (:class:`Topic`). A profile maps each topic to the
  rule that states it there: the British profile takes the topics of the B
  rules, the pub profile replaces some of them with its P rules
  (:func:`topic_map`, read by :mod:`nap_teach.engine.profiles`);
- the engine code that **enforces** it (``module:qualified.name``), listed in
  the generated reference ``docs/rules.md`` beside the tests named after the
  rule (see :mod:`nap_teach.words.rulesdoc`).

The learner's prose of each rule is words, not rules: it lives in
:mod:`nap_teach.words.rulebook`. This module imports nothing of the engine at
load time, so that the profiles can read their topic maps from it.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping

from .messages import N_

if TYPE_CHECKING:  # pragma: no cover - types only
    from .profiles import Profile

__all__ = ["Topic", "Rule", "RULES", "RULE_TITLES", "get_rule", "topic_map", "rules_in_force"]

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


@dataclass(frozen=True)
class Rule:
    """One rule point of the rulebook."""

    id: str
    """``B1``..``B17`` (British rules) or ``P1``..``P9`` (pub rules)."""
    title: str
    """A gettext message id (English)."""
    topics: tuple[Topic, ...]
    """The topics this rule states in the profiles that have it."""
    enforced_by: tuple[str, ...]
    """The engine code that enforces the rule, as ``module:qualified.name``."""

    @property
    def profile(self) -> str:
        """The profile whose rule this is: "british" (B rules) or "pub" (P rules)."""
        return "british" if self.id.startswith("B") else "pub"



T = Topic
_ENTRIES: tuple[Rule, ...] = (
    Rule("B1", N_("Players and the pack"), (T.PLAYERS, T.RANK),
         ("nap_teach.engine.session:Session.__post_init__", "nap_teach.engine.cards:Rank")),
    Rule("B2", N_("The first dealer and the rotation"), (T.FIRST_DEALER, T.ROTATION),
         ("nap_teach.engine.dealing:draw_first_dealer", "nap_teach.engine.session:Session.dealer_for")),
    Rule("B3", N_("Shuffle, cut and deal"), (T.DEAL, T.CUT),
         ("nap_teach.engine.dealing:shuffle_and_deal", "nap_teach.engine.state:DealState.apply")),
    Rule("B4", N_("The unused cards"), (T.UNUSED,),
         ("nap_teach.engine.profiles:Profile.unused_cards", "nap_teach.engine.state:DealState.apply")),
    Rule("B5", N_("One call each"), (T.AUCTION_ORDER,),
         ("nap_teach.engine.auction:Auction.check_turn", "nap_teach.engine.auction:Auction.after")),
    Rule("B6", N_("The bidding ladder"), (T.LADDER,),
         ("nap_teach.engine.profiles:BRITISH", "nap_teach.engine.auction:Auction.refusal")),
    Rule("B7", N_("Wellington needs a Nap"), (T.REQUIRES,),
         ("nap_teach.engine.profiles:Contract.requires", "nap_teach.engine.auction:Auction.refusal")),
    Rule("B8", N_("A pass is final"), (T.PASS_FINAL,),
         ("nap_teach.engine.auction:Auction.check_turn",)),
    Rule("B9", N_("Everyone passes"), (T.PASSED_OUT,),
         ("nap_teach.engine.auction:Auction.passed_out", "nap_teach.engine.state:DealState.apply")),
    Rule("B10", N_("The declarer's lead sets trump"), (T.LEAD, T.TRUMP),
         ("nap_teach.engine.state:DealState.apply",)),
    Rule("B11", N_("Follow suit"), (T.FOLLOW,),
         ("nap_teach.engine.tricks:playable", "nap_teach.engine.state:DealState.legal_cards")),
    Rule("B12", N_("Who wins a trick"), (T.TRICK,),
         ("nap_teach.engine.tricks:winning_index", "nap_teach.engine.tricks:beats")),
    Rule("B13", N_("Five tricks, or an agreed stop"), (T.FIVE_TRICKS, T.EARLY_STOP),
         ("nap_teach.engine.state:DealState.outcome", "nap_teach.engine.state:DealState.can_stop")),
    Rule("B14", N_("Defenders play fair"), (T.DEFENDERS,),
         ("nap_teach.engine.views:SeatView", "nap_teach.engine.state:DealState.view")),
    Rule("B15", N_("Stakes"), (T.STAKES,),
         ("nap_teach.engine.settlement:settle",)),
    Rule("B16", N_("Balances sum to zero"), (T.BALANCES,),
         ("nap_teach.engine.settlement:check_zero_sum",)),
    Rule("B17", N_("The session"), (T.SESSION,),
         ("nap_teach.engine.session:Session.is_over", "nap_teach.engine.session:Session.balances")),
    Rule("P1", N_("The first dealer by the lowest card"), (T.FIRST_DEALER,),
         ("nap_teach.engine.session:first_dealer_from_cards", "nap_teach.engine.dealing:draw_first_dealer")),
    Rule("P2", N_("The cut and misdeals"), (T.CUT, T.MISDEAL),
         ("nap_teach.engine.dealing:shuffle_and_deal", "nap_teach.engine.session:Session.add_misdeal")),
    Rule("P3", N_("The pub ladder"), (T.LADDER, T.REQUIRES),
         ("nap_teach.engine.profiles:PUB", "nap_teach.engine.auction:Auction.refusal")),
    Rule("P4", N_("Misère"), (T.MISERE,),
         ("nap_teach.engine.profiles:Contract.trumps", "nap_teach.engine.tricks:winning_index",
          "nap_teach.engine.state:DealState.outcome")),
    Rule("P5", N_("Pub stakes"), (T.STAKES,),
         ("nap_teach.engine.settlement:settle", "nap_teach.engine.profiles:Profile.with_options")),
    Rule("P6", N_("All five tricks"), (T.FIVE_TRICKS, T.EARLY_STOP),
         ("nap_teach.engine.state:DealState.can_stop",)),
    Rule("P7", N_("Reneges"), (T.RENEGE,),
         ("nap_teach.engine.settlement:settle_renege", "nap_teach.engine.session:Session.scored_entry")),
    Rule("P8", N_("Chips and ties"), (T.SESSION, T.CHIPS, T.TIE_BREAK),
         ("nap_teach.engine.session:Session.chips", "nap_teach.engine.session:Session.tie_break_due")),
    Rule("P9", N_("Other variations"), (T.VARIATIONS,),
         ("nap_teach.engine.profiles:VARIATIONS", "nap_teach.engine.records:session_from_record")),
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



def rules_in_force(profile: Profile) -> list[str]:
    """The rule ids in force in ``profile``, in rulebook order (B1..B17, then P...)."""
    ids = {profile.rule(t) for t in Topic if t in profile.rules or t in _BRITISH_TOPICS}
    ids |= {c.rule for c in profile.ladder}
    return [r for r in RULES if r in ids]


_BRITISH_TOPICS = frozenset(topic_map("B"))
