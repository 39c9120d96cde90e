"""Engine benchmark: complete random deals per second, for 3 to 7 players.

One deal = shuffle and deal (B3), an auction with random legal calls, and the
play with random legal cards to the end (or nothing, if everyone passed).
Only the public API is used: ``shuffle_and_deal``, ``DealState.from_deal``,
``legal_calls``, ``legal_cards`` and ``push`` (the unchecked way to make an
action taken from the legal list, as bots and searches do; ``apply`` checks).

Each figure is the median of several timed runs on one core::

    .venv/bin/python benchmarks/bench_engine.py            # 5 runs of 2 s
    .venv/bin/python benchmarks/bench_engine.py --runs 3 --seconds 1 --players 4
    .venv/bin/python benchmarks/bench_engine.py --profile  # cProfile, 4 players

Figures are CPU time of this one process (``time.process_time``), so other
programs on a busy machine count less; the wall-clock median is printed alongside.

The yardstick is OpenSpiel's C++ game ``oh_hell`` (a trick-taking game with
bids) with 4 players and 5 tricks of a 52-card pack, played with random legal
actions driven from Python in the same process, alternating runs with the
engine's 4-player runs. A game of oh_hell is 47 actions: the dealer and the 20
cards dealt and the trump card (chance nodes, uniform, so a uniform pick among
``legal_actions()`` samples them exactly), 4 bids and 20 cards. The engine
must stay at least as fast. It runs when ``open_spiel`` is importable, a
benchmark-only extra: ``.venv/bin/pip install -e '.[bench]'``.

The engine timed is the one this checkout imports: compiled by mypyc (``setup.py``, what
``make test`` and ``make app`` install) or pure Python; the first lines say which. The figures,
both ways, are in benchmarks/README.md ("The engine against OpenSpiel's oh_hell").
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from nap_teach.engine import COMPILED  # noqa: E402
from nap_teach.engine.dealing import deal_rng, shuffle_and_deal  # noqa: E402
from nap_teach.engine.state import DealState  # noqa: E402

NAMES = ("A", "B", "C", "D", "E", "F", "G")
OH_HELL = {"players": 4, "num_tricks_fixed": 5, "num_suits": 4, "num_cards_per_suit": 13}
"""OpenSpiel's oh_hell set up like a 4-player deal of Nap: 5 tricks from a 52-card pack."""


def play_one(players: tuple[str, ...], dealer: int, rng: random.Random) -> DealState:
    """One complete deal with random legal choices; returns the finished state."""
    state = DealState.from_deal(shuffle_and_deal(players, dealer, rng))
    random_ = rng.random  # a uniform pick, like rng.choice but cheaper
    push, legal_calls, legal_cards = state.push, state.legal_calls, state.legal_cards
    calls = legal_calls()
    while calls:
        push(calls[int(random_() * len(calls))])  # chosen from the legal list: the unchecked push
        calls = legal_calls()
    cards = legal_cards()
    while cards:
        push(cards[int(random_() * len(cards))])
        cards = legal_cards()
    return state


def deals_per_second(n: int, seconds: float, seed: int = 0) -> tuple[float, float]:
    """Play deals for about ``seconds`` of CPU time; return (deals per CPU second, per wall second).

    CPU time (``time.process_time``) is what one core spends on the deals; it
    does not count time the process waits while other programs run, so it is
    the steadier figure on a shared machine. Wall-clock is reported alongside.
    """
    players = NAMES[:n]
    rng = deal_rng(f"bench-{seed}", n)
    done = 0
    dealer = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    deadline = cpu0 + seconds
    while True:
        for _ in range(100):
            play_one(players, dealer, rng)
            dealer = (dealer + 1) % n
        done += 100
        cpu = time.process_time()
        if cpu >= deadline:
            return done / (cpu - cpu0), done / (time.perf_counter() - wall0)


def oh_hell_games_per_second(seconds: float, seed: int = 0) -> tuple[float, float]:
    """Random playouts of OpenSpiel's oh_hell (see ``OH_HELL``) for about ``seconds`` of CPU time.

    Returns (games per CPU second, per wall second), measured as for the engine.
    """
    import pyspiel

    game = pyspiel.load_game("oh_hell", OH_HELL)
    random_ = random.Random(f"bench-oh-hell-{seed}").random
    done = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    deadline = cpu0 + seconds
    while True:
        for _ in range(100):
            state = game.new_initial_state()
            while not state.is_terminal():
                actions = state.legal_actions()  # at chance nodes: the outcomes, all equally likely
                state.apply_action(actions[int(random_() * len(actions))])
        done += 100
        cpu = time.process_time()
        if cpu >= deadline:
            return done / (cpu - cpu0), done / (time.perf_counter() - wall0)


def check_oh_hell_chance_is_uniform(games: int = 20) -> None:
    """The uniform pick in :func:`oh_hell_games_per_second` is exact only if every chance node is uniform."""
    import pyspiel

    game = pyspiel.load_game("oh_hell", OH_HELL)
    rng = random.Random(0)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert len({p for _, p in outcomes}) == 1, "oh_hell has a chance node that is not uniform"
            state.apply_action(rng.choice(state.legal_actions()))


def have_open_spiel() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="timed runs per player count (median reported)")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one run")
    parser.add_argument("--players", type=int, nargs="*", default=[3, 4, 5, 6, 7])
    parser.add_argument("--profile", action="store_true", help="profile 4-player deals with cProfile instead")
    args = parser.parse_args(argv)

    if args.profile:
        import cProfile
        import pstats

        cProfile.runctx("deals_per_second(4, args.seconds)", globals(), {"args": args}, "/tmp/nap_bench.prof")
        pstats.Stats("/tmp/nap_bench.prof").sort_stats("tottime").print_stats(25)
        return 0

    compare = 4 in args.players and have_open_spiel()
    deals_per_second(4, 0.3)  # warm up
    if compare:
        check_oh_hell_chance_is_uniform()
        oh_hell_games_per_second(0.3)
    print(f"complete random deals per second, median of {args.runs} runs of {args.seconds:g} s of CPU time, one core")
    print(f"Python {sys.version.split()[0]}, engine {'compiled by mypyc' if COMPILED else 'pure Python'}")
    medians = {}
    oh_hell: list[tuple[float, float]] = []
    for n in args.players:
        runs = []
        for r in range(args.runs):
            runs.append(deals_per_second(n, args.seconds, seed=r))
            if n == 4 and compare:  # alternate with the yardstick, so both see the same load
                oh_hell.append(oh_hell_games_per_second(args.seconds, seed=r))
        rates = [cpu for cpu, _ in runs]
        medians[n] = statistics.median(rates)
        wall = statistics.median(w for _, w in runs)
        print(f"{n} players: {medians[n]:>9,.0f} deals/s  (min {min(rates):,.0f}, max {max(rates):,.0f};"
              f" wall-clock median {wall:,.0f})")
    if compare:
        rates = [cpu for cpu, _ in oh_hell]
        theirs = statistics.median(rates)
        wall = statistics.median(w for _, w in oh_hell)
        print(f"OpenSpiel oh_hell, 4 players, 5 tricks: {theirs:>9,.0f} games/s  (min {min(rates):,.0f}, "
              f"max {max(rates):,.0f}; wall-clock median {wall:,.0f})")
        ratio = medians[4] / theirs
        verdict = "at least as fast as" if ratio >= 1 else "SLOWER than"
        print(f"ratio engine / oh_hell (4 players, CPU-time medians): {ratio:.2f}: the engine is {verdict} oh_hell")
    elif 4 in args.players:
        print("(OpenSpiel is not installed: no comparison with oh_hell; pip install -e '.[bench]')")
    return 0


if __name__ == "__main__":
    sys.exit(main())
