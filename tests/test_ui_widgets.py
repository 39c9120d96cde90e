"""The shared models of nap_teach/ui/widgets.py: one layout and one style model of each kind a page needs,
never changed, so that a page sends and draws fewer models (issue 28 part 3)."""
from __future__ import annotations

import json

import ipywidgets as W
import pytest
from ipywidgets.widgets.widget_bool import CheckboxStyle
from ipywidgets.widgets.widget_description import DescriptionStyle

from nap_teach.ui import widgets
from nap_teach.ui.classresults import ClassApp
from nap_teach.ui.explorer import ExplorerApp
from nap_teach.ui.handouts import HandoutsApp
from nap_teach.ui.landing import LandingPage
from nap_teach.ui.lesson import LessonApp
from nap_teach.ui.odds import OddsApp
from nap_teach.ui.play import PlayApp
from nap_teach.ui.problems import ProblemsApp
from nap_teach.ui.scorekeeper import ScorekeeperApp

PAGES = [LandingPage, PlayApp, LessonApp, ExplorerApp, OddsApp, ProblemsApp, ScorekeeperApp, HandoutsApp, ClassApp]
CONTROLS = [(widgets.Dropdown, {"options": ["a", "b"]}), (widgets.Checkbox, {}), (widgets.ToggleButtons,
            {"options": ["a", "b"]}), (widgets.Text, {}), (widgets.Textarea, {}), (widgets.BoundedIntText, {}),
            (widgets.IntText, {})]


def descendants(root: W.Widget) -> list[W.Widget]:
    """Every model a displayed widget sends to the browser: its children, layouts, styles ... (what the
    browser fetches)."""
    seen: dict[str, W.Widget] = {}
    todo = [root]
    while todo:
        model = todo.pop()
        if model.model_id in seen:
            continue
        seen[model.model_id] = model
        for name in model.keys:
            value = getattr(model, name)
            for item in value if isinstance(value, (list, tuple)) else [value]:
                if isinstance(item, W.Widget):
                    todo.append(item)
    return list(seen.values())


@pytest.mark.parametrize(("control", "kwargs"), CONTROLS, ids=[c.__name__ for c, _ in CONTROLS])
def test_controls_made_alike_share_one_style_and_one_layout(control, kwargs):
    first = control(**kwargs, style={"description_width": "initial"})
    second = control(**kwargs, style={"description_width": "initial"})
    plain = control(**kwargs)
    assert first.style is second.style and first.layout is second.layout is plain.layout
    assert plain.style is not first.style  # other values, another model
    assert first.style.description_width == "initial"
    # the ipywidgets class the browser draws, unchanged: the same model name
    style_class = control.class_traits()["style"].klass
    assert isinstance(first.style, style_class)
    assert first.style._model_name == style_class.class_traits()["_model_name"].default_value
    with pytest.raises(TypeError, match="shared by many widgets"):
        first.style.description_width = "10em"
    assert second.style.description_width == "initial"


def test_a_control_given_its_own_style_or_layout_keeps_it():
    style, layout = DescriptionStyle(description_width="3em"), W.Layout(width="5em")
    dropdown = widgets.Dropdown(options=["a"], style=style, layout=layout)
    assert dropdown.style is style and dropdown.layout is layout
    dropdown.style.description_width = "4em"  # its own: free to change
    dropdown.layout.width = "6em"


def test_a_shared_model_closed_is_made_again():
    first = widgets.shared_style(CheckboxStyle)
    first.close()
    again = widgets.shared_style(CheckboxStyle)
    assert again is not first and again.comm is not None


def test_a_control_hidden_and_shown_again_goes_back_to_the_shared_layout():
    text = widgets.Text()
    shared = text.layout
    widgets.show(text, False)
    assert text.layout.display == "none" and shared.display is None
    widgets.show(text, True)
    assert text.layout is shared


@pytest.mark.parametrize("page", PAGES, ids=[p.__name__ for p in PAGES])
def test_no_page_sends_two_identical_control_styles(page):
    """Two style models of a form control (a dropdown's, a checkbox's, a text box's ...) with the same values
    are one model too many: the page shares one (the play page had 16 where 5 now serve)."""
    app = page.from_environment({})
    styles = [m for m in descendants(app.widget) if isinstance(m, DescriptionStyle)]
    states = [(type(m).__name__, json.dumps(m.get_state(), sort_keys=True)) for m in styles]
    assert styles and len(set(states)) == len(states), sorted(states)
