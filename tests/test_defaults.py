"""The functions of the protocol that ``define_game`` supplies when a game leaves them out
(:mod:`cardgames.defaults`), each on a small game of counters made here, and what
``define_game`` asks of a module that relies on them.

The toy game of ``tests/plugin/toygame.py`` is written with these defaults;
``tests/test_plugin_game.py`` plays it, installed from a wheel, through them.
"""

from __future__ import annotations

import enum
import random
import sys
import types
from typing import Any

import attrs
import pytest

from cardgames import defaults
from cardgames.define import DEFAULTED, FUNCTIONS, REQUIRED, define_game
from cardgames.errors import (
    IllegalMoveError,
    InvalidConfigError,
    InvalidMoveError,
    InvalidStateError,
)
from cardgames.game import Outcome

OWNER = "tests.test_defaults"


@attrs.frozen
class Config:
    players: int = attrs.field(default=2, validator=attrs.validators.in_(range(2, 5)))
    max_decisions: int = 10


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@attrs.frozen
class Bid:
    amount: int


@attrs.frozen
class Play:
    colour: Colour
    face_up: bool


@attrs.frozen
class Pass:
    pass


@attrs.frozen
class State:
    config: Config
    hands: tuple[tuple[str, ...], ...]
    top: str | None
    to_move: int | None
    result: Outcome | None


def _checked(state: object) -> State:
    if type(state) is not State:
        raise InvalidStateError("not a counters state")
    return state


#: The moves of a counters game that goes on.
LEGAL: tuple[Any, ...] = (Bid(1), Bid(2), Pass())


def _legal(state: State) -> tuple[Any, ...]:
    return () if state.result is not None else LEGAL


def _effects(state: State, move: Any) -> State:
    return attrs.evolve(state, top=type(move).__name__)


def test_the_seats_and_the_length_come_from_the_config_or_the_keywords() -> None:
    check = defaults.config_check(Config, "counters")
    num_players, seat_names = defaults.seating(check)
    assert num_players(Config(players=3)) == 3
    assert seat_names(Config(players=3)) == ("player 0", "player 1", "player 2")
    assert defaults.seating(check, players=2)[0](Config(players=4)) == 2
    assert defaults.bounded(check)(Config(max_decisions=7)) == 7
    assert defaults.bounded(check, most=3)(Config()) == 3
    with pytest.raises(InvalidConfigError):
        num_players("not a config")
    with pytest.raises(TypeError):
        defaults.seating(check, players=0)


def test_the_config_check_holds_the_fields_to_their_validators_without_quoting_them() -> None:
    check = defaults.config_check(Config, "counters")
    check(Config(players=4))
    with pytest.raises(InvalidConfigError) as refused:
        check(_unchecked(players=999_999))
    assert "players" in str(refused.value)
    assert "999999" not in str(refused.value)
    with pytest.raises(InvalidConfigError):
        check(object())


def _unchecked(**fields: Any) -> Config:
    """A ``Config`` whose fields skipped their validators (as one built by hand may)."""
    config = Config()
    for name, value in fields.items():
        object.__setattr__(config, name, value)
    return config


def test_cards_are_counted_wherever_the_named_fields_hold_them() -> None:
    count = defaults.card_counter(("hands", "top"), _checked)
    state = State(Config(), (("a", "b"), ("a",)), "c", 0, None)
    assert count(state) == {"a": 2, "b": 1, "c": 1}
    assert count(attrs.evolve(state, top=None)) == {"a": 2, "b": 1}
    with pytest.raises(InvalidStateError):
        count("not a state")
    with pytest.raises(TypeError):
        defaults.card_counter((), _checked)


def test_the_evaluation_is_the_outcome_once_over_and_an_equal_share_before() -> None:
    def outcome(state: State) -> Outcome | None:
        return _checked(state).result

    evaluate = defaults.evaluation_by_outcome(outcome, lambda config: config.players)
    going = State(Config(players=4), ((),) * 4, None, 0, None)
    assert evaluate(going) == (0.25,) * 4
    over = attrs.evolve(going, to_move=None, result=Outcome.win({2}, 4, "most points"))
    assert evaluate(over) == (0.0, 0.0, 1.0, 0.0)


def test_the_random_bot_picks_a_legal_move() -> None:
    bot = defaults.RandomChoice()
    moves = (Bid(1), Bid(2), Pass())
    assert {bot.choose(None, moves, random.Random(seed)) for seed in range(40)} == set(moves)
    with pytest.raises(InvalidStateError):
        bot.choose(None, (), random.Random(0))


def test_apply_move_gives_effects_only_the_legal_move_and_refuses_with_a_reason() -> None:
    given: list[Any] = []

    def effects(state: State, move: Any) -> State:
        given.append(move)
        return _effects(state, move)

    def refusal(state: State, move: Any) -> str | None:
        return "bids go up to 2" if isinstance(move, Bid) else None

    apply_move = defaults.applying(
        "counters",
        checked=_checked,
        legal_moves=_legal,
        effects=effects,
        move_types=(Bid, Pass, Play),
        refusal=refusal,
        owner=OWNER,
    )
    state = State(Config(), ((), ()), None, 0, None)
    assert apply_move(state, Bid(2)).top == "Bid"
    assert given == [Bid(2)]
    assert given[0] is LEGAL[1]  # the legal move itself, not the one asked for
    with pytest.raises(IllegalMoveError, match="bids go up to 2") as refused:
        apply_move(state, Bid(7))
    assert "7" not in str(refused.value)
    with pytest.raises(IllegalMoveError, match="not a legal move now"):
        apply_move(state, Play(Colour.RED, face_up=True))
    with pytest.raises(IllegalMoveError, match="not a move of counters"):
        apply_move(state, "bid 2")
    over = attrs.evolve(state, to_move=None, result=Outcome.win({0}, 2, "done"))
    with pytest.raises(IllegalMoveError, match="the game is over"):
        apply_move(over, Pass())
    stranger: Any = "not a state"
    with pytest.raises(InvalidStateError):
        apply_move(stranger, Pass())
    assert len(given) == 1


def test_the_notation_writes_the_class_name_then_the_fields_and_reads_it_back() -> None:
    format_move, parse_move = defaults.notation("counters", (Bid, Play, Pass))
    moves = [Bid(3), Bid(-1), Play(Colour.BLUE, face_up=False), Pass()]
    assert [format_move(m) for m in moves] == ["bid 3", "bid -1", "play blue no", "pass"]
    for move in moves:
        assert parse_move(None, format_move(move)) == move
    assert parse_move(None, "  PLAY Red yes ") == Play(Colour.RED, face_up=True)
    for text in ["", "fold", "bid", "bid 1 2", "bid x", "play green yes", "b" * 500, "bid 1e9"]:
        with pytest.raises(InvalidMoveError):
            parse_move(None, text)
    with pytest.raises(InvalidMoveError):
        format_move("bid 3")
    with pytest.raises(TypeError):
        defaults.notation("counters", (State,))


def test_the_picture_draws_the_text_table_under_the_seats() -> None:
    def render(state: State) -> str:
        return f"top: {_checked(state).top}\n<b>&</b>"

    _, seat_names = defaults.seating(defaults.config_check(Config, "counters"))
    render_svg = defaults.text_picture("counters", render, seat_names)
    state = State(Config(), ((), ()), "ace", 0, None)
    svg = render_svg(state, names=["Ann", "Bo"])
    assert svg.startswith("<svg") and "top: ace" in svg and "Ann" in svg
    assert "<b>" not in svg  # the text is escaped
    assert "player 0" in render_svg(state)


def test_the_action_table_numbers_the_moves_and_masks_a_view_by_its_resampled_state() -> None:
    @attrs.frozen
    class View:
        config: Config
        player: int
        to_move: int | None

    def check_view(view: object) -> View:
        if type(view) is not View:
            raise InvalidStateError("not a view")
        return view

    def resample(view: View, *, seed: int) -> State:
        return State(view.config, ((), ()), None, view.to_move, None)

    num_actions, move_to_action, action_to_move, action_mask = defaults.action_table(
        "counters",
        (Pass(), Bid(1), Bid(2), Bid(3)),
        config_type=Config,
        check_config=defaults.config_check(Config, "counters"),
        state_type=State,
        check_view=check_view,
        legal_moves=_legal,
        resample=resample,
        current_player=lambda state: state.to_move,
        owner=OWNER,
    )
    state = State(Config(), ((), ()), None, 1, None)
    assert num_actions() == num_actions(Config()) == 4
    assert [move_to_action(state, m) for m in _legal(state)] == [1, 2, 0]
    assert [action_to_move(state, a) for a in (0, 1, 2)] == [Pass(), Bid(1), Bid(2)]
    for action in (3, -1, 4, True, "1"):
        with pytest.raises(IllegalMoveError):
            action_to_move(state, action)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        move_to_action(state, Bid(3))
    assert action_mask(View(Config(), 1, 1)) == (True, True, True, False)
    assert action_mask(View(Config(), 0, 1)) == (False,) * 4
    assert move_to_action(View(Config(), 1, 1), Bid(2)) == 2
    with pytest.raises(IllegalMoveError):
        move_to_action(View(Config(), 0, 1), Bid(2))


def _module(name: str, **names: Any) -> str:
    module = types.ModuleType(name)
    vars(module).update(names)
    sys.modules[name] = module
    return name


def test_define_game_names_what_a_module_lacks_that_no_default_stands_for() -> None:
    assert set(REQUIRED).isdisjoint(DEFAULTED)
    assert set(DEFAULTED) | set(REQUIRED) >= set(FUNCTIONS)
    name = _module("tests_defaults_empty_game", Config=Config, State=State)
    try:
        with pytest.raises(TypeError, match="apply_move \\(or effects\\)") as refused:
            define_game(name, name="counters-empty")
        for needed in ("legal_moves", "check_state", "View", "observation"):
            assert needed in str(refused.value)
        assert "seat_names" not in str(refused.value)
    finally:
        del sys.modules[name]
