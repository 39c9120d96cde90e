"""Shared pieces of every page: language, page parameters, guarded callbacks, style.

Each app (lesson, play, explorer, scorekeeper, landing) builds its components
on these so that every page switches language in place, reads ``?lang=`` and
other parameters from the Voila URL, and never shows a traceback: a refused
action becomes a sentence in the learner's words and changes nothing.
"""
from __future__ import annotations

import contextlib
import functools
import html as _html  # the standard library's (``html`` here is the safe HTML builder)
import logging
import re
from importlib import resources
from typing import Any, Callable, Iterator, Protocol, TypeVar

import ipywidgets as W

from ..engine.explain import Explanation, RecordError, RuleError
from ..words.html import Markup, escape, html
from ..words.i18n import Translator
from .keeper import PageKeeper
from .language import Language, LanguageSwitch
from .nav import PageNav
from .params import page_params
from .widgets import HTML, VBox

__all__ = [
    "page_params", "page_style", "StatusLine", "guarded", "App", "Component",
    "PageHost", "badge", "html_escape", "CSS_DIR", "refuse_bad_widget_values", "name_control", "label_controls", "plain_text",
]

log = logging.getLogger("nap_teach.ui")
CSS_DIR = resources.files("nap_teach.ui").joinpath("css")
"""The pages' style sheets (package data, read through importlib.resources)."""
F = TypeVar("F", bound=Callable[..., Any])

html_escape = escape
_RULE_ID = re.compile(r"^[BP]\d{1,2}$")


def badge(rule: str, tr: Translator) -> Markup:
    """The rule's badge (``nap-rule``, its title as a tooltip); "" for what is not a rule id (B1..P9)."""
    if not _RULE_ID.match(rule):
        return Markup()
    return html('<span class="nap-rule" title="{}">{}</span>', tr.rule_title(rule), rule)


def refuse_bad_widget_values() -> None:
    """Widget values arrive over the network: one a widget cannot hold is refused quietly.

    ipywidgets validates a value from the page (an index out of range, a
    wrong type) by raising, which sends a traceback back to the page. Here
    the refusal leaves the widget as it was (traitlets rolls the update back),
    puts the page's copy back in step, and logs one line below warning level.
    Callbacks still validate what a widget accepts (see :func:`guarded`).
    """
    if getattr(W.Widget.set_state, "nap_refuses_bad_values", False):
        return
    accept = W.Widget.set_state

    def set_state(self: W.Widget, sync_data: dict[str, Any]) -> None:
        try:
            accept(self, sync_data)
        except Exception as e:
            names = [k for k in sync_data if k in self.keys] if isinstance(sync_data, dict) else []
            log.info("refused a value for %s %s: %s", type(self).__name__, names[:5], str(e)[:200])
            if names:
                self.send_state(names)

    set_state.nap_refuses_bad_values = True  # type: ignore[attr-defined]
    W.Widget.set_state = set_state


_NAMED_CONTROLS = (W.Dropdown, W.Select, W.SelectMultiple, W.Text, W.Textarea, W.IntText, W.BoundedIntText,
                   W.FloatText, W.BoundedFloatText, W.Combobox)
_TAG = re.compile(r"<[^>]*>")


def plain_text(markup: str) -> str:
    """The words of an HTML fragment, as a screen reader would say them ("<b>Rules:</b>" -> "Rules")."""
    return " ".join(_html.unescape(_TAG.sub(" ", markup or "")).split()).rstrip(":： ").strip()


def name_control(control: W.Widget, text: str) -> None:
    """Give a form control its accessible name ``text`` without changing the page's look.

    The words become the control's ``description`` (its ``<label for>``), shown
    only to assistive technology (class ``nap-sr-named``): the visible label is
    the text beside the control. A control with a visible description of its
    own keeps it.
    """
    if getattr(control, "_nap_visible_label", False):
        return
    if control.description != text:
        control.description = text
    if "nap-sr-named" not in control._dom_classes:
        control.add_class("nap-sr-named")


def label_controls(root: W.Widget) -> None:
    """Name every unnamed form control of ``root`` after the text beside it.

    The app's forms put a label (an ``HTML`` widget) before its control in a
    box: ``HBox([label, control])``. Each such control is named after that
    label, and follows it when it changes (a language switch). Controls with a
    description of their own are left as they are. Run again after boxes are
    rebuilt: pairs already bound are skipped.
    """
    stack = [root]
    while stack:
        widget = stack.pop()
        children = list(getattr(widget, "children", ()) or ())
        stack.extend(children)
        label: W.HTML | None = None
        for child in children:
            if isinstance(child, W.HTML):
                label = child
                continue
            if isinstance(child, _NAMED_CONTROLS) and label is not None:
                if child.description and "nap-sr-named" not in child._dom_classes:
                    child._nap_visible_label = True  # its own visible words
                elif not getattr(child, "_nap_label_bound", False):
                    child._nap_label_bound = True

                    def follow(change: dict[str, Any], control: W.Widget = child) -> None:
                        text = plain_text(str(change.get("new") or ""))
                        if text:
                            name_control(control, text)

                    label.observe(follow, names="value")
                    follow({"new": label.value})


class StatusLine:
    """A polite live region for feedback and refusals (read out by screen readers)."""

    def __init__(self, css_class: str = "nap-status") -> None:
        self.widget = HTML("")
        self.widget.add_class(css_class)
        self.kind = ""
        self.text = ""
        self.announce: Callable[[str], None] | None = None
        """Where the words are also said to screen readers (the page's :class:`~.keeper.PageKeeper`); with
        one, the line itself is not a live region (the keeper's region exists from the start, so it is read)."""
        self.bring_into_view: Callable[[], None] | None = None
        """Scrolls a refusal or an error into view, when the line is off the screen (the page's keeper)."""

    def show(self, text: str, kind: str = "info") -> None:
        """Show ``text``; ``kind`` is "info", "refused" or "error" (styled differently)."""
        self.text, self.kind = text, kind
        if self.announce is not None:
            self.widget.value = html('<div class="nap-msg nap-msg-{}">{}</div>', kind, text) if text else ""
            if text:
                self.announce(plain_text(str(text)))
                if kind != "info" and self.bring_into_view is not None:
                    self.bring_into_view()
            return
        self.widget.value = (html('<div role="status" aria-live="polite" class="nap-msg nap-msg-{}">{}</div>',
                                  kind, text)) if text else ""

    def clear(self) -> None:
        self.show("")


def guarded(method: F) -> F:
    """Wrap a widget callback: rule refusals and bad input become a message, not a traceback.

    The instance must have ``status`` (a :class:`StatusLine`) and ``language``.
    A re-entrant call while one is running is dropped (a fast double click).
    """

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        if getattr(self, "_busy", False):
            return None
        self._busy = True
        try:
            return method(self, *args, **kwargs)
        except (RuleError, RecordError) as e:
            self.status.show(e.text(self.language.code), "refused")
        except Exception:  # never a traceback for the user; keep it for the log
            log.exception("callback %s failed", method.__name__)
            self.status.show(self.language.gettext("Something went wrong; nothing was changed. Please try again."),
                             "error")
        finally:
            self._busy = False
        return None

    return wrapper  # type: ignore[return-value]


def page_style(*names: str) -> W.HTML:
    """A ``<style>`` widget with ``css/base.css`` plus the named component sheets, and ``css/print.css``
    (every page prints all of its content, over several sheets)."""
    parts = []
    for name in ("base", *names, "print"):
        path = CSS_DIR / f"{name}.css"
        if path.is_file():
            parts.append(path.read_text(encoding="utf-8"))
    widget = HTML(html("<style>{}</style>", Markup("\n".join(parts))))  # our own style sheets
    widget.add_class("nap-style")
    return widget


class PageHost(Protocol):
    """What every page offers its components: its language, its status line and its busy flag.

    A component depends on this (or on its own page's Protocol that extends it, such
    as :class:`nap_teach.ui.play.page.PlayPage`) and on callbacks, never on its page's
    class: the page builds its components, not the other way round.
    """

    language: Language
    status: StatusLine
    _busy: bool


class Component:
    """A piece of a page sharing its app's language, status line and busy flag.

    Every page (lesson, play, explorer, scorekeeper, landing) builds its pieces
    on this class. Sharing the busy flag lets :func:`guarded` drop a click on
    one component that arrives while a click on another is still being handled.
    """

    def __init__(self, app: PageHost) -> None:
        self.app = app

    @property
    def status(self) -> StatusLine:
        return self.app.status

    @property
    def language(self) -> Language:
        return self.app.language

    @property
    def _busy(self) -> bool:
        return getattr(self.app, "_busy", False)

    @_busy.setter
    def _busy(self, value: bool) -> None:
        self.app._busy = value

    @property
    def tr(self) -> Translator:
        return self.app.language.tr

    def _(self, message: str) -> str:
        return self.app.language.tr.gettext(message)

    def badge(self, rule: str) -> Markup:
        return badge(rule, self.tr)

    def explain(self, expl: Explanation, badge: bool = True) -> Markup:
        """The explanation in the learner's words (HTML-escaped), after its rule badge."""
        return (self.badge(expl.rule) if badge else Markup()) + self.tr.explain(expl)


class App:
    """Base of a page: a language, a switch, a status line and a root box.

    Subclasses build their components in ``__init__``, then call
    :meth:`refresh` from :meth:`_on_language` to re-render every word.
    """

    css_class = "nap-app"
    styles: tuple[str, ...] = ()
    _busy = False
    """A callback is running (:func:`guarded` drops a second one arriving meanwhile)."""
    page = ""
    """The page's notebook ("play.ipynb"): its place in the shared header (:mod:`nap_teach.ui.nav`)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Every page's refresh (a language or a rules change) also re-renders the shared header.
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("refresh")
        if own is not None and not getattr(own, "nap_refreshes_nav", False):
            @functools.wraps(own)
            def refresh(self: "App") -> None:
                own(self)
                nav = getattr(self, "page_nav", None)
                if nav is not None:
                    nav.refresh()
                keeper = getattr(self, "pagekeeper", None)
                if keeper is not None and keeper not in self.widget.children:
                    self.widget.children = (*self.widget.children, keeper)  # the page's helper in the browser
                label_controls(self.widget)

            refresh.nap_refreshes_nav = True  # type: ignore[attr-defined]
            cls.refresh = refresh  # type: ignore[method-assign]

    def __init__(self, lang: str = "en") -> None:
        refuse_bad_widget_values()
        self.language = Language(lang)
        self.switch = LanguageSwitch(self.language)
        self.status = StatusLine()
        self.widget = VBox()
        self.widget.add_class("nap-app")
        self.widget.add_class(self.css_class)
        self.page_nav = PageNav(self.page, self.language, self.nav_profile)
        """The shared page header (``<header>``/``<nav>``): put ``self.page_nav.widget`` first in the page."""
        self.pagekeeper = PageKeeper()
        """The page's helper in the browser: announcements, scrolling into view, leaving, the address."""
        self.status.announce = self.pagekeeper.say
        self.pagekeeper.set_address({"lang": self.language.code})  # the address says the page's language
        self.status.widget.add_class("nap-page-status")
        self.status.bring_into_view = lambda: self.pagekeeper.reveal(".nap-page-status .nap-msg")
        self.language.observe(self._on_language)

    def nav_profile(self) -> str:
        """The rules in force (a profile name) that the page's links keep."""
        profile = getattr(self, "profile", None)
        name = getattr(profile, "name", None)
        return name if isinstance(name, str) else "british"

    @property
    def tr(self) -> Translator:
        return self.language.tr

    def _(self, message: str) -> str:
        return self.language.tr.gettext(message)

    def _on_language(self) -> None:
        self.pagekeeper.set_address({"lang": self.language.code})  # a reload stays in the language chosen
        self.refresh()

    def refresh(self) -> None:  # pragma: no cover - subclasses re-render their words
        """Re-render all words in the current language."""

    @contextlib.contextmanager
    def holding(self) -> Iterator[None]:
        """Within the block, each widget sends its changes once, at the end: one message per widget
        changed instead of one per change (a preheated page taking its request's language).

        Every live widget is held, not only those under :attr:`widget`: a page has parts outside its
        tree until they are shown, and a kernel holds one page.
        """
        from ipywidgets.widgets.widget import _instances  # ipywidgets' registry of live widgets: not public, read only here

        with contextlib.ExitStack() as stack:
            for widget in list(_instances.values()):
                stack.enter_context(widget.hold_sync())
            yield

    def _ipython_display_(self) -> None:
        from IPython.display import display  # only Jupyter's display calls this, inside a kernel

        display(self.widget)
