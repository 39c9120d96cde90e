"""The bots: legal choices only, a seat's view only, a reason in words for every move.

The simple bot is checked on hypothesis-drawn seeded deals (3..7 players,
british and pub), on hand-built positions (bidding and play examples), and on
a short simulation (its declarers make most of their contracts).
"""
from __future__ import annotations

import dataclasses
import random
import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from nap_teach.engine.auction import PASS, Call
from nap_teach.ai.bots import Decision, RandomBot, SimpleBot, bot_names, get_bot, hint
from nap_teach.ai.bots.coach import hint_key
from nap_teach.ai.bots.simple import REASON_KEYS, misere_chance, plan_hand
from nap_teach.engine.cards import FULL_PACK, Card, Suit, parse_cards
from nap_teach.engine.dealing import deal_rng, shuffle_and_deal
from nap_teach.engine.explain import Explanation, RuleError
from nap_teach.words.i18n import translator
from nap_teach.engine.messages import MESSAGES
from nap_teach.engine.profiles import BRITISH, PUB
from nap_teach.ai.simulate import simulate
from nap_teach.engine.state import DealState

NAMES = ("A", "B", "C", "D", "E", "F", "G")
EN = translator("en")
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

deal_args = st.tuples(st.integers(3, 7), st.integers(0, 10**6), st.integers(0, 50), st.sampled_from([BRITISH, PUB]))


def new_state(args) -> DealState:
    n, seed, k, profile = args
    return DealState.from_deal(shuffle_and_deal(NAMES[:n], k % n, deal_rng(seed, k), profile), profile)


def words(expl: Explanation) -> str:
    text = EN.explain(expl)
    assert expl.key in MESSAGES, expl.key
    assert "{" not in text and "}" not in text, text
    assert text.strip() and "\n" not in text
    return text


def table(hands: dict[int, str], n: int = 4, dealer: int | None = None, profile=BRITISH) -> DealState:
    """A deal with the given hands (seat -> cards); other seats get low filler cards."""
    taken = {c for text in hands.values() for c in parse_cards(text)}
    pool = [c for c in FULL_PACK if c not in taken]  # 2s first: harmless filler
    full = []
    for seat in range(n):
        if seat in hands:
            full.append(parse_cards(hands[seat]))
        else:
            full.append(tuple(pool[:5]))
            pool = pool[5:]
    return DealState(NAMES[:n], (n - 1) if dealer is None else dealer, full, profile)


def decide(state: DealState) -> Decision:
    seat = state.to_act
    assert seat is not None
    return SimpleBot().decide(state.view(seat))


# ------------------------------------------------------------- properties
@SETTINGS
@given(deal_args, st.integers(0, 2**16))
def test_bots_only_make_legal_choices_with_a_reason_in_words(args, mix):
    """Whole deals with simple and random bots: each choice is legal, each reason renders."""
    state = new_state(args)
    rnd = random.Random(mix)
    bots = [get_bot(rnd.choice(["simple", "simple", "random"]), random.Random(mix + i)) for i in range(state.n)]
    while state.to_act is not None:
        seat = state.to_act
        view = state.view(seat)
        decision = bots[seat].decide(view)
        assert isinstance(decision, Decision) and isinstance(decision.reason, Explanation)
        legal = view.legal_calls if view.phase == "auction" else view.legal_cards
        assert decision.action in legal
        assert state.refusal(decision.action, seat) is None
        text = words(decision.reason)
        assert state.players[seat] in text
        if isinstance(bots[seat], SimpleBot):
            assert decision.reason.key in REASON_KEYS
        state.apply(decision.action, seat)
    assert state.phase == "over"


@SETTINGS
@given(deal_args)
def test_the_coach_suggests_the_simple_bots_choice_said_to_you(args):
    state = new_state(args)
    bot = SimpleBot()
    while state.to_act is not None:
        view = state.view(state.to_act)
        mine, tip = bot.decide(view), hint(view)
        assert tip.action == mine.action
        assert tip.reason.facts == mine.reason.facts
        assert tip.reason.key == "hint." + mine.reason.key[4:]
        words(tip.reason)
        state.apply(mine.action)


def _same_view_other_deal(state: DealState, seat: int, rnd: random.Random) -> DealState | None:
    """A deal where ``seat`` holds the same cards and every action so far is repeated,
    but the other hands and the unused cards are shuffled anew."""
    played = {}
    for s, c in state.cards_played:
        played.setdefault(s, []).append(c)
    fixed = set(state.hands[seat]) | {c for cs in played.values() for c in cs}
    pool = [c for c in FULL_PACK if c not in fixed]
    rnd.shuffle(pool)
    hands = []
    for s in range(state.n):
        if s == seat:
            hands.append(state.hands[seat])
        else:
            own = played.get(s, [])
            hands.append(tuple(own) + tuple(pool[: 5 - len(own)]))
            pool = pool[5 - len(own):]
    other = DealState(state.players, state.dealer, hands, state.profile, tuple(pool))
    try:
        other.replay(state.actions)
    except RuleError:  # a discard in the real deal would be a revoke with these hands
        return None
    return other


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(deal_args, st.integers(0, 2**16))
def test_the_bot_decides_from_its_seat_view_only(args, salt):
    """Other hands and the unused cards differ, the seat's view is the same: so is the choice."""
    state = new_state(args)
    rnd = random.Random(salt)
    stop_at = rnd.randrange(state.n + 5 * state.n)
    bot = SimpleBot()
    while state.to_act is not None and len(state.actions) < stop_at:
        state.apply(bot.decide(state.view(state.to_act)).action)
    assume(state.to_act is not None)
    seat = state.to_act
    other = _same_view_other_deal(state, seat, rnd)
    assume(other is not None)
    assert other.hands != state.hands
    view, other_view = state.view(seat), other.view(seat)
    assert view == other_view
    assert bot.decide(view) == bot.decide(other_view)


def test_a_seat_view_holds_no_hidden_card():
    state = new_state((5, 11, 3, BRITISH))
    bot = SimpleBot()
    while state.to_act is not None:
        seat = state.to_act
        view = state.view(seat)
        allowed = set(state.held[seat]) | {c for _, c in state.cards_played}
        for f in dataclasses.fields(view):
            value = getattr(view, f.name)
            found = _cards_in(value)
            assert found <= allowed, (f.name, found - allowed)
        state.apply(bot.decide(view).action)


def _cards_in(value) -> set[Card]:
    if isinstance(value, Card):
        return {value}
    if isinstance(value, (tuple, list)):
        return set().union(*(_cards_in(v) for v in value)) if value else set()
    if dataclasses.is_dataclass(value) and not isinstance(value, type) and hasattr(value, "cards"):
        return set(value.cards)
    return set()


def test_a_bot_refuses_anything_but_a_seat_view_and_a_turn_not_its_own():
    state = new_state((4, 5, 0, BRITISH))
    with pytest.raises(TypeError):
        SimpleBot().decide(state)  # the whole deal is never accepted
    not_mine = (state.to_act + 1) % state.n
    with pytest.raises(ValueError):
        SimpleBot().decide(state.view(not_mine))
    with pytest.raises(ValueError):
        hint(state.view(not_mine))


def test_bot_levels_and_every_reason_has_a_learner_version():
    assert {"random", "simple"} <= set(bot_names())
    assert isinstance(get_bot("simple", random.Random(1)), SimpleBot)
    assert isinstance(get_bot("random", random.Random(1)), RandomBot)
    with pytest.raises(KeyError):
        get_bot("grandmaster")
    assert len(REASON_KEYS) > 20
    for key in REASON_KEYS:
        assert key in MESSAGES and key.startswith("bot."), key
        assert hint_key(key) == "hint." + key[4:], key
    assert hint_key("explain.pass") == "explain.pass"


# ---------------------------------------------------------------- bidding
@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_a_hand_with_ace_king_queen_and_an_ace_bids_at_least_three(n):
    state = table({0: "AS KS QS AH 2D"}, n=n)
    d = decide(state)
    assert d.action != PASS
    assert BRITISH.contract(d.action.name).min_tricks >= 3
    assert d.reason.key == "bot.bid_sure_tricks"
    assert {"AS", "KS", "QS"} <= {c.code for c in d.reason.facts["cards"]}
    assert d.reason.facts["suit"] is Suit.SPADES
    text = words(d.reason)
    assert text.startswith(f"A bids {d.action.name}: with spades as trump")
    assert "A♠" in text and "K♠" in text


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("profile", [BRITISH, PUB])
def test_a_junk_hand_passes(n, profile):
    state = table({0: "JS 9H 8C 10D 3D"}, n=n, profile=profile)
    d = decide(state)
    assert d.action == PASS
    assert d.reason.key in ("bot.pass_no_tricks", "bot.pass_few_tricks", "bot.pass_risky")
    assert words(d.reason).startswith("A passes")


def test_the_pass_names_the_cards_it_could_count():
    state = table({0: "AH 7S 5C 4D 2D"}, n=7)
    d = decide(state)
    assert d.action == PASS and d.reason.key == "bot.pass_few_tricks"
    assert words(d.reason) == "A passes: only 1 card is more likely than not to win a trick (A♥), and Three needs 3."


def test_a_hand_worth_three_passes_when_four_is_already_bid():
    # dealer D (seat 3): A speaks first and bids Four; B holds a Three hand
    state = table({1: "AS KS QS 7H 2D"}, n=4, dealer=3)
    state.apply(Call("Four"))
    d = decide(state)
    assert d.action == PASS and d.reason.key == "bot.pass_outbid"
    assert words(d.reason) == "B passes: the hand is worth Three, but the bidding is already at Four."


def test_wellington_only_after_a_nap():
    strong = "AS KS QS JS 10S"
    first = table({0: strong}, n=4)
    d = decide(first)
    assert d.action == Call("Nap")  # Wellington is not legal yet (B7)
    later = table({1: strong}, n=4, dealer=3)
    later.apply(Call("Nap"))
    assert decide(later).action == Call("Wellington")


def test_pub_misere_with_a_very_low_hand():
    state = table({0: "2S 3H 4C 2D 5D"}, n=5, profile=PUB)
    d = decide(state)
    assert d.action == Call("Misere")
    assert d.reason.key == "bot.bid_misere" and d.reason.rule == "P4"
    assert words(d.reason).startswith("A bids Misère: holding 2♠, 2♦, 3♥, 4♣ and 5♦, A estimates the chance")
    # the british ladder has no Misère: the same hand passes there
    assert decide(table({0: "2S 3H 4C 2D 5D"}, n=5)).action == PASS
    assert misere_chance(parse_cards("2S 3H 4C 2D 5D"), 5) > misere_chance(parse_cards("KS QH 4C 2D 5D"), 5)


def test_plan_picks_the_long_strong_suit_as_trump():
    plan = plan_hand(parse_cards("AH KH 7H 2S 3C"), 4)
    assert plan.trump is Suit.HEARTS
    assert plan.counted[:2] == parse_cards("AH KH")


# ------------------------------------------------------------------- play
def four_player_three(hands: dict[int, str]) -> DealState:
    """A (seat 0) declares Three at a table of four, dealer D; play not started."""
    state = table(hands, n=4, dealer=3)
    for call in ("Three", "Pass", "Pass", "Pass"):
        state.apply(call)
    return state


def test_the_declarer_leads_the_top_of_the_strongest_suit():
    state = four_player_three({0: "AH KH 7H 2S 3C"})
    d = decide(state)
    assert d.action == Card.parse("AH") and d.reason.key == "bot.lead_trump_suit"
    assert words(d.reason) == "A leads A♥ from the strongest suit: hearts become trump."


def test_the_declarer_draws_trumps_with_a_master_trump():
    state = four_player_three({0: "AH KH 7H 2S 3C", 1: "5H 9S 9C 9D 8D"})
    state.apply("AH")
    for _ in range(3):
        state.apply(decide(state).action)
    d = decide(state)  # A won the first trick; K♥ is now the highest trump out
    assert d.action == Card.parse("KH") and d.reason.key == "bot.draw_trumps"


def test_a_defender_wins_cheaply():
    state = four_player_three({0: "9C 8C 2S 3S 4S", 1: "KC 10C 3C 5H 6H"})
    state.apply("9C")  # clubs are trump; B follows after the declarer
    d = decide(state)
    assert d.action == Card.parse("10C") and d.reason.key == "bot.win_cheaply"
    assert words(d.reason) == "B wins cheaply with 10♣: just enough to beat 9♣."


def test_a_defender_does_not_overtake_a_fellow_defender():
    state = four_player_three({0: "9C 8C 2S 3S 4S", 1: "10C 5H 6H 7H 8H", 2: "QC 2C 5S 6S 7S"})
    state.apply("9C")
    state.apply("10C")
    d = decide(state)
    assert d.action == Card.parse("2C") and d.reason.key == "bot.partner_winning"
    assert words(d.reason) == "C plays low with 2♣: B, another defender, is already winning this trick."


def test_a_void_defender_with_no_trump_discards_the_lowest_card():
    state = four_player_three({0: "9C 8C 2S 3S 4S", 1: "3C 5H 6H 7H 8H", 2: "7D KS JS 3D 5D"})
    state.apply("9C")  # clubs are trump; B cannot beat 9♣ and C has no club at all
    state.apply("3C")
    d = decide(state)
    assert d.action == Card.parse("3D") and d.reason.key == "bot.discard_low"
    assert words(d.reason) == "C has no clubs and discards the lowest card, 3♦."


def test_follow_low_when_the_trick_cannot_be_won():
    state = four_player_three({0: "AS 8C 2C 3C 4C", 1: "8S 3S 5H 6H 7H"})
    state.apply("AS")  # spades trump, the ace cannot be beaten
    d = decide(state)
    assert d.action == Card.parse("3S") and d.reason.key == "bot.follow_low"
    assert words(d.reason) == "B follows low with 3♠: it cannot beat A♠."


def test_a_forced_card_says_that_suit_must_be_followed():
    state = four_player_three({0: "AS KH 2C 3C 4C", 1: "2S 9S 5H 6D 7D"})
    state.apply("AS")  # spades trump
    for _ in range(3):
        state.apply(decide(state).action)
    state.apply("KH")  # A leads K♥; B's only heart is 5♥
    d = decide(state)
    assert d.action == Card.parse("5H") and d.reason.key == "bot.must_follow"
    assert words(d.reason) == "B plays 5♥, the only heart in hand: suit must be followed."


def test_misere_declarer_ducks_and_defenders_stay_under():
    state = table({0: "2S 3H 4C 2D 5D", 1: "9C 7C 6H 8S 3S", 2: "5C 2C 9H 10S 4S"}, n=4, dealer=3, profile=PUB)
    for call in ("Misere", "Pass", "Pass", "Pass"):
        state.apply(call)
    lead = decide(state)
    assert lead.action.rank == 2 and lead.reason.key == "bot.misere_lead"
    state.apply("4C")  # the declarer leads 4♣ instead: B (after) must keep under it if possible
    d = decide(state)
    assert d.reason.key == "bot.forced_over" and d.action == Card.parse("7C")
    state.apply(d.action)
    d = decide(state)  # C: the declarer has already lost this trick, so shed the highest club
    assert d.action == Card.parse("5C") and d.reason.key == "bot.shed_high"


# ------------------------------------------------------------- strength
def test_simple_declarers_make_most_of_their_contracts():
    report = simulate(4, 200, ["simple"] * 4, seed="bots-test")
    bid = sum(s.bid for s in report.contracts.values())
    made = sum(s.made for s in report.contracts.values())
    assert bid >= 60
    assert made / bid >= 0.6


def test_the_trick_estimates_match_simulated_deals():
    """Make one seat declare Three on 400 seeded deals: predicted and actual rates agree."""
    predicted, made = [], []
    bot = SimpleBot()
    for k in range(400):
        state = DealState.from_deal(shuffle_and_deal(NAMES[:4], 3, deal_rng("calibration", k)))
        predicted.append(plan_hand(state.hands[0], 4, 3).at_least[3])
        for call in ("Three", "Pass", "Pass", "Pass"):
            state.apply(call)
        while state.to_act is not None:
            state.apply(bot.decide(state.view(state.to_act)).action)
        made.append(state.tricks_won[0] >= 3)
    assert abs(sum(predicted) / 400 - sum(made) / 400) < 0.06
    likely = [m for p, m in zip(predicted, made) if p >= 0.6]
    unlikely = [m for p, m in zip(predicted, made) if p < 0.3]
    assert len(likely) >= 30 and len(unlikely) >= 30
    assert sum(likely) / len(likely) >= 0.6 > 0.3 >= sum(unlikely) / len(unlikely)


# ---------------------------------------------------------------- one voice (issue 25): the coach's words
ES = translator("es")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_b6_the_coach_names_only_calls_legal_now(lang):
    tr = translator(lang)
    # dealer D: A bids Three, then B, with a junk hand, is advised to pass. The reason must weigh Four,
    # the lowest bid B may still make, never Three (already bid: not a call B can make now).
    state = table({1: "JS 9H 8C 10D 3D"}, n=4, dealer=3)
    state.apply(Call("Three"))
    advice = hint(state.view(1))
    assert advice.action == PASS
    assert advice.reason.key in ("hint.pass_no_tricks", "hint.pass_few_tricks", "hint.pass_risky")
    assert advice.reason.facts["needed"] == "Four" and advice.reason.facts["tricks"] == 4
    text = tr.explain(advice.reason)
    assert tr.call("Four") in text and tr.call("Three") not in text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_b7_pass_no_bid_left_when_wellington_closes_the_ladder(lang):
    tr = translator(lang)
    # dealer D: A bids Nap, B Wellington; C may only pass, and the coach says so without weighing a bid
    state = table({2: "AS KS QS JS 10S"}, n=4, dealer=3)
    state.apply(Call("Nap"))
    state.apply(Call("Wellington"))
    advice = hint(state.view(2))
    assert advice.action == PASS and advice.reason.key == "hint.pass_no_bid_left"
    assert tr.explain(advice.reason) == tr.gettext(MESSAGES["hint.pass_no_bid_left"]).format(
        highest=tr.call("Wellington"))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_hint_bid_long_trumps_says_why_low_trumps_count(lang):
    tr = translator(lang)
    # five spades without the ace: the low spades count because the others run out of trumps
    state = table({0: "KS QS 9S 7S 5S"}, n=4)
    advice = hint(state.view(0))
    assert advice.action != PASS and advice.reason.key == "hint.bid_long_trumps"
    text = tr.explain(advice.reason)
    assert {"en": "once the other players have no trumps left", "es": "cuando los demás ya no tengan triunfos"}[lang] in text
    # a hand whose counted trumps are the top ones keeps the plain words
    top = hint(table({0: "AS KS QS 7H 2D"}, n=4).view(0))
    assert top.reason.key == "hint.bid_sure_tricks"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_hint_lead_spare_never_calls_a_king_low(lang):
    tr = translator(lang)
    # A declares in spades (trumps 2♠ 3♠ left) and holds K♦ and K♣ outside trumps: the coach leads a king
    # but never calls it low, nor "the lowest card" (2♠ is lower)
    state = four_player_three({0: "AS 2S 3S KD KC"})
    state.apply("AS")
    for _ in range(3):
        state.apply(decide(state).action)
    assert state.to_act == 0  # A's A♠ won the first trick
    advice = hint(state.view(0))
    assert advice.action == Card.parse("KC") and advice.reason.key == "hint.lead_spare_keep_trumps"
    text = tr.explain(advice.reason)
    assert "K♣" in text and not re.search({"en": r"\blow", "es": r"\bbaj"}[lang], text.lower())
    # the same lead said of a bot
    assert SimpleBot().decide(state.view(0)).reason.key == "bot.lead_spare_keep_trumps"


def test_hint_low_words_only_for_low_cards_over_seeded_deals():
    """Every hint that calls its card low (or the lowest) is true of the hand: a ten or lower, and no lower legal card."""
    from nap_teach.ai.bots.simple import SPARE_KEYS, is_low

    low_keys = {"hint." + k[4:] for k in SPARE_KEYS}
    said = spared = 0
    for k in range(120):
        state = new_state((4 + k % 3, 31, k, BRITISH if k % 2 else PUB))
        while not state.is_over:
            seat = state.to_act
            view = state.view(seat)
            advice = hint(view)
            if advice.reason.key in low_keys:
                said += 1
                among = view.legal_cards
                if advice.reason.key == "hint.lead_low_keep_trumps":
                    among = tuple(c for c in among if c.suit is not view.trump)
                assert is_low(advice.action, among), (advice.reason, view.hand)
            elif advice.reason.key.endswith("_spare"):
                spared += 1
                assert not re.search(r"\blow\b", EN.explain(advice.reason).lower())
            state.apply(advice.action)
    assert said > 50 and spared > 0


@pytest.mark.parametrize("lang", ["en", "es"])
def test_p4_misere_hints_call_a_card_the_lowest_only_when_it_is(lang):
    """Over seeded pub deals: "your lowest card" in a Misère defender's lead is the lowest card in hand
    (else the words name the suits the declarer may hold), "play low" is never said of a jack or higher,
    and a forced card over the winner is "the lowest card you may play"."""
    tr = translator(lang)
    seen: dict[str, int] = {}
    for k in range(300):
        state = new_state((3 + k % 5, 41, k, PUB))
        while not state.is_over:
            view = state.view(state.to_act)
            advice = hint(view)
            key, card = advice.reason.key, advice.action
            if key.startswith("hint.misere") or key.startswith("hint.forced_over"):
                seen[key] = seen.get(key, 0) + 1
                assert tr.explain(advice.reason)
            if key in ("hint.misere_defend_lead", "hint.misere_lead"):
                assert card.rank == min(c.rank for c in view.hand), (key, view.hand)
            if key == "hint.misere_defend_low":
                assert card.rank <= 10
            if key in ("hint.forced_over", "hint.misere_defend_low_spare"):
                assert card.rank == min(c.rank for c in view.legal_cards)
            state.apply(card)
    assert {"hint.misere_defend_lead", "hint.misere_defend_lead_suit", "hint.forced_over"} <= set(seen)
