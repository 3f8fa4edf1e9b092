"""The set-up: each side's two starting Squires on the field, the rest of its army in its
barracks, and a coin flip (unless the config fixes it) for who starts."""

from __future__ import annotations

import functools

from cardgames._engine import slot_filler
from cardgames.alethi._fast import Board, bind, key_of
from cardgames.alethi.captures import fallen
from cardgames.alethi.cards import BLUE_START, PLAYERS, RED_START, Colour, Kind
from cardgames.alethi.config import Config, check_config, check_seed, stats
from cardgames.alethi.state import Phase, Placed, State
from cardgames.alethi.turn import next_decision, set_memo
from cardgames.rng import Rng

__all__ = ["new_game", "set_up"]

#: Makes a ``State`` from all its fields, its slots set straight: a new game takes its
#: config's opening as the rules made it, which needs no check.
_fill_state = slot_filler(State)


def new_game(config: Config | None = None, *, seed: int) -> State:
    """A fresh game: both sides' starting Squires on the field, the rest in the barracks.

    Who starts is a coin flip drawn from ``seed`` unless the config fixes it.
    """
    config = Config() if config is None else config
    check_config(config)
    check_seed(seed)
    rng = Rng.from_seed(seed)
    if config.first_player is None:
        first, rng = rng.below(PLAYERS)
    else:
        first = config.first_player
    # Every game of a config opens on one of two positions, told apart by who starts; only the
    # random generator differs. The opening's board is shared like any state's.
    opening = _opening(config, Colour(first))
    state = _fill_state(
        opening.config,
        opening.field,
        opening.barracks,
        opening.removed,
        opening.to_move,
        opening.phase,
        opening.turn,
        opening.result,
        rng,
        None,
    )
    memo = opening._memo
    kept = bind(memo.twin(), memo.table, id(state))
    kept.moves = memo.moves
    set_memo(state, kept)
    return state


@functools.lru_cache(maxsize=64)
def _opening(config: Config, first: Colour) -> State:
    """:func:`set_up` kept for each checked config (configs are immutable values), with a
    random generator that :func:`new_game` replaces."""
    return set_up(config, first, Rng.from_seed(0))


def set_up(config: Config, first: Colour, rng: Rng) -> State:
    """The first decision of a game of the checked ``config`` that ``first`` starts, worked out
    from scratch: the plain statement of the set-up, which the tests hold new games to."""
    starts = {Colour.RED: RED_START, Colour.BLUE: BLUE_START}
    field = tuple(Placed(colour, Kind.SQUIRE, cell) for colour in Colour for cell in starts[colour])
    army = [card.kind for card in config.army for _ in range(card.count)]
    for _ in starts[Colour.RED]:
        army.remove(Kind.SQUIRE)
    board = Board.build(field)
    table = stats(config)
    captured = [board.capture(key) for key in sorted(fallen(board, table.attack, table.health))]
    field = tuple(board.cards[key_of(c.at)] for c in field)
    barracks = (tuple(army), tuple(army))
    return next_decision(
        config, field, barracks, (), first, Phase.SOULCAST, 1, rng, board, table, captured
    )
