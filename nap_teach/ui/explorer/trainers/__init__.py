"""The rule trainers of the explorer, one per group of rules, on the declarative :class:`Trainer` base."""
from __future__ import annotations


from ....engine.rules import Topic
from .auction import AuctionTrainer
from .base import Action, Choice, Trainer
from .money import RenegeCalculator, SessionTrainer, SettlementCalculator
from .table import DrawTrainer, RotationTrainer, TableTrainer, ViewTrainer
from .tricks import FollowTrainer, MisereJudge, StopTrainer, TrickJudge
from ..page import ExplorerPage


__all__ = ["TRAINER_FOR_RULE", "TRAINERS", "trainers_for", "Trainer", "Choice", "Action"]

TRAINER_FOR_RULE: dict[Topic, str] = {
    Topic.PLAYERS: "table", Topic.UNUSED: "table", Topic.ROTATION: "rotation", Topic.DEAL: "rotation",
    Topic.AUCTION_ORDER: "auction", Topic.LADDER: "auction", Topic.REQUIRES: "auction",
    Topic.PASS_FINAL: "auction", Topic.PASSED_OUT: "auction", Topic.LEAD: "follow", Topic.FOLLOW: "follow",
    Topic.TRICK: "judge", Topic.FIVE_TRICKS: "stop", Topic.DEFENDERS: "view", Topic.STAKES: "settle",
    Topic.BALANCES: "settle", Topic.SESSION: "session", Topic.FIRST_DEALER: "draw", Topic.MISERE: "misere",
    Topic.RENEGE: "renege",
}
"""Rule topic -> the trainer shown with that rule."""

TRAINERS: dict[str, type[Trainer]] = {
    "table": TableTrainer, "rotation": RotationTrainer, "auction": AuctionTrainer, "follow": FollowTrainer,
    "judge": TrickJudge, "stop": StopTrainer, "view": ViewTrainer, "settle": SettlementCalculator,
    "session": SessionTrainer, "draw": DrawTrainer, "misere": MisereJudge, "renege": RenegeCalculator,
}
"""Every trainer by its key in :data:`TRAINER_FOR_RULE`."""


def trainers_for(app: ExplorerPage) -> dict[str, Trainer]:
    """The trainers for the rules in force (the pub-only ones only under rules that have them)."""
    p = app.profile
    wanted = {
        "draw": p.first_dealer == "low_card",
        "misere": any(not c.trumps for c in p.ladder),
        "renege": bool(p.reneges),
    }
    return {key: cls(app) for key, cls in TRAINERS.items() if wanted.get(key, True)}
