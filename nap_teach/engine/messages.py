"""The message catalogue: every engine sentence, keyed, in English.

Templates are gettext message ids (marked with ``N_`` for ``pybabel extract``);
:mod:`nap_teach.words.i18n` translates and fills them with the facts of an
:class:`~nap_teach.engine.explain.Explanation`. A :class:`Plural` entry picks its form
with ``ngettext`` from one numeric fact.
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["N_", "Np_", "Plural", "MESSAGES", "PROFILE_NAMES", "PROFILE_NAMES_IN_TEXT",
           "VARIATION_NAMES", "BOT_LEVEL_NAMES", "BOT_STYLE_NAMES",
           "BOT_STYLE_WORDS"]


def N_(message: str) -> str:
    """Mark a string for extraction without translating it yet."""
    return message


def Np_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural pair for extraction."""
    return (singular, plural)


@dataclass(frozen=True)
class Plural:
    """A message with singular and plural forms, chosen by the fact named ``count``."""

    forms: tuple[str, str]
    count: str

    @property
    def singular(self) -> str:
        return self.forms[0]

    @property
    def plural(self) -> str:
        return self.forms[1]


MESSAGES: dict[str, str | Plural] = {
    # --- choosing the dealer
    "first_dealer.lot": N_("{dealer} was chosen by lot to deal first."),
    "first_dealer.low_card": N_("Each player drew a card; {dealer} drew the lowest ({card}, aces low) and deals first."),
    "first_dealer.tie": N_("{names} drew the same lowest rank ({rank}): they draw again to decide who deals first."),
    "first_dealer.bad_draw": N_("Each of {players} draws exactly one card, and no card twice."),
    # --- refused calls
    "call.unknown": N_("“{call}” is not a call in this game: say Pass or a bid from the ladder."),
    "call.other_profile": N_("“{call}” is not a bid under {profile}: {call} belongs to {other_profile}, and this ladder has no such bid."),
    "call.auction_over": N_("The auction is over, and {player} has passed: a pass is final, so {player} cannot call again."),
    "call.auction_over_bid": N_("The auction is over: {player} has already bid {call}, and each player speaks exactly once."),
    "call.not_higher": N_("{player} cannot bid {call}: a bid must be higher than {highest}, which {bidder} has bid."),
    "call.requires": N_("{player} cannot bid {call}: {call} is only allowed after someone has bid {needed}."),
    "call.already_spoken": N_("{player} has passed, and a pass is final: {player} cannot call again in this auction."),
    "call.already_bid": N_("{player} has already bid {call}: each player speaks exactly once, so {player} cannot speak again."),
    "call.out_of_turn": N_("It is {turn}'s turn to call, not {player}'s: calls go clockwise from the dealer's left."),
    "call.too_many": Plural(
        Np_("Too many calls: with {players} player there is {players} call, and {player} has passed: a pass is final.",
            "Too many calls: with {players} players there are {players} calls, and {player} has passed: a pass is final."),
        "players"),
    "call.too_many_bid": Plural(
        Np_("Too many calls: with {players} player there is {players} call; {player} has already bid {said}, and each player speaks exactly once.",
            "Too many calls: with {players} players there are {players} calls; {player} has already bid {said}, and each player speaks exactly once."),
        "players"),
    # --- refused cards and actions
    "card.auction_first": N_("No card may be played yet: the auction comes first."),
    "card.declarer_leads": N_("It is {turn}'s turn to lead, not {player}'s: {turn} is the declarer, and the declarer leads to the first trick."),
    "card.winner_leads": N_("It is {turn}'s turn to lead, not {player}'s: {turn} won the last trick, and the winner leads the next one."),
    "card.out_of_turn": N_("It is {turn}'s turn to play, not {player}'s: the trick goes round clockwise."),
    "card.unused": N_("{card} is one of the unused cards: they stay face down and never enter play."),
    "card.not_held": N_("{player} does not hold {card}: a player plays only the cards in their own hand."),
    "card.already_played": N_("{card} was already played, in trick {trick}: {player} does not hold it."),
    "card.must_follow": N_("{player} holds {held}: {led} were led, so {player} must follow suit and cannot play {card}."),
    "action.passed_out": N_("Everyone passed: this deal is over, with no play and no payment."),
    "action.deal_over": N_("This deal is over: all the tricks are decided."),
    "action.unknown": N_("That is neither a call nor a card: {action}."),
    "seat.unknown": N_("There is no player called {player} at this table."),
    "stop.not_now": N_("The deal can only be stopped during the play."),
    "stop.not_allowed": N_("These rules play all five tricks: there is no early stop."),
    "stop.mid_trick": N_("Finish the trick first: the table may stop only between tricks."),
    "stop.not_certain": N_("The result is not certain yet, so all must play on."),
    "undo.nothing": N_("There is nothing to take back."),
    # --- why accepted calls are fine
    "explain.pass": N_("{player} passes. A pass is final: {player} has no more say in this auction."),
    "explain.bid_at_least": N_("{player} bids {call}, promising to take at least {tricks} of the five tricks."),
    "explain.bid_all": N_("{player} bids {call}, promising to take all five tricks."),
    "explain.bid_misere": N_("{player} bids {call}, promising to take no trick at all; there will be no trump."),
    "explain.overcall": N_("{call} is higher than {highest}, so the bid is allowed."),
    "explain.requires_met": N_("{call} is allowed because someone has already bid {needed}."),
    "explain.passed_out": N_("Everyone passed: no play, no payment. The deal still counts and {next_dealer} deals next."),
    "explain.declarer": N_("The auction is over: {declarer} is the declarer with {call} and leads to the first trick."),
    # --- why accepted cards are fine
    "explain.first_lead_trump": N_("{player} leads {card}. The first card played in a deal sets trump: {suit_subject} are trump until the deal ends."),
    "explain.first_lead_no_trump": N_("{player} leads {card}. In Misère there is no trump: this lead only opens the play."),
    "explain.lead": N_("{player} leads {card}; any card may be led."),
    "explain.follow": N_("{player} follows suit with {card}."),
    "explain.ruff": N_("{player} has no {led} and trumps with {card}: allowed, though never required."),
    "explain.discard": N_("{player} has no {led}, so any card is allowed: {player} throws {card}, which is not a trump and cannot win."),
    "explain.no_duty_to_trump": N_("{player} could have trumped, but need not: there is no duty to trump."),
    "explain.discard_no_trump": N_("{player} has no {led}, so any card is allowed: {player} throws {card}, which cannot win: only a card of the suit led can."),
    "explain.trick_led": N_("{winner} takes trick {number} with {card}, the highest card of the suit led ({led})."),
    "explain.trick_trumped": N_("{winner} takes trick {number} with {card}, the highest trump played: a trump beats every card of another suit."),
    "explain.trick_trump_led": N_("{winner} takes trick {number} with {card}, the highest trump played."),
    "explain.trick_no_trump": N_("{winner} takes trick {number} with {card}, the highest card of the suit led ({led}): in Misère there is no trump."),
    "explain.misere_lost": N_("{declarer} has taken a trick: in Misère the declarer must take none, so the contract is lost."),
    "explain.winner_leads": N_("{winner} won the trick, so {winner} leads next."),
    "explain.made_certain": Plural(
        Np_("{declarer} has {won} trick, enough for {call}: the contract is now certain to be made.",
            "{declarer} has {won} tricks, enough for {call}: the contract is now certain to be made."),
        "won"),
    "explain.failed_certain": Plural(
        Np_("{declarer} has {won} trick and can no longer reach what {call} needs: the contract has failed.",
            "{declarer} has {won} tricks and can no longer reach what {call} needs: the contract has failed."),
        "won"),
    "explain.made_certain_play_on": Plural(
        Np_("{declarer} has {won} trick, enough for {call}: the contract is now sure to be made, and all five tricks are still played.",
            "{declarer} has {won} tricks, enough for {call}: the contract is now sure to be made, and all five tricks are still played."),
        "won"),
    "explain.failed_certain_play_on": Plural(
        Np_("{declarer} has {won} trick and can no longer reach what {call} needs: the contract is lost, and all five tricks are still played.",
            "{declarer} has {won} tricks and can no longer reach what {call} needs: the contract is lost, and all five tricks are still played."),
        "won"),
    "explain.stop": N_("The result is certain and the table agrees to stop here."),
    # --- settlement
    "explain.made": Plural(
        Np_("{declarer} took {won} trick: {call} is made. Each opponent pays {stake}, so {declarer} gains {total}.",
            "{declarer} took {won} tricks: {call} is made. Each opponent pays {stake}, so {declarer} gains {total}."),
        "won"),
    "explain.failed": Plural(
        Np_("{declarer} took {won} trick: {call} has failed. {declarer} pays {stake} to each opponent, {total} in all.",
            "{declarer} took {won} tricks: {call} has failed. {declarer} pays {stake} to each opponent, {total} in all."),
        "won"),
    "explain.zero_sum": N_("Payments: {amounts}. They add up to zero, as they must."),
    # --- pub sessions: reneges, misdeals, chips, the extra hand (P2, P7, P8)
    "explain.renege_declarer": N_("{offender}, the declarer, reneged: play stops and {offender} pays each opponent {stake}, the failure stake of {call}, {total} in all."),
    "explain.renege_defender": N_("{offender} reneged against {declarer}'s {call}: play stops and {offender} pays {declarer} {total}, the success stake of {stake} for every opponent. The other defenders pay nothing."),
    "explain.renege_defender_one": N_("{offender} reneged against {declarer}'s {call}: play stops and {offender} pays {declarer} one share, {stake}. The other defenders pay nothing."),
    "explain.misdeal": N_("Misdeal: {dealer} deals again. Nobody pays, and the void deal does not count toward the session."),
    "explain.tie_break_due": N_("{names} are level at the top: one extra hand among only them decides the session."),
    "explain.tie_shared": N_("{names} are level at the top. The pub rules break a tie with one extra hand among the tied players, but a hand of Nap needs at least three players, so two cannot play it: the table's choice here is that they share the win."),
    "explain.tie_break_hand": N_("This was the extra hand among the tied players ({names}); the others took no part and paid nothing."),
    "explain.bust_out": N_("{player} has no chips left and is out of the session; the next deals are among the others."),
    "explain.bust_out_last": N_("{player} has no chips left and is out of the session."),
    "explain.bust_short": Plural(
        Np_("{player} owed more chips than were left: the payment is still made in full, and the {short} chip short (shown as {chips}) is a debt that {player} settles when the session ends.",
            "{player} owed more chips than were left: the payment is still made in full, and the {short} chips short (shown as {chips}) are a debt that {player} settles when the session ends."),
        "short"),
    "explain.re_ante": Plural(
        Np_("{player} ran out of chips and antes again, {count} time {ante}.",
            "{player} ran out of chips and antes again, {count} times {ante}."),
        "count"),
    "explain.chips": Plural(
        Np_("Chips on the table: {chips}. They add up to {total}, the chips of the {antes} ante paid.",
            "Chips on the table: {chips}. They add up to {total}, the chips of the {antes} antes paid."),
        "antes"),
    "explain.misere_trick": N_("Nothing is trump in Misère: {winner} takes the trick with {card}, the highest card of the suit led ({led})."),
    "explain.misere_trick_offsuit": N_("Nothing is trump in Misère: {winner} takes the trick with {card}, the highest card of the suit led ({led}); {others}, of another suit, cannot win however high."),
    # --- pub demonstrations in the rules explorer (nap_teach/teach/trainers/demos.py)
    "demo.draw_round": N_("Draw {number}: {cards}."),
    "demo.cut": Plural(
        Np_("{cutter} cuts {cut} card off the top, leaving {rest}: each packet holds at least {least}.",
            "{cutter} cuts {cut} cards off the top, leaving {rest}: each packet holds at least {least}."),
        "cut"),
    "demo.result_certain": Plural(
        Np_("{declarer} has taken {won} trick, enough for {call}, after three tricks: the result is certain.",
            "{declarer} has taken {won} tricks, enough for {call}, after three tricks: the result is certain."),
        "won"),
    "demo.variations": N_("The pub page also names {variations}. Each changes the deal or the bids so much that it would be a set of rules of its own; the rules here are {known_profiles}."),
    # --- the worked-deal lesson (nap_teach/teach/lesson.py)
    "lesson.seats": N_("{players} sit clockwise round the table and play with one pack of 52 cards; aces are high."),
    "lesson.dealer": N_("{dealer} deals this time. After the hand the deal passes to the left, to {next_dealer}."),
    "lesson.deal": N_("{cutter} cuts, then {dealer} deals five cards each, clockwise from {first}: a packet of three to everyone, then a packet of two."),
    "lesson.unused": Plural(
        Np_("The other {count} card stays face down: nobody looks at it and it never enters play.",
            "The other {count} cards stay face down in a pile: nobody looks at them and they never enter play."),
        "count"),
    "lesson.open_hands": Plural(
        Np_("Here the {count} hand is shown face up for study. At a real table you see only your own cards, and no defender may show a card or tell another defender what to play.",
            "Here all {count} hands are shown face up for study. At a real table you see only your own cards, and no defender may show a card or tell another defender what to play."),
        "count"),
    "lesson.first_call": N_("{player} sits on the dealer's left, so {player} speaks first. Everyone speaks once, clockwise, and the dealer speaks last."),
    "lesson.any_bid": N_("Nobody has bid yet, so {player} may pass or bid {bids}. Wellington is not allowed until someone has bid Nap."),
    "lesson.stake": N_("If {call} is made, each opponent pays {player} {stake}; if it fails, {player} pays each opponent {stake}."),
    "lesson.could_bid": N_("{player} may pass, or bid higher than {highest}: {bids}."),
    "lesson.no_higher": N_("{player} may only pass: no bid is allowed above {highest}."),
    "lesson.dealer_last": N_("{player} is the dealer and speaks last."),
    "lesson.if_all_passed": N_("Had everyone passed, there would be no play and no payment, and {next_dealer} would deal next."),
    "lesson.tricks_count": Plural(
        Np_("{declarer} took {won} trick of the five; {call} needs at least {needed}.",
            "{declarer} took {won} tricks of the five; {call} needs at least {needed}."),
        "won"),
    "lesson.tricks_count_all": Plural(
        Np_("{declarer} took {won} trick of the five; {call} needs all five.",
            "{declarer} took {won} tricks of the five; {call} needs all five."),
        "won"),
    "lesson.tricks_count_misere": Plural(
        Np_("{declarer} took {won} trick of the five; in {call} the declarer must take no trick at all.",
            "{declarer} took {won} tricks of the five; in {call} the declarer must take no trick at all."),
        "won"),
    "lesson.had_fewer_all": Plural(
        Np_("Suppose {declarer} had taken only {won} trick. {call} needs all five, so it would have failed.",
            "Suppose {declarer} had taken only {won} tricks. {call} needs all five, so it would have failed."),
        "won"),
    "lesson.had_fewer": Plural(
        Np_("Suppose {declarer} had taken only {won} trick. {call} needs at least {needed}, so it would have failed.",
            "Suppose {declarer} had taken only {won} tricks. {call} needs at least {needed}, so it would have failed."),
        "won"),
    "lesson.would_pay": N_("Then {declarer} would pay {stake} to each opponent, {total} in all."),
    "lesson.would_zero_sum": N_("The payments would be {amounts}: they would add up to zero, as payments always do."),
    "lesson.session": N_("In a session these amounts are added to each player's balance; after the agreed number of deals the highest balance wins."),
    # --- the course: questions asked before a step is shown (nap_teach/teach/lesson/decide.py)
    "decide.prompt.playable": N_("Before you see it: which cards may {player} play here? Tick every one."),
    "decide.prompt.trick_winner": N_("Before you see it: who wins this trick?"),
    "decide.prompt.legal_calls": N_("Before you hear it: which calls may {player} make now? Tick every one."),
    "decide.prompt.card": N_("You are {player}: which card would you play?"),
    "decide.prompt.lead": N_("You are {player}: which card would you lead?"),
    "decide.prompt.pay": N_("What does each player receive (+) or pay (−) for this deal?"),
    "decide.prompt.ledger": N_("What is each player's balance at the end of the session?"),
    "decide.playable_follow": N_("{player} holds {led}, so {player} must follow suit: only {cards} may be played."),
    "decide.playable_void": N_("{player} has no {led}, so any card may be played, a trump or not: there is no duty to trump."),
    "decide.also_playable": N_("{card} may be played too."),
    "decide.also_legal": N_("{call} is allowed here too."),
    "decide.legal_calls": N_("{player} may make one of these calls now: {bids}."),
    "decide.cannot_win_off_misere": N_("{card} cannot win: {led} were led, and in Misère there is no trump, so only a card of the suit led can take the trick."),
    "decide.cannot_win_off_trump": N_("{card} cannot win: {suit_subject} are not trump and {led} were led."),
    "decide.cannot_win_trump_low": N_("{card} cannot win: {winner_card} is a higher trump."),
    "decide.cannot_win_trumped": N_("{card} cannot win: {winner_card} is a trump and beats every card of the suit led."),
    "decide.cannot_win_low": N_("{card} cannot win: {winner_card} is higher in {led}."),
    "decide.book_card": N_("{card} is the card played in this deal."),
    "decide.solver_same": Plural(
        Np_("With best play by everyone, {declarer} takes {tricks} trick after {card}, the same as after {book_card}: your card is as good.",
            "With best play by everyone, {declarer} takes {tricks} tricks after {card}, the same as after {book_card}: your card is as good."),
        "tricks"),
    "decide.solver_better": Plural(
        Np_("With best play by everyone, {declarer} takes {tricks} trick after {card} and {book_tricks} after {book_card}: your card is better for your side.",
            "With best play by everyone, {declarer} takes {tricks} tricks after {card} and {book_tricks} after {book_card}: your card is better for your side."),
        "tricks"),
    "decide.solver_worse": Plural(
        Np_("With best play by everyone, {declarer} takes {tricks} trick after {card} but {book_tricks} after {book_card}: {book_card} is better for your side.",
            "With best play by everyone, {declarer} takes {tricks} tricks after {card} but {book_tricks} after {book_card}: {book_card} is better for your side."),
        "tricks"),
    "decide.line_best": N_("Played out from {card} with best play by everyone (every hand seen), the deal ends like this:"),
    "decide.line_simple": N_("Played out from {card} with simple choices by the other players (not best play), the deal ends like this:"),
    "decide.pay_wrong": N_("{player}: {right}, not {said}."),
    "progress.not_progress": N_("This file is not a saved course progress: nothing was changed."),
    "progress.too_large": N_("This file is too large for a course progress (at most {most} characters): nothing was changed."),
    "lesson.rules_profile": N_("This lesson uses {profile}, not the British rules of the first lessons."),
    "lesson.rules_ladder": N_("Their bids, lowest first: {ladder}."),
    "lesson.rules_requires": N_("{call} may be bid only after someone has bid {needed}."),
    "lesson.first_dealer": N_("{dealer} deals the first deal: who deals first was settled before the session began."),
    "lesson.deal_moves": N_("{dealer} dealt this one; the deal passes to the left, so {next_dealer} deals next."),
    "lesson.same_dealer": N_("A misdeal does not count: {dealer} deals again."),
    "decide.balances": N_("The balances at the end: {amounts}."),
    # --- bots
    "bot.random": N_("{player} picks a legal choice at random."),
    # simple bot (nap_teach.ai.bots.simple): bids
    "bot.bid_sure_tricks": Plural(
        Np_("{player} bids {call}: with {suit} as trump, {player} expects {count} trick from {cards}, and estimates the chance of making {call} at about {chance}%.",
            "{player} bids {call}: with {suit} as trump, {player} expects {count} tricks from {cards}, and estimates the chance of making {call} at about {chance}%."),
        "count"),
    "bot.bid_long_trumps": Plural(
        Np_("{player} bids {call}: with {suit} as trump, {player} expects {count} trick from {cards}; a low trump counts too, because once the other players have no trumps left it wins whatever they play. {player} estimates the chance of making {call} at about {chance}%.",
            "{player} bids {call}: with {suit} as trump, {player} expects {count} tricks from {cards}; low trumps count too, because once the other players have no trumps left they win whatever those players play. {player} estimates the chance of making {call} at about {chance}%."),
        "count"),
    "bot.bid_misere": N_("{player} bids {call}: holding {cards}, {player} estimates the chance of losing every trick at about {chance}%."),
    "bot.pass_no_tricks": N_("{player} passes: no card is more likely than not to win a trick, and {needed} needs {tricks}."),
    "bot.pass_few_tricks": Plural(
        Np_("{player} passes: only {count} card is more likely than not to win a trick ({cards}), and {needed} needs {tricks}.",
            "{player} passes: only {count} cards are more likely than not to win a trick ({cards}), and {needed} needs {tricks}."),
        "count"),
    "bot.pass_risky": N_("{player} passes: {cards} may well win, but the chance of making {needed} is only about {chance}%."),
    "bot.pass_outbid": N_("{player} passes: the hand is worth {supported}, but the bidding is already at {highest}."),
    "bot.pass_no_bid_left": N_("{player} passes: no bid above {highest} is left."),
    # simple bot: leads
    "bot.lead_trump_suit": N_("{player} leads {card} from the strongest suit: {suit_subject} become trump."),
    "bot.draw_trumps": N_("{player} leads {card}: no higher trump is left in play, and leading it makes the other players give up their trumps."),
    "bot.cash_trump": N_("{player} leads {card}: no other trump can be left in play, so it wins."),
    "bot.cash_winner": N_("{player} cashes {card}: no higher {suit_one} is left in play."),
    "bot.lead_low_keep_trumps": N_("{player} leads {card}, the lowest card outside trumps, keeping the trumps to win tricks later."),
    "bot.lead_low": N_("{player} leads {card}, the lowest card, having no sure winner to cash."),
    "bot.lead_spare": N_("{player} leads {card}, the card {player} can best spare, having no sure winner to cash."),
    "bot.lead_spare_keep_trumps": N_("{player} leads {card}, the side card {player} can best spare, keeping the trumps to win tricks later."),
    "bot.lead_high_trump": N_("{player} leads {card}, the highest trump in hand: only trumps are left."),
    # simple bot: following
    "bot.win_cheaply": N_("{player} wins cheaply with {card}: just enough to beat {winning}."),
    "bot.ruff": N_("{player} has no {led} and trumps with {card} to beat {winning}."),
    "bot.win_high": N_("{player} plays {card} to beat {winning}, high enough to make it hard for the players after."),
    "bot.defend_high": N_("{player} plays {card} high: {declarer}, the declarer, is still to play to this trick."),
    "bot.follow_low": N_("{player} follows low with {card}: it cannot beat {winning}."),
    "bot.follow_spare": N_("{player} follows with {card}, the cheapest card {player} can give: it cannot beat {winning}."),
    "bot.must_follow": N_("{player} plays {card}, the only {led_one} in hand: suit must be followed."),
    "bot.last_card": N_("{player} plays {card}, the last card in hand."),
    "bot.discard_low": N_("{player} has no {led} and discards the lowest card, {card}."),
    "bot.discard_spare": N_("{player} has no {led} and discards {card}, the card {player} can best spare."),
    "bot.partner_winning": N_("{player} plays low with {card}: {winner}, another defender, is already winning this trick."),
    "bot.partner_winning_spare": N_("{player} plays {card}, the cheapest card {player} can give: {winner}, another defender, is already winning this trick."),
    "bot.result_certain": N_("{player} plays the lowest card, {card}: the result of the deal is already certain."),
    "bot.result_certain_spare": N_("{player} plays {card}, the card {player} can best spare: the result of the deal is already certain."),
    # simple bot: Misère
    "bot.misere_lead": N_("{player} leads {card}, the lowest card: in Misère the declarer wants to lose every trick."),
    "bot.misere_duck": N_("{player} plays {card}, the highest card that still loses to {winning}."),
    "bot.misere_throw": N_("{player} has no {led} and throws {card}, the card most likely to win a trick later."),
    "bot.misere_forced": N_("{player} cannot stay under {winning} and plays {card}, {player}'s highest card, to be rid of it."),
    "bot.misere_hope": N_("{player} cannot stay under {winning} and plays {card}, hoping that someone after beats it."),
    "bot.misere_defend_lead": N_("{player} leads {card}, the lowest card in hand, so that {declarer} may have to play higher."),
    "bot.misere_defend_lead_suit": N_("{player} leads {card}, the lowest card {player} holds in a suit {declarer} has not shown out of, so that {declarer} may have to play higher."),
    "bot.misere_defend_low": N_("{player} plays low with {card}, leaving {declarer} a chance to win this trick."),
    "bot.misere_defend_low_spare": N_("{player} plays {card}, the lowest card {player} may play, leaving {declarer} a chance to win this trick."),
    "bot.misere_under": N_("{player} plays {card} under {winning}, so that {declarer} keeps the trick."),
    "bot.forced_over": N_("{player} cannot play under {winning} and plays {card}, the lowest card {player} may play."),
    "bot.shed_high": N_("{player} plays {card}, the highest card {player} can: {declarer} has already played a lower card and will not take this trick."),
    "bot.throw_high": N_("{player} has no {led} and throws {card}, keeping low cards to stay under the declarer."),
    # the expert bot: layouts of the unseen cards sampled and solved with open hands
    "bot.expert_bid": Plural(
        Np_("{player} bids {call}: with best play it is made in {made} of {layouts} sampled layout of the other hands.",
            "{player} bids {call}: with best play it is made in {made} of {layouts} sampled layouts of the other hands."),
        "layouts"),
    "bot.expert_pass": Plural(
        Np_("{player} passes: the best bid, {call}, is made in only {made} of {layouts} sampled layout of the other hands, too few for its stakes.",
            "{player} passes: the best bid, {call}, is made in only {made} of {layouts} sampled layouts of the other hands, too few for its stakes."),
        "layouts"),
    "bot.expert_bid_over": Plural(
        Np_("{player} bids {call}: it is made in only {made} of {layouts} sampled layout, but {bidder}'s {highest} would be made in {rival} of them, and defending it would cost more.",
            "{player} bids {call}: it is made in only {made} of {layouts} sampled layouts, but {bidder}'s {highest} would be made in {rival} of them, and defending it would cost more."),
        "layouts"),
    "bot.expert_pass_defend": Plural(
        Np_("{player} passes: {call} would be made in {made} of {layouts} sampled layout, but {bidder}'s {highest} fails in {beaten} of them, and defending it is worth more.",
            "{player} passes: {call} would be made in {made} of {layouts} sampled layouts, but {bidder}'s {highest} fails in {beaten} of them, and defending it is worth more."),
        "layouts"),
    "bot.expert_declarer": Plural(
        Np_("{player} plays {card}: with best play after it, {contract} is made in {made} of {layouts} sampled layout of the unseen cards.",
            "{player} plays {card}: with best play after it, {contract} is made in {made} of {layouts} sampled layouts of the unseen cards."),
        "layouts"),
    "bot.expert_defender": Plural(
        Np_("{player} plays {card}: with best play after it, {declarer} makes {contract} in only {made} of {layouts} sampled layout of the unseen cards.",
            "{player} plays {card}: with best play after it, {declarer} makes {contract} in only {made} of {layouts} sampled layouts of the unseen cards."),
        "layouts"),
    "bot.expert_fallback_card": N_("{player} plays {card} by the plain rules of the simple bot: this position is too big to search in the time a turn may take."),
    "bot.expert_fallback_call": N_("{player} says {call} by counting likely tricks, as the simple bot does: the layouts are too big to search in the time a turn may take."),
    "bot.expert_only_card": N_("{player} plays {card}, the only card it may play."),
    "bot.expert_only_call": N_("{player} passes: no bid above {highest} is left."),
    # "could it have been made?": a finished deal read with open hands (nap_teach/ai/postmortem.py)
    "postmortem.could_make": Plural(
        Np_("With all hands seen and best play by everyone from the first lead, {declarer} would take {count} trick: {contract} could be made.",
            "With all hands seen and best play by everyone from the first lead, {declarer} would take {count} tricks: {contract} could be made."),
        "count"),
    "postmortem.could_not_make": Plural(
        Np_("With all hands seen and best play by everyone from the first lead, {declarer} would take {count} trick: {contract} could not be made.",
            "With all hands seen and best play by everyone from the first lead, {declarer} would take {count} tricks: {contract} could not be made."),
        "count"),
    "postmortem.no_change": N_("Every card kept that result: no card changed what {declarer} could take with best play."),
    "postmortem.yours": N_("With all hands seen, your {card} at trick {trick} let {winner}'s {winner_card} win that trick: with best play after it, {declarer}'s tricks went from {before} to {after}, and {better} would have kept {before}."),
    "postmortem.yours_later": N_("Your {card} at trick {trick} could not change that trick (no card you could play beat {winner}'s {winner_card}); with all hands seen, its effect came in the later tricks: with best play after it, {declarer}'s tricks went from {before} to {after}, and playing {better} instead, keeping {card}, would have kept {before}."),
    "postmortem.yours_plain": N_("With all hands seen, your {card} at trick {trick} changed the count: with best play after it, {declarer}'s tricks went from {before} to {after}, and {better} would have kept {before}."),
    "postmortem.card": N_("With all hands seen, the first card that changed the result was {player}'s {card} at trick {trick}: it let {winner}'s {winner_card} win that trick, and with best play after it {declarer}'s tricks went from {before} to {after}; {better} would have kept {before}."),
    "postmortem.card_later": N_("With all hands seen, the first card that changed the result was {player}'s {card} at trick {trick}. It could not change that trick (no card {player} could play beat {winner}'s {winner_card}); its effect came in the later tricks: with best play after it, {declarer}'s tricks went from {before} to {after}, and playing {better} instead, keeping {card}, would have kept {before}."),
    "postmortem.card_plain": N_("With all hands seen, the first card that changed the result was {player}'s {card} at trick {trick}: with best play after it, {declarer}'s tricks went from {before} to {after}; {better} would have kept {before}."),
    "postmortem.coach_sound": N_("Without seeing the other hands, {card} was a reasonable choice: it is the coach's advice too, for this reason: “{reason}”"),
    "postmortem.cost": N_("With all hands seen, that card cost {contract}: {better} would have kept it alive."),
    "postmortem.made_anyway": N_("{contract} was made all the same: a later card gave back what that card had lost."),
    "postmortem.let_through": N_("With all hands seen, that card let {contract} through: {better} would have beaten it."),
    "postmortem.beaten_anyway": N_("{contract} was beaten all the same: a later card took back what that card had given."),
    # the odds lab (nap_teach/ai/odds.py): a hand refused
    "odds.not_a_card": N_("“{text}” is not a card: write cards like AS, 10H or QC."),
    "odds.twice": N_("{card} is in the hand twice: a hand holds each card once."),
    "odds.count": N_("A hand holds {size} cards, not {count}: give exactly {size} different cards."),
    "odds.unused": N_("{card} lies in the unused pile of the deal you were dealt: it stays face down all deal and is in nobody's hand. Untick “Keep to the dealt deal” to study any five cards."),
    "odds.elsewhere": N_("{card} was dealt to another player in the deal you were dealt, so it cannot be in this hand. Untick “Keep to the dealt deal” to study any five cards."),
    "odds.not_higher": N_("{call} is not allowed here: a bid must be higher than {highest}."),
    "odds.requires": N_("{call} is not allowed here: it may only be bid after someone has bid {needed}."),
    "odds.no_such_position": N_("“{text}” is not a call of these rules: choose the opening or a bid of the ladder."),
    "odds.players": N_("These rules are for {low} to {high} players, not {count}."),
    # a problem file checked (nap_teach/teach/problems.py, nap_teach/teach/problem_search.py)
    "problem.no_learner": N_("A problem file needs a “problem” object naming the learner's seat, one of the players (like {{\"learner\": \"B\", \"result\": 3}})."),
    "problem.no_result": N_("A problem file states the declarer's tricks with best play as a whole number (“result”)."),
    "problem.not_at_lead": N_("A problem starts at the first lead: its auction must end with a declarer and its play must be empty."),
    "problem.wrong_result": N_("The file says the declarer takes {stated} with best play, but the solver finds {solved}."),
    "problem.idea_key": N_("“{key}” is not an idea a problem can state: its “key” is one of {keys}."),
    "problem.idea_shape": Plural(
        Np_("The idea “{key}” names {low} to {high} different cards (like “QH”) and {suits} suit (like “S”), in the order its sentence uses them.",
            "The idea “{key}” names {low} to {high} different cards (like “QH”) and {suits} suits (like “S”), in the order its sentence uses them."),
        "suits"),
    "problem.out_of_reach": N_("{player} cannot reach the goal against best play in this deal, so it is no exercise: choose another seat or deal."),
    # graded problems (nap_teach/teach/problems.py): each of the learner's cards, from the solver
    "problem.card_keeps": N_("Trick {trick}: {card} keeps {contract} on course with best play."),
    "problem.card_loses": N_("Trick {trick}: {card} loses {contract} against best play; {better} would have kept it."),
    "problem.card_keeps_beaten": N_("Trick {trick}: {card} keeps {contract} beaten with best play."),
    "problem.card_lets_through": N_("Trick {trick}: {card} lets {contract} be made against best play; {better} would have kept it beaten."),
    "problem.card_already_lost": N_("Trick {trick}: {card}; your goal was already out of reach against best play."),
    # ... and why a card lost the goal: the trick that decides it in the line after the card (best play by everyone)
    "problem.lost_at": Plural(
        Np_("After {card}, with best play by everyone, {winner} wins trick {number} with {winner_card}: the defenders then have {count} trick, one more than {contract} can give away.",
            "After {card}, with best play by everyone, {winner} wins trick {number} with {winner_card}: the defenders then have {count} tricks, one more than {contract} can give away."),
        "count"),
    "problem.lost_at_misere": N_("After {card}, with best play by everyone, you win trick {number} with {winner_card}, and a single trick loses {contract}."),
    "problem.made_at": Plural(
        Np_("After {card}, with best play by everyone, {declarer} wins trick {number} with {winner_card} and then has {count} trick, enough for {contract}.",
            "After {card}, with best play by everyone, {declarer} wins trick {number} with {winner_card} and then has {count} tricks, enough for {contract}."),
        "count"),
    "problem.made_misere": N_("After {card}, with best play by everyone, {declarer} takes no trick at all, and {contract} is made."),
    # a problem's idea in one sentence, after its winning line (nap_teach/teach/problems.py: IDEAS; the cards are the file's)
    "idea.draw_trumps": Plural(
        Np_("The idea: draw the trumps with {lead}; once nobody else holds one, your low trump {cards} wins a trick too.",
            "The idea: draw the trumps with {lead}; once nobody else holds one, your low trumps {cards} win tricks too."),
        "count"),
    "idea.give_up_then_ruff": N_("The idea: lead {lead}, give up a trick in {lost} with {lose}, then ruff {ruffed} with {ruff}."),
    "idea.top_trump": N_("The idea: lead trumps until {gone} falls; your {winner} is then the highest trump left and wins a trick."),
    "idea.misere_shed": Plural(
        Np_("The idea: lead {lead} for another player to beat, and throw your high card {cards} away on a suit you no longer hold.",
            "The idea: lead {lead} for another player to beat, and throw your high cards {cards} away on suits you no longer hold."),
        "count"),
    "idea.misere_under": N_("The idea: lead {lead} for another player to beat, then follow suit under the card that is winning ({cards})."),
    "idea.defend_ruff": N_("The idea: beat {declarer}'s {lead} with {win}, and keep your {ruff} to ruff {ruffed} later."),
    "idea.keep_high": N_("The idea: play {low} under {high} and keep your {keep}; later it beats {beaten}."),
    "idea.cover": N_("The idea: cover {card} with {cover} at once, and keep {keep} to beat {beaten} later."),
    "idea.lead_low": N_("The idea: win a trick with {win}, then lead {lead}; every card in {suit} that {declarer} still holds is higher, so {declarer} must take that trick."),
    # the coach: the simple bot's reasons, said to the learner
    "hint.bid_sure_tricks": Plural(
        Np_("Bid {call}: with {suit} as trump you can expect {count} trick from {cards}; the chance of making {call} is about {chance}% (an estimate).",
            "Bid {call}: with {suit} as trump you can expect {count} tricks from {cards}; the chance of making {call} is about {chance}% (an estimate)."),
        "count"),
    "hint.bid_long_trumps": Plural(
        Np_("Bid {call}: with {suit} as trump you can expect {count} trick from {cards}. A low trump counts too: once the other players have no trumps left, it wins whatever they play. The chance of making {call} is about {chance}% (an estimate).",
            "Bid {call}: with {suit} as trump you can expect {count} tricks from {cards}. Low trumps count too: once the other players have no trumps left, they win whatever those players play. The chance of making {call} is about {chance}% (an estimate)."),
        "count"),
    "hint.bid_misere": N_("Bid {call}: holding {cards}, your chance of losing every trick is about {chance}% (an estimate)."),
    "hint.pass_no_tricks": N_("Pass: none of your cards is more likely than not to win a trick, and {needed} needs {tricks}."),
    "hint.pass_few_tricks": Plural(
        Np_("Pass: only {count} of your cards is more likely than not to win a trick ({cards}), and {needed} needs {tricks}.",
            "Pass: only {count} of your cards are more likely than not to win a trick ({cards}), and {needed} needs {tricks}."),
        "count"),
    "hint.pass_risky": N_("Pass: {cards} may well win, but the chance of making {needed} is only about {chance}% (an estimate)."),
    "hint.pass_outbid": N_("Pass: your hand is worth {supported}, but the bidding is already at {highest}."),
    "hint.pass_no_bid_left": N_("Pass: no bid above {highest} is left."),
    "hint.lead_trump_suit": N_("Lead {card} from your strongest suit: {suit_subject} become trump."),
    "hint.draw_trumps": N_("Lead {card}: no higher trump is left in play, and leading it makes the other players give up their trumps."),
    "hint.cash_trump": N_("Lead {card}: no other trump can be left in play, so it wins."),
    "hint.cash_winner": N_("Cash {card}: no higher {suit_one} is left in play."),
    "hint.lead_low_keep_trumps": N_("Lead {card}, your lowest card outside trumps, and keep your trumps to win tricks later."),
    "hint.lead_low": N_("Lead your lowest card, {card}: you have no sure winner to cash."),
    "hint.lead_spare": N_("Lead {card}, the card you can best spare: you have no sure winner to cash."),
    "hint.lead_spare_keep_trumps": N_("Lead {card}, the side card you can best spare, and keep your trumps to win tricks later."),
    "hint.lead_high_trump": N_("Lead {card}, your highest trump: you have only trumps left."),
    "hint.win_cheaply": N_("Win cheaply with {card}: just enough to beat {winning}."),
    "hint.ruff": N_("You have no {led}: trump with {card} to beat {winning}."),
    "hint.win_high": N_("Play {card} to beat {winning}, high enough to make it hard for the players after you."),
    "hint.defend_high": N_("Play {card} high: {declarer}, the declarer, is still to play to this trick."),
    "hint.follow_low": N_("Follow low with {card}: you cannot beat {winning}."),
    "hint.follow_spare": N_("Follow with {card}, the cheapest card you can give: you cannot beat {winning}."),
    "hint.must_follow": N_("Play {card}: it is your only {led_one}, and suit must be followed."),
    "hint.last_card": N_("Play {card}, your last card."),
    "hint.discard_low": N_("You have no {led}: discard your lowest card, {card}."),
    "hint.discard_spare": N_("You have no {led}: discard {card}, the card you can best spare."),
    "hint.partner_winning": N_("Play low with {card}: {winner}, another defender, is already winning this trick."),
    "hint.partner_winning_spare": N_("Play {card}, the cheapest card you can give: {winner}, another defender, is already winning this trick."),
    "hint.result_certain": N_("Play your lowest card, {card}: the result of the deal is already certain."),
    "hint.result_certain_spare": N_("Play {card}, the card you can best spare: the result of the deal is already certain."),
    "hint.misere_lead": N_("Lead {card}, your lowest card: in Misère you want to lose every trick."),
    "hint.misere_duck": N_("Play {card}, your highest card that still loses to {winning}."),
    "hint.misere_throw": N_("You have no {led}: throw {card}, the card most likely to win you a trick later."),
    "hint.misere_forced": N_("You cannot stay under {winning}: play {card} and get rid of your highest card."),
    "hint.misere_hope": N_("You cannot stay under {winning}: play {card} and hope that someone after you beats it."),
    "hint.misere_defend_lead": N_("Lead {card}, your lowest card, so that {declarer} may have to play higher."),
    "hint.misere_defend_lead_suit": N_("Lead {card}, your lowest card in a suit {declarer} has not shown out of, so that {declarer} may have to play higher."),
    "hint.misere_defend_low": N_("Play low with {card}, leaving {declarer} a chance to win this trick."),
    "hint.misere_defend_low_spare": N_("Play {card}, the lowest card you may play, leaving {declarer} a chance to win this trick."),
    "hint.misere_under": N_("Play {card} under {winning}, so that {declarer} keeps the trick."),
    "hint.forced_over": N_("You cannot play under {winning}: play {card}, the lowest card you may play."),
    "hint.shed_high": N_("Play {card}, your highest choice: {declarer} has already played a lower card and will not take this trick."),
    "hint.throw_high": N_("You have no {led}: throw {card} and keep low cards to stay under the declarer."),
    "hint.random": N_("Any legal choice will do: {action}."),
    # --- records
    "scorekeeper.hand_table": N_("This deal cannot be deal {deal} of the session: deal {deal} is dealt by {dealer} to {players}, but the file's deal was dealt by {hand_dealer} to {hand_players}."),
    # --- a deal entered by hand (the lesson's "Your own deal")
    "entry.words_long": N_("At most {most} characters here ({count} were typed)."),
    "entry.words_control": N_("The title and the notes are plain text on one line: no line breaks or control characters."),
    "entry.names": N_("Every player needs a name of their own: the names must be different and not empty."),
    "entry.seat_has_cards": Plural(
        Np_("{player} still holds {count} card: take it back before the table gets smaller.",
            "{player} still holds {count} cards: take them back before the table gets smaller."), "count"),
    "entry.hands_fixed": N_("The auction has begun, so the hands are fixed: take back the calls and cards (Undo) to change a hand."),
    "entry.card_taken": N_("{player} already holds the {card_words}: there is one pack, and each card is dealt once."),
    "entry.hand_full": N_("{player} already holds five cards: everyone is dealt exactly five."),
    "entry.not_given": N_("Nobody holds the {card_words}."),
    "entry.hand_short": Plural(
        Np_("{player} holds {count} card, not five: give every player five cards first.",
            "{player} holds {count} cards, not five: give every player five cards first."), "count"),
    "entry.auction_open": N_("The auction is not finished: it is {player}'s turn to call."),
    "entry.play_open": Plural(
        Np_("The play is not finished: {count} card is still to be played, and it is {player}'s turn.",
            "The play is not finished: {count} cards are still to be played, and it is {player}'s turn."), "count"),
    "entry.play_open_stop": Plural(
        Np_("The play is not finished ({count} card still to play), but the result is certain: play on, or stop here.",
            "The play is not finished ({count} cards still to play), but the result is certain: play on, or stop here."),
        "count"),
    "entry.file_size": N_("The file is too big for one deal ({size} bytes; at most {most})."),
    "entry.session_deals": Plural(
        Np_("This session file holds {count} deal; only a file of a single deal can be taught here.",
            "This session file holds {count} deals; only a file of a single deal can be taught here."), "count"),
    "entry.session_no_cards": N_("This session's deal was kept as a score only, without its cards: there is nothing to narrate."),
    "record.not_json": N_("The file is not valid JSON: {detail}."),
    "record.not_object": N_("The record must be a JSON object."),
    "record.format": N_("Unknown record format {format}: expected {expected}."),
    "record.bad_link": N_("This link does not carry a deal: it may have been cut short when it was copied."),
    "record.missing": N_("The record lacks the field “{field}”."),
    "record.type": N_("The field “{field}” has the wrong type: expected {expected}."),
    "record.players": N_("A table has 3 to 7 players, not {count}."),
    "record.player_names": N_("Player names must be distinct, non-empty texts."),
    "scorekeeper.same_name": N_("“{name}” and “{other}” would be the same player on the ledger: give each player "
                                "a different name."),
    "scorekeeper.long_name": N_("A player's name has at most {most} characters; “{name}…” is longer."),
    "record.dealer": N_("The dealer {dealer} is not one of the players."),
    "record.card": N_("“{card}” is not a card."),
    "record.duplicate": N_("The card {card} appears twice."),
    "record.hand_size": Plural(
        Np_("{player} must hold exactly {size} card, not {count}.", "{player} must hold exactly {size} cards, not {count}."),
        "size"),
    "record.hand_owner": N_("The hands must belong to the players, one each: {detail}."),
    "record.profile": N_("Unknown profile “{profile}”: known profiles are {known}."),
    "record.profile_mismatch": N_("The record follows {profile}, not {expected_profile} as asked."),
    "record.call": N_("“{call}” is not a call."),
    "record.tricks": N_("The declarer's tricks must be a whole number from 0 to {most}, not {value}."),
    "record.tricks_passed": N_("Everyone passed in this deal, so there are no declarer's tricks to enter."),
    "record.tricks_missing": N_("This deal had a declarer: enter how many tricks the declarer took."),
    "record.renege_in_hand": N_("{reason} Under the pub rules that card is a renege (P7): play stops there and the renege is settled, so a hand file, which holds legal play only, cannot record it. Enter this deal in the scorekeeper as a renege by {player}."),
    "record.deal_kind": N_("Each deal needs either hands, auction and play, or an auction with the declarer's tricks."),
    "record.length": N_("The session length must be a whole number of deals or of rotations, at least 1."),
    "record.too_many_deals": Plural(
        Np_("The session is already over: it has {count} deal.", "The session is already over: it has {count} deals."),
        "count"),
    "record.option": N_("Unknown table option: {detail}."),
    "record.play_card": N_("Card {index} of the play is not a card: “{card}”."),
    "where.call": N_("call {index}, by {player}"),
    "where.stop": N_("the stop after the last card"),
    "where.card": N_("card {index} (trick {trick}), by {player}"),
    "where.deal": N_("deal {deal}"),
    "where.deal_call": N_("deal {deal}, call {index}, by {player}"),
    "where.deal_card": N_("deal {deal}, card {index} (trick {trick}), by {player}"),
    "where.card_nobody": N_("card {index} (trick {trick})"),
    "where.deal_card_nobody": N_("deal {deal}, card {index} (trick {trick})"),
    # --- sessions
    "session.won": Plural(
        Np_("Winner: {names}.", "Winners, sharing the win: {names}."),
        "count"),
    "session.leads": Plural(
        Np_("The session is not over: {names} leads with {top}, and {left} deal is still to play.",
            "The session is not over: {names} leads with {top}, and {left} deals are still to play."),
        "left"),
    "session.leads_level": Plural(
        Np_("The session is not over: {names} are level in the lead with {top}, and {left} deal is still to play.",
            "The session is not over: {names} are level in the lead with {top}, and {left} deals are still to play."),
        "left"),
    "session.level": Plural(
        Np_("The session is not over: everyone is level, and {left} deal is still to play.",
            "The session is not over: everyone is level, and {left} deals are still to play."),
        "left"),
    "session.deal_undecided": N_("This deal is not decided yet, so it cannot be settled."),
    "session.play_all_five": Plural(
        Np_("Only {played} trick has been played: these rules play all five tricks, even when the result is already certain, so the deal cannot be settled yet.",
            "Only {played} tricks have been played: these rules play all five tricks, even when the result is already certain, so the deal cannot be settled yet."),
        "played"),
    "session.wrong_dealer": N_("That deal does not follow the rotation: {dealer} deals next."),
    "session.wrong_profile": N_("That deal was played under {deal_profile}, with their stakes, "
                                "but this session keeps {profile}: it cannot be settled here."),
    "session.auction_incomplete": N_("The auction is not finished: {turn} has not spoken yet."),
    "session.misdeal_redeal": N_("After a misdeal the same dealer deals again: {dealer} deals, not {player}."),
    "session.misdeal_not_recorded": N_("These rules keep no misdeals in the record: the dealer just deals again."),
    "session.tie_break_players": N_("The extra hand is played by the tied players only: {names}."),
    "session.wrong_players": N_("This deal is played by the players still in the session: {names}."),
    "renege.passed_out": N_("Everyone passed, so nobody played a card and nobody can have reneged."),
    "renege.not_player": N_("{player} did not play in this deal, so {player} cannot have reneged."),
    "record.renege_profile": N_("Reneges are recorded under the pub rules only, not under {profile}."),
    "record.tricks_renege": N_("Play stops at a renege: enter the renege by {player} and no tricks."),
    "record.variation": N_("{variation} is a variation of Nap with rules of its own; the rules here are {known_profiles}."),
    "record.not_tie_break": N_("This deal is marked as the extra hand among tied players, but no extra hand is due here."),
    "record.tie_break_due": N_("The agreed deals are over and {names} are level: the next deal is their extra hand (mark it \"tie_break\": true)."),
    # --- quizzes, trainers and the syllabus (nap_teach/teach/quiz/, trainers/, syllabus.py)
    "quiz.said": N_("{player}: {call}"),
    "quiz.played": N_("{player} {card}"),
    "quiz.no_calls": N_("nobody has spoken yet"),
    "quiz.already_answered": N_("This question is already answered: go on to the next one."),
    "choice.yes": N_("Yes"),
    "choice.no": N_("No"),
    "choice.value": N_("{value}"),
    "choice.nobody": N_("Nobody: everyone passed"),
    "choice.shared": N_("{names}, sharing the win"),
    "quiz.faq.trump_void": N_("Trump is {trump}. {leader} leads {card}. {player} has no {led} and holds {hand}. Must {player} play a trump?"),
    "quiz.faq.open_wellington": N_("{player} speaks first in the auction. May {player} open with {call}?"),
    "quiz.faq.unused": N_("{player} is the declarer and is about to lead. May {player} take {card}, one of the unused cards, and play it?"),
    "quiz.players": N_("May {count} people play one game of Nap together?"),
    "quiz.players_ok": N_("A table has {min} to {max} players, so {count} can play."),
    "quiz.rank": N_("Both cards are {suit}: {cards}. Which one ranks higher?"),
    "quiz.rank_why": N_("{high} ranks above {low}: in every suit the order is A K Q J 10 9 8 7 6 5 4 3 2."),
    "quiz.next_dealer": N_("Seated clockwise: {players}. {first} deals first. Who deals deal {number}?"),
    "quiz.cutter": N_("Seated clockwise: {players}. {dealer} deals. Who cuts the pack?"),
    "quiz.cutter_why": N_("The dealer's right-hand neighbour cuts, so {cutter} cuts. Then {dealer} deals clockwise from {eldest}: three cards each, then two each."),
    "quiz.unused": Plural(
        Np_("With {count} player, how many cards stay face down and unused?",
            "With {count} players, how many cards stay face down and unused?"),
        "count"),
    "quiz.unused_why": Plural(
        Np_("{count} player holds {held} cards between them, so {unused} of the 52 stay face down and never enter play.",
            "{count} players hold {held} cards between them, so {unused} of the 52 stay face down and never enter play."),
        "count"),
    "quiz.turn": N_("Seated clockwise: {players}. {dealer} deals. Calls so far: {calls}. Whose turn is it to call?"),
    "quiz.turn_why": N_("Calls go clockwise from the dealer's left, one each, the dealer last: it is {turn}'s turn."),
    "quiz.may_bid": N_("Seated clockwise: {players}. {dealer} deals. Calls so far: {calls}. May {player} bid {call} now?"),
    "quiz.after_pass": N_("Seated clockwise: {players}. {dealer} deals. The calls were: {calls}. Now {player} would like to bid {call}. Is that allowed?"),
    "quiz.declarer": N_("Seated clockwise: {players}. {dealer} deals. The calls were: {calls}. Who is the declarer?"),
    "quiz.trump": N_("{declarer} is the declarer and leads {card} to the first trick. Which suit is trump?"),
    "quiz.may_play": N_("Trump is {trump}. On the table: {trick}. {player} holds {hand}. May {player} play {card}?"),
    "quiz.trick_winner": N_("Trump is {trump}. The trick, in playing order: {trick}. Who wins it?"),
    "quiz.can_stop": N_("{declarer} bid {call}. Tricks played so far: {played}; won by {declarer}: {won}. May the table agree to stop now?"),
    "quiz.sees": N_("During the play, may {player} look at {other}'s cards? Both are defenders."),
    "quiz.sees_why": N_("{player} sees only their own cards and the cards played. Defenders help each other only by legal play: no showing cards, no instructions."),
    "quiz.settle": N_("Seated clockwise: {players}. {declarer} bid {call} and took {won} of the five tricks. What does {declarer} win or lose in all?"),
    "quiz.balance": N_("Balances so far: {amounts}. What is {player}'s balance?"),
    "quiz.balance_why": N_("Balances always add up to zero: {amounts}."),
    "quiz.winners": N_("Final balances: {amounts}. Who wins the session?"),
    "quiz.winners_why": Plural(
        Np_("The highest balance is {top}: {names} wins.",
            "The highest balance is {top}: {names} share the win."),
        "count"),
    "quiz.first_dealer": N_("To choose the first dealer each player draws one card: {cards}. Who deals first?"),
    "quiz.misdeal": N_("Seated clockwise: {players}. {dealer} deals, and a card turns face up during the deal. Who deals next?"),
    "quiz.misere_trick": N_("The contract is {call}. The trick, in playing order: {trick}. Who takes it?"),
    "quiz.renege": N_("Seated clockwise: {players}. {declarer} bid {call}, and {offender} reneged. What does {offender} win or lose in all?"),
    "quiz.tie_break": N_("The agreed deals are over. Balances: {amounts}. How is the session decided?"),
    "quiz.variation": N_("Is {variation} played under the pub rules here?"),
    "choice.one_winner": N_("One player has the highest balance and wins"),
    "choice.share": N_("The level players share the win"),
    "choice.extra_hand": N_("One extra hand among the level players"),
    "quiz.second_call": N_("Seated clockwise: {players}. {dealer} deals. Calls so far: {calls}. May {player} now call {call}?"),
    # --- why a wrong quiz choice is wrong (nap_teach/teach/quiz): every reason names the choice
    "why.choice": N_("“{choice}” is wrong: {reason}"),
    "why.rank_low": N_("{card} is the lower card: {high} ranks above it, as the order in every suit is A K Q J 10 9 8 7 6 5 4 3 2."),
    "why.next_dealer": N_("{player} deals deal {their}, not deal {number}: the deal passes one seat to the left each time, so deal {number} is {dealer}'s."),
    "why.cutter_dealer": N_("{player} is the dealer, and the dealer never cuts: {cutter}, on the dealer's right, cuts."),
    "why.cutter_eldest": N_("{player} sits on the dealer's left and receives the first cards; the cut comes from the other side, from {cutter}."),
    "why.cutter_other": N_("{player} does not sit on the dealer's right: {cutter} does, so {cutter} cuts."),
    "why.unused_held": Plural(
        Np_("{choice} is the number of cards the {count} player holds, not of those left out: {unused} stay face down.",
            "{choice} is the number of cards the {count} players hold, not of those left out: {unused} stay face down."),
        "count"),
    "why.unused_other": Plural(
        Np_("{choice} cards stay out with {other} player; with {count} players they hold {held}, so {unused} stay out.",
            "{choice} cards stay out with {other} players; with {count} players they hold {held}, so {unused} stay out."),
        "other"),
    "why.unused": Plural(
        Np_("{choice} is not right: {count} player holds five cards each, {held} in all, so {unused} of the 52 stay face down.",
            "{choice} is not right: {count} players hold five cards each, {held} in all, so {unused} of the 52 stay face down."),
        "count"),
    "why.turn_spoken": N_("{player} has already spoken ({said}), and each player calls only once."),
    "why.turn_later": N_("{player} speaks later: calls go clockwise from the dealer's left, and {turn} comes first."),
    "why.turn_dealer": N_("{player} is the dealer and speaks last; it is {turn}'s turn first."),
    "why.declarer_passed": N_("{player} passed, and a player who passes cannot become the declarer."),
    "why.declarer_lower": N_("{player} bid {said}, but {bidder} bid higher, {highest}, and the highest bid makes the declarer."),
    "why.declarer_nobody": N_("“{choice}” is wrong: {bidder} bid {highest}, so the deal is played with {bidder} as the declarer."),
    "why.trump": N_("Trump is {trump}, not {suit}: {declarer}'s first lead, {card}, sets trump."),
    "why.win_off": N_("{player}'s {card} cannot take the trick: nothing is trump and {led} were led, so a card of another suit never wins."),
    "why.win_off_trump": N_("{player}'s {card} cannot win: {suit_subject} are not trump and {led} were led."),
    "why.win_trump_low": N_("{player}'s {card} cannot win: {winner_card} is a higher trump."),
    "why.win_trumped": N_("{player}'s {card} cannot win: {winner_card} is a trump and beats every card of the suit led."),
    "why.win_low": N_("{player}'s {card} cannot win: {winner_card} is a higher card of the suit led, {led}."),
    "why.amount_sign_made": Plural(
        Np_("{choice} has the wrong sign: {declarer} made {call} and so receives {answer}, {stake} from the {opponents} opponent.",
            "{choice} has the wrong sign: {declarer} made {call} and so receives {answer}, {stake} from each of the {opponents} opponents."),
        "opponents"),
    "why.amount_sign_failed": Plural(
        Np_("{choice} has the wrong sign: {declarer} failed {call} and so pays {answer}, {stake} to the {opponents} opponent.",
            "{choice} has the wrong sign: {declarer} failed {call} and so pays {answer}, {stake} to each of the {opponents} opponents."),
        "opponents"),
    "why.amount_sign_size_made": Plural(
        Np_("{choice} has the wrong sign and the wrong size: {declarer} made {call} and so receives {answer}, {stake} from the {opponents} opponent.",
            "{choice} has the wrong sign and the wrong size: {declarer} made {call} and so receives {answer}, {stake} from each of the {opponents} opponents."),
        "opponents"),
    "why.amount_sign_size_failed": Plural(
        Np_("{choice} has the wrong sign and the wrong size: {declarer} failed {call} and so pays {answer}, {stake} to the {opponents} opponent.",
            "{choice} has the wrong sign and the wrong size: {declarer} failed {call} and so pays {answer}, {stake} to each of the {opponents} opponents."),
        "opponents"),
    "why.amount_one": Plural(
        Np_("{choice} is one opponent's share only: {declarer} has {opponents} opponent, {stake} each, so {answer} in all.",
            "{choice} is one opponent's share only: {declarer} has {opponents} opponents, {stake} each, so {answer} in all."),
        "opponents"),
    "why.amount_all": Plural(
        Np_("{choice} counts {count} opponents, but {declarer} plays against only {opponents}: {answer}.",
            "{choice} counts {count} opponents, but {declarer} plays against the other {opponents} only: {answer}."),
        "opponents"),
    "why.amount_stake_made": Plural(
        Np_("{choice} counts {other} from the {opponents} opponent, but a made {call} earns {stake}: {answer}.",
            "{choice} counts {other} from each of the {opponents} opponents, but a made {call} earns {stake} from each: {answer}."),
        "opponents"),
    "why.amount_stake_failed": Plural(
        Np_("{choice} counts {other} to the {opponents} opponent, but a failed {call} costs {stake}: {answer}.",
            "{choice} counts {other} to each of the {opponents} opponents, but a failed {call} costs {stake} to each: {answer}."),
        "opponents"),
    "why.amount_made": Plural(
        Np_("{choice} is not right: a made {call} earns {stake} from the {opponents} opponent, {answer} in all.",
            "{choice} is not right: a made {call} earns {stake} from each of the {opponents} opponents, {answer} in all."),
        "opponents"),
    "why.amount_failed": Plural(
        Np_("{choice} is not right: a failed {call} costs {stake} to the {opponents} opponent, {answer} in all.",
            "{choice} is not right: a failed {call} costs {stake} to each of the {opponents} opponents, {answer} in all."),
        "opponents"),
    "why.balance_sign": N_("{choice} has the wrong sign: the others add up to {others}, and every balance together makes zero, so {player} has {answer}."),
    "why.balance": N_("{choice} would make the balances add up to {total}, not zero: the others add up to {others}, so {player} has {answer}."),
    "why.winners_tied": N_("{player} does not win alone: {others} has the same top balance, and level players share the win."),
    "why.winners_lower": N_("{player} has {balance}, less than the top balance, {top}."),
    "why.winners_shared": N_("“{choice}” is wrong: the top balance, {top}, belongs to {winners}, and they share the win."),
    "why.winners_alone": N_("“{choice}” is wrong: only {winners} has the top balance, {top}, so nobody shares the win."),
    "why.first_dealer": N_("{player} drew {card}, but {dealer}'s {low} is lower (aces count low), so {dealer} deals first."),
    "why.misdeal": N_("{player} does not deal: after a misdeal the same dealer, {dealer}, deals again."),
    "why.misdeal_left": N_("{player} would deal after a good deal, but a misdeal does not count: {dealer} deals again."),
    "why.renege_sign": N_("{choice} has the wrong sign: a renege never earns anything, and {offender}'s total is {answer}. {reason}"),
    "why.renege_zero": N_("{choice} is wrong: the renege costs {offender} something, a total of {answer}. {reason}"),
    "why.renege_more": N_("{choice} is too much: {offender}'s total is {answer}. {reason}"),
    "why.renege_less": N_("{choice} is too little: {offender}'s total is {answer}. {reason}"),
    "why.tie_level": N_("“{choice}” is wrong: {names} are level at the top, so nobody wins alone."),
    "why.tie_three": Plural(
        Np_("“{choice}” is wrong: {count} player is level ({names}), enough for one extra hand among them, which decides.",
            "“{choice}” is wrong: {count} players are level ({names}), enough for one extra hand among them, which decides."),
        "count"),
    "why.tie_too_few": Plural(
        Np_("“{choice}” is wrong here: only {count} player is level ({names}); a hand of Nap needs at least three players, so the table's choice is that the level players share the win.",
            "“{choice}” is wrong here: only {count} players are level ({names}); a hand of Nap needs at least three players, so the table's choice is that the level players share the win."),
        "count"),
    "why.tie_alone_share": N_("“{choice}” is wrong: {names} alone has the top balance, so there is nobody to share with."),
    "why.tie_alone_extra": N_("“{choice}” is wrong: {names} alone has the top balance, so no extra hand is needed."),
    "trainer.rotation": N_("Deal {number}: {dealer} deals, {cutter} (on the dealer's right) cuts, and {eldest} (on the dealer's left) gets the first cards and speaks first."),
    "enforce.hidden": Plural(
        Np_("{player}'s screen shows only {player}'s own cards and the cards played: the other hands, {hidden} card, stay hidden.",
            "{player}'s screen shows only {player}'s own cards and the cards played: the other hands, {hidden} cards, stay hidden."),
        "hidden"),
    "enforce.zero_sum": N_("Payments that do not add up to zero are refused as an error: these add up to {total}."),
    "enforce.stakes": N_("Nobody types in a payment: the stake comes from the stakes table of the rules in force ({call} pays {stake} per opponent), so a wrong payment cannot be entered."),
    # --- the play table (nap_teach/teach/play.py): refusals said to the learner
    "you.call.not_higher": N_("You cannot bid {call}: a bid must be higher than {highest}, which {bidder} has bid."),
    "you.call.requires": N_("You cannot bid {call} yet: {call} needs a {needed} before it in this auction."),
    "you.card.must_follow": N_("You hold {held}: {led} were led, so you must follow {led} and cannot play {card}."),
    "you.card.not_held": N_("You do not hold {card}: play one of the cards in your hand."),
    "you.not_your_turn": N_("It is {turn}'s turn, not yours: please wait."),
    "play.stale": N_("That click came from an earlier turn, so it was ignored."),
    "play.no_deal": N_("No deal is being played: deal the next one first."),
    "play.deal_running": N_("Finish this deal first: the next deal comes after the settlement."),
    "play.session_over": N_("The session is over: start a new one to play again."),
    "play.stop_pending": N_("The result is certain: choose first whether to stop here or play on."),
    "play.stop_not_offered": N_("Stopping early is switched off: all five tricks are played."),
    "play.undo_off": N_("Practice undo is off: switch it on in the settings to take back a card."),
    "play.undo_nothing": N_("You have not played a card in this deal yet, so there is nothing to take back."),
    "play.seat": N_("Your seat must be a number from 1 to {players}, not {seat}."),
    "play.deals": N_("A session here has 1 to {most} deals, not {count}."),
    "play.rotations": N_("A session here has 1 to {most} rotations of the deal, not {count}."),
    "play.length_kind": N_("Count the session in deals or in rotations, not “{kind}”."),
    "play.bots": N_("Unknown bot level “{level}”: choose one of {known}."),
    "play.seed": N_("The deal seed must be a whole number from 0 to {most}, not “{seed}”."),
    "play.name": N_("Your name must have 1 to {most} letters or digits, not “{name}”."),
    "play.players": N_("A table has 3 to 7 players, not {count}."),
    "page.number": N_("{name} must be a whole number from {low} to {high}, not “{value}”."),
    "page.rule": N_("“{value}” is not one of the rules here ({low} to {high}); the first rule is shown."),
    "play.style": N_("“{style}” is not a bidding style of the bots: choose one of {known}."),
    "play.file_size": N_("The file is too large for a session record ({size} bytes; at most {most})."),
    "play.file_none": N_("Choose one session file (.json) to load."),
    "play.learner_missing": N_("The record names {learner} as the learner, but {learner} is not one of its players."),
    # --- class results (a traveller of one seeded game)
    "class.empty": N_("The file is empty."),
    "class.hand_file": N_("This is a single deal saved from “Your own deal” or a lesson, not a learner's session: ask the learner for the file named nap-session-….json (“Download the session” on the play page)."),
    "class.other_format": N_("This is not a learner's session ({format}): ask the learner for the file named nap-session-….json (“Download the session” on the play page)."),
    "class.not_json": N_("This is not a session file (it cannot be read as JSON: {detail}): ask the learner for the file named nap-session-….json."),
    "class.no_learner": N_("The record does not say which player is the learner, so it cannot be a learner's session."),
    "class.no_seed": N_("The session has no deal seed, so its deals cannot be compared with the class's: play it from the class link."),
    "class.no_deals": N_("{learner} has not finished a deal yet: play at least one deal, then download the session again."),
    "class.not_played": N_("Deal {deal} was not played card by card: the class results compare deals played on the play page."),
    "class.not_seeded": N_("Deal {deal} is not the deal that seed {seed} gives: the file was changed by hand or made elsewhere."),
    "class.duplicate": N_("The same session as {file}, which is already loaded: it counts once."),
    "class.too_many": Plural(
        Np_("A class page holds at most {most} file: start again to load others.",
            "A class page holds at most {most} files: start again to load others."),
        "most"),
    "class.no_such_game": N_("No loaded file has that game."),
    "class.other_game": N_("Another game than the class's: listed here, not counted."),
    "class.diff_seed": N_("seed {value} instead of {expected}"),
    "class.diff_profile": N_("{profile} instead of {expected_profile}"),
    "class.diff_options": N_("table options {value} instead of {expected}"),
    "class.diff_players": Plural(
        Np_("{value} player instead of {expected}",
            "{value} players instead of {expected}"),
        "value"),
    "class.diff_seat": N_("seat {value} instead of {expected}"),
    "class.diff_length": N_("a session of {value} instead of {expected}"),
    "class.diff_bots": N_("bots {value} instead of {expected}"),
    "class.length_deals": Plural(Np_("{count} deal", "{count} deals"), "count"),
    "class.length_rotations": Plural(Np_("{count} dealer rotation", "{count} dealer rotations"), "count"),
    "class.address": N_("The address must start with http:// or https:// and name the play page, without spaces or quotes ({most} characters at most)."),
    "class.game": Plural(
        Np_("seed {seed}, {profile}, {players} player, the learner in seat {seat}, {length}",
            "seed {seed}, {profile}, {players} players, the learner in seat {seat}, {length}"),
        "players"),
    # --- a live class (nap_teach.teach.classroom)
    "live.no_seed": N_("A class needs a game with a deal seed."),
    "live.unknown_class": N_("This class link is not known here: the class has ended, or the link was cut short. Ask your teacher for the link again."),
    "live.unknown_teacher": N_("This teacher link is not known here: the class has ended (a class is kept 14 days), or the link was cut short."),
    "live.unknown_learner": N_("This page is not one of the class's learners: type your name and start the session again."),
    "live.name_taken": N_("Someone in this class already plays as {name}: choose another name (add an initial, for example)."),
    "live.class_full": N_("This class is full ({most} learners)."),
    "live.bad_number": N_("That is not a deal number of this session."),
    "live.bad_deal": N_("That is not a deal: nothing was sent."),
    "live.too_big": N_("That deal is too large to be one of this game's ({most} bytes at most)."),
    "live.deal_differs": N_("Deal {deal} of this learner is already with the class, played otherwise: the first one counts."),
    "live.deal_gap": N_("Deal {deal} cannot come before deal {expected}."),
    "live.other_game": N_("That session is not the class's game."),
    "live.unavailable": N_("The class could not be reached just now; nothing was changed. It will be tried again."),
}


PROFILE_NAMES: dict[str, str] = {"british": N_("British rules"), "pub": N_("Pub rules")}
"""Each rules profile as a label for people (buttons, headings); the keys are internal names."""

PROFILE_NAMES_IN_TEXT: dict[str, str] = {"british": N_("the British rules"), "pub": N_("the pub rules")}
"""Each rules profile as it is named inside a sentence."""

VARIATION_NAMES: dict[str, str] = {
    "seven-card": N_("Seven-card Nap"), "purchase": N_("Purchase Nap"), "peep": N_("Peep Nap"),
    "ecarte": N_("Écarté Nap"), "misere-only": N_("Misère-only Nap"), "no-misere": N_("Nap without Misère"),
}
"""The variations of Nap that would be profiles of their own (P9), by their names for people."""

BOT_LEVEL_NAMES: dict[str, str] = {
    "expert": N_("Expert: solves sampled layouts of the unseen cards (slower)"),
    "simple": N_("Simple: estimates its likely tricks"),
    "random": N_("Random: any legal choice"),
}

BOT_STYLE_NAMES: dict[str, str] = {
    "cautious": N_("Cautious: bids only on sure tricks"),
    "normal": N_("Normal: bids as most tables do"),
    "bold": N_("Bold: goes for Nap more often"),
}
"""How boldly the simple bots bid (nap_teach.ai.bots.simple.STYLES), for people."""

BOT_STYLE_WORDS: dict[str, str] = {"cautious": N_("cautious"), "normal": N_("normal"), "bold": N_("bold")}
"""The bidding styles in one word (the columns of ``simulate --style all``)."""
"""Each bot level with what it does, for people choosing one."""
