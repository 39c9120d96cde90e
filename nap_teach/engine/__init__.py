"""The engine: the rules of Nap and its values, with no words and no drawing.

Cards, profiles (rules as data), the rule index, the auction, dealing, tricks,
the deal state with its ``legal_*`` queries and checked ``apply`` / unchecked
``push``, seat views, settlement, sessions and their records. Refusals and
explanations are data (a rule id, a message key and the facts); the ``words``
layer turns them into sentences. Nothing here imports a layer above it, apart
from the named display hooks (``Card._repr_svg_``, ``Trick._repr_html_``,
``DealState._repr_html_``) and ``Explanation.text``, which ask the words layer
to draw or phrase a value only when someone looks at it.
"""

from . import cards as _cards

COMPILED: bool = not _cards.__file__.endswith(".py")
"""Whether this process runs the engine (and the solver's search) compiled by mypyc (``setup.py``) or as pure Python.

Both run the same source; the compiled one is faster (``benchmarks/bench_engine.py`` prints which it timed).
"""
