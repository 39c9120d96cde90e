"""The expert bot: it samples layouts consistent with its seat's view and solves them with open hands."""
from __future__ import annotations

import random

import pytest

from nap_teach.engine.auction import Call
from nap_teach.ai.bots import Decision, bot_names, get_bot
from nap_teach.ai.bots.expert import BID_FIT, REASON_KEYS, ExpertBot, sample_layouts
from nap_teach.ai.bots.simple import plan_hand
from nap_teach.engine.cards import Card, Suit, parse_cards
from nap_teach.engine.dealing import deal_rng, shuffle_and_deal
from nap_teach.engine.explain import Explanation
from nap_teach.words.i18n import translator
from nap_teach.engine.messages import MESSAGES
from nap_teach.engine.profiles import BRITISH, PUB
from nap_teach.ai.solver import cards_of
from nap_teach.engine.state import DealState

NAMES = ("A", "B", "C", "D", "E", "F", "G")


def words(expl: Explanation, lang: str) -> str:
    assert expl.key in MESSAGES, expl.key
    text = translator(lang).explain(expl)
    assert text.strip() and "{" not in text and "}" not in text, text
    return text


def play_out(state: DealState, seed: int, layouts: int = 6) -> list[Decision]:
    bots = [ExpertBot(random.Random(f"{seed}:{seat}"), layouts=layouts) for seat in range(state.n)]
    decisions = []
    while state.to_act is not None:
        seat = state.to_act
        view = state.view(seat)
        decision = bots[seat].decide(view)
        legal = view.legal_calls if view.phase == "auction" else view.legal_cards
        assert decision.action in legal
        assert decision.reason.key in REASON_KEYS
        assert state.players[seat] in words(decision.reason, "en")
        words(decision.reason, "es")
        state.apply(decision.action, seat)
        decisions.append(decision)
    return decisions


@pytest.mark.parametrize("profile", [BRITISH, PUB], ids=["british", "pub"])
def test_b10_b11_expert_makes_legal_choices_with_numbers_in_both_languages(profile) -> None:
    for seed, n in enumerate((3, 4, 5, 3)):
        state = DealState.from_deal(shuffle_and_deal(NAMES[:n], seed % n, deal_rng("expert", seed), profile), profile)
        play_out(state, seed)
        assert state.phase == "over"


def test_expert_is_registered_and_seeded() -> None:
    assert "expert" in bot_names()
    state = DealState.from_deal(shuffle_and_deal(NAMES[:4], 0, deal_rng("seeded", 1)))
    view = state.view(state.to_act)
    first = get_bot("expert", random.Random(7)).decide(view)
    again = get_bot("expert", random.Random(7)).decide(view)
    assert first == again


def test_b6_expert_bids_nap_on_five_top_trumps_with_its_numbers() -> None:
    hands = [parse_cards("2H 3H 4H 5H 6H"), parse_cards("AS KS QS JS 10S"), parse_cards("2D 3D 4D 5D 6D")]
    state = DealState(NAMES[:3], 0, hands)  # B speaks first
    decision = ExpertBot(random.Random(1), layouts=10).decide(state.view(1))
    assert decision.action == Call.parse("Nap")
    assert decision.reason.key == "bot.expert_bid"
    assert decision.reason.facts["made"] == decision.reason.facts["layouts"] == 10
    assert "10 of 10" in words(decision.reason, "en") and "10 de 10" in words(decision.reason, "es")


def test_b11_expert_samples_only_layouts_that_fit_the_voids_shown() -> None:
    hands = [parse_cards("AS KS 2H 3H 4H"), parse_cards("2S 5H 6H 7H 8H"), parse_cards("3S 4S 9H 10H JH"),
             parse_cards("5S 2C 3C 4C 5C")]
    state = DealState(NAMES[:4], 3, hands)
    for call in ("Three", "Pass", "Pass", "Pass"):
        state.apply(Call.parse(call))
    # A leads AS; B and C follow; D follows; A leads 2H: B follows, C follows, D shows out of hearts
    state.replay(["AS", "2S", "3S", "5S", "2H", "5H", "9H", "2C"])
    view = state.view(0)
    layouts = sample_layouts(view, random.Random(3), 40)
    assert len(layouts) == 40
    played = set(view.played)
    for hands_ in layouts:
        assert [h.bit_count() for h in hands_] == [3, 3, 3, 3]
        assert sorted(cards_of(hands_[0])) == sorted(view.hand)
        assert not any(c.suit is Suit.HEARTS for c in cards_of(hands_[3]))  # D showed out of hearts
        seen: set[Card] = set()
        for h in hands_:
            cards = set(cards_of(h))
            assert not cards & seen and not cards & played
            seen |= cards


def test_b14_expert_defender_ruffs_to_beat_nap() -> None:
    """B cannot see C's hand, but ruffing the AH with its last trump beats Nap in every layout."""
    hands = [parse_cards("AD KD AH KH QH"), parse_cards("2D 3D 4C 5C 6C"), parse_cards("7C 8C 9C 10C JC")]
    state = DealState(NAMES[:3], 2, hands)
    for call in ("Nap", "Pass", "Pass"):
        state.apply(Call.parse(call))
    state.replay(["AD", "2D", "7C", "AH"])  # diamonds are trump (B10); A leads the ace of hearts
    decision = ExpertBot(random.Random(2), layouts=12).decide(state.view(1))
    assert decision.action == Card.parse("3D")
    assert decision.reason.key == "bot.expert_defender"
    assert decision.reason.facts["made"] == 0 and decision.reason.facts["layouts"] == 12
    assert "0 of 12" in words(decision.reason, "en")


def test_b6_expert_reads_the_auction_a_nap_bidder_holds_a_nap_hand() -> None:
    """Defender C samples A's hand: layouts where A could hardly have bid Nap are drawn again."""
    hands = [parse_cards("AS KS QS JS 10S"), parse_cards("2H 3H 4H 5H 6H"), parse_cards("2D 3D 4D 5D 6D"),
             parse_cards("2C 3C 4C 5C 6C")]
    state = DealState(NAMES[:4], 3, hands)
    for call in ("Nap", "Pass", "Pass", "Pass"):
        state.apply(Call.parse(call))
    state.replay(["AS", "2H"])
    view = state.view(2)
    for layout in sample_layouts(view, random.Random(4), 20):
        a_hand = cards_of(layout[0]) + [Card.parse("AS")]
        assert plan_hand(a_hand, 4, 5).make_chance(BRITISH.contract("Nap")) >= BID_FIT


def test_b8_expert_reads_passes_a_seat_that_passed_first_holds_no_strong_hand() -> None:
    """B and C passed before anyone bid: layouts where either holds a hand good for Three are drawn again."""
    from nap_teach.ai.bots.expert import PASS_FIT

    hands = [parse_cards("AS KS 2H 3H 4H"), parse_cards("2S 5H 6H 7H 8H"), parse_cards("3S 4S 9H 10H JH"),
             parse_cards("5S 2C 3C 4C 5C")]
    state = DealState(NAMES[:4], 0, hands)  # A deals: B, C and D speak, then A
    state.apply(Call.parse("Pass"))
    state.apply(Call.parse("Pass"))
    view = state.view(3)
    three = BRITISH.contract("Three")
    for layout in sample_layouts(view, random.Random(5), 30):
        for seat in (1, 2):
            assert plan_hand(cards_of(layout[seat]), 4, 3).make_chance(three) < PASS_FIT


def test_b15_expert_weighs_defending_the_bid_so_far_against_outbidding_it() -> None:
    """Declaring wins or loses the stake against every opponent; defending, the bot's own share only."""
    from nap_teach.ai.bots.expert import choose_call

    three, four, nap = (BRITISH.contract(n) for n in ("Three", "Four", "Nap"))
    # nobody has bid: Three made in 33 of 64 layouts gains (3 opponents x 3 x (33 - 31) / 64 > 0)
    assert choose_call([three, four, nap], {"Three": 33, "Four": 10, "Nap": 2}, 64, 4) == (three, "bot.expert_bid")
    assert choose_call([three, four, nap], {"Three": 31, "Four": 10, "Nap": 2}, 64, 4)[1] == "bot.expert_pass"
    # B bid Three and makes it in 60 of 64 layouts: defending costs about 2.6, so Four made in 31 of 64
    # (a small loss, 3 x 4 x (31 - 33) / 64 = -0.375) is the better choice
    assert choose_call([four, nap], {"Four": 31, "Nap": 2}, 64, 4, three, 60) == (four, "bot.expert_bid_over")
    # B's Three fails in 60 of 64: defending earns about 2.6, more than Four made in 34 of 64 (+1.1)
    assert choose_call([four, nap], {"Four": 34, "Nap": 2}, 64, 4, three, 4) == (four, "bot.expert_pass_defend")
    # a better Four still goes ahead
    assert choose_call([four, nap], {"Four": 50, "Nap": 2}, 64, 4, three, 4) == (four, "bot.expert_bid")
    # the reasons say both sides' numbers, in English and Spanish
    for key, numbers in (("bot.expert_bid_over", {"made": 31, "rival": 60, "beaten": 4}),
                         ("bot.expert_pass_defend", {"made": 34, "rival": 4, "beaten": 60})):
        expl = Explanation("bot", key, {"player": "C", "call": "Four", "layouts": 64, "bidder": "B",
                                        "highest": "Three", **numbers})
        assert "B's Three" in words(expl, "en") and "de 64" in words(expl, "es")
    # in a real auction the facts agree with each other
    state = DealState.from_deal(shuffle_and_deal(NAMES[:4], 0, deal_rng("rival", 1)))
    state.apply(Call.parse("Three"))  # B bids Three whatever it holds
    facts = ExpertBot(random.Random(1), layouts=8).decide(state.view(2)).reason.facts
    assert facts["bidder"] == "B" and facts["highest"] == "Three" and facts["layouts"] == 8
    if "rival" in facts:  # B's Three was solved only where defending it could change the choice
        assert facts["rival"] + facts["beaten"] == 8


def test_b11_expert_with_no_search_budget_falls_back_to_the_plain_rules_with_a_reason() -> None:
    from nap_teach.ai.bots.simple import SimpleBot

    state = DealState.from_deal(shuffle_and_deal(NAMES[:5], 0, deal_rng("budget", 3)))
    starved = ExpertBot(random.Random(1), layouts=6, play_nodes=1, bid_nodes=1)
    fallbacks = 0
    while state.to_act is not None:
        view = state.view(state.to_act)
        decision = starved.decide(view)
        if decision.reason.key in ("bot.expert_fallback_call", "bot.expert_fallback_card"):
            assert decision.action == SimpleBot(random.Random(0)).decide(view).action
            assert view.name in words(decision.reason, "en") and words(decision.reason, "es")
            fallbacks += 1
        else:
            # a layout settled before the search proper (a sure result) needs no node: it still counts
            assert decision.reason.key in REASON_KEYS
            assert decision.reason.facts.get("layouts", 1) >= 1
        state.apply(decision.action)
    assert fallbacks >= 5  # every call at least
    # the budget counts search nodes, not time: the same seed gives the same game
    again = ExpertBot(random.Random(4), layouts=6, play_nodes=3_000).decide(
        DealState.from_deal(shuffle_and_deal(NAMES[:5], 0, deal_rng("budget", 3))).view(1))
    assert again == ExpertBot(random.Random(4), layouts=6, play_nodes=3_000).decide(
        DealState.from_deal(shuffle_and_deal(NAMES[:5], 0, deal_rng("budget", 3))).view(1))


def test_b12_the_solver_stops_at_its_node_budget() -> None:
    from nap_teach.ai.solver import BudgetExceeded, NodeBudget, Position, card_outcomes, mask_of

    state = DealState.from_deal(shuffle_and_deal(NAMES[:6], 0, deal_rng("nodes", 2)))
    hands = tuple(mask_of(state.held[s]) for s in range(6))
    pos = Position(hands, 1, (), None, 1, BRITISH.contract("Three"), 0, True)
    budget = NodeBudget(10 ** 9)
    full = card_outcomes(pos, budget)
    assert 0 < budget.used < 10 ** 9
    with pytest.raises(BudgetExceeded):
        card_outcomes(pos, NodeBudget(budget.used // 2))
    assert card_outcomes(pos, budget.used) == full  # exactly enough nodes


def test_b6_expert_bids_from_most_of_its_layouts_at_six_players() -> None:
    """At six players a few long searches once used up a call's whole budget: the expert then
    counted likely tricks like the simple bot, or bid on a handful of layouts. Each yes/no
    question now has its own cap, so a strong hand is judged on most of its layouts."""
    three = BRITISH.contract("Three")
    checked = 0
    number = 0
    while checked < 4:
        number += 1
        state = DealState.from_deal(shuffle_and_deal(NAMES[:6], 0, deal_rng("six-strong", number)))
        view = state.view(state.to_act)
        if plan_hand(view.hand, 6, 3).make_chance(three) < 0.3:
            continue
        bot = ExpertBot(random.Random(number))
        decision = bot.decide(view)
        assert decision.reason.key != "bot.expert_fallback_call"
        assert decision.reason.facts["layouts"] >= 24, decision.reason.facts
        assert bot.last_estimate is not None and bot.last_estimate["total"] == decision.reason.facts["layouts"]
        checked += 1
