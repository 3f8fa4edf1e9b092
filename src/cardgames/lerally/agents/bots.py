"""A heuristic Le Rally bot: keeps its answers for attacks, sheds awkward cards, lobs to skip."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import ClassVar, TypeAlias

from cardgames import _kept
from cardgames.errors import IllegalMoveError
from cardgames.lerally.answering import SPECIAL_KINDS, answers_attack, answers_ball, leads
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
#: The cards the bot deals at most, in all, to imagine where its lobs lead in one decision
#: (each imagined lob costs the whole card list). The default list never reaches it (at most
#: 48 lobs to lead, 12 to answer, three deep: 7,536 deals of 78 cards); a hand-made table of
#: thousands of cards stops looking ahead early instead of taking hours.
DEAL_BUDGET = 1_000_000

_Situation: TypeAlias = Section | Card
"""What a player must answer: a ball in a section, or an attack card."""


def _answers(card: Card, situation: _Situation) -> bool:
    """Whether ``card`` answers ``situation`` (for a player who did not play the last card)."""
    if isinstance(situation, Section):
        return answers_ball(card, situation)
    return answers_attack(card, situation)


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
        if not _all_allowed(legal_moves, view):
            raise IllegalMoveError(
                "ShedderBot: legal_moves must be some of the moves of the view's player"
            )
        if len(legal_moves) == 1:
            return legal_moves[0]
        for move in legal_moves:
            if _shed(move) == len(view.hand):
                return move
        seen = _Seen(view, [DEAL_BUDGET])
        return max(legal_moves, key=lambda move: self._value(seen, move, depth=0))

    def __repr__(self) -> str:
        return "ShedderBot()"

    # --- the value of a move -------------------------------------------------------------------

    def _value(self, seen: _Seen, move: Move, depth: int) -> float:
        """What ``move`` is worth to the bot, in cards."""
        view = seen.view
        me, n = view.player, view.config.players
        hand = seen.hand
        shed = _shed(move)
        if shed == hand.size:
            return 1000.0
        if isinstance(move, PickUp):
            cards = view.attack_total if view.attack is not None else PICK_UP
            return -cards + self._lead((me + 1) % n, view, hand)
        card = _card_of(move)
        left = hand.without(card, shed)
        value = shed - self.KEEP[card.kind] + self._cover(left) - self._cover(hand)
        if isinstance(move, Lob) and (me + 2) % n == me:
            return value + self._follow_up(seen, move, depth)
        if card.kind is CardKind.JUST_OUT:
            assert view.last is not None
            return value + self._failure(view, view.last, PICK_UP, me, left)
        sent = _sent_to(view, move)
        assert sent is not None
        player, situation = sent
        total = PICK_UP
        if isinstance(situation, Card):  # an attack: a Hot Shot adds to the total
            total = view.attack_total if view.attack == situation else 0
            total += card.value if card.kind is CardKind.ATTACK else 0
        return value + self._threat(seen, player, situation, total, left)

    def _threat(
        self, seen: _Seen, player: int, situation: _Situation, total: int, hand: _Hand
    ) -> float:
        """What the bot expects from ``player`` having to answer ``situation`` or pick up
        ``total``, the bot holding ``hand``: the chance they cannot answer, times what that is
        worth (the player after them leads then)."""
        view = seen.view
        fail = seen.no_answer(situation, view.hand_sizes[player])
        leader = (player + 1) % view.config.players
        return fail * self._failure(view, player, total, leader, hand)

    def _failure(self, view: View, player: int, total: int, leader: int, hand: _Hand) -> float:
        """What it is worth to the bot, holding ``hand``, that ``player`` picks up ``total``
        cards and ``leader`` leads the next exchange: the cards, the lead, and the rally that
        ``player`` would (nearly) have won by answering with one or two cards left."""
        size = view.hand_sizes[player]
        worth = total * self._weight(player, view) + self._lead(leader, view, hand)
        danger = self.WIN if size == 1 else self.WIN * self.DANGER2 if size == 2 else 0.0
        return worth + (danger if self._is_opponent(player, view) else -danger)

    def _follow_up(self, seen: _Seen, lob: Lob, depth: int) -> float:
        """With two players a lob comes back to the bot: the value of its best next move (two
        lobs deep at most; beyond, only whether the bot can play on at all). Once the
        decision has dealt :data:`DEAL_BUDGET` cards to imagine lobs, a lob counts for its
        cards alone."""
        view = seen.view
        # Dealing, playing the lob and reading the moves after it each take a pass over the
        # cards: a follow-up costs the whole card list.
        cards = len(deck_cards(view.config))
        if seen.budget[0] < cards:
            return 0.0
        seen.budget[0] -= cards
        state = apply_move(resample(view, seed=depth), lob)
        if state.to_move != view.player:  # the rally reached its limit
            return 0.0
        moves = legal_moves(state)
        if depth >= FOLLOW_UPS:
            return -PICK_UP if moves == (PickUp(),) else 0.0
        after = _Seen(view_of(state, view.player), seen.budget)
        return max(self._value(after, move, depth + 1) for move in moves)

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

    def _lead(self, player: int, view: View, hand: _Hand) -> float:
        """What it is worth to the bot that ``player`` leads the next exchange, the bot
        holding ``hand``."""
        if player == view.player:
            return self.WIN if hand.one_lead() else self.LEAD_ME
        finish = self.WIN * self.LEAD_FINISH if view.hand_sizes[player] == 1 else 0.0
        if self._is_opponent(player, view):
            return self.LEAD_OPPONENT - finish
        return self.LEAD_PARTNER + finish

    def _cover(self, hand: _Hand) -> float:
        """Minus the cards the hand would still hold when it first fails to answer."""
        shape = hand.shape
        kept = tuple(min(count, cap) for count, cap in zip(shape, _SHAPE_CAPS, strict=True))
        beyond = sum(shape) - sum(kept)
        return -self.COVER * (_stranded(kept, self.LEAD_CHANCE) + beyond)


# --- what the bot knows ----------------------------------------------------------------------


class _Seen:
    """A view and what the bot works out from it once per decision: the cards it has not
    seen, its hand in short, and the chances that a hand holds no answer."""

    __slots__ = ("_no_answer", "budget", "hand", "unseen", "view")

    def __init__(self, view: View, budget: list[int]) -> None:
        self.view = view
        self.unseen = _unseen(view)
        self.hand = _Hand.of(view.hand)
        #: The cards left to deal for follow-ups, shared by the whole decision.
        self.budget = budget
        self._no_answer: dict[tuple[_Situation, int], float] = {}

    def no_answer(self, situation: _Situation, size: int) -> float:
        """:func:`_no_answer` of the unseen cards, worked out once for each situation."""
        key = (situation, size)
        chance = self._no_answer.get(key)
        if chance is None:
            chance = self._no_answer[key] = _no_answer(self.unseen, situation, size)
        return chance


class _Hand:
    """A hand in short: each face with its copies, the size and the shape (see
    :func:`_shape`). Taking cards out costs a few steps, however large the hand."""

    __slots__ = ("counts", "shape", "size")

    def __init__(self, counts: dict[Card, int], size: int, shape: tuple[int, ...]) -> None:
        self.counts = counts
        self.size = size
        self.shape = shape

    @classmethod
    def of(cls, cards: Sequence[Card]) -> _Hand:
        return cls(dict(Counter(cards)), len(cards), _shape(cards))

    def without(self, card: Card, count: int) -> _Hand:
        """The hand after playing ``count`` copies of ``card`` (which it holds)."""
        counts = dict(self.counts)
        counts[card] -= count
        if not counts[card]:
            del counts[card]
        shape = list(self.shape)
        shape[_shape_index(card)] -= count
        return _Hand(counts, self.size - count, tuple(shape))

    def one_lead(self) -> bool:
        """Whether leading empties the hand at once (one card that leads, or identical shot
        cards)."""
        if len(self.counts) != 1:
            return False
        face = next(iter(self.counts))
        return face.kind is CardKind.SHOT or (self.size == 1 and leads(face))


def _all_allowed(moves: object, view: View) -> bool:
    """Whether ``moves`` is a sequence of one or more of the moves ``view``'s player has."""
    if not isinstance(moves, Sequence) or not moves:
        return False
    allowed = set(view_moves(view))
    try:
        return all(type(move) in _MOVE_TYPES and move in allowed for move in moves)
    except TypeError:  # a move holding something that cannot be hashed
        return False


_MOVE_TYPES = frozenset({Play, Lob, Offense, PickUp})


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
    if not answering:
        return 1.0
    chance = 1.0
    for i in range(min(size, pool)):
        if pool - i <= answering:
            return 0.0
        chance *= (pool - i - answering) / (pool - i)
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
    elif card.kind in SPECIAL_KINDS:  # Yours and Challenge pass on what the bot faced
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
        counts[_shape_index(card)] += 1
    return tuple(counts)


def _shape_index(card: Card) -> int:
    """The part of a shape that ``card`` counts in."""
    if card.kind is CardKind.SHOT:
        assert card.source is not None
        return _SHAPE_INDEX[card.source]
    if card.kind is CardKind.ATTACK:
        return 4 if card.zone is Zone.BASELINE else 5
    return 6 if card.kind is CardKind.OFFENSE else 7


@_kept.lru(65536, owner=__name__)
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
