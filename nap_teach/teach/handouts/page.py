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
.nap-handout .nap-handout-notes { font-style: italic; margin: 0 0 4pt 0; }
/* never a word cut in two: headings, cells and captions break only between words */
.nap-handout h1, .nap-handout h2, .nap-handout h3, .nap-handout th, .nap-handout td, .nap-handout caption,
.nap-handout p, .nap-handout li { hyphens: manual; overflow-wrap: normal; word-break: normal; }
/* a deal (its hands, auction, tricks and result) on one sheet; one that cannot fit starts on a new sheet */
.nap-handout-deal, .nap-handout-lesson-deal, .nap-handout-keep-deal { break-inside: avoid; page-break-inside: avoid; }
.nap-handout-deal h2, .nap-handout-lesson-deal h2 { margin-top: 6pt; }
.nap-handout .nap-handout-hands svg { width: 22px; height: auto; }
/* a deal kept short enough for one sheet, seven players included: the card names beside the faces, the calls
   and the payments along a line */
.nap-handout .nap-handout-handrow { display: flex; flex-wrap: wrap; align-items: center; gap: 2pt 10pt; }
.nap-handout ol.nap-handout-auction { display: flex; flex-wrap: wrap; gap: 1pt 16pt; padding-left: 0;
  list-style-position: inside; }
.nap-handout table.nap-handout-pay { width: auto; min-width: 0; border: none; }
.nap-handout table.nap-handout-pay thead { display: none; }
.nap-handout table.nap-handout-pay tbody { display: flex; flex-wrap: wrap; gap: 3pt 6pt; }
.nap-handout table.nap-handout-pay tr { display: flex; gap: 4pt; border: 1px solid #555; border-radius: 3pt; padding: 1pt 5pt; }
.nap-handout table.nap-handout-pay th, .nap-handout table.nap-handout-pay td { border: none; padding: 0; }
.nap-handout table.nap-handout-pay caption { display: block; }
/* the scorekeeper's sheet, across the sheet (landscape): fixed columns, wide enough to write in */
.nap-handout-scoresheet { max-width: none; }
.nap-handout-scoresheet h1 { font-size: 15pt; }
.nap-handout-scoresheet .nap-sheet-fields { display: flex; flex-wrap: wrap; gap: 4pt 14mm; margin: 2pt 0 4pt 0; font-size: 11pt; }
.nap-handout-scoresheet .nap-sheet-blank { display: inline-block; width: 42mm; border-bottom: 1px solid #333; height: 1em; }
.nap-handout-scoresheet table.nap-handout-ledger { table-layout: fixed; width: 100%; font-size: 10pt; }
.nap-handout-scoresheet col.nap-col-deal { width: 11mm; }
.nap-handout-scoresheet col.nap-col-name { width: 25mm; }
.nap-handout-scoresheet col.nap-col-bid { width: 26mm; }
.nap-handout-scoresheet col.nap-col-tricks { width: 14mm; }
/* six or seven players: the deal's columns give room to the players' (Letter across is 25 cm of writing) */
.nap-handout-scoresheet .nap-sheet-n6 col.nap-col-deal, .nap-handout-scoresheet .nap-sheet-n7 col.nap-col-deal { width: 10.5mm; }
.nap-handout-scoresheet .nap-sheet-n6 col.nap-col-name, .nap-handout-scoresheet .nap-sheet-n7 col.nap-col-name { width: 21mm; }
.nap-handout-scoresheet .nap-sheet-n6 col.nap-col-bid, .nap-handout-scoresheet .nap-sheet-n7 col.nap-col-bid { width: 22mm; }
.nap-handout-scoresheet .nap-sheet-n6 col.nap-col-tricks, .nap-handout-scoresheet .nap-sheet-n7 col.nap-col-tricks { width: 12.5mm; }
.nap-handout-scoresheet .nap-sheet-n6 th, .nap-handout-scoresheet .nap-sheet-n7 th { padding: 2pt 2pt; font-size: 8.5pt; }
.nap-handout-scoresheet .nap-sheet-n6 .nap-sheet-sub th, .nap-handout-scoresheet .nap-sheet-n7 .nap-sheet-sub th {
  font-size: 6.8pt; padding: 1pt 0; }
.nap-handout-scoresheet th { white-space: nowrap; overflow: hidden; font-size: 9.5pt; padding: 2pt 3pt; }
.nap-handout-scoresheet thead th { vertical-align: bottom; }
.nap-handout-scoresheet td { padding: 1pt 3pt; overflow: hidden; }
.nap-handout-scoresheet .nap-sheet-player { text-align: center; border-left: 2px solid #111; }
.nap-handout-scoresheet .nap-sheet-paid { border-left: 2px solid #111; }
.nap-handout-scoresheet tbody tr > td:nth-child(2n+6), .nap-handout-scoresheet tfoot tr > td:nth-child(2n+2) {
  border-left: 2px solid #111; }
.nap-handout-scoresheet .nap-sheet-balance { background: #efefef; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.nap-handout-scoresheet .nap-sheet-sub th { font-weight: normal; font-size: 7.5pt; text-align: center; padding: 1pt 1pt; }
.nap-handout-scoresheet .nap-sheet-name-line { display: block; height: 6.5mm; border-bottom: 1px dotted #333; }
.nap-handout-scoresheet .nap-sheet-name-hint { display: block; font-size: 7.5pt; font-weight: normal; color: #444; }
.nap-handout-scoresheet .nap-handout-blank td, .nap-handout-scoresheet .nap-handout-blank th { height: 8.6mm; }
.nap-handout-strip { display: flex; flex-wrap: wrap; align-items: baseline; gap: 2pt 8pt; margin-top: 5pt;
  border-top: 1.5pt solid #111; padding-top: 3pt; font-size: 10pt; break-inside: avoid; }
.nap-handout-strip-title { font-weight: bold; }
.nap-handout-strip-list { display: flex; flex-wrap: wrap; gap: 2pt 12pt; list-style: none; margin: 0; padding: 0; }
/* the one-page crib */
.nap-handout-crib { font-size: 11pt; line-height: 1.3; }
.nap-handout-crib h1 { font-size: 18pt; }
.nap-handout-crib h2 { font-size: 13pt; margin: 6pt 0 2pt 0; border-bottom: 1px solid #999; }
.nap-handout-crib li { margin: 1pt 0; }
.nap-handout-crib .nap-crib-calls { padding-left: 12pt; }
/* the learners' sheet: room to answer under each question */
.nap-handout .nap-learner-question { break-inside: avoid; margin: 4pt 0 2pt 0; }
.nap-handout .nap-answer-space { height: 14mm; border-bottom: 1px dotted #555; margin: 0 0 4pt 0; }
"""
"""The look of every handout, on screen (the preview) and on paper."""


def print_css(paper: str = "a4", landscape: bool = False) -> str:
    """``@page`` for the paper (A4 or Letter, margins of about 1.5 cm; ``landscape`` across the sheet, for the
    scoresheet) and the handouts' own rules.

    >>> "size: letter" in print_css("letter"), "size: A4" in print_css("bad"), "A4 landscape" in print_css("a4", True)
    (True, True, True)
    """
    size = PAPERS.get(paper, "A4") + (" landscape" if landscape else "")
    return ("@page { size: %s; margin: 14mm 13mm 16mm 13mm; }\n" % size) + HANDOUT_CSS + """
@media print {
  html, body { background: #fff; }
  .nap-handout { max-width: none; }
  .nap-handout a { color: #111; text-decoration: none; }
}
"""


def handout_document(body: Markup, *, title: str, lang: str = "en", paper: str = "a4", landscape: bool = False) -> Markup:
    """A whole HTML page around one handout fragment, ready to open in a browser and print."""
    return html('<!DOCTYPE html><html lang="{}"><head><meta charset="utf-8"><title>{}</title>'
                '<meta name="viewport" content="width=device-width, initial-scale=1">'
                '<style>{}</style></head><body>{}</body></html>', lang, title, Markup(print_css(paper, landscape)), body)
