"""The print stylesheet of the handouts and the page that carries one."""
from __future__ import annotations

from ...words.html import Markup, html

__all__ = ["PAPERS", "HANDOUT_CSS", "print_css", "handout_document"]

PAPERS: dict[str, str] = {"a4": "A4", "letter": "letter"}
"""Paper sizes: the page parameter (``?paper=a4``) -> the CSS ``@page`` size."""

HANDOUT_CSS = """
.nap-handout { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 11pt; line-height: 1.35; color: #111;
  background: #fff; max-width: 190mm; }
.nap-handout h1 { font-size: 17pt; margin: 0 0 4pt 0; }
.nap-handout h2 { font-size: 13pt; margin: 10pt 0 4pt 0; break-after: avoid; page-break-after: avoid; }
.nap-handout h3 { font-size: 11.5pt; margin: 8pt 0 2pt 0; break-after: avoid; page-break-after: avoid; }
.nap-handout p { margin: 2pt 0 4pt 0; }
.nap-handout ul, .nap-handout ol { margin: 2pt 0 4pt 0; padding-left: 16pt; }
.nap-handout table { border-collapse: collapse; width: 100%; margin: 3pt 0 6pt 0; font-variant-numeric: tabular-nums; }
.nap-handout caption { text-align: left; font-weight: bold; padding: 2pt 0; }
.nap-handout th, .nap-handout td { border: 1px solid #555; padding: 2pt 5pt; text-align: left; vertical-align: top; }
.nap-handout thead { display: table-header-group; }
.nap-handout tr, .nap-handout li, .nap-handout svg, .nap-handout .nap-hand, .nap-handout .nap-handout-keep {
  break-inside: avoid; page-break-inside: avoid; }
.nap-handout .nap-hand { display: flex; flex-wrap: wrap; gap: 3pt; align-items: flex-end; }
.nap-handout .nap-handout-cards { font-size: 9.5pt; color: #333; }
.nap-handout .nap-handout-num { text-align: right; white-space: nowrap; }
.nap-handout .nap-handout-win { font-weight: bold; }
.nap-handout .nap-handout-sub { color: #333; }
.nap-handout .nap-handout-mark { font-size: 9pt; font-weight: bold; border: 1px solid #555; border-radius: 3pt;
  padding: 0 3pt; margin-left: 3pt; white-space: nowrap; }
.nap-handout .nap-handout-rule { border-left: 3pt solid #1747b5; padding-left: 6pt; margin: 4pt 0; }
.nap-handout .nap-handout-rule-id { font-weight: bold; }
.nap-handout .nap-handout-lesson { border-top: 1px solid #999; margin-top: 8pt; }
.nap-handout .nap-handout-blank td { height: 8.5mm; }
.nap-handout table.nap-handout-pay { width: auto; min-width: 50%; }
.nap-handout .nap-handout-hands tr > :first-child { width: 12em; }
.nap-handout .nap-handout-hands td, .nap-handout .nap-handout-hands th { padding-top: 1pt; padding-bottom: 1pt; }
.nap-handout .nap-handout-foot { font-size: 9pt; color: #333; margin-top: 8pt; }
.nap-handout a { color: #1747b5; }
"""
"""The look of every handout, on screen (the preview) and on paper."""


def print_css(paper: str = "a4") -> str:
    """``@page`` for the paper (A4 or Letter, margins of about 1.5 cm) and the handouts' own rules.

    >>> "size: letter" in print_css("letter"), "size: A4" in print_css("bad")
    (True, True)
    """
    size = PAPERS.get(paper, "A4")
    return ("@page { size: %s; margin: 14mm 13mm 16mm 13mm; }\n" % size) + HANDOUT_CSS + """
@media print {
  html, body { background: #fff; }
  .nap-handout { max-width: none; }
  .nap-handout a { color: #111; text-decoration: none; }
}
"""


def handout_document(body: Markup, *, title: str, lang: str = "en", paper: str = "a4") -> Markup:
    """A whole HTML page around one handout fragment, ready to open in a browser and print."""
    return html('<!DOCTYPE html><html lang="{}"><head><meta charset="utf-8"><title>{}</title>'
                '<meta name="viewport" content="width=device-width, initial-scale=1">'
                '<style>{}</style></head><body>{}</body></html>', lang, title, Markup(print_css(paper)), body)
