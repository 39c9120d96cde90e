"""The explorer's short explanation of every rule, in our own words (moved here verbatim from the
explorer module; :mod:`nap_teach.rulebook` is to hold this prose, the two are reconciled there)."""
from __future__ import annotations

from ...i18n import Translator
from ...profiles import Profile

__all__ = ["rule_text"]


def _topic_rule(p: Profile, topic: str) -> str | None:
    """The rule id of a topic only this profile states (None when it has none)."""
    return p.rules.get(topic) if topic in p.rules and not p.rules[topic].startswith("B") else None


def rule_text(rule: str, profile: Profile, tr: Translator) -> list[str]:
    """A short explanation of ``rule`` in our own words (paragraphs, plain text), facts from the profile."""
    _ = tr.gettext
    p = profile
    ladder = [c for c in p.ladder]
    if rule == p.rule("players"):
        return [_("From {low} to {high} people can play, seated round a table; everything goes clockwise. "
                  "One ordinary pack of 52 cards is used, without jokers.").format(low=p.min_players,
                                                                                  high=p.max_players),
                _("In every suit the ace is highest, then king, queen, jack, ten and so on down to the two. "
                  "Cards have no point values: only tricks count.")]
    if rule == p.rule("rotation"):
        if p.first_dealer == "low_card":
            return [_("After every deal the deal moves one seat to the left, even when everyone passed.")]
        return [_("Lots decide who deals first. After every deal the deal moves one seat to the left, "
                  "even when everyone passed.")]
    if rule == _topic_rule(p, "first_dealer"):
        return [_("To choose the first dealer, each player is dealt one card face up. The lowest card deals, "
                  "and here the ace counts low, below the two."),
                _("If two or more players share the lowest rank, those players draw again until one is lowest.")]
    if rule == _topic_rule(p, "misdeal"):
        return [_("The player on the dealer's right cuts so that each part keeps at least {least} cards.").format(
                    least=p.min_cut),
                _("If a card is exposed during the deal, or someone gets the wrong number of cards, it is a "
                  "misdeal: the same dealer shuffles and deals again. Nobody pays, the deal does not pass to the "
                  "left, and the void deal does not count toward the session.")]
    if rule == _topic_rule(p, "misere"):
        misere = next((c for c in ladder if not c.trumps), None)
        name = tr.call(misere.name) if misere else ""
        return [_("{call} is a bid to take no trick at all. It ranks between Three and Four.").format(call=name),
                _("In {call} nothing is trump: the declarer's first lead only opens the play. Every trick goes to "
                  "the highest card of the suit led; a card of another suit never wins, however high. The "
                  "declarer fails as soon as they take a trick, but all five tricks are still played.").format(
                    call=name)]
    if rule == _topic_rule(p, "renege"):
        share = p.options.get("renege_share", "full")
        paras = [_("Failing to follow suit when you could is a renege. At a real table play stops there."),
                 _("A declarer who reneges pays every opponent the stake for a failed contract.")]
        if share == "full":
            paras.append(_("A defender who reneges pays the declarer what every opponent would pay for a made "
                           "contract; the other defenders pay nothing."))
        else:
            paras.append(_("At this table a defender who reneges pays the declarer one share only, the stake "
                           "of one opponent; the other defenders pay nothing."))
        paras.append(_("In this app's play page you cannot renege: a card that does not follow suit is refused. "
                       "The scorekeeper records reneges made at a real table."))
        return paras
    if rule == _topic_rule(p, "variations"):
        from ...profiles import VARIATIONS
        return [_("The pub rules also mention other ways to play: {variations}. Each changes the deal or the bids "
                  "so much that it is a game of its own, so none of them is part of the rules here.").format(
                      variations=tr.join(tr.variation_name(v) for v in VARIATIONS))]
    if rule == p.rule("deal"):
        return [_("The pack is shuffled before each deal and the player on the dealer's right cuts it. "
                  "The dealer then deals clockwise, starting on the left: three cards to each player, "
                  "then two more each, so everyone holds five.")]
    if rule == p.rule("unused"):
        counts = ", ".join(_("{unused} with {n} players").format(unused=p.unused_cards(n), n=n)
                           for n in range(p.min_players, p.max_players + 1))
        return [_("The rest of the pack stays face down all deal: {counts}. Nobody looks at these cards, "
                  "and nobody exchanges or picks them up.").format(counts=counts)]
    if rule == p.rule("auction_order"):
        return [_("The auction starts with the player on the dealer's left and ends with the dealer. "
                  "Everyone speaks exactly once: pass, or bid higher than any bid before.")]
    if rule == p.rule("ladder"):
        names = " < ".join(tr.call(c.name) for c in ladder)
        promises = []
        for c in ladder:
            if c.max_tricks == 0:
                promises.append(_("{call} promises to take no trick").format(call=tr.call(c.name)))
            elif c.min_tricks >= p.hand_size:
                promises.append(_("{call} promises all five tricks").format(call=tr.call(c.name)))
            else:
                promises.append(_("{call} promises at least {n} tricks").format(call=tr.call(c.name), n=c.min_tricks))
        paras = [_("The bids, from low to high: {ladder}.").format(ladder=names), "; ".join(promises) + "."]
        if rule == p.rule("requires"):  # one rule states both (P3)
            paras += [_("{call} may only be bid once someone has bid {needed} in the same auction, "
                        "so nobody may open with it.").format(call=tr.call(c.name), needed=tr.call(c.requires))
                      for c in ladder if c.requires]
        return paras
    if rule == p.rule("requires"):
        parts = [_("{call} may only be bid once someone has bid {needed} in the same auction, "
                   "so nobody may open with it.").format(call=tr.call(c.name), needed=tr.call(c.requires))
                 for c in ladder if c.requires]
        return parts
    if rule == p.rule("pass_final"):
        return [_("There is only one round of calls. Once you have passed you stay out, "
                  "even if someone bids after you.")]
    if rule == p.rule("passed_out"):
        return [_("When everyone passes, nobody plays and nobody pays. The deal still counts as a deal "
                  "of the session, and the next player deals.")]
    if rule == p.rule("lead"):
        return [_("The highest bidder, the declarer, leads any card to the first trick. That card stays in "
                  "the trick, and its suit is trump until the end of the deal.")]
    if rule == p.rule("follow"):
        return [_("Play a card of the suit led whenever you can. With none of that suit you may play "
                  "any card: you never have to trump, nor to beat a trump already played.")]
    if rule == p.rule("trick"):
        return [_("The highest trump wins the trick; with no trump in it, the highest card of the suit led. "
                  "A card of any other suit never wins. The winner leads to the next trick.")]
    if rule == p.rule("five_tricks"):
        if not p.early_stop:
            return [_("All five tricks are always played, even when the result is already certain: "
                      "there is no early stop under these rules.")]
        return [_("Five tricks are played. The table may agree to stop early once the result cannot change "
                  "any more: the declarer already has enough tricks, or can no longer get them.")]
    if rule == p.rule("defenders"):
        return [_("The other players defend together against the declarer, but only through the cards "
                  "they play: no showing cards, and no telling a partner what to play.")]
    if rule == p.rule("stakes"):
        paras = [_("When the contract is made every opponent pays the declarer its stake; when it fails the "
                   "declarer pays every opponent. Extra tricks, or failing by more, change nothing.")]
        if any(c.made != c.failed for c in ladder):
            paras.append(_("Here some bids pay more when made than they cost when they fail: see the two "
                           "columns of the table."))
        return paras
    if rule == p.rule("balances"):
        paras = [_("Everyone starts at zero. Balances are ledger points, not money, and may go below zero. "
                   "What one player wins the others lose, so the balances always add up to zero.")]
        if "ante" in p.option_choices:
            paras.append(_("With an ante, each player's chips are the ante plus the balance, so the chips on the "
                           "table always add up to the antes paid."))
        return paras
    if rule == p.rule("session"):
        if p.tie_break:
            return [_("Before the session everyone antes the same number of chips; each deal is settled in "
                      "chips. A player whose chips run out is out of the session, or, if the table agrees, "
                      "antes again."),
                    _("After the agreed number of deals the most chips wins. If three or more players are level "
                      "at the top, one extra hand among only them decides; two level players share the win.")]
        return [_("A session lasts an agreed number of deals (eight is usual, passed-out deals included) "
                  "or of full rounds of the deal. The highest balance wins; tied players share the win.")]
    return [_("The example below shows this rule at work.")]
