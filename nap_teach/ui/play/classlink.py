"""The play page's class link: the same seeded game for a whole class, as text to copy and as a QR code.

The link is this page's address with the setup form's game in its query
(:func:`nap_teach.teach.traveller.class_query`: seed, rules, language, players, seat,
length, bots). The address comes from the request Voila hands the kernel
(``SERVER_NAME``, ``SERVER_PORT``, ``SCRIPT_NAME``); the teacher may correct it
(the address the room's devices reach, not ``127.0.0.1``). The QR code is an SVG
drawn in Python by ``segno``. CSS classes: ``nap-play-classlink`` (the panel),
``nap-play-class-make`` (the button), ``nap-play-class-address`` (the address box),
``nap-play-class-url`` (the link as text), ``nap-play-class-qr`` (the QR code).
"""
from __future__ import annotations

from typing import Any, Mapping
from urllib.parse import urlencode

import ipywidgets as W

from ...engine.explain import Explanation, IllegalAction
from ...words.html import Markup, html
from ...teach.traveller import class_query
from ..base import Component, guarded
from ..sharing import ADDRESS, MAX_ADDRESS, page_address, qr_svg
from ..widgets import auto_layout, Button, HTML, show, Text, VBox, with_classes
from .page import PlayPage


_LOCAL = ("127.", "localhost", "[::1]", "0.0.0.0")
_ADDRESS = ADDRESS

class ClassLink(Component):
    """"A link for the class": the setup form's game as a link and a QR code big enough for a projected screen."""

    app: PlayPage

    def __init__(self, app: PlayPage, environ: Mapping[str, str] | None = None) -> None:
        super().__init__(app)
        self.heading = HTML()
        self.address = with_classes(Text(value=page_address(environ), continuous_update=False,
                                         style={"description_width": "initial"},
                                         layout=W.Layout(width="100%", max_width="40em")),
                                  "nap-play-class-address")
        self.make = with_classes(Button(layout=auto_layout(align_self="flex-start")), "nap-play-class-make")
        self.make.on_click(self._on_make)
        self.output = with_classes(HTML(), "nap-play-class-output")
        self.link = ""
        self.code = ""
        self.teacher_link = ""
        self.widget = with_classes(VBox([self.heading, self.address, self.make, self.output],
                                          layout=auto_layout()), "nap-play-classlink")
        self.refresh()

    def refresh(self) -> None:
        _ = self._
        if self.app.classroom is not None:  # a live class: the deals reach the teacher's page by themselves
            intro = _("Everyone who opens this link gets this game: the same seed, rules, players, seat and length, "
                      "so every table holds the same cards. Each learner types their name and plays; every deal "
                      "they finish appears on your class page (the teacher's link) as they play.")
        else:
            intro = _("Everyone who opens this link gets this game: the same seed, rules, players, "
                      "seat and length, so every table holds the same cards. Each learner types "
                      "their name, plays, and downloads the session for the class results page.")
        self.heading.value = html("<h3>{}</h3><p>{}</p>", _("A link for the class"), intro)
        self.address.description = _("Address the learners open")
        self.make.description = _("Make a link for the class")
        self.make.tooltip = _("The settings above as a link and a QR code")
        if self.link:
            self._show_link()

    @guarded
    def _on_make(self, _button: Any = None) -> None:
        address = str(self.address.value).strip()
        if len(address) > MAX_ADDRESS or not _ADDRESS.match(address):
            raise IllegalAction(Explanation("page", "class.address", {"most": MAX_ADDRESS}))
        setup = self.app.class_setup()  # checked; a bad value is refused with its reason
        assert setup.seed is not None
        store = self.app.classroom
        if store is not None:  # a live class: the learners' deals reach the teacher's class page
            info = store.create(setup)
            assert info.teacher_key is not None
            lang = self.language.code
            self.code = info.code
            self.link = f"{address}?{urlencode([('class', info.code), ('lang', lang)])}"
            self.teacher_link = f"{class_page_address(address)}?{urlencode([('teacher', info.teacher_key), ('lang', lang)])}"
        else:  # no class store on this server: the file route (learners download their sessions)
            query = class_query(setup.seed, setup.profile, self.language.code, setup.players, setup.seat,
                                setup.length_kind, setup.length, setup.bots, setup.style, setup.misere_stakes,
                                for_class=True)
            self.code = self.teacher_link = ""
            self.link = f"{address}?{query}"
        self._show_link()
        self.status.show(self._("The class link is ready: show the QR code to the room or share the link."),
                         "info")

    def _show_link(self) -> None:
        _ = self._
        local = any(part in self.link.split("/")[2] for part in _LOCAL) if self.link.count("/") >= 2 else False
        warning = html('<p class="nap-play-class-local">{}</p>',
                       _("This address only works on this computer: start the app with HOST=0.0.0.0 and write "
                         "the computer's address on the room's network above (for example http://192.168.1.20:8866"
                         "/voila/render/play.ipynb).")) if local else Markup()
        label = _("QR code of the class link")
        code = html('<p>{} <b class="nap-play-class-code">{}</b></p>', _("Class code:"), self.code) \
            if self.code else Markup()
        teacher = html(
            '<div class="nap-play-teacher"><h4>{}</h4><p>{}</p><p><label>{}<br><input class="nap-play-teacher-url" '
            'type="text" readonly value="{}" aria-label="{}"></label></p><p><a class="nap-play-teacher-open" '
            'href="{}" target="_blank" rel="noopener">{}</a></p></div>',
            _("Your class page"),
            _("Keep this link to yourself: it shows every deal as the learners finish it, and it ends the class. "
              "The class and its results are deleted when you end it, or after 14 days."),
            _("The teacher's link (keep it):"), self.teacher_link, _("The teacher's link"), self.teacher_link,
            _("Open the class page")) if self.teacher_link else Markup()
        self.output.value = html(
            '{}<p><label>{}<br><input class="nap-play-class-url" type="text" readonly value="{}" '
            'aria-label="{}"></label></p><p><a class="nap-play-class-open" href="{}" target="_blank" '
            'rel="noopener">{}</a></p>{}<div class="nap-play-class-qr">{}</div>{}',
            code, _("The class link (select it and copy it):"), self.link, _("The class link"), self.link,
            _("Open the class link"), warning, qr_svg(self.link, label), teacher)
        show(self.output, True)


def class_page_address(address: str) -> str:
    """The class page next to the play page of ``address``.

    >>> class_page_address("http://10.0.0.5:8866/voila/render/play.ipynb")
    'http://10.0.0.5:8866/voila/render/class.ipynb'
    """
    base, _sep, _page = address.rpartition("/")
    return f"{base}/class.ipynb" if base.count("/") >= 3 else f"{address.rstrip('/')}/voila/render/class.ipynb"
