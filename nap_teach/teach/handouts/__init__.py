"""Handouts that print: pure functions from the engine's values to print-ready HTML (no widgets).

Every handout is a fragment ``<article class="nap-handout ...">`` built with the
escaping builder of :mod:`nap_teach.words.html` and the cards of :mod:`nap_teach.words.render`;
its words come from the catalogue (pass ``translator("es")`` for Spanish).
:func:`handout_document` wraps a fragment in a whole page with the print
stylesheet (``@page`` A4 or Letter, nothing clipped, no card or table row split
across two sheets). The handouts page (``notebooks/handouts.ipynb``) shows the same
fragments with the same stylesheet.

- :func:`rules_card_html`: the rules of a profile with its stakes table (the full reference);
- :func:`rules_crib_html`: the one-page crib for beginners (the deal, one line per call, the play, paying);
- :func:`deal_diagram_html`: a deal (hand record, :class:`~nap_teach.engine.state.DealState`):
  hands, auction, tricks in order, result and payments; :func:`deal_from_link` reads ``?deal=``;
- :func:`lesson_summary_html`: a lesson of the course (concept, rules, deals, questions, mistakes), the
  teacher's version with the answers or the learners' (``learners=True``: the hands, the questions with room
  to answer, no answer);
- :func:`course_plan_html`: the whole course as a lesson plan for real evenings: the evenings
  (:func:`evenings`), the materials for N learners (:func:`table_sizes`), and per lesson its deals with a
  dealing guide each (:func:`dealing_guide_html`), questions and mistakes;
- :func:`scoresheet_html`: a scorekeeper's sheet (landscape), blank or filled from a session.

>>> from nap_teach.engine.profiles import BRITISH
>>> from nap_teach.words.i18n import translator
>>> card = rules_card_html(BRITISH, translator("en"))
>>> card.startswith('<article class="nap-handout nap-handout-rules"'), 'data-rule="B17"' in card
(True, True)
"""
from __future__ import annotations

from .deal import deal_diagram_html, deal_from_link, deal_from_record
from .lesson import course_plan_html, dealing_guide_html, evenings, lesson_questions, lesson_summary_html, table_sizes
from .page import HANDOUT_CSS, PAPERS, handout_document, print_css
from .rules import handout_stakes_html, rules_card_html, rules_crib_html, stakes_strip_html
from .scoresheet import scoresheet_html

__all__ = [
    "HANDOUT_CSS", "PAPERS", "course_plan_html", "dealing_guide_html", "evenings", "table_sizes", "deal_diagram_html", "deal_from_link", "deal_from_record",
    "handout_document", "lesson_questions", "lesson_summary_html", "print_css", "rules_card_html",
    "rules_crib_html", "scoresheet_html", "stakes_strip_html", "handout_stakes_html",
]
