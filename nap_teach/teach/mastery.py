"""The learner's progress through the course, by lesson and by rule (``nap-progress/1``).

Pure data: the pages keep it in the learner's own browser (``localStorage``,
through :mod:`nap_teach.ui.storage`); nothing is kept on the server. It can be
written to a file and read back on another device.

- ``lessons``: lesson id -> ``{"done": bool, "score": right, "total": asked}`` (the best score kept);
- ``kinds``: quiz question kind -> right answers still needed; a kind answered
  wrongly needs two right answers, and comes back in later quizzes until then;
- ``rules``: rule id -> ``{"right": n, "wrong": n, "streak": n}``; a rule is
  mastered once a lesson teaching it is done and its last two answers were right.

>>> p = Progress()
>>> p.record_lesson("worked-deal", (9, 13), [("B11", True), ("B11", True)], [("may_play", False)])
>>> p.lesson_state("worked-deal"), p.review_kinds(), p.mastered(["B11"])
('done', ['may_play'], ['B11'])
>>> Progress.from_json(p.to_json()) == p
True
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from ..engine.explain import Explanation, RecordError

__all__ = ["PROGRESS_FORMAT", "STORAGE_KEY", "Progress", "NEEDED_RIGHT"]

PROGRESS_FORMAT = "nap-progress/1"
STORAGE_KEY = "nap_teach.progress"
"""The browser's localStorage key."""
NEEDED_RIGHT = 2
"""A kind missed comes back until answered right this many times; a rule needs this many right in a row."""
_MAX_TEXT = 200_000


def _bad(key: str, **facts: Any) -> RecordError:
    return RecordError(Explanation("record", key, facts))


@dataclass
class Progress:
    lessons: dict[str, dict[str, Any]] = field(default_factory=dict)
    kinds: dict[str, int] = field(default_factory=dict)
    rules: dict[str, dict[str, int]] = field(default_factory=dict)

    # ---------------------------------------------------------------- record
    def record_lesson(self, lesson_id: str, score: tuple[int, int], rules: Iterable[tuple[str, bool]],
                      kinds: Iterable[tuple[str, bool]]) -> None:
        """A lesson finished: its score (the best one kept), the answers by rule and by quiz kind."""
        right, total = score
        old = self.lessons.get(lesson_id)
        if old is None or not old.get("done") or right * max(1, old.get("total", 1)) >= old.get("score", 0) * max(1, total):
            self.lessons[lesson_id] = {"done": True, "score": int(right), "total": int(total)}
        for rule, ok in rules:
            self.record_rule(rule, ok)
        for kind, ok in kinds:
            self.record_kind(kind, ok)

    def record_rule(self, rule: str, right: bool) -> None:
        r = self.rules.setdefault(rule, {"right": 0, "wrong": 0, "streak": 0})
        if right:
            r["right"] += 1
            r["streak"] += 1
        else:
            r["wrong"] += 1
            r["streak"] = 0

    def record_kind(self, kind: str, right: bool) -> None:
        if not right:
            self.kinds[kind] = NEEDED_RIGHT
        elif self.kinds.get(kind, 0) > 0:
            self.kinds[kind] -= 1
            if not self.kinds[kind]:
                del self.kinds[kind]

    # ------------------------------------------------------------------ read
    def lesson_state(self, lesson_id: str) -> str:
        """``"new"`` (not started) or ``"done"``."""
        found = self.lessons.get(lesson_id)
        return "done" if found and found.get("done") else "new"

    def score(self, lesson_id: str) -> tuple[int, int] | None:
        found = self.lessons.get(lesson_id)
        return None if not found else (int(found.get("score", 0)), int(found.get("total", 0)))

    def review_kinds(self) -> list[str]:
        """Quiz kinds missed and not yet answered right twice since."""
        return sorted(k for k, v in self.kinds.items() if v > 0)

    def mastered(self, taught: Sequence[str]) -> list[str]:
        """Of the rules of lessons done (``taught``), those whose last two answers were right."""
        return sorted((r for r in set(taught) if self.rules.get(r, {}).get("streak", 0) >= NEEDED_RIGHT),
                      key=lambda r: (r[0], int(r[1:]) if r[1:].isdigit() else 0))

    @property
    def empty(self) -> bool:
        return not (self.lessons or self.kinds or self.rules)

    # ----------------------------------------------------------------- files
    def to_record(self) -> dict[str, Any]:
        return {"format": PROGRESS_FORMAT, "lessons": self.lessons, "kinds": self.kinds, "rules": self.rules}

    def to_json(self) -> str:
        return json.dumps(self.to_record(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_json(cls, text: str | bytes) -> "Progress":
        """Read a progress record (browser storage or an imported file); RecordError if it is not one."""
        if len(text) > _MAX_TEXT:
            raise _bad("progress.too_large", most=_MAX_TEXT)
        try:
            record = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise _bad("progress.not_progress") from None
        if not isinstance(record, dict) or record.get("format") != PROGRESS_FORMAT:
            raise _bad("progress.not_progress")
        lessons, kinds, rules = record.get("lessons", {}), record.get("kinds", {}), record.get("rules", {})
        if not (isinstance(lessons, dict) and isinstance(kinds, dict) and isinstance(rules, dict)):
            raise _bad("progress.not_progress")
        out = cls()
        for lid, v in lessons.items():
            if not (isinstance(lid, str) and isinstance(v, dict) and isinstance(v.get("done"), bool)
                    and _count(v.get("score")) and _count(v.get("total"))):
                raise _bad("progress.not_progress")
            out.lessons[lid] = {"done": v["done"], "score": v["score"], "total": v["total"]}
        for kind, n in kinds.items():
            if not (isinstance(kind, str) and _count(n)):
                raise _bad("progress.not_progress")
            if n:
                out.kinds[kind] = n
        for rule, v in rules.items():
            if not (isinstance(rule, str) and isinstance(v, dict)
                    and all(_count(v.get(k)) for k in ("right", "wrong", "streak"))):
                raise _bad("progress.not_progress")
            out.rules[rule] = {k: v[k] for k in ("right", "wrong", "streak")}
        return out


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 1_000_000
