"""Bad input of every kind to AlakaSLAM ends in one of the library's own errors, never in a crash
inside it, and never in a changed state."""

from __future__ import annotations

import contextlib
import functools
import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

import cardgames
from cardgames import (
    CardgamesError,
    IllegalMoveError,
    InvalidConfigError,
    InvalidMoveError,
    InvalidPlayerError,
    InvalidStateError,
    Outcome,
    SerializationError,
    _kept,
    alakaslam,
    alethi,
)
from cardgames.alakaslam import (
    DEFAULT_DECK,
    GAME,
    Bind,
    Call,
    Card,
    CardCount,
    CardKind,
    Cell,
    Character,
    Choose,
    Colour,
    Config,
    Corner,
    Decline,
    Discard,
    DiscardStep,
    Done,
    Fault,
    Hit,
    Keep,
    Meddle,
    Mulligan,
    Phase,
    PickServer,
    Point,
    State,
    Step,
    Support,
    Target,
    View,
    card_counts,
    enchant,
    hit,
)
from cardgames.rng import Rng
from cardgames.serialization import move_union

RED, BLUE = Colour.RED, Colour.BLUE
RICH, STEN = Character.RICH, Character.STEN


def _raw(value: object) -> Any:
    """``value`` typed as ``Any``: hostile input is built past the type checker on purpose."""
    return value


def _card(*fields: object) -> Card:
    """A ``Card`` whose fields may be of any type."""
    return Card._make(fields)


def _cell(*fields: object) -> Cell:
    """A ``Cell`` whose fields may be of any type."""
    return Cell._make(fields)


def _config(**changes: Any) -> Config:
    """The default config with these fields replaced, whatever their types."""
    return attrs.evolve(Config(), **changes)


@functools.cache
def _at(phase: Phase, players: int = 2) -> State:
    """A real match (seeded random play, hits preferred) the first time it is in ``phase``."""
    for seed in range(200):
        state = alakaslam.new_game(Config(players=players), seed=seed)
        rng = random.Random(seed)
        while state.result is None and state.phase is not phase:
            moves = alakaslam.legal_moves(state)
            hits = [m for m in moves if type(m) is Hit]
            pick = hits if hits and rng.random() < 0.7 else list(moves)
            state = alakaslam.apply_move(state, rng.choice(pick))
        if state.phase is phase:
            return state
    raise AssertionError(f"no match reached the {phase} phase")


def _move() -> State:
    """Singles, a side about to move and hit."""
    return _at(Phase.MOVE)


def _serve() -> State:
    """Singles, the server about to serve: standing on the ball, six Hit cards, E1 and E2."""
    state = _at(Phase.SERVE)
    hand = state.hands[_to_move(state)]
    assert sum(1 for c in hand if c.kind is CardKind.HIT) >= 4
    assert enchant(1) in hand and enchant(2) in hand
    return state


@pytest.fixture
def fresh_caches() -> Iterator[list[_kept.Clearable]]:
    """Every cache of AlakaSLAM (all are kept through ``cardgames._kept``, wherever the game
    keeps them) empty before the test and emptied after it, so that a malformed card a test
    gets into them (a library bug those tests look for) cannot reach any other test. The test
    gets the caches."""
    caches = [cache for _, cache in _kept.caches("cardgames.alakaslam")]
    _kept.clear("cardgames.alakaslam")
    yield caches
    _kept.clear("cardgames.alakaslam")


def _to_move(state: State) -> int:
    player = state.to_move
    assert player is not None
    return player


def _doc(obj: object) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(cardgames.to_json(obj))
    return doc


def _envelope(kind: str, data: object) -> str:
    return json.dumps(
        {"format": "cardgames", "version": 1, "game": "alakaslam", "kind": kind, "data": data}
    )


# --- configs, seeds, players ----------------------------------------------------------------


_UNPLAYABLE_CONFIGS: list[Any] = [
    pytest.param({"players": 3}, id="players-3"),
    pytest.param({"players": 1}, id="players-1"),
    pytest.param({"players": 0}, id="players-0"),
    pytest.param({"players": -2}, id="players-negative"),
    pytest.param({"players": 2.0}, id="players-float"),
    pytest.param({"players": "2"}, id="players-str"),
    pytest.param({"players": True}, id="players-bool"),
    pytest.param({"players": None}, id="players-none"),
    pytest.param({"deck": list(DEFAULT_DECK)}, id="deck-list"),
    pytest.param({"deck": None}, id="deck-none"),
    pytest.param({"deck": "R1"}, id="deck-str"),
    pytest.param({"deck": ((hit(1, RED), 20),)}, id="deck-entry-plain-tuple"),
    pytest.param({"deck": (1, 2)}, id="deck-entry-int"),
    pytest.param({"deck": (CardCount(_raw((0, 1, RED)), 40),)}, id="card-plain-tuple"),
    pytest.param({"deck": (CardCount(_raw("R1"), 40),)}, id="card-str"),
    pytest.param({"deck": (CardCount(_card(CardKind.HIT, 1, None), 40),)}, id="hit-no-colour"),
    pytest.param({"deck": (CardCount(_card(CardKind.HIT, 1, "red"), 40),)}, id="hit-str-colour"),
    pytest.param({"deck": (CardCount(_card(0, 1, RED), 40),)}, id="kind-int"),
    pytest.param({"deck": (CardCount(_card("hit", 1, RED), 40),)}, id="kind-str"),
    pytest.param({"deck": (CardCount(_card(CardKind.HIT, "1", RED), 40),)}, id="value-str"),
    pytest.param({"deck": (CardCount(_card(CardKind.HIT, 1.0, RED), 40),)}, id="value-float"),
    pytest.param({"deck": (CardCount(_card(CardKind.HIT, True, RED), 40),)}, id="value-bool"),
    pytest.param({"deck": (CardCount(_card(CardKind.HIT, [1], RED), 40),)}, id="value-list"),
    pytest.param({"deck": (CardCount(hit(10, RED), 40),)}, id="hit-10"),
    pytest.param({"deck": (CardCount(hit(-1, RED), 40),)}, id="hit-negative"),
    pytest.param(
        {"deck": (*DEFAULT_DECK, CardCount(_card(CardKind.ENCHANT, 1, RED), 1))},
        id="enchant-with-colour",
    ),
    pytest.param({"deck": (*DEFAULT_DECK, CardCount(enchant(0), 1))}, id="enchant-0"),
    pytest.param({"deck": (*DEFAULT_DECK, CardCount(enchant(4), 1))}, id="enchant-4"),
    pytest.param({"deck": (CardCount(hit(1, RED), -1),)}, id="count-negative"),
    pytest.param({"deck": (CardCount(hit(1, RED), 1001),)}, id="count-1001"),
    pytest.param({"deck": (CardCount(hit(1, RED), 10**100),)}, id="count-huge"),
    pytest.param({"deck": (CardCount(hit(1, RED), _raw(40.0)),)}, id="count-float"),
    pytest.param({"deck": (CardCount(hit(1, RED), _raw("40")),)}, id="count-str"),
    pytest.param({"deck": (CardCount(hit(1, RED), _raw(None)),)}, id="count-none"),
    pytest.param(
        {"deck": (CardCount(hit(1, RED), 20), CardCount(hit(1, RED), 20))}, id="duplicate-face"
    ),
    pytest.param({"deck": (CardCount(hit(1, RED), 16),)}, id="hits-just-enough-for-hands"),
    pytest.param({"deck": (CardCount(enchant(1), 100),)}, id="no-hit-cards"),
    pytest.param({"deck": ()}, id="empty-deck"),
    pytest.param({"hand_size": 20}, id="hands-take-every-hit"),
    pytest.param({"players": 4, "hand_size": 10}, id="doubles-hands-take-every-hit"),
    pytest.param({"characters": (RICH,)}, id="one-character-for-two"),
    pytest.param({"characters": (RICH, STEN, Character.TOOTS)}, id="three-characters-for-two"),
    pytest.param({"characters": (RICH, RICH)}, id="duplicate-characters"),
    pytest.param({"characters": [RICH, STEN]}, id="characters-list"),
    pytest.param({"characters": ("rich", "sten")}, id="characters-str"),
    pytest.param({"characters": (RICH, None)}, id="character-none"),
    pytest.param({"characters": ()}, id="no-characters"),
    pytest.param({"characters": "rich"}, id="characters-one-str"),
    pytest.param({"choose_characters": 1}, id="choose-characters-int"),
    pytest.param({"choose_characters": "yes"}, id="choose-characters-str"),
    pytest.param({"choose_characters": None}, id="choose-characters-none"),
    pytest.param({"split_movement": 0}, id="split-movement-int"),
    pytest.param({"split_movement": "false"}, id="split-movement-str"),
    pytest.param({"points_to_win": 0}, id="points-0"),
    pytest.param({"points_to_win": 100}, id="points-100"),
    pytest.param({"points_to_win": -3}, id="points-negative"),
    pytest.param({"points_to_win": True}, id="points-bool"),
    pytest.param({"points_to_win": 3.0}, id="points-float"),
    pytest.param({"points_to_win": "3"}, id="points-str"),
    pytest.param({"hand_size": 0}, id="hand-size-0"),
    pytest.param({"hand_size": 51}, id="hand-size-51"),
    pytest.param({"hand_size": True}, id="hand-size-bool"),
    pytest.param({"hand_size": 8.0}, id="hand-size-float"),
    pytest.param({"hand_size": None}, id="hand-size-none"),
    pytest.param({"shot_limit": 0}, id="shot-limit-0"),
    pytest.param({"shot_limit": 10_001}, id="shot-limit-10001"),
    pytest.param({"shot_limit": 10**100}, id="shot-limit-huge"),
    pytest.param({"shot_limit": True}, id="shot-limit-bool"),
    pytest.param({"shot_limit": [300]}, id="shot-limit-list"),
]


@pytest.mark.parametrize("changes", _UNPLAYABLE_CONFIGS)
def test_unplayable_configs_are_refused(changes: dict[str, Any]) -> None:
    """new_game refuses a config it cannot play (players, deck, characters, flags, limits)."""
    config = _config(**changes)
    with pytest.raises(InvalidConfigError):
        alakaslam.new_game(config, seed=1)
    with pytest.raises(InvalidConfigError):
        GAME.new_game(config, seed=1)


@pytest.mark.parametrize("config", [alethi.Config(), "default", {}, 2, alakaslam.PRESETS], ids=repr)
def test_new_game_wants_an_alakaslam_config(config: Any) -> None:
    """new_game refuses anything but an AlakaSLAM Config (another game's, a name, a dict)."""
    with pytest.raises(InvalidConfigError, match="expected an alakaslam Config"):
        alakaslam.new_game(config, seed=1)


@pytest.mark.parametrize("seed", ["x", "1", True, False, 1.0, None, [1], (1,)], ids=repr)
def test_seeds_must_be_ints(seed: Any) -> None:
    """new_game and resample refuse a seed that is not an int (bools included)."""
    with pytest.raises(InvalidConfigError, match="seed must be an int"):
        alakaslam.new_game(seed=seed)
    with pytest.raises(InvalidConfigError, match="seed must be an int"):
        alakaslam.resample(alakaslam.view(alakaslam.new_game(seed=1), 0), seed=seed)


@pytest.mark.parametrize(
    ("players", "player"),
    [
        (2, 2),
        (2, 3),
        (2, -2),
        (4, 4),
        (4, -3),
        (2, 10**30),
        (2, 0.0),
        (2, True),
        (2, False),
        (2, "0"),
        (2, None),
        (2, [0]),
        (4, 1.0),
    ],
    ids=repr,
)
def test_views_need_a_seated_player(players: int, player: Any) -> None:
    """view refuses a player number out of range or not an int (-1 is ``SPECTATOR``)."""
    state = alakaslam.new_game(Config(players=players), seed=1)
    with pytest.raises(InvalidPlayerError):
        alakaslam.view(state, player)


@pytest.mark.parametrize(
    "table",
    [None, "state", 3, Config(), alethi.new_game(seed=1), {"phase": "move"}],
    ids=["none", "str", "int", "config", "alethi-state", "dict"],
)
def test_state_functions_want_an_alakaslam_state(table: Any) -> None:
    """Every state function refuses what is not an AlakaSLAM State."""
    calls: list[Callable[[Any], object]] = [
        alakaslam.legal_moves,
        alakaslam.current_player,
        alakaslam.is_over,
        alakaslam.outcome,
        card_counts,
        GAME.check_state,
        lambda s: alakaslam.view(s, 0),
        lambda s: alakaslam.apply_move(s, Keep()),
    ]
    for call in calls:
        with pytest.raises(InvalidStateError, match="expected an alakaslam State"):
            call(table)


def test_a_view_cannot_stand_for_a_state() -> None:
    """State functions refuse a view and say that resample() builds a state from it."""
    seen = alakaslam.view(alakaslam.new_game(seed=1), 0)
    for call in (alakaslam.legal_moves, alakaslam.current_player, alakaslam.is_over):
        with pytest.raises(InvalidStateError, match=r"resample\(\) builds one"):
            call(_raw(seen))
    with pytest.raises(InvalidStateError, match=r"resample\(\) builds one"):
        alakaslam.apply_move(_raw(seen), Keep())


# --- hand-made states -----------------------------------------------------------------------


Change = Callable[[State], dict[str, Any]]

_UNPLAYABLE_STATES: list[Any] = [
    # the config
    pytest.param(
        "move", lambda s: {"config": None}, "expected an alakaslam Config", id="no-config"
    ),
    pytest.param("move", lambda s: {"config": Config(players=3)}, "players", id="config-3"),
    pytest.param(
        "move",
        lambda s: {
            "config": Config(players=4),
            "characters": (*s.characters, *[c for c in Character if c not in s.characters][:2]),
        },
        "hands must be",
        id="config-doubles",
    ),
    pytest.param("move", lambda s: {"config": alethi.Config()}, "Config", id="alethi-config"),
    # cards
    pytest.param("move", lambda s: {"deck": s.deck[:-1]}, "not those", id="card-lost"),
    pytest.param("move", lambda s: {"deck": (*s.deck, hit(0, RED))}, "not those", id="card-added"),
    pytest.param(
        "move",
        lambda s: {"deck": (*s.deck[:-1], hit(9, RED))},
        "not those",
        id="card-swapped-for-one-not-in-deck",
    ),
    pytest.param("move", lambda s: {"deck": list(s.deck)}, "deck must be", id="deck-list"),
    pytest.param("move", lambda s: {"deck": None}, "deck must be", id="deck-none"),
    pytest.param(
        "move",
        lambda s: {"deck": (*s.deck[:-1], s.deck[-1].code)},
        "deck must be",
        id="deck-card-as-str",
    ),
    pytest.param(
        "move",
        lambda s: {"deck": (*s.deck[:-1], tuple(s.deck[-1]))},
        "deck must be",
        id="deck-card-as-plain-tuple",
    ),
    pytest.param(
        "move", lambda s: {"discard": (*s.discard, 5)}, "discard must be", id="discard-int"
    ),
    pytest.param("move", lambda s: {"played": None}, "played must be", id="played-none"),
    pytest.param(
        "move",
        lambda s: {"hands": (tuple(reversed(s.hands[0])), s.hands[1])},
        "sorted tuple of Card",
        id="unsorted-hand",
    ),
    pytest.param(
        "move",
        lambda s: {"hands": (list(s.hands[0]), s.hands[1])},
        "sorted tuple of Card",
        id="hand-list",
    ),
    pytest.param(
        "move",
        lambda s: {"hands": (s.hands[0], None)},
        "sorted tuple of Card",
        id="hand-none",
    ),
    pytest.param("move", lambda s: {"hands": list(s.hands)}, "hands must be", id="hands-list"),
    pytest.param("move", lambda s: {"hands": (*s.hands, ())}, "hands must be", id="three-hands"),
    pytest.param("move", lambda s: {"hands": s.hands[:1]}, "hands must be", id="one-hand"),
    # the court
    pytest.param(
        "move",
        lambda s: {"positions": (Cell(0, 3), s.positions[1])},
        "player 0 is not on a cell of their own half",
        id="player-in-other-half",
    ),
    pytest.param(
        "move",
        lambda s: {"positions": (s.positions[0], Cell(0, 0))},
        "player 1 is not on a cell of their own half",
        id="player-1-in-other-half",
    ),
    pytest.param(
        "move",
        lambda s: {"positions": (Cell(5, 0), s.positions[1])},
        "not on a cell",
        id="player-off-court",
    ),
    pytest.param(
        "move",
        lambda s: {"positions": (tuple(s.positions[0]), s.positions[1])},
        "not on a cell",
        id="position-plain-tuple",
    ),
    pytest.param(
        "move",
        lambda s: {"positions": ("a1", s.positions[1])},
        "not on a cell",
        id="position-str",
    ),
    pytest.param(
        "move",
        lambda s: {"positions": (_cell("a", 0), s.positions[1])},
        "not on a cell",
        id="position-cell-of-str",
    ),
    pytest.param(
        "move", lambda s: {"positions": s.positions[:1]}, "positions must be", id="one-position"
    ),
    pytest.param(
        "move", lambda s: {"positions": list(s.positions)}, "positions must be", id="positions-list"
    ),
    pytest.param("move", lambda s: {"ball": Cell(1, 4)}, "ball is not on", id="ball-beyond"),
    pytest.param("move", lambda s: {"ball": Cell(-1, 0)}, "ball is not on", id="ball-left"),
    pytest.param("move", lambda s: {"ball": Cell(3, 0)}, "ball is not on", id="ball-right"),
    pytest.param("move", lambda s: {"ball": (1, 1)}, "ball is not on", id="ball-plain-tuple"),
    pytest.param("move", lambda s: {"ball": "b2"}, "ball is not on", id="ball-str"),
    pytest.param(
        "move", lambda s: {"ball": _cell(1.0, 1)}, "ball is not on", id="ball-cell-of-float"
    ),
    # the score and the players
    pytest.param("move", lambda s: {"score": (4, 0)}, "score must be", id="score-over-target"),
    pytest.param("move", lambda s: {"score": (0, -1)}, "score must be", id="score-negative"),
    pytest.param("move", lambda s: {"score": (0,)}, "score must be", id="score-one"),
    pytest.param("move", lambda s: {"score": (0, 0, 0)}, "score must be", id="score-three"),
    pytest.param("move", lambda s: {"score": [0, 0]}, "score must be", id="score-list"),
    pytest.param("move", lambda s: {"score": (True, 0)}, "score must be", id="score-bool"),
    pytest.param("move", lambda s: {"score": ("0", 0)}, "score must be", id="score-str"),
    pytest.param("move", lambda s: {"score": (0.0, 0)}, "score must be", id="score-float"),
    pytest.param("move", lambda s: {"score": None}, "score must be", id="score-none"),
    pytest.param("move", lambda s: {"to_move": 2}, "to_move must be", id="to-move-2"),
    pytest.param("move", lambda s: {"to_move": -1}, "to_move must be", id="to-move-negative"),
    pytest.param("move", lambda s: {"to_move": None}, "to_move must be", id="to-move-none"),
    pytest.param("move", lambda s: {"to_move": "0"}, "to_move must be", id="to-move-str"),
    pytest.param("move", lambda s: {"to_move": True}, "to_move must be", id="to-move-bool"),
    pytest.param("move", lambda s: {"to_move": 0.0}, "to_move must be", id="to-move-float"),
    pytest.param("move", lambda s: {"queue": (5,)}, "queue must be", id="queue-out-of-range"),
    pytest.param("move", lambda s: {"queue": [1]}, "queue must be", id="queue-list"),
    pytest.param("move", lambda s: {"queue": (True,)}, "queue must be", id="queue-bool"),
    pytest.param("move", lambda s: {"queue": None}, "queue must be", id="queue-none"),
    pytest.param("move", lambda s: {"server": 5}, "server must be", id="server-5"),
    pytest.param("move", lambda s: {"server": "0"}, "server must be", id="server-str"),
    pytest.param("move", lambda s: {"server": False}, "server must be", id="server-bool"),
    pytest.param("move", lambda s: {"hitter": 7}, "hitter must be", id="hitter-7"),
    pytest.param("move", lambda s: {"hitter": [0]}, "hitter must be", id="hitter-list"),
    pytest.param("move", lambda s: {"moved": (9,)}, "moved must be", id="moved-out-of-range"),
    pytest.param("move", lambda s: {"moved": [0]}, "moved must be", id="moved-list"),
    # characters
    pytest.param(
        "move", lambda s: {"characters": list(s.characters)}, "characters must be", id="chars-list"
    ),
    pytest.param(
        "move", lambda s: {"characters": ("rich", "sten")}, "characters must be", id="chars-str"
    ),
    pytest.param("move", lambda s: {"characters": (RICH, RICH)}, "distinct", id="chars-duplicate"),
    pytest.param(
        "move",
        lambda s: {"characters": (RICH, STEN, Character.TOOTS)},
        "one per player",
        id="chars-three",
    ),
    pytest.param(
        "move", lambda s: {"characters": (RICH,)}, "every player needs", id="chars-missing"
    ),
    pytest.param(
        "move",
        lambda s: {"copied": next(c for c in Character if c not in s.characters)},
        "Simon can copy",
        id="copied-not-in-play",
    ),
    pytest.param("move", lambda s: {"copied": "rich"}, "Simon can copy", id="copied-str"),
    # flags and counters
    pytest.param("move", lambda s: {"free_step": 1}, "free_step must be", id="free-step-int"),
    pytest.param("move", lambda s: {"free_step": None}, "free_step must be", id="free-step-none"),
    pytest.param("move", lambda s: {"meddled": "no"}, "meddled must be", id="meddled-str"),
    pytest.param("move", lambda s: {"locked": 0}, "locked must be", id="locked-int"),
    pytest.param("move", lambda s: {"discards_left": 4}, "discards_left", id="discards-4"),
    pytest.param("move", lambda s: {"discards_left": -1}, "discards_left", id="discards-negative"),
    pytest.param("move", lambda s: {"discards_left": True}, "discards_left", id="discards-bool"),
    pytest.param("move", lambda s: {"shots": -1}, "shots must be", id="shots-negative"),
    pytest.param("move", lambda s: {"shots": 301}, "shots must be", id="shots-over-limit"),
    pytest.param("move", lambda s: {"shots": 1.5}, "shots must be", id="shots-float"),
    # binds and pending Enchantments
    pytest.param("move", lambda s: {"binds": (4, 0)}, "binds must be", id="bind-4"),
    pytest.param("move", lambda s: {"binds": (-1, 0)}, "binds must be", id="bind-negative"),
    pytest.param("move", lambda s: {"binds": (0,)}, "binds must be", id="binds-one"),
    pytest.param("move", lambda s: {"binds": [0, 0]}, "binds must be", id="binds-list"),
    pytest.param("move", lambda s: {"binds": (True, 0)}, "binds must be", id="bind-bool"),
    pytest.param("move", lambda s: {"binds": ("2", 0)}, "binds must be", id="bind-str"),
    pytest.param("move", lambda s: {"pending": (Bind(0, 0),)}, "pending", id="pending-0-cards"),
    pytest.param("move", lambda s: {"pending": (Bind(0, 4),)}, "pending", id="pending-4-cards"),
    pytest.param("move", lambda s: {"pending": (Bind(9, 1),)}, "pending", id="pending-player-9"),
    pytest.param("move", lambda s: {"pending": ((0, 1),)}, "pending", id="pending-plain-tuple"),
    pytest.param("move", lambda s: {"pending": [Bind(0, 1)]}, "pending", id="pending-list"),
    pytest.param(
        "move", lambda s: {"pending": (Bind(_raw("0"), 1),)}, "pending", id="pending-player-str"
    ),
    pytest.param(
        "move", lambda s: {"pending": (Bind(0, _raw(True)),)}, "pending", id="pending-cards-bool"
    ),
    pytest.param("move", lambda s: {"pending": (None,)}, "pending", id="pending-none"),
    # the last point, the result, the generator
    pytest.param(
        "move", lambda s: {"last_point": Point(2, Fault.NET)}, "last_point", id="point-side-2"
    ),
    pytest.param(
        "move",
        lambda s: {"last_point": Point(0, _raw("net"))},
        "last_point",
        id="point-fault-str",
    ),
    pytest.param(
        "move", lambda s: {"last_point": (0, Fault.NET)}, "last_point", id="point-plain-tuple"
    ),
    pytest.param(
        "move",
        lambda s: {"last_point": Point(_raw(1.0), Fault.NET)},
        "last_point",
        id="point-side-float",
    ),
    pytest.param(
        "move",
        lambda s: {"last_point": Point(_raw(True), Fault.NET)},
        "last_point",
        id="point-side-bool",
    ),
    pytest.param("move", lambda s: {"rng": None}, "rng must be", id="rng-none"),
    pytest.param("move", lambda s: {"rng": 5}, "rng must be", id="rng-int"),
    pytest.param("move", lambda s: {"rng": Rng(_raw("1"))}, "rng must be", id="rng-str-state"),
    pytest.param("move", lambda s: {"rng": Rng(_raw(True))}, "rng must be", id="rng-bool-state"),
    pytest.param("move", lambda s: {"rng": Rng(-1)}, "64-bit", id="rng-negative"),
    pytest.param("move", lambda s: {"rng": Rng(1 << 64)}, "64-bit", id="rng-65-bits"),
    pytest.param("move", lambda s: {"phase": "move"}, "phase is not a Phase", id="phase-str"),
    pytest.param("move", lambda s: {"phase": None}, "phase is not a Phase", id="phase-none"),
    pytest.param(
        "move", lambda s: {"phase": Phase.OVER}, "result and the phase", id="over-no-result"
    ),
    pytest.param(
        "move",
        lambda s: {"result": Outcome.win({0}, 2, "r")},
        "result and the phase",
        id="result-not-over",
    ),
    pytest.param("over", lambda s: {"result": "won"}, "result must be an Outcome", id="result-str"),
    pytest.param("over", lambda s: {"to_move": 0}, "nobody decides", id="over-to-move"),
    pytest.param("over", lambda s: {"queue": (0,)}, "nobody decides", id="over-queue"),
    pytest.param(
        "over",
        lambda s: {"result": Outcome.win({0, 2}, 4, "r")},
        "result",
        id="result-for-four-players-in-singles",
    ),
    # phases that need what the state lacks
    pytest.param("move", lambda s: {"ball": None}, "needs the players", id="move-no-ball"),
    pytest.param("move", lambda s: {"positions": ()}, "needs the players", id="move-no-positions"),
    pytest.param("move", lambda s: {"binds": ()}, "needs the players", id="move-no-binds"),
    pytest.param("serve", lambda s: {"ball": None}, "needs the players", id="serve-no-ball"),
    pytest.param("after", lambda s: {"ball": None}, "needs the players", id="after-no-ball"),
    pytest.param(
        "serve",
        lambda s: {"to_move": 1 - _to_move(s)},
        "server serves",
        id="serve-by-receiver",
    ),
    pytest.param(
        "corner", lambda s: {"server": None}, "corner phase needs a server", id="corner-no-server"
    ),
    pytest.param(
        "move",
        lambda s: {"phase": Phase.SUPPORT, "hitter": 1 - _to_move(s)},
        "support",
        id="support-in-singles",
    ),
    pytest.param(
        "move",
        lambda s: {"phase": Phase.TARGET, "hitter": 0, "pending": (Bind(0, 1),)},
        "no target phase in singles",
        id="target-in-singles",
    ),
    pytest.param(
        "mulligan",
        lambda s: {"phase": Phase.PICK_SERVER},
        "no pick-server phase in singles",
        id="pick-server-in-singles",
    ),
    pytest.param("support4", lambda s: {"hitter": None}, "needs a hitter", id="support-no-hitter"),
    pytest.param(
        "target4", lambda s: {"pending": ()}, "target phase needs", id="target-no-pending"
    ),
    pytest.param(
        "target4",
        lambda s: {"binds": (2, 2, 2, 2)},
        "cannot be bound in the target phase",
        id="target-nobody-left-to-bind",
    ),
]

_BASES: dict[str, Callable[[], State]] = {
    "mulligan": lambda: alakaslam.new_game(seed=1),
    "move": _move,
    "serve": _serve,
    "after": lambda: _at(Phase.AFTER),
    "corner": lambda: _at(Phase.CORNER),
    "over": lambda: _at(Phase.OVER),
    "support4": lambda: _at(Phase.SUPPORT, 4),
    "target4": lambda: _at(Phase.TARGET, 4),
}


def _refused_everywhere(state: State, why: str | None) -> None:
    """Every function that takes a state refuses ``state``, twice over (a refused state stays
    refused: the first refusal leaves nothing behind that the second would trust)."""
    calls: list[Callable[[State], object]] = [
        alakaslam.legal_moves,
        alakaslam.current_player,
        alakaslam.is_over,
        alakaslam.outcome,
        alakaslam.render,
        card_counts,
        GAME.check_state,
        lambda s: alakaslam.view(s, 0),
        lambda s: alakaslam.apply_move(s, Decline()),
        lambda s: alakaslam.apply_move(s, Keep()),
    ]
    match = None if why is None else re.escape(why)
    for _ in range(2):
        for call in calls:
            with pytest.raises(InvalidStateError, match=match):
                call(state)


@pytest.mark.parametrize(("base", "change", "why"), _UNPLAYABLE_STATES)
def test_unplayable_states_are_refused_saying_why(base: str, change: Change, why: str) -> None:
    """A hand-edited unplayable state is refused with the reason by every call, twice."""
    real = _BASES[base]()
    assert alakaslam.legal_moves(real) or real.result is not None
    state = attrs.evolve(real, **change(real))
    _refused_everywhere(state, why)


def _first_card(state: State, card: Card) -> dict[str, Any]:
    """The change that puts ``card`` in place of the first card of player 0's hand."""
    hand = state.hands[0]
    return {"hands": ((card, *hand[1:]), *state.hands[1:])}


_MALFORMED_PARTS: list[Any] = [
    pytest.param(
        lambda s: {
            "hands": (
                tuple(sorted((*s.hands[0][1:], _card(CardKind.HIT, "x", RED)), key=repr)),
                s.hands[1],
            )
        },
        id="hand-card-value-str",
    ),
    pytest.param(
        lambda s: {"deck": (*s.deck[:-1], _card(CardKind.HIT, [1], RED))},
        id="deck-card-value-list",
    ),
    pytest.param(
        lambda s: {"discard": (*s.discard, _card(CardKind.HIT, 1, None))},
        id="discard-hit-card-without-colour",
    ),
    pytest.param(
        lambda s: {"positions": (_cell([0], 0), s.positions[1])},
        id="position-cell-of-list",
    ),
    pytest.param(lambda s: {"ball": _cell([1], 1)}, id="ball-cell-of-list"),
    pytest.param(
        lambda s: {"positions": (_cell(0.0, 0), s.positions[1])},
        id="position-cell-of-float",
    ),
    pytest.param(
        lambda s: _first_card(s, _card(s.hands[0][0].kind, s.hands[0][0].value, "blue")),
        id="hand-card-colour-str",
    ),
    pytest.param(
        lambda s: _first_card(s, _card(0, s.hands[0][0].value, s.hands[0][0].colour)),
        id="hand-card-kind-int",
    ),
    pytest.param(
        lambda s: _first_card(s, _card(s.hands[0][0].kind, 0.0, s.hands[0][0].colour)),
        id="hand-card-value-float",
    ),
]


@pytest.mark.usefixtures("fresh_caches")
@pytest.mark.parametrize("change", _MALFORMED_PARTS)
def test_states_with_malformed_cards_or_cells_are_refused(change: Change) -> None:
    """Cards or cells with fields of the wrong type (str, list, float...) make a refused state."""
    real = _move()
    assert real.hands[0][0] == hit(0, BLUE)
    state = attrs.evolve(real, **change(real))
    _refused_everywhere(state, None)


def test_the_cache_fixture_reaches_the_rules_caches(fresh_caches: list[object]) -> None:
    """The fixture finds the caches of the plays and of the steps wherever the chapters keep
    them, so the test below starts and ends with them empty."""
    assert len(fresh_caches) >= 5


@pytest.mark.usefixtures("fresh_caches")
def test_a_malformed_state_does_not_poison_the_moves_of_real_states() -> None:
    """A str-colour card in a hand-made state never reaches a real state's moves via caches."""
    real = _serve()
    player = _to_move(real)
    hand = real.hands[player]
    card = next(c for c in hand if c.colour is not None)
    fake = _card(card.kind, card.value, str(card.colour))
    hands = list(real.hands)
    hands[player] = tuple(fake if c is card else c for c in hand)
    with contextlib.suppress(CardgamesError):
        alakaslam.legal_moves(attrs.evolve(real, hands=tuple(hands)))
    again: State = cardgames.from_json(cardgames.to_json(real), State)
    hits = [m for m in alakaslam.legal_moves(again) if type(m) is Hit]
    assert hits
    for move in hits:
        assert all(c.colour is None or type(c.colour) is Colour for c in move.cards), move
    after = alakaslam.apply_move(again, next(m for m in hits if card in m.cards))
    for cards in (after.discard, *after.hands):
        assert all(c.colour is None or type(c.colour) is Colour for c in cards)


def test_an_unplayable_state_is_refused_when_loaded_from_json() -> None:
    """JSON loading runs the full check: a well-formed but unplayable state does not load, and
    the same state built by hand is refused on first use."""
    doc = _doc(_move())
    doc["data"]["positions"][0] = [0, 3]
    with pytest.raises(SerializationError, match="player 0 is not on a cell of their own half"):
        cardgames.from_json(json.dumps(doc), State)
    real = _move()
    by_hand = attrs.evolve(real, positions=(Cell(0, 3), *real.positions[1:]))
    _refused_everywhere(by_hand, "player 0 is not on a cell of their own half")


def test_a_refused_state_does_not_poison_its_real_original() -> None:
    """Refusing a hand-made copy leaves the real state it came from playable."""
    real = _move()
    before = cardgames.to_json(real)
    bad = attrs.evolve(real, score=(9, 9))
    _refused_everywhere(bad, "score must be")
    assert alakaslam.legal_moves(real)
    assert cardgames.to_json(real) == before


# --- JSON -----------------------------------------------------------------------------------


_BAD_STATE_DATA: list[Any] = [
    pytest.param(lambda d: d.update(score=["0", 0]), id="score-str"),
    pytest.param(lambda d: d.update(score=[0.0, 0]), id="score-float"),
    pytest.param(lambda d: d.update(score=[True, 0]), id="score-bool"),
    pytest.param(lambda d: d.update(score=0), id="score-int"),
    pytest.param(lambda d: d.update(to_move=True), id="to-move-bool"),
    pytest.param(lambda d: d.update(to_move="0"), id="to-move-str"),
    pytest.param(lambda d: d.update(to_move=0.0), id="to-move-float"),
    pytest.param(lambda d: d.update(phase="moving"), id="phase-unknown"),
    pytest.param(lambda d: d.update(phase=3), id="phase-int"),
    pytest.param(lambda d: d.update(queue="1"), id="queue-str"),
    pytest.param(lambda d: d.update(queue={"1": 0}), id="queue-object"),
    pytest.param(lambda d: d.update(characters=["bob", "rich"]), id="character-unknown"),
    pytest.param(lambda d: d.update(characters=["RICH", "STEN"]), id="character-upper"),
    pytest.param(lambda d: d.update(copied=1), id="copied-int"),
    pytest.param(lambda d: d["deck"].__setitem__(0, "X9"), id="card-X9"),
    pytest.param(lambda d: d["deck"].__setitem__(0, 5), id="card-int"),
    pytest.param(lambda d: d["deck"].__setitem__(0, None), id="card-null"),
    pytest.param(lambda d: d["deck"].__setitem__(0, ["R", 1]), id="card-list"),
    pytest.param(lambda d: d["deck"].__setitem__(0, {"kind": 0, "value": 1}), id="card-object"),
    pytest.param(lambda d: d["deck"].__setitem__(0, "R10"), id="card-R10"),
    pytest.param(lambda d: d["deck"].__setitem__(0, ""), id="card-empty"),
    pytest.param(lambda d: d["deck"].__setitem__(0, "R\u0661"), id="card-foreign-digit"),
    pytest.param(lambda d: d["hands"][0].__setitem__(0, "X9"), id="hand-card-X9"),
    pytest.param(lambda d: d["hands"].__setitem__(0, "R1 R2"), id="hand-str"),
    pytest.param(lambda d: d["hands"].__setitem__(0, {"R1": 1}), id="hand-object"),
    pytest.param(lambda d: d.update(discard=[5]), id="discard-int"),
    pytest.param(lambda d: d["positions"].__setitem__(0, [1]), id="cell-one-int"),
    pytest.param(lambda d: d["positions"].__setitem__(0, ["a", 1]), id="cell-str"),
    pytest.param(lambda d: d["positions"].__setitem__(0, [0, 1, 2]), id="cell-three-ints"),
    pytest.param(lambda d: d["positions"].__setitem__(0, [0.0, 1]), id="cell-float"),
    pytest.param(lambda d: d["positions"].__setitem__(0, [True, 1]), id="cell-bool"),
    pytest.param(lambda d: d["positions"].__setitem__(0, "a1"), id="cell-name"),
    pytest.param(lambda d: d["positions"].__setitem__(0, {"col": 0, "row": 0}), id="cell-obj"),
    pytest.param(lambda d: d.update(ball=[1]), id="ball-one-int"),
    pytest.param(lambda d: d.update(ball=["a", 1]), id="ball-str"),
    pytest.param(lambda d: d.update(ball="b2"), id="ball-name"),
    pytest.param(lambda d: d.update(server="0"), id="server-str"),
    pytest.param(lambda d: d.update(rng={"state": "12"}), id="rng-str"),
    pytest.param(lambda d: d.update(rng={"state": 1.5}), id="rng-float"),
    pytest.param(lambda d: d.update(rng=12), id="rng-int"),
    pytest.param(lambda d: d.update(rng={"state": 1, "seed": 2}), id="rng-unknown-key"),
    pytest.param(lambda d: d.update(free_step=1), id="free-step-int"),
    pytest.param(lambda d: d.update(free_step="true"), id="free-step-str"),
    pytest.param(lambda d: d.update(binds=[0, "1"]), id="bind-str"),
    pytest.param(lambda d: d.update(pending=[[0, "1"]]), id="pending-str"),
    pytest.param(lambda d: d.update(pending=[{"player": 0}]), id="pending-object"),
    pytest.param(lambda d: d.update(pending=[[0, 1, 2]]), id="pending-three"),
    pytest.param(lambda d: d.update(shots=2.5), id="shots-float"),
    pytest.param(lambda d: d.update(last_point={"side": 0, "fault": "bad"}), id="fault-unknown"),
    pytest.param(lambda d: d.update(last_point={"side": "0", "fault": "net"}), id="point-str"),
    pytest.param(lambda d: d.update(last_point={"side": 0}), id="point-no-fault"),
    pytest.param(
        lambda d: d.update(result={"winners": [True], "returns": [0.0, 1.0], "reason": "r"}),
        id="result-winner-bool",
    ),
    pytest.param(
        lambda d: d.update(result={"winners": [1], "returns": ["0", "1"], "reason": "r"}),
        id="result-returns-str",
    ),
    pytest.param(lambda d: d.update(extra=1), id="unknown-key"),
    pytest.param(lambda d: d.pop("rng"), id="missing-rng"),
    pytest.param(lambda d: d.pop("hands"), id="missing-hands"),
    pytest.param(lambda d: d.update(config={"players": 2.0}), id="config-players-float"),
    pytest.param(lambda d: d.update(config={"players": "2"}), id="config-players-str"),
    pytest.param(lambda d: d.update(config={"split_movement": 1}), id="config-flag-int"),
    pytest.param(lambda d: d.update(config={"colours": 2}), id="config-unknown-key"),
    pytest.param(
        lambda d: d.update(config={"deck": [{"card": "X9", "count": 3}]}), id="config-card-X9"
    ),
    pytest.param(
        lambda d: d.update(config={"deck": [{"card": "R1", "count": 1.5}]}),
        id="config-count-float",
    ),
    pytest.param(
        lambda d: d.update(config={"deck": [{"card": "R1", "count": True}]}),
        id="config-count-bool",
    ),
    pytest.param(lambda d: d.update(config={"deck": [["R1", 3]]}), id="config-entry-list"),
    pytest.param(lambda d: d.update(config={"characters": "rich"}), id="config-chars-str"),
]


@pytest.mark.parametrize("change", _BAD_STATE_DATA)
def test_json_states_with_wrong_values_are_refused(change: Callable[[dict[str, Any]], Any]) -> None:
    """State JSON with a wrong type, unknown key, card "X9"/5 or cell [1]/["a", 1] is refused."""
    doc = _doc(_move())
    change(doc["data"])
    with pytest.raises(SerializationError, match=r"\$"):
        cardgames.from_json(json.dumps(doc), State)


_BAD_VIEW_DATA: list[Any] = [
    pytest.param(lambda d: d.update(player="0"), id="player-str"),
    pytest.param(lambda d: d.update(player=True), id="player-bool"),
    pytest.param(lambda d: d.update(hand=["X9"]), id="hand-X9"),
    pytest.param(lambda d: d.update(hand_sizes=[8.0, 8]), id="hand-size-float"),
    pytest.param(lambda d: d.update(deck_size="36"), id="deck-size-str"),
    pytest.param(lambda d: d.update(played_count=None), id="played-count-null"),
    pytest.param(lambda d: d.update(rng={"state": 1}), id="view-with-rng"),
    pytest.param(lambda d: d.update(deck=[]), id="view-with-deck"),
    pytest.param(lambda d: d.update(hands=[[], []]), id="view-with-hands"),
]


@pytest.mark.parametrize("change", _BAD_VIEW_DATA)
def test_json_views_with_wrong_values_are_refused(change: Callable[[dict[str, Any]], Any]) -> None:
    """A view document with a wrong scalar type or a state's key (rng, deck, hands) is refused."""
    doc = _doc(alakaslam.view(_move(), 0))
    change(doc["data"])
    with pytest.raises(SerializationError, match=r"\$"):
        cardgames.from_json(json.dumps(doc), View)


def test_a_view_does_not_load_as_a_state_nor_a_state_as_a_view() -> None:
    """The envelope's kind is checked: a view document is not a state, nor the other way."""
    state = _move()
    with pytest.raises(SerializationError, match=r"\$\.kind"):
        cardgames.from_json(cardgames.to_json(alakaslam.view(state, 0)), State)
    with pytest.raises(SerializationError, match=r"\$\.kind"):
        cardgames.from_json(cardgames.to_json(state), View)
    with pytest.raises(SerializationError, match=r"\$\.kind"):
        cardgames.from_json(cardgames.to_json(Config()), State)
    with pytest.raises(SerializationError, match=r"\$\.kind"):
        cardgames.from_json(cardgames.to_json(Keep()), Config)


def test_a_view_body_in_a_state_envelope_is_refused() -> None:
    """A view's data relabelled as a state is refused (it lacks the deck, hands and rng)."""
    data = _doc(alakaslam.view(_move(), 0))["data"]
    with pytest.raises(SerializationError, match=r"\$\.data"):
        cardgames.from_json(_envelope("state", data), State)


def test_documents_of_the_other_game_are_refused() -> None:
    """An Alethi state is not an AlakaSLAM state, even relabelled."""
    alethi_doc = _doc(alethi.new_game(seed=1))
    with pytest.raises(SerializationError, match=r"\$\.game"):
        cardgames.from_json(json.dumps(alethi_doc), State)
    alethi_doc["game"] = "alakaslam"
    with pytest.raises(SerializationError, match=r"\$\.data"):
        cardgames.from_json(json.dumps(alethi_doc), State)


_BAD_MOVE_DATA: list[Any] = [
    pytest.param({"type": "hit", "cards": ["X9"]}, id="hit-X9"),
    pytest.param({"type": "hit", "cards": [5]}, id="hit-int-card"),
    pytest.param({"type": "hit", "cards": [None]}, id="hit-null-card"),
    pytest.param({"type": "hit", "cards": "R1"}, id="hit-cards-str"),
    pytest.param({"type": "hit", "cards": {"R1": 1}}, id="hit-cards-object"),
    pytest.param({"type": "hit", "cards": None}, id="hit-cards-null"),
    pytest.param({"type": "hit"}, id="hit-no-cards"),
    pytest.param({"type": "hit", "cards": ["R\u0661"]}, id="hit-foreign-digit"),
    pytest.param({"type": "step", "to": [1]}, id="step-one-int"),
    pytest.param({"type": "step", "to": ["a", 1]}, id="step-str"),
    pytest.param({"type": "step", "to": "b2"}, id="step-name"),
    pytest.param({"type": "step", "to": [1.0, 1]}, id="step-float"),
    pytest.param({"type": "discardstep", "card": "R1", "to": [1, True]}, id="discard-step-bool"),
    pytest.param({"type": "meddle", "player": "1", "to": [0, 0]}, id="meddle-player-str"),
    pytest.param({"type": "call", "colour": "green"}, id="call-green"),
    pytest.param({"type": "call", "colour": "RED"}, id="call-upper"),
    pytest.param({"type": "call", "colour": 1}, id="call-int"),
    pytest.param({"type": "corner", "side": None}, id="corner-null"),
    pytest.param({"type": "target", "player": "1"}, id="target-str"),
    pytest.param({"type": "target", "player": True}, id="target-bool"),
    pytest.param({"type": "target", "player": 1.0}, id="target-float"),
    pytest.param({"type": "pickserver", "player": [0]}, id="server-list"),
    pytest.param({"type": "choose", "character": "bob"}, id="choose-unknown"),
    pytest.param({"type": "discard", "card": 5}, id="discard-int"),
    pytest.param({"type": "decline", "why": "tired"}, id="decline-unknown-key"),
    pytest.param({"type": "fly"}, id="unknown-type"),
    pytest.param({"type": "pass"}, id="alethi-move-type"),
    pytest.param({"type": 5}, id="type-int"),
    pytest.param({"cards": ["R1"]}, id="no-type"),
    pytest.param(["hit", "R1"], id="list"),
    pytest.param("hit R1", id="notation"),
    pytest.param(None, id="null"),
]


@pytest.mark.parametrize("data", _BAD_MOVE_DATA)
def test_json_moves_with_wrong_values_are_refused(data: object) -> None:
    """A move document that is not a well-formed AlakaSLAM move is refused."""
    with pytest.raises(SerializationError, match=r"\$"):
        cardgames.from_json(_envelope("move", data), move_union("alakaslam"))


def test_a_move_document_of_another_class_is_refused() -> None:
    """Loading a move as one class refuses a document of another (a step is not a hit)."""
    text = cardgames.to_json(Step(Cell(0, 0)))
    with pytest.raises(SerializationError, match=r"\$\.data\.type"):
        cardgames.from_json(text, Hit)


_BAD_CONFIG_DATA: list[Any] = [
    pytest.param({"players": "2"}, id="players-str"),
    pytest.param({"players": 2.0}, id="players-float"),
    pytest.param({"players": True}, id="players-bool"),
    pytest.param({"points_to_win": "3"}, id="points-str"),
    pytest.param({"hand_size": None}, id="hand-size-null"),
    pytest.param({"shot_limit": 1e3}, id="shot-limit-float"),
    pytest.param({"choose_characters": 1}, id="flag-int"),
    pytest.param({"split_movement": "yes"}, id="flag-str"),
    pytest.param({"characters": ["rich", 5]}, id="character-int"),
    pytest.param({"characters": "rich"}, id="characters-str"),
    pytest.param({"deck": [{"card": "X9", "count": 3}]}, id="card-X9"),
    pytest.param({"deck": [{"card": 5, "count": 3}]}, id="card-int"),
    pytest.param({"deck": [{"card": "R1", "count": "3"}]}, id="count-str"),
    pytest.param({"deck": [{"card": "R1"}]}, id="count-missing"),
    pytest.param({"deck": [{"card": "R1", "count": 3, "colour": "red"}]}, id="entry-extra-key"),
    pytest.param({"deck": "standard"}, id="deck-str"),
    pytest.param({"doubles": True}, id="unknown-key"),
    pytest.param([], id="list"),
    pytest.param(None, id="null"),
]


@pytest.mark.parametrize("data", _BAD_CONFIG_DATA)
def test_json_configs_with_wrong_values_are_refused(data: object) -> None:
    """A config document with a wrong scalar type or an unknown key is refused."""
    with pytest.raises(SerializationError, match=r"\$"):
        cardgames.from_json(_envelope("config", data), Config)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"format": "cardgames", "version": 1, "game": "alakaslam", "kind": "state", "data": '
        + "[" * 100_000
        + "]" * 100_000
        + "}",
        '{"a": ' + "9" * 5000 + "}",
        '{"format": NaN}',
        "",
        "not json",
        b"\xff\xfe",
        "null",
        "[]",
    ],
    ids=["deep", "deep-data", "huge-number", "nan", "empty", "garbage", "bad-utf8", "null", "list"],
)
def test_absurd_json_is_refused(text: str | bytes) -> None:
    """Absurd nesting, huge numbers, NaN, empty or non-JSON text end in SerializationError."""
    for cls in (State, View, Config, Hit, move_union("alakaslam")):
        with pytest.raises(SerializationError):
            cardgames.from_json(text, cls)


@pytest.mark.parametrize("text", [None, 5, ["{}"], {"format": "cardgames"}], ids=repr)
def test_from_json_wants_text(text: Any) -> None:
    """from_json refuses something that is not JSON text."""
    with pytest.raises(SerializationError):
        cardgames.from_json(text, State)


@pytest.mark.parametrize(
    "obj",
    [
        pytest.param(Hit(_raw(None)), id="hit-none"),
        pytest.param(Hit(_raw(("R1",))), id="hit-str-card"),
        pytest.param(Hit(_raw((object(),))), id="hit-object-card"),
        pytest.param(Hit((_card(CardKind.HIT, 1, "red"),)), id="hit-card-str-colour"),
        pytest.param(Hit((_card("x", 1, RED),)), id="hit-card-kind-str"),
        pytest.param(Hit((_card(CardKind.ENCHANT, 1, RED),)), id="enchant-with-colour"),
        pytest.param(Discard(_raw(5)), id="discard-int"),
        pytest.param(Step(_raw("b2")), id="step-str"),
        pytest.param(Call(_raw(None)), id="call-none"),
    ],
)
def test_to_json_of_malformed_moves_is_refused_or_does_not_load(obj: object) -> None:
    """to_json of a malformed move refuses or writes JSON that does not load, never another move."""
    try:
        text = cardgames.to_json(obj)
    except SerializationError:
        return
    with pytest.raises(SerializationError):
        cardgames.from_json(text, move_union("alakaslam"))


# --- moves ----------------------------------------------------------------------------------


def _refused(state: State, move: object, why: str) -> None:
    """``move`` is refused with an IllegalMoveError matching ``why``; ``state`` is unchanged."""
    before = cardgames.to_json(state)
    legal = alakaslam.legal_moves(state)
    with pytest.raises(IllegalMoveError, match=why or None) as info:
        alakaslam.apply_move(state, _raw(move))
    assert str(info.value)
    assert cardgames.to_json(state) == before
    assert alakaslam.legal_moves(state) == legal


def _hand(state: State) -> tuple[Card, ...]:
    return state.hands[_to_move(state)]


def _not_held(state: State) -> Card:
    return next(
        c for c in (*(hit(v, col) for v in range(3) for col in Colour),) if c not in _hand(state)
    )


_MALFORMED_HITS: list[Any] = [
    pytest.param(lambda s: Hit(_raw(None)), "cards must be a tuple of Card", id="cards-none"),
    pytest.param(
        lambda s: Hit(_raw([_hand(s)[0], "R1"])),
        "cards must be a tuple of Card",
        id="cards-list-with-str",
    ),
    pytest.param(lambda s: Hit(_raw("R1")), "cards must be a tuple of Card", id="cards-str"),
    pytest.param(lambda s: Hit(_raw(5)), "cards must be a tuple of Card", id="cards-int"),
    pytest.param(
        lambda s: Hit(_raw((_hand(s)[0], None))),
        "cards must be a tuple of Card",
        id="card-and-none",
    ),
    pytest.param(
        lambda s: Hit(_raw((_hand(s)[0], "R1"))),
        "cards must be a tuple of Card",
        id="card-and-str",
    ),
    pytest.param(
        lambda s: Hit(_raw(({"kind": 0},))), "cards must be a tuple of Card", id="card-dict"
    ),
    pytest.param(
        lambda s: Hit(_raw(([0, 1, RED],))), "cards must be a tuple of Card", id="card-list"
    ),
    pytest.param(
        lambda s: Hit(_raw((set(),))), "cards must be a tuple of Card", id="card-unhashable"
    ),
    pytest.param(
        lambda s: Hit(_raw(((0, 9, "green"),))),
        "cards must be a tuple of Card",
        id="plain-tuple-not-a-card",
    ),
    pytest.param(lambda s: Hit(_hand(s)[:4]), "a hit is 1 to 3 cards", id="four-held-hit-cards"),
    pytest.param(lambda s: Hit(()), "a hit is 1 to 3 cards", id="no-cards"),
    pytest.param(lambda s: Hit((_not_held(s),)), "does not hold", id="card-not-held"),
    pytest.param(lambda s: Hit((_hand(s)[0],) * 9), "does not hold", id="same-card-nine-times"),
    pytest.param(
        lambda s: Hit((_hand(s)[0], enchant(1), enchant(2))),
        "at most one Enchantment",
        id="two-enchantments",
    ),
    pytest.param(
        lambda s: Hit((_card(CardKind.HIT, "x", RED),)),
        "cards must be a tuple of Card",
        id="card-value-str",
    ),
    pytest.param(lambda s: Hit((_card(CardKind.HIT, [1], RED),)), "", id="card-value-unhashable"),
    pytest.param(
        lambda s: Hit((_card(CardKind.HIT, 1, None),)),
        "cards must be a tuple of Card",
        id="hit-card-no-colour",
    ),
    pytest.param(lambda s: Support(_hand(s)[:1]), "where the moves are", id="support-in-singles"),
]


@pytest.mark.parametrize(("make", "why"), _MALFORMED_HITS)
def test_malformed_hits_are_refused_and_change_nothing(
    make: Callable[[State], object], why: str
) -> None:
    """Hits of None, non-Cards, 4 cards, unheld cards: IllegalMoveError, state unchanged."""
    state = _serve()
    _refused(state, make(state), why)


_MALFORMED_MOVES: list[Any] = [
    # in the movement phase
    pytest.param("move", Step(_raw(None)), "not a step open", id="step-none"),
    pytest.param("move", Step(_raw([0, 1])), "not a step open", id="step-list"),
    pytest.param("move", Step(_raw((0,))), "not a step open", id="step-short-tuple"),
    pytest.param("move", Step(_raw("b2")), "not a step open", id="step-name"),
    pytest.param("move", Step(Cell(9, 9)), "not a step open", id="step-off-court"),
    pytest.param("move", Step(_cell([0], 0)), "not a step open", id="step-unhashable-cell"),
    pytest.param("move", DiscardStep(_raw(None), _raw(None)), "not a step", id="dstep-none"),
    pytest.param(
        "move", DiscardStep(_raw([enchant(1)]), Cell(0, 1)), "not a step", id="dstep-card-list"
    ),
    pytest.param("move", DiscardStep(enchant(1), _raw({})), "not a step", id="dstep-dict-cell"),
    pytest.param("move", Meddle(_raw(None), _raw(None)), "not a step", id="meddle-none"),
    pytest.param("move", Meddle(_raw("0"), Cell(0, 1)), "not a step", id="meddle-player-str"),
    pytest.param("move", Discard(enchant(1)), "where the moves are", id="discard-in-move"),
    pytest.param("move", Call(RED), "where the moves are", id="call-in-move"),
    pytest.param("move", Target(_raw([1])), "where the moves are", id="target-list"),
    # in the mulligan phase
    pytest.param("mulligan", Mulligan, "where the moves are", id="move-class-not-instance"),
    pytest.param("mulligan", None, "where the moves are", id="none"),
    pytest.param("mulligan", "keep", "where the moves are", id="notation-str"),
    pytest.param("mulligan", 5, "where the moves are", id="int"),
    pytest.param("mulligan", object(), "where the moves are", id="object"),
    pytest.param("mulligan", {"type": "keep"}, "where the moves are", id="dict"),
    pytest.param("mulligan", [Keep()], "where the moves are", id="list-of-move"),
    pytest.param("mulligan", alethi.Pass(), "where the moves are", id="alethi-pass"),
    pytest.param("mulligan", Decline(), "where the moves are", id="decline-in-mulligan"),
    pytest.param("mulligan", Hit((hit(0, RED),)), "where the moves are", id="hit-in-mulligan"),
    # in the call and corner phases
    pytest.param("call", Call(_raw(None)), "not one of player 1's choices", id="call-none"),
    pytest.param("call", Call(_raw("green")), "not one of player 1's choices", id="call-green"),
    pytest.param("call", Call(_raw(["red"])), "not one of player 1's choices", id="call-list"),
    pytest.param("call", Call(_raw(1)), "not one of player 1's choices", id="call-int"),
    pytest.param("corner", Corner(_raw(None)), "not one of player", id="corner-none"),
    pytest.param("corner", Corner(_raw({})), "not one of player", id="corner-dict"),
    pytest.param("call", Done(), "where the moves are", id="done-in-call"),
    # after the match
    pytest.param("over", Keep(), "the match is over", id="keep-when-over"),
    pytest.param("over", None, "the match is over", id="none-when-over"),
]

_MOVE_BASES: dict[str, Callable[[], State]] = {
    "move": _move,
    "mulligan": lambda: alakaslam.new_game(seed=1),
    "call": lambda: _at(Phase.CALL),
    "corner": lambda: _at(Phase.CORNER),
    "over": lambda: _at(Phase.OVER),
}


@pytest.mark.parametrize(("base", "move", "why"), _MALFORMED_MOVES)
def test_malformed_or_foreign_moves_are_refused_and_change_nothing(
    base: str, move: object, why: str
) -> None:
    """Malformed fields, non-moves, Alethi moves: IllegalMoveError naming why, state unchanged."""
    _refused(_MOVE_BASES[base](), move, why)


@pytest.mark.parametrize(
    ("base", "make", "why"),
    [
        pytest.param("support4", lambda s: Support(_raw(None)), "cards must be", id="support-none"),
        pytest.param(
            "support4", lambda s: Support(_raw((_hand(s)[0], 5))), "cards must be", id="support-int"
        ),
        pytest.param(
            "support4",
            lambda s: Support(_hand(s)[:1] * 4),
            "does not hold|1 to 3|exactly",
            id="support-four",
        ),
        pytest.param("support4", lambda s: Hit(_hand(s)[:1]), "where the moves are", id="hit"),
        pytest.param("target4", lambda s: Target(_raw(None)), "not one of", id="target-none"),
        pytest.param("target4", lambda s: Target(_raw("1")), "not one of", id="target-str"),
        pytest.param("target4", lambda s: Target(9), "not one of", id="target-9"),
        pytest.param("target4", lambda s: Target(_to_move(s)), "not one of", id="target-self"),
        pytest.param(
            "pick4", lambda s: PickServer(_raw(None)), "not one of", id="pick-server-none"
        ),
        pytest.param("pick4", lambda s: PickServer(_raw([1])), "not one of", id="pick-server-list"),
        pytest.param(
            "pick4",
            lambda s: PickServer(1 - _to_move(s) % 2),
            "not one of",
            id="pick-server-opponent",
        ),
    ],
)
def test_malformed_doubles_moves_are_refused_and_change_nothing(
    base: str, make: Callable[[State], object], why: str
) -> None:
    """Malformed support, target and server moves: IllegalMoveError, state unchanged."""
    state = {
        "support4": lambda: _at(Phase.SUPPORT, 4),
        "target4": lambda: _at(Phase.TARGET, 4),
        "pick4": lambda: _at(Phase.PICK_SERVER, 4),
    }[base]()
    _refused(state, make(state), why)


def test_moves_equal_to_legal_ones_leave_only_the_rules_values_in_the_state() -> None:
    """A hit of plain tuples or a list equal to a legal hit plays as it, leaving real Cards."""
    state = _serve()
    legal = next(
        m
        for m in alakaslam.legal_moves(state)
        if type(m) is Hit and len(m.cards) == 2 and all(c.colour for c in m.cards)
    )
    plain = Hit(_raw(tuple((int(c.kind), c.value, str(c.colour)) for c in legal.cards)))
    after = alakaslam.apply_move(state, plain)
    assert after == alakaslam.apply_move(state, legal)
    assert after == alakaslam.apply_move(state, Hit(_raw(list(reversed(legal.cards)))))
    for cards in (after.deck, after.discard, after.played, *after.hands):
        assert all(type(c) is Card and type(c.kind) is CardKind for c in cards)
        assert all(c.colour is None or type(c.colour) is Colour for c in cards)
    assert alakaslam.legal_moves(after)


@pytest.mark.parametrize(
    "cards",
    [
        pytest.param((_card(CardKind.HIT, 1, None), hit(1, RED)), id="colour-none-and-red"),
        pytest.param((_card(CardKind.HIT, "x", RED), hit(1, RED)), id="value-str-and-int"),
        pytest.param((_card(CardKind.HIT, [1], RED), hit(1, RED)), id="value-list-and-int"),
        pytest.param([hit(1, RED), _card("hit", 1, RED)], id="list-kind-str-and-enum"),
    ],
)
def test_hits_of_cards_that_do_not_compare_are_refused(cards: tuple[object, ...]) -> None:
    """A hit of Cards that cannot be sorted together (None vs Colour...) is an IllegalMoveError."""
    state = _serve()
    before = cardgames.to_json(state)
    with pytest.raises(IllegalMoveError):
        alakaslam.apply_move(state, Hit(_raw(cards)))
    with pytest.raises(IllegalMoveError):
        alakaslam.apply_move(state, Support(_raw(cards)))
    assert cardgames.to_json(state) == before


def test_plain_steps_equal_to_legal_ones_leave_only_the_rules_values_in_the_state() -> None:
    """A step to a plain tuple equal to a legal cell is played with the rules' own Cell."""
    state = _move()
    legal = next(m for m in alakaslam.legal_moves(state) if type(m) is Step)
    after = alakaslam.apply_move(state, Step(_raw(tuple(legal.to))))
    assert all(type(c) is Cell for c in after.positions)
    assert after == alakaslam.apply_move(state, legal)


# --- notation -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "\n",
        "fly",
        "hit",
        "hit r1 r2 r1 b1",
        "hit r1 r2 e1 e2 b0",
        "hit x9",
        "hit r10",
        "hit r",
        "hit 5",
        "hit r\u0661",
        "hit r\u00b2",
        "support",
        "step",
        "step a0",
        "step a10",
        "step aa1",
        "step b2 x9",
        "step b2 e1 e2",
        "step \u0661\u0662",
        "meddle 1",
        "meddle x b2",
        "meddle \u00b2 b2",
        "target x",
        "target -1",
        "target 1.0",
        "target 999",
        "target",
        "target \u00b2",
        "server \u00b2",
        "server \u0661",
        "call green",
        "call",
        "call red blue",
        "corner purple",
        "copy bob",
        "choose",
        "choose rich sten",
        "discard",
        "discard r1 r2",
        "keep now",
        "mulligan 2",
        "decline 1",
        "done done",
        "hit r1," + "0" * 5000,
        "target 1" + "0" * 5000,
    ],
)
def test_parse_move_refuses_garbage(text: str) -> None:
    """Empty text, 0 or 4 cards, bad cells, players, colours, foreign digits: InvalidMoveError."""
    for state in (alakaslam.new_game(seed=1), alakaslam.view(alakaslam.new_game(seed=1), 0)):
        with pytest.raises(InvalidMoveError):
            alakaslam.parse_move(state, text)


@pytest.mark.parametrize("text", ["step z9", "step d1", "step a4 E1", "meddle 1 z9", "step i9"])
def test_cells_off_the_court_are_never_played(text: str) -> None:
    """A cell off the court ("step z9") is refused by parse_move or apply_move, no change."""
    state = _move()
    try:
        move = alakaslam.parse_move(state, text)
    except InvalidMoveError:
        return
    _refused(state, move, "not a step open")


@pytest.mark.parametrize("text", [None, 5, b"keep", ["keep"], Keep()], ids=repr)
def test_parse_move_wants_a_string(text: Any) -> None:
    """parse_move refuses notation that is not a str."""
    with pytest.raises(InvalidMoveError, match="must be a string"):
        alakaslam.parse_move(alakaslam.new_game(seed=1), text)


@pytest.mark.parametrize(
    "move",
    [
        pytest.param(Hit(_raw(None)), id="hit-none"),
        pytest.param(Hit(_raw([hit(1, RED), None])), id="hit-list-with-none"),
        pytest.param(Hit(_raw(("R1",))), id="hit-str-card"),
        pytest.param(Hit(_raw((None,))), id="hit-none-card"),
        pytest.param(Hit(_raw(((0, 1),))), id="hit-short-tuple"),
        pytest.param(Hit(()), id="hit-no-cards"),
        pytest.param(Hit((hit(1, RED),) * 4), id="hit-four-cards"),
        pytest.param(Hit((_card("x", 1, RED),)), id="hit-kind-str"),
        pytest.param(Hit((_card(CardKind.HIT, "x", RED),)), id="hit-value-str"),
        pytest.param(Hit((_card(CardKind.HIT, 99, RED),)), id="hit-value-99"),
        pytest.param(Hit((_card(CardKind.HIT, 1, None),)), id="hit-card-without-colour"),
        pytest.param(Hit((_card(CardKind.ENCHANT, 1, RED),)), id="enchant-with-colour"),
        pytest.param(Hit((_card(CardKind.HIT, 1, "green"),)), id="hit-colour-green"),
        pytest.param(Support(_raw(None)), id="support-none"),
        pytest.param(Step(_raw(None)), id="step-none"),
        pytest.param(Step(_raw((0,))), id="step-short"),
        pytest.param(Step(Cell(-1, 0)), id="step-negative"),
        pytest.param(Step(_cell(0.0, 0)), id="step-float"),
        pytest.param(Step(_cell(True, 0)), id="step-bool"),
        pytest.param(DiscardStep(_raw(None), Cell(0, 0)), id="dstep-none-card"),
        pytest.param(DiscardStep(enchant(1), _raw(None)), id="dstep-none-cell"),
        pytest.param(Meddle(_raw("x"), Cell(0, 0)), id="meddle-str"),
        pytest.param(Meddle(-1, Cell(0, 0)), id="meddle-negative"),
        pytest.param(Meddle(_raw(True), Cell(0, 0)), id="meddle-bool"),
        pytest.param(Discard(_raw(None)), id="discard-none"),
        pytest.param(Call(_raw(None)), id="call-none"),
        pytest.param(Call(_raw("green")), id="call-green"),
        pytest.param(Corner(_raw(5)), id="corner-int"),
        pytest.param(Choose(_raw("bob")), id="choose-bob"),
        pytest.param(PickServer(_raw(None)), id="server-none"),
        pytest.param(Target(_raw("x")), id="target-str"),
        pytest.param(Target(-1), id="target-negative"),
        pytest.param(Mulligan, id="class"),
        pytest.param(None, id="none"),
        pytest.param("keep", id="str"),
        pytest.param(object(), id="object"),
        pytest.param(alethi.Pass(), id="alethi-pass"),
    ],
)
def test_format_move_refuses_malformed_moves(move: Any) -> None:
    """format_move refuses a malformed move rather than write notation for another move."""
    with pytest.raises(InvalidMoveError):
        alakaslam.format_move(move)


def test_format_move_never_writes_another_card_for_a_plain_tuple() -> None:
    """A plain-tuple card (0, 1, "red") is written as R1 or refused, never as B1."""
    move = Hit((_card(0, 1, "red"),))
    try:
        text = alakaslam.format_move(move)
    except InvalidMoveError:
        return
    assert text == "hit R1"


# --- render and resample --------------------------------------------------------------------


@pytest.mark.parametrize(
    "table",
    [None, "x", 3, Config(), alethi.new_game(seed=1), {"phase": "move"}, Keep()],
    ids=["none", "str", "int", "config", "alethi-state", "dict", "move"],
)
def test_render_wants_a_state_or_a_view(table: Any) -> None:
    """render refuses what is neither an AlakaSLAM state nor a view."""
    with pytest.raises(InvalidStateError):
        alakaslam.render(table)


def test_render_refuses_an_alethi_view() -> None:
    """render refuses another game's view."""
    with pytest.raises(InvalidStateError):
        alakaslam.render(_raw(alethi.view(alethi.new_game(seed=1), 0)))


@pytest.mark.parametrize(
    "change",
    [
        pytest.param({"hand_sizes": ()}, id="no-hand-sizes"),
        pytest.param({"score": ()}, id="no-score"),
        pytest.param({"characters": ("rich", "sten")}, id="characters-str"),
        pytest.param({"discard": ("R1",)}, id="discard-str"),
        pytest.param({"config": None}, id="no-config"),
        pytest.param({"binds": None}, id="binds-none"),
        pytest.param({"last_point": (0, "net")}, id="point-plain-tuple"),
    ],
)
def test_render_refuses_a_malformed_view(change: dict[str, Any]) -> None:
    """render of a view with fields of the wrong type is an InvalidStateError, not a crash."""
    seen = attrs.evolve(alakaslam.view(_move(), 0), **change)
    with pytest.raises(InvalidStateError):
        alakaslam.render(seen)


@pytest.mark.parametrize(
    "thing",
    [None, "view", 3, alethi.view(alethi.new_game(seed=1), 0), alakaslam.new_game(seed=1)],
    ids=["none", "str", "int", "alethi-view", "state"],
)
def test_resample_wants_a_view(thing: Any) -> None:
    """resample refuses what is not an AlakaSLAM view (a state included)."""
    with pytest.raises(InvalidStateError, match="expected a View of alakaslam"):
        alakaslam.resample(thing, seed=1)


@pytest.mark.parametrize(
    ("change", "why"),
    [
        pytest.param(lambda v: {"deck_size": v.deck_size + 1}, "do not add up", id="deck-plus-1"),
        pytest.param(lambda v: {"deck_size": v.deck_size - 1}, "do not add up", id="deck-minus-1"),
        pytest.param(lambda v: {"deck_size": -5}, "do not add up", id="deck-negative"),
        pytest.param(
            lambda v: {"hand_sizes": (v.hand_sizes[0], v.hand_sizes[1] + 1)},
            "do not add up",
            id="hand-plus-1",
        ),
        pytest.param(
            lambda v: {"hand": (*v.hand, *(hit(2, RED),) * 40)},
            "not in its config's deck",
            id="hand-too-many-cards",
        ),
        pytest.param(
            lambda v: {"discard": (enchant(3),)},
            "not in its config's deck",
            id="discard-card-not-in-deck",
        ),
        pytest.param(
            lambda v: {"hand_sizes": (*v.hand_sizes, 0)},
            "not a playable",
            id="three-hand-sizes",
        ),
        pytest.param(lambda v: {"played_count": 3}, "do not add up", id="played-count-extra"),
        pytest.param(lambda v: {"hand_sizes": (8, -3)}, "", id="hand-size-negative"),
        pytest.param(lambda v: {"hand_sizes": (8, "8")}, "", id="hand-size-str"),
        pytest.param(lambda v: {"hand_sizes": None}, "", id="hand-sizes-none"),
        pytest.param(lambda v: {"played_count": "2"}, "", id="played-count-str"),
        pytest.param(lambda v: {"hand": None}, "", id="hand-none"),
        pytest.param(lambda v: {"hand": ("R1",)}, "", id="hand-str-card"),
        pytest.param(lambda v: {"discard": None}, "", id="discard-none"),
        pytest.param(lambda v: {"config": None}, "", id="config-none"),
        pytest.param(lambda v: {"config": Config(players=3)}, "", id="config-3-players"),
        pytest.param(lambda v: {"player": 7}, "", id="player-7"),
        pytest.param(lambda v: {"player": "0"}, "", id="player-str"),
        pytest.param(lambda v: {"deck_size": "36"}, "", id="deck-size-str"),
    ],
)
def test_resample_refuses_views_that_do_not_add_up(
    change: Callable[[View], dict[str, Any]], why: str
) -> None:
    """resample of a view whose cards do not add up or are mistyped: InvalidStateError."""
    real = alakaslam.view(_move(), 0)
    seen = attrs.evolve(real, **change(real))
    with pytest.raises(InvalidStateError, match=why or None):
        alakaslam.resample(seen, seed=1)


def test_resample_of_a_real_view_is_playable() -> None:
    """The views of the hostile tests are real: resample builds a playable state from them."""
    for state in (_move(), _at(Phase.SUPPORT, 4)):
        for player in range(state.config.players):
            again = alakaslam.resample(alakaslam.view(state, player), seed=3)
            assert alakaslam.legal_moves(again)


def test_every_error_here_is_a_value_error() -> None:
    """The errors bad input meets are the library's own, and ValueErrors."""
    for error in (
        IllegalMoveError,
        InvalidMoveError,
        SerializationError,
        InvalidConfigError,
        InvalidStateError,
        InvalidPlayerError,
    ):
        assert issubclass(error, CardgamesError) and issubclass(error, ValueError)
