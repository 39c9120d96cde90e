"""The one parser of the page parameters (the Voila URL's query string) for every page.

Voila hands the page's query string to the kernel as ``QUERY_STRING``; outside
Voila (tests, JupyterLab) there is none and every parameter has its default.
Each value came over the network: anything unknown or out of range means the
default, never an error. Every page treats a bad value the same way: it keeps
the default and says, in the learner's language, which setting of the address
was ignored and why (:func:`ignored_note`); a box on the page that takes a
number (:func:`whole_number`) refuses a bad one the same way.
"""
from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from urllib.parse import parse_qs

from ..engine.explain import Explanation
from ..words.i18n import LANGUAGES, Translator, normalize_lang
from ..engine.profiles import BRITISH, PROFILES, Profile
from ..engine.records import LINK_LIMIT

log = logging.getLogger("nap_teach.ui")

__all__ = ["PageParams", "page_params", "parse_query", "page_query", "request_query", "preheating",
           "request_messages", "take_request", "DEFAULT_LANGUAGE",
           "ignored_note", "bad_number", "whole_number"]

DEFAULT_LANGUAGE = "en"
MAX_FIELDS = 20
LONG_VALUES = {"deal": LINK_LIMIT}
"""Parameters whose values may be longer than 200 characters: a record in a link (``?deal=<code>``,
see :func:`nap_teach.engine.records.record_to_link`; its own limit is ``records.LINK_LIMIT``)."""


def parse_query(query: str | None) -> dict[str, str]:
    """``"lang=es&seed=7"`` -> ``{"lang": "es", "seed": "7"}`` (first value of each, names and values cut short:
    200 characters, more for the parameters of :data:`LONG_VALUES`)."""
    try:
        parsed = parse_qs(query or "", keep_blank_values=False, max_num_fields=MAX_FIELDS)
    except ValueError:
        return {}
    return {k[:40]: v[0][:LONG_VALUES.get(k[:40], 200)] for k, v in parsed.items() if v}


_request_arrived = False


def request_messages() -> Iterator[dict[str, str]]:
    """What the server says to this preheated kernel over Voila's request channel, message by message.

    The channel is ``voila.utils.wait_for_request()``'s (same address, same
    messages) without importing ``voila.utils``, which pulls the whole server
    side of Voila into every kernel (the memory it costs is in
    benchmarks/README.md). Voila sends one message, the learner's request; in
    class mode the kernels any page draws from may first be told which page
    to prepare (``nap_teach.app.any_page``).
    """
    from websockets.sync.client import connect  # only a preheated kernel waits for its request

    e = os.environ
    base = e.get("VOILA_WS_BASE_URL") or e.get("VOILA_SERVER_URL") or "/"
    url = (f"{e.get('VOILA_WS_PROTOCOL', 'ws')}://{e.get('VOILA_APP_IP', '127.0.0.1')}:"
           f"{e.get('VOILA_APP_PORT', '8866')}{base}voila/query/{e.get('VOILA_KERNEL_ID', '')}")
    with connect(url, open_timeout=10) as socket:
        while True:
            info = json.loads(socket.recv())
            yield {str(k): str(v) for k, v in info.items()} if isinstance(info, dict) else {}


def take_request(info: Mapping[str, str]) -> None:
    """The request this kernel serves (Voila's request variables: ``QUERY_STRING``, ``SCRIPT_NAME`` ...):
    from now on the page reads its address from them and never waits for another."""
    global _request_arrived
    _request_arrived = True
    os.environ.update({str(k): str(v) for k, v in info.items()})


def request_query(environ: Mapping[str, str] | None = None) -> str:
    """The page's query string (``lang=es&seed=7``), from ``QUERY_STRING``.

    A preheated Voila kernel (class mode: ``VOILA_PREHEAT=True``) runs its page
    before any learner asks for it; it first waits here for the request, which
    Voila then hands over with the query (:func:`request_messages`). Outside
    Voila there is none: ``""``.
    """
    global _request_arrived
    if preheating(environ):
        _request_arrived = True  # one request per kernel: never wait twice
        try:
            take_request(next(request_messages()))
        except Exception as e:  # the server went away: the page keeps its defaults
            log.info("no request reached this preheated page: %r", e)
    env = os.environ if environ is None else environ
    return env.get("QUERY_STRING", "") or ""


def preheating(environ: Mapping[str, str] | None = None) -> bool:
    """True in a preheated Voila kernel (class mode) whose learner has not arrived yet.

    Such a page can build itself with the defaults while it waits in its pool,
    then apply the request's parameters when :func:`request_query` returns: the
    widgets then already exist when the learner arrives, and only what the
    parameters change travels to the server then.
    """
    return environ is None and os.environ.get("VOILA_PREHEAT") == "True" and not _request_arrived


def bad_number(name: str, value: object, low: int, high: int) -> Explanation:
    """Why a number was refused: "step must be a whole number from 1 to 27, not “5.5”"."""
    return Explanation("page", "page.number", {"name": name, "value": str(value)[:20], "low": low, "high": high})


def whole_number(text: object, low: int, high: int) -> int | None:
    """A number typed in a box ("5", " 12 "): a whole number in ``low..high``, else None ("5.5", "999", "x").

    >>> whole_number("5", 1, 27), whole_number("5.5", 1, 27), whole_number("999", 1, 27), whole_number(7, 1, 27)
    (5, None, None, 7)
    """
    if isinstance(text, bool):
        return None
    raw = str(text).strip()
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 9:
        return None
    value = int(raw)
    return value if low <= value <= high else None


def ignored_note(tr: Translator, problems: list[Explanation]) -> str:
    """One sentence for the page's status line: which settings of the address were ignored and why."""
    why = " ".join(tr.explain(p) for p in problems)
    return tr.gettext("Some settings in the page address were ignored: {why}").format(why=why)


def page_params(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """Query parameters of the Voila page (``?lang=es&seed=7``), first value of each.

    Outside Voila there is no ``QUERY_STRING`` and this returns ``{}``.
    """
    return parse_query(request_query(environ))


def page_query(lang: str = DEFAULT_LANGUAGE, profile: str = "british") -> str:
    """The query string that keeps the language and the profile across pages ("" for the defaults).

    >>> page_query("en", "pub"), page_query("es", "british"), page_query("en", "british")
    ('?profile=pub', '?lang=es', '')
    """
    parts = []
    if lang in LANGUAGES and lang != DEFAULT_LANGUAGE:
        parts.append(f"lang={lang}")
    if profile in PROFILES and profile != "british":
        parts.append(f"profile={profile}")
    return "?" + "&".join(parts) if parts else ""


@dataclass(frozen=True)
class PageParams:
    """The page's parameters, each read and checked in one place.

    >>> p = PageParams.parse("lang=ES&seed=12&profile=pub&players=Ann,Ben&rule=b11")
    >>> p.lang, p.profile.name, p.integer("seed", 0, 999), p.names("players"), p.rule
    ('es', 'pub', 12, ['Ann', 'Ben'], 'B11')
    >>> PageParams.parse("lang=<script>&seed=-1").lang, PageParams.parse("seed=x").integer("seed", 0, 9)
    ('en', None)
    """

    raw: dict[str, str] = field(default_factory=dict)

    @classmethod
    def parse(cls, query: str | None) -> "PageParams":
        return cls(parse_query(query))

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> "PageParams":
        return cls(page_params(environ))

    def get(self, name: str, default: str = "") -> str:
        return self.raw.get(name, default)

    @property
    def lang(self) -> str:
        """``?lang=es`` ("ES", "es-ES" too); English for anything else."""
        return normalize_lang(self.raw.get("lang", DEFAULT_LANGUAGE))

    @property
    def profile(self) -> Profile:
        """``?profile=pub``; the British rules for anything else."""
        return PROFILES.get(self.raw.get("profile", "").strip().lower(), BRITISH)

    def integer(self, name: str, low: int, high: int, digits: int = 9) -> int | None:
        """A whole number in ``low..high`` written with at most ``digits`` digits, else None."""
        raw = self.raw.get(name, "").strip()
        if not (raw.isascii() and raw.isdigit()) or len(raw) > digits:
            return None
        value = int(raw)
        return value if low <= value <= high else None

    def flag(self, name: str) -> bool:
        """``?four=1`` (also true, yes, on)."""
        return self.raw.get(name, "").strip().lower() in ("1", "true", "yes", "on")

    def word(self, name: str, choices: tuple[str, ...], default: str) -> str:
        """One of ``choices`` (case ignored), else ``default``."""
        value = self.raw.get(name, "").strip().lower()
        return value if value in choices else default

    def names(self, name: str, most: int = 7, length: int = 30) -> list[str]:
        """``?players=Ann,Ben,Cat``: at most ``most`` names of at most ``length`` characters."""
        return [n.strip()[:length] for n in self.raw.get(name, "").split(",") if n.strip()][:most]

    @property
    def rule(self) -> str | None:
        """``?rule=B11`` (upper-cased; the page checks it is one of its rules)."""
        return self.raw.get("rule", "").strip().upper() or None
