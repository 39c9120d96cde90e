"""The search itself: alpha-beta over tricks with a table of bounds (see :mod:`nap_teach.ai.solver`)."""
from __future__ import annotations

from typing import Callable

from .position import BIT_SUIT, SUIT_MASKS, Position, mask_of

__all__ = ["Search", "BudgetExceeded", "NodeBudget"]


class BudgetExceeded(Exception):
    """A search given a budget of nodes used it up before it had an answer."""


class NodeBudget:
    """Search nodes a caller allows (a search raises :class:`BudgetExceeded` once they are spent).

    Counting nodes, not time, keeps a bot that stops early deterministic: the
    same position stops at the same place on every machine.
    """

    def __init__(self, nodes: int) -> None:
        self.nodes = nodes
        self.counter = [nodes]

    @property
    def used(self) -> int:
        return self.nodes - self.counter[0] if self.counter[0] >= 0 else self.nodes

    @property
    def left(self) -> int:
        return max(self.counter[0], 0)


def _can_beat(hand: int, led: int, win_bit: int, trump_mask: int) -> bool:
    """Whether a hand can beat ``win_bit`` in a trick led in suit ``led`` (B11, B12)."""
    wsm = BIT_SUIT[win_bit]
    above = ~((win_bit << 1) - 1)
    f = hand & led
    if f:
        return bool(f & wsm & above)
    t = hand & trump_mask
    return bool(t and (wsm != trump_mask or t & above))


def _searcher(n: int, decl: int, trump_mask: int, misere: bool,
              budget: list[int] | None = None) -> tuple[Callable[..., int], Callable[..., int]]:
    """The search functions for one table: ``trick_start`` and ``node`` (closures, for speed).

    Both return the declarer's tricks from the current trick on, fail-soft
    within ``(alpha, beta)``: a result ``<= alpha`` is an upper bound, one
    ``>= beta`` a lower bound, anything between is exact. ``budget`` (one
    number in a list, shared by the tables of one search): nodes left; the
    search raises :class:`BudgetExceeded` when they run out.
    """
    tt: dict[tuple[int, ...], tuple[int, int]] = {}
    bit_suit = BIT_SUIT
    # maximising side: the declarer, except in Misère (P4) where the defenders want it to win tricks
    maxer = [(s == decl) != misere for s in range(n)]
    nxt = [(s + 1) % n for s in range(n)]
    defenders = [s for s in range(n) if s != decl]
    suit_masks = SUIT_MASKS

    def last_trick(hands: list[int], leader: int) -> int:
        """One card each: who wins the last trick (B12)."""
        best = hands[leader]
        best_seat = leader
        sm = bit_suit[best]
        s = nxt[leader]
        while s != leader:
            b = hands[s]
            if b & sm:
                if b > best:
                    best, best_seat = b, s
            elif b & trump_mask:
                best, best_seat, sm = b, s, trump_mask
            s = nxt[s]
        return 1 if best_seat == decl else 0

    def trick_start(hands: list[int], leader: int, alpha: int, beta: int) -> int:
        k = hands[leader].bit_count()
        if k <= 1:
            return last_trick(hands, leader) if k else 0
        if alpha >= k:
            return k
        if beta <= 0:
            return 0
        if trump_mask:
            # sure tricks (B12): a trump loses only to a higher trump played to the same trick, and
            # every card is played in a trick of its own; so each side's trumps that the other side
            # has too few higher trumps to beat are tricks for it (a greedy matching, high to low)
            dt = hands[decl] & trump_mask
            if dt:
                others = 0
                sure_def = 0
                for s in defenders:
                    t = hands[s] & trump_mask
                    if t:
                        others |= t
                        # this defender's trumps against the declarer's higher ones
                        c = 0
                        free = 0
                        m = (t | dt)
                        while m:
                            top = 1 << (m.bit_length() - 1)
                            m ^= top
                            if top & dt:
                                free += 1
                            elif free:
                                free -= 1
                            else:
                                c += 1
                        if c > sure_def:
                            sure_def = c
                sure_decl = 0
                free = 0
                m = others | dt
                while m:
                    top = 1 << (m.bit_length() - 1)
                    m ^= top
                    if top & others:
                        free += 1
                    elif free:
                        free -= 1
                    else:
                        sure_decl += 1
            else:
                sure_decl = 0
                sure_def = 0
                for s in defenders:
                    c = (hands[s] & trump_mask).bit_count()
                    if c > sure_def:
                        sure_def = c
            if sure_decl >= beta:
                return sure_decl
            if k - sure_def <= alpha:
                return k - sure_def
        if not misere and (beta <= 1 or alpha >= k - 1):
            # a sure trick for the side on lead: it leads the top card left of a side suit that
            # every other seat must follow (or cannot trump); the leader's side chooses to do so
            lead = hands[leader]
            mine = leader == decl
            for sm in suit_masks:
                own = lead & sm
                if not own or sm == trump_mask:
                    continue
                present = 0
                for h in hands:
                    present |= h & sm
                if not own & (1 << (present.bit_length() - 1)):
                    continue  # not the top card of the suit
                if mine:
                    if all(hands[s] & sm or not hands[s] & trump_mask for s in defenders):
                        if beta <= 1:
                            return 1
                        break
                elif hands[decl] & sm or not hands[decl] & trump_mask:
                    if alpha >= k - 1:
                        return k - 1
                    break
        elif misere and leader != decl:
            # Misère (P4), a defender on lead: only defenders lead while the declarer takes no trick, and
            # with no trump the declarer wins a trick only by following with the highest card of the suit.
            # A suit is safe for the declarer when its i-th lowest card is under the defenders' i-th lowest
            # (i up to the number of times the defenders can lead it): to each lead it answers with its
            # highest card under the led one (nested choices: that greedy answer never runs short). All
            # suits safe: the declarer takes no more tricks, whatever is played.
            dh = hands[decl]
            safe = True
            for sm in suit_masks:
                ds = dh & sm
                if not ds:
                    continue
                others = 0
                for h in hands:
                    others |= h & sm
                others ^= ds
                while ds and others:
                    d = ds & -ds
                    o = others & -others
                    if d > o:  # a defender's card under the declarer's: a lead there may force it
                        safe = False
                        break
                    ds ^= d
                    others ^= o
                if not safe:
                    break
            if safe:
                return 0
        if misere and beta <= 1 and leader != decl:
            # Misère (P4): a defender leads a suit in which every card of the declarer is higher
            # than every other card left, and the declarer must follow: it takes the trick
            lead = hands[leader]
            dh = hands[decl]
            for sm in suit_masks:
                ds = dh & sm
                if not ds or not lead & sm:
                    continue
                others = 0
                for h in hands:
                    others |= h & sm
                others ^= ds
                if ds & -ds > others:  # the declarer's lowest card of the suit beats all the others
                    return 1
        key = (leader, *hands)
        entry = tt.get(key)
        if entry is not None:
            lo, hi = entry
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            a0 = alpha if alpha > lo else lo
            b0 = beta if beta < hi else hi
        else:
            lo, hi = 0, k
            a0, b0 = alpha, beta
        rest = 0
        for h in hands:
            rest |= h
        v = node(hands, rest, leader, 0, 0, 0, 0, 0, a0, b0)
        if v <= a0:
            hi = v if v < hi else hi
        elif v >= b0:
            lo = v if v > lo else lo
        else:
            lo = hi = v
        tt[key] = (lo, hi)
        return v

    def node(hands: list[int], rest: int, seat: int, step: int, led: int, win_seat: int, win_bit: int,
             tmask: int, alpha: int, beta: int) -> int:
        """Seat ``seat`` plays the ``step``-th card of the trick (``led``: suit mask, 0 at the lead)."""
        if budget is not None:
            budget[0] -= 1
            if budget[0] < 0:
                raise BudgetExceeded
        h = hands[seat]
        if step:
            after = h.bit_count() - 1  # tricks after this one
            if (decl - seat) % n > n - 1 - step:
                # the declarer has played to this trick: once its card is beaten the trick is lost to
                # it, and once no seat still to play can beat it, the trick is its (quick cut-offs)
                if win_seat != decl:
                    if after <= alpha:
                        return after
                elif beta <= 1:
                    wsm = bit_suit[win_bit]
                    above = ~((win_bit << 1) - 1)
                    s = seat
                    leader = (seat - step) % n
                    while s != leader:
                        hs = hands[s]
                        f = hs & led
                        if f:
                            if f & wsm & above:
                                break
                        else:
                            t = hs & trump_mask
                            if t and (wsm != trump_mask or t & above):
                                break
                        s = nxt[s]
                    else:
                        return 1  # nobody left can beat the declarer's card: at least this trick
            elif after <= alpha and not _can_beat(hands[decl], led, win_bit, trump_mask):
                return after  # the declarer is still to play but cannot beat the winning card
        legal = h & led
        if not legal:
            legal = h
        is_max = maxer[seat]
        if not legal & (legal - 1):
            cands = [legal]  # one legal card: nothing to choose
        else:
            # one card for each run of touching cards (the highest of the run)
            present = rest | tmask
            cands = []
            m = legal
            while m:
                b = m & -m
                m ^= b
                above = present & bit_suit[b] & ~((b << 1) - 1)
                if above & -above & legal:
                    continue  # the next card up is ours too: same choice
                cands.append(b)
        # move ordering: at the lead high cards first; following, win cheaply when the other side wins
        # (Misère, P4: low leads first, and following, stay under a winning card: nobody wants the trick
        # but the defenders want the declarer to take one; the highest card that stays under goes first)
        if step == 0:
            if not misere:
                cands.reverse()
            win_sm = 0
        else:
            win_sm = bit_suit[win_bit]
            if len(cands) > 1:
                if misere:
                    under = [b for b in cands if not (b & win_sm and b > win_bit)]
                    if under and len(under) < len(cands):
                        under.reverse()
                        cands = under + [b for b in cands if b not in under]
                elif maxer[win_seat] != is_max:
                    winners = [b for b in cands
                               if (b & win_sm and b > win_bit) or (not b & win_sm and b & trump_mask)]
                    if winners and len(winners) < len(cands):
                        cands = winners + [b for b in cands if b not in winners]
        last = step == n - 1
        s2 = nxt[seat]
        best = -1 if is_max else 99
        for b in cands:
            hands[seat] = h ^ b
            if step == 0:
                ws, wb = seat, b
            elif (b & win_sm and b > win_bit) or (not b & win_sm and b & trump_mask):
                ws, wb = seat, b
            else:
                ws, wb = win_seat, win_bit
            if last:
                if ws == decl:
                    v = trick_start(hands, ws, alpha - 1, beta - 1) + 1
                else:
                    v = trick_start(hands, ws, alpha, beta)
            else:
                v = node(hands, rest ^ b, s2, step + 1, led or bit_suit[b], ws, wb, tmask | b, alpha, beta)
            if is_max:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        hands[seat] = h
        return best

    return trick_start, node


class Search:
    """The searches of one position: one table per trump suit (the first lead may choose it)."""

    def __init__(self, pos: Position, budget: "int | NodeBudget | None" = None) -> None:
        self.pos = pos
        if isinstance(budget, int):
            budget = NodeBudget(budget)
        self._budget = budget.counter if budget is not None else None
        self.n = len(pos.hands)
        self.misere = pos.misere
        self._by_trump: dict[int, tuple[Callable[..., int], Callable[..., int]]] = {}

    def _fns(self, trump_mask: int) -> tuple[Callable[..., int], Callable[..., int]]:
        fns = self._by_trump.get(trump_mask)
        if fns is None:
            fns = self._by_trump[trump_mask] = _searcher(self.n, self.pos.declarer, trump_mask, self.misere,
                                                         self._budget)
        return fns

    def _trump_mask(self, first_bit: int | None) -> int:
        pos = self.pos
        if pos.trump_open and first_bit is not None:
            return BIT_SUIT[first_bit]
        return SUIT_MASKS[pos.trump] if pos.trump is not None else 0

    def value_after(self, card_bit: int, alpha: int, beta: int) -> int:
        """Declarer's tricks from the current trick on after the seat to act plays ``card_bit``."""
        pos = self.pos
        tm = self._trump_mask(card_bit)
        _, node = self._fns(tm)
        hands = list(pos.hands)
        seat = pos.to_act
        trick = [1 << c.index for c in pos.trick]
        n = self.n
        # replay the trick so far plus the new card: the winner so far
        led = win_seat = win_bit = tmask = 0
        s = pos.leader
        plays = trick + [card_bit]
        hands[seat] ^= card_bit
        rest = 0
        for h in hands:
            rest |= h
        for i, b in enumerate(plays):
            if i == 0:
                led, win_seat, win_bit = BIT_SUIT[b], s, b
            else:
                wsm = BIT_SUIT[win_bit]
                if (b & wsm and b > win_bit) or (not b & wsm and b & tm):
                    win_seat, win_bit = s, b
            tmask |= b
            s = (s + 1) % n
        if len(plays) == n:
            start, _ = self._fns(tm)
            if win_seat == pos.declarer:
                return start(hands, win_seat, alpha - 1, beta - 1) + 1
            return start(hands, win_seat, alpha, beta)
        return node(hands, rest, s, len(plays), led, win_seat, win_bit, tmask, alpha, beta)

    def choices(self) -> list[int]:
        """The legal cards of the seat to act, one per run of touching cards."""
        pos = self.pos
        h = pos.hands[pos.to_act]
        legal = h
        if pos.trick:
            follow = h & BIT_SUIT[1 << pos.trick[0].index]
            if follow:
                legal = follow
        present = mask_of(pos.trick)
        for x in pos.hands:
            present |= x
        out = []
        m = legal
        while m:
            b = m & -m
            m ^= b
            above = present & BIT_SUIT[b] & ~((b << 1) - 1)
            if not above & -above & legal:
                out.append(b)
        out.reverse()
        return out

    def legal_bits(self) -> list[int]:
        pos = self.pos
        h = pos.hands[pos.to_act]
        if pos.trick:
            follow = h & BIT_SUIT[1 << pos.trick[0].index]
            if follow:
                h = follow
        out = []
        while h:
            b = h & -h
            out.append(b)
            h ^= b
        return out

    def bounded(self, alpha: int, beta: int) -> int:
        """Fail-soft search of the position (future tricks only) within ``(alpha, beta)``."""
        best = -1 if self._max_to_act() else 99
        is_max = self._max_to_act()
        for b in self.choices():
            v = self.value_after(b, alpha, beta)
            if is_max:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    def _max_to_act(self) -> bool:
        return (self.pos.to_act == self.pos.declarer) != self.misere

    def at_least(self, t: int) -> bool:
        """Whether the declarer's future tricks are at least ``t`` with best play."""
        if t <= 0:
            return True
        return self.bounded(t - 1, t) >= t

    def exact(self) -> int:
        """The declarer's future tricks: null-window tests sharing the tables."""
        pos = self.pos
        k = pos.hands[pos.to_act].bit_count() + (1 if pos.trick else 0)
        lo, hi = 0, k
        # start from the likely answer: most contracts are near their target
        guess = min(max(pos.contract.min_tricks - pos.won, 0), k) if not self.misere else 0
        while lo < hi:
            t = guess if lo < guess <= hi else (lo + hi + 1) // 2
            if self.at_least(t):
                lo = t
            else:
                hi = t - 1
            guess = -1
        return lo
