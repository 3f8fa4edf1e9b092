"""Le Rally at its boundaries (issue 15): whatever comes from outside gets a short library error
in bounded time, every state the rules make passes the checks, and copies lose nothing."""

from __future__ import annotations

import contextlib
import copy
import functools
import json
import pickle
import random
import signal
import time
from collections import Counter
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardgames
import random_play
from cardgames import (
    CardgamesError,
    IllegalMoveError,
    InvalidConfigError,
    InvalidMoveError,
    InvalidPlayerError,
    InvalidStateError,
    InvalidViewError,
    Outcome,
    alakaslam,
    lerally,
)
from cardgames.errors import MAX_MESSAGE
from cardgames.lerally import (
    GAME,
    Card,
    CardKind,
    CardType,
    Config,
    Ending,
    Format,
    Lob,
    Offense,
    PickUp,
    Play,
    RallyWin,
    Score,
    Section,
    ShedderBot,
    State,
    View,
    Zone,
    attack,
    offense,
    shot,
    special,
)

BL, BR, NL, NR = Section.BASELINE_LEFT, Section.BASELINE_RIGHT, Section.NET_LEFT, Section.NET_RIGHT

#: Longest message a refusal here may carry: short, and far from the input's size.
SHORT = 300
#: Seconds any single call here may take at most; a hang fails the test instead of the run.
BOUND = 10.0


def _raw(value: object) -> Any:
    """``value`` typed as ``Any``: hostile input is built past the type checker on purpose."""
    return value


@contextlib.contextmanager
def _bounded(seconds: float = BOUND) -> Iterator[None]:
    """Fail with ``TimeoutError`` instead of hanging when the block runs longer than
    ``seconds`` (the regression of an endless loop must not stall the suite)."""

    def expire(signum: int, frame: FrameType | None) -> None:
        raise TimeoutError(f"did not finish within {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _short(error: BaseException) -> str:
    """The error's message, checked to be short."""
    message = str(error)
    assert 0 < len(message) <= SHORT, message[:SHORT]
    return message


def _play_out(config: Config, seed: int) -> Iterator[State]:
    """Every state of a match of random legal moves, the finished one last."""
    return random_play.random_states(lerally, config, seed, State)


def _fresh(state: State) -> State:
    """An equal state that the rules did not make: it is checked on its first use."""
    return attrs.evolve(state)


def _final(config: Config, seed: int) -> State:
    *_, last = _play_out(config, seed)
    return last


@functools.cache
def _at_rally_limit(config: Config) -> State:
    """The final state of a seeded random match of ``config`` whose last rally the rally limit
    ended."""
    for seed in range(400):
        final = _final(config, seed)
        if final.last_rally is not None and final.last_rally.ending is Ending.RALLY_LIMIT:
            return final
    raise AssertionError("no match ended at the rally limit")


@functools.cache
def _over() -> State:
    """A finished singles One Game match, won by emptying a hand."""
    for seed in range(50):
        final = _final(Config(), seed)
        if final.last_rally is not None and final.last_rally.ending is Ending.EMPTY_HAND:
            return final
    raise AssertionError("no match ended by an empty hand")


@functools.cache
def _facing_attack() -> State:
    """A singles state where the player to move faces an attack."""
    for seed in range(100):
        for state in _play_out(Config(), seed):
            if state.attack is not None:
                return state
    raise AssertionError("no attack met")


def _lead() -> State:
    return lerally.new_game(seed=1)


def _winners(state: State) -> frozenset[int]:
    assert state.result is not None
    return state.result.winners


def _ended(state: State, ending: Ending) -> RallyWin:
    """The state's last rally, said to have ended by ``ending``."""
    assert state.last_rally is not None
    return attrs.evolve(state.last_rally, ending=ending)


def _attack_moved_off_the_pile(state: State) -> dict[str, Any]:
    """The change that moves the attack cards from the pile to the cleared cards."""
    off = tuple(card for card in state.pile if card == state.attack)
    kept = tuple(card for card in state.pile if card != state.attack)
    return {"pile": kept, "cleared": (*state.cleared, *off)}


# --- final states at a safety cap -----------------------------------------------------------------

#: Configs small enough that rallies run into the limit: every format, player count, doubles.
CAPPED = [
    Config(rally_limit=10),
    Config(rally_limit=10, format=Format.SHOT_GUN, players=3),
    Config(rally_limit=10, format=Format.FAST_FOUR, players=4, hand_size=8),
    Config(rally_limit=10, format=Format.ONE_SET, players=4, doubles=True),
    Config(rally_limit=12, format=Format.ONE_GAME, best_of=3, hand_size=10),
]


def _config_id(config: object) -> str:
    """A short test id for a config: its fields that differ from the defaults."""
    if not isinstance(config, Config):
        return repr(config)[:40]
    default = Config()
    changed = [
        f"{field.name}={getattr(config, field.name)}"
        for field in attrs.fields(Config)
        if field.name != "cards" and getattr(config, field.name) != getattr(default, field.name)
    ]
    return ",".join(changed) or "default"


def _round_trips(state: State) -> None:
    """The state passes check_state, its JSON loads back equal, and every player's view passes
    check_view, resamples, renders and round-trips through JSON."""
    assert GAME.check_state(_fresh(state)) == state
    again: State = cardgames.from_json(cardgames.to_json(state), State)
    assert again == state and GAME.check_state(again) is again
    for player in range(state.config.players):
        seen = lerally.view(state, player)
        assert lerally.check_view(seen) is seen
        assert cardgames.from_json(cardgames.to_json(seen), View) == seen
        dealt = lerally.resample(seen, seed=player)
        assert lerally.view(dealt, player) == seen
        assert lerally.render(seen)
    assert lerally.render(state)


@pytest.mark.parametrize("config", CAPPED, ids=_config_id)
def test_a_match_ended_by_the_rally_limit_is_a_valid_state(config: Config) -> None:
    """The final state of a match whose last rally reached ``rally_limit`` (its
    ``plays`` equal to the limit) passes check_state, JSON, view, resample and render."""
    final = _at_rally_limit(config)
    assert final.plays == config.rally_limit
    _round_trips(final)


@pytest.mark.parametrize("config", CAPPED, ids=_config_id)
def test_every_state_of_capped_matches_is_valid(config: Config) -> None:
    """Every state of random matches that keep running into the rally limit passes
    the checks, as a fresh copy and through JSON, and so does each of its views."""
    for seed in range(3):
        for i, state in enumerate(_play_out(config, seed)):
            GAME.check_state(_fresh(state))
            if i % 7 == 0 or state.result is not None:
                _round_trips(state)


def test_max_decisions_bounds_capped_matches() -> None:
    """The decision bound is a real bound: matches end by the rules before it."""
    for config in CAPPED:
        for seed in range(3):
            assert sum(1 for _ in _play_out(config, seed)) - 1 <= GAME.max_decisions(config)


# --- check_state rejects what the rules cannot reach ----------------------------------------------


_UNREACHABLE: list[Any] = [
    # card conservation
    pytest.param(_lead, lambda s: {"deck": s.deck[1:]}, "cards", id="a-card-missing"),
    pytest.param(_lead, lambda s: {"deck": (*s.deck, s.deck[0])}, "cards", id="a-card-doubled"),
    pytest.param(
        _lead, lambda s: {"deck": (*s.deck[1:], attack(Zone.NET, 9))}, "cards", id="invented"
    ),
    pytest.param(
        _lead,
        lambda s: {"deck": s.deck[:-1], "cleared": (s.deck[-1], s.deck[-1])},
        "cards",
        id="a-card-moved-and-copied",
    ),
    # the score of a match going on, bounded by the format
    pytest.param(_lead, lambda s: {"score": Score((0, 0), (5, 0))}, "score", id="games-5-0"),
    pytest.param(_lead, lambda s: {"score": Score((0, 0), (4, 4))}, "score", id="games-4-4"),
    pytest.param(_lead, lambda s: {"score": Score((0, 0), (10**100, 0))}, "score", id="games-huge"),
    pytest.param(_lead, lambda s: {"score": Score((1, 0), (0, 0))}, "score", id="set-but-live"),
    pytest.param(
        _lead, lambda s: {"score": Score((0, 0), (0, 0), True)}, "seven", id="to-seven-one-game"
    ),
    # plays: a live rally has made fewer decisions than the limit
    pytest.param(_lead, lambda s: {"plays": 500}, "plays", id="plays-at-limit-live"),
    pytest.param(_lead, lambda s: {"plays": 10**100}, "plays", id="plays-huge"),
    # an attack's total: the value for each copy played
    pytest.param(
        _facing_attack, lambda s: {"attack_total": 10**100}, "attack_total", id="total-huge"
    ),
    pytest.param(
        _facing_attack,
        lambda s: {"attack_total": (s.attack or attack(Zone.NET, 3)).value + 1},
        "attack_total",
        id="total-not-a-multiple",
    ),
    pytest.param(_facing_attack, _attack_moved_off_the_pile, None, id="attack-not-on-the-pile"),
    # answering with nothing on the pile
    pytest.param(
        lambda: next(s for s in _play_out(Config(), 2) if s.ball is not None),
        lambda s: {"pile": (), "cleared": (*s.cleared, *s.pile)},
        "pile",
        id="answering-an-empty-pile",
    ),
    # the last rally must have given its winner something
    pytest.param(
        _lead,
        lambda s: {"last_rally": RallyWin(0, 0, Ending.EMPTY_HAND)},
        "last_rally",
        id="last-rally-without-a-point",
    ),
    # a finished match: the result, the sets, the games and the ending must be the rules'
    pytest.param(
        _over,
        lambda s: {"result": Outcome.win({1 - min(_winners(s))}, 2, "won the match")},
        "result",
        id="forged-winner",
    ),
    pytest.param(
        _over,
        lambda s: {"result": Outcome.win(set(_winners(s)), 2, "x" * 10**6)},
        "result",
        id="forged-reason",
    ),
    pytest.param(
        _over,
        lambda s: {"result": Outcome.draw(2, "won the match")},
        "result",
        id="forged-draw",
    ),
    pytest.param(
        _over,
        lambda s: {"score": Score(s.score.sets, tuple(g * 10**100 + 7 for g in s.score.games))},
        "score",
        id="final-games-huge",
    ),
    pytest.param(_over, lambda s: {"score": Score((1, 1), (3, 3))}, "score", id="both-won"),
    pytest.param(_over, lambda s: {"ball": BL}, "finished", id="finished-with-a-ball"),
    pytest.param(_over, lambda s: {"last_rally": None}, "last_rally", id="final-without-rally"),
    pytest.param(
        _over,
        lambda s: {"last_rally": _ended(s, Ending.RALLY_LIMIT)},
        "rally limit",
        id="final-rally-limit-too-early",
    ),
    pytest.param(_over, lambda s: {"plays": 0}, "emptying", id="final-without-a-decision"),
    pytest.param(
        lambda: _at_rally_limit(CAPPED[0]),
        lambda s: {"plays": s.plays + 1},
        "plays",
        id="final-plays-beyond-the-limit",
    ),
    pytest.param(
        lambda: _at_rally_limit(CAPPED[0]),
        lambda s: {"last_rally": _ended(s, Ending.EMPTY_HAND)},
        "emptying",
        id="final-empty-hand-but-none-empty",
    ),
]


@pytest.mark.parametrize(("base", "change", "why"), _UNREACHABLE)
def test_check_state_refuses_what_the_rules_cannot_reach(
    base: Callable[[], State], change: Callable[[State], dict[str, Any]], why: str | None
) -> None:
    """Broken card conservation, counters beyond the config's reach, and finished
    matches the rules would not leave are refused with a short InvalidStateError saying what."""
    real = base()
    GAME.check_state(_fresh(real))
    state = attrs.evolve(real, **change(real))
    with _bounded(), pytest.raises(InvalidStateError) as refused:
        GAME.check_state(state)
    message = _short(refused.value)
    if why is not None:
        assert why in message
    # Loaded from JSON, it is refused as well (on loading, or on its first check).
    with _bounded(), pytest.raises(CardgamesError):
        GAME.check_state(cardgames.from_json(cardgames.to_json(state), State))


@pytest.mark.parametrize(
    ("config", "games", "to_seven"),
    [
        (Config(format=Format.SHOT_GUN), (1, 0), False),
        (Config(format=Format.ONE_GAME), (4, 0), False),
        (Config(format=Format.FAST_FOUR), (4, 0), False),
        (Config(format=Format.ONE_SET), (6, 3), False),
        (Config(format=Format.ONE_SET), (5, 5), False),
        (Config(format=Format.ONE_SET), (7, 5), True),
        (Config(format=Format.ONE_SET, players=3), (3, 6, 4), False),
    ],
    ids=_config_id,
)
def test_games_are_bounded_by_every_format(
    config: Config, games: tuple[int, ...], to_seven: bool
) -> None:
    """In each format a set going on holds no more games than the format lets it."""
    state = lerally.new_game(config, seed=1)
    sets = (0,) * config.sides
    with pytest.raises(InvalidStateError, match="score"):
        GAME.check_state(attrs.evolve(state, score=Score(sets, games, to_seven)))


def test_reachable_scores_of_every_format_pass() -> None:
    """The checks refuse no score that a match reaches: the scores before every
    rally of random matches of each format, best of five included, pass."""
    for fmt in Format:
        config = Config(format=fmt, best_of=5, players=3, rally_limit=10)
        for state in _play_out(config, 7):
            GAME.check_state(_fresh(state))


# --- views are checked ----------------------------------------------------------------------------


def test_check_view_is_exported_and_on_the_game() -> None:
    """``check_view`` is a function of the module (in ``__all__``) and of GAME."""
    assert "check_view" in lerally.__all__ and "check_state" in lerally.__all__
    seen = lerally.view(_lead(), 0)
    assert GAME.check_view(seen) is seen and lerally.check_view(seen) is seen


@pytest.mark.parametrize("config", [*lerally.PRESETS.values(), *CAPPED], ids=_config_id)
def test_every_view_of_random_matches_passes(config: Config) -> None:
    """Every view that ``view`` gives of a state the rules reach passes
    check_view, and resample gives a state with that view."""
    for i, state in enumerate(_play_out(config, 11)):
        for player in range(config.players):
            seen = lerally.view(state, player)
            assert lerally.check_view(seen) is seen
            if i % 5 == 0:
                dealt = lerally.resample(seen, seed=i)
                assert lerally.view(dealt, player) == seen
                assert GAME.check_state(_fresh(dealt)) == dealt


def _a_view() -> View:
    """Player 0's view as they answer a ball holding two different cards or more."""
    state = next(
        s
        for s in _play_out(Config(), 3)
        if s.ball is not None and s.to_move == 0 and len(set(s.hands[0])) >= 2
    )
    return lerally.view(state, 0)


_BAD_VIEWS: list[Any] = [
    pytest.param(lambda v: {"player": None}, "player", id="player-none"),
    pytest.param(lambda v: {"player": -2}, "player", id="player-negative"),
    pytest.param(lambda v: {"player": 5}, "player", id="player-5"),
    pytest.param(lambda v: {"player": True}, "player", id="player-bool"),
    pytest.param(lambda v: {"player": "x" * 10**6}, "player", id="player-1mb"),
    pytest.param(lambda v: {"deck_size": v.deck_size + 1}, "add up", id="a-card-invented"),
    pytest.param(
        lambda v: {"hand_sizes": (v.hand_sizes[0], 0), "deck_size": v.deck_size + v.hand_sizes[1]},
        "empty hand",
        id="empty-hand",
    ),
    pytest.param(lambda v: {"plays": 500}, "plays", id="plays-at-limit"),
    pytest.param(lambda v: {"score": Score((0, 0), (5, 0))}, "score", id="games-5-0"),
    pytest.param(lambda v: {"hand": v.hand[::-1]}, "sorted", id="hand-unsorted"),
    pytest.param(lambda v: {"hand": ()}, None, id="hand-emptied"),
    pytest.param(lambda v: {"pile": (), "cleared": (*v.cleared, *v.pile)}, "pile", id="no-pile"),
    pytest.param(lambda v: {"result": Outcome.win({0}, 2, "won the match")}, None, id="result"),
    pytest.param(lambda v: {"hand_sizes": (*v.hand_sizes, 1)}, None, id="three-sizes"),
    pytest.param(lambda v: {"hand": (Card(_raw([1] * 10**5)),)}, None, id="card-of-a-list"),
]


@pytest.mark.parametrize(("change", "why"), _BAD_VIEWS)
def test_bad_views_are_refused_by_check_view_resample_and_render(
    change: Callable[[View], dict[str, Any]], why: str | None
) -> None:
    """A view with a player that is not a seat, fields out of range or cards that
    do not add up is refused with InvalidViewError by check_view, resample and render."""
    real = _a_view()
    seen = attrs.evolve(real, **change(real))
    calls: list[Callable[[View], object]] = [
        lerally.check_view,
        GAME.check_view,
        lambda v: lerally.resample(v, seed=1),
        lerally.render,
    ]
    for call in calls:
        with _bounded(), pytest.raises(InvalidViewError) as refused:
            call(seen)
        message = _short(refused.value)
        if why is not None:
            assert why in message


@pytest.mark.parametrize(
    "thing",
    [None, {}, "view", 3, _lead(), Config(), alakaslam.view(alakaslam.new_game(seed=1), 0)],
    ids=["none", "dict", "str", "int", "state", "config", "alakaslam-view"],
)
def test_check_view_wants_a_lerally_view(thing: object) -> None:
    """Anything but a Le Rally view is refused with InvalidViewError."""
    for call in (lerally.check_view, lambda t: lerally.resample(t, seed=1)):
        with pytest.raises(InvalidViewError, match="expected a View of lerally"):
            call(_raw(thing))


# --- every public function answers bad arguments with a library error -----------------------------


def _broken_state() -> State:
    """The issue's case: a One Game state at 5-0 (which the format cannot reach)."""
    return attrs.evolve(_lead(), score=Score((0, 0), (5, 0)))


_NOT_STATES: list[Any] = [
    pytest.param(lambda: None, id="none"),
    pytest.param(lambda: {"to_move": 0}, id="dict"),
    pytest.param(lambda: "state", id="str"),
    pytest.param(lambda: lerally.view(_lead(), 0), id="view"),
    pytest.param(lambda: alakaslam.new_game(seed=1), id="alakaslam-state"),
    pytest.param(_broken_state, id="score-5-0"),
    pytest.param(lambda: attrs.evolve(_lead(), hands=_raw(None)), id="hands-none"),
    pytest.param(lambda: attrs.evolve(_lead(), config=_raw(alakaslam.Config())), id="config"),
    pytest.param(lambda: State.__new__(State), id="empty-shell"),
]

_STATE_FUNCTIONS: dict[str, Callable[[Any], object]] = {
    "evaluate": lerally.evaluate,
    "card_counts": GAME.card_counts,
    "render": lerally.render,
    "view": lambda s: lerally.view(s, 0),
    "legal_moves": lerally.legal_moves,
    "apply_move": lambda s: lerally.apply_move(s, PickUp()),
    "current_player": lerally.current_player,
    "is_over": lerally.is_over,
    "outcome": lerally.outcome,
    "check_state": lerally.check_state,
    "GAME.evaluate": GAME.evaluate,
    "GAME.render": GAME.render,
    "GAME.legal_moves": GAME.legal_moves,
    "GAME.check_state": GAME.check_state,
}


@pytest.mark.parametrize("name", _STATE_FUNCTIONS)
@pytest.mark.parametrize("make", _NOT_STATES)
def test_functions_of_a_state_refuse_anything_else(name: str, make: Callable[[], object]) -> None:
    """Every function that takes a state answers a non-state or a broken state
    (``score.games=(5, 0)`` among them, on which evaluate looped forever) with a short library
    error in bounded time."""
    thing = make()
    if name.endswith("render") and type(thing) is View:
        assert lerally.render(thing)  # render takes views too
        return
    with _bounded(), pytest.raises(InvalidStateError) as refused:
        _STATE_FUNCTIONS[name](thing)
    _short(refused.value)


_NOT_CONFIGS: list[Any] = [
    pytest.param(None, id="none"),
    pytest.param({}, id="dict"),
    pytest.param("default", id="str"),
    pytest.param(alakaslam.Config(), id="alakaslam-config"),
    pytest.param(attrs.evolve(Config(), players=_raw(10**10000)), id="players-huge"),
    pytest.param(attrs.evolve(Config(), cards=_raw([])), id="cards-list"),
    pytest.param(attrs.evolve(Config(), rally_limit=_raw("5" * 10**6)), id="limit-1mb-str"),
]

_CONFIG_FUNCTIONS: dict[str, Callable[[Any], object]] = {
    "check_config": GAME.check_config,
    "num_players": GAME.num_players,
    "seat_names": GAME.seat_names,
    "max_decisions": GAME.max_decisions,
    "new_game": lambda c: lerally.new_game(c, seed=1),
    "side_of": lambda c: lerally.side_of(c, 0),
    "team": lambda c: lerally.team(c, 0),
    "score_rally": lambda c: lerally.score_rally(c, Score((0, 0), (0, 0)), 0),
}


@pytest.mark.parametrize("name", _CONFIG_FUNCTIONS)
@pytest.mark.parametrize("config", _NOT_CONFIGS)
def test_functions_of_a_config_refuse_anything_else(name: str, config: object) -> None:
    """``max_decisions``, num_players, seat_names and every other function of a config
    answer a config of the wrong type or with wrong values with a short InvalidConfigError
    (not AttributeError)."""
    if name == "new_game" and config is None:
        assert lerally.new_game(None, seed=1) == lerally.new_game(Config(), seed=1)
        return
    with _bounded(), pytest.raises(InvalidConfigError) as refused:
        _CONFIG_FUNCTIONS[name](config)
    _short(refused.value)


@pytest.mark.parametrize(
    ("call", "error"),
    [
        pytest.param(lambda: lerally.side_of(Config(), 2), InvalidPlayerError, id="side-of-2"),
        pytest.param(lambda: lerally.side_of(Config(), _raw("0")), InvalidPlayerError, id="s-str"),
        pytest.param(lambda: lerally.team(Config(), 2), InvalidPlayerError, id="team-2"),
        pytest.param(lambda: lerally.team(Config(), _raw(None)), InvalidPlayerError, id="team-n"),
        pytest.param(
            lambda: lerally.score_rally(Config(), Score((0, 0), (5, 0)), 0),
            InvalidStateError,
            id="score-rally-5-0",
        ),
        pytest.param(
            lambda: lerally.score_rally(Config(), _raw((0, 0)), 0),
            InvalidStateError,
            id="score-rally-tuple",
        ),
        pytest.param(
            lambda: lerally.score_rally(Config(), Score((0, 0), (0, 0)), 2),
            InvalidPlayerError,
            id="score-rally-side-2",
        ),
        pytest.param(lambda: lerally.parse_card(_raw(None)), InvalidMoveError, id="card-none"),
        pytest.param(lambda: lerally.parse_card("x" * 10**6), InvalidMoveError, id="card-1mb"),
        pytest.param(lambda: lerally.view(_lead(), _raw("x" * 10**6)), InvalidPlayerError, id="p"),
        pytest.param(lambda: lerally.format_move(_raw(None)), InvalidMoveError, id="format-none"),
        pytest.param(
            lambda: lerally.format_move(Play(_raw("x" * 10**6))), InvalidMoveError, id="fmt-1mb"
        ),
        pytest.param(
            lambda: lerally.format_move(Offense(_raw([[[]]] * 10**5))),
            InvalidMoveError,
            id="fmt-offense-list",
        ),
        pytest.param(lambda: lerally.parse_move(_lead(), _raw(None)), InvalidMoveError, id="pm"),
        pytest.param(
            lambda: lerally.parse_move(_raw(None), "pick up"), InvalidMoveError, id="pm-n"
        ),
        pytest.param(
            lambda: lerally.parse_move(_raw(alakaslam.new_game(seed=1)), "pick up"),
            InvalidMoveError,
            id="pm-alakaslam",
        ),
        pytest.param(
            lambda: lerally.apply_move(_lead(), _raw(Play(_raw("x" * 10**6)))),
            IllegalMoveError,
            id="apply-1mb-card",
        ),
        pytest.param(
            lambda: lerally.apply_move(_lead(), _raw(Lob(shot(BL, BL), _raw(10**10000)))),
            IllegalMoveError,
            id="apply-huge-lob",
        ),
        pytest.param(
            lambda: lerally.apply_move(_lead(), _raw("x" * 10**6)), IllegalMoveError, id="apply-s"
        ),
        pytest.param(
            lambda: lerally.resample(lerally.view(_lead(), 0), seed=_raw("1")),
            InvalidConfigError,
            id="resample-seed-str",
        ),
    ],
)
def test_other_functions_refuse_bad_arguments(
    call: Callable[[], object], error: type[CardgamesError]
) -> None:
    """``side_of``, team, score_rally, parse_card, view, format_move, parse_move,
    apply_move and resample answer bad arguments with the fitting short library error."""
    with _bounded(), pytest.raises(error) as refused:
        call()
    _short(refused.value)


_BOT_INPUT: list[Any] = [
    pytest.param(lambda v: (None, (PickUp(),)), InvalidViewError, id="view-none"),
    pytest.param(lambda v: (_lead(), (PickUp(),)), InvalidViewError, id="a-state"),
    pytest.param(
        lambda v: (attrs.evolve(v, player=5), lerally.legal_moves(_lead())),
        InvalidViewError,
        id="player-5",
    ),
    pytest.param(lambda v: (v, ()), IllegalMoveError, id="no-moves"),
    pytest.param(lambda v: (v, None), IllegalMoveError, id="moves-none"),
    pytest.param(lambda v: (v, (Play(attack(Zone.NET, 9)),)), IllegalMoveError, id="not-held"),
    pytest.param(lambda v: (v, ("play BL-NR",)), IllegalMoveError, id="moves-as-text"),
]


@pytest.mark.parametrize(("make", "error"), _BOT_INPUT)
def test_the_heuristic_bot_refuses_bad_views_and_moves(
    make: Callable[[View], tuple[object, object]], error: type[CardgamesError]
) -> None:
    """ShedderBot.choose answers a malformed view, or moves its player does not
    have, with a library error."""
    state = _lead()
    player = state.to_move
    assert player is not None
    seen, moves = make(lerally.view(state, player))
    with _bounded(), pytest.raises(error) as refused:
        ShedderBot().choose(_raw(seen), _raw(moves), random.Random(1))
    _short(refused.value)


def test_evaluate_of_a_score_past_forty_stops() -> None:
    """``evaluate`` of a state with ``score.games=(5, 0)`` (a One Game score past
    40) raises InvalidStateError at once instead of looping forever."""
    with _bounded(), pytest.raises(InvalidStateError, match="score"):
        lerally.evaluate(_broken_state())


# --- render finishes with a small picture ---------------------------------------------------------

#: Every face a card list can name, 1000 copies each (the most the config check allows), with
#: names of the longest length allowed, none of them ASCII.
LARGEST_CARDS = tuple(
    CardType(card, "é" * lerally.config.MAX_NAME, lerally.config.MAX_COUNT)
    for card in (
        *(shot(a, b) for a in Section for b in Section),
        *(attack(zone, value) for zone in Zone for value in range(1, 21)),
        offense(),
        *(special(kind) for kind in (CardKind.JUST_OUT, CardKind.YOURS, CardKind.CHALLENGE)),
    )
)
LARGEST = Config(
    players=4,
    format=Format.ONE_SET,
    best_of=5,
    cards=LARGEST_CARDS,
    hand_size=lerally.config.MAX_HAND,
    rally_limit=lerally.config.MAX_RALLY_LIMIT,
)


def _largest_state() -> State:
    """A state of the largest config the checks accept: one hand of nearly every card, a pile
    of thousands of cards, the counters at their highest."""
    state = lerally.new_game(LARGEST, seed=5)
    player = state.to_move
    assert player is not None
    deck = state.deck
    pile = tuple(c for c in deck if c.kind is CardKind.SHOT and c.source == c.target)[:4000]
    rest = Counter(deck) - Counter(pile)
    hand = tuple(sorted((*state.hands[player], *rest.elements())))
    hands = tuple(hand if p == player else h for p, h in enumerate(state.hands))
    return attrs.evolve(
        state,
        leading=False,
        ball=pile[-1].target,
        last=(player - 1) % 4,
        deck=(),
        pile=pile,
        hands=hands,
        plays=LARGEST.rally_limit - 1,
        score=Score((2, 2, 2, 2), (6, 6, 6, 5), True),
        last_rally=RallyWin(3, 3, Ending.RALLY_LIMIT),
    )


def test_render_of_the_largest_checked_state_is_small() -> None:
    """Render of the largest state and views that pass the checks (60 faces of
    1000 copies, 100-character names, a huge hand and pile, every counter at its highest)
    finishes at once with a picture of a few dozen lines of at most 99 columns."""
    state = _largest_state()
    GAME.check_state(state)
    tables: list[State | View] = [state, *(lerally.view(state, p) for p in range(4))]
    for table in tables:
        start = time.perf_counter()
        with _bounded():
            picture = lerally.render(table)
        assert time.perf_counter() - start < BOUND
        lines = picture.splitlines()
        assert len(lines) <= 60
        assert max(len(line) for line in lines) <= 99
        assert picture.isascii()


def test_render_refuses_what_the_checks_refuse() -> None:
    """Render of anything the checks refuse raises a library error (no picture of
    an unreachable table, however small)."""
    for bad in (_broken_state(), attrs.evolve(_largest_state(), plays=LARGEST.rally_limit)):
        with _bounded(), pytest.raises(InvalidStateError):
            lerally.render(bad)


def _largest_pick_up() -> State:
    """A state of the largest config whose player to move faces a Net Winner +20 with the
    highest total the checks accept and has nothing but a thousand shots to answer with."""
    state = lerally.new_game(LARGEST, seed=5)
    player = state.to_move
    assert player is not None
    winner, mine = attack(Zone.NET, 20), shot(BL, BL)
    rest = Counter(lerally.config.deck_cards(LARGEST))
    rest.subtract({mine: 1000, winner: 1})
    others = [shot(BR, BR), shot(NL, NL), shot(NR, NR)]
    rest.subtract(dict.fromkeys(others, 50))
    hands = tuple(
        (mine,) * 1000 if p == player else (others.pop(),) * 50 for p in range(LARGEST.players)
    )
    return attrs.evolve(
        state,
        leading=False,
        ball=None,
        attack=winner,
        attack_total=winner.value * sum(rest.values()),
        last=(player - 1) % LARGEST.players,
        deck=tuple(rest.elements()),
        pile=(winner,),
        cleared=(),
        hands=hands,
        plays=5,
    )


def test_picking_up_the_largest_total_is_one_pass() -> None:
    """Picking up the largest attack total the checks accept, from
    a deck of nearly 60,000 cards, takes one pass over the deck (it took one pass per card,
    seconds, before)."""
    state = _largest_pick_up()
    assert lerally.legal_moves(state) == (PickUp(),)
    with _bounded(2.0):
        after = lerally.apply_move(state, PickUp())
    player = state.to_move
    assert player is not None
    assert after.deck == () and len(after.hands[player]) == 1000 + len(state.deck)
    assert after.leading and after.to_move == (player + 1) % LARGEST.players


def _largest_singles_lead() -> State:
    """Singles with the largest card list: the player to move leads holding every card but
    the other hand (thousands of lobs to choose from, each of which comes back to them)."""
    config = attrs.evolve(LARGEST, players=2)
    state = lerally.new_game(config, seed=2)
    player = state.to_move
    assert player is not None
    hand = tuple(sorted((*state.hands[player], *state.deck)))
    hands = tuple(hand if p == player else h for p, h in enumerate(state.hands))
    return attrs.evolve(state, deck=(), hands=hands)


@pytest.mark.parametrize("make", [_largest_state, _largest_singles_lead], ids=["four", "two"])
def test_the_heuristic_bot_decides_in_bounded_time(make: Callable[[], State]) -> None:
    """ShedderBot decides on the largest tables the checks accept
    within seconds (it took minutes to hours, weighing every lob against a copy of its hand
    and imagining where each lob leads), and picks one of the legal moves."""
    state = make()
    player = state.to_move
    assert player is not None
    legal = lerally.legal_moves(state)
    assert len(legal) > 1000
    with _bounded(60.0):
        move = ShedderBot().choose(lerally.view(state, player), legal, random.Random(1))
    assert move in legal


# --- pickle and deepcopy --------------------------------------------------------------------------


def _copies(value: object) -> list[Any]:
    return [pickle.loads(pickle.dumps(value)), copy.deepcopy(value), copy.copy(value)]


@pytest.mark.parametrize(
    "config",
    [lerally.PRESETS["default"], lerally.PRESETS["one-set-doubles"], CAPPED[1]],
    ids=_config_id,
)
def test_states_views_moves_survive_pickle_and_deepcopy(config: Config) -> None:
    """At many points of random matches, a pickled or (deep) copied state is equal,
    has the same legal moves and gives the same states after each of them; views, moves and
    configs come back equal and as good."""
    for i, state in enumerate(_play_out(config, 4)):
        if i % 3:
            continue
        legal = lerally.legal_moves(state)
        for twin in _copies(state):
            assert twin == state and type(twin) is State
            assert lerally.legal_moves(twin) == legal
            for move in legal:
                assert lerally.apply_move(twin, move) == lerally.apply_move(state, move)
            for move in legal:
                for moved in _copies(move):
                    assert moved == move
                    assert lerally.apply_move(twin, moved) == lerally.apply_move(state, move)
        for player in range(config.players) if i % 9 == 0 else ():
            seen = lerally.view(state, player)
            for twin_view in _copies(seen):
                assert twin_view == seen
                assert lerally.check_view(twin_view) is twin_view
                assert lerally.resample(twin_view, seed=i) == lerally.resample(seen, seed=i)
    for twin_config in _copies(config):
        assert twin_config == config and hash(twin_config) == hash(config)
        assert lerally.new_game(twin_config, seed=3) == lerally.new_game(config, seed=3)


def test_a_copy_of_a_checked_state_is_checked_again() -> None:
    """The copy of a trusted state holds no marker of the original's: a pickled copy
    of a state broken after its check is refused."""
    state = _lead()
    lerally.legal_moves(state)
    broken = attrs.evolve(state, plays=-1)
    for twin in _copies(broken):
        with pytest.raises(InvalidStateError):
            lerally.legal_moves(twin)


# --- echoed input ---------------------------------------------------------------------------------

MEGABYTE = 10**6


@pytest.mark.parametrize(
    "text",
    [
        "x" * MEGABYTE,
        "play " + "B" * MEGABYTE,
        "lob " + "9" * MEGABYTE + " BL-NR",
        "lob 2 " + "BL-NR" * (MEGABYTE // 5),
        " ".join(["play"] * (MEGABYTE // 5)),
        "offense " + "N" * MEGABYTE,
        "\u0440lay BL-NR" + "\u00a0" * MEGABYTE,
    ],
    ids=["x", "play-long-card", "lob-long-count", "lob-long-card", "many-words", "offense", "uni"],
)
def test_parse_move_refuses_a_megabyte_without_echoing_it(text: str) -> None:
    """``parse_move`` answers a 1 MB text with a short InvalidMoveError that repeats
    at most a short excerpt of it; its work is a few passes over the text."""
    with _bounded(), pytest.raises(InvalidMoveError) as refused:
        lerally.parse_move(_lead(), text)
    message = _short(refused.value)
    assert text[:100] not in message


def test_messages_never_carry_a_hostile_value() -> None:
    """Configs, players, moves and cards holding a megabyte are refused with short
    messages, and never with the value itself."""
    huge = "y" * MEGABYTE
    long_name = (*lerally.DEFAULT_CARDS[:-1], CardType(special(CardKind.CHALLENGE), huge, 2))
    not_a_card = (CardType(Card(_raw(huge)), "x", 20),)
    cases: list[tuple[Callable[[], object], type[CardgamesError]]] = [
        (lambda: GAME.check_config(attrs.evolve(Config(), format=_raw(huge))), InvalidConfigError),
        (lambda: GAME.check_config(Config(cards=long_name)), InvalidConfigError),
        (lambda: GAME.check_config(Config(cards=not_a_card)), InvalidConfigError),
        (lambda: lerally.view(_lead(), _raw(huge)), InvalidPlayerError),
        (lambda: lerally.apply_move(_lead(), _raw(Play(_raw(huge)))), IllegalMoveError),
        (lambda: lerally.apply_move(_lead(), _raw(Offense(_raw(huge)))), IllegalMoveError),
        (lambda: lerally.format_move(_raw(Lob(shot(BL, BL), _raw(huge)))), InvalidMoveError),
        (lambda: lerally.parse_card(huge), InvalidMoveError),
        (lambda: lerally.check_view(attrs.evolve(_a_view(), player=_raw(huge))), InvalidViewError),
    ]
    for call, error in cases:
        with _bounded(), pytest.raises(error) as refused:
            call()
        assert "y" * 40 not in _short(refused.value)


def test_json_of_a_state_with_a_megabyte_card_is_refused_briefly() -> None:
    """A JSON state whose card name is a megabyte is refused with a short error."""
    doc = json.loads(cardgames.to_json(_lead()))
    doc["data"]["deck"][0] = "Z" * MEGABYTE
    with _bounded(), pytest.raises(CardgamesError) as refused:
        cardgames.from_json(json.dumps(doc), State)
    assert "Z" * 40 not in str(refused.value)


# --- config checks --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "changes",
    [
        pytest.param({"cards": lerally.DEFAULT_CARDS * 10_000}, id="a-huge-card-list"),
        pytest.param({"cards": (lerally.DEFAULT_CARDS[0],) * 61}, id="61-entries"),
        pytest.param({"players": 10**10000}, id="players-huge"),
        pytest.param({"hand_size": -(10**10000)}, id="hand-size-huge"),
        pytest.param({"rally_limit": 10**10000}, id="rally-limit-huge"),
        pytest.param({"first_server": [0] * MEGABYTE}, id="first-server-long-list"),
        pytest.param({"best_of": {"x": 1}}, id="best-of-dict"),
        pytest.param(
            {"cards": (CardType(shot(BL, BL), "n" * 101, 80),)}, id="name-of-101-characters"
        ),
        pytest.param({"cards": (CardType(shot(BL, BL), "a", 10**10000),)}, id="count-huge"),
        pytest.param({"cards": ("BL-BL",) * MEGABYTE}, id="a-megabyte-of-strings"),
    ],
)
def test_config_checks_refuse_what_the_game_cannot_play_quickly(changes: dict[str, Any]) -> None:
    """``check_config`` refuses huge lists, huge numbers, long names and wrong types with a short
    InvalidConfigError, looking at no more than a few entries of a list too long to be one."""
    config = attrs.evolve(Config(), **changes)
    start = time.perf_counter()
    with _bounded(), pytest.raises(InvalidConfigError) as refused:
        GAME.check_config(config)
    assert time.perf_counter() - start < BOUND
    _short(refused.value)


def test_config_check_accepts_every_face_at_its_largest() -> None:
    """The largest config the check takes (every face, 1000 copies, 100-character names) plays."""
    GAME.check_config(LARGEST)
    state = lerally.new_game(LARGEST, seed=1)
    assert len(lerally.legal_moves(state)) >= 1
    assert sum(GAME.card_counts(state).values()) == 60 * 1000


# --- JSON mutated at random (findings 1, 4, 10, 12 through the loader) ----------------------

_Path = tuple[str | int, ...]


def _paths(value: object, path: _Path = ()) -> list[_Path]:
    """Every place in a JSON value, the root first."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


@functools.cache
def _documents() -> tuple[tuple[str, type, str], ...]:
    """JSON documents of real states and views: a lead, an answer, an attack, a finished
    match, a match ended by the rally limit, and views of them."""
    states = [
        _lead(),
        _a_view_state(),
        _facing_attack(),
        _over(),
        _at_rally_limit(CAPPED[0]),
        _at_rally_limit(CAPPED[3]),
    ]
    docs: list[tuple[str, type, str]] = []
    for state in states:
        docs.append(("state", State, cardgames.to_json(state)))
        docs.append(("view", View, cardgames.to_json(lerally.view(state, 1))))
    return tuple(docs)


def _a_view_state() -> State:
    return next(s for s in _play_out(Config(), 3) if s.ball is not None)


_HOSTILE_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([10**400, -(10**400), 2**64, 2**63 - 1, -1, 0, 1, 2, 3, 4, 5, 7, 500]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.sampled_from(
        ["BL-NR", "NW9", "BW0", "bl-nr", "\u0412L-NR", "BL\u2010NR", "OF", "JO", "x" * 5000]
    ),
    st.sampled_from(["one-game", "shot-gun", "rally limit", "empty hand", "BL", "NR"]),
    st.lists(st.integers(min_value=-3, max_value=9), max_size=6),
    st.dictionaries(st.sampled_from(["type", "sets", "games", "x"]), st.integers(0, 9), max_size=3),
)


def _mutate(doc: Any, path: _Path, how: str, value: object) -> None:
    """Change ``doc`` in place at ``path``: replace the value, drop it, add a stranger next to
    it, or copy it (a card doubled)."""
    *parents, last = path
    target = doc
    for key in parents:
        target = target[key]
    if how == "replace":
        target[last] = value
    elif how == "drop":
        del target[last]
    elif how == "extra" and isinstance(target, dict):
        target[f"{last}_extra"] = value
    elif isinstance(target, list):
        target.insert(int(last), target[int(last)])
    else:
        target[last] = [target[last], target[last]]


@settings(max_examples=300, database=None)
@given(data=st.data())
def test_mutated_json_gets_a_library_error_or_a_checked_object(data: st.DataObject) -> None:
    """Findings 4, 10 and 12 through JSON: a state or view document with one field replaced by
    a hostile value, dropped, doubled or joined by a stranger either loads into something the
    checks accept (and that plays and renders) or is refused with a short library error."""
    kind, cls, text = data.draw(st.sampled_from(_documents()))
    doc = json.loads(text)
    paths = [path for path in _paths(doc["data"]) if path]
    path = data.draw(st.sampled_from(paths))
    how = data.draw(st.sampled_from(["replace", "replace", "replace", "drop", "extra", "copy"]))
    _mutate(doc["data"], path, how, data.draw(_HOSTILE_VALUES))
    mutated = json.dumps(doc)
    with _bounded():
        try:
            loaded: Any = cardgames.from_json(mutated, cls)
            if kind == "state":
                lerally.legal_moves(GAME.check_state(loaded))
            else:
                lerally.resample(GAME.check_view(loaded), seed=1)
            assert lerally.render(loaded)
        except CardgamesError as exc:
            assert 0 < len(str(exc)) <= MAX_MESSAGE
            assert "x" * 100 not in str(exc)


@pytest.mark.parametrize(
    "card",
    [
        "[" * 100_000 + "]" * 100_000,
        "9" * 5000,
        '"' + "\u0412L-NR" * 1000 + '"',
        '{"kind": 0, "source": "BL", "target": "NR"}',
    ],
    ids=["deep-nesting", "huge-int", "look-alike-letters", "card-as-object"],
)
def test_a_hostile_card_in_json_text_is_refused_briefly(card: str) -> None:
    """Findings 1 and 12 through JSON: a card written as deep nesting, a huge number, look-alike
    letters or an object is refused with a short library error."""
    text = cardgames.to_json(_lead())
    first = json.dumps(json.loads(text)["data"]["deck"][0])
    hostile = text.replace(first, card, 1)
    assert hostile != text
    with _bounded(), pytest.raises(CardgamesError) as refused:
        cardgames.from_json(hostile, State)
    assert len(str(refused.value)) <= MAX_MESSAGE
