"""nap_teach: an exact, explainable engine for the card game Nap, and lessons on top.

The engine (everything outside ``nap_teach.ui``) is pure Python: no widget or
plotting import. Start with :class:`DealState` for one deal and
:class:`Session` for a series of deals; :data:`RULES` is the rulebook.
"""
from .auction import PASS, Auction, Call
from .cards import FULL_PACK, Card, CardParseError, Rank, Suit, format_cards, parse_cards, sort_hand
from .dealing import Deal, deal_rng, draw_first_dealer, shuffle_and_deal
from .explain import Explanation, IllegalAction, IllegalCall, IllegalCard, RecordError, RuleError
from .i18n import LANGUAGES, Translator, translator
from .profiles import BRITISH, PROFILES, PUB, Contract, Profile, get_profile
from .rulebook import RULES, Rule, Topic
from .session import Session
from .settlement import settle
from .state import STOP, DealResult, DealState
from .tricks import Trick
from .views import SeatView

__version__ = "0.1.0"

__all__ = [
    "PASS", "Auction", "Call", "FULL_PACK", "Card", "CardParseError", "Rank", "Suit", "format_cards",
    "parse_cards", "sort_hand", "Deal", "deal_rng", "draw_first_dealer", "shuffle_and_deal", "Explanation",
    "IllegalAction", "IllegalCall", "IllegalCard", "RecordError", "RuleError", "LANGUAGES", "Translator",
    "translator", "BRITISH", "PROFILES", "PUB", "Contract", "Profile", "get_profile", "Session", "settle",
    "STOP", "DealResult", "DealState", "Trick", "SeatView", "RULES", "Rule", "Topic",
]
