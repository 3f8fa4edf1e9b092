"""What a state of AlakaSLAM that the rules can reach looks like, checked field by field.

The rules make every state they hand out, so they never need these checks; a state from
anywhere else (JSON, a pickle from an unknown source, ``attrs.evolve``, ``resample``) is checked
once, on its first use, against every fact below. Each fact follows from the rules (see
``rules.py`` and the chapter modules it names) and is stated where it is checked. The checks
stop at the first problem, and each costs at most a pass over the state's cards: a problem is
named, never shown.
"""

from __future__ import annotations

import itertools
import operator
from collections import Counter

import attrs

from cardgames import _kept
from cardgames._engine import Passed, TupleChecker, all_cards_at_once
from cardgames.alakaslam.cards import Card, CardKind, Character, Colour, is_card
from cardgames.alakaslam.checks.turns import BETWEEN_POINTS, COURT_PHASES, half, turn_problem
from cardgames.alakaslam.config import (
    LOSER_DISCARDS,
    MAX_HIT_CARDS,
    Config,
    config_problem,
    deck_cards,
    deck_counts,
    partner,
    side_of,
)
from cardgames.alakaslam.court import Cell, court_for
from cardgames.alakaslam.moves import MOVE_TYPES
from cardgames.alakaslam.state import (
    Bind,
    Fault,
    Phase,
    Point,
    State,
    View,
    match_end,
)
from cardgames.game import Outcome
from cardgames.rng import Rng

__all__ = ["COURT_PHASES", "last_move_problem", "state_problem", "vouch_fields"]

# Enum members read by the checks, as module names: on Python 3.11 reading a member through
# its class costs about ten times as much as reading a module name, and a check reads dozens.
_HIT = CardKind.HIT
_SIMON = Character.SIMON
_NO_ANSWER = Fault.NO_ANSWER
_AFTER = Phase.AFTER
_CALL = Phase.CALL
_CHOOSE = Phase.CHOOSE
_COPY = Phase.COPY
_CORNER = Phase.CORNER
_LOSER_DISCARD = Phase.LOSER_DISCARD
_MULLIGAN = Phase.MULLIGAN
_OVER = Phase.OVER
_PICK_SERVER = Phase.PICK_SERVER
_REFILL = Phase.REFILL
_SERVE = Phase.SERVE
_SUPPORT = Phase.SUPPORT
_TARGET = Phase.TARGET

#: Phases of a shot already hit (the hitter is known) but not finished.
_SHOT_PHASES = frozenset({_SUPPORT, _TARGET, _AFTER})
#: Phases before the first serve of the match, when nobody serves yet.
_SET_UP_PHASES = frozenset({_CHOOSE, _MULLIGAN, _CALL, _PICK_SERVER})
#: A hit holds at most one Enchantment, so a doubles shot (the hitter's play and the support's)
#: leaves at most two waiting for a target.
_MOST_PENDING = 2


#: Whether a value is a tuple of well-formed cards; cards met before are known by identity.
_is_cards = _kept.keep(TupleChecker(is_card), owner=__name__)
#: The names of a state's fields, each of which a state must have.
_FIELD_NAMES = tuple(field.name for field in attrs.fields(State))


def _is_players(value: object, players: range) -> bool:
    """Whether ``value`` is a tuple of seats of ``players``, tested at C speed."""
    return (
        type(value) is tuple
        and all(map(operator.is_, map(type, value), _INTS))
        and (not value or (min(value) >= players.start and max(value) < players.stop))
    )


#: ``int`` for as long as a map needs it: ``map(operator.is_, map(type, v), _INTS)``.
_INTS = itertools.repeat(int)
_CHARACTERS = itertools.repeat(Character)


def _is_player(value: object, players: range) -> bool:
    return type(value) is int and value in players


#: States just read from JSON whose every field passed the checks of :func:`_field_problem`
#: where it was read (see :mod:`~cardgames.alakaslam.loading`), by identity: few at a time,
#: as loading checks the rest at once.
_FIELDS_PASSED = _kept.keep(Passed(16), owner=__name__)


def vouch_fields(state: State) -> None:
    """Record that every field of ``state``, just made, passed the field checks (states are
    frozen, so they still do)."""
    _FIELDS_PASSED.add(state)


def state_problem(state: State) -> str | None:
    """What makes ``state`` one that the rules cannot reach, or ``None`` if nothing does."""
    if state in _FIELDS_PASSED:
        # Made by the reader with every field, each of which passed.
        fields = None
    elif not all(map(hasattr, itertools.repeat(state), _FIELD_NAMES)):
        return "a State made without its fields"
    else:
        fields = _field_problem(state)
    return (
        fields
        or _phase_problem(state)
        or _history_problem(state)
        or _over_problem(state)
        or turn_problem(state)
        or last_move_problem(state)
    )


def last_move_problem(table: State | View) -> str | None:
    """What is wrong with the move that led to a state or view and its player: none yet (both
    ``None``), or a player (with the move, or ``None`` when the move is not known: a view of a
    face-down hit, or a state dealt from one) and a move of the game whose players, cells and
    cards are those of the match."""
    mover, move = table.last_mover, table.last_move
    if mover is None:
        return None if move is None else "last_move needs its last_mover"
    config = table.config
    if type(mover) is not int or not 0 <= mover < config.players:
        return f"last_mover must be a player 0-{config.players - 1}"
    if move is None:
        return None
    if type(move) not in MOVE_TYPES:
        return "last_move must be an AlakaSLAM move"
    counts = deck_counts(config)
    halves = court_for(config.columns).halves
    for field in attrs.fields(type(move)):
        value = getattr(move, field.name)
        if field.name == "player":
            ok = type(value) is int and 0 <= value < config.players
        elif field.name == "cards":
            ok = (
                type(value) is tuple
                and 0 < len(value) <= MAX_HIT_CARDS
                and all(is_card(card) and card in counts for card in value)
            )
        elif field.name == "card":
            ok = is_card(value) and value in counts
        elif field.name == "to":
            ok = type(value) is Cell and (value in halves[0] or value in halves[1])
        else:  # a character or a colour
            ok = type(value) in (Character, Colour)
        if not ok:
            return f"last_move: its {field.name} is not one of the match's"
    return None


def _field_problem(state: State) -> str | None:
    """Each field on its own: its type, and the range the rules keep it in."""
    config = state.config
    problem = config_problem(config)
    if problem is not None:
        return problem
    n = config.players
    phase = state.phase
    result = state.result
    if type(phase) is not Phase:
        return "phase is not a Phase"
    if (result is None) != (phase is not _OVER):
        return "the result and the phase disagree"
    if result is not None and (type(result) is not Outcome or len(result.returns) != n):
        return f"result must be an Outcome for {n} players"
    # Seats are numbered 0 .. players-1; nobody decides once the match is over.
    players = range(n)
    to_move, queue = state.to_move, state.queue
    if phase is _OVER:
        if to_move is not None or queue:
            return "nobody decides in a finished match"
    elif not _is_player(to_move, players):
        return f"to_move must be a player 0-{n - 1}"
    # Nobody waits twice for one decision, and the player deciding now is not waiting for it.
    if not _is_players(queue, players) or len(queue) >= n:
        return "queue must be a tuple of players"
    if len(set(queue)) != len(queue) or to_move in queue:
        return "queue must name each waiting player once, not the player to move"
    # One character per seat, each in play once: all of them from the deal on, and during
    # the choice as many as have chosen. Simon copies another character in play.
    chars = state.characters
    if type(chars) is not tuple or not all(map(operator.is_, map(type, chars), _CHARACTERS)):
        return "characters must be a tuple of Character"
    if len(set(chars)) != len(chars) or len(chars) > n:
        return "characters must be distinct, one per player at most"
    if len(chars) < n and phase is not _CHOOSE:
        return "every player needs a character once set-up is over"
    if config.characters is not None and chars != config.characters:
        return "the characters must be those the config names"
    copied = state.copied
    if copied is not None and (type(copied) is not Character or copied not in chars):
        return "Simon can copy only a character in play"
    if copied is not None and (_SIMON not in chars or copied is _SIMON):
        return "only Simon copies, and never himself"
    problem = _card_problem(state)
    if problem is not None:
        return problem
    return _place_problem(state, config, players)


def _on(cell: object, half: frozenset[Cell]) -> bool:
    """Whether ``cell`` is a ``Cell`` of two ints in ``half`` (a plain tuple, or a cell of
    floats or bools, is equal to a cell of the half, yet no cell)."""
    return (
        type(cell) is Cell
        and len(cell) == 2
        and type(cell[0]) is int
        and type(cell[1]) is int
        and cell in half
    )


def _place_problem(state: State, config: Config, players: range) -> str | None:
    """The fields past the cards: places on the court, the score, flags and counters."""
    n = config.players
    halves = court_for(config.columns).halves
    # Players never leave their own half, and the ball is always on the court (a shot that
    # lands off it is a fault, and the ball is then taken out of play).
    positions = state.positions
    if type(positions) is not tuple or len(positions) not in (0, n):
        return "positions must be empty or one cell per player"
    for player, cell in enumerate(positions):
        if not _on(cell, halves[side_of(player)]):
            return f"player {player} is not on a cell of their own half"
    ball = state.ball
    if ball is not None and not (_on(ball, halves[0]) or _on(ball, halves[1])):
        return "the ball is not on the court"
    # The match ends when a side reaches points_to_win, so no side ever has more.
    score = state.score
    most = config.points_to_win
    if (
        type(score) is not tuple
        or len(score) != 2
        or type(score[0]) is not int
        or type(score[1]) is not int
        or not 0 <= score[0] <= most
        or not 0 <= score[1] <= most
    ):
        return f"score must be two ints 0-{config.points_to_win}"
    if state.server is not None and not _is_player(state.server, players):
        return "server must be a player"
    if not (
        type(state.serving) is bool
        and type(state.free_step) is bool
        and type(state.meddled) is bool
        and type(state.locked) is bool
    ):
        for name in ("serving", "free_step", "meddled", "locked"):
            if type(getattr(state, name)) is not bool:
                return f"{name} must be true or false"
    moved = state.moved
    if not _is_players(moved, players) or len(set(moved)) != len(moved):
        return "moved must be a tuple of players"
    if state.hitter is not None and not _is_player(state.hitter, players):
        return "hitter must be a player"
    binds = state.binds
    if type(binds) is not tuple or len(binds) not in (0, n):
        return "binds must be empty or one count per player"
    # An Enchant-N asks for N cards (Hazel's one more), never more than a hit can hold.
    if not all(map(operator.is_, map(type, binds), _INTS)) or (
        binds and (min(binds) < 0 or max(binds) > MAX_HIT_CARDS)
    ):
        return f"binds must be card counts 0-{MAX_HIT_CARDS}"
    if (
        type(state.pending) is not tuple
        or len(state.pending) > _MOST_PENDING
        or any(
            type(b) is not Bind
            or len(b) != 2
            or not _is_player(b.player, players)
            or type(b.cards) is not int
            or not 1 <= b.cards <= MAX_HIT_CARDS
            for b in state.pending
        )
    ):
        return "pending must be a tuple of Bind"
    # The losers discard up to LOSER_DISCARDS each; a match ends when a hit reaches the limit.
    for name, value, high in (
        ("discards_left", state.discards_left, LOSER_DISCARDS),
        ("shots", state.shots, config.shot_limit),
    ):
        if type(value) is not int or not 0 <= value <= high:
            return f"{name} must be an int 0-{high}"
    point = state.last_point
    if point is not None and (
        type(point) is not Point
        or type(point.fault) is not Fault
        or type(point.side) is not int
        or point.side not in (0, 1)
    ):
        return "last_point must be a Point"
    # The generator's state is a 64-bit word (see cardgames.rng).
    if type(state.rng) is not Rng or type(state.rng.state) is not int:
        return "rng must be an Rng"
    if not 0 <= state.rng.state < 1 << 64:
        return "rng state must be a 64-bit unsigned int"
    return None


def _card_problem(state: State) -> str | None:
    """The cards: well formed, hands sorted, and every card of the config's deck exactly once
    (cards are only ever moved between the deck, the pile, the hands and the face-down play)."""
    config = state.config
    deck, discard, played, hands = state.deck, state.discard, state.played, state.hands
    # Every card in one tuple, checked in one pass; a failure is located by the field-by-field
    # checks below.
    every = all_cards_at_once((deck, discard, played), hands, config.players, _is_cards)
    if every is None:
        for name in ("deck", "discard", "played"):
            if not _is_cards(getattr(state, name)):
                return f"{name} must be a tuple of Card"
        if type(hands) is not tuple or len(hands) != config.players:
            return f"hands must be a tuple of {config.players} hands"
        for hand in hands:
            if not _is_cards(hand) or _unsorted(hand):
                return "every hand must be a sorted tuple of Card"
        every = tuple(itertools.chain(deck, discard, played, *hands))
    elif any(map(_unsorted, hands)):
        return "every hand must be a sorted tuple of Card"
    if len(every) != len(deck_cards(config)):
        return "the cards are not those of the config's deck"
    # Neither count holds a zero, so they agree exactly when they are equal as dicts, which
    # compares at C speed (a Counter compares in a generator).
    if not dict.__eq__(Counter(every), deck_counts(config)):
        return "the cards are not those of the config's deck"
    return None


def _unsorted(hand: tuple[Card, ...]) -> bool:
    """Whether a hand of cards is out of order: each card against the next, at C speed."""
    return any(map(operator.gt, hand, hand[1:]))


def _phase_problem(state: State) -> str | None:
    """The facts that tie the phase to the rest: who may decide, and what must (or may not)
    be on the table in it."""
    phase = state.phase
    mover = state.to_move
    config = state.config
    if state.result is None and max(state.score) >= config.points_to_win:
        return "a side has already won the match"
    if state.played and phase is not _SUPPORT:
        return "cards lie face down only while the support decides"
    if not config.doubles and phase in (_SUPPORT, _TARGET, _PICK_SERVER):
        return f"there is no {phase} phase in singles"
    if phase is _OVER or mover is None:
        return None
    hand = state.hands[mover]
    on_court = phase in COURT_PHASES
    if on_court and (not state.positions or state.ball is None or len(state.binds) == 0):
        return f"the {phase} phase needs the players, the ball and the binds on the court"
    if phase in _SHOT_PHASES and state.hitter is None:
        return f"the {phase} phase needs a hitter"
    if phase is _SUPPORT and (not state.played or state.hitter != partner(mover)):
        return "the support decides after the hitter, their partner, has played"
    if phase is _TARGET and (not state.pending or state.pending[0].player != mover):
        return "the target phase needs the mover's Enchantment waiting for a target"
    if phase in (_COPY, _CORNER, _SERVE) and state.server is None:
        return f"the {phase} phase needs a server"
    if phase is _COPY and (_SIMON not in state.characters or state.characters[mover] is not _SIMON):
        return "only Simon copies"
    if phase is _SERVE and (mover != state.server or state.ball != state.positions[mover]):
        return "the server serves from where they stand, with the ball"
    if phase is _CHOOSE and len(state.characters) != mover:
        return "characters are chosen in seat order"
    if phase is _CALL and not any(c.kind is _HIT for c in state.deck + state.discard):
        return "the call needs a Hit card left to reveal"
    if phase in (_MULLIGAN, _LOSER_DISCARD) and not hand:
        return f"a player with no cards has nothing to decide in the {phase} phase"
    if phase is _LOSER_DISCARD and state.discards_left < 1:
        return "the loser-discard phase needs a discard left"
    if phase is not _LOSER_DISCARD and state.discards_left:
        return "discards_left counts only in the loser-discard phase"
    if phase is _REFILL and len(hand) <= config.hand_size:
        return "only a player above the hand size discards in the refill phase"
    if phase in BETWEEN_POINTS and state.last_point is None:
        return f"the {phase} phase comes only after a point"
    return None


def _history_problem(state: State) -> str | None:
    """What the match so far must have left behind: the first serve places everybody, gives
    the binds their places and names a server, and every point needs a serve."""
    phase = state.phase
    served = bool(state.positions)
    if served != bool(state.binds):
        # The first corner choice places the players and starts counting binds; both stay.
        return "positions and binds are set together, at the first serve"
    if not served:
        if state.last_point is not None or state.shots or state.ball is not None:
            return "nothing is played before the first serve"
        if phase not in _SET_UP_PHASES and phase not in (_COPY, _CORNER):
            return f"the {phase} phase needs the players on the court"
    if state.server is None:
        if served or phase not in _SET_UP_PHASES:
            return "every phase after the colour call needs a server"
        # Before the first point hands only shrink (mulligans) from the opening size.
        if any(len(hand) > state.config.hand_size for hand in state.hands):
            return "no hand is above the hand size before the first serve"
    elif phase is _CHOOSE or phase is _CALL:
        return f"the {phase} phase comes before anybody serves"
    # A point is scored at the moment its last_point is set.
    point = state.last_point
    if point is not None and state.score[point.side] < 1:
        return "the last point's winners have no point"
    if point is not None and point.fault is _NO_ANSWER and not state.config.doubles:
        return "only a doubles support can fail to answer an Enchantment"
    return None


def _over_problem(state: State) -> str | None:
    """A finished match: its result is the one the rules give for its score and shots."""
    result = state.result
    if result is None:
        return None
    expected = match_end(state.config, state.score, state.shots)
    if expected is None:
        return "a match ends only at the winning point or at the shot limit"
    if result != expected:
        return "the result is not the one the score and the shot limit give"
    point = state.last_point
    if (
        max(state.score) == state.config.points_to_win
        and point is not None
        and state.score[point.side] != state.config.points_to_win
    ):
        return "the winning point must be the last point"
    # A match ended by its winning point has cleared the court; one ended by a good shot at
    # the shot limit keeps its hitter and where the ball landed.
    if (state.ball is None) != (state.hitter is None):
        return "a match ends with both its last hitter and its ball, or neither"
    if state.hitter is not None and state.ball not in half(state, 1 - side_of(state.hitter)):
        return "the last shot must have landed in the opponents' half"
    if state.pending or state.discards_left or state.serving or state.played:
        return "a finished match has no Enchantment waiting, discard left or serve in the air"
    return None
