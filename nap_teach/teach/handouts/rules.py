"""The rules card of a profile (its stakes table and every rule in force, in the rulebook's words), the one-page
crib for beginners and the stakes strip of a scoresheet."""
from __future__ import annotations

from ...words.html import Markup, el, html, join
from ...words.i18n import Translator
from ...engine.profiles import Contract, Profile
from ...engine.rules import rules_in_force
from ...words.rulebook import prose, stakes_table_html

__all__ = ["rules_card_html", "rules_crib_html", "stakes_strip_html", "handout_stakes_html"]


def handout_stakes_html(profile: Profile, tr: Translator) -> Markup:
    """The stakes table as the handouts print it."""
    return stakes_table_html(profile, tr, table_class="nap-handout-stakes", number_class="nap-handout-num")


def rules_card_html(profile: Profile, tr: Translator) -> Markup:
    """The rules card: who plays, the stakes table, then every rule in force (id, title, the rule's text)."""
    _ = tr.gettext
    name = tr.profile_name(profile.name, in_text=True)
    rules = rules_in_force(profile)
    items = join(el("section", {"class": "nap-handout-rule nap-handout-keep", "data-rule": rule},
                    el("h3", None, el("span", {"class": "nap-handout-rule-id"}, rule), " · ", tr.rule_title(rule)),
                    join(el("p", None, para) for para in prose(rule, profile, tr)))
                 for rule in rules)
    intro = _("Nap for {low} to {high} players with one pack of 52 cards: five cards each, one round of bidding, "
              "and the highest bidder plays alone against everyone else.").format(
        low=profile.min_players, high=profile.max_players)
    return html('<article class="nap-handout nap-handout-rules" data-profile="{}" lang="{}"><h1>{}</h1><p>{}</p>'
                '{}<h2>{}</h2>{}<p class="nap-handout-foot">{}</p></article>',
                profile.name, tr.lang, _("Rules card: {rules}").format(rules=name), intro,
                handout_stakes_html(profile, tr),
                tr.ngettext("The {count} rule in force", "The {count} rules in force", len(rules)).format(
                    count=len(rules)), items,
                _("Printed from nap_teach. Rule numbers are those of the app's rules explorer."))


def stakes_strip_html(profile: Profile, tr: Translator) -> Markup:
    """The stakes on one line, for the foot of a scoresheet: each call with what it pays made / failed."""
    _ = tr.gettext
    items = join(html("<li data-contract='{}'><strong>{}</strong> {}</li>", c.name, tr.call(c.name),
                      _("{made} / {failed}").format(made=c.made, failed=c.failed)) for c in profile.ladder)
    return html("<div class='nap-handout-strip'><span class='nap-handout-strip-title'>{}</span>"
                "<ul class='nap-handout-strip-list'>{}</ul></div>",
                _("Stakes per opponent (made / failed):"), items)


def _call_line(contract: Contract, profile: Profile, tr: Translator) -> Markup:
    """One line of the crib for one call: what it needs, when it may be bid, what it pays."""
    _ = tr.gettext
    if contract.max_tricks == 0:
        needs = _("take no trick at all; no trump is played")
    elif contract.min_tricks >= profile.hand_size:
        needs = _("take all five tricks")
    else:
        needs = tr.ngettext("take at least {n} trick", "take at least {n} tricks", contract.min_tricks).format(
            n=contract.min_tricks)
    when = ""
    if contract.requires:
        when = _("only after someone has bid {call}").format(call=tr.call(contract.requires))
    pays = _("made: each opponent pays {made}; failed: you pay each {failed}").format(
        made=contract.made, failed=contract.failed)
    return html("<li class='nap-crib-call' data-contract='{}'><strong>{}</strong>: {}{}. <span class='nap-handout-sub'>{}"
                "</span></li>", contract.name, tr.call(contract.name), needs,
                html("; {}", when) if when else Markup(), pays)


def rules_crib_html(profile: Profile, tr: Translator) -> Markup:
    """The one-page crib for beginners: the deal, the auction (one line per call, the ladder in order), the play
    (the first lead sets trump, follow suit, who wins), the early stop and the payments; the rules card is the
    full reference beside it."""
    _ = tr.gettext
    name = tr.profile_name(profile.name)
    misere = any(c.max_tricks == 0 for c in profile.ladder)
    deal = [
        _("{low} to {high} players, one pack of 52 cards. In every suit the cards rank A K Q J 10 9 8 7 6 5 4 3 2."
          ).format(low=profile.min_players, high=profile.max_players),
        _("Five cards each; the other cards stay face down and never come into play."),
        _("The deal passes to the left after every deal.") if not profile.misdeal else
        _("The deal passes to the left after every deal; after a misdeal the same dealer deals again."),
    ]
    auction = [
        _("From the dealer's left, each player speaks once: pass, or bid higher than the bid so far."),
        _("A pass is final. The highest bidder is the declarer and plays alone against all the others."),
        _("If everyone passes, nobody plays or pays, and the next dealer deals."),
    ]
    misere_name = next((tr.call(c.name) for c in profile.ladder if c.max_tricks == 0), "")
    play = [
        _("The declarer leads any card: its suit is trump for the whole deal.") if not misere else
        _("The declarer leads any card: its suit is trump for the whole deal, except in {misere}.").format(
            misere=misere_name),
        _("Follow the suit led if you can. If you cannot, play any card: you never have to trump."),
        _("The highest trump wins the trick; with no trump in it, the highest card of the suit led. "
          "The winner leads the next trick."),
    ]
    if misere:
        play.append(_("In {misere} there is no trump: the highest card of the suit led always wins.").format(
            misere=misere_name))
    if profile.early_stop:
        play.append(_("Early stop: once the result cannot change, the table may stop if everyone agrees."))
    else:
        play.append(_("All five tricks are always played."))
    paying = [
        _("Made: every opponent pays the declarer the stake. Failed: the declarer pays every opponent."),
        _("Extra tricks change nothing. Keep a balance for each player: the balances always add up to zero."),
    ]

    def block(title: str, lines: list[str]) -> Markup:
        return html("<section class='nap-crib-part nap-handout-keep'><h2>{}</h2><ul>{}</ul></section>", title,
                    join(el("li", None, line) for line in lines))

    calls = join(_call_line(c, profile, tr) for c in profile.ladder)
    return html('<article class="nap-handout nap-handout-crib" data-profile="{}" lang="{}"><h1>{}</h1>'
                '<p class="nap-handout-sub">{}</p>{}{}'
                "<section class='nap-crib-part nap-handout-keep'><h2>{}</h2><ul class='nap-crib-calls'>{}</ul></section>"
                '{}{}<p class="nap-handout-foot">{}</p></article>',
                profile.name, tr.lang, _("Nap on one page"), name, block(_("The deal"), deal),
                block(_("The auction"), auction), _("The calls, lowest first"), calls,
                block(_("The play"), play), block(_("Paying"), paying),
                _("The full rules, with every detail, are on the rules card."))
