"""What one player may know of a match, and states that agree with it."""

from __future__ import annotations

from collections import Counter

from cardgames._engine import resample_checked
from cardgames.errors import InvalidPlayerError, InvalidStateError, excerpt
from cardgames.lerally.cards import Card
from cardgames.lerally.checks import check_state as checked
from cardgames.lerally.checks import check_view
from cardgames.lerally.config import deck_cards
from cardgames.lerally.state import State, View
from cardgames.rng import Rng

__all__ = ["resample", "view"]

_GAME = "lerally"


def view(state: State, player: int) -> View:
    """All that ``player`` may know of ``state``: their own hand, every hand's size, the rally
    pile, the cleared cards (all played face up), the deck's size and the score."""
    state = checked(state)
    n = state.config.players
    if type(player) is not int or not 0 <= player < n:
        raise InvalidPlayerError(f"player must be an int 0-{n - 1}, got {excerpt(player)}")
    return View(
        player=player,
        config=state.config,
        to_move=state.to_move,
        leading=state.leading,
        ball=state.ball,
        attack=state.attack,
        attack_total=state.attack_total,
        last=state.last,
        hand=state.hands[player],
        hand_sizes=tuple(len(h) for h in state.hands),
        deck_size=len(state.deck),
        pile=state.pile,
        cleared=state.cleared,
        server=state.server,
        score=state.score,
        plays=state.plays,
        last_rally=state.last_rally,
        result=state.result,
    )


_view_of = view


def resample(view: View, *, seed: int) -> State:
    """A full state that ``view`` could have come from: the cards its player cannot see (the
    other hands and the deck) dealt at random from ``seed``.

    ``view`` is checked first (``InvalidViewError`` for one that no playable state shows).
    """
    check_view(view)
    return resample_checked(
        _GAME, view, seed, view_type=View, deal=_deal_unseen, check=checked, view_of=_view_of
    )


def _deal_unseen(view: View, seed: int) -> State:
    """The state of ``resample``, before it is checked."""
    unseen = Counter(deck_cards(view.config))
    unseen.subtract(Counter(view.hand))
    unseen.subtract(Counter(view.pile))
    unseen.subtract(Counter(view.cleared))
    if any(count < 0 for count in unseen.values()):
        raise InvalidStateError("the view shows cards that are not in its config's card list")
    pool, rng = Rng.from_seed(seed).shuffled(tuple(unseen.elements()))
    hidden: list[Card] = list(pool)
    hands: list[tuple[Card, ...]] = []
    for p, size in enumerate(view.hand_sizes):
        if p == view.player:
            hands.append(view.hand)
            continue
        hands.append(tuple(sorted(hidden[:size])))
        del hidden[:size]
    if len(hidden) != view.deck_size:
        raise InvalidStateError("the view's card counts do not add up to its config's card list")
    game_rng, _ = rng.split()
    return State(
        config=view.config,
        to_move=view.to_move,
        leading=view.leading,
        ball=view.ball,
        attack=view.attack,
        attack_total=view.attack_total,
        last=view.last,
        deck=tuple(hidden),
        pile=view.pile,
        cleared=view.cleared,
        hands=tuple(hands),
        server=view.server,
        score=view.score,
        rng=game_rng,
        plays=view.plays,
        last_rally=view.last_rally,
        result=view.result,
    )
