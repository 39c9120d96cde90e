"""The rules card of a profile: its stakes table and every rule in force, in the rulebook's words."""
from __future__ import annotations

from ...words.html import Markup, el, html, join
from ...words.i18n import Translator
from ...engine.profiles import Profile
from ...engine.rules import rules_in_force
from ...words.rulebook import prose, tricks_needed

__all__ = ["rules_card_html", "stakes_table_html"]


def stakes_table_html(profile: Profile, tr: Translator) -> Markup:
    """The ladder with the tricks each bid needs and what it pays, read from the profile."""
    _ = tr.gettext
    head = html("<tr><th scope='col'>{}</th><th scope='col'>{}</th><th scope='col'>{}</th>"
                "<th scope='col'>{}</th></tr>", _("Bid"), _("Tricks needed"), _("Made: each opponent pays"),
                _("Failed: declarer pays each"))
    rows = join(html("<tr data-contract='{}'><th scope='row'>{}</th><td>{}</td>"
                     "<td class='nap-handout-num'>{}</td><td class='nap-handout-num'>{}</td></tr>",
                     c.name, tr.call(c.name), tricks_needed(c, profile, tr), c.made, c.failed)
                for c in profile.ladder)
    return html("<table class='nap-handout-stakes'><caption>{}</caption><thead>{}</thead><tbody>{}</tbody></table>",
                _("Stakes in ledger points, per opponent"), head, rows)


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
                stakes_table_html(profile, tr),
                tr.ngettext("The {count} rule in force", "The {count} rules in force", len(rules)).format(
                    count=len(rules)), items,
                _("Printed from nap_teach. Rule numbers are those of the app's rules explorer."))
