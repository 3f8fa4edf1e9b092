"""The rules of Le Rally read plainly: the oracle every quick path of the game is held to.

Nothing here is kept between calls and nothing is worked out ahead: the legal moves are listed
card by card from the hand's faces, with the same predicates the rules use
(:mod:`.answering`); a move is found among them by equality and applied to a draft whose
chores go one card at a time; a new match is laid out field by field and dealt one card at a
time. The library never calls this module; the tests hold the rules to it
(``tests/test_lerally_lockstep.py``), state by state through random matches of every preset.
"""

from __future__ import annotations

from collections import Counter

from cardgames.errors import IllegalMoveError
from cardgames.lerally.answering import lobs, may_play
from cardgames.lerally.cards import Card, CardKind, Section
from cardgames.lerally.checks import checked
from cardgames.lerally.config import Config, check_config, deck_cards
from cardgames.lerally.draft import Draft, next_player
from cardgames.lerally.moves import MIN_LOB, Lob, Move, Offense, PickUp, Play
from cardgames.lerally.notation import describe
from cardgames.lerally.playing import APPLY
from cardgames.lerally.state import Score, State
from cardgames.rng import Rng, check_seed

__all__ = ["apply_move", "deal", "legal_moves", "new_game", "options", "take"]


def options(
    hand: tuple[Card, ...],
    leading: bool,
    ball: Section | None,
    attack: Card | None,
    own_card: bool,
) -> tuple[Move, ...]:
    """Every move open with ``hand`` in this situation: for each face of the hand in order
    that may be played, the card (the offense card landing in each section), then its lobs of
    2 up to every copy held; picking up alone when no card may be played."""
    moves: list[Move] = []
    for face, copies in sorted(Counter(hand).items()):
        if not may_play(face, leading, ball, attack, own_card):
            continue
        if face.kind is CardKind.OFFENSE:
            moves.extend(Offense(section) for section in Section)
            continue
        moves.append(Play(face))
        if lobs(face):
            moves.extend(Lob(face, count) for count in range(MIN_LOB, copies + 1))
    return tuple(moves) or (PickUp(),)


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the player to move, in the order of the rules; ``()`` once over."""
    state = checked(state)
    player = state.to_move
    if state.result is not None or player is None:
        return ()
    own_card = state.last == player
    return options(state.hands[player], state.leading, state.ball, state.attack, own_card)


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``, which must be one of :func:`legal_moves` (``IllegalMoveError``
    if not): its rule applied to a draft whose cards move one at a time."""
    if move not in legal_moves(state):
        raise IllegalMoveError(f"{describe(move)}: not one of the legal moves")
    d = _CardByCard(state)
    d.last_mover, d.last_move = state.to_move, move
    APPLY[type(move)](d, move)
    return d.finish()


def new_game(config: Config | None = None, *, seed: int) -> State:
    """A fresh match: the first server drawn (unless the config names one), every card dealt
    one at a time (:func:`deal`), the table laid out field by field."""
    config = Config() if config is None else config
    check_config(config)
    check_seed(seed)
    rng = Rng.from_seed(seed)
    server = config.first_server
    if server is None:
        server, rng = rng.below(config.players)
    deck, hands, rng = deal(config, server, rng)
    sides = config.sides
    return State(
        config=config,
        to_move=next_player(config, server),
        leading=True,
        ball=None,
        attack=None,
        attack_total=0,
        last=None,
        deck=deck,
        pile=(),
        cleared=(),
        hands=hands,
        server=server,
        score=Score((0,) * sides, (0,) * sides),
        rng=rng,
    )


def deal(
    config: Config, server: int, rng: Rng
) -> tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...], Rng]:
    """A deal by ``server``: every card shuffled, then dealt one at a time from the deck's end,
    starting on the server's left; the deck left, the sorted hands and the next generator."""
    deck, rng = rng.shuffled(deck_cards(config))
    hands: list[list[Card]] = [[] for _ in range(config.players)]
    first = next_player(config, server)
    top = len(deck)
    for _ in range(config.hand_size):
        for i in range(config.players):
            top -= 1
            hands[(first + i) % config.players].append(deck[top])
    return deck[:top], tuple(tuple(sorted(hand)) for hand in hands), rng


def take(hand: tuple[Card, ...], card: Card, count: int) -> tuple[Card, ...]:
    """``hand`` without ``count`` copies of ``card``, taken out one by one."""
    rest = list(hand)
    for _ in range(count):
        rest.remove(card)
    return tuple(rest)


class _CardByCard(Draft):
    """The draft with the chores the rules ask of it done one card at a time."""

    __slots__ = ()

    def take(self, player: int, card: Card, count: int = 1) -> None:
        hands = list(self.hands)
        hands[player] = take(hands[player], card, count)
        self.hands = tuple(hands)

    def pick_up(self, player: int, count: int) -> None:
        drawn: list[Card] = []
        for _ in range(count):
            if not self.deck:
                if not self.cleared:
                    break
                self.deck, self.rng = self.rng.shuffled(self.cleared)
                self.cleared = ()
            drawn.append(self.deck[-1])
            self.deck = self.deck[:-1]
        if drawn:
            hands = list(self.hands)
            hands[player] = tuple(sorted(hands[player] + tuple(drawn)))
            self.hands = tuple(hands)
