"""AlakaSLAM's boundaries (issue 15): what comes from outside gets a short library error, and
what the rules make always passes the checks.

Each test names the finding of issue 15 it covers. States are taken from seeded games played
by the heuristic bot with some random moves, so that every phase is reached.
"""

from __future__ import annotations

import copy
import functools
import json
import pickle
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardgames
from cardgames import CardgamesError, alakaslam, alethi
from cardgames.alakaslam import (
    GAME,
    Bind,
    Card,
    CardCount,
    Character,
    Colour,
    Config,
    Discard,
    Done,
    Fault,
    Hit,
    Keep,
    Phase,
    Point,
    State,
    View,
    enchant,
    hit,
)
from cardgames.alakaslam.config import DOUBLES_LEAVE_OUT, MAX_COUNT, deck_cards
from cardgames.errors import (
    MAX_MESSAGE,
    InvalidConfigError,
    InvalidMoveError,
    InvalidPlayerError,
    InvalidStateError,
    InvalidViewError,
    SerializationError,
)

#: A message about outside input is short; this is well under the library's cap.
SHORT = 300

CONFIGS = {
    "singles": Config(),
    "doubles": Config(players=4),
    "chosen": Config(choose_characters=True, split_movement=True),
    "simon-rich-toots-hazel": Config(
        players=4,
        characters=(Character.SIMON, Character.RICH, Character.TOOTS, Character.HAZEL),
    ),
}


def _raw(value: object) -> Any:
    """``value`` typed as ``Any``: hostile input is built past the type checker on purpose."""
    return value


def _play(config: Config, seed: int) -> Iterator[State]:
    """Every state of one seeded match: the heuristic bot's moves, one in five at random."""
    state = alakaslam.new_game(config, seed=seed)
    rng = random.Random(seed)
    bot = GAME.heuristic_bot()
    while True:
        yield state
        if state.result is not None:
            return
        moves = alakaslam.legal_moves(state)
        player = state.to_move
        assert player is not None
        if rng.random() < 0.8:
            move = bot.choose(alakaslam.view(state, player), moves, rng)
        else:
            move = rng.choice(moves)
        state = alakaslam.apply_move(state, move)


@functools.cache
def _states(name: str, games: int = 6) -> tuple[State, ...]:
    """The states of a few matches of the config ``name``."""
    return tuple(s for seed in range(games) for s in _play(CONFIGS[name], seed))


@functools.cache
def _first(phase: Phase, name: str = "singles") -> State:
    """The first state in ``phase`` among the matches of ``name``."""
    for seed in range(400):
        for state in _play(CONFIGS[name], seed):
            if state.phase is phase:
                return state
    raise AssertionError(f"no match reached the {phase} phase")


def _short(error: BaseException, *hidden: str) -> None:
    """The error's message is short and repeats none of ``hidden``."""
    text = str(error)
    assert 0 < len(text) <= SHORT, text[:SHORT]
    for part in hidden:
        assert part not in text


# --- check_state refuses what the rules cannot reach ----------------------------------------------


def _lose_a_card(s: State) -> dict[str, Any]:
    return {"deck": s.deck[:-1]}


def _duplicate_a_card(s: State) -> dict[str, Any]:
    hand = s.hands[0]
    return {"hands": (tuple(sorted((*hand, hand[0]))), *s.hands[1:])}


def _invent_a_card(s: State) -> dict[str, Any]:
    return {"deck": (*s.deck[:-1], hit(9, Colour.RED))}


def _swap_a_card(s: State) -> dict[str, Any]:
    card = next(c for c in s.deck if c != enchant(2))
    deck = list(s.deck)
    deck[deck.index(card)] = enchant(2)
    return {"deck": tuple(deck)}


def _to_move_waits_too(s: State) -> dict[str, Any]:
    return {"queue": (s.to_move,)}


_UNREACHABLE: list[Any] = [
    # card conservation
    pytest.param(Phase.MOVE, _lose_a_card, "not those of the config", id="card-missing"),
    pytest.param(Phase.MOVE, _duplicate_a_card, "not those of the config", id="card-duplicated"),
    pytest.param(Phase.MOVE, _invent_a_card, "not those of the config", id="card-invented"),
    pytest.param(Phase.MOVE, _swap_a_card, "not those of the config", id="card-swapped"),
    # counters
    pytest.param(Phase.MOVE, lambda s: {"shots": 10**6}, "shots must be", id="shots-huge"),
    pytest.param(Phase.MOVE, lambda s: {"shots": 300}, "shot limit", id="shots-at-limit"),
    pytest.param(Phase.MOVE, lambda s: {"score": (3, 0)}, "already won", id="score-at-target"),
    pytest.param(Phase.MOVE, lambda s: {"score": (10**9, 0)}, "score must be", id="score-huge"),
    pytest.param(Phase.MOVE, lambda s: {"discards_left": 2}, "discards_left", id="discards"),
    pytest.param(Phase.MOVE, lambda s: {"binds": (9, 9)}, "binds must be", id="binds-9"),
    pytest.param(Phase.MOVE, _to_move_waits_too, "queue", id="to-move-in-queue"),
    pytest.param(Phase.MOVE, lambda s: {"queue": (0, 0)}, "queue", id="queue-twice"),
    pytest.param(Phase.MOVE, lambda s: {"moved": (0, 0)}, "moved", id="moved-twice"),
    pytest.param(
        Phase.MOVE,
        lambda s: {"pending": (Bind(0, 1),) * 3},
        "pending",
        id="pending-three",
    ),
    # players and seats
    pytest.param(Phase.CALL, lambda s: {"to_move": 0}, "player 1 calls", id="call-by-0"),
    pytest.param(Phase.CORNER, lambda s: {"to_move": 1 - _mover(s)}, "server", id="corner"),
    # phases consistent with the rest
    pytest.param(Phase.MOVE, lambda s: {"hitter": _mover(s)}, "nobody has hit", id="move-hit"),
    pytest.param(Phase.MOVE, lambda s: {"serving": True}, "serving", id="move-serving"),
    pytest.param(Phase.MOVE, lambda s: {"ball": _other_half(s)}, "ball waits", id="move-ball"),
    pytest.param(Phase.SERVE, lambda s: {"moved": (_mover(s),)}, "fresh turn", id="serve-moved"),
    pytest.param(
        Phase.MULLIGAN, lambda s: {"ball": s_cell(1, 1)}, "nothing is played", id="mulligan-ball"
    ),
    pytest.param(
        Phase.MULLIGAN,
        lambda s: {"last_point": Point(0, Fault.NET), "score": (1, 0)},
        "first serve",
        id="point-before-serve",
    ),
    pytest.param(
        Phase.LOSER_DISCARD,
        lambda s: {"discards_left": 0},
        "needs a discard left",
        id="loser-discard-none-left",
    ),
    pytest.param(
        Phase.AFTER, lambda s: {"to_move": 1 - _mover(s)}, "hitter's side", id="after-other-side"
    ),
    pytest.param(
        Phase.OVER,
        lambda s: {"result": cardgames.Outcome.draw(2, "agreed")},
        "result is not",
        id="forged-outcome",
    ),
]


def s_cell(col: int, row: int) -> alakaslam.Cell:
    return alakaslam.Cell(col, row)


def _mover(state: State) -> int:
    player = state.to_move
    assert player is not None
    return player


def _other_half(state: State) -> alakaslam.Cell:
    """A cell in the half of the side that is not about to hit."""
    side = _mover(state) % 2
    return s_cell(1, 0) if side == 1 else s_cell(1, 3)


def _refused(state: State, why: str) -> None:
    """``check_state`` and every function that takes a state refuse ``state`` with ``why``."""
    calls: list[Callable[[State], object]] = [
        alakaslam.check_state,
        GAME.check_state,
        alakaslam.legal_moves,
        alakaslam.current_player,
        alakaslam.evaluate,
        alakaslam.render,
        alakaslam.card_counts,
        lambda s: alakaslam.view(s, 0),
        lambda s: alakaslam.apply_move(s, Done()),
    ]
    for call in calls:
        with pytest.raises(InvalidStateError, match=why) as caught:
            call(state)
        _short(caught.value)


@pytest.mark.parametrize(("phase", "change", "why"), _UNREACHABLE)
def test_check_state_refuses_states_the_rules_cannot_reach(
    phase: Phase, change: Callable[[State], dict[str, Any]], why: str
) -> None:
    """Broken card conservation, counters out of reach and phases that disagree
    with the rest are refused, with a short reason, by check_state and every state function."""
    real = _first(phase)
    _refused(attrs.evolve(real, **change(real)), why)


def test_json_loading_then_check_state_refuses_an_extra_card() -> None:
    """A state loaded from JSON with a card added is refused by check_state."""
    real = _first(Phase.MOVE)
    text = cardgames.to_json(attrs.evolve(real, **_duplicate_a_card(real)))
    try:
        state: State = cardgames.from_json(text, State)
    except SerializationError as exc:  # JSON loading may run the check itself
        _short(exc)
        return
    with pytest.raises(InvalidStateError, match="not those of the config"):
        alakaslam.check_state(state)


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_every_state_the_rules_make_passes_check_state(name: str) -> None:
    """The checks never refuse a state the rules made, in any phase."""
    phases = set()
    for state in _states(name):
        again = attrs.evolve(state)  # a copy the rules did not make: checked in full
        assert alakaslam.check_state(again) is again
        assert alakaslam.legal_moves(again) == alakaslam.legal_moves(state)
        phases.add(state.phase)
    assert {Phase.MOVE, Phase.AFTER, Phase.LOSER_DISCARD, Phase.OVER} <= phases


# --- final states at a safety cap -----------------------------------------------------------------


_CAPPED = [
    Config(shot_limit=1),
    Config(shot_limit=2),
    Config(shot_limit=5, split_movement=True),
    Config(players=4, shot_limit=1),
    Config(players=4, shot_limit=3),
    Config(choose_characters=True, shot_limit=4),
]


def _final_states() -> Iterator[State]:
    """The last state of a dozen matches of each capped config; each match stays within the
    decision cap that the arena holds it to (``max_decisions``)."""
    for config in _CAPPED:
        for seed in range(12):
            *played, last = _play(config, seed)
            assert len(played) <= alakaslam.max_decisions(config)
            yield last


def test_final_states_at_the_shot_limit_are_valid() -> None:
    """A match ended by its shot limit, at a good shot or at a point, ends in a state
    that passes check_state, survives a JSON round trip, and whose views pass check_view and
    resample into states that pass too."""
    ends: Counter[str] = Counter()
    for state in _final_states():
        assert state.result is not None
        if "shot limit" in state.result.reason:
            ends["at a good shot" if state.ball is not None else "at a point"] += 1
        assert alakaslam.check_state(attrs.evolve(state)) is not None
        loaded: State = cardgames.from_json(cardgames.to_json(state), State)
        assert loaded == state
        assert alakaslam.check_state(loaded) is loaded
        assert alakaslam.is_over(loaded)
        for player in range(state.config.players):
            seen = alakaslam.view(loaded, player)
            assert alakaslam.check_view(seen) is seen
            again = alakaslam.resample(seen, seed=player)
            assert alakaslam.check_state(again) is again
            assert alakaslam.view(again, player) == seen
            assert alakaslam.render(seen)
        assert alakaslam.render(loaded)
    assert ends["at a good shot"] and ends["at a point"], ends


# --- views are validated --------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_every_view_of_a_reachable_state_passes_check_view(name: str) -> None:
    """Every view that ``view`` gives of a state the rules made passes check_view
    (and GAME.check_view), and resamples into a state with the same view."""
    for i, state in enumerate(_states(name, 3)):
        for player in range(state.config.players):
            seen = alakaslam.view(state, player)
            assert alakaslam.check_view(seen) is seen
            assert GAME.check_view(seen) is seen
            if i % 4 == 0:
                assert alakaslam.view(alakaslam.resample(seen, seed=i), player) == seen


def _hidden_card(v: View) -> Card:
    """A card of which the view's player cannot see every copy."""
    shown = Counter((*v.hand, *v.discard))
    return next(c for c, n in Counter(deck_cards(v.config)).items() if n > shown[c])


_BAD_VIEWS: list[Any] = [
    pytest.param(lambda v: {"player": None}, "player must be", id="player-none"),
    pytest.param(lambda v: {"player": -2}, "player must be", id="player-negative"),
    pytest.param(lambda v: {"player": 5}, "player must be", id="player-5"),
    pytest.param(lambda v: {"player": True}, "player must be", id="player-bool"),
    pytest.param(lambda v: {"player": 10**5000}, "player must be", id="player-huge"),
    pytest.param(lambda v: {"config": alethi.Config()}, "Config", id="alethi-config"),
    pytest.param(lambda v: {"config": None}, "Config", id="no-config"),
    pytest.param(
        lambda v: {"hand": tuple(sorted((*v.hand, _hidden_card(v))))},
        "do not add up",
        id="hand-card-added",
    ),
    pytest.param(
        lambda v: {"hand": (*v.hand, hit(9, Colour.BLUE))},
        "not in its config's deck",
        id="hand-card-invented",
    ),
    pytest.param(lambda v: {"deck_size": v.deck_size + 1}, "do not add up", id="deck-size+1"),
    pytest.param(lambda v: {"deck_size": 10**9}, "do not add up", id="deck-size-huge"),
    pytest.param(
        lambda v: {"hand_sizes": tuple(reversed(v.hand_sizes))[:1]},
        "hand_sizes",
        id="hand-sizes-short",
    ),
    pytest.param(
        lambda v: {"played": (v.hand[0],)},
        "face-down cards only to their hitter",
        id="played-shown-outside-support",
    ),
    pytest.param(lambda v: {"score": (1, 9)}, "score must be", id="score"),
    pytest.param(lambda v: {"shots": -1}, "shots must be", id="shots-negative"),
    pytest.param(lambda v: {"phase": "move"}, "Phase", id="phase-str"),
    pytest.param(lambda v: {"to_move": 7}, "to_move", id="to-move-7"),
    pytest.param(lambda v: {"hand": tuple(reversed(v.hand))}, "sorted", id="hand-unsorted"),
]


@pytest.mark.parametrize(("change", "why"), _BAD_VIEWS)
def test_check_view_refuses_bad_views(change: Callable[[View], dict[str, Any]], why: str) -> None:
    """A view with a bad player, config, cards or counters is refused with
    InvalidViewError by check_view, resample and render alike."""
    real = alakaslam.view(_first(Phase.MOVE), 0)
    assert len(set(real.hand)) > 1
    bad = attrs.evolve(real, **change(real))
    calls: list[Callable[[View], object]] = [
        alakaslam.check_view,
        GAME.check_view,
        lambda v: alakaslam.resample(v, seed=1),
        alakaslam.render,
        lambda v: alakaslam.parse_move(v, "keep"),
    ]
    for call in calls:
        with pytest.raises(InvalidViewError, match=why) as caught:
            call(bad)
        _short(caught.value)


@pytest.mark.parametrize(
    "thing",
    [None, {}, "view", 3, alethi.view(alethi.new_game(seed=1), 0), alakaslam.new_game(seed=1)],
    ids=["none", "dict", "str", "int", "alethi-view", "state"],
)
def test_check_view_wants_an_alakaslam_view(thing: object) -> None:
    """``check_view`` refuses what is not an AlakaSLAM view."""
    with pytest.raises(InvalidViewError, match="expected a View of alakaslam"):
        alakaslam.check_view(_raw(thing))


def test_face_down_cards_outside_the_support_phase_are_refused() -> None:
    """A view that counts face-down cards (with the other counts made to add up)
    outside the support phase is refused: no playable state shows it."""
    real = alakaslam.view(_first(Phase.MOVE), 0)
    bad = attrs.evolve(real, played_count=1, deck_size=real.deck_size - 1)
    with pytest.raises(InvalidViewError, match="face down only while the support decides"):
        alakaslam.check_view(bad)


# --- every public function checks its arguments ---------------------------------------------------


def _broken() -> State:
    return attrs.evolve(_first(Phase.MOVE), score=(9, 9))


_BAD_STATES: dict[str, Callable[[], object]] = {
    "none": lambda: None,
    "dict": dict,
    "str": lambda: "state",
    "int": lambda: 7,
    "huge-int": lambda: 10**5000,
    "list": lambda: [0] * 100_000,
    "view": lambda: alakaslam.view(_first(Phase.MOVE), 0),
    "alethi-state": lambda: alethi.new_game(seed=1),
    "alethi-config": alethi.Config,
    "config": Config,
    "broken-score": _broken,
    "broken-hands": lambda: attrs.evolve(_first(Phase.MOVE), hands=_raw(None)),
    "broken-config": lambda: attrs.evolve(_first(Phase.MOVE), config=Config(players=3)),
    "broken-last-point": lambda: attrs.evolve(_first(Phase.LOSER_DISCARD), last_point=None),
    "state-without-fields": lambda: object.__new__(State),
    "view-without-fields": lambda: object.__new__(View),
}

_BAD_CONFIGS: dict[str, Callable[[], object]] = {
    "none-as-config": lambda: _raw({}),
    "alethi-config": alethi.Config,
    "state": lambda: _first(Phase.MOVE),
    "players-str": lambda: attrs.evolve(Config(), players=_raw("2")),
    "players-huge": lambda: attrs.evolve(Config(), players=10**5000),
    "deck-list": lambda: attrs.evolve(Config(), deck=_raw([1] * 1_000_000)),
    "deck-huge": lambda: attrs.evolve(Config(), deck=_raw((None,) * 1_000_000)),
    "hand-size-huge": lambda: attrs.evolve(Config(), hand_size=10**100),
    "config-without-fields": lambda: object.__new__(Config),
}

#: Every function that takes a state, applied to ``bad``.
_STATE_FUNCTIONS: dict[str, Callable[[Any], object]] = {
    "evaluate": alakaslam.evaluate,
    "GAME.evaluate": GAME.evaluate,
    "card_counts": alakaslam.card_counts,
    "GAME.card_counts": GAME.card_counts,
    "render": alakaslam.render,
    "GAME.render": GAME.render,
    "view": lambda bad: alakaslam.view(bad, 0),
    "GAME.view": lambda bad: GAME.view(bad, 0),
    "legal_moves": alakaslam.legal_moves,
    "GAME.legal_moves": GAME.legal_moves,
    "apply_move": lambda bad: alakaslam.apply_move(bad, Keep()),
    "GAME.apply_move": lambda bad: GAME.apply_move(bad, Keep()),
    "current_player": alakaslam.current_player,
    "GAME.current_player": GAME.current_player,
    "is_over": alakaslam.is_over,
    "GAME.is_over": GAME.is_over,
    "outcome": alakaslam.outcome,
    "GAME.outcome": GAME.outcome,
    "check_state": alakaslam.check_state,
    "GAME.check_state": GAME.check_state,
    "parse_move": lambda bad: alakaslam.parse_move(bad, "keep"),
    "GAME.parse_move": lambda bad: GAME.parse_move(bad, "keep"),
    "has_ability": lambda bad: alakaslam.has_ability(bad, 0, Character.RICH),
}

#: Every function that takes a view, applied to ``bad``.
_VIEW_FUNCTIONS: dict[str, Callable[[Any], object]] = {
    "resample": lambda bad: alakaslam.resample(bad, seed=1),
    "GAME.resample": lambda bad: GAME.resample(bad, seed=1),
    "check_view": alakaslam.check_view,
    "GAME.check_view": GAME.check_view,
}

#: Every function that takes a config, applied to ``bad``.
_CONFIG_FUNCTIONS: dict[str, Callable[[Any], object]] = {
    "new_game": lambda bad: alakaslam.new_game(bad, seed=1),
    "GAME.new_game": lambda bad: GAME.new_game(bad, seed=1),
    "check_config": alakaslam.check_config,
    "GAME.check_config": GAME.check_config,
    "max_decisions": alakaslam.max_decisions,
    "GAME.max_decisions": GAME.max_decisions,
    "GAME.num_players": GAME.num_players,
    "GAME.seat_names": GAME.seat_names,
}

#: Functions of other arguments (a player, a side, a move, a card, notation, a seed).
_OTHER_CALLS: dict[str, Callable[[], object]] = {
    "view-player-none": lambda: alakaslam.view(_first(Phase.MOVE), _raw(None)),
    "view-player-huge": lambda: alakaslam.view(_first(Phase.MOVE), 10**5000),
    "view-player-5": lambda: GAME.view(_first(Phase.MOVE), 5),
    "apply-move-none": lambda: alakaslam.apply_move(_first(Phase.MOVE), _raw(None)),
    "apply-move-config": lambda: alakaslam.apply_move(_first(Phase.MOVE), _raw(Config())),
    "apply-move-huge-hit": lambda: alakaslam.apply_move(
        _first(Phase.MOVE), Hit((hit(1, Colour.RED),) * 100_000)
    ),
    "apply-move-discard-huge": lambda: alakaslam.apply_move(
        _first(Phase.MOVE), Discard(_raw(10**5000))
    ),
    "format-move-none": lambda: alakaslam.format_move(_raw(None)),
    "format-move-state": lambda: GAME.format_move(_raw(_first(Phase.MOVE))),
    "format-move-huge-int": lambda: alakaslam.format_move(alakaslam.Target(10**5000)),
    "parse-move-none": lambda: alakaslam.parse_move(_first(Phase.MOVE), _raw(None)),
    "parse-move-bytes": lambda: alakaslam.parse_move(_first(Phase.MOVE), _raw(b"keep")),
    "parse-card-none": lambda: alakaslam.parse_card(_raw(None)),
    "parse-card-long": lambda: alakaslam.parse_card("R" * 1_000_000),
    "side-of-none": lambda: alakaslam.side_of(_raw(None)),
    "side-of-9": lambda: alakaslam.side_of(9),
    "team-3": lambda: alakaslam.team(3, 0),
    "team-side-2": lambda: alakaslam.team(2, 2),
    "has-ability-player-9": lambda: alakaslam.has_ability(_first(Phase.MOVE), 9, Character.RICH),
    "has-ability-no-character": lambda: alakaslam.has_ability(_first(Phase.MOVE), 0, _raw("rich")),
    "resample-seed-str": lambda: alakaslam.resample(
        alakaslam.view(_first(Phase.MOVE), 0), seed=_raw("1")
    ),
    "new-game-seed-none": lambda: alakaslam.new_game(seed=_raw(None)),
    "bot-none-view": lambda: GAME.heuristic_bot().choose(_raw(None), (Keep(),), random.Random(1)),
}


def _cases() -> Iterator[Any]:
    for fname, function in _STATE_FUNCTIONS.items():
        for bname, bad in _BAD_STATES.items():
            if bname == "view" and fname.endswith(("parse_move", "has_ability", "render")):
                continue  # a view is a fine first argument of these
            yield pytest.param(function, bad, id=f"{fname}-{bname}")
    for fname, function in _VIEW_FUNCTIONS.items():
        for bname, bad in _BAD_STATES.items():
            if bname != "view":
                yield pytest.param(function, bad, id=f"{fname}-{bname}")
    for fname, function in _CONFIG_FUNCTIONS.items():
        for bname, bad in _BAD_CONFIGS.items():
            yield pytest.param(function, bad, id=f"{fname}-{bname}")


@pytest.mark.parametrize(("function", "bad"), list(_cases()))
def test_public_functions_answer_bad_arguments_with_library_errors(
    function: Callable[[Any], object], bad: Callable[[], object]
) -> None:
    """Every public function of the module and of GAME, given the wrong type or a
    broken value, raises one of the library's errors with a short message (never a raw
    AttributeError, TypeError, KeyError, AssertionError or RecursionError)."""
    with pytest.raises(CardgamesError) as caught:
        function(bad())
    _short(caught.value)


@pytest.mark.parametrize("call", _OTHER_CALLS.values(), ids=list(_OTHER_CALLS))
def test_public_functions_answer_bad_values_with_library_errors(
    call: Callable[[], object],
) -> None:
    """Bad players, sides, moves, cards, notation and seeds get a library
    error with a short message that does not repeat the input."""
    with pytest.raises(CardgamesError) as caught:
        call()
    _short(caught.value, "RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR", "0" * 50)


class _Evil:
    """An object whose comparisons and hash fail, as a hostile caller's might."""

    def __eq__(self, other: object) -> bool:
        raise TypeError("no comparing")

    def __hash__(self) -> int:
        raise TypeError("no hashing")


@pytest.mark.parametrize(
    "move",
    [
        pytest.param(_Evil(), id="evil-object"),
        pytest.param(alakaslam.Step(_raw(_Evil())), id="step-to-evil"),
        pytest.param(Hit(_raw((_Evil(),))), id="hit-of-evil"),
        pytest.param(alakaslam.Meddle(_raw(_Evil()), s_cell(0, 0)), id="meddle-evil-player"),
    ],
)
def test_moves_that_cannot_compare_are_illegal(move: object) -> None:
    """A move (or a move's field) whose comparison or hash raises is refused with
    IllegalMoveError by apply_move and with InvalidMoveError by format_move, never with the
    error its own methods raise."""
    state = _first(Phase.MOVE)
    with pytest.raises(CardgamesError) as caught:
        alakaslam.apply_move(state, _raw(move))
    _short(caught.value)
    with pytest.raises(InvalidMoveError):
        alakaslam.format_move(_raw(move))


def test_a_refused_state_leaves_its_original_untouched() -> None:
    """Refusing a broken copy changes nothing in the real state it came from."""
    real = _first(Phase.MOVE)
    before = cardgames.to_json(real)
    with pytest.raises(InvalidStateError):
        alakaslam.evaluate(_broken())
    assert cardgames.to_json(real) == before
    assert alakaslam.legal_moves(real)


# --- no public path reaches an assertion ----------------------------------------------------------


@pytest.mark.parametrize("phase", [Phase.LOSER_DISCARD, Phase.REFILL])
def test_a_phase_after_a_point_without_the_point_is_refused(phase: Phase) -> None:
    """A loser-discard (or refill) state with ``last_point=None`` used to end in a
    bare AssertionError once its discards were done; check_state now refuses it, saying why."""
    real = _first(phase)
    bad = attrs.evolve(real, last_point=None)
    _refused(bad, "comes only after a point")
    with pytest.raises(InvalidStateError):
        for move in alakaslam.legal_moves(bad):
            alakaslam.apply_move(bad, move)


_FIELDS = [f.name for f in attrs.fields(State) if f.name not in ("_memo", "config", "rng")]


@functools.cache
def _pool() -> tuple[State, ...]:
    return tuple(s for name in ("singles", "doubles") for s in _states(name, 4))


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_states_mixed_from_real_ones_are_refused_or_playable(data: st.DataObject) -> None:
    """A state whose fields come from different real states of the same config is
    either refused by check_state, or plays on: every legal move applies, its views pass
    check_view and resample, and render works, with no raw error (no assertion) anywhere."""
    pool = _pool()
    base = data.draw(st.sampled_from(pool))
    donors = [s for s in pool if s.config == base.config]
    names = data.draw(st.lists(st.sampled_from(_FIELDS), min_size=1, max_size=3, unique=True))
    changes = {name: getattr(data.draw(st.sampled_from(donors)), name) for name in names}
    state = attrs.evolve(base, **changes)
    try:
        alakaslam.check_state(state)
    except InvalidStateError as exc:
        _short(exc)
        return
    for player in range(state.config.players):
        seen = alakaslam.view(state, player)
        assert alakaslam.check_view(seen) is seen
        alakaslam.resample(seen, seed=player)
        alakaslam.render(seen)
    alakaslam.render(state)
    alakaslam.evaluate(state)
    for move in alakaslam.legal_moves(state):
        alakaslam.apply_move(state, move)


# --- render finishes with a small output ----------------------------------------------------------


def _largest_config() -> Config:
    """The largest config check_config accepts: every face at the most copies, doubles, the
    longest match."""
    faces = [hit(v, c) for c in Colour for v in range(10)] + [enchant(v) for v in (1, 2, 3)]
    deck = tuple(CardCount(face, MAX_COUNT) for face in faces)
    return Config(players=4, deck=deck, points_to_win=99, hand_size=50, shot_limit=10_000)


def test_render_of_the_largest_state_the_checks_accept_is_small() -> None:
    """Render of a state with the largest values check_state accepts (the largest
    deck, one hand holding nearly all of it, the highest score and shot count) finishes with
    an output bounded by the config's deck, and so do its views."""
    config = _largest_config()
    state = next(s for s in _play(config, 1) if s.phase is Phase.MOVE)
    player = _mover(state)
    hands = list(state.hands)
    hands[player] = tuple(sorted((*hands[player], *state.deck[:-5])))
    big = attrs.evolve(
        state,
        hands=tuple(hands),
        deck=state.deck[-5:],
        score=(config.points_to_win - 1, config.points_to_win - 1),
        shots=config.shot_limit - 1,
    )
    assert alakaslam.check_state(big) is big
    cards = len(deck_cards(config))
    assert cards == (23 - 1) * MAX_COUNT  # doubles leave the Enchant-1s out
    assert DOUBLES_LEAVE_OUT not in deck_cards(config)
    for picture in (
        alakaslam.render(big),
        *(alakaslam.render(alakaslam.view(big, p)) for p in range(4)),
    ):
        lines = picture.splitlines()
        assert len(lines) <= 30
        assert len(picture) <= 3 * cards + 3000
        assert max(len(line) for line in lines) <= 3 * cards + 100


@pytest.mark.parametrize(
    ("change", "view_change"),
    [
        pytest.param({"score": (10**6, 0)}, {"score": (10**6, 0)}, id="score"),
        pytest.param(
            {"positions": (s_cell(30000, 0), s_cell(1, 3))},
            {"positions": (s_cell(30000, 0), s_cell(1, 3))},
            id="far-cell",
        ),
        pytest.param({"ball": s_cell(-30000, 1)}, {"ball": s_cell(-30000, 1)}, id="far-ball"),
        pytest.param(
            {"hands": ((hit(1, Colour.RED),) * 100_000, ())},
            {"hand": (hit(1, Colour.RED),) * 100_000},
            id="huge-hand",
        ),
    ],
)
def test_render_of_anything_else_is_a_library_error(
    change: dict[str, Any], view_change: dict[str, Any]
) -> None:
    """Render of a state or view with values beyond what the rules allow raises a
    library error instead of drawing (or hanging on) them."""
    bad = attrs.evolve(_first(Phase.MOVE), **change)
    with pytest.raises(InvalidStateError) as caught:
        alakaslam.render(bad)
    _short(caught.value)
    seen = attrs.evolve(alakaslam.view(_first(Phase.MOVE), 0), **view_change)
    with pytest.raises(InvalidViewError) as caught:
        alakaslam.render(seen)
    _short(caught.value)


# --- pickle and deepcopy --------------------------------------------------------------------------


def _copies(value: object) -> Iterator[Any]:
    yield pickle.loads(pickle.dumps(value))
    yield copy.deepcopy(value)
    yield copy.copy(value)


@pytest.mark.parametrize("name", ["singles", "doubles", "chosen"])
def test_states_views_moves_and_configs_survive_pickle_and_deepcopy(name: str) -> None:
    """At many points of random matches, copies of the state (pickled, deep- and
    shallow-copied) are equal, have the same legal moves and give the same results of
    apply_move; views, moves and configs survive the same way."""
    config = CONFIGS[name]
    for again in _copies(config):
        assert again == config and hash(again) == hash(config)
        assert alakaslam.new_game(again, seed=3) == alakaslam.new_game(config, seed=3)
    for i, state in enumerate(_states(name, 3)):
        if i % 3:
            continue
        moves = alakaslam.legal_moves(state)  # the state's memo is filled
        for again in _copies(state):
            assert again == state
            assert alakaslam.legal_moves(again) == moves
            for move in moves[:3]:
                assert alakaslam.apply_move(again, move) == alakaslam.apply_move(state, move)
        for move in moves[:5]:
            for again in _copies(move):
                assert again == move and hash(again) == hash(move)
                assert alakaslam.apply_move(state, again) == alakaslam.apply_move(state, move)
        for player in range(config.players):
            seen = alakaslam.view(state, player)
            for again in _copies(seen):
                assert again == seen
                assert alakaslam.resample(again, seed=i) == alakaslam.resample(seen, seed=i)


# --- text input gets short errors, in linear time -------------------------------------------------


_BAD_TEXT = [
    "x" * 1_000_000,
    "hit " + "R2 " * 300_000,
    "step " + "a1" * 500_000,
    "meddle " + "9" * 500_000 + " b2",
    "target " + "9" * 1_000_000,
    "call " + "red" * 300_000,
    "\u0000" * 10_000,
    "hit R2 B1 E2 E1",
    "step b2 E9",
    "\uff48\uff49\uff54 R2",  # full-width letters
    "copy \uff32ich",
]


@pytest.mark.parametrize("text", _BAD_TEXT, ids=lambda t: f"{t[:12]!r}x{len(t)}")
def test_bad_notation_gets_a_short_error_without_the_text(text: str) -> None:
    """``parse_move`` answers bad text, up to 1 MB, with InvalidMoveError whose
    message is short and does not repeat the text (an excerpt at most)."""
    state = _first(Phase.MOVE)
    with pytest.raises(InvalidMoveError) as caught:
        alakaslam.parse_move(state, text)
    _short(caught.value, text[40:80] if len(text) > 80 else "\u0000\u0000\u0000")


def test_rejecting_long_notation_costs_time_linear_in_its_length() -> None:
    """Rejecting 1 MB of notation costs about ten times as much as 100 kB (a
    quadratic parser would cost a hundred times as much); measured as the best of three."""
    state = _first(Phase.MOVE)

    def cost(size: int) -> float:
        text = "hit " + "R2 " * (size // 3)
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            with pytest.raises(InvalidMoveError):
                alakaslam.parse_move(state, text)
            best = min(best, time.perf_counter() - start)
        return best

    small, large = cost(100_000), cost(1_000_000)
    assert large < 40 * small + 0.05


# --- config checks ----------------------------------------------------------------------------


_BAD_CONFIG_VALUES: list[Any] = [
    pytest.param({"players": 10**5000}, id="players-huge"),
    pytest.param({"players": 2.0}, id="players-float"),
    pytest.param({"deck": (None,) * 1_000_000}, id="deck-of-a-million"),
    pytest.param({"deck": [CardCount(hit(1, Colour.RED), 50)]}, id="deck-list"),
    pytest.param({"deck": (CardCount(hit(1, Colour.RED), 10**100),)}, id="count-huge"),
    pytest.param({"deck": (CardCount(_raw("R1"), 50),)}, id="card-str"),
    pytest.param({"deck": (CardCount(hit(10**5000, Colour.RED), 50),)}, id="card-value-huge"),
    pytest.param({"deck": (CardCount(hit(1, Colour.RED), 60),) * 2}, id="face-twice"),
    pytest.param({"characters": (Character.RICH,) * 1_000_000}, id="characters-million"),
    pytest.param({"characters": ["rich", "sten"]}, id="characters-list"),
    pytest.param({"hand_size": 10**100}, id="hand-size-huge"),
    pytest.param({"points_to_win": -1}, id="points-negative"),
    pytest.param({"shot_limit": 10**5000}, id="shot-limit-huge"),
    pytest.param({"shot_limit": True}, id="shot-limit-bool"),
    pytest.param({"split_movement": "yes"}, id="split-str"),
    pytest.param({"choose_characters": None}, id="choose-none"),
]


@pytest.mark.parametrize("changes", _BAD_CONFIG_VALUES)
def test_config_checks_refuse_unplayable_configs_quickly_and_briefly(
    changes: dict[str, Any],
) -> None:
    """Config checks: huge lists, huge numbers and wrong types get InvalidConfigError with a
    short message, from check_config and from every function that takes a config."""
    config = attrs.evolve(Config(), **changes)
    for call in (
        alakaslam.check_config,
        alakaslam.max_decisions,
        GAME.num_players,
        GAME.seat_names,
        lambda c: alakaslam.new_game(c, seed=1),
    ):
        with pytest.raises(InvalidConfigError) as caught:
            call(config)
        _short(caught.value, "RichRich", "0" * 50)


# --- hostile JSON, mutated with Hypothesis ----------------------------------------------------


_HOSTILE_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.just(10**5000),
    st.floats(allow_nan=False),
    st.text(max_size=8),
    st.just("E2"),
    st.just("R9"),
    st.just("x" * 100_000),
    st.just([0] * 10_000),
    st.just({"phase": "move"}),
    st.recursive(st.just([]), lambda inner: st.lists(inner, max_size=1), max_leaves=50),
)


def _paths(doc: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON document: keys of objects and indexes of arrays."""
    yield path
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _paths(value, (*path, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            yield from _paths(value, (*path, i))


def _mutate(doc: Any, path: tuple[Any, ...], how: str, value: Any) -> Any:
    """``doc`` with the place at ``path`` replaced, removed, duplicated or given a sibling."""
    if not path:
        return value
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "replace":
        parent[last] = value
    elif how == "remove":
        del parent[last]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    elif isinstance(parent, dict):
        parent["extra"] = value
    return doc


@functools.cache
def _documents() -> tuple[str, ...]:
    picks = [s for i, s in enumerate(_pool()) if i % 7 == 0]
    return tuple(cardgames.to_json(s) for s in picks)


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_hostile_json_states_get_library_errors_and_change_nothing(data: st.DataObject) -> None:
    """Findings 1, 4 and 9: a state document with one place replaced by a hostile value,
    removed, duplicated (a card twice) or given an extra sibling is refused with a short
    library error when loaded or checked, or is a playable state; nothing else changes."""
    text = data.draw(st.sampled_from(_documents()))
    original: State = cardgames.from_json(text, State)
    doc = json.loads(text)
    paths = [p for p in _paths(doc["data"]) if p]
    path = ("data", *data.draw(st.sampled_from(paths)))
    how = data.draw(st.sampled_from(["replace", "replace", "remove", "duplicate", "extra"]))
    value = data.draw(_HOSTILE_VALUES)
    try:
        hostile = json.dumps(_mutate(doc, path, how, value))
    except (ValueError, RecursionError):
        return  # not JSON any more (a huge integer json will not write)
    try:
        state: State = cardgames.from_json(hostile, State)
    except CardgamesError as exc:  # loading is the serialization's business: capped at least
        assert len(str(exc)) <= MAX_MESSAGE
        return
    try:
        alakaslam.check_state(state)
    except InvalidStateError as exc:
        _short(exc, "x" * 40)
    else:
        for move in alakaslam.legal_moves(state):
            alakaslam.apply_move(state, move)
        for player in range(state.config.players):
            alakaslam.check_view(alakaslam.view(state, player))
    assert cardgames.to_json(original) == text


@functools.cache
def _view_documents() -> tuple[str, ...]:
    picks = [s for i, s in enumerate(_pool()) if i % 11 == 0]
    return tuple(
        cardgames.to_json(alakaslam.view(s, p)) for s in picks for p in range(s.config.players)
    )


@functools.cache
def _config_documents() -> tuple[str, ...]:
    return tuple(cardgames.to_json(config) for config in (*CONFIGS.values(), *_CAPPED))


def _hostile_document(data: st.DataObject, text: str) -> str | None:
    """``text`` with one place of its data mutated as in the state test above, or ``None``
    when the result is not JSON any more."""
    doc = json.loads(text)
    paths = list(_paths(doc["data"]))  # the data itself included
    path = ("data", *data.draw(st.sampled_from(paths)))
    how = data.draw(st.sampled_from(["replace", "replace", "remove", "duplicate", "extra"]))
    try:
        return json.dumps(_mutate(doc, path, how, data.draw(_HOSTILE_VALUES)))
    except (ValueError, RecursionError):
        return None


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_hostile_json_views_get_library_errors(data: st.DataObject) -> None:
    """Findings 1 and 10: a mutated view document is refused with a short library error when
    loaded or checked, or is a view some playable state shows (it resamples and renders)."""
    hostile = _hostile_document(data, data.draw(st.sampled_from(_view_documents())))
    if hostile is None:
        return
    try:
        seen: View = cardgames.from_json(hostile, View)
    except CardgamesError as exc:
        assert len(str(exc)) <= MAX_MESSAGE
        return
    try:
        alakaslam.check_view(seen)
    except InvalidViewError as exc:
        _short(exc, "x" * 40)
    else:
        assert alakaslam.view(alakaslam.resample(seen, seed=1), seen.player) == seen
        assert alakaslam.render(seen)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_hostile_json_configs_get_library_errors(data: st.DataObject) -> None:
    """Config checks: a mutated config document is refused with a short library error when
    loaded or checked, or is a config a match can be played with."""
    hostile = _hostile_document(data, data.draw(st.sampled_from(_config_documents())))
    if hostile is None:
        return
    try:
        config: Config = cardgames.from_json(hostile, Config)
    except CardgamesError as exc:
        assert len(str(exc)) <= MAX_MESSAGE
        return
    try:
        alakaslam.check_config(config)
    except InvalidConfigError as exc:
        _short(exc, "x" * 40)
    else:
        state = alakaslam.new_game(config, seed=1)
        assert alakaslam.legal_moves(state)
        assert alakaslam.max_decisions(config) > 0


def test_every_error_of_this_file_is_a_library_error() -> None:
    """The errors met above are the library's own, and ValueErrors (callers may catch either)."""
    for error in (InvalidViewError, InvalidConfigError, InvalidMoveError, InvalidPlayerError):
        assert issubclass(error, CardgamesError) and issubclass(error, ValueError)
