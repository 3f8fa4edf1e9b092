"""A heuristic Le Rally bot: keeps its answers for attacks, sheds awkward cards, lobs to skip."""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import ClassVar, TypeAlias

from cardgames.errors import IllegalMoveError
from cardgames.lerally.cards import Card, CardKind, Section, Zone
from cardgames.lerally.checks import check_view
from cardgames.lerally.config import deck_cards
from cardgames.lerally.moves import Lob, Move, Offense, PickUp, Play
from cardgames.lerally.rules import PICK_UP, apply_move, legal_moves, view_moves
from cardgames.lerally.state import View
from cardgames.lerally.view import resample
from cardgames.lerally.view import view as view_of

__all__ = ["ShedderBot"]

#: How many lobs in a row (with two players) the bot looks through.
FOLLOW_UPS = 2

_Situation: TypeAlias = Section | Card
"""What a player must answer: a ball in a section, or an attack card."""

#: The cards that answer a ball in any section (Just Out and Challenge need a previous player
#: other than oneself).
_WILD = frozenset({CardKind.OFFENSE, CardKind.YOURS, CardKind.JUST_OUT, CardKind.CHALLENGE})
#: The special cards: the only answers to an attack besides the identical attack card.
_SPECIALS = frozenset({CardKind.YOURS, CardKind.JUST_OUT, CardKind.CHALLENGE})


def _answers(card: Card, situation: _Situation) -> bool:
    """Whether ``card`` answers ``situation`` (for a player who did not play the last card)."""
    if isinstance(situation, Section):
        if card.kind is CardKind.SHOT:
            return card.source is situation
        if card.kind is CardKind.ATTACK:
            return card.zone is situation.zone
        return True
    return card == situation or card.kind in _SPECIALS


# --- the bot ---------------------------------------------------------------------------------


class ShedderBot:
    """Plays Le Rally by rules of thumb: it weighs every legal move in cards (a card shed is
    worth one, a card an opponent picks up about one) and plays the heaviest.

    - **Win at once.** A move that empties the hand wins the rally: it is always taken.
    - **Shed, and lob.** Each card shed counts one, so a lob counts all its copies. With two
      players a lob skips the opponent and the bot plays again from where it landed: the bot
      adds its own best follow-up, so it lobs with as many copies as it can follow up and
      never lobs into a pick-up.
    - **Land where there is no answer.** A shot is worth more when the player who must answer
      it is unlikely to hold an answer: the chance is worked out from the cards the bot has
      not seen (the other hands and the deck) and that player's hand size. An attack card
      is answered only by the same attack card or a special card, so it is usually the
      strongest play; the offense card lands in the section the unseen cards answer least.
    - **What a failed answer is worth.** The player who cannot answer picks up (3, or the
      attack total) and the player after them leads. Opponents picking up is good, the partner
      picking up (doubles) is bad. Leading is worth most to the bot when it could then empty
      its hand at once, and an opponent leading with one card left has all but won. A player
      holding one or two cards must be stopped at almost any price, since answering would
      (nearly) win them the rally: against them attack cards and Just Out count the most.
    - **Specials are answers.** Just Out makes the previous player pick up 3 and gives the bot
      the lead; Challenge and Yours pass the ball or the attack back or on. They (and the
      offense and attack cards) can answer nearly anything, so playing one costs a fixed
      "keep" price: the bot plays a plain shot when it has one, answers an attack with the
      same attack card (a Hot Shot) before a special card, and keeps Just Out longest. Just Out
      or Challenge aimed at its partner counts against it: the partner would pick up.
    - **Keep a hand that can answer.** A hand is valued by the cards it would still hold when
      it first cannot play, the ball coming to random sections (or the bot leading): so the
      last card from a section is kept and "awkward" cards from crowded sections are shed
      first, when leading above all.
    - **Pick up** only when the rules leave nothing else.

    The weights below were set by playing thousands of seeded matches against ``RandomBot``
    with two, three and four players and in doubles.
    """

    name = "greedy"

    #: What playing (losing) a flexible card costs, in cards.
    KEEP: ClassVar[Mapping[CardKind, float]] = MappingProxyType(
        {
            CardKind.SHOT: 0.0,
            CardKind.ATTACK: 1.5,
            CardKind.OFFENSE: 2.0,
            CardKind.YOURS: 3.0,
            CardKind.CHALLENGE: 3.0,
            CardKind.JUST_OUT: 5.0,
        }
    )
    #: The weight of the cards a hand would hold when it first fails to answer.
    COVER = 1.0
    #: The chance, in that reckoning, that the bot leads rather than answers a ball.
    LEAD_CHANCE = 0.3
    #: A rally won, in cards.
    WIN = 8.0
    #: Who leads the next exchange after a failed answer: the bot, its partner, an opponent.
    LEAD_ME, LEAD_PARTNER, LEAD_OPPONENT = 1.5, 0.8, -0.3
    #: The chance that a player leading with one card left can play it (a shot or offense).
    LEAD_FINISH = 0.8
    #: How much an opponent's pick-up card counts, with one opponent, with several, and for
    #: each opponent of a doubles team.
    OPPONENT, OPPONENTS, DOUBLES = 1.0, 0.5, 0.7
    #: The share of a rally lost when a player with two cards answers (one card left then).
    DANGER2 = 0.3

    def choose(self, view: View, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        """The move its rules of thumb prefer (the first such in ``legal_moves`` on a tie).

        ``InvalidViewError`` for a view that no playable state shows, and
        ``IllegalMoveError`` unless ``legal_moves`` are some of the moves its player has.
        """
        check_view(view)
        allowed = view_moves(view)
        if (
            not isinstance(legal_moves, Sequence)
            or not legal_moves
            or not all(move in allowed for move in legal_moves)
        ):
            raise IllegalMoveError(
                "ShedderBot: legal_moves must be some of the moves of the view's player"
            )
        if len(legal_moves) == 1:
            return legal_moves[0]
        for move in legal_moves:
            if _shed(move) == len(view.hand):
                return move
        unseen = _unseen(view)
        return max(legal_moves, key=lambda move: self._value(view, unseen, move, depth=0))

    def __repr__(self) -> str:
        return "ShedderBot()"

    # --- the value of a move -------------------------------------------------------------------

    def _value(self, view: View, unseen: Counter[Card], move: Move, depth: int) -> float:
        """What ``move`` is worth to the bot, in cards."""
        me, n = view.player, view.config.players
        hand = list(view.hand)
        shed = _shed(move)
        if shed == len(hand):
            return 1000.0
        if isinstance(move, PickUp):
            cards = view.attack_total if view.attack is not None else PICK_UP
            return -cards + self._lead((me + 1) % n, view, hand)
        card = _card_of(move)
        for _ in range(shed):
            hand.remove(card)
        value = shed - self.KEEP[card.kind] + self._cover(hand) - self._cover(view.hand)
        if isinstance(move, Lob) and (me + 2) % n == me:
            return value + self._follow_up(view, move, depth)
        if card.kind is CardKind.JUST_OUT:
            assert view.last is not None
            return value + self._failure(view, view.last, PICK_UP, me, hand)
        sent = _sent_to(view, move)
        assert sent is not None
        player, situation = sent
        total = PICK_UP
        if isinstance(situation, Card):  # an attack: a Hot Shot adds to the total
            total = view.attack_total if view.attack == situation else 0
            total += card.value if card.kind is CardKind.ATTACK else 0
        return value + self._threat(view, unseen, player, situation, total, hand)

    def _threat(
        self,
        view: View,
        unseen: Counter[Card],
        player: int,
        situation: _Situation,
        total: int,
        hand: Sequence[Card],
    ) -> float:
        """What the bot expects from ``player`` having to answer ``situation`` or pick up
        ``total``, the bot holding ``hand``: the chance they cannot answer, times what that is
        worth (the player after them leads then)."""
        fail = _no_answer(unseen, situation, view.hand_sizes[player])
        leader = (player + 1) % view.config.players
        return fail * self._failure(view, player, total, leader, hand)

    def _failure(
        self, view: View, player: int, total: int, leader: int, hand: Sequence[Card]
    ) -> float:
        """What it is worth to the bot, holding ``hand``, that ``player`` picks up ``total``
        cards and ``leader`` leads the next exchange: the cards, the lead, and the rally that
        ``player`` would (nearly) have won by answering with one or two cards left."""
        size = view.hand_sizes[player]
        worth = total * self._weight(player, view) + self._lead(leader, view, hand)
        danger = self.WIN if size == 1 else self.WIN * self.DANGER2 if size == 2 else 0.0
        return worth + (danger if self._is_opponent(player, view) else -danger)

    def _follow_up(self, view: View, lob: Lob, depth: int) -> float:
        """With two players a lob comes back to the bot: the value of its best next move (two
        lobs deep at most; beyond, only whether the bot can play on at all)."""
        state = apply_move(resample(view, seed=depth), lob)
        if state.to_move != view.player:  # the rally reached its limit
            return 0.0
        moves = legal_moves(state)
        if depth >= FOLLOW_UPS:
            return -PICK_UP if moves == (PickUp(),) else 0.0
        after = view_of(state, view.player)
        unseen = _unseen(after)
        return max(self._value(after, unseen, move, depth + 1) for move in moves)

    # --- weights -------------------------------------------------------------------------------

    def _is_opponent(self, player: int, view: View) -> bool:
        if player == view.player:
            return False
        return not (view.config.doubles and player % 2 == view.player % 2)

    def _weight(self, player: int, view: View) -> float:
        """What one card picked up by ``player`` is worth to the bot."""
        config = view.config
        if player == view.player:
            return -1.0
        if config.doubles:
            return self.DOUBLES if self._is_opponent(player, view) else -self.DOUBLES
        return self.OPPONENT if config.players == 2 else self.OPPONENTS

    def _lead(self, player: int, view: View, hand: Sequence[Card]) -> float:
        """What it is worth to the bot that ``player`` leads the next exchange, the bot
        holding ``hand``."""
        if player == view.player:
            return self.WIN if _one_lead(hand) else self.LEAD_ME
        finish = self.WIN * self.LEAD_FINISH if view.hand_sizes[player] == 1 else 0.0
        if self._is_opponent(player, view):
            return self.LEAD_OPPONENT - finish
        return self.LEAD_PARTNER + finish

    def _cover(self, hand: Sequence[Card]) -> float:
        """Minus the cards the hand would still hold when it first fails to answer."""
        shape = _shape(hand)
        kept = tuple(min(count, cap) for count, cap in zip(shape, _SHAPE_CAPS, strict=True))
        beyond = sum(shape) - sum(kept)
        return -self.COVER * (_stranded(kept, self.LEAD_CHANCE) + beyond)


# --- helpers ---------------------------------------------------------------------------------


def _unseen(view: View) -> Counter[Card]:
    """The cards ``view``'s player has not seen: in other hands or in the deck."""
    unseen = Counter(deck_cards(view.config))
    unseen.subtract(Counter(view.hand))
    unseen.subtract(Counter(view.pile))
    unseen.subtract(Counter(view.cleared))
    return unseen


def _no_answer(unseen: Counter[Card], situation: _Situation, size: int) -> float:
    """The chance that a hand of ``size`` cards dealt from ``unseen`` holds no answer to
    ``situation``."""
    pool = answering = 0
    for card, n in unseen.items():
        if n > 0:
            pool += n
            answering += n if _answers(card, situation) else 0
    chance = 1.0
    for i in range(min(size, pool)):
        chance *= (pool - i - answering) / (pool - i) if pool - i > answering else 0.0
    return chance


def _sent_to(view: View, move: Move) -> tuple[int, _Situation] | None:
    """Who must answer what after the bot's ``move``, or ``None`` (Just Out, picking up, and a
    lob that comes back to the bot)."""
    me, n = view.player, view.config.players
    if isinstance(move, PickUp):
        return None
    card = _card_of(move)
    situation: _Situation | None
    player: int | None = (me + 1) % n
    if card.kind is CardKind.ATTACK:
        situation = card
    elif card.kind is CardKind.JUST_OUT:
        return None
    elif card.kind in _SPECIALS:  # Yours and Challenge pass on what the bot faced
        situation = view.attack if view.attack is not None else view.ball
        if card.kind is CardKind.CHALLENGE:
            player = view.last
    else:
        situation = _landing(move)
        if isinstance(move, Lob):
            player = (me + 2) % n
    if situation is None or player is None or player == me:
        return None
    return player, situation


_SHAPE_INDEX = {section: i for i, section in enumerate(Section)}
#: How many cards of each part of a shape count (the rest are deemed stranded): this keeps the
#: number of shapes to work out small.
_SHAPE_CAPS = (3, 3, 3, 3, 2, 2, 2, 3)


def _shape(hand: Sequence[Card]) -> tuple[int, ...]:
    """What matters of a hand for answering balls: shots by section, attacks by zone, offense
    cards, special cards."""
    counts = [0] * 8
    for card in hand:
        if card.kind is CardKind.SHOT:
            assert card.source is not None
            counts[_SHAPE_INDEX[card.source]] += 1
        elif card.kind is CardKind.ATTACK:
            counts[4 if card.zone is Zone.BASELINE else 5] += 1
        elif card.kind is CardKind.OFFENSE:
            counts[6] += 1
        else:
            counts[7] += 1
    return tuple(counts)


@functools.lru_cache(maxsize=65536)
def _stranded(shape: tuple[int, ...], lead: float) -> float:
    """The cards a hand of ``shape`` still holds, on average, when it first cannot play: each
    turn the ball comes to a random section (or the player leads, with chance ``lead``) and
    the hand plays its best card."""
    size = sum(shape)
    if size == 0:
        return 0.0

    def best(options: tuple[int, ...]) -> float:
        results = []
        for i in options:
            if shape[i]:
                rest = list(shape)
                rest[i] -= 1
                results.append(_stranded(tuple(rest), lead))
        return min(results) if results else float(size)

    balls = sum(
        best((i, 4 if section.zone is Zone.BASELINE else 5, 6, 7))
        for i, section in enumerate(Section)
    )
    return lead * best((0, 1, 2, 3, 6)) + (1 - lead) * balls / len(Section)


def _leads(card: Card) -> bool:
    """Whether ``card`` can start an exchange."""
    return card.kind is CardKind.SHOT or card.kind is CardKind.OFFENSE


def _one_lead(hand: Sequence[Card]) -> bool:
    """Whether leading with ``hand`` empties it at once (one card, or identical shot cards)."""
    if len(hand) == 1:
        return _leads(hand[0])
    return bool(hand) and hand[0].kind is CardKind.SHOT and all(c == hand[0] for c in hand)


def _shed(move: Move) -> int:
    """How many cards ``move`` plays."""
    if isinstance(move, Lob):
        return move.count
    if isinstance(move, PickUp):
        return 0
    return 1


def _card_of(move: Play | Lob | Offense) -> Card:
    if isinstance(move, Offense):
        return Card(CardKind.OFFENSE)
    return move.card


def _landing(move: Play | Lob | Offense) -> Section:
    """Where a shot, a lob or the offense card lands."""
    if isinstance(move, Offense):
        return move.to
    assert move.card.target is not None
    return move.card.target
