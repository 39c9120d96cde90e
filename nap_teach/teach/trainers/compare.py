"""The comparison of two profiles: what differs in their data, and one deal settled under both."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...engine.profiles import Profile
from ...engine.rules import Topic
from .money import SettlementReport, settlement


@dataclass(frozen=True)
class Difference:
    """One line of the comparison of two profiles: a topic and its value in each (None: absent)."""

    topic: str
    values: tuple[object, object]
    rules: tuple[str | None, str | None]


def profile_differences(a: Profile, b: Profile) -> list[Difference]:
    """What differs between two profiles, read from their data (ladder, stakes, table rules, options)."""
    out: list[Difference] = []
    ladder = [c.name for c in a.ladder] + [c.name for c in b.ladder if not a.has_contract(c.name)]
    ladder.sort(key=lambda n: (b.contract(n).level if b.has_contract(n) else a.contract(n).level))

    def rule_of(p: Profile, topic: Topic) -> str | None:
        try:
            return p.rule(topic)
        except KeyError:
            return None

    names = (tuple(c.name for c in a.ladder), tuple(c.name for c in b.ladder))
    if names[0] != names[1]:
        out.append(Difference("ladder", names, (rule_of(a, Topic.LADDER), rule_of(b, Topic.LADDER))))
    for name in ladder:
        ca = a.contract(name) if a.has_contract(name) else None
        cb = b.contract(name) if b.has_contract(name) else None
        va = (ca.made, ca.failed) if ca else None
        vb = (cb.made, cb.failed) if cb else None
        if va != vb:
            out.append(Difference(f"stakes:{name}", (va, vb), (rule_of(a, Topic.STAKES), rule_of(b, Topic.STAKES))))
        ra = ca.requires if ca else None
        rb = cb.requires if cb else None
        if (ra or rb) and ra != rb:
            out.append(Difference(f"requires:{name}", (ra, rb), (rule_of(a, Topic.REQUIRES), rule_of(b, Topic.REQUIRES))))
    for topic, attr in ((Topic.FIRST_DEALER, "first_dealer"), (Topic.CUT, "min_cut"),
                        (Topic.EARLY_STOP, "early_stop"), (Topic.MISDEAL, "misdeal"), (Topic.RENEGE, "reneges"),
                        (Topic.TIE_BREAK, "tie_break")):
        va, vb = getattr(a, attr), getattr(b, attr)
        if va != vb:
            out.append(Difference(topic.value, (va, vb), (rule_of(a, topic), rule_of(b, topic))))
    if dict(a.option_choices) != dict(b.option_choices):
        out.append(Difference("options", (tuple(a.option_choices), tuple(b.option_choices)),
                              (None, rule_of(b, Topic.CHIPS))))
    return out


@dataclass(frozen=True)
class TwoTariffs:
    """One deal settled under two profiles (e.g. British and pub)."""

    profiles: tuple[Profile, Profile]
    reports: tuple[SettlementReport | None, SettlementReport | None]
    """None when the contract is not on that profile's ladder."""

    @property
    def same(self) -> bool:
        a, b = self.reports
        return a is not None and b is not None and a.amounts == b.amounts


def two_tariffs(players: Sequence[str], declarer: int, contract: str, tricks: int,
                first: Profile, second: Profile) -> TwoTariffs:
    """The same deal (declarer, contract, tricks) settled under both profiles."""
    def report(p: Profile) -> SettlementReport | None:
        return settlement(players, declarer, contract, tricks, p) if p.has_contract(contract) else None

    return TwoTariffs((first, second), (report(first), report(second)))
