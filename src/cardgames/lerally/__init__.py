"""Le Rally: a tennis shedding game for 2 to 4 players, singles or doubles.

Each card is a tennis shot from one coloured section of the court to another; every player must
play from where the last shot landed, and the first to empty their hand wins the rally. Rallies
score as points, games or sets in one of six match formats. See the Le Rally rules page of the
documentation.

>>> from cardgames import lerally
>>> state = lerally.new_game(seed=3)
>>> lerally.current_player(state), len(lerally.legal_moves(state)) > 0
(1, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType

from cardgames._surface import public_dir
from cardgames.define import define_game, turn_queries
from cardgames.game import Game, Playout
from cardgames.lerally import documents as _documents
from cardgames.lerally.agents.bots import ShedderBot
from cardgames.lerally.agents.encoding import (
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
from cardgames.lerally.agents.evaluation import evaluate
from cardgames.lerally.cards import (
    DEFAULT_CARDS,
    Card,
    CardKind,
    CardType,
    Section,
    Zone,
    attack,
    offense,
    parse_card,
    shot,
    special,
)
from cardgames.lerally.checks import check_state, check_view, checked
from cardgames.lerally.config import Config, Format, check_config
from cardgames.lerally.moves import MOVE_TYPES, Lob, Move, Offense, PickUp, Play
from cardgames.lerally.notation import format_move, parse_move
from cardgames.lerally.rules import (
    PICK_UP,
    apply_move,
    legal_moves,
    max_rallies,
    new_game,
    score_rally,
    side_of,
    team,
)
from cardgames.lerally.state import Ending, RallyWin, Score, State, View
from cardgames.lerally.story import EVENT_TYPES, Event, events, format_event
from cardgames.lerally.text.picture import render_svg
from cardgames.lerally.text.render import TEAMS, render
from cardgames.lerally.view import resample, view

__all__ = [
    "DEFAULT_CARDS",
    "EVENT_TYPES",
    "GAME",
    "MOVE_TYPES",
    "PICK_UP",
    "PRESETS",
    "Card",
    "CardKind",
    "CardType",
    "Config",
    "Ending",
    "Event",
    "Format",
    "Lob",
    "Move",
    "Offense",
    "PickUp",
    "Play",
    "RallyWin",
    "Score",
    "Section",
    "ShedderBot",
    "State",
    "View",
    "Zone",
    "action_mask",
    "action_to_move",
    "apply_move",
    "attack",
    "card_counts",
    "check_config",
    "check_state",
    "check_view",
    "current_player",
    "evaluate",
    "events",
    "format_event",
    "format_move",
    "heuristic_bot",
    "is_over",
    "legal_actions",
    "legal_moves",
    "max_decisions",
    "max_rallies",
    "move_to_action",
    "new_game",
    "num_actions",
    "num_players",
    "observation",
    "observation_shape",
    "observe",
    "observe_into",
    "offense",
    "outcome",
    "parse_card",
    "parse_move",
    "render",
    "render_svg",
    "resample",
    "score_rally",
    "seat_names",
    "shot",
    "side_of",
    "special",
    "team",
    "view",
]


__dir__ = public_dir(__all__)

#: Whose decision it is, whether the game is over and how it ended: answered from the
#: state's ``to_move`` and ``result`` once the state is checked.
current_player, is_over, outcome = turn_queries(checked)


def card_counts(state: State) -> Mapping[str, int]:
    """Every card of the match wherever it is (deck, pile, cleared cards, hands), by name."""
    state = check_state(state)
    piles = (state.deck, state.pile, state.cleared, *state.hands)
    return Counter(card.code for cards in piles for card in cards)


def max_decisions(config: Config) -> int:
    """A bound on a match's decisions: at most ``max_rallies(config)`` rallies, each ended by
    ``rally_limit`` decisions at the latest. ``InvalidConfigError`` for a config it cannot
    play."""
    return max_rallies(config) * config.rally_limit


#: The ``"tiny"`` preset, made for game theory: one game of singles with hands of two and a
#: deck of two Crosscourt Forehands and two Baseline Winners, small enough for OpenSpiel's
#: CFR and exploitability to walk every information state of a few deals.
_TINY = Config(
    cards=tuple(
        CardType(entry.card, entry.name, 2)
        for entry in DEFAULT_CARDS
        if entry.name in ("Crosscourt Forehand", "Baseline Winner +2")
    ),
    hand_size=2,
)

#: Presets: every player count and every match format at least once, and a tiny game.
PRESETS: Mapping[str, Config] = MappingProxyType(
    {
        "default": Config(),
        "shot-gun-3": Config(players=3, format=Format.SHOT_GUN),
        "fast-four-4": Config(players=4, format=Format.FAST_FOUR),
        "one-set-3": Config(players=3, format=Format.ONE_SET),
        "one-set-doubles": Config(players=4, doubles=True, format=Format.ONE_SET),
        "best-of-three": Config(format=Format.ONE_GAME, best_of=3),
        "best-of-five-doubles": Config(players=4, doubles=True, format=Format.SHOT_GUN, best_of=5),
        "tiny": _TINY,
    }
)


def num_players(config: Config) -> int:
    """2, 3 or 4 (``InvalidConfigError`` for a config the game cannot play)."""
    check_config(config)
    return config.players


def seat_names(config: Config) -> tuple[str, ...]:
    """Players by number (and team in doubles: A for 0 and 2, B for 1 and 3)."""
    check_config(config)
    if config.doubles:
        return tuple(f"player {p} ({TEAMS[side_of(config, p)]})" for p in range(config.players))
    return tuple(f"player {p}" for p in range(config.players))


def heuristic_bot() -> ShedderBot:
    """A fresh :class:`ShedderBot`."""
    return ShedderBot()


#: Le Rally's functions bundled as a :class:`~cardgames.Game`: what
#: ``cardgames.get_game("lerally")`` returns.
#: Searches in this game play out with random moves for at most 20 decisions: the heuristic
#: bot deals imagined hands of its own to judge lobs, too slow for playouts.
GAME: Game[State, Move, View, Config] = define_game(
    __name__, name="lerally", playout=Playout("random", limit=20)
)
_documents.register()
