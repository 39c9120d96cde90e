"""The play table's set-up: what the setup form may ask for, checked value by value."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Mapping, NamedTuple

from ...ai.bots import BOTS
from ...ai.bots.simple import DEFAULT_STYLE, STYLE_NAMES
from ...engine.dealing import MAX_SEED
from ...engine.explain import Explanation, IllegalAction, RuleError
from ...engine.profiles import PROFILES, Profile, UnknownProfile, get_profile
from ...engine.session import DEFAULT_DEALS


BOT_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana")
"""Names for the bots, in seating order (any that equals the learner's is skipped)."""
MAX_DEALS = 40
MAX_ROTATIONS = 8
MAX_NAME = 20
MAX_FILE_BYTES = 1_000_000
_NAME_OK = re.compile(r"^[^\x00-\x1f\x7f<>]{1,%d}$" % MAX_NAME)
"""A name: 1 to 20 characters, no control characters and no angle brackets (the page escapes the rest)."""


DEFAULT_BOTS = "simple"
"""The level a new table starts with: quick replies, plain reasons."""


def bot_levels() -> list[str]:
    """The bot levels the play page offers, the default first ("simple", "expert", "random").

    The expert's replies can take a moment: the page moves its bots one at a
    time and says which one is thinking (:attr:`PlayTable.pace_bots`).
    """
    return [DEFAULT_BOTS, *(name for name in BOTS if name != DEFAULT_BOTS)]


class SetupError(IllegalAction):
    """A setup value out of range (players, seat, length, bots, seed, name)."""


class StaleAction(IllegalAction):
    """A click meant for an earlier turn (a fast double click): dropped, nothing changes."""


def play_error(key: str, rule: str = "play", cls: type[RuleError] = IllegalAction, **facts: Any) -> RuleError:
    """The error that refuses a table's setting or move: the message ``key`` with its ``facts``, citing ``rule``."""
    return cls(Explanation(rule, key, facts))


def whole_number(value: object) -> int | None:
    """An int from an int or a string of digits (widget values arrive as either)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*[+-]?\d{1,12}\s*", value):
        return int(value)
    return None


# --------------------------------------------------------------------- setup
class _SetupFields(NamedTuple):
    """The fields of a :class:`TableSetup`, in its order, once checked."""

    players: int
    seat: int
    name: str
    deals: int | None
    rotations: int | None
    bots: str
    seed: int | None
    profile: str
    misere_stakes: str | None


@dataclass(frozen=True)
class TableSetup:
    """A checked table setup. ``seat`` is 1-based, as the learner sees it."""

    players: int = 4
    seat: int = 1
    name: str = "Sam"
    deals: int | None = DEFAULT_DEALS
    rotations: int | None = None
    bots: str = DEFAULT_BOTS
    seed: int | None = None
    profile: str = "british"
    misere_stakes: str | None = None
    """Table option of the pub rules: "3/3" (default) or "10/5" (P5)."""
    style: str = DEFAULT_STYLE
    """How boldly the simple bots bid: "cautious", "normal" or "bold"."""

    def __post_init__(self) -> None:
        if self.style not in STYLE_NAMES:
            raise play_error("play.style", "play", SetupError, style=str(self.style)[:40], known=", ".join(STYLE_NAMES))
        checked = TableSetup._clean(self.players, self.seat, self.name,
                                    "rotations" if self.rotations is not None else "deals",
                                    self.rotations if self.rotations is not None else self.deals,
                                    self.bots, self.seed, self.profile, self.misere_stakes)
        for key, value in checked._asdict().items():
            object.__setattr__(self, key, value)  # a frozen dataclass cleans its own fields this way

    @staticmethod
    def check(players: object, seat: object, name: object, length_kind: object, length: object,
              bots: object, seed: object, profile: object = "british",
              misere_stakes: object = None, style: object = DEFAULT_STYLE) -> "TableSetup":
        """Check raw widget values; refuse the first bad one with a clear reason."""
        return TableSetup(*TableSetup._clean(players, seat, name, length_kind, length, bots, seed, profile,
                                             misere_stakes), style=style if isinstance(style, str) else repr(style))

    @staticmethod
    def _clean(players: object, seat: object, name: object, length_kind: object, length: object,
               bots: object, seed: object, profile: object, misere_stakes: object) -> "_SetupFields":
        """The fields of a setup from raw values, cleaned; refuses the first bad one."""
        n = whole_number(players)
        if n is None or not 3 <= n <= 7:
            raise play_error("play.players", "B1", SetupError, count=players if n is None else n)
        s = whole_number(seat)
        if s is None or not 1 <= s <= n:
            raise play_error("play.seat", "play", SetupError, players=n, seat=seat)
        if not isinstance(name, str) or not _NAME_OK.match(name.strip() or "\x00"):
            raise play_error("play.name", "play", SetupError, most=MAX_NAME,
                             name=(name if isinstance(name, str) else repr(name))[:40])
        clean_name = " ".join(name.split())
        kind = length_kind if isinstance(length_kind, str) else repr(length_kind)
        count = whole_number(length)
        deals: int | None = None
        rotations: int | None = None
        if kind == "deals":
            if count is None or not 1 <= count <= MAX_DEALS:
                raise play_error("play.deals", "B17", SetupError, most=MAX_DEALS, count=length)
            deals = count
        elif kind == "rotations":
            if count is None or not 1 <= count <= MAX_ROTATIONS:
                raise play_error("play.rotations", "B17", SetupError, most=MAX_ROTATIONS, count=length)
            rotations = count
        else:
            raise play_error("play.length_kind", "B17", SetupError, kind=kind[:40])
        levels = bot_levels()
        if not isinstance(bots, str) or bots not in levels:
            raise play_error("play.bots", "play", SetupError, level=str(bots)[:40], known=", ".join(levels))
        clean_seed: int | None
        if seed is None or (isinstance(seed, str) and not seed.strip()):
            clean_seed = None
        else:
            clean_seed = whole_number(seed)
            if clean_seed is None or not 0 <= clean_seed <= MAX_SEED:
                raise play_error("play.seed", "B3", SetupError, most=MAX_SEED, seed=str(seed)[:40])
        try:
            rules = get_profile(profile if isinstance(profile, str) else None)
        except UnknownProfile:
            raise play_error("record.profile", "play", SetupError, profile=str(profile)[:40],
                             known=", ".join(PROFILES)) from None
        prof = rules.name
        stakes: str | None = None
        if misere_stakes not in (None, "") and "misere_stakes" in rules.option_choices:
            if misere_stakes not in rules.option_choices["misere_stakes"]:
                raise play_error("record.option", "P5", SetupError, detail=f"misere_stakes={str(misere_stakes)[:20]}")
            stakes = str(misere_stakes)
        return _SetupFields(n, s, clean_name, deals, rotations, bots, clean_seed, prof, stakes)

    @classmethod
    def from_params(cls, params: Mapping[str, str], base: "TableSetup | None" = None
                    ) -> tuple["TableSetup", list[Explanation]]:
        """A setup from page parameters (``?seed=12&players=5``); bad values keep the default.

        Returns the setup and the explanations of the values that were ignored.
        """
        setup = base or cls()
        problems: list[Explanation] = []
        # each parameter is tried on its own, so one bad value does not spoil the rest
        trials: list[tuple[str, Callable[[TableSetup, str], TableSetup]]] = [
            ("players", lambda s, v: s._with(players=whole_number(v), seat=min(s.seat, whole_number(v) or 1))),
            ("seat", lambda s, v: s._with(seat=whole_number(v))),
            ("name", lambda s, v: s._with(name=v)),
            ("deals", lambda s, v: s._with(deals=whole_number(v), rotations=None)),
            ("rotations", lambda s, v: s._with(rotations=whole_number(v), deals=None)),
            ("bots", lambda s, v: s._with(bots=v)),
            ("seed", lambda s, v: s._with(seed=whole_number(v) if whole_number(v) is not None else v)),
            ("profile", lambda s, v: s._with(profile=v.strip().lower(), misere_stakes=None)),
            ("misere", lambda s, v: s._with(misere_stakes=v.strip())),
            ("style", lambda s, v: s._with(style=v.strip().lower())),
        ]
        for key, change in trials:
            if key not in params:
                continue
            try:
                setup = change(setup, params[key])
            except RuleError as e:
                problems.append(e.explanation)
        return setup, problems

    def _with(self, **raw: object) -> "TableSetup":
        """This setup with some fields replaced by raw values, checked as :meth:`check` checks them."""
        values = self._fields()._asdict() | {"style": self.style} | raw
        kind = "rotations" if values["rotations"] is not None else "deals"
        return TableSetup.check(values["players"], values["seat"], values["name"], kind, values[kind],
                                values["bots"], values["seed"], values["profile"], values["misere_stakes"],
                                values["style"])

    def _fields(self) -> "_SetupFields":
        return _SetupFields(self.players, self.seat, self.name, self.deals, self.rotations, self.bots, self.seed,
                            self.profile, self.misere_stakes)

    @property
    def length_kind(self) -> str:
        return "rotations" if self.rotations is not None else "deals"

    @property
    def length(self) -> int:
        return self.rotations if self.rotations is not None else (self.deals or DEFAULT_DEALS)

    def rules(self) -> Profile:
        """The profile with the table's options."""
        profile = get_profile(self.profile)
        return profile.with_options(misere_stakes=self.misere_stakes) if self.misere_stakes else profile

    def names(self) -> tuple[str, ...]:
        """Player names clockwise: the learner at ``seat``, bots elsewhere."""
        bots = [b for b in BOT_NAMES if b.casefold() != self.name.casefold()]
        out: list[str] = []
        for i in range(self.players):
            out.append(self.name if i == self.seat - 1 else bots.pop(0))
        return tuple(out)
