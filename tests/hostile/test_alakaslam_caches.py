"""AlakaSLAM's caches of legal moves (plays by hand, steps by cell) wherever they live: a
malformed state never gets a card into them that a real state's moves would then hand out.

The rules keep these caches in the chapter modules (``hitting``, ``movement``) and in the
court; this test empties every cache of every module of the game, so it keeps its meaning
wherever a cache moves.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import pkgutil
import random
from collections.abc import Iterator

import attrs
import pytest

import cardgames
from cardgames import CardgamesError, alakaslam
from cardgames.alakaslam import Card, Colour, Hit, Phase, RallyBot, State


def _caches() -> list[functools._lru_cache_wrapper[object]]:
    """Every ``functools`` cache held at module level by a module of the game."""
    found: list[functools._lru_cache_wrapper[object]] = []
    for info in pkgutil.iter_modules(alakaslam.__path__, "cardgames.alakaslam."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, functools._lru_cache_wrapper) and value not in found:
                found.append(value)
    return found


@pytest.fixture
def empty_caches() -> Iterator[None]:
    """Every cache of the game empty before the test and emptied after it."""
    for cache in _caches():
        cache.cache_clear()
    yield
    for cache in _caches():
        cache.cache_clear()


def _serving() -> State:
    """A singles state where the server, about to serve, holds a coloured card."""
    for seed in range(50):
        state = alakaslam.new_game(seed=seed)
        bot, rng = RallyBot(), random.Random(seed)
        while state.phase is not Phase.SERVE and not alakaslam.is_over(state):
            player = alakaslam.current_player(state)
            assert player is not None
            move = bot.choose(alakaslam.view(state, player), alakaslam.legal_moves(state), rng)
            state = alakaslam.apply_move(state, move)
        player = state.to_move
        if player is not None and any(c.colour is not None for c in state.hands[player]):
            return state
    raise AssertionError("no serve with a coloured card in 50 seeds")


def test_the_rules_keep_caches_the_test_can_reach() -> None:
    """The walk finds the caches of the plays and of the steps."""
    assert len(_caches()) >= 5


@pytest.mark.usefixtures("empty_caches")
def test_a_malformed_card_never_reaches_the_moves_of_a_real_state() -> None:
    real = _serving()
    player = real.to_move
    assert player is not None
    hand = real.hands[player]
    card = next(c for c in hand if c.colour is not None)
    fake = Card._make((card.kind, card.value, str(card.colour)))
    hands = list(real.hands)
    hands[player] = tuple(fake if c is card else c for c in hand)
    with contextlib.suppress(CardgamesError):
        alakaslam.legal_moves(attrs.evolve(real, hands=tuple(hands)))
    again: State = cardgames.from_json(cardgames.to_json(real), State)
    hits = [m for m in alakaslam.legal_moves(again) if type(m) is Hit]
    assert hits
    for move in hits:
        assert all(c.colour is None or type(c.colour) is Colour for c in move.cards), move
