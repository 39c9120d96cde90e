"""The rule trainers of the explorer, one per group of rules, on the declarative :class:`Trainer` base."""
from __future__ import annotations


from collections.abc import Iterator, Mapping

from ....engine.rules import Topic
from ...base import label_controls
from .auction import AuctionTrainer
from .base import Action, Choice, Trainer
from .money import RenegeCalculator, SessionTrainer, SettlementCalculator
from .table import DrawTrainer, RotationTrainer, TableTrainer, ViewTrainer
from .tricks import FollowTrainer, MisereJudge, StopTrainer, TrickJudge
from ..page import ExplorerPage


__all__ = ["TRAINER_FOR_RULE", "TRAINERS", "trainers_for", "Trainers", "Trainer", "Choice", "Action"]

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


class Trainers(Mapping[str, Trainer]):
    """The trainers for the rules in force by key, each built (and put in the page's language) on its first
    use: the page shows one at a time, and all twelve built at once were most of the page's widgets."""

    def __init__(self, app: ExplorerPage, keys: list[str]) -> None:
        self.app = app
        self.keys_ = keys
        self.built: dict[str, Trainer] = {}
        """The trainers built so far (the ones a language switch re-renders)."""

    def __getitem__(self, key: str) -> Trainer:
        if key not in self.keys_:
            raise KeyError(key)
        trainer = self.built.get(key)
        if trainer is None:
            trainer = self.built[key] = TRAINERS[key](self.app)
            trainer.refresh()
            label_controls(trainer.widget)
        return trainer

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys_)

    def __len__(self) -> int:
        return len(self.keys_)

    def __contains__(self, key: object) -> bool:
        return key in self.keys_


def trainers_for(app: ExplorerPage) -> Trainers:
    """The trainers for the rules in force (the pub-only ones only under rules that have them)."""
    p = app.profile
    wanted = {
        "draw": p.first_dealer == "low_card",
        "misere": any(not c.trumps for c in p.ladder),
        "renege": bool(p.reneges),
    }
    return Trainers(app, [key for key in TRAINERS if wanted.get(key, True)])
