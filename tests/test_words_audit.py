"""The second rules audit (issue 25): every sentence a lesson says is true of its cards, in both languages.

Each test is named after the rule (or the message key) it checks and runs in English and Spanish.
"""
from __future__ import annotations

import pytest

from nap_teach.engine.cards import Card
from nap_teach.teach.course import Anchor, load_lesson
from nap_teach.teach.lesson.player import LessonPlayer
from nap_teach.words.i18n import translator

LANGS = ("en", "es")


def deal_texts(lesson_id: str, deal_id: str, lang: str) -> list[str]:
    """Every note and engine explanation of one deal of a lesson, in ``lang``."""
    tr = translator(lang)
    spec = load_lesson(lesson_id)
    player = LessonPlayer(spec)
    index = [d.id for d in spec.deals].index(deal_id)
    out: list[str] = []
    for page in player.pages:
        if page.deal == index:
            out.extend(tr.gettext(n) for n in page.notes)
            out.extend(tr.explain(e) for e in page.explanations)
    return out


@pytest.mark.parametrize("lang, must, never", [
    ("en", "in Misère the declarer must take no trick at all", "at least 0"),
    ("es", "en Misère el declarante no debe hacer ninguna baza", "al menos 0"),
])
@pytest.mark.parametrize("deal_id", ["misere-made", "misere-failed"])
def test_p4_a_misere_result_says_the_declarer_must_take_no_trick(lang, must, never, deal_id):
    texts = deal_texts("misere", deal_id, lang)
    assert any(must in t for t in texts)
    assert not any(never in t for t in texts)


@pytest.mark.parametrize("lang, words", [("en", "Here all {n} hands are shown"),
                                         ("es", "Aquí se muestran las {n} manos")])
@pytest.mark.parametrize("deal_id, n", [("three-players", 3), ("seven-players", 7)])
def test_b1_b14_the_table_sizes_lesson_counts_the_hands_shown(lang, words, deal_id, n):
    texts = deal_texts("table-sizes", deal_id, lang)
    assert any(words.format(n=n) in t for t in texts)
    assert not any("four hands" in t or "cuatro manos" in t for t in texts)


@pytest.mark.parametrize("lang", LANGS)
def test_b12_b13_the_early_stop_note_claims_nothing_the_cards_shown_rule_out(lang):
    """At trick 3 every defender has shown out of trumps: the note may not say one might hold a trump."""
    spec = load_lesson("early-stop")
    deal = spec.deal("four-in-hand")
    state = deal.hand
    assert state is not None
    trump = state.trump
    declarer = state.declarer
    defenders = [s for s in range(state.n) if s != declarer]
    # the cards of the first three tricks show it: each defender failed to follow a trump lead
    shown_out = {seat for trick in state.tricks[:3] if trick.led is trump
                 for seat, card in zip(trick.seats, trick.cards) if card.suit is not trump}
    assert shown_out == set(defenders)
    note = translator(lang).gettext(deal.notes_at(Anchor("card", 3, 4))[0].text)
    assert ("might be void" not in note and "hold a trump" not in note and "tenga un triunfo" not in note
            and "podría" not in note)
    assert ("nobody can trump it" in note) if lang == "en" else ("nadie puede fallarlo" in note)


@pytest.mark.parametrize("lang, words", [
    ("en", "Nap may open the auction, Wellington comes only after a Nap, and Blücher only after a Wellington"),
    ("es", "Nap puede abrir la subasta, Wellington solo llega tras un Nap y Blücher solo tras un Wellington"),
])
def test_p3_lesson_14_objective_says_nap_may_open(lang, words):
    spec = load_lesson("big-bids")
    assert spec.teaching is not None
    objective = translator(lang).gettext(spec.teaching.objective)
    assert words in objective and "each only after" not in objective


@pytest.mark.parametrize("lang, misere, nap", [
    ("en", "Bid Misère: promise to take no trick at all", "Bid Nap: promise all five tricks"),
    ("es", "Anunciar Misère: prometer no hacer ninguna baza", "Anunciar Nap: prometer las cinco bazas"),
])
def test_p4_the_auction_buttons_say_what_misere_and_nap_promise(lang, misere, nap):
    from nap_teach.teach.play.setup import TableSetup
    from nap_teach.ui.play import PlayApp

    for seed in range(40):  # a deal where nobody has bid before the learner speaks
        app = PlayApp(lang=lang, setup=TableSetup(players=4, seat=1, seed=seed, deals=1, bots="random",
                                                  profile="pub"))
        app.setup.start.click()
        assert app.table is not None and app.table.pending == "call"
        if app.table.state.auction.highest is None:
            break
    assert app.auction.buttons["Misere"].tooltip == misere
    assert app.auction.buttons["Nap"].tooltip == nap
    assert not any(" 0 " in b.tooltip for b in app.auction.buttons.values())


@pytest.mark.parametrize("lang, words", [("en", "(must take no trick)"), ("es", "ninguna baza")])
def test_p4_a_misere_deal_diagram_says_the_declarer_must_take_no_trick(lang, words):
    from nap_teach.words.display import deal_html

    state = load_lesson("misere").deal("misere-made").hand
    text = str(deal_html(state, tr=translator(lang)))
    assert words in text and "(needs 0)" not in text and "(exige 0)" not in text


def misere_winner_asks():
    player = LessonPlayer(load_lesson("misere"))
    asks = [a for page in player.pages for a in page.asks if a.kind == "trick_winner"]
    assert asks
    return asks


@pytest.mark.parametrize("lang, because", [
    ("en", "the highest card of the suit led"),
    ("es", "la carta más alta del palo de salida"),
])
def test_p4_misere_trick_winner_questions_say_why_and_tag_wrong_answers_p4(lang, because):
    tr = translator(lang)
    for a in misere_winner_asks():
        assert a.why[0].rule == "P4" and a.why[0].key == "explain.trick_no_trump"
        assert because in tr.explain(a.why[0])
        for option in a.options:
            if option in a.answer:
                continue
            feedback = a.check(option)
            assert not feedback.right and feedback.explanations[0].rule == "P4"
            # only "the winner leads next" is B12's; every reason about who wins is P4's
            assert all(e.rule == "P4" for e in feedback.explanations if e.key != "explain.winner_leads")
            assert because in " ".join(tr.explain(e) for e in feedback.explanations)


# ------------------------------------------------------------------ section 2: misleading
@pytest.mark.parametrize("lang, choice, seed_rule", [
    ("en", "the table's choice", "If two or more players are level at the top"),
    ("es", "la mesa", "Si dos o más jugadores empatan en cabeza"),
])
def test_p8_two_tied_players_share_by_the_tables_choice_never_a_mistake(lang, choice, seed_rule):
    from nap_teach.engine.explain import Explanation
    from nap_teach.engine.profiles import PUB
    from nap_teach.words.rulebook import prose

    tr = translator(lang)
    spec = load_lesson("pub-session")
    assert spec.teaching is not None
    mistakes = " ".join(tr.gettext(m) for m in spec.teaching.mistakes)
    assert "two players" not in mistakes and "dos jugadores" not in mistakes
    shared = tr.explain(Explanation("P8", "explain.tie_shared", {"names": ("Ann", "Ben")}))
    assert choice in shared
    assert seed_rule in " ".join(prose("P8", PUB, tr))


@pytest.mark.parametrize("lang, words", [
    ("en", "House option: some tables pay Misère like Nap, 10 made and 5 failed, instead of 3 and 3"),
    ("es", "Opción de la casa: algunas mesas pagan el Misère como el Nap, 10 si se cumple y 5 si no se cumple, en vez de 3 y 3"),
])
def test_p5_the_pub_rules_card_shows_the_house_option_to_pay_misere_like_nap(lang, words):
    from nap_teach.engine.profiles import PUB
    from nap_teach.teach.handouts.rules import rules_card_html

    assert words in str(rules_card_html(PUB, translator(lang)))


@pytest.mark.parametrize("lang, short, out_next, out_last", [
    ("en", "the 5 chips short (shown as −5) are a debt", "the next deals are among the others",
     "has no chips left and is out of the session."),
    ("es", "las 5 fichas que faltan (se ven como −5) son una deuda", "las siguientes manos se juegan entre los demás",
     "se queda sin fichas y sale de la sesión."),
])
def test_p8_a_chip_shortfall_is_a_debt_and_the_next_deals_line_only_when_deals_follow(lang, short, out_next,
                                                                                       out_last):
    from nap_teach.engine.profiles import PUB
    from nap_teach.engine.session import Session

    tr = translator(lang)
    four = ("Ann", "Ben", "Cat", "Dan")
    s = Session(four, 0, PUB.with_options(ante=10), deals_target=4)
    row = s.add_scored(["Nap", "Pass", "Pass", "Pass"], 2)  # Ben fails Nap: -15 with 10 chips
    said = " ".join(tr.explain(e) for e in s.chips_notes(row))
    assert short in said and out_next in said
    last = Session(four, 0, PUB.with_options(ante=10), deals_target=1)
    row = last.add_scored(["Nap", "Pass", "Pass", "Pass"], 2)  # the same, on the last agreed deal
    said = " ".join(tr.explain(e) for e in last.chips_notes(row))
    assert out_last in said and out_next not in said


@pytest.mark.parametrize("lang, words", [
    ("en", "Under the pub rules that card is a renege (P7)"),
    ("es", "Con las reglas de pub esa carta es un renuncio (P7)"),
])
def test_p7_a_renege_in_a_pub_hand_record_is_refused_with_p7(lang, words):
    from nap_teach.engine.explain import RuleError
    from nap_teach.engine.records import hand_from_record

    record = {"format": "nap-hand/1", "profile": "pub", "players": ["A", "B", "C", "D"], "dealer": "D",
              "hands": {"A": ["AH", "KH", "QH", "AS", "2C"], "B": ["JH", "10H", "KS", "AC", "KD"],
                        "C": ["9H", "8H", "QS", "QC", "QD"], "D": ["7H", "6H", "JS", "JC", "JD"]},
              "auction": ["Four", "Pass", "Pass", "Pass"], "play": ["AH", "KS"]}
    with pytest.raises(RuleError) as err:
        hand_from_record(record)
    assert err.value.rule == "P7" and words in err.value.text(lang)
    record["profile"] = "british"  # no reneges in the British rules: B11 alone
    with pytest.raises(RuleError) as err:
        hand_from_record(record)
    assert err.value.rule == "B11"


def catalogue_strings(lang: str) -> list[str]:
    """Every message of the app in ``lang`` (English: the msgids; Spanish: the translations)."""
    from babel.messages.pofile import read_po
    from nap_teach.words.i18n import LOCALE_DIR

    with open(LOCALE_DIR / "es" / "LC_MESSAGES" / "nap_teach.po", "rb") as f:
        catalog = read_po(f)
    out: list[str] = []
    for m in catalog:
        if not m.id:
            continue
        value = m.id if lang == "en" else m.string
        out.extend(value if isinstance(value, (tuple, list)) else [value])
    return out


@pytest.mark.parametrize("lang, banned", [("en", ("partner",)), ("es", ("compañer",))])
def test_b14_fellow_defenders_are_another_defender_never_a_partner(lang, banned):
    """The seeds have no partnerships: a fellow defender is "another defender" (B14)."""
    found = [s for s in catalogue_strings(lang) if any(b in s.lower() for b in banned)]
    assert found == []
    note = translator(lang).gettext(next(n.text for d in load_lesson("follow-suit").deals for n in d.notes
                                         if "already winning with the ace" in n.text))
    assert ("Ben, another defender" in note) if lang == "en" else ("Ben, otro defensor" in note)


@pytest.mark.parametrize("lang, risk, never", [("en", "calculated risk", "too timid"),
                                               ("es", "riesgo calculado", "demasiado tímid")])
def test_b6_lesson_10_counts_sure_tricks_and_calls_the_long_trump_nap_a_calculated_risk(lang, risk, never):
    tr = translator(lang)
    spec = load_lesson("judging-a-bid")
    texts = [tr.gettext(t) for t in spec.texts()]
    assert any(risk in t for t in texts) and not any(never in t for t in texts)
    assert spec.teaching is not None
    mistakes = [tr.gettext(m) for m in spec.teaching.mistakes]
    assert not any("short suits" in m or "palos cortos" in m for m in mistakes)  # the seed's sure tricks


@pytest.mark.parametrize("lang, guard", [("en", "Ben's queen of diamonds over Ann's jack"),
                                         ("es", "la reina de diamantes de Ben sobre la jota de Ann")])
def test_b12_lesson_12_names_the_guard_that_takes_the_trick(lang, guard):
    spec = load_lesson("defence")
    assert spec.teaching is not None
    assert guard in translator(lang).gettext(spec.teaching.mistakes[0])
    state = spec.deal("keep-the-guard").hand
    last = state.tricks[-1]
    players = state.players
    by = {players[s]: c for s, c in zip(last.seats, last.cards)}
    assert by["Ben"] == Card.parse("QD") and by["Ann"] == Card.parse("JD")
    assert players[last.winning] == "Ben"  # the queen is the card that beats the jack


# ------------------------------------------------------------------ section 4: wording
_NOUNS = (r"(tricks?|cards?|chips?|deals?|players?|opponents?|points?|times|layouts?|antes?|questions?|lessons?|"
          r"rules?|hands?|seats?|bids?|calls?|defenders?|problems?|rounds?|rotations?|plays|minutes?|steps?|files?)")
_NUMBER_BEFORE_NOUN = __import__("re").compile(r"(?<!to )\{(\w+)\} (?:(?:more|other|unused|extra|level|different|"
                                                r"sampled) )?" + _NOUNS + r"\b")
_NOT_NUMBERS = frozenset({"dealer", "next_dealer", "player", "declarer", "bidder", "winner", "first", "card", "winning",
                          "led_one", "learner", "cutter", "offender", "hand", "rules", "names", "call", "contract"})
"""Facts that are names or cards, never counts ("{dealer} deals")."""
_FIXED = frozenset({"size"})
"""Counts that never vary: a hand holds five cards."""


def test_plurals_every_number_that_meets_a_noun_goes_through_ngettext():
    """No message outside a singular/plural pair puts a count before a counted noun ("{n} tricks")."""
    from babel.messages.pofile import read_po
    from nap_teach.words.i18n import LOCALE_DIR

    with open(LOCALE_DIR / "nap_teach.pot", "rb") as f:
        catalog = read_po(f)
    bad = []
    for m in catalog:
        if not m.id or isinstance(m.id, tuple):
            continue
        for found in _NUMBER_BEFORE_NOUN.finditer(m.id):
            if found.group(1) not in _NOT_NUMBERS | _FIXED:
                bad.append((found.group(0), m.id[:90]))
    assert bad == []


@pytest.mark.parametrize("lang, tricks", [("en", "takes 1 trick after"), ("es", "hace 1 baza tras")])
def test_b14_the_solver_verdict_counts_tricks_with_plurals(lang, tricks):
    from nap_teach.engine.explain import Explanation

    text = translator(lang).explain(Explanation("B14", "decide.solver_same", {
        "declarer": "Ann", "tricks": 1, "card": Card.parse("2C"), "book_card": Card.parse("3C")}))
    assert tricks in text


@pytest.mark.parametrize("lang, lower, named", [
    ("en", "“Yes” is wrong: the result is not certain yet", "“Yes” is wrong: Ann holds"),
    ("es", "«Sí» no es correcto: el resultado aún no es seguro", "«Sí» no es correcto: Ann tiene"),
])
def test_b13_a_reason_after_a_colon_goes_on_in_lower_case_but_names_keep_their_capital(lang, lower, named):
    from nap_teach.engine.cards import Suit
    from nap_teach.engine.explain import Explanation

    tr = translator(lang)
    yes = Explanation("B13", "choice.yes", {})
    reason = Explanation("B13", "stop.not_certain", {})
    assert tr.explain(Explanation("B13", "why.choice", {"choice": yes, "reason": reason})).startswith(lower)
    follow = Explanation("B11", "card.must_follow", {"player": "Ann", "held": (Card.parse("JH"),),
                                                     "led": Suit.HEARTS, "card": Card.parse("KS")})
    assert tr.explain(Explanation("B11", "why.choice", {"choice": yes, "reason": follow})).startswith(named)


@pytest.mark.parametrize("lang, words", [("en", "Ann cannot speak again"), ("es", "Ann no puede volver a hablar")])
def test_b5_b8_after_wellington_the_auction_is_over_and_ann_cannot_speak_again(lang, words):
    texts = deal_texts("auction", load_lesson("auction").deals[0].id, lang)
    assert any(words in t for t in texts)
    assert not any("come back with a higher bid" in t for t in texts)


@pytest.mark.parametrize("lang", LANGS)
def test_b14_a_note_never_reasons_from_a_card_the_player_has_not_seen(lang):
    """Cat plays second to trick 4 of the follow-suit deal: Ann's jack is not on the table yet, so the note
    gives Cat's reason from the cards played (king and jack of hearts still out), not from Ann's hand."""
    spec = load_lesson("follow-suit")
    deal = spec.deals[0]
    state = deal.hand
    fourth = state.tricks[3]
    cat, ann = state.players.index("Cat"), state.players.index("Ann")
    assert fourth.seats.index(cat) < fourth.seats.index(ann)  # Cat plays before Ann: the jack is unseen
    note = translator(lang).gettext(deal.notes_at(Anchor("card", 4, 2))[0].text)
    seen = {c for t in state.tricks[:3] for c in t.cards} | {fourth.cards[0]}
    assert Card.parse("KH") not in seen and Card.parse("JH") not in seen  # what the note says is still out
    reason = note.split(".")[0]
    assert ("Ann" not in reason) and (("king and jack of hearts" in reason) if lang == "en"
                                      else ("el rey y la jota de corazones" in reason))


@pytest.mark.parametrize("lang, chance, expected", [("en", "62.5 (", "+1.25"), ("es", "62,5 (", "+1,25")])
def test_b15_numbers_with_decimals_follow_the_language_decimal_comma_in_spanish(lang, chance, expected):
    from nap_teach.ai.odds import CallOdds
    from nap_teach.engine.profiles import BRITISH
    from nap_teach.ui.odds import OddsApp

    app = OddsApp(lang)
    app.hand, app.ran_players = tuple(Card.parse(c) for c in ("AS", "KS", "QS", "JS", "2H")), 4
    three = BRITISH.contract("Three")
    app.odds = [CallOdds(three, 125, 200, 0.55, 0.69, 1.25, 0.5)]
    app.render()
    assert chance in app.table.value and expected in app.table.value
    assert translator(lang).number(-0.126, 2) == ("−0.13" if lang == "en" else "−0,13")


@pytest.mark.parametrize("lang", LANGS)
def test_b1_one_card_reader_reads_codes_symbols_and_words_of_both_languages(lang):
    from nap_teach.engine.cards import FULL_PACK, CardParseError
    from nap_teach.words.cardtext import read_card, read_cards, reading_note

    tr = translator(lang)
    es_rank = {14: "A", 13: "R", 12: "D", 11: "V"}
    for card in FULL_PACK:
        es_code = es_rank.get(int(card.rank), str(int(card.rank))) + "PCTD"[int(card.suit)]
        assert read_card(card.symbol, lang).card is card
        assert read_card(translator("en").card_words(card), lang).card is card
        assert read_card(translator("es").card_words(card), lang).card is card
        # each language's code reads as that language's card on its own page
        page_code = card.code if lang == "en" else es_code
        assert read_card(page_code, lang).card is card
    ac = read_card("AC", lang)
    assert ac.card == (Card.parse("AC") if lang == "en" else Card.parse("AH"))
    note = reading_note(read_cards("AC RC", lang), tr)
    if lang == "es":
        assert "AC leída como código español: A♥" in note and "como código inglés sería A♣" in note
    else:
        assert "RC read as a Spanish code: K♥" in note and "AC" not in note
    for bad in ("ZZ", "11H", "rey de copas", ""):
        with pytest.raises(CardParseError):
            read_card(bad, lang)


def _course_sentences(lang: str) -> list[str]:
    """Every sentence the course says in ``lang``: notes, narration, questions and the reasons of their answers."""
    from nap_teach.teach.course import load_course

    tr = translator(lang)
    out: list[str] = []
    for spec in load_course():
        for page in LessonPlayer(spec).pages:
            out.extend(tr.gettext(n) for n in page.notes)
            out.extend(tr.explain(e) for e in page.explanations)
            for a in page.asks:
                out.append(tr.explain(a.prompt))
                out.extend(tr.explain(w) for w in a.why)
    return out


@pytest.mark.parametrize("lang, record_names", [("en", r"\bMisere\b|\bBlucher\b"),
                                                ("es", r"\bMisere\b|\bBlucher\b|\bPass\b")])
def test_b6_p3_call_names_in_sentences_come_from_the_catalogue(lang, record_names):
    """Never a record name ("Misere", "Blucher"; "Pass" in Spanish, where the call is "Paso") in a sentence."""
    import re

    found = [s for s in _course_sentences(lang) if re.search(record_names, s)]
    assert found == []
    legal = [s for s in _course_sentences(lang) if s.startswith(("Ann may make one of", "Ann puede decir ahora"))]
    assert legal and all(("Pass" in s) if lang == "en" else ("Paso" in s) for s in legal)
