"""nap_teach: an exact, explainable engine for the card game Nap, and lessons on top.

The engine (everything outside ``nap_teach.ui``) imports no widget or plotting
library. Start with :class:`DealState` for one deal and
:class:`Session` for a series of deals; :data:`RULES` is the rulebook.
"""
from .engine.auction import PASS, Auction, Call
from .engine.cards import FULL_PACK, Card, CardParseError, Rank, Suit, format_cards, parse_cards, sort_hand
from .engine.dealing import Deal, deal_rng, draw_first_dealer, shuffle_and_deal
from .engine.explain import Explanation, IllegalAction, IllegalCall, IllegalCard, RecordError, RuleError
from .words.i18n import LANGUAGES, Translator, translator
from .engine.profiles import BRITISH, PROFILES, PUB, Contract, Profile, get_profile
from .engine.rules import RULES, Rule, Topic
from .engine.session import Session
from .engine.settlement import settle
from .engine.state import STOP, DealResult, DealState
from .engine.tricks import Trick
from .engine.views import SeatView

__version__ = "0.1.0"

__all__ = [
    "PASS", "Auction", "Call", "FULL_PACK", "Card", "CardParseError", "Rank", "Suit", "format_cards",
    "parse_cards", "sort_hand", "Deal", "deal_rng", "draw_first_dealer", "shuffle_and_deal", "Explanation",
    "IllegalAction", "IllegalCall", "IllegalCard", "RecordError", "RuleError", "LANGUAGES", "Translator",
    "translator", "BRITISH", "PROFILES", "PUB", "Contract", "Profile", "get_profile", "Session", "settle",
    "STOP", "DealResult", "DealState", "Trick", "SeatView", "RULES", "Rule", "Topic",
]
