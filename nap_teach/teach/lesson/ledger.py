"""A session of deals as a lesson: one step per entry of the ledger, then the final standing.

Pure (no widgets). The session comes from a ``nap-session/1`` record in a lesson
file; each entry (a played or scored deal, a passed-out deal, a misdeal, a
renege, the extra hand for a tie) is explained by the engine
(:meth:`nap_teach.teach.scorekeeper.Scorekeeper.explain_row`), the last step says
who won (B16, B17; pub: P2, P7, P8).

>>> from nap_teach.teach.course import load_course
>>> from nap_teach.engine.records import session_from_record
>>> s = session_from_record({"format": "nap-session/1", "players": ["A", "B", "C"], "first_dealer": "A",
...                          "deals_target": 1, "deals": [{"auction": ["Pass", "Three", "Pass"],
...                                                        "declarer_tricks": 3}]})
>>> lesson = SessionLesson(s)
>>> [str(step.anchor) for step in lesson.steps]
['deal 1', 'ledger']
>>> lesson.steps[0].row.settlement
{'A': -3, 'B': -3, 'C': 6}
"""
from __future__ import annotations

from dataclasses import dataclass

from ..course import Anchor
from ...engine.explain import Explanation, rules_of
from ...engine.rules import Topic
from ..scorekeeper import Scorekeeper
from ...engine.session import LedgerRow, Session

__all__ = ["LedgerStep", "SessionLesson"]


@dataclass(frozen=True)
class LedgerStep:
    """One entry of the session (``row``), or the final standing (``row`` None)."""

    index: int
    anchor: Anchor
    row: LedgerRow | None
    explanations: tuple[Explanation, ...]
    balances: dict[str, int]

    @property
    def rules(self) -> tuple[str, ...]:
        return rules_of(self.explanations)


class SessionLesson:
    """The steps of a finished (or partly kept) session."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.keeper = Scorekeeper.from_session(session)
        self.players = session.players
        self.profile = session.profile
        self.steps: tuple[LedgerStep, ...] = tuple(self._build())

    def _build(self) -> list[LedgerStep]:
        p = self.profile
        rows = self.session.ledger()
        out = []
        for i, row in enumerate(rows):
            notes = list(self.keeper.explain_row(row))
            if i == 0:  # who deals first is settled before the session (B2; pub: by the lowest card, P1)
                notes.insert(0, Explanation(p.rule(Topic.FIRST_DEALER), "lesson.first_dealer", {"dealer": row.dealer}))
            nxt = self.session.dealer_for(row.number) if i + 1 < len(rows) else None
            if nxt is not None:
                key = "lesson.same_dealer" if row.kind == "misdeal" else "lesson.deal_moves"
                notes.append(Explanation(p.rule(Topic.ROTATION), key,
                                         {"dealer": row.dealer, "next_dealer": self.players[nxt]}))
            out.append(LedgerStep(i, Anchor("deal", i + 1), row, tuple(notes), dict(row.balances)))
        final: list[Explanation] = [self.session.standing()]
        for extra in (self.keeper.ending(), self.keeper.chips_explanation()):
            if extra is not None:
                final.append(extra)
        final.append(Explanation(p.rule(Topic.BALANCES), "decide.balances",
                                 {"amounts": tuple(self.session.balances.items())}))
        out.append(LedgerStep(len(rows), Anchor("ledger"), None, tuple(final), dict(self.session.balances)))
        return out

    def step(self, index: int) -> LedgerStep:
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(self.steps):
            raise ValueError(f"no step {index!r}: steps are 0..{len(self.steps) - 1}")
        return self.steps[index]

    def rows_until(self, index: int) -> list[LedgerRow]:
        """The ledger rows shown at step ``index`` (the entries so far)."""
        return [s.row for s in self.steps[: index + 1] if s.row is not None]
