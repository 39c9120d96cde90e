"""How often a four-player deal holds a hand a period manual calls good enough for Nap (issue 13 part 2).

The reference for the simple bot's "normal" bidding style: a human table bids Nap
about as often as such hands turn up. The manual (reprinted at
http://www.playingcardgames.net/CardGames/Tactics.html) names as "good ordinary
hands on which to declare for the full number of tricks":

- a flush of fairly high cards (five of one suit; here: two of them jack or higher),
- four of one suit headed by the ace or king, and one high card of another suit (ace or king),
- three high cards of one suit (jack or higher) with two high cards of a second suit,
- three high cards of one suit with two other aces.

Run: ``.venv/bin/python benchmarks/nap_hands.py [--deals 2000] [--players 4] [--seed 0]``.
Measured 2026-12-01: 41 of 2,000 four-player deals (2.05 %, seed 0), about one deal in 50.
"""
from __future__ import annotations

import argparse
from collections import defaultdict

from nap_teach.engine.cards import Card
from nap_teach.engine.dealing import deal_rng, shuffle_and_deal
from nap_teach.engine.profiles import BRITISH

HIGH = 11  # jack or higher


def worth_nap(hand: tuple[Card, ...]) -> bool:
    by_suit: dict[object, list[int]] = defaultdict(list)
    for c in hand:
        by_suit[c.suit].append(int(c.rank))
    for suit, ranks in by_suit.items():
        ranks.sort(reverse=True)
        others = [sorted(r, reverse=True) for s, r in by_suit.items() if s is not suit]
        if len(ranks) == 5 and sum(r >= HIGH for r in ranks) >= 2:
            return True
        if len(ranks) == 4 and ranks[0] >= 13 and others and others[0][0] >= 13:
            return True
        if len(ranks) == 3 and all(r >= HIGH for r in ranks):
            if len(others) == 1 and all(r >= HIGH for r in others[0]):
                return True
            if len(others) == 2 and all(o[0] == 14 for o in others):
                return True
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", default="0")
    args = parser.parse_args()
    names = tuple(f"seat{i}" for i in range(1, args.players + 1))
    found = 0
    for n in range(args.deals):
        deal = shuffle_and_deal(names, n % args.players, deal_rng(args.seed, n), BRITISH)
        found += any(worth_nap(h) for h in deal.hands)
    print(f"{found} of {args.deals} deals ({100 * found / args.deals:.2f} %) hold a hand worth Nap "
          f"by the manual's examples ({args.players} players, seed {args.seed}).")


if __name__ == "__main__":
    main()
