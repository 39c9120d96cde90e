"""Settlement (B15, B16; P5, P7): the stake per opponent, made or failed, and reneges.

Extra tricks change nothing, and every deal's payments sum to zero.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from .profiles import Contract

__all__ = ["settle", "settle_renege", "check_zero_sum", "ZeroSumError", "RENEGE_SHARES"]

RENEGE_SHARES = ("full", "one")
"""How a reneging defender pays (P7): the stake for every opponent, or one share."""


class ZeroSumError(AssertionError):
    """Balances that do not sum to zero: a bug, never a user's mistake."""


def settle(players: Sequence[str], declarer: int, contract: Contract, made: bool) -> dict[str, int]:
    """Each opponent pays the declarer ``made``, or the declarer pays each ``failed`` (B15)."""
    opponents = len(players) - 1
    stake = contract.made if made else -contract.failed
    out = {p: -stake for p in players}
    out[players[declarer]] = stake * opponents
    check_zero_sum(out)
    return out


def settle_renege(players: Sequence[str], declarer: int, contract: Contract, offender: int,
                  share: str = "full") -> dict[str, int]:
    """Payments when ``offender`` reneged and play stopped (P7).

    A reneging declarer pays every opponent the failure stake, as if the
    contract had failed. A reneging defender pays the declarer the success
    stake for every opponent (``share="full"``: the declarer collects as if the
    contract were made) or for one opponent only (``share="one"``); the other
    defenders pay nothing.

    >>> from nap_teach.engine.profiles import PUB
    >>> settle_renege(["A", "B", "C", "D"], 0, PUB.contract("Nap"), 2)
    {'A': 30, 'B': 0, 'C': -30, 'D': 0}
    >>> settle_renege(["A", "B", "C", "D"], 0, PUB.contract("Nap"), 2, share="one")
    {'A': 10, 'B': 0, 'C': -10, 'D': 0}
    """
    if share not in RENEGE_SHARES:
        raise ValueError(f"renege share must be one of {RENEGE_SHARES}, not {share!r}")
    if offender == declarer:
        return settle(players, declarer, contract, False)
    stake = contract.made * ((len(players) - 1) if share == "full" else 1)
    out = {p: 0 for p in players}
    out[players[offender]] = -stake
    out[players[declarer]] = stake
    check_zero_sum(out)
    return out


def check_zero_sum(amounts: Mapping[str, int]) -> None:
    """Raise when amounts do not sum to zero (B16)."""
    total = sum(amounts.values())
    if total != 0:
        raise ZeroSumError(f"balances sum to {total}, not 0: {dict(amounts)}")
