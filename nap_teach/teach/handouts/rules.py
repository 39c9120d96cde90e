"""The rules card of a profile: its stakes table and every rule in force, in the rulebook's words."""
from __future__ import annotations

from ...words.html import Markup, el, html, join
from ...words.i18n import Translator
from ...engine.profiles import Profile
from ...engine.rules import rules_in_force
from ...words.rulebook import prose, stakes_table_html

__all__ = ["rules_card_html", "handout_stakes_html"]


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
