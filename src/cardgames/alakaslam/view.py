"""What one player may know of a match, and states that agree with it."""

from __future__ import annotations

import itertools
from collections import Counter

import attrs

from cardgames._engine import check_observer, deal_hands, field_reader, slot_filler
from cardgames.alakaslam.cards import Card, CardKind, is_card
from cardgames.alakaslam.config import MAX_HIT_CARDS, config_problem, deck_cards, deck_counts
from cardgames.alakaslam.moves import Hit, Move
from cardgames.alakaslam.plays import most_enchantments
from cardgames.alakaslam.rules import checked, why_unplayable
from cardgames.alakaslam.state import State, View
from cardgames.errors import InvalidViewError, kind_of
from cardgames.game import SPECTATOR
from cardgames.rng import Rng, check_seed

__all__ = ["check_view", "resample", "told_move", "view"]

#: The fields a view shows as they are in the state (the open part of the table), and those a
#: resampled state takes back from the view. Face-down cards are shown only to their hitter.
_open = field_reader(State, View, leave=("played", "last_move"))
_from_view = field_reader(View, State, leave=("played",))
#: A view from all its fields, setting its slots straight: a view is made at every decision.
_make_view = slot_filler(View)


def view(state: State, player: int) -> View:
    """All that ``player`` may know of ``state``: their own hand, the size of every hand, the
    face-up discard pile, the size of the deck, the court, the score and the turn.

    In doubles, the hitter's face-down cards show only to the hitter until the support has
    played; the others see how many there are. A spectator (``SPECTATOR``) sees what every
    player sees, and no hand.
    """
    state = checked(state)
    check_observer(player, state.config.players)
    return _make_view(
        **_open(state),
        player=player,
        hand=() if player == SPECTATOR else state.hands[player],
        hand_sizes=tuple(map(len, state.hands)),
        deck_size=len(state.deck),
        played=state.played if player == state.hitter else (),
        played_count=len(state.played),
        last_move=told_move(state, player),
    )


def told_move(state: State, player: int | None) -> Move | None:
    """The move that led to ``state`` as ``player`` (``None``: everybody) may know it: every
    move is made in the open but a doubles hitter's face-down hit, which only the hitter sees
    until the support has played (``None`` for the others)."""
    move = state.last_move
    if type(move) is Hit and state.played and player not in (None, state.last_mover):
        return None
    return move


def _deal_play(hidden: list[Card], count: int, *, enchant_ok: bool) -> tuple[Card, ...]:
    """Take ``count`` cards out of the shuffled ``hidden`` that make a legal play: at most one
    Enchantment, none when the return is locked (the first such cards in the shuffled order,
    so every legal play can come out)."""
    taken: list[int] = []
    enchantments_left = most_enchantments(not enchant_ok)
    for i, card in enumerate(hidden):
        if card.kind is CardKind.ENCHANT:
            if not enchantments_left:
                continue
            enchantments_left -= 1
        taken.append(i)
        if len(taken) == count:
            break
    if len(taken) < count:
        raise InvalidViewError(
            "not a playable alakaslam view: the unseen cards cannot make the hitter's "
            "face-down play"
        )
    play = tuple(sorted(hidden[i] for i in taken))
    for i in reversed(taken):
        del hidden[i]
    return play


_view_of = view


def check_view(view: View) -> View:
    """``view`` if it is what a player sees of some playable state; ``InvalidViewError`` (saying
    what is wrong) if not.

    The full check of a view from outside: its class, its player a seat of its config, every
    field's type and range, and its cards: those it shows together with the counts of those it
    hides make exactly the config's deck. ``resample`` and ``render`` rely on it.
    """
    _resample(view, 0)
    return view


def resample(view: View, *, seed: int) -> State:
    """A full state that ``view`` could have come from: the cards its player cannot see (other
    hands, the deck, another player's face-down cards) dealt at random from ``seed``.

    ``view`` is checked as :func:`check_view` does (``InvalidViewError``).
    """
    return _resample(view, seed)


def _resample(view: object, seed: int) -> State:
    """Deal what ``view`` hides, then hold the state dealt to every fact a state must meet and
    ask that it show ``view`` again: a view is valid exactly when some playable state has it."""
    if type(view) is not View:
        raise InvalidViewError(f"expected a View of alakaslam, got {kind_of(view)}")
    check_seed(seed)
    problem = _view_problem(view)
    if problem is not None:
        raise InvalidViewError(f"not a playable alakaslam view: {problem}")
    state = _deal_unseen(view, seed)
    problem = why_unplayable(state)
    if problem is not None:
        raise InvalidViewError(f"not a playable alakaslam view: {problem}")
    if _view_of(state, view.player) != view:
        raise InvalidViewError("not a playable alakaslam view: no state shows it to its player")
    return state


def _view_problem(view: View) -> str | None:
    """What is wrong with the fields only a view has (its player, the hand, the counts of what
    it hides), or ``None``; the fields it shares with a state are checked on the state dealt."""
    if any(not hasattr(view, a.name) for a in attrs.fields(View)):
        return "a View made without its fields"
    problem = config_problem(view.config)
    if problem is not None:
        return problem
    n = view.config.players
    player = view.player
    if type(player) is not int or not SPECTATOR <= player < n:
        return f"player must be an int 0-{n - 1} or SPECTATOR"
    hand = view.hand
    if type(hand) is not tuple or not all(is_card(c) for c in hand):
        return "hand must be a tuple of Card"
    for name in ("discard", "played"):
        cards = getattr(view, name)
        if type(cards) is not tuple or not all(is_card(c) for c in cards):
            return f"{name} must be a tuple of Card"
    sizes = view.hand_sizes
    if type(sizes) is not tuple or len(sizes) != n:
        return f"hand_sizes must be a tuple of {n} sizes"
    counts = (*sizes, view.deck_size, view.played_count)
    if any(type(count) is not int for count in counts):
        return "hand_sizes, deck_size and played_count must be ints"
    if any(count < 0 for count in counts):
        return "the view's card counts do not add up to its config's deck (one is negative)"
    if type(view.locked) is not bool:
        return "locked must be true or false"
    # Card conservation: what the view shows lies in the deck, and with what it counts makes
    # the whole deck.
    unseen = _unseen(view)
    shown = len(view.hand) + len(view.discard) + len(view.played)
    if unseen.total() != len(deck_cards(view.config)) - shown:
        return "the view shows cards that are not in its config's deck"
    hidden = view.deck_size + view.played_count - len(view.played)
    hidden += sum(size for p, size in enumerate(sizes) if p != player)
    if len(hand) != (0 if player == SPECTATOR else sizes[player]) or hidden != unseen.total():
        return "the view's card counts do not add up to its config's deck"
    if any(a > b for a, b in itertools.pairwise(hand)):
        return "hand must be sorted"
    if view.played_count > MAX_HIT_CARDS:
        return f"played_count must be 0-{MAX_HIT_CARDS}"
    if view.played and (player != view.hitter or len(view.played) != view.played_count):
        return "a view shows face-down cards only to their hitter"
    return None


def _unseen(view: View) -> Counter[Card]:
    """The cards of the deck that ``view`` does not show (a card shown more often than the
    deck holds it is left out, which the counts then tell)."""
    return deck_counts(view.config) - Counter(itertools.chain(view.hand, view.discard, view.played))


def _deal_unseen(view: View, seed: int) -> State:
    """The state of ``resample``, before it is checked (the view's own fields are)."""
    own_played = view.played
    unseen = _unseen(view)
    rng = Rng.from_seed(seed)
    pool, rng = rng.shuffled(tuple(unseen.elements()))
    hidden: list[Card] = list(pool)
    # The face-down play first: it must be a play the hitter could make, which the cards
    # left over after dealing the hands might not allow.
    played = own_played
    if view.played_count and not own_played:
        played = _deal_play(hidden, view.played_count, enchant_ok=not view.locked)
    hands = deal_hands(hidden, view.hand_sizes, view.player, view.hand)
    game_rng, _ = rng.split()
    return State(
        **_from_view(view),
        deck=tuple(hidden),
        hands=hands,
        played=played,
        rng=game_rng,
    )
