"""What one player may know of a match, and states that agree with it."""

from __future__ import annotations

from collections import Counter

from cardgames._engine import resample_checked
from cardgames.alakaslam.cards import Card, CardKind
from cardgames.alakaslam.config import deck_cards
from cardgames.alakaslam.rules import checked
from cardgames.alakaslam.state import State, View
from cardgames.errors import InvalidPlayerError, InvalidStateError
from cardgames.rng import Rng

__all__ = ["resample", "view"]

_GAME = "alakaslam"


def view(state: State, player: int) -> View:
    """All that ``player`` may know of ``state``: their own hand, the size of every hand, the
    face-up discard pile, the size of the deck, the court, the score and the turn.

    In doubles, the hitter's face-down cards show only to the hitter until the support has
    played; the others see how many there are.
    """
    state = checked(state)
    n = state.config.players
    if type(player) is not int or not 0 <= player < n:
        raise InvalidPlayerError(f"player must be an int 0-{n - 1}, got {player!r}")
    return View(
        player=player,
        config=state.config,
        phase=state.phase,
        to_move=state.to_move,
        queue=state.queue,
        characters=state.characters,
        copied=state.copied,
        hand=state.hands[player],
        hand_sizes=tuple(len(h) for h in state.hands),
        deck_size=len(state.deck),
        discard=state.discard,
        positions=state.positions,
        ball=state.ball,
        score=state.score,
        server=state.server,
        serving=state.serving,
        free_step=state.free_step,
        moved=state.moved,
        meddled=state.meddled,
        hitter=state.hitter,
        played=state.played if player == state.hitter else (),
        played_count=len(state.played),
        binds=state.binds,
        locked=state.locked,
        pending=state.pending,
        discards_left=state.discards_left,
        shots=state.shots,
        last_point=state.last_point,
        result=state.result,
    )


def _deal_play(hidden: list[Card], count: int, *, enchant_ok: bool) -> tuple[Card, ...]:
    """Take ``count`` cards out of the shuffled ``hidden`` that make a legal play: at most one
    Enchantment, none when the return is locked (the first such cards in the shuffled order,
    so every legal play can come out)."""
    taken: list[int] = []
    enchanted = not enchant_ok
    for i, card in enumerate(hidden):
        if card.kind is CardKind.ENCHANT:
            if enchanted:
                continue
            enchanted = True
        taken.append(i)
        if len(taken) == count:
            break
    if len(taken) < count:
        raise InvalidStateError("the unseen cards cannot make the hitter's face-down play")
    play = tuple(sorted(hidden[i] for i in taken))
    for i in reversed(taken):
        del hidden[i]
    return play


_view_of = view


def resample(view: View, *, seed: int) -> State:
    """A full state that ``view`` could have come from: the cards its player cannot see (other
    hands, the deck, another player's face-down cards) dealt at random from ``seed``."""
    return resample_checked(
        _GAME, view, seed, view_type=View, deal=_deal_unseen, check=checked, view_of=_view_of
    )


def _deal_unseen(view: View, seed: int) -> State:
    """The state of ``resample``, before it is checked."""
    own_played = view.played if view.player == view.hitter else ()
    unseen = Counter(deck_cards(view.config))
    unseen.subtract(Counter(view.hand))
    unseen.subtract(Counter(view.discard))
    unseen.subtract(Counter(own_played))
    if any(count < 0 for count in unseen.values()):
        raise InvalidStateError("the view shows cards that are not in its config's deck")
    rng = Rng.from_seed(seed)
    pool, rng = rng.shuffled(tuple(unseen.elements()))
    hidden: list[Card] = list(pool)
    # The face-down play first: it must be a play the hitter could make, which the cards
    # left over after dealing the hands might not allow.
    played = own_played
    if view.played_count and not own_played:
        played = _deal_play(hidden, view.played_count, enchant_ok=not view.locked)
    hands: list[tuple[Card, ...]] = []
    for p, size in enumerate(view.hand_sizes):
        if p == view.player:
            hands.append(view.hand)
            continue
        hands.append(tuple(sorted(hidden[:size])))
        del hidden[:size]
    if len(hidden) != view.deck_size:
        raise InvalidStateError("the view's card counts do not add up to its config's deck")
    game_rng, _ = rng.split()
    return State(
        config=view.config,
        phase=view.phase,
        to_move=view.to_move,
        queue=view.queue,
        characters=view.characters,
        copied=view.copied,
        deck=tuple(hidden),
        discard=view.discard,
        hands=tuple(hands),
        positions=view.positions,
        ball=view.ball,
        score=view.score,
        server=view.server,
        serving=view.serving,
        free_step=view.free_step,
        moved=view.moved,
        meddled=view.meddled,
        hitter=view.hitter,
        played=played,
        binds=view.binds,
        locked=view.locked,
        pending=view.pending,
        discards_left=view.discards_left,
        shots=view.shots,
        last_point=view.last_point,
        result=view.result,
        rng=game_rng,
    )
