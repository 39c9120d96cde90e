"""Settlement (B15, B16; P5): the stake per opponent, made or failed.

Extra tricks change nothing, and every deal's payments sum to zero.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from .profiles import Contract

__all__ = ["settle", "check_zero_sum", "ZeroSumError"]


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


def check_zero_sum(amounts: Mapping[str, int]) -> None:
    """Raise when amounts do not sum to zero (B16)."""
    total = sum(amounts.values())
    if total != 0:
        raise ZeroSumError(f"balances sum to {total}, not 0: {dict(amounts)}")
