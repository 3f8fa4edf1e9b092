"""What one player may know of a match, and states that agree with it."""

from __future__ import annotations

from collections import Counter

from cardgames._engine import check_observer, deal_hands, field_reader
from cardgames.game import SPECTATOR
from cardgames.lerally.cards import Card
from cardgames.lerally.checks import TRUSTED, check_view, checked
from cardgames.lerally.config import deck_cards
from cardgames.lerally.state import State, View
from cardgames.rng import Rng, check_seed

__all__ = ["resample", "view"]

# What a view shows as the state holds it: everything on the table but the hands and the deck.
_open_of_state = field_reader(State, View)
_open_of_view = field_reader(View, State)


def view(state: State, player: int) -> View:
    """All that ``player`` may know of ``state``: their own hand, every hand's size, the rally
    pile, the cleared cards (all played face up), the deck's size and the score. A spectator
    (``SPECTATOR``) sees all of it but a hand."""
    state = checked(state)
    check_observer(player, state.config.players)
    return View(
        player=player,
        hand=() if player == SPECTATOR else state.hands[player],
        hand_sizes=tuple(len(h) for h in state.hands),
        deck_size=len(state.deck),
        **_open_of_state(state),
    )


def resample(view: View, *, seed: int) -> State:
    """A full state that ``view`` could have come from: the cards its player cannot see (the
    other hands and the deck) dealt at random from ``seed``.

    ``view`` is checked first (``InvalidViewError`` for one that no playable state shows).
    Everything a state holds beyond its views is those cards, so a checked view makes a
    state the rules can reach, whichever way they are dealt.
    """
    check_view(view)
    check_seed(seed)
    state = _deal_unseen(view, seed)
    object.__setattr__(state, "_memo", TRUSTED)
    return state


def _deal_unseen(view: View, seed: int) -> State:
    """The state of ``resample``: the cards the checked ``view`` does not show, shuffled, dealt
    to the other hands (each sorted) and the rest left as the deck."""
    unseen = Counter(deck_cards(view.config))
    unseen.subtract(Counter(view.hand))
    unseen.subtract(Counter(view.pile))
    unseen.subtract(Counter(view.cleared))
    pool, rng = Rng.from_seed(seed).shuffled(tuple(unseen.elements()))
    hidden: list[Card] = list(pool)
    hands = deal_hands(hidden, view.hand_sizes, view.player, view.hand)
    game_rng, _ = rng.split()
    return State(**_open_of_view(view), deck=tuple(hidden), hands=hands, rng=game_rng)
