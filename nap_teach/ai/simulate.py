"""Bot-only sessions: ``python -m nap_teach simulate --players N --deals K --bots ...``.

Every seat is played by a bot that sees only its own :class:`SeatView`. The
deals are those of ``Session.new(players, profile, seed=S)``: the same seed
gives the same deals, bids, cards and balances on every run. The report says
how often each contract was bid (as the final contract) and made, how many
deals were passed out, and the balances per seat and per bot level.

Bad arguments (a table of 9, no deals, an unknown bot, a bot list that does not
match the table) get a one-line message and exit code 2, never a traceback.
"""
from __future__ import annotations

import argparse
import json
import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence, TextIO

from .bots import Bot, bot_names, get_bot
from .bots.simple import DEFAULT_STYLE, STYLE_NAMES
from ..engine.dealing import deal_rng, shuffle_and_deal
from ..words.i18n import Translator, translator
from ..engine.profiles import PROFILES, Profile, get_profile
from ..engine.session import Session
from ..engine.state import DealState

__all__ = ["SimulationError", "SimulationReport", "ContractStats", "simulate", "play_deal", "parse_bots",
           "report_json", "report_lines", "combine_levels", "add_arguments", "run"]

PLAYER_NAMES = tuple(f"seat{i}" for i in range(1, 8))
"""The simulated players, named by seat ("seat1" ... "seat7"; never like the rule ids P1..P9)."""
MAX_DEALS = 1_000_000


class SimulationError(ValueError):
    """Arguments that cannot describe a simulation (a one-line message for people)."""


@dataclass
class ContractStats:
    bid: int = 0
    made: int = 0

    @property
    def made_pct(self) -> float | None:
        return round(100 * self.made / self.bid, 1) if self.bid else None


@dataclass
class SimulationReport:
    players: tuple[str, ...]
    bots: tuple[str, ...]
    profile: Profile
    deals: int
    seed: str
    contracts: dict[str, ContractStats]
    passed_out: int
    balances: dict[str, int]
    by_level: dict[str, int] = field(default_factory=dict)
    declared_by_level: dict[str, dict[str, ContractStats]] = field(default_factory=dict)
    style: str = DEFAULT_STYLE
    sumsq_by_level: dict[str, float] = field(default_factory=dict)
    """Per level: the sum over deals of the square of (the level's score per seat in that deal)."""
    rotations: int = 1
    """How many times each deal was played: 1, or once per seat with the bots moved round (duplicate style)."""

    def per_seat_per_deal(self, level: str) -> tuple[float, float]:
        """A level's mean score per seat per deal and the half-width of its 95% confidence interval.

        Each deal gives one figure per level (its seats' scores, divided by the number of seats);
        the deals are independent, so the interval is 1.96 standard errors of their mean.
        """
        seats = self.seats_per_level[level]
        mean = self.by_level[level] / seats / self.deals / self.rotations
        if self.deals < 2 or level not in self.sumsq_by_level:
            return mean, float("nan")
        var = (self.sumsq_by_level[level] - self.deals * mean * mean) / (self.deals - 1)
        return mean, 1.96 * math.sqrt(max(var, 0.0) / self.deals)

    @property
    def seats_per_level(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for b in self.bots:
            out[b] = out.get(b, 0) + 1
        return out


def parse_bots(text: str, players: int, tr: Translator | None = None) -> tuple[str, ...]:
    """"simple" or "simple,random,..." -> one bot name per seat, clockwise.

    A list shorter than the table repeats round it ("simple,random" for 4
    players: simple, random, simple, random); a longer one is refused.
    """
    tr_ = tr or translator("en")
    _ = tr_.gettext
    names = [b.strip().lower() for b in str(text).split(",")]
    known = bot_names()
    for b in names:
        if b not in known:
            raise SimulationError(_("unknown bot “{bot}”: known bots are {known}.").format(
                bot=b, known=", ".join(known)))
    if len(names) > players:
        raise SimulationError(tr_.ngettext(
            "{count} bots given for {players} player: give at most one bot per seat "
            "(a shorter list repeats round the table).",
            "{count} bots given for {players} players: give at most one bot per seat "
            "(a shorter list repeats round the table).", players).format(count=len(names), players=players))
    return tuple(names[i % len(names)] for i in range(players))


def play_deal(state: DealState, bots: Sequence[Bot]) -> DealState:
    """Let the bots call and play the deal to its end (all five tricks).

    Each bot chooses among its seat's legal actions, so its choice is made
    with the unchecked :meth:`~nap_teach.engine.state.DealState.push`.
    """
    while True:
        seat = state.to_act
        if seat is None:
            return state
        state.push(bots[seat].decide(state.view(seat)).action)


def simulate(players: int, deals: int, bots: Sequence[str], seed: object = 0,
             profile: str | Profile = "british", style: str = DEFAULT_STYLE, rotate: bool = False,
             progress: Callable[[SimulationReport], None] | None = None) -> SimulationReport:
    """Play ``deals`` deals with one bot per seat and gather the figures.

    ``style`` is how boldly the simple bots bid ("cautious", "normal", "bold").
    ``rotate``: play every deal once per seat, the bots moved one seat round each time
    (duplicate style: every level holds every hand, so the luck of the cards cancels out);
    a level's figure for a deal is then its mean over those plays.
    ``progress``: called after every deal with the report of the deals so far (the same
    figures as a run of that many deals; read it at once, its tables keep changing).
    """
    prof = get_profile(profile)
    names = PLAYER_NAMES[:players]
    session = Session.new(names, prof, seed=seed, deals=deals)
    rotations = players if rotate else 1
    # rotation r: seat i is played by bots[(i - r) % players]; rotation 0 is the plain table
    tables = [[get_bot(bots[(i - r) % players],
                       random.Random(f"nap-teach:{seed}:bot:{i}" if r == 0 else f"nap-teach:{seed}:bot:{r}:{i}"),
                       style) for i in range(players)] for r in range(rotations)]
    contracts = {c.name: ContractStats() for c in prof.ladder}
    declared: dict[str, dict[str, ContractStats]] = {b: {c.name: ContractStats() for c in prof.ladder}
                                                      for b in dict.fromkeys(bots)}
    balances = {p: 0 for p in names}
    seats_of: dict[str, list[str]] = {}
    for p, b in zip(names, bots):
        seats_of.setdefault(b, []).append(p)
    sumsq = {b: 0.0 for b in seats_of}
    passed = 0
    by_level: dict[str, int] = {b: 0 for b in seats_of}
    for number in range(deals):
        # the deals of Session.deal_next, without keeping every deal in memory
        deal = shuffle_and_deal(names, session.dealer_for(number), deal_rng(seed, number), prof)
        per_deal = {b: 0.0 for b in seats_of}
        for r, seats in enumerate(tables):
            state = play_deal(DealState.from_deal(deal, prof), seats)
            result = state.result()
            if state.passed_out or result.contract is None or result.declarer is None:
                passed += 1
                continue
            at = [bots[(i - r) % players] for i in range(players)]  # the level at each seat in this play
            name = result.contract.name
            contracts[name].bid += 1
            level = declared[at[result.declarer]][name]
            level.bid += 1
            if result.made:
                contracts[name].made += 1
                level.made += 1
            assert result.settlement is not None
            for i, p in enumerate(names):
                v = result.settlement.get(p, 0)
                balances[p] += v
                by_level[at[i]] += v
                per_deal[at[i]] += v / len(seats_of[at[i]]) / rotations
        for b, x in per_deal.items():
            sumsq[b] += x * x
        if progress is not None:
            progress(SimulationReport(tuple(names), tuple(bots), prof, number + 1, str(seed), contracts, passed,
                                      balances, by_level, declared, style, sumsq, rotations))
    return SimulationReport(tuple(names), tuple(bots), prof, deals, str(seed), contracts, passed,
                            balances, by_level, declared, style, sumsq, rotations)


def report_json(r: SimulationReport) -> dict[str, Any]:
    def stats(s: ContractStats) -> dict[str, Any]:
        return {"bid": s.bid, "made": s.made, "made_pct": s.made_pct}

    out: dict[str, Any] = {
        "format": "nap-simulation/1",
        "profile": r.profile.name,
        "players": len(r.players),
        "deals": r.deals,
        "seed": r.seed,
        "style": r.style,
        "rotations": r.rotations,
        "contracts": {name: stats(s) for name, s in r.contracts.items()},
        "passed_out": r.passed_out,
        "seats": [{"player": p, "bot": b, "balance": r.balances[p]} for p, b in zip(r.players, r.bots)],
        "levels": {b: {"seats": r.seats_per_level[b], "balance": v,
                       "per_seat_per_deal": round(r.per_seat_per_deal(b)[0], 4),
                       "ci95": round(r.per_seat_per_deal(b)[1], 4),
                       "sumsq": r.sumsq_by_level.get(b, 0.0),
                       "contracts": {name: stats(s) for name, s in r.declared_by_level[b].items()}}
                   for b, v in r.by_level.items()},
    }
    if r.profile.options:
        out["options"] = dict(r.profile.options)
    return out


def combine_levels(reports: Sequence[dict[str, Any]]) -> dict[str, tuple[float, float, int]]:
    """Several ``report_json`` reports of the same table and bots (different seeds) as one tournament.

    Per level: the mean score per seat per deal over all their deals, the half-width of its 95%
    interval (from every deal's figure, as :meth:`SimulationReport.per_seat_per_deal`) and the deals.
    A long run split over the cores of a machine is then reported as one.
    """
    if not reports:
        raise SimulationError("no report to combine")
    first = reports[0]
    seeds = [r.get("seed") for r in reports]
    if len(set(seeds)) < len(seeds):
        raise SimulationError("two reports have the same seed: they played the same deals")
    for r in reports[1:]:
        for key in ("players", "profile", "rotations"):
            if r.get(key) != first.get(key):
                raise SimulationError(f"the reports differ in {key}: {first.get(key)} and {r.get(key)}")
        if [s["bot"] for s in r["seats"]] != [s["bot"] for s in first["seats"]]:
            raise SimulationError("the reports have different bots")
    out: dict[str, tuple[float, float, int]] = {}
    for level in first["levels"]:
        deals = sum(r["deals"] for r in reports)
        if any("sumsq" not in r["levels"][level] for r in reports):
            raise SimulationError("a report has no sums of squares (made before they were saved)")
        plays = [r["levels"][level]["seats"] * r["rotations"] for r in reports]
        total = sum(r["levels"][level]["balance"] / p for r, p in zip(reports, plays))
        mean = total / deals
        sumsq = sum(r["levels"][level]["sumsq"] for r in reports)
        half = float("nan")
        if deals > 1:
            var = (sumsq - deals * mean * mean) / (deals - 1)
            half = 1.96 * math.sqrt(max(var, 0.0) / deals)
        out[level] = (mean, half, deals)
    return out


def report_lines(r: SimulationReport, tr: Translator) -> list[str]:
    _ = tr.gettext
    lines = [tr.ngettext("{deals} deal, {players} players, {profile}, seed {seed}.",
                         "{deals} deals, {players} players, {profile}, seed {seed}.", r.deals).format(
        deals=r.deals, players=len(r.players), profile=tr.profile_name(r.profile), seed=r.seed)]
    plays = r.deals * r.rotations
    if r.rotations > 1:
        lines.append(tr.ngettext("Each deal was played {rotations} time, the bots moved one seat round each time "
                                 "(duplicate style): {plays} plays in all.",
                                 "Each deal was played {rotations} times, the bots moved one seat round each time "
                                 "(duplicate style): {plays} plays in all.", r.rotations).format(
            rotations=r.rotations, plays=plays))
    name_w = max(len(tr.call(c)) for c in r.contracts)
    lines.append(_("Contracts (the final bid of each deal):"))
    head = (_("contract"), _("bid"), _("made"), _("made %"))
    name_w = max(name_w, len(head[0]))
    w1, w2, w3 = max(6, len(head[1])), max(6, len(head[2])), max(7, len(head[3]))  # columns fit the words
    lines.append(f"  {head[0]:<{name_w}}  {head[1]:>{w1}}  {head[2]:>{w2}}  {head[3]:>{w3}}")
    for name, s in r.contracts.items():
        pct = tr.number(s.made_pct) if s.made_pct is not None else "-"
        lines.append(f"  {tr.call(name):<{name_w}}  {s.bid:>{w1}}  {s.made:>{w2}}  {pct:>{w3}}")
    lines.append(tr.ngettext("Passed out: {count} of {deals} deal.", "Passed out: {count} of {deals} deals.",
                             plays).format(count=r.passed_out, deals=plays))
    lines.append(_("Balances per seat:"))
    bot_w = max(len(b) for b in r.bots)
    for p, b in zip(r.players, r.bots):
        # with rotations every seat was played by every level in turn: no level to name
        shown = f"{b:<{bot_w}}  " if r.rotations == 1 else ""
        lines.append(f"  {p}  {shown}{tr.amount(r.balances[p]):>8}")
    lines.append(_("Total per bot level:"))
    for b, v in r.by_level.items():
        seats = r.seats_per_level[b]
        per_deal = v / seats / plays
        made = sum(s.made for s in r.declared_by_level[b].values())
        bid = sum(s.bid for s in r.declared_by_level[b].values())
        lines.append("  " + tr.ngettext(
            "{bot}: {total} on {seats} seat ({per_deal} per seat per deal); contracts made {made} of {bid}.",
            "{bot}: {total} on {seats} seats ({per_deal} per seat per deal); contracts made {made} of {bid}.",
            seats).format(bot=b, total=tr.amount(v), seats=seats, per_deal=tr.number(per_deal, 2, signed=True),
                          made=made, bid=bid))
    lines.append(_("Bidding style of the simple bots: {style}.").format(style=tr.bot_style(r.style)))

    if r.deals >= 2:
        lines.append(_("Mean score per seat per deal, with its interval of 95 in 100 confidence:"))
        for b in r.by_level:
            mean, half = r.per_seat_per_deal(b)
            lines.append("  " + _("{bot}: {mean} (from {low} to {high})").format(
                bot=b, mean=tr.number(mean, 3, signed=True), low=tr.number(mean - half, 3, signed=True),
                high=tr.number(mean + half, 3, signed=True)))
    return lines


def style_lines(reports: Sequence[SimulationReport], tr: Translator) -> list[str]:
    """One table of the same deals under each bidding style: per call, times bid, times made, made %."""
    _ = tr.gettext
    lines = [_("Calls per bidding style (the final bid of each deal):")]
    head = (_("contract"), _("style"), _("bid"), _("made"), _("made %"))
    styles = [tr.bot_style(r.style, short=True) for r in reports]
    rows = [(tr.call(name), st, str(s.bid), str(s.made), tr.number(s.made_pct) if s.made_pct is not None else "-")
            for name in reports[0].contracts for st, r in zip(styles, reports) for s in [r.contracts[name]]]
    rows += [(_("passed out"), st, str(r.passed_out), "-", "-") for st, r in zip(styles, reports)]
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(5)]
    for row in [head, *rows]:
        lines.append("  " + "  ".join(f"{v:<{w}}" if i < 2 else f"{v:>{w}}"
                                      for i, (v, w) in enumerate(zip(row, widths))).rstrip())
    return lines


def _styles(text: object, tr: Translator) -> tuple[str, ...]:
    """``normal``, ``bold,cautious`` or ``all`` -> the styles, checked."""
    raw = str(text).strip().lower()
    names = STYLE_NAMES if raw == "all" else tuple(s.strip() for s in raw.split(","))
    for s in names:
        if s not in STYLE_NAMES:
            raise SimulationError(tr.gettext("unknown bidding style “{style}”: known styles are {known}.").format(
                style=s[:40], known=", ".join(STYLE_NAMES) + ", all"))
    return names


def _int_arg(text: str, what: str, tr: Translator) -> int:
    try:
        return int(str(text).strip())
    except ValueError:
        raise SimulationError(tr.gettext("{what} must be a whole number, not “{value}”.").format(
            what=what, value=text)) from None


def _check(args: argparse.Namespace, tr: Translator) -> tuple[int, int, tuple[str, ...], Profile]:
    _ = tr.gettext
    name = str(args.profile).strip().lower()
    if name not in PROFILES:
        raise SimulationError(_("unknown profile “{profile}”: known profiles are {known}.").format(
            profile=args.profile, known=", ".join(PROFILES)))
    prof = get_profile(name)
    for item in getattr(args, "option", None) or []:
        key, sep, value = str(item).partition("=")
        raw: object = value.strip()
        if isinstance(raw, str) and raw.isdigit():
            raw = int(raw)
        try:
            if not sep:
                raise ValueError(item)
            prof = prof.with_options(**{key.strip(): raw})
        except ValueError:
            choices = ", ".join(f"{k}={'|'.join(map(str, v)) or '…'}" for k, v in prof.option_choices.items())
            raise SimulationError(_("“{option}” is not a table option of {profile} (options: {known}).")
                                  .format(option=item, profile=tr.profile_name(prof, in_text=True),
                                          known=choices or "-")) from None
    players = _int_arg(args.players, "--players", tr)
    if not prof.min_players <= players <= prof.max_players:
        raise SimulationError(_("--players must be from {low} to {high}, not {value}.").format(
            low=prof.min_players, high=prof.max_players, value=players))
    deals = _int_arg(args.deals, "--deals", tr)
    if not 1 <= deals <= MAX_DEALS:
        raise SimulationError(_("--deals must be from 1 to {high}, not {value}.").format(high=MAX_DEALS, value=deals))
    return players, deals, parse_bots(args.bots, players, tr), prof


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``python -m nap_teach simulate``."""
    # plain strings, checked by _check: every mistake gets one line, not argparse's usage block
    p.add_argument("--players", default="4", help="players at the table, 3 to 7 (default 4)")
    p.add_argument("--deals", default="100", help="number of deals (default 100)")
    p.add_argument("--bots", default="simple",
                   help="bots by seat, separated by commas, e.g. simple,random,simple; "
                        "a shorter list repeats round the table (default: simple everywhere)")
    p.add_argument("--seed", default="0", help="deal seed: the same seed gives the same figures (default 0)")
    p.add_argument("--profile", default="british", help="rules: british (default) or pub")
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a table option of the profile, e.g. misere_stakes=10/5 (pub); may be repeated")
    p.add_argument("--style", default=DEFAULT_STYLE,
                   help="how boldly the simple bots bid: cautious, normal (default), bold, a list such as "
                        "cautious,bold, or all (the same deals under each style, with a table per call)")
    p.add_argument("--rotate", action="store_true",
                   help="play every deal once per seat, the bots moved one seat round each time (duplicate "
                        "style: the luck of the cards cancels out, so the intervals are narrower)")
    p.add_argument("--json", action="store_true", help="print JSON instead of words")


def run(args: argparse.Namespace, out: TextIO) -> int:
    """``python -m nap_teach simulate``: the report in words or JSON; exit code 0."""
    tr = translator(getattr(args, "lang", "en"))
    players, deals, bots, prof = _check(args, tr)
    styles = _styles(getattr(args, "style", DEFAULT_STYLE), tr)
    rotate = bool(getattr(args, "rotate", False))
    reports = [simulate(players, deals, bots, args.seed, prof, style, rotate) for style in styles]
    if args.json:
        data = report_json(reports[0]) if len(reports) == 1 else {
            "format": "nap-simulation-styles/1", "styles": {r.style: report_json(r) for r in reports}}
        json.dump(data, out, ensure_ascii=False, indent=2)
        out.write("\n")
    elif len(reports) == 1:
        out.write("\n".join(report_lines(reports[0], tr)) + "\n")
    else:
        out.write("\n".join([*report_lines(reports[0], tr)[:1], *style_lines(reports, tr)]) + "\n")
    return 0
