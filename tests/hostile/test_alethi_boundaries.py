"""Alethi at its boundaries (issue 15): what comes from outside gets a short library error, and
everything the rules make passes the same checks.

Each test names the finding of issue 15 it covers. States from outside are checked twice over:
``check_state``/``check_view`` (the full check: JSON loading, ``render``, ``resample``) ask that
the rules could have reached the table; every other function asks that it can be played from,
so hand-made puzzle positions stay welcome there.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardgames
from cardgames import CardgamesError, alakaslam, alethi, lerally
from cardgames.alethi import (
    GAME,
    Card,
    CardType,
    Cell,
    Colour,
    Config,
    Kind,
    Pass,
    Phase,
    Placed,
    Scout,
    State,
    Throw,
    View,
)
from cardgames.alethi.config import default_turn_limit
from cardgames.errors import (
    MAX_MESSAGE,
    IllegalMoveError,
    InvalidConfigError,
    InvalidMoveError,
    InvalidPlayerError,
    InvalidStateError,
    InvalidViewError,
    SerializationError,
)
from cardgames.rng import Rng

RED, BLUE = Colour.RED, Colour.BLUE
MEGABYTE = "x" * 1_000_000


def evolve(value: Any, **changes: Any) -> Any:
    """``attrs.evolve`` without the type checks: these tests break values on purpose."""
    return attrs.evolve(value, **changes)


# --- games the rules play ---------------------------------------------------------------------


def play(config: Config, seed: int) -> Iterator[State]:
    """Every state of a random game, from the first to the final one."""
    chooser = random.Random(seed)
    state = alethi.new_game(config, seed=seed)
    yield state
    while not alethi.is_over(state):
        state = alethi.apply_move(state, chooser.choice(alethi.legal_moves(state)))
        yield state


def start() -> State:
    """The set-up, red to throw."""
    return alethi.new_game(Config(first_player=0), seed=1)


def without(kinds: tuple[Kind, ...], kind: Kind) -> tuple[Kind, ...]:
    """``kinds`` less one ``kind``."""
    rest = list(kinds)
    rest.remove(kind)
    return tuple(rest)


def thrown_to(state: State, colour: Colour, kind: Kind, at: Cell) -> State:
    """``state`` with a card of ``colour`` moved from its barracks onto ``at``: every card is
    still there exactly once, wherever ``at`` lies."""
    barracks = list(state.barracks)
    barracks[colour] = without(barracks[colour], kind)
    changed: State = evolve(
        state,
        field=(*state.field, Placed(colour, kind, at)),
        barracks=(barracks[0], barracks[1]),
    )
    return changed


def assert_short(error: BaseException, *hostile: str) -> None:
    """The message is short and repeats none of the hostile texts."""
    message = str(error)
    assert len(message) <= MAX_MESSAGE
    for text in hostile:
        assert text[:40] not in message or len(text) < 40


# --- finding 4: check_state is complete -------------------------------------------------------


UNREACHABLE: list[tuple[str, Callable[[State], State], str]] = [
    (
        "extra king",
        lambda s: evolve(s, barracks=(s.barracks[0] + (Kind.KING,), s.barracks[1])),
        "holds 25 cards",
    ),
    (
        "card missing",
        lambda s: evolve(s, barracks=(s.barracks[0][1:], s.barracks[1])),
        "holds 23 cards",
    ),
    (
        "card duplicated",
        lambda s: evolve(s, barracks=((*s.barracks[0][:-1], Kind.GENERAL), s.barracks[1])),
        "red has 2 general cards",
    ),
    (
        "card invented in place of another",
        lambda s: evolve(
            s,
            barracks=(s.barracks[0][1:], s.barracks[1]),
            removed=(Card(BLUE, Kind.SQUIRE),),
        ),
        "red has 4 squire cards",
    ),
    (
        "the wrong side's turn",
        lambda s: evolve(s, turn=2),
        "turn 2 is not red's turn when red starts",
    ),
    (
        "starting squire moved",
        lambda s: evolve(
            s,
            field=(*s.field[:-1], Placed(BLUE, Kind.SQUIRE, Cell(1, 2))),
        ),
        "no Squire stands on the starting cell (1,1)",
    ),
    (
        "king soulcast",
        lambda s: evolve(
            s,
            barracks=(s.barracks[0], s.barracks[1][:-1]),
            removed=(Card(BLUE, Kind.KING),),
        ),
        "a King was soulcast",
    ),
    (
        "too many cards in by turn 1",
        lambda s: thrown_to(
            thrown_to(thrown_to(s, RED, Kind.KNIGHT, Cell(-1, 0)), RED, Kind.TOWER, Cell(-2, 0)),
            RED,
            Kind.KING,
            Cell(-3, 0),
        ),
        "3 cards came in by turn 1",
    ),
    (
        "cards far apart",
        lambda s: thrown_to(s, RED, Kind.KNIGHT, Cell(32000, -32000)),
        "the field spans",
    ),
]


@pytest.mark.parametrize(
    ("change", "why"), [(c, w) for _, c, w in UNREACHABLE], ids=[n for n, _, _ in UNREACHABLE]
)
def test_finding_4_check_state_refuses_what_the_rules_cannot_reach(
    change: Callable[[State], State], why: str
) -> None:
    """Finding 4: broken card conservation (a card missing, duplicated, invented, an extra
    King) and counters past what the rules reach (turn 10**6, the wrong side's turn, a King
    soulcast, cards far apart) are refused by check_state, saying what is wrong."""
    state = change(start())
    with pytest.raises(InvalidStateError, match="rules can reach") as error:
        alethi.check_state(state)
    assert why in str(error.value)
    with pytest.raises(InvalidStateError, match="rules can reach"):
        GAME.check_state(state)
    with pytest.raises(InvalidViewError, match="rules can reach"):
        alethi.check_view(as_view(state, BLUE))


def as_view(state: State, player: Colour) -> View:
    """What ``player`` sees of ``state``, made without any check."""
    return View(
        player,
        state.config,
        state.field,
        state.barracks,
        state.removed,
        state.to_move,
        state.phase,
        state.turn,
        state.result,
    )


@pytest.mark.parametrize("turn", [0, 43, 10**6, 10**5000], ids=["0", "43", "10**6", "huge"])
def test_finding_4_turns_past_the_limit_are_refused_everywhere(turn: int) -> None:
    """Finding 4: turn 10**6 (or any turn past the config's limit of 42, which every game
    ends by) is refused by check_state and by every function given such a state."""
    state = evolve(start(), turn=turn)
    for call in (alethi.check_state, alethi.legal_moves, alethi.render, alethi.evaluate):
        with pytest.raises(InvalidStateError, match="turn must be an int 1-42") as error:
            call(state)
        assert len(str(error.value)) < 200
    assert alethi.legal_moves(evolve(start(), turn=41))


def test_finding_4_check_state_refuses_a_result_the_rules_do_not_give() -> None:
    """Finding 4: a forged result, a game over that nothing ended, and a game that goes on
    after a King fell are refused."""
    for seed in range(5):
        final = list(play(Config(), seed))[-1]
        assert final.result is not None
        other = 1 if final.result.winners == {0} else 0
        for result in (
            cardgames.Outcome.win({other}, 2, final.result.reason),
            evolve(final.result, reason=MEGABYTE),
        ):
            with pytest.raises(InvalidStateError, match="not the one the rules give"):
                alethi.check_state(evolve(final, result=result))
    agreed = evolve(start(), phase=Phase.OVER, result=cardgames.Outcome.draw(2, "agreed"))
    with pytest.raises(InvalidStateError, match="nothing ended it"):
        alethi.check_state(agreed)
    king = evolve(start(), barracks=(without(start().barracks[0], Kind.KING), start().barracks[1]))
    fallen = evolve(king, field=(*king.field, Placed(RED, Kind.KING, Cell(-1, 0), True)))
    with pytest.raises(InvalidStateError, match="goes on after it was lost"):
        alethi.check_state(fallen)


def test_finding_4_every_state_of_random_games_passes_check_state() -> None:
    """Finding 4: the full check accepts every state the rules make (default and specials)."""
    for config in (Config(), alethi.SPECIALS):
        for seed in range(40):
            for state in play(config, seed):
                assert alethi.check_state(state) is state


@st.composite
def configs(draw: st.DrawFn) -> Config:
    """Any army of up to three cards of a kind (Squires at least two), random stats, any first
    player and any turn limit it allows."""
    army = tuple(
        CardType(
            kind,
            attack=draw(st.integers(0, 6)),
            health=draw(st.integers(0, 12)),
            count=draw(st.integers(2 if kind is Kind.SQUIRE else 0, 3)),
        )
        for kind in Kind
    )
    top = default_turn_limit(army)
    return Config(
        army=army,
        first_player=draw(st.sampled_from([None, 0, 1])),
        turn_limit=draw(st.none() | st.integers(1, top)),
    )


@settings(max_examples=200)
@given(config=configs(), seed=st.integers(0, 2**32), greedy=st.booleans())
def test_finding_4_8_10_every_state_and_view_of_any_army_passes(
    config: Config, seed: int, greedy: bool
) -> None:
    """Findings 4, 8 and 10: with any army, first player and turn limit, random or greedy play,
    every state passes check_state and every view check_view and resample, to the end (which
    the turn limit may have brought); max_decisions holds."""
    chooser = random.Random(seed)
    state = alethi.new_game(config, seed=seed)
    decisions = 0
    while True:
        assert alethi.check_state(state) is state
        for player in (0, 1):
            view = alethi.view(state, player)
            assert alethi.check_view(view) is view
            assert alethi.resample(view, seed=seed) == attrs.evolve(state, rng=Rng.from_seed(seed))
        if alethi.is_over(state):
            break
        moves = alethi.legal_moves(state)
        if greedy:
            move = alethi.GreedyBot().choose(alethi.view(state, state.to_move), moves, chooser)
        else:
            move = chooser.choice(moves)
        state = alethi.apply_move(state, move)
        decisions += 1
    assert decisions <= GAME.max_decisions(config)
    assert state.turn <= (config.turn_limit or default_turn_limit(config.army))
    alethi.render(state)


# --- finding 8: final states at the safety cap --------------------------------------------


@pytest.mark.parametrize("limit", [1, 2, 3, 5, 8, 13])
def test_finding_8_games_ended_by_the_turn_limit_are_valid(limit: int) -> None:
    """Finding 8: a game ended by its turn limit ends in a state that passes check_state, makes
    the JSON round trip, gives views for both players that pass check_view, and whose views
    resample and render."""
    config = Config(turn_limit=limit)
    capped = 0
    for seed in range(12):
        final = list(play(config, seed))[-1]
        assert final.result is not None and final.turn <= limit
        capped += "turn limit" in final.result.reason
        assert alethi.check_state(final) is final
        loaded: State = cardgames.from_json(cardgames.to_json(final), State)
        assert loaded == final and alethi.check_state(loaded) == final
        assert alethi.render(loaded) == alethi.render(final)
        for player in (0, 1):
            view = alethi.view(final, player)
            assert alethi.check_view(view) is view
            assert cardgames.from_json(cardgames.to_json(view), View) == view
            again = alethi.resample(view, seed=seed)
            assert alethi.view(again, player) == view and alethi.is_over(again)
            assert "game over: " in alethi.render(view)
    assert capped, "no game reached the cap"


def test_finding_8_the_turn_limit_bounds_the_decisions() -> None:
    """Finding 8: max_decisions follows from the turn limit (three decisions a turn at most),
    the default limit keeps the old bound, and no game goes past either."""
    assert GAME.max_decisions(Config()) == 126
    assert GAME.max_decisions(Config(turn_limit=4)) == 12
    for seed in range(10):
        states = list(play(Config(turn_limit=4), seed))
        assert len(states) - 1 <= 12
        assert all(s.turn <= 4 for s in states)


@pytest.mark.parametrize("limit", [0, -1, 43, 10**30, "5", 5.0, True])
def test_finding_8_turn_limits_the_rules_cannot_reach_are_refused(limit: Any) -> None:
    """Finding 8 (config side): a turn limit is 1 up to the default for the army."""
    with pytest.raises(InvalidConfigError, match="turn_limit"):
        alethi.new_game(Config(turn_limit=limit), seed=1)


# --- finding 10: views are checked --------------------------------------------------------


@pytest.mark.parametrize(
    "player",
    [None, -2, 5, 0, 1.0, True, "red", 10**100],
    ids=lambda p: type(p).__name__ + str(p)[:8],
)
def test_finding_10_views_need_a_seated_player(player: Any) -> None:
    """Finding 10: a view whose player is not red, blue or the spectator (-1) is refused by
    check_view, resample and render, with a short message."""
    good = alethi.view(start(), 0)
    bad = evolve(good, player=player)
    for call in (
        alethi.check_view,
        GAME.check_view,
        alethi.render,
        lambda v: alethi.resample(v, seed=1),
    ):
        with pytest.raises(InvalidViewError, match="player must be red, blue or SPECTATOR"):
            call(bad)


def test_finding_10_every_view_of_random_games_passes_check_view() -> None:
    """Finding 10: every view the rules give passes check_view, resamples to a state with the
    same view, and renders."""
    for config in (Config(), alethi.SPECIALS):
        for seed in range(25):
            for state in play(config, seed):
                for player in (0, 1):
                    view = alethi.view(state, player)
                    assert alethi.check_view(view) is view
                    again = alethi.resample(view, seed=seed)
                    assert alethi.view(again, player) == view
                    assert alethi.legal_moves(again) == alethi.legal_moves(state)
                    assert alethi.render(view) == alethi.render(state)


BROKEN_VIEWS: list[tuple[str, Callable[[View], object]]] = [
    ("turn", lambda v: evolve(v, turn=10**6)),
    ("field", lambda v: evolve(v, field=None)),
    ("cards", lambda v: evolve(v, field=(None,))),
    ("barracks", lambda v: evolve(v, barracks=((),))),
    ("config", lambda v: evolve(v, config=lerally.Config())),
    ("phase", lambda v: evolve(v, phase="throw")),
    ("extra card", lambda v: evolve(v, removed=(Card(RED, Kind.KING),))),
    ("far", lambda v: evolve(v, field=(*v.field, Placed(RED, Kind.KING, Cell(-32767, 0))))),
]


@pytest.mark.parametrize("change", [c for _, c in BROKEN_VIEWS], ids=[n for n, _ in BROKEN_VIEWS])
def test_finding_10_broken_views_are_refused(change: Callable[[View], Any]) -> None:
    """Finding 10: a view broken in any field is refused by check_view, resample and render
    with InvalidViewError (a kind of InvalidStateError)."""
    bad = change(alethi.view(start(), 1))
    for call in (alethi.check_view, alethi.render, lambda v: alethi.resample(v, seed=1)):
        with pytest.raises(InvalidViewError):
            call(bad)


# --- finding 5: every public function checks its arguments --------------------------------


def _view() -> View:
    return alethi.view(start(), 0)


NOT_STATES: list[tuple[str, Callable[[], object]]] = [
    ("none", lambda: None),
    ("dict", dict),
    ("str", lambda: "state"),
    ("int", lambda: 3),
    ("config", Config),
    ("view", _view),
    ("lerally-state", lambda: lerally.new_game(seed=1)),
    ("alakaslam-state", lambda: alakaslam.new_game(seed=1)),
    ("turn-negative", lambda: evolve(start(), turn=-1)),
    ("turn-10**6", lambda: evolve(start(), turn=10**6)),
    ("turn-str", lambda: evolve(start(), turn="1")),
    ("to-move-5", lambda: evolve(start(), to_move=5)),
    ("phase-str", lambda: evolve(start(), phase="throw")),
    ("field-none", lambda: evolve(start(), field=None)),
    ("field-item-none", lambda: evolve(start(), field=(None,))),
    ("field-list", lambda: evolve(start(), field=list(start().field))),
    ("cell-huge", lambda: thrown_to(start(), RED, Kind.KING, Cell(10**20, 0))),
    ("cell-str", lambda: thrown_to(start(), RED, Kind.KING, Cell("a", "b"))),  # type: ignore[arg-type]
    (
        "field-of-201-scouts",
        lambda: evolve(
            start(),
            field=(
                *start().field,
                *(Placed(RED, Kind.SCOUT, Cell(3 * i, -5)) for i in range(197)),
            ),
        ),
    ),
    ("barracks-of-101", lambda: evolve(start(), barracks=((Kind.SQUIRE,) * 101, ()))),
    ("barracks-none", lambda: evolve(start(), barracks=None)),
    ("barracks-one", lambda: evolve(start(), barracks=((),))),
    ("barracks-strs", lambda: evolve(start(), barracks=(("king",), ()))),
    ("removed-none", lambda: evolve(start(), removed=None)),
    ("config-none", lambda: evolve(start(), config=None)),
    ("config-other", lambda: evolve(start(), config=lerally.Config())),
    ("config-broken", lambda: evolve(start(), config=Config(army=None))),  # type: ignore[arg-type]
    ("result-str", lambda: evolve(start(), phase=Phase.OVER, result="red won")),
    ("rng-none", lambda: evolve(start(), rng=None)),
]

STATE_FUNCTIONS: list[tuple[str, Callable[[Any], object]]] = [
    ("evaluate", alethi.evaluate),
    ("card_counts", GAME.card_counts),
    ("render", alethi.render),
    ("view", lambda s: alethi.view(s, 0)),
    ("legal_moves", alethi.legal_moves),
    ("apply_move", lambda s: alethi.apply_move(s, Pass())),
    ("current_player", alethi.current_player),
    ("is_over", alethi.is_over),
    ("outcome", alethi.outcome),
    ("parse_move", lambda s: alethi.parse_move(s, "pass")),
    ("is_legal", lambda s: alethi.is_legal(s, Pass())),
    ("check_state", alethi.check_state),
    ("GAME.check_state", GAME.check_state),
    ("GAME.evaluate", GAME.evaluate),
]


#: Functions that take a state or a view alike.
TABLE_FUNCTIONS = {"render", "parse_move"}


@pytest.mark.parametrize(("name", "function"), STATE_FUNCTIONS, ids=[n for n, _ in STATE_FUNCTIONS])
@pytest.mark.parametrize(("kind", "make"), NOT_STATES, ids=[n for n, _ in NOT_STATES])
def test_finding_5_functions_of_a_state_refuse_anything_else(
    name: str, function: Callable[[Any], object], kind: str, make: Callable[[], object]
) -> None:
    """Finding 5: every function that takes a state answers a non-state (None, a dict, a view,
    another game's state) or a state broken with attrs.evolve with a library error."""
    if kind == "view" and name in TABLE_FUNCTIONS:
        return  # these take views too
    bad = make()
    with pytest.raises(CardgamesError) as error:
        function(bad)
    assert isinstance(error.value, InvalidStateError | InvalidConfigError)


NOT_VIEWS: list[tuple[str, Callable[[], object]]] = [
    ("none", lambda: None),
    ("dict", dict),
    ("state", start),
    ("lerally-view", lambda: lerally.view(lerally.new_game(seed=1), 0)),
    ("player-none", lambda: evolve(_view(), player=None)),
    ("turn-str", lambda: evolve(_view(), turn="1")),
    ("field-none", lambda: evolve(_view(), field=None)),
    ("config-none", lambda: evolve(_view(), config=None)),
]

VIEW_FUNCTIONS: list[tuple[str, Callable[[Any], object]]] = [
    ("resample", lambda v: alethi.resample(v, seed=1)),
    ("check_view", alethi.check_view),
    ("render", alethi.render),
    ("parse_move", lambda v: alethi.parse_move(v, "pass")),
    ("greedy", lambda v: alethi.GreedyBot().choose(v, (Pass(),), random.Random(0))),
]


@pytest.mark.parametrize(("name", "function"), VIEW_FUNCTIONS, ids=[n for n, _ in VIEW_FUNCTIONS])
@pytest.mark.parametrize(("kind", "make"), NOT_VIEWS, ids=[n for n, _ in NOT_VIEWS])
def test_finding_5_functions_of_a_view_refuse_anything_else(
    name: str, function: Callable[[Any], object], kind: str, make: Callable[[], object]
) -> None:
    """Finding 5: every function that takes a view answers anything else (None, a dict,
    another game's view, a view broken with attrs.evolve) with a library error."""
    if kind == "state" and name in TABLE_FUNCTIONS:
        return  # these take states too
    with pytest.raises(InvalidStateError):
        function(make())


@pytest.mark.parametrize(
    "moves",
    [(), None, 5, "pass", (None,), (Throw(Kind.KING, Cell(5, 5)),)],
    ids=["empty", "none", "int", "str", "none-move", "illegal"],
)
def test_finding_5_the_greedy_bot_refuses_moves_that_are_not_legal(moves: Any) -> None:
    """Finding 5: GreedyBot.choose given no legal moves, or moves not legal in the view's
    table, answers with a library error."""
    with pytest.raises(IllegalMoveError):
        alethi.GreedyBot().choose(_view(), moves, random.Random(0))


NOT_CONFIGS: list[tuple[str, object]] = [
    ("none", None),
    ("dict", {}),
    ("str", "default"),
    ("lerally-config", lerally.Config()),
    ("army-none", Config(army=None)),  # type: ignore[arg-type]
    ("army-list", Config(army=list(alethi.DEFAULT_ARMY))),  # type: ignore[arg-type]
    ("army-huge", Config(army=(alethi.DEFAULT_ARMY[0],) * 1_000_000)),
    ("count-huge", Config(army=(CardType(Kind.SQUIRE, 1, 3, 10**100),))),
    ("attack-huge", Config(army=(CardType(Kind.SQUIRE, 10**100, 3, 5),))),
    ("health-negative", Config(army=(CardType(Kind.SQUIRE, 1, -3, 5),))),
    ("count-str", Config(army=(CardType(Kind.SQUIRE, 1, 3, "5"),))),  # type: ignore[arg-type]
    ("kind-str", Config(army=(CardType("squire", 1, 3, 5),))),  # type: ignore[arg-type]
    ("kind-twice", Config(army=(CardType(Kind.SQUIRE, 1, 3, 5),) * 2)),
    ("first-huge", Config(first_player=10**5000)),
    ("turn-limit-zero", Config(turn_limit=0)),
]

CONFIG_FUNCTIONS: list[tuple[str, Callable[[Any], object]]] = [
    ("check_config", GAME.check_config),
    ("max_decisions", GAME.max_decisions),
    ("find_captures", lambda c: alethi.find_captures((), c)),
]


@pytest.mark.parametrize(
    "function", [f for _, f in CONFIG_FUNCTIONS], ids=[n for n, _ in CONFIG_FUNCTIONS]
)
@pytest.mark.parametrize("config", [c for _, c in NOT_CONFIGS], ids=[n for n, _ in NOT_CONFIGS])
def test_finding_5_functions_of_a_config_refuse_anything_else(
    function: Callable[[Any], object], config: object
) -> None:
    """Finding 5 and the config checks: a config of the wrong type, a huge army, huge or
    negative numbers, wrong types inside: InvalidConfigError with a short message, never a raw
    AttributeError (and new_game refuses the same)."""
    with pytest.raises(InvalidConfigError) as error:
        function(config)
    assert len(str(error.value)) < 200
    if config is not None:
        with pytest.raises(InvalidConfigError):
            alethi.new_game(config, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("config", [None, {}, "default", lerally.Config(), alethi.GAME])
@pytest.mark.parametrize("function", [GAME.num_players, GAME.seat_names])
def test_finding_5_seats_want_an_alethi_config(
    function: Callable[[Any], object], config: object
) -> None:
    """Finding 5: num_players and seat_names of anything but an alethi Config (they raised
    AttributeError) are an InvalidConfigError; they read no field, so a config still being
    filled in (as the command line does) is answered."""
    with pytest.raises(InvalidConfigError, match="expected an alethi Config"):
        function(config)
    assert GAME.seat_names(Config(first_player="red")) == ("red", "blue")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "field",
    [None, [], (None,), (Placed(RED, Kind.SQUIRE, Cell(0, 0)),) * 2, ("x" * 1000,)],
    ids=["none", "list", "none-card", "shared-cell", "str"],
)
def test_finding_5_find_captures_checks_the_field(field: Any) -> None:
    """Finding 5: find_captures (exported) refuses a malformed field with a library error."""
    with pytest.raises(InvalidStateError):
        alethi.find_captures(field, Config())


@pytest.mark.parametrize(
    "move",
    [
        None,
        {},
        Throw(None, None),  # type: ignore[arg-type]
        Throw(MEGABYTE, Cell(0, 0)),  # type: ignore[arg-type]
        Scout(Cell(0, 0), MEGABYTE),  # type: ignore[arg-type]
        Throw(Kind.KNIGHT, Cell(10**5000, 0)),
    ],
    ids=["none", "dict", "none-fields", "huge-kind", "huge-cell", "huge-number"],
)
def test_finding_5_and_12_malformed_moves_get_short_errors(move: Any) -> None:
    """Findings 5 and 12: format_move refuses a malformed move, apply_move calls it illegal,
    is_legal says no; no message repeats what the move holds."""
    with pytest.raises(InvalidMoveError) as error:
        alethi.format_move(move)
    assert_short(error.value, MEGABYTE)
    with pytest.raises(IllegalMoveError) as illegal:
        alethi.apply_move(start(), move)
    assert_short(illegal.value, MEGABYTE)
    assert not alethi.is_legal(start(), move)


# --- finding 2 and the Alethi specifics: render finishes --------------------------------------


def widest(extra: int = 0) -> State:
    """The state of the default config whose field spans the most cells the checks accept
    (plus ``extra``): both barracks emptied in two lines, red's Scout as far out as the turn
    limit allows, red to scout in the last turn."""
    state = evolve(start(), config=Config())
    red_line = [k for k in state.barracks[0] if k is not Kind.SCOUT]
    field = list(state.field)
    field += [Placed(RED, kind, Cell(0, -1 - i)) for i, kind in enumerate(red_line)]
    field += [Placed(BLUE, kind, Cell(2 + i, 1)) for i, kind in enumerate(state.barracks[1])]
    turn = 42
    # The field spans 12 cells across (0 to 11) and, up, blue's row, red's row, red's line
    # and the Scout's distance below it; the bound is 24 cards + 42 turns = 66.
    depth = 66 - 12 - 2 - len(red_line) + extra
    field.append(Placed(RED, Kind.SCOUT, Cell(0, -len(red_line) - depth)))
    widest: State = evolve(
        state, field=tuple(field), barracks=((), ()), phase=Phase.SCOUT, turn=turn
    )
    return widest


def test_finding_2_render_of_the_widest_accepted_state_is_small() -> None:
    """Finding 2: the widest field that check_state accepts for the default config renders
    fast into a small picture; one cell wider is refused, by render too."""
    state = widest()
    assert alethi.check_state(state) is state
    picture = alethi.render(state)
    assert len(picture) < 6_000 and picture.count("\n") < 70
    assert alethi.render(alethi.view(state, 1)) == picture
    wider = widest(extra=1)
    alethi.legal_moves(wider)  # still a position one can play from
    with pytest.raises(InvalidStateError, match="the field spans 67 cells"):
        alethi.check_state(wider)
    with pytest.raises(InvalidStateError, match="spans"):
        alethi.render(wider)
    with pytest.raises(InvalidViewError, match="spans"):
        alethi.render(alethi.view(wider, 0))


def test_finding_2_the_largest_army_renders_below_a_megabyte() -> None:
    """Finding 2: with the largest army check_config accepts (100 cards a side), the widest
    field check_state accepts still renders fast below a megabyte; 101 cards are refused."""
    army = (CardType(Kind.SQUIRE, 1, 3, 99), CardType(Kind.SCOUT, 1, 3, 1))
    with pytest.raises(InvalidConfigError, match="at most 100 cards"):
        alethi.new_game(
            Config(army=(CardType(Kind.SQUIRE, 1, 3, 60), CardType(Kind.KNIGHT, 2, 5, 41))),
            seed=1,
        )
    state = alethi.new_game(Config(army=army), seed=1)
    limit = default_turn_limit(army)
    red = state.barracks[0][:-1]
    field = [*state.field]
    field += [Placed(RED, kind, Cell(0, -1 - i)) for i, kind in enumerate(red)]
    field += [Placed(BLUE, kind, Cell(2 + i, 1)) for i, kind in enumerate(state.barracks[1])]
    across = 2 + len(state.barracks[1])
    # The Scout as far below as the bound (cards + turns) allows.
    depth = len(field) + 1 + limit - across - 2 - len(red)
    field.append(Placed(RED, Kind.SCOUT, Cell(0, -len(red) - depth)))
    widest: State = evolve(
        state, field=tuple(field), barracks=((), ()), phase=Phase.SCOUT, turn=limit
    )
    assert alethi.check_state(widest) is widest
    assert len(alethi.render(widest)) < 1_000_000


@pytest.mark.parametrize(
    "at", [Cell(32000, 0), Cell(-32767, -32767), Cell(32766, 32766), Cell(0, 40)]
)
def test_finding_2_render_refuses_cards_far_apart(at: Cell) -> None:
    """Finding 2 (Alethi): a tiny state or view whose cards sit far apart (they passed
    check_state and made render hang) is refused by check_state, check_view and render."""
    state = thrown_to(start(), RED, Kind.KNIGHT, at)
    with pytest.raises(InvalidStateError, match="spans"):
        alethi.check_state(state)
    with pytest.raises(InvalidStateError, match="spans"):
        alethi.render(state)
    view = alethi.view(state, 0)
    with pytest.raises(InvalidViewError, match="spans"):
        alethi.check_view(view)
    with pytest.raises(InvalidViewError, match="spans"):
        alethi.render(view)


@pytest.mark.parametrize("function", [GAME.card_counts, alethi.evaluate])
def test_finding_5_card_counts_and_evaluate_of_broken_states(function: Any) -> None:
    """Finding 5 (Alethi): card_counts and evaluate of broken states end in a library error,
    not in a raw one."""
    for bad in (
        evolve(start(), field=(None,)),
        evolve(start(), barracks=None),
        evolve(start(), removed=(None,)),
        evolve(start(), phase=Phase.OVER, result=(1.0, 0.0)),
    ):
        with pytest.raises(InvalidStateError):
            function(bad)


# --- finding 3: pickle and deepcopy -------------------------------------------------------


def _same(a: State, b: State) -> None:
    assert a == b
    assert alethi.check_state(b) == a
    moves = alethi.legal_moves(a)
    assert alethi.legal_moves(b) == moves
    for move in moves[:5]:
        assert alethi.apply_move(b, move) == alethi.apply_move(a, move)


@pytest.mark.parametrize("duplicate", [copy.deepcopy, lambda x: pickle.loads(pickle.dumps(x))])
def test_finding_3_pickle_and_deepcopy_keep_states_views_moves_configs(
    duplicate: Callable[[Any], Any],
) -> None:
    """Finding 3: states, views, moves and configs survive pickle and deepcopy at many points
    of random games: equal, the same legal moves, the same results of apply_move."""
    for config in (Config(), alethi.SPECIALS, Config(first_player=1, turn_limit=5)):
        assert duplicate(config) == config and hash(duplicate(config)) == hash(config)
        for seed in range(6):
            for number, state in enumerate(play(config, seed)):
                if number % 3:
                    continue
                alethi.legal_moves(state)  # a memo to leave behind
                _same(state, duplicate(state))
                for player in (0, 1):
                    view = alethi.view(state, player)
                    assert duplicate(view) == view
                    assert alethi.check_view(duplicate(view)) == view
                for move in alethi.legal_moves(state):
                    assert duplicate(move) == move
                    assert alethi.format_move(duplicate(move)) == alethi.format_move(move)


# --- finding 12: text input ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        MEGABYTE,
        "throw " + MEGABYTE + " 1,1",
        "throw " + "q" * 150 + " 1,1",
        "pass " + " " * 1_000_000,
        "scout 0,1 to " + "9" * 1_000_000 + ",0",
        "soulcast " + "\u0661" * 100_000,
    ],
    ids=["1mb", "1mb-kind", "long-kind", "spaces", "1mb-number", "foreign-digits"],
)
def test_finding_12_bad_notation_is_refused_briefly(text: str) -> None:
    """Finding 12: bad or huge notation gets InvalidMoveError whose message is short and
    repeats at most an excerpt; a 1 MB text is refused before any work is spent on it."""
    for table in (start(), _view()):
        with pytest.raises(InvalidMoveError) as error:
            alethi.parse_move(table, text)
        assert_short(error.value, text)
        assert len(str(error.value)) < 300


@pytest.mark.parametrize("player", [MEGABYTE, 10**5000, [0] * 1000], ids=["1mb", "huge", "list"])
def test_finding_12_players_are_never_echoed(player: Any) -> None:
    """Finding 12: a hostile player number is refused without being repeated."""
    with pytest.raises(InvalidPlayerError) as error:
        alethi.view(start(), player)
    assert len(str(error.value)) < 200


@settings(max_examples=60)
@given(text=st.text(max_size=300))
def test_finding_12_any_text_parses_or_is_refused_briefly(text: str) -> None:
    """Finding 12: any text is a move or an InvalidMoveError with a short message."""
    try:
        move = alethi.parse_move(start(), text)
    except InvalidMoveError as error:
        assert len(str(error)) < 300
    else:
        assert alethi.parse_move(start(), alethi.format_move(move)) == move


def test_a_hand_made_state_plays_but_is_not_one_the_rules_reach() -> None:
    """Puzzle positions (a few cards, no full army) still play, view and parse; the full
    check, resample and render refuse them, saying the rules cannot reach them."""
    field = (
        Placed(RED, Kind.KNIGHT, Cell(0, 0)),
        Placed(BLUE, Kind.SQUIRE, Cell(1, 0)),
        Placed(BLUE, Kind.KING, Cell(9, 9)),
    )
    puzzle = State(
        Config(), field, ((Kind.SQUIRE,), ()), (), RED, Phase.THROW, 7, None, Rng.from_seed(0)
    )
    assert alethi.legal_moves(puzzle)
    view = alethi.view(puzzle, 0)
    assert alethi.parse_move(view, "pass") == Pass()
    assert alethi.GreedyBot().choose(view, alethi.legal_moves(puzzle), random.Random(0))
    with pytest.raises(InvalidStateError, match="rules can reach"):
        alethi.check_state(puzzle)
    with pytest.raises(InvalidViewError, match="rules can reach"):
        alethi.resample(view, seed=1)
    with pytest.raises(InvalidStateError, match="rules can reach"):
        alethi.render(puzzle)


# --- hostile JSON: every mutation is refused by a library error or passes the full check ------

#: Values a hostile document puts where it should not: wrong types, out-of-range and huge
#: numbers, look-alike names, long strings, deep and long lists.
HOSTILE_VALUES: st.SearchStrategy[Any] = st.sampled_from(
    [
        None,
        True,
        -1,
        0,
        2,
        43,
        32767,
        -32768,
        10**6,
        2**63,
        1.5,
        "",
        "squire",
        "Squire",
        "king",
        "\u0455quire",
        "scout",
        "over",
        "throw",
        "x" * 10_000,
        [],
        [0],
        [0, 0],
        [32000, -32000],
        [[[[[[]]]]]],
        {},
        {"owner": 0, "kind": "king", "at": [5, 5]},
        {"owner": 1, "kind": "king"},
    ]
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place inside a JSON value, the value itself first."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _mutated(doc: Any, path: tuple[Any, ...], how: str, new: Any) -> Any:
    """``doc`` with the value at ``path`` replaced, duplicated, or dropped."""
    if not path:
        return new
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if how == "drop" and isinstance(parent, dict):
        del parent[last]
    elif how == "drop" and isinstance(parent, list):
        parent.pop(last)
    elif how == "repeat" and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    else:
        parent[last] = new
    return doc


def _documents() -> list[tuple[str, type[Any], str]]:
    """JSON of states and views along a few games: mid-game, at the end, at the turn limit."""
    docs: list[tuple[str, type[Any], str]] = []
    for config, seed in ((Config(), 1), (alethi.SPECIALS, 2), (Config(turn_limit=3), 3)):
        states = list(play(config, seed))
        for state in (states[len(states) // 2], states[-1]):
            docs.append(("state", State, cardgames.to_json(state)))
            docs.append(("view", View, cardgames.to_json(alethi.view(state, 1))))
    return docs


DOCUMENTS = _documents()


@settings(max_examples=400)
@given(data=st.data())
def test_findings_4_10_mutated_json_is_refused_or_checked(data: st.DataObject) -> None:
    """Findings 4 and 10: a state or view document with one value replaced (wrong type, out of
    range, huge, look-alike), repeated or dropped either fails to load or ends, at check_state
    or check_view, in a library error with a short message, or passes and renders."""
    kind, cls, text = data.draw(st.sampled_from(DOCUMENTS))
    doc = json.loads(text)
    path = data.draw(st.sampled_from(list(_paths(doc["data"], ("data",)))))
    how = data.draw(st.sampled_from(["replace", "repeat", "drop"]))
    mutated = json.dumps(_mutated(doc, path, how, data.draw(HOSTILE_VALUES)))
    try:
        loaded: Any = cardgames.from_json(mutated, cls)
    except SerializationError as error:
        assert len(str(error)) <= MAX_MESSAGE
        return
    check = alethi.check_state if kind == "state" else alethi.check_view
    try:
        check(loaded)
    except InvalidStateError as error:
        assert len(str(error)) < 300
        with pytest.raises(InvalidStateError):
            alethi.render(loaded)
        return
    assert len(alethi.render(loaded)) < 10_000
