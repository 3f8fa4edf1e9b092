"""AlakaSLAM: wizard tennis with cards, for two players (singles) or four (doubles).

Players move on a court of cards and hit the ball with Hit cards: each card's colour pulls the
ball one column toward that edge of the court, its value sends it forward. Enchantments bind
the reply to an exact number of cards. First side to three points wins. See
the AlakaSLAM rules page of the documentation.

>>> from cardgames import alakaslam
>>> state = alakaslam.new_game(seed=3)
>>> [alakaslam.format_move(m) for m in alakaslam.legal_moves(state)]
['mulligan', 'keep']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType

from cardgames._surface import public_dir
from cardgames.alakaslam import config as _config
from cardgames.alakaslam import loading as _loading
from cardgames.alakaslam import state as _state
from cardgames.alakaslam.agents.bots import RallyBot
from cardgames.alakaslam.agents.encoding import (
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
from cardgames.alakaslam.agents.evaluation import evaluate
from cardgames.alakaslam.cards import (
    DEFAULT_DECK,
    Card,
    CardCount,
    CardKind,
    Character,
    Colour,
    enchant,
    hit,
    parse_card,
)
from cardgames.alakaslam.config import DOUBLES_PLAYERS, SINGLES_PLAYERS, Config, check_config
from cardgames.alakaslam.court import Cell, Landing
from cardgames.alakaslam.moves import (
    MOVE_TYPES,
    Call,
    Choose,
    Copy,
    Corner,
    Decline,
    Discard,
    DiscardStep,
    Done,
    Hit,
    Keep,
    Meddle,
    Move,
    Mulligan,
    PickServer,
    Step,
    Support,
    Target,
)
from cardgames.alakaslam.notation import format_move, read_move
from cardgames.alakaslam.rules import (
    apply_move,
    checked,
    legal_moves,
    new_game,
)
from cardgames.alakaslam.state import Bind, Fault, Phase, Point, State, View
from cardgames.alakaslam.story import EVENT_TYPES, Event, events, format_event
from cardgames.alakaslam.text.picture import render_svg
from cardgames.alakaslam.text.render import render
from cardgames.alakaslam.view import check_view, resample, view
from cardgames.define import define_game, turn_queries
from cardgames.errors import InvalidConfigError, InvalidPlayerError
from cardgames.game import Game, Playout

__all__ = [
    "DEFAULT_DECK",
    "EVENT_TYPES",
    "GAME",
    "MOVE_TYPES",
    "PRESETS",
    "Bind",
    "Call",
    "Card",
    "CardCount",
    "CardKind",
    "Cell",
    "Character",
    "Choose",
    "Colour",
    "Config",
    "Copy",
    "Corner",
    "Decline",
    "Discard",
    "DiscardStep",
    "Done",
    "Event",
    "Fault",
    "Hit",
    "Keep",
    "Landing",
    "Meddle",
    "Move",
    "Mulligan",
    "Phase",
    "PickServer",
    "Point",
    "RallyBot",
    "State",
    "Step",
    "Support",
    "Target",
    "View",
    "action_mask",
    "action_to_move",
    "apply_move",
    "card_counts",
    "check_config",
    "check_state",
    "check_view",
    "current_player",
    "enchant",
    "evaluate",
    "events",
    "format_event",
    "format_move",
    "has_ability",
    "heuristic_bot",
    "hit",
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
    "parse_card",
    "parse_move",
    "render",
    "render_svg",
    "resample",
    "seat_names",
    "side_of",
    "team",
    "view",
]


def check_state(state: State) -> State:
    """The full check of a state from outside (JSON, a pickle, one built by hand): ``state`` if
    the rules can reach it, else ``InvalidStateError`` saying what is wrong.

    Types, the ranges the rules keep every counter in, card conservation against the config's
    deck, and the facts that tie the phase to the rest. A state passes once; it is trusted
    from then on.
    """
    return checked(state)


def parse_move(state: object, text: str) -> Move:
    """The move that ``text`` names; raises ``InvalidMoveError`` when it does not parse.

    Parsing checks only the notation; whether the move is legal is ``apply_move``'s business.
    ``state`` (a state or a view) is checked like any other (``InvalidStateError``), but the
    notation does not depend on it.

    >>> from cardgames import alakaslam
    >>> alakaslam.parse_move(alakaslam.new_game(seed=1), "Hit b1 r2")
    Hit(cards=(hit(1, Colour.BLUE), hit(2, Colour.RED)))
    """
    if type(state) is View:
        check_view(state)
    else:
        checked(state)
    return read_move(text)


def card_counts(state: State) -> Mapping[str, int]:
    """Every card of the match wherever it is (deck, discard, hands, face-down), by name."""
    state = checked(state)
    piles = (state.deck, state.discard, state.played, *state.hands)
    return Counter(card.code for cards in piles for card in cards)


def side_of(player: int) -> int:
    """The side a player is on: 0 for players 0 and 2, 1 for players 1 and 3."""
    if type(player) is not int or not 0 <= player < DOUBLES_PLAYERS:
        raise InvalidPlayerError(f"player must be an int 0-{DOUBLES_PLAYERS - 1}")
    return _config.side_of(player)


def team(players: int, side: int) -> tuple[int, ...]:
    """The players of a side, in seat order: ``team(4, 1) == (1, 3)``."""
    if type(players) is not int or players not in (SINGLES_PLAYERS, DOUBLES_PLAYERS):
        raise InvalidConfigError("players must be 2 (singles) or 4 (doubles)")
    if type(side) is not int or side not in (0, 1):
        raise InvalidPlayerError("side must be 0 or 1")
    return _config.team(players, side)


def has_ability(state_or_view: State | View, player: int, character: Character) -> bool:
    """Whether ``player`` has ``character``'s ability now: as their own character, or as
    Simon's copy for this point. The state or view is checked first."""
    table: State | View = (
        check_view(state_or_view) if isinstance(state_or_view, View) else checked(state_or_view)
    )
    n = table.config.players
    if type(player) is not int or not 0 <= player < n:
        raise InvalidPlayerError(f"player must be an int 0-{n - 1}")
    if type(character) is not Character:
        raise InvalidConfigError("character must be a Character")
    return _state.has_ability(table, player, character)


def max_decisions(config: Config) -> int:
    """A bound on a match's decisions.

    A match has at most ``2 * points_to_win - 1`` points and ``shot_limit`` hits. Between two
    hits a side makes at most one decision per card it discards to move, plus a fixed few
    (free step, meddling, the hit, support, targets, the end of the movement); between two
    points every player makes at most one decision per card of the deck (discards, mulligans)
    plus a fixed few. Every card is at most the whole deck. ``InvalidConfigError`` for a
    config that cannot be played.
    """
    check_config(config)
    cards = len(tuple(c for entry in config.deck for c in [entry.card] * entry.count))
    points = 2 * config.points_to_win - 1
    per_turn = 2 * cards + 16
    per_point = config.players * (2 * cards + 16) + 16
    setup = config.players * (cards + 16) + 16
    return setup + points * (per_point + per_turn) + config.shot_limit * per_turn


#: The ``"tiny"`` preset, made for game theory: one point wins, hands of one card, a deck of
#: three blue and three red Hit-1s, Toots against Rich: small enough for OpenSpiel's CFR and
#: exploitability to walk every information state of a few deals.
_TINY = Config(
    deck=(CardCount(hit(1, Colour.BLUE), 3), CardCount(hit(1, Colour.RED), 3)),
    characters=(Character.TOOTS, Character.RICH),
    points_to_win=1,
    hand_size=1,
)

#: Presets worth testing and offering: singles dealt at random, doubles, characters chosen,
#: and a tiny game.
PRESETS: Mapping[str, Config] = MappingProxyType(
    {
        "default": Config(),
        "doubles": Config(players=4),
        "chosen": Config(choose_characters=True, split_movement=True),
        "tiny": _TINY,
    }
)


def num_players(config: Config) -> int:
    """2 in singles, 4 in doubles (``InvalidConfigError`` for a config that cannot be
    played)."""
    check_config(config)
    return config.players


def seat_names(config: Config) -> tuple[str, ...]:
    """Players by number and side: side A defends rows 1-2, side B rows 3-4
    (``InvalidConfigError`` for a config that cannot be played)."""
    check_config(config)
    return tuple(f"player {p} ({'AB'[p % 2]})" for p in range(config.players))


def heuristic_bot() -> RallyBot:
    """A fresh :class:`RallyBot`."""
    return RallyBot()


#: Whose decision it is, whether the game is over and how it ended: answered from the
#: state's ``to_move`` and ``result`` once the state is checked.
current_player, is_over, outcome = turn_queries(checked)


#: AlakaSLAM's functions bundled as a :class:`~cardgames.Game`: what
#: ``cardgames.get_game("alakaslam")`` returns.
#: Searches in this game play out with the heuristic bot for at most 12 decisions: about
#: the rest of the point being played, which a move decides far more than the later ones.
GAME: Game[State, Move, View, Config] = define_game(
    __name__, name="alakaslam", playout=Playout("heuristic", limit=12)
)
_loading.register()


__dir__ = public_dir(__all__)
