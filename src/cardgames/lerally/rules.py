"""The rules of Le Rally: the deal, exchanges of shots, attacks and special cards, rallies and
the score of every match format.

Two words matter: a **rally** is the scoring unit (deal six cards each; the first player to
empty their hand wins it) and an **exchange** is the run of cards on the rally pile, which ends
when a player cannot answer (they pick up and the next player leads) or plays Just Out.

:func:`legal_moves` decides legality: a move is legal exactly when it is in that list. Plays are
cached by the cards of a hand that matter in the situation, which many hands share.
``apply_move`` copies the state into a :class:`_Draft`, lets one rule function change it and
freezes it into the next state; the old state is never touched.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable

from cardgames._engine import find_move
from cardgames.errors import IllegalMoveError, InvalidPlayerError, InvalidStateError, excerpt
from cardgames.game import Outcome
from cardgames.lerally.cards import Card, CardKind, Section, is_card
from cardgames.lerally.checks import TRUSTED, score_problem
from cardgames.lerally.checks import check_state as checked
from cardgames.lerally.config import Config, check_config, deck_cards
from cardgames.lerally.moves import MIN_LOB, Lob, Move, Offense, PickUp, Play
from cardgames.lerally.score import (
    add_rally,
    match_reason,
    players_of,
    rallies_bound,
    side_of_player,
)
from cardgames.lerally.state import Ending, RallyWin, Score, State, View
from cardgames.rng import Rng, check_seed

__all__ = [
    "PICK_UP",
    "apply_move",
    "checked",
    "current_player",
    "is_over",
    "legal_moves",
    "max_rallies",
    "new_game",
    "outcome",
    "score_rally",
    "side_of",
    "team",
    "view_moves",
]

#: Cards picked up by a player who cannot play (unless an attack says more), and by the victim
#: of a Just Out.
PICK_UP = 3

_PICK_UP = PickUp()
_PICK_UP_ONLY: tuple[Move, ...] = (_PICK_UP,)


# --- sides and seats -----------------------------------------------------------------------


def side_of(config: Config, player: int) -> int:
    """The side a player scores for: themselves, or in doubles their team."""
    check_config(config)
    _check_number("player", player, config.players)
    return side_of_player(config, player)


def team(config: Config, side: int) -> tuple[int, ...]:
    """The players of a side, in seat order."""
    check_config(config)
    _check_number("side", side, config.sides)
    return players_of(config, side)


def _check_number(what: str, value: object, count: int) -> None:
    """Raise ``InvalidPlayerError`` unless ``value`` is an int ``0 .. count - 1``."""
    if type(value) is not int or not 0 <= value < count:
        raise InvalidPlayerError(f"{what} must be an int 0-{count - 1}, got {excerpt(value)}")


def _next(config: Config, player: int) -> int:
    """The player on ``player``'s left, who plays after them."""
    return (player + 1) % config.players


# --- legal moves ---------------------------------------------------------------------------


def _options(
    hand: tuple[Card, ...],
    leading: bool,
    ball: Section | None,
    attack: Card | None,
    last_is_me: bool,
) -> tuple[Move, ...]:
    """Every play open with ``hand`` in this situation (see :func:`_options_of`), looked up by
    the cards of the hand that can matter in the situation, which many hands share."""
    useful = tuple(filter(_relevance(leading, ball, attack).__getitem__, hand))
    return _options_of(useful, leading, ball, attack, last_is_me)


class _Relevance(dict[Card, bool]):
    """Whether each card could be played in one situation, worked out once per card."""

    def __init__(self, leading: bool, ball: Section | None, attack: Card | None) -> None:
        super().__init__()
        self.situation = (leading, ball, attack)

    def __missing__(self, card: Card) -> bool:
        value = self[card] = _matters(card, *self.situation)
        return value


@functools.lru_cache(maxsize=256)
def _relevance(leading: bool, ball: Section | None, attack: Card | None) -> _Relevance:
    return _Relevance(leading, ball, attack)


def _matters(card: Card, leading: bool, ball: Section | None, attack: Card | None) -> bool:
    """Whether ``card`` could be played in this situation."""
    kind = card.kind
    if leading:
        return kind is CardKind.SHOT or kind is CardKind.OFFENSE
    if attack is not None:
        return card == attack or kind in _SPECIAL_KINDS
    if kind is CardKind.SHOT:
        return card.source is ball
    if kind is CardKind.ATTACK:
        return ball is not None and card.zone is ball.zone
    return True


_SPECIAL_KINDS = frozenset({CardKind.JUST_OUT, CardKind.YOURS, CardKind.CHALLENGE})


@functools.lru_cache(maxsize=16384)
def _options_of(
    hand: tuple[Card, ...],
    leading: bool,
    ball: Section | None,
    attack: Card | None,
    last_is_me: bool,
) -> tuple[Move, ...]:
    """Every play open with ``hand`` in this situation, or picking up when there is none.

    Leading, a player may lead a shot, a lob or the offense card. Facing an attack, only the
    identical attack card (a Hot Shot) or a special card answers it. Otherwise a shot from the
    ball's section, a lob of such shots, an attack card of the section's zone, the offense card
    or a special card. Just Out and Challenge need a previous player other than oneself.
    """
    counts = Counter(hand)
    moves: list[Move] = []
    specials = not leading and not last_is_me
    for face in sorted(counts):
        kind = face.kind
        if kind is CardKind.SHOT:
            if attack is None and (leading or face.source is ball):
                moves.append(_play(face))
                moves.extend(_lob(face, n) for n in range(MIN_LOB, counts[face] + 1))
        elif kind is CardKind.ATTACK:
            fits = (
                face == attack
                if attack is not None
                else ball is not None and face.zone is ball.zone
            )
            if not leading and fits:
                moves.append(_play(face))
        elif kind is CardKind.OFFENSE:
            if attack is None:
                moves.extend(_OFFENSES)
        elif kind is CardKind.YOURS:
            if not leading:
                moves.append(_play(face))
        elif specials:
            moves.append(_play(face))
    return tuple(moves) or _PICK_UP_ONLY


_OFFENSES = tuple(Offense(section) for section in Section)


@functools.lru_cache(maxsize=1024)
def _play(card: Card) -> Play:
    return Play(card)


@functools.lru_cache(maxsize=1024)
def _lob(card: Card, count: int) -> Lob:
    return Lob(card, count)


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the player to move, in a fixed order; ``()`` once over.

    Playing is compulsory: ``PickUp`` is offered only when no card can be played.
    """
    memo = None
    if type(state) is State:
        try:
            memo = state._memo
        except AttributeError:  # a shell without its fields (State.__new__): checked refuses it
            memo = None
    if type(memo) is tuple:
        return memo
    moves = _legal(checked(state))
    object.__setattr__(state, "_memo", moves)
    return moves


def view_moves(view: View) -> tuple[Move, ...]:
    """The legal moves of ``view``'s player, as :func:`legal_moves` gives them in every state
    that shows ``view`` (``()`` when another player is to move); ``view`` must have passed
    ``check_view``."""
    if view.result is not None or view.to_move != view.player:
        return ()
    return _options(view.hand, view.leading, view.ball, view.attack, view.last == view.player)


def _legal(state: State) -> tuple[Move, ...]:
    if state.result is not None or state.to_move is None:
        return ()
    player = state.to_move
    return _options(
        state.hands[player], state.leading, state.ball, state.attack, state.last == player
    )


# --- the public functions ------------------------------------------------------------------


def new_game(config: Config | None = None, *, seed: int) -> State:
    """A fresh match: the first server shuffles and deals, the player on their left leads.

    >>> state = new_game(seed=1)
    >>> len(state.hands[0]), state.leading
    (6, True)
    """
    config = Config() if config is None else config
    check_config(config)
    check_seed(seed)
    rng = Rng.from_seed(seed)
    server = config.first_server
    if server is None:
        server, rng = rng.below(config.players)
    sides = config.sides
    d = _Draft.blank(config, server, Score((0,) * sides, (0,) * sides), rng)
    _deal(d)
    return d.finish()


def current_player(state: State) -> int | None:
    """The player to move, or ``None`` once the match is over."""
    return checked(state).to_move


def is_over(state: State) -> bool:
    """Whether the match has ended."""
    return checked(state).result is not None


def outcome(state: State) -> Outcome | None:
    """How the match ended, or ``None`` while it goes on."""
    return checked(state).result


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``; raises ``IllegalMoveError`` (changing nothing) if not legal."""
    moves = legal_moves(state)
    legal = find_move(moves, move)
    if legal is None:
        raise IllegalMoveError(_why_illegal(state, move))
    d = _Draft(state)
    _APPLY[type(legal)](d, legal)
    return d.finish()


# --- the draft -----------------------------------------------------------------------------


class _Draft:
    """The fields of a :class:`State`, writable, for the length of one ``apply_move``."""

    __slots__ = (
        "attack",
        "attack_total",
        "ball",
        "cleared",
        "config",
        "deck",
        "hands",
        "last",
        "last_rally",
        "leading",
        "pile",
        "plays",
        "result",
        "rng",
        "score",
        "server",
        "to_move",
    )

    def __init__(self, s: State) -> None:
        self.config = s.config
        self.to_move = s.to_move
        self.leading = s.leading
        self.ball = s.ball
        self.attack = s.attack
        self.attack_total = s.attack_total
        self.last = s.last
        self.deck = s.deck
        self.pile = s.pile
        self.cleared = s.cleared
        self.hands = s.hands
        self.server = s.server
        self.score = s.score
        self.rng = s.rng
        self.plays = s.plays
        self.last_rally = s.last_rally
        self.result = s.result

    @classmethod
    def blank(cls, config: Config, server: int, score: Score, rng: Rng) -> _Draft:
        empty = State(
            config=config,
            to_move=None,
            leading=True,
            ball=None,
            attack=None,
            attack_total=0,
            last=None,
            deck=(),
            pile=(),
            cleared=(),
            hands=((),) * config.players,
            server=server,
            score=score,
            rng=rng,
        )
        return cls(empty)

    def finish(self) -> State:
        state = State(
            self.config,
            self.to_move,
            self.leading,
            self.ball,
            self.attack,
            self.attack_total,
            self.last,
            self.deck,
            self.pile,
            self.cleared,
            self.hands,
            self.server,
            self.score,
            self.rng,
            self.plays,
            self.last_rally,
            self.result,
        )
        object.__setattr__(state, "_memo", TRUSTED)
        return state

    def take(self, player: int, card: Card, count: int = 1) -> None:
        hand = list(self.hands[player])
        for _ in range(count):
            hand.remove(card)
        self._set_hand(player, tuple(hand))

    def _set_hand(self, player: int, hand: tuple[Card, ...]) -> None:
        hands = list(self.hands)
        hands[player] = hand
        self.hands = tuple(hands)

    def pick_up(self, player: int, count: int) -> None:
        """``player`` picks up ``count`` cards off the deck; the cleared cards are shuffled into
        a new deck when it runs out, and picking up stops when both are empty.

        The cards come off the deck's end a run at a time (the hand is sorted, so their order
        does not matter): a pick-up of thousands of cards costs one pass, not one per card.
        """
        drawn: tuple[Card, ...] = ()
        while count > 0:
            if not self.deck:
                if not self.cleared:
                    break
                self.deck, self.rng = self.rng.shuffled(self.cleared)
                self.cleared = ()
            take = min(count, len(self.deck))
            drawn += self.deck[-take:]
            self.deck = self.deck[:-take]
            count -= take
        if drawn:
            self._set_hand(player, tuple(sorted(self.hands[player] + drawn)))

    def end_exchange(self, leader: int) -> None:
        """Clear the pile; ``leader`` starts the next exchange."""
        self.cleared = self.cleared + self.pile
        self.pile = ()
        self.ball, self.attack, self.attack_total, self.last = None, None, 0, None
        self.to_move, self.leading = leader, True


# --- the deal and the moves ----------------------------------------------------------------


def _deal(d: _Draft) -> None:
    """Shuffle every card; the server deals ``hand_size`` cards to each player, one at a time,
    starting on their left, who then leads."""
    config = d.config
    deck, d.rng = d.rng.shuffled(deck_cards(config))
    hands: list[list[Card]] = [[] for _ in range(config.players)]
    first = _next(config, d.server)
    top = len(deck)
    for _ in range(config.hand_size):
        for i in range(config.players):
            top -= 1
            hands[(first + i) % config.players].append(deck[top])
    d.deck = deck[:top]
    d.hands = tuple(tuple(sorted(hand)) for hand in hands)
    d.pile, d.cleared, d.plays = (), (), 0
    d.ball, d.attack, d.attack_total, d.last = None, None, 0, None
    d.to_move, d.leading = first, True


def _apply_play(d: _Draft, move: Play) -> None:
    player = d.to_move
    assert player is not None
    card = move.card
    d.take(player, card)
    d.pile = (*d.pile, card)
    kind = card.kind
    if kind is CardKind.SHOT:
        _land(d, player, card.target, _next(d.config, player))
    elif kind is CardKind.ATTACK:
        d.attack_total = d.attack_total + card.value if d.attack is not None else card.value
        d.attack, d.ball, d.last = card, None, player
        _turn_to(d, _next(d.config, player))
    elif kind is CardKind.JUST_OUT:
        victim = d.last
        assert victim is not None
        d.pick_up(victim, PICK_UP)
        d.end_exchange(player)
        _after_play(d, player)
    elif kind is CardKind.YOURS:
        d.last = player
        _turn_to(d, _next(d.config, player))
    else:  # CHALLENGE: the player of the card before answers the shot themselves
        challenged = d.last
        assert challenged is not None
        d.last = player
        _turn_to(d, challenged)


def _apply_lob(d: _Draft, move: Lob) -> None:
    player = d.to_move
    assert player is not None
    d.take(player, move.card, move.count)
    d.pile = d.pile + (move.card,) * move.count
    _land(d, player, move.card.target, _next(d.config, _next(d.config, player)))


def _apply_offense(d: _Draft, move: Offense) -> None:
    player = d.to_move
    assert player is not None
    card = next(c for c in d.hands[player] if c.kind is CardKind.OFFENSE)
    d.take(player, card)
    d.pile = (*d.pile, card)
    _land(d, player, move.to, _next(d.config, player))


def _land(d: _Draft, player: int, section: Section | None, answerer: int) -> None:
    """A shot by ``player`` lands in ``section``; ``answerer`` plays from there."""
    d.ball, d.attack, d.attack_total, d.last, d.leading = section, None, 0, player, False
    _turn_to(d, answerer)


def _turn_to(d: _Draft, answerer: int) -> None:
    player = d.to_move
    assert player is not None
    d.to_move = answerer
    d.leading = False
    _after_play(d, player)


def _apply_pick_up(d: _Draft, move: PickUp) -> None:
    player = d.to_move
    assert player is not None
    d.pick_up(player, d.attack_total if d.attack is not None else PICK_UP)
    d.end_exchange(_next(d.config, player))
    _after_play(d, player)


def _after_play(d: _Draft, player: int) -> None:
    """Count the decision; a player out of cards wins the rally, and so does the side with
    the fewest cards when the rally reaches its limit."""
    d.plays += 1
    if not d.hands[player]:
        _win_rally(d, player, Ending.EMPTY_HAND)
    elif d.plays >= d.config.rally_limit:
        first = _next(d.config, d.server)
        order = [(first + i) % d.config.players for i in range(d.config.players)]
        fewest = min(order, key=lambda p: len(d.hands[p]))
        _win_rally(d, fewest, Ending.RALLY_LIMIT)


def _win_rally(d: _Draft, player: int, ending: Ending) -> None:
    config = d.config
    side = side_of_player(config, player)
    d.last_rally = RallyWin(side, player, ending)
    d.score, winner = add_rally(config, d.score, side)
    if winner is not None:
        reason = match_reason(config, d.score, winner)
        d.result = Outcome.win(set(players_of(config, winner)), config.players, reason)
        d.to_move, d.leading = None, False
        d.ball, d.attack, d.attack_total, d.last = None, None, 0, None
        return
    d.server = _next(config, d.server)
    _deal(d)


_APPLY: dict[type, Callable[[_Draft, object], None]] = {
    Play: _apply_play,  # type: ignore[dict-item]
    Lob: _apply_lob,  # type: ignore[dict-item]
    Offense: _apply_offense,  # type: ignore[dict-item]
    PickUp: _apply_pick_up,  # type: ignore[dict-item]
}


# --- the score ---------------------------------------------------------------------------


def score_rally(config: Config, score: Score, side: int) -> tuple[Score, int | None]:
    """The score after ``side`` wins a rally, and the side that has won the match, if any.

    ``InvalidConfigError``, ``InvalidStateError`` or ``InvalidPlayerError`` for a config, a
    score of a set going on or a side that the match cannot have.
    """
    check_config(config)
    problem = score_problem(config, score, over=False)
    if problem is not None:
        raise InvalidStateError(f"not a lerally score of a match going on: {problem}")
    _check_number("side", side, config.sides)
    return add_rally(config, score, side)


def max_rallies(config: Config) -> int:
    """A bound on the rallies of a match: a side can win at most one rally short of every set
    target without ending the set, and at most one set short of the match."""
    check_config(config)
    return rallies_bound(config)


# --- why a move is not legal ---------------------------------------------------------------


def _why_illegal(state: State, move: object) -> str:
    """The reason ``move`` is not legal in ``state``, for the ``IllegalMoveError``."""
    from cardgames.lerally.notation import describe

    what = describe(move)
    if state.result is not None:
        return f"{what}: the match is over"
    player = state.to_move
    assert player is not None
    hand = state.hands[player]
    if not isinstance(move, Play | Lob | Offense | PickUp):
        return f"{what}: not a lerally move (play, lob, offense or pick up)"
    if isinstance(move, Play | Lob) and not is_card(move.card):
        return f"{what}: its card is not a card"
    if isinstance(move, Lob):
        count = move.count
        if type(count) is not int or count < MIN_LOB or move.card.kind is not CardKind.SHOT:
            return f"{what}: a lob is two or more identical shot cards"
    if isinstance(move, Play | Lob):
        needed = move.count if isinstance(move, Lob) else 1
        held = sum(1 for card in hand if card == move.card)
        if held < needed:
            return f"{what}: player {player} holds {held} of that card"
    if isinstance(move, Play) and move.card.kind is CardKind.OFFENSE:
        return f"{what}: the offense card is played as Offense(to=section), naming where it lands"
    if isinstance(move, Offense):
        if type(move.to) is not Section:
            return f"{what}: where it lands is not a section (BL, BR, NL or NR)"
        if not any(card.kind is CardKind.OFFENSE for card in hand):
            return f"{what}: player {player} holds no offense card"
    if _PICK_UP in legal_moves(state):
        return f"{what}: player {player} can play no card and must pick up"
    if isinstance(move, PickUp):
        return f"{what}: player {player} can play a card, and playing is compulsory"
    if state.leading:
        return (
            f"{what}: player {player} leads a new exchange with a shot, a lob or the offense card"
        )
    if state.attack is not None:
        return (
            f"{what}: only the identical attack card or a special card answers "
            f"{state.attack.code} (or pick up {state.attack_total})"
        )
    if isinstance(move, Play) and move.card.kind in (CardKind.JUST_OUT, CardKind.CHALLENGE):
        return f"{what}: the last card on the pile is player {player}'s own"
    ball = state.ball.value if state.ball is not None else "nowhere"
    return f"{what}: player {player} must play from {ball}, the section the ball landed in"
