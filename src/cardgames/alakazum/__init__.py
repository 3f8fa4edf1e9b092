"""Alakazum!: witches gather folklore characters of five cultures to defeat the final enemies.

Each turn a player explores the forest (fighting the characters that come out and suffering its
traps), takes one action (the market, objects, a fight against another player's character, or
a spell) and may cast the Alakazum: more points of one culture than a face-down final enemy
wins the game. For 2 to 5 players, with the Alakazum! 2 expansion as an option. See
the Alakazum! rules page of the documentation.

>>> from cardgames import alakazum
>>> state = alakazum.new_game(seed=3)
>>> state.phase.value, len(alakazum.legal_moves(state))
('choose', 5)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType

from cardgames._surface import public_dir
from cardgames.alakazum import documents as _documents
from cardgames.alakazum.agents.bots import CollectorBot
from cardgames.alakazum.agents.encoding import (
    action_mask,
    action_to_move,
    legal_actions,
    move_to_action,
    num_actions,
)
from cardgames.alakazum.agents.evaluation import evaluate
from cardgames.alakazum.agents.observation import (
    observation,
    observation_shape,
    observe,
    observe_into,
)
from cardgames.alakazum.cards import CULTURES, Card, Culture, Enemy, Kind, Level, is_card
from cardgames.alakazum.checks import checked
from cardgames.alakazum.config import Config, check_config
from cardgames.alakazum.ending import ALAKAZUM_POINTS, culture_points
from cardgames.alakazum.moves import (
    MOVE_TYPES,
    SPELL_COSTS,
    Alakazum,
    Cast,
    Choose,
    Doll,
    Drink,
    Effect,
    Fight,
    Fighter,
    GiveCard,
    GiveHalf,
    Keep,
    Market,
    Move,
    Pass,
    PassDie,
    Peek,
    Place,
    Raise,
    Sacrifice,
    Spell,
    Support,
    Swap,
    Take,
    Train,
    UseObject,
)
from cardgames.alakazum.notation import format_move, parse_move
from cardgames.alakazum.rules import (
    apply_move,
    legal_moves,
    new_game,
)
from cardgames.alakazum.spells import energy
from cardgames.alakazum.state import Combat, Member, Phase, State, View, every_card
from cardgames.alakazum.story import EVENT_TYPES, Event, events, format_event
from cardgames.alakazum.text.picture import render_svg
from cardgames.alakazum.text.render import render
from cardgames.alakazum.traps import SANTA_MAX_PASSES
from cardgames.alakazum.view import check_view, resample, view
from cardgames.define import define_game, turn_queries
from cardgames.game import Game, Playout

_documents.register()

__all__ = [
    "ALAKAZUM_POINTS",
    "CULTURES",
    "EVENT_TYPES",
    "GAME",
    "MOVE_TYPES",
    "PRESETS",
    "SANTA_MAX_PASSES",
    "SPELL_COSTS",
    "Alakazum",
    "Card",
    "Cast",
    "Choose",
    "CollectorBot",
    "Combat",
    "Config",
    "Culture",
    "Doll",
    "Drink",
    "Effect",
    "Enemy",
    "Event",
    "Fight",
    "Fighter",
    "GiveCard",
    "GiveHalf",
    "Keep",
    "Kind",
    "Level",
    "Market",
    "Member",
    "Move",
    "Pass",
    "PassDie",
    "Peek",
    "Phase",
    "Place",
    "Raise",
    "Sacrifice",
    "Spell",
    "State",
    "Support",
    "Swap",
    "Take",
    "Train",
    "UseObject",
    "View",
    "action_mask",
    "action_to_move",
    "apply_move",
    "card_counts",
    "check_config",
    "check_state",
    "check_view",
    "culture_points",
    "current_player",
    "energy",
    "evaluate",
    "events",
    "format_event",
    "format_move",
    "heuristic_bot",
    "is_card",
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

#: Whose decision it is, whether the game is over and how it ended: answered from the
#: state's ``to_move`` and ``result`` once the state is checked.
current_player, is_over, outcome = turn_queries(checked)


def check_state(state: State) -> State:
    """``state`` if it is a state the rules can reach; raises ``InvalidStateError`` saying
    what is wrong if not.

    The check covers every field's type, every counter within what a game of its config can
    reach, card conservation against the config's card lists, and the fields that go with
    each phase. A state made by the rules passes at no cost; any other is checked once.
    """
    return checked(state)


def card_counts(state: State) -> Mapping[str, int]:
    """Every card of the game wherever it is (decks, hands, teams, cemetery, out of the game),
    by name."""
    return Counter(card.name for card in every_card(checked(state)))


#: Decisions a turn can hold at most, beyond those that spend a hand card: a generous bound
#: (three actions with their voodoo doll answers, follow-ups and combats, a trap, an Alakazum).
_TURN_DECISIONS = 200


def max_decisions(config: Config) -> int:
    """A bound on a game's decisions: ``turn_limit`` turns, each ending within a number of
    decisions set by the hand cards (each potion, gift or payment spends one) and the Santa
    Claus die's passes. Raises ``InvalidConfigError`` for a config that cannot be played."""
    check_config(config)
    hand_cards = sum(1 for card in (*config.forest_cards, *config.start_cards) if card.kind.is_hand)
    per_turn = _TURN_DECISIONS + 8 * hand_cards + SANTA_MAX_PASSES
    return config.players + config.turn_limit * per_turn


#: Presets: every player count, with and without the expansion.
PRESETS: Mapping[str, Config] = MappingProxyType(
    {
        "default": Config(),
        "three": Config(players=3),
        "four": Config(players=4),
        "five": Config(players=5),
        "expansion": Config(expansion=True),
        "expansion-3": Config(players=3, expansion=True),
        "expansion-4": Config(players=4, expansion=True),
        "expansion-5": Config(players=5, expansion=True),
    }
)


def num_players(config: Config) -> int:
    """2 to 5; ``InvalidConfigError`` for a config that cannot be played."""
    check_config(config)
    return config.players


def seat_names(config: Config) -> tuple[str, ...]:
    """Players by number; ``InvalidConfigError`` for a config that cannot be played."""
    return tuple(f"player {p}" for p in range(num_players(config)))


def heuristic_bot() -> CollectorBot:
    """A fresh :class:`CollectorBot`."""
    return CollectorBot()


#: Alakazum!'s functions bundled as a :class:`~cardgames.Game`: what
#: ``cardgames.get_game("alakazum")`` returns.
#: Searches in this game play out with the heuristic bot for at most 15 decisions, about a
#: turn: random witches seldom gather the points an Alakazum needs, so their games say
#: little about a move.
GAME: Game[State, Move, View, Config] = define_game(
    __name__, name="alakazum", playout=Playout("heuristic", limit=15)
)
