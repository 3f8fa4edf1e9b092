"""The full check of a Le Rally state or view that came from outside the rules.

A state that the rules built is trusted; any other (hand-made, loaded from JSON, unpickled,
changed with ``attrs.evolve``) is checked once, on its first use, and refused with
``InvalidStateError`` unless the rules could reach it: the fields have the rules' own types,
the cards are exactly those of the config's card list, and every counter, seat and score lies
within what a match of its config can reach. A view gets the same check of everything it
shows, its hidden cards counted, and is refused with ``InvalidViewError``.

Every check runs in time linear in the size of what it is given and stops at the first problem;
no message repeats what it was given beyond a short excerpt.
"""

from __future__ import annotations

import functools
import operator
from collections import Counter
from collections.abc import Callable
from itertools import chain
from typing import TypeVar

from cardgames._engine import ByIdentity, TupleChecker, all_cards_at_once
from cardgames.errors import CardgamesError, InvalidStateError, InvalidViewError, excerpt
from cardgames.game import SPECTATOR, Outcome
from cardgames.lerally.cards import Card, CardKind, Section, is_card
from cardgames.lerally.config import Config, Format, check_config, deck_cards
from cardgames.lerally.moves import MIN_LOB, Lob, Offense, PickUp, Play
from cardgames.lerally.score import (
    FAST_FOUR_GAMES,
    FIVE_ALL,
    FORTY,
    SET_GAMES,
    SET_LEAD,
    SEVEN,
    TIED_SIDES,
    match_reason,
    most_games,
    players_of,
    side_of_player,
)
from cardgames.lerally.state import Ending, RallyWin, Score, State, View
from cardgames.rng import Rng

__all__ = ["TRUSTED", "check_state", "check_view", "checked", "score_problem"]

#: The memo of a state that the rules built, or that has passed :func:`check_state`.
TRUSTED = object()

#: Characters of a type's name that a message shows at most.
_TYPE_NAME = 40

_T = TypeVar("_T")


def check_state(state: State) -> State:
    """``state`` if it is a Le Rally state the rules can reach; ``InvalidStateError`` (saying
    what is wrong) if not.

    States made by the rules are trusted; any other is checked once, on its first use.
    """
    return checked(state)


def checked(state: object) -> State:
    """``state`` if it is a state the rules can reach (see :func:`check_state`), whatever it is
    given: the check the rules run on every state they are handed."""
    if type(state) is not State:
        hint = " (a view cannot stand for a state; resample() builds one)"
        extra = hint if isinstance(state, View) else ""
        raise InvalidStateError(f"expected a lerally State, got {_type_name(state)}{extra}")
    if getattr(state, "_memo", None) is None:
        problem = _first_problem(_state_problem, state)
        if problem is not None:
            raise InvalidStateError(f"not a playable lerally state: {problem}")
        object.__setattr__(state, "_memo", TRUSTED)
    return state


def check_view(view: View) -> View:
    """``view`` if some state the rules can reach shows it to its player; ``InvalidViewError``
    (saying what is wrong) if not.

    The check is that of :func:`check_state` on everything the view shows, with the hidden
    cards (the other hands and the deck) counted by their sizes.
    """
    if type(view) is not View:
        hint = " (view(state, player) makes one of a state)" if isinstance(view, State) else ""
        raise InvalidViewError(f"expected a View of lerally, got {_type_name(view)}{hint}")
    problem = _first_problem(_view_problem, view)
    if problem is not None:
        raise InvalidViewError(f"not a lerally view of any playable state: {problem}")
    return view


@functools.lru_cache(maxsize=32)
def deck_counts(config: Config) -> Counter[Card]:
    """How many cards of each face a match of ``config`` is played with (shared: not to be
    changed)."""
    return Counter(deck_cards(config))


class _Facts:
    """What the checks read off a config that passed ``check_config``, worked out once: the
    config's properties are computed on every access, and most states of a match share one
    config object."""

    __slots__ = (
        "best_of",
        "counts",
        "format",
        "most_games",
        "players",
        "rally_limit",
        "sets_to_win",
        "side_of",
        "sides",
        "total",
    )

    def __init__(self, config: Config) -> None:
        self.players = config.players
        self.sides = config.sides
        #: The side of each player, by seat.
        self.side_of = tuple(side_of_player(config, p) for p in range(config.players))
        self.best_of = config.best_of
        self.sets_to_win = config.sets_to_win
        self.format = config.format
        self.most_games = most_games(config)
        self.rally_limit = config.rally_limit
        self.counts = deck_counts(config)
        #: The cards of a match.
        self.total = self.counts.total()


#: The facts of each config met, by the config's identity.
_FACTS = ByIdentity(_Facts)


def _facts(config: Config) -> _Facts:
    """The facts of ``config``, which has passed ``check_config``."""
    return _FACTS(config)


def _type_name(value: object) -> str:
    return type(value).__name__[:_TYPE_NAME]


def _first_problem(find: Callable[[_T], str | None], value: _T) -> str | None:
    """``find(value)``, with any failure of a malformed part (a field that is missing, or
    an object that cannot be compared or hashed) reported as a problem too."""
    try:
        return find(value)
    except CardgamesError as exc:
        return str(exc)
    except (AttributeError, TypeError, ValueError, KeyError, IndexError, RecursionError) as exc:
        return f"a part of it is malformed ({type(exc).__name__})"


# --- the parts -----------------------------------------------------------------------------


#: Whether a value is a tuple of well-formed cards; cards met before are known by identity.
_is_cards = TupleChecker(is_card)


def _is_hand(value: object) -> bool:
    """A hand is kept sorted, as the rules deal and draw it."""
    if not _is_cards(value):
        return False
    hand: tuple[Card, ...] = value  # type: ignore[assignment]
    return all(map(operator.le, hand, hand[1:]))  # each card against the next, at C speed


def _is_seat(value: object, players: int) -> bool:
    return type(value) is int and 0 <= value < players


def _config_problem(config: object) -> str | None:
    try:
        check_config(config)  # type: ignore[arg-type]
    except CardgamesError as exc:
        return str(exc)
    return None


def _opening_problem(s: State | View) -> str | None:
    """What the check of every state and view starts with: its config, a view's player, then
    the situation of the exchange (see :func:`_situation_problem`)."""
    problem = _config_problem(s.config)
    if problem is not None:
        return problem
    config = s.config
    if type(s) is View and not (_is_seat(s.player, config.players) or s.player == SPECTATOR):
        return (
            f"player must be a player 0-{config.players - 1} or SPECTATOR, not {excerpt(s.player)}"
        )
    return _situation_problem(s, config)


# --- states --------------------------------------------------------------------------------


def _state_problem(state: State) -> str | None:
    """What makes a state that the rules did not build unreachable, or ``None``."""
    problem = _opening_problem(state)
    if problem is not None:
        return problem
    facts = _facts(state.config)
    deck, pile, cleared, hands = state.deck, state.pile, state.cleared, state.hands
    n = facts.players
    # Every card in one tuple, checked in one pass; a failure is located by the field-by-field
    # checks below.
    every = all_cards_at_once((deck, pile, cleared), hands, n, _is_cards)
    if every is None:
        problem = _card_type_problem(state, n)
        if problem is not None:
            return problem
        every = tuple(chain(deck, pile, cleared, *hands))
    if not all(map(_is_sorted, hands)):
        return "every hand must be a sorted tuple of Card"
    # Conservation: no card is ever made or destroyed, so the cards are the config's list.
    # Neither count holds a zero, so they agree exactly when they are equal as dicts, which
    # compares at C speed (a Counter compares in a generator).
    if len(every) != facts.total or not dict.__eq__(Counter(every), facts.counts):
        return "the cards are not those of the config's card list"
    problem = _table_problem(state, facts, tuple(map(len, hands)))
    if problem is not None:
        return problem
    rng = state.rng
    if type(rng) is not Rng or type(rng.state) is not int:
        return "rng must be an Rng"
    if not 0 <= rng.state < 1 << 64:
        return "rng state must be a 64-bit unsigned int"
    return None


def _is_sorted(hand: tuple[Card, ...]) -> bool:
    """Whether a hand of cards is kept sorted, as the rules deal and draw it: each card
    against the next, at C speed."""
    return all(map(operator.le, hand, hand[1:]))


def _card_type_problem(state: State, n: int) -> str | None:
    """Which of the card fields of ``state`` is not a tuple of well-formed cards, or ``None``."""
    for name in ("deck", "pile", "cleared"):
        if not _is_cards(getattr(state, name)):
            return f"{name} must be a tuple of Card"
    if type(state.hands) is not tuple or len(state.hands) != n:
        return f"hands must be a tuple of {n} hands"
    if not all(_is_hand(hand) for hand in state.hands):
        return "every hand must be a sorted tuple of Card"
    return None


def _situation_problem(s: State | View, config: Config) -> str | None:
    """What is wrong with who moves and what they answer (the same in a state and a view)."""
    n = config.players
    over = s.result is not None
    if over and (type(s.result) is not Outcome or type(s.result.returns) is not tuple):
        return f"result must be an Outcome for {n} players"
    if over and len(s.result.returns) != n:  # type: ignore[union-attr]
        return f"result must be an Outcome for {n} players"
    if over != (s.to_move is None):
        return "nobody moves exactly when the match is over"
    if s.to_move is not None and not _is_seat(s.to_move, n):
        return f"to_move must be a player 0-{n - 1}"
    if s.last is not None and not _is_seat(s.last, n):
        return f"last must be a player 0-{n - 1}"
    if not _is_seat(s.server, n):
        return f"server must be a player 0-{n - 1}"
    if type(s.leading) is not bool:
        return "leading must be true or false"
    if s.ball is not None and type(s.ball) is not Section:
        return "ball must be a Section or None"
    if s.attack is not None and (not is_card(s.attack) or s.attack.kind is not CardKind.ATTACK):
        return "attack must be an attack card or None"
    if type(s.attack_total) is not int or s.attack_total < 0:
        return "attack_total must be a non-negative int"
    if (s.attack is None) != (s.attack_total == 0):
        return "an attack and its total go together"
    if s.attack is not None and s.ball is not None:
        return "facing an attack, the ball is in no section"
    if s.leading and (s.pile or s.ball or s.attack or s.last is not None):
        return "a leading player faces an empty pile"
    if not over and not s.leading and s.ball is None and s.attack is None:
        return "a player who does not lead answers a ball or an attack"
    if not over and not s.leading and s.last is None:
        return "a player who does not lead answers somebody's card"
    if over and (s.leading or s.ball is not None or s.attack is not None or s.last is not None):
        # The rally that ends the match clears the exchange's situation (the pile stays).
        return "a finished match has nobody leading or answering"
    return None


def _table_problem(s: State | View, facts: _Facts, sizes: tuple[int, ...]) -> str | None:
    """What is wrong with the pile, the hands' sizes, the score and the counters of a state or
    a view whose fields have the right types and whose cards add up; ``sizes`` are the hands'
    sizes."""
    over = s.result is not None
    if not over and not all(sizes):
        return "a player with an empty hand has already won the rally"
    problem = _pile_problem(s, facts)
    if problem is not None:
        return problem
    problem = _score_problem(facts, s.score, over)
    if problem is not None:
        return problem
    # Every decision of a rally counts, and the rally ends when it reaches the limit: a match
    # going on has made fewer, and the final rally at most that many.
    limit = facts.rally_limit
    plays = s.plays
    if type(plays) is not int or not 0 <= plays <= limit or (not over and plays == limit):
        return f"plays must be an int 0-{limit - 1} ({limit} when the limit ended the match)"
    last = s.last_rally
    if last is not None and (
        type(last) is not RallyWin
        or type(last.ending) is not Ending
        or not _is_seat(last.player, facts.players)
        or type(last.side) is not int
        or last.side != facts.side_of[last.player]
    ):
        return "last_rally must be a RallyWin of a player and their side"
    if last is not None and not _scored(s.score, last.side):
        return "last_rally: its winner has no point, game or set to show for it"
    problem = _last_move_problem(s, facts)
    if problem is not None:
        return problem
    if over:
        return _final_problem(s, s.config, sizes)
    return None


def _last_move_problem(s: State | View, facts: _Facts) -> str | None:
    """What is wrong with the move that led to ``s`` and its player: both are ``None`` (no
    move yet) or a player and a well-formed move of the config's cards."""
    mover, move = s.last_mover, s.last_move
    if mover is None and move is None:
        return None
    if not _is_seat(mover, facts.players):
        return f"last_mover must be a player 0-{facts.players - 1}, with last_move"
    kind = type(move)
    if kind is Play or kind is Lob:
        card = move.card  # type: ignore[union-attr]
        if not is_card(card) or card not in facts.counts:
            return "last_move must play a card of the config's card list"
        if kind is Lob and (
            type(move.count) is not int  # type: ignore[union-attr]
            or not MIN_LOB <= move.count <= facts.counts[card]  # type: ignore[union-attr]
        ):
            return "last_move: a lob of more copies than the card list holds"
        return None
    if kind is Offense:
        to = move.to  # type: ignore[union-attr]
        return None if type(to) is Section else "last_move: an offense lands in a Section"
    if kind is PickUp:
        return None
    return "last_move must be a Le Rally move, with last_mover"


def _pile_problem(s: State | View, facts: _Facts) -> str | None:
    """What is wrong with the rally pile and the attack to answer, or ``None``.

    A player who answers answers a card of the pile. An attack to answer is the attack card
    put down last (or passed on by Yours and Challenge), so it is on the pile, and each Hot
    Shot (the identical card) adds its value to the total: the total is a multiple of the
    value, and since every Hot Shot is a card played, the value at most once per card of the
    list.
    """
    if s.result is not None or s.leading:
        return None
    if not s.pile:
        return "a player who does not lead answers a card on the pile"
    attack = s.attack
    if attack is None:
        return None
    if attack not in s.pile:
        return "the attack to answer must be on the pile"
    total, value = s.attack_total, attack.value
    if total % value or total > value * facts.total:
        return f"attack_total must be {value} for each copy of {attack.code} played"
    return None


def score_problem(config: Config, score: object, *, over: bool) -> str | None:
    """What is wrong with ``score`` as the score of a match of ``config`` (a finished one when
    ``over``), or ``None``; ``config`` must have passed ``check_config``."""
    facts = _facts(config)
    return _first_problem(lambda value: _score_problem(facts, value, over), score)


def _scored(score: Score, side: int) -> bool:
    """Whether ``side`` holds something a won rally gives: a point or game in the current
    set, or (the set being new) a set won."""
    if score.games[side] > 0:
        return True
    return not any(score.games) and score.sets[side] > 0


#: The one type a score's counts have.
_INT = frozenset({int})


def _score_problem(facts: _Facts, score: object, over: bool) -> str | None:
    """What is wrong with a match score, or ``None``."""
    sides = facts.sides
    if type(score) is not Score:
        return f"score must hold {sides} counts of sets and of games"
    sets, games = score.sets, score.games
    if (
        type(sets) is not tuple
        or type(games) is not tuple
        or len(sets) != sides
        or len(games) != sides
        or type(score.to_seven) is not bool
        or not set(map(type, sets + games)) <= _INT
        or min(sets + games) < 0
    ):
        return f"score must hold {sides} counts of sets and of games"
    # A side that wins its last set needed wins the match, which then stops: no side holds more
    # sets than that, and only the winner of a finished match holds that many.
    target = facts.sets_to_win
    if max(sets) > target or sets.count(target) != (1 if over else 0):
        return f"score: the sets do not fit a best of {facts.best_of}"
    if score.to_seven and facts.format is not Format.ONE_SET:
        return "only a One Set set goes to seven"
    if over:
        return _final_games_problem(facts, score)
    if max(games) > facts.most_games:
        return "score: the games would have ended the set"
    if facts.format is Format.ONE_SET:
        # Once two sides stand at 5 games the set goes to seven; before that no side can have
        # 6 games without a lead of 2 (it would have won the set at 6).
        if score.to_seven != (sum(1 for g in games if g >= FIVE_ALL) >= TIED_SIDES):
            return (
                f"score: with games {_games(games)} the set goes to seven exactly when two "
                "sides have 5"
            )
        if not score.to_seven:
            for side, g in enumerate(games):
                others = max((h for s, h in enumerate(games) if s != side), default=0)
                if g >= SET_GAMES and g - others >= SET_LEAD:
                    return "score: the games would have ended the set"
    return None


def _games(games: tuple[int, ...]) -> str:
    """The games of a score already known to be small, as a tuple reads."""
    return str(games)


def _final_games_problem(facts: _Facts, score: Score) -> str | None:
    """What is wrong with the games a finished match keeps of its last set, or ``None``.

    The winning rally ends the set: in Shot Gun nobody counts games; in One Game the winner
    stood on 40; in Fast Four they reached 4; in One Set they reached 6 with a lead of 2
    before five all, or 7 after it.
    """
    games = score.games
    winner = score.sets.index(facts.sets_to_win)
    mine = games[winner]
    best_other = max(g for side, g in enumerate(games) if side != winner)
    fmt = facts.format
    if fmt is Format.SHOT_GUN:
        fits = mine == 0 and best_other == 0
    elif fmt is Format.ONE_GAME:
        fits = mine == FORTY and best_other <= FORTY
    elif fmt is Format.FAST_FOUR:
        fits = mine == FAST_FOUR_GAMES and best_other < FAST_FOUR_GAMES
    elif score.to_seven:
        fives = sum(1 for g in games if g >= FIVE_ALL)
        fits = mine == SEVEN and best_other < SEVEN and fives >= TIED_SIDES
    else:
        fits = mine == SET_GAMES and best_other <= SET_GAMES - SET_LEAD
    return None if fits else "score: the games of the last set do not end the match"


def _final_problem(s: State | View, config: Config, sizes: tuple[int, ...]) -> str | None:
    """What is wrong with a finished match, or ``None``: the side with the sets has won, by
    the last rally, with the result the rules give it, and the rally ended as it says."""
    winner = s.score.sets.index(config.sets_to_win)
    last = s.last_rally
    if last is None or last.side != winner:
        return "last_rally must be the winning side's"
    expected = Outcome.win(
        set(players_of(config, winner)), config.players, match_reason(config, s.score, winner)
    )
    result = s.result
    assert result is not None
    if (
        type(result.winners) is not frozenset
        or result.winners != expected.winners
        or result.returns != expected.returns
        or type(result.reason) is not str
        or result.reason != expected.reason
    ):
        return "result must be the winning side's Outcome"
    limit = config.rally_limit
    if last.ending is Ending.EMPTY_HAND:
        # The winner played their last card (a decision of the rally); nobody else is out.
        empty = [p for p, size in enumerate(sizes) if size == 0]
        if empty != [last.player] or s.plays == 0:
            return "the match was won by emptying the winner's hand, and only theirs"
        return None
    if s.plays != limit or not all(sizes):
        return f"a match ended by the rally limit ends at {limit} decisions, every hand held"
    first = (s.server + 1) % config.players
    order = [(first + i) % config.players for i in range(config.players)]
    if min(order, key=lambda p: sizes[p]) != last.player:
        return "at the rally limit the rally goes to the fewest cards, first from the server's left"
    return None


# --- views ---------------------------------------------------------------------------------


def _view_problem(view: View) -> str | None:
    """What keeps ``view`` from being the view of a state the rules can reach, or ``None``."""
    problem = _opening_problem(view)
    if problem is not None:
        return problem
    config = view.config
    n = config.players
    for name in ("hand", "pile", "cleared"):
        if type(getattr(view, name)) is not tuple:
            return f"{name} must be a tuple of Card"
    # Conservation: what the view shows is part of the card list (so every card it shows is
    # one of the list's), and the hidden hands and the deck hold the rest.
    facts = _facts(config)
    every = facts.counts
    shown: Counter[Card] = Counter(view.hand)
    shown.update(view.pile)
    shown.update(view.cleared)
    if any(count > every[card] for card, count in shown.items()):
        return "the view shows cards that are not in its config's card list"
    for name in ("pile", "cleared"):
        if not _is_cards(getattr(view, name)):
            return f"{name} must be a tuple of Card"
    if not _is_hand(view.hand):
        return "hand must be a sorted tuple of Card"
    sizes = view.hand_sizes
    if (
        type(sizes) is not tuple
        or len(sizes) != n
        or not all(type(size) is int and size >= 0 for size in sizes)
    ):
        return f"hand_sizes must be {n} non-negative ints"
    if type(view.deck_size) is not int or view.deck_size < 0:
        return "deck_size must be a non-negative int"
    hidden = view.deck_size + sum(size for p, size in enumerate(sizes) if p != view.player)
    if len(view.hand) + len(view.pile) + len(view.cleared) + hidden != every.total():
        return "the view's card counts do not add up to its config's card list"
    if view.player == SPECTATOR:
        if view.hand:
            return "a spectator's view shows no hand"
    elif sizes[view.player] != len(view.hand):
        return "hand_sizes must count the view's own hand"
    return _table_problem(view, facts, sizes)
