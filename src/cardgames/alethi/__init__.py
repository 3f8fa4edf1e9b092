"""Alethi: a two-player battlefield card game on an unbounded grid.

Each side (red, player 0; blue, player 1) throws its twelve cards one by one next to its own,
capturing enemy cards by outnumbering their health with attack. See the Alethi rules page of
the documentation.

>>> from cardgames import alethi
>>> state = alethi.new_game(seed=3)
>>> move = alethi.legal_moves(state)[0]
>>> alethi.format_move(move)
'throw squire -1,0'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType

import attrs

from cardgames._surface import public_dir
from cardgames.alethi import documents as _documents
from cardgames.alethi.agents.bots import GreedyBot
from cardgames.alethi.agents.encoding import (
    action_mask,
    action_to_move,
    legal_actions,
    move_to_action,
    num_actions,
    observation,
    observation_shape,
    observe,
    observe_into,
)
from cardgames.alethi.agents.evaluation import evaluate
from cardgames.alethi.cards import DEFAULT_ARMY, CardType, Cell, Colour, Kind
from cardgames.alethi.config import (
    Config,
    check_config,
    default_turn_limit,
)
from cardgames.alethi.moves import MOVE_TYPES, Move, Pass, Scout, Soulcast, Throw
from cardgames.alethi.notation import format_move, parse_move
from cardgames.alethi.rules import (
    apply_move,
    check_state,
    checked,
    current_player,
    find_captures,
    is_legal,
    is_over,
    legal_moves,
    new_game,
    outcome,
)
from cardgames.alethi.state import Card, Phase, Placed, State, View
from cardgames.alethi.story import EVENT_TYPES, Event, events, format_event
from cardgames.alethi.text.picture import render_svg
from cardgames.alethi.text.render import render
from cardgames.alethi.view import check_view, resample, view
from cardgames.define import define_game
from cardgames.game import Game, Playout

__all__ = [
    "DEFAULT_ARMY",
    "EVENT_TYPES",
    "GAME",
    "MOVE_TYPES",
    "PRESETS",
    "SPECIALS",
    "Card",
    "CardType",
    "Cell",
    "Colour",
    "Config",
    "Event",
    "GreedyBot",
    "Kind",
    "Move",
    "Pass",
    "Phase",
    "Placed",
    "Scout",
    "Soulcast",
    "State",
    "Throw",
    "View",
    "action_mask",
    "action_to_move",
    "apply_move",
    "card_counts",
    "check_config",
    "check_state",
    "check_view",
    "current_player",
    "evaluate",
    "events",
    "find_captures",
    "format_event",
    "format_move",
    "heuristic_bot",
    "is_legal",
    "is_over",
    "legal_actions",
    "legal_moves",
    "max_decisions",
    "move_to_action",
    "new_game",
    "num_actions",
    "num_players",
    "observation",
    "observation_shape",
    "observe",
    "observe_into",
    "outcome",
    "parse_move",
    "render",
    "render_svg",
    "resample",
    "seat_names",
    "view",
]


__dir__ = public_dir(__all__)


def card_counts(state: State) -> Mapping[str, int]:
    """Every card of the game, wherever it is, counted by colour and kind."""
    state = checked(state)
    counts: Counter[str] = Counter()
    for placed in state.field:
        counts[f"{placed.owner.label} {placed.kind}"] += 1
    for colour in Colour:
        for kind in state.barracks[colour]:
            counts[f"{colour.label} {kind}"] += 1
    for card in state.removed:
        counts[f"{card.owner.label} {card.kind}"] += 1
    return counts


def max_decisions(config: Config) -> int:
    """A bound on a game's decisions: every turn holds at most three (soulcast, throw, scout),
    and the game ends at the latest with its turn limit (see ``Config.turn_limit``)."""
    check_config(config)
    limit = default_turn_limit(config.army) if config.turn_limit is None else config.turn_limit
    return 3 * limit


#: A variant army with two of each special card, to play (and test) the rules where the
#: standard army has only one: two Generals, two Scouts, two Soulcasters. Stats as standard.
_SPECIAL_COUNTS = {
    Kind.SQUIRE: 3,
    Kind.KNIGHT: 1,
    Kind.TOWER: 0,
    Kind.SCOUT: 2,
    Kind.SOULCASTER: 2,
    Kind.GENERAL: 2,
    Kind.KING: 1,
}
#: The ``"specials"`` preset: two Generals, two Scouts and two Soulcasters a side.
SPECIALS = Config(
    army=tuple(attrs.evolve(card, count=_SPECIAL_COUNTS[card.kind]) for card in DEFAULT_ARMY)
)


def num_players(config: Config) -> int:
    """Always two (``InvalidConfigError`` for a config the game cannot play)."""
    check_config(config)
    return 2


def seat_names(config: Config) -> tuple[str, ...]:
    """Red plays as player 0, blue as player 1 (``InvalidConfigError`` for a config the game
    cannot play)."""
    check_config(config)
    return tuple(colour.label for colour in Colour)


def heuristic_bot() -> GreedyBot:
    """A fresh :class:`GreedyBot`."""
    return GreedyBot()


#: The ``"tiny"`` preset, made for game theory: three Squires and a King a side, small
#: enough for OpenSpiel's CFR and exploitability to walk every information state.
_TINY = Config(
    army=tuple(
        attrs.evolve(card, count=3) if card.kind is Kind.SQUIRE else card
        for card in DEFAULT_ARMY
        if card.kind in (Kind.SQUIRE, Kind.KING)
    )
)

#: The presets: the standard game, red moving first, the variant army with two of each
#: special card, and the tiny army for game theory.
PRESETS: Mapping[str, Config] = MappingProxyType(
    {
        "default": Config(),
        "red-starts": Config(first_player=0),
        "specials": SPECIALS,
        "tiny": _TINY,
    }
)


#: Alethi's functions bundled as a :class:`~cardgames.Game`: what
#: ``cardgames.get_game("alethi")`` returns.
#: Searches in this game play out with random moves for at most 60 decisions: nearly
#: always to the end of the battle.
GAME: Game[State, Move, View, Config] = define_game(
    __name__, name="alethi", playout=Playout("random", limit=60)
)

_documents.register()
