"""Quiz questions: engine answers, explained by their rule, reproducible from a seed."""
from __future__ import annotations

import re

import pytest

from nap_teach.engine.cards import Card
from nap_teach.engine.explain import IllegalAction
from nap_teach.words.i18n import translator
from nap_teach.engine.profiles import BRITISH, PUB
from nap_teach.teach.quiz import DEFAULT_COUNT, GENERATORS, QuizRun, faq_questions, generate, make_quiz
from nap_teach.teach.quiz.question import signed

EN = translator("en")
SEEDS = range(12)


def words(expl) -> str:
    return EN.explain(expl)


def test_faq_questions_answered_by_the_rules():
    trump, wellington, unused = faq_questions()
    assert (trump.answer, trump.rule) == ("no", "B11")
    assert (wellington.answer, wellington.rule) == ("no", "B7")
    assert (unused.answer, unused.rule) == ("no", "B4")
    assert wellington.explanation.key == "call.requires"
    assert unused.explanation.key == "card.unused"
    # the trump question shows a hand that is void in the suit led but holds a trump
    led = trump.trick[0][1]
    assert not any(c.suit is led.suit for c in trump.hand)
    assert any(c.suit is trump.trump for c in trump.hand)


def test_quiz_has_faq_plus_fifteen_generated():
    quiz = make_quiz(seed=1)
    assert DEFAULT_COUNT >= 15
    assert len(quiz) == 3 + DEFAULT_COUNT
    assert [q.id for q in quiz[:3]] == [q.id for q in faq_questions()]
    assert len({q.id for q in quiz}) == len(quiz)
    assert len({q.kind for q in quiz[3:]}) == DEFAULT_COUNT  # a variety of kinds


def test_quiz_reproducible_from_seed():
    assert make_quiz(seed=42) == make_quiz(seed=42)
    assert make_quiz(seed="club night") == make_quiz(seed="club night")
    assert make_quiz(seed=1) != make_quiz(seed=2)


@pytest.mark.parametrize("kind", sorted(GENERATORS))
def test_every_kind_is_well_formed(kind):
    for seed in SEEDS:
        q = generate(kind, seed)
        assert q.answer in {c.value for c in q.choices}
        assert q.rule == q.explanation.rule and re.fullmatch(r"B\d+", q.rule)
        for text in [words(q.prompt), words(q.explanation), *(words(c.label) for c in q.choices)]:
            assert text and "{" not in text and "}" not in text, text
        assert q.is_right(q.answer)
        wrong = [c.value for c in q.choices if c.value != q.answer]
        assert wrong and not q.is_right(wrong[0])


def test_may_play_answers_follow_b11():
    for seed in range(40):
        q = generate("may_play", seed)
        led = q.trick[0][1]
        card = q.prompt.facts["card"]
        holds_led = any(c.suit is led.suit for c in q.hand)
        expected = card.suit is led.suit or not holds_led
        assert (q.answer == "yes") == expected


def test_trick_winner_answers_follow_b12():
    for seed in range(40):
        q = generate("trick_winner", seed)
        cards = [c for _, c in q.trick]
        trumps = [c for c in cards if c.suit is q.trump]
        best = max(trumps or [c for c in cards if c.suit is cards[0].suit], key=lambda c: c.rank)
        assert dict((c, p) for p, c in q.trick)[best] == q.answer


def test_settle_answers_follow_b15():
    for seed in range(30):
        q = generate("settle", seed)
        facts = q.prompt.facts
        contract = BRITISH.contract(facts["call"])
        n = len(facts["players"])
        made = contract.min_tricks <= facts["won"] <= contract.max_tricks
        stake = contract.made if made else -contract.failed
        assert int(q.answer) == stake * (n - 1)


def test_balance_answers_sum_to_zero():
    for seed in range(20):
        q = generate("balance", seed)
        shown = sum(v for _, v in q.prompt.facts["amounts"])
        assert int(q.answer) == -shown


def test_unused_answers_follow_b4():
    for seed in range(20):
        q = generate("unused", seed)
        assert int(q.answer) == 52 - 5 * q.prompt.facts["count"]


def test_quiz_run_score_right_and_wrong():
    run = QuizRun(seed=3)
    first, second = run.questions[0], run.questions[1]
    assert run.answer(0, first.answer) is True
    wrong = next(c.value for c in second.choices if c.value != second.answer)
    assert run.answer(1, wrong) is False
    assert (run.score, run.answered, run.total) == (1, 2, len(run.questions))
    with pytest.raises(IllegalAction):  # one answer per question
        run.answer(0, first.answer)
    with pytest.raises(ValueError):
        run.answer(2, "not a choice")
    with pytest.raises(IndexError):
        run.answer(99, "yes")
    assert run.score == 1 and not run.finished


def test_quiz_in_spanish_renders():
    es = translator("es")
    for q in make_quiz(seed=5):
        assert es.explain(q.prompt) and es.explain(q.explanation)


def test_pub_quiz_reads_the_pub_profile():
    quiz = make_quiz(seed=9, profile=PUB)
    wellington = quiz[1]
    assert wellington.rule == "P3"
    for q in quiz:
        assert q.answer in {c.value for c in q.choices}


def test_card_choices_are_cards():
    q = generate("rank", 0)
    assert all(Card.parse(c.value) for c in q.choices)


def test_british_quizzes_keep_their_kinds_pub_quizzes_add_their_own():
    from nap_teach.engine.profiles import PUB
    from nap_teach.teach.quiz import GENERATORS, kinds_for

    assert kinds_for(BRITISH) == list(GENERATORS)
    assert set(kinds_for(PUB)) - set(GENERATORS) == {"first_dealer", "misdeal", "misere_trick", "renege",
                                                     "tie_break", "variation"}
    quiz = make_quiz(seed=5, count=40, profile=PUB)
    assert quiz == make_quiz(seed=5, count=40, profile=PUB)
    by_kind = {q.kind: q for q in quiz}
    assert by_kind["misere_trick"].rule == "P4" and by_kind["misere_trick"].trump is None
    assert by_kind["first_dealer"].rule == "P1" and by_kind["renege"].rule == "P7"
    assert by_kind["variation"].answer == "no" and by_kind["variation"].rule == "P9"
    for q in quiz:
        assert q.answer in {c.value for c in q.choices}


# ---------------------------------------------------- why each wrong choice is wrong
def _every_kind():
    from nap_teach.teach.quiz import kinds_for

    out = [(kind, BRITISH) for kind in kinds_for(BRITISH)]
    return out + [(kind, PUB) for kind in kinds_for(PUB)]


def _reasons_of(q, tr) -> dict[str, str]:
    """Every wrong choice's reason, checked: it exists, names the choice and is not the answer's text."""
    main = tr.explain(q.explanation)
    out = {}
    for c in q.choices:
        why = q.reason(c.value)
        if c.value == q.answer:
            assert why is None
            continue
        assert why is not None, (q.id, c.value)
        text, label = tr.explain(why), tr.explain(c.label)
        assert text and "{" not in text and "}" not in text, text
        assert label.lower() in text.lower(), (q.id, label, text)
        assert text != main and why.key.startswith("why."), text
        out[c.value] = text
    assert len(set(out.values())) == len(out), out  # each wrong choice has its own reason
    return out


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("kind,profile", _every_kind(), ids=lambda v: getattr(v, "name", v))
def test_every_wrong_choice_of_every_kind_says_why_naming_that_choice(kind, profile, lang):
    tr = translator(lang)
    for seed in range(8):
        q = generate(kind, f"why-{seed}", profile, seed)
        assert _reasons_of(q, tr)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("profile", [BRITISH, PUB], ids=lambda p: p.name)
def test_every_wrong_faq_choice_says_why(profile, lang):
    for q in faq_questions(profile):
        assert _reasons_of(q, translator(lang))


def test_b12_a_wrong_trick_winner_names_the_card_that_cannot_win():
    for seed in range(30):
        q = generate("trick_winner", seed)
        cards = dict(q.trick)
        for c in q.choices:
            if c.value != q.answer:
                text = words(q.reason(c.value))
                assert text.startswith(f"{c.value}'s {EN.card(cards[c.value])} cannot win")


def test_b15_a_wrong_amount_says_which_mistake_it_is():
    keys = set()
    for seed in range(200):
        q = generate("settle", seed)
        for c in q.choices:
            if c.value != q.answer:
                keys.add(q.reason(c.value).key)
    # the sign, one opponent only, one opponent too many, another contract's stake
    assert {"why.amount_sign_made", "why.amount_sign_failed", "why.amount_one", "why.amount_all"} <= keys
    assert keys & {"why.amount_stake_made", "why.amount_stake_failed", "why.amount_made", "why.amount_failed"}


def test_b15_three_pays_three_not_another_stake():
    from nap_teach.teach.quiz.kinds import wrong_amount
    from nap_teach.teach.quiz.question import Choice
    from nap_teach.engine.explain import Explanation

    label = Explanation("B15", "choice.value", {"value": "+15"})
    why = wrong_amount("B15", Choice("15", label), 9, 3, [3, 4, 5, 10], "Ann", "Three")
    assert words(why) == "+15 counts 5 from each of the 3 opponents, but a made Three earns 3 from each: +9."
    label = Explanation("B15", "choice.value", {"value": "+12"})  # 4 opponents counted, not 3
    why = wrong_amount("B15", Choice("12", label), 9, 3, [3, 4, 5, 10], "Ann", "Three")
    assert words(why) == "+12 counts 4 opponents, but Ann plays against the other 3 only: +9."


def test_b8_b5_a_second_call_is_refused_by_the_engine():
    seen = {}
    for seed in range(40):
        q = generate("second_call", seed)
        seen.setdefault((q.answer, q.rule), q)
        if q.answer == "no":
            assert q.explanation.key == "call.already_spoken" and q.rule == "B8" or \
                q.explanation.key == "call.already_bid" and q.rule == "B5"
            assert words(q.reason("yes")).startswith("“Yes” is wrong: ")
    assert {("no", "B8"), ("no", "B5")} <= set(seen)
    assert any(answer == "yes" for answer, _ in seen)  # the player whose turn it is may call
    text = words(seen[("no", "B8")].explanation)
    assert "pass is final" in text


def test_b8_the_auction_lesson_asks_about_a_second_call():
    from nap_teach.teach.course import load_lesson

    spec = load_lesson("auction")
    assert "second_call" in spec.quiz.kinds


def _amount_reason_is_true(value: int, answer: int, why) -> bool:
    """Whether the settle reason ``why`` for the wrong choice ``value`` says only what is true of it."""
    f = why.facts
    made = answer > 0
    stake, opponents = f["stake"], f["opponents"]
    if stake * opponents != abs(answer) or f["answer"] != signed(answer):
        return False
    same_sign = value != 0 and (value > 0) == made
    key = why.key.rsplit("_", 1)[0] if why.key.endswith(("_made", "_failed")) else why.key
    if why.key.endswith(("_made", "_failed")) and why.key.endswith("_made") != made:
        return False  # "a made Three" for a failed one
    if key == "why.amount_sign":
        return value == -answer
    if key == "why.amount_sign_size":
        return not same_sign and abs(value) != abs(answer)
    if not same_sign:
        return False
    if key == "why.amount_one":
        return abs(value) == stake
    if key == "why.amount_all":
        return abs(value) == stake * f["count"] and f["count"] == opponents + 1
    if key == "why.amount_stake":
        return abs(value) == f["other"] * opponents and f["other"] != stake
    return key == "why.amount" and abs(value) != abs(answer)


@pytest.mark.parametrize("profile", [BRITISH, PUB], ids=["british", "pub"])
def test_b15_p5_every_settle_reason_is_true_of_its_number_over_thousands_of_questions(profile):
    from nap_teach.words.i18n import translator

    en, es = translator("en"), translator("es")
    keys = set()
    for number in range(2000):
        q = generate("settle", "truth", profile, number)
        answer = int(q.answer)
        for c in q.choices:
            if c.value == q.answer:
                continue
            why = q.reason(c.value)
            assert _amount_reason_is_true(int(c.value), answer, why), (q.id, c.value, q.answer, words(why))
            shown = en.amount(int(c.value))
            assert words(why).startswith(shown) and es.explain(why).startswith(shown)
            assert "a head" not in words(why)
            keys.add(why.key)
    assert {"why.amount_sign_made", "why.amount_sign_failed", "why.amount_sign_size_made",
            "why.amount_sign_size_failed", "why.amount_one", "why.amount_all"} <= keys
