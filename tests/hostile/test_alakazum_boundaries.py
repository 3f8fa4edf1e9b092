"""Alakazum! at its boundaries (issue 15): what comes from outside (states, views, configs,
notation, copies) gets a short library error, quickly, and what the rules make always passes.

Each test names the finding of issue 15 it covers.
"""

from __future__ import annotations

import copy
import functools
import itertools
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
import cardgames.arena
import cardgames.bots
from cardgames import (
    CardgamesError,
    IllegalMoveError,
    InvalidConfigError,
    InvalidMoveError,
    InvalidStateError,
    InvalidViewError,
    alakaslam,
    alakazum,
    alethi,
)
from cardgames.alakazum import (
    GAME,
    PRESETS,
    Card,
    Combat,
    Config,
    Culture,
    Kind,
    Market,
    Move,
    Pass,
    Phase,
    State,
    View,
    deck,
)
from cardgames.alakazum import config as alakazum_config
from cardgames.alakazum import rules as alakazum_rules
from cardgames.alakazum.config import MAX_CARDS, MAX_TURN_LIMIT, all_cards
from cardgames.errors import MAX_MESSAGE
from cardgames.rng import Rng, draw_below


def _raw(value: object) -> Any:
    """``value``, typed so that it can stand where the types say it may not."""
    return value


#: A message about outside input names the place and what was expected, in a line or two.
SHORT = 300


def _short(error: pytest.ExceptionInfo[BaseException], *junk: str) -> None:
    message = str(error.value)
    assert len(message) <= SHORT, message[:SHORT]
    for text in junk:
        assert text not in message


# --- games ----------------------------------------------------------------------------------


def _states(config: Config, seed: int, *, limit: int | None = None) -> Iterator[State]:
    """Every state of a random game, the final one included."""
    state = alakazum.new_game(config, seed=seed)
    rng = random.Random(seed)
    yield state
    steps = 0
    while not alakazum.is_over(state) and (limit is None or steps < limit):
        state = alakazum.apply_move(state, rng.choice(alakazum.legal_moves(state)))
        steps += 1
        yield state


def _final(config: Config, seed: int) -> State:
    *_, last = _states(config, seed)
    return last


@functools.cache
def _some_states(preset: str, games: int = 3, every: int = 7) -> tuple[State, ...]:
    """States at many points of a few random games of a preset, each game's end included."""
    out: list[State] = []
    for seed in range(games):
        states = list(_states(PRESETS[preset], seed, limit=400))
        out.extend(states[::every])
        out.append(states[-1])
    return tuple(out)


@functools.cache
def _in_phase(phase: Phase, players: int = 2, expansion: bool = False) -> State:
    """A state of a random game in ``phase``."""
    config = Config(players=players, expansion=expansion)
    for seed in range(200):
        for state in _states(config, seed, limit=600):
            if state.phase is phase:
                return state
    raise AssertionError(f"no random game reached {phase}")  # pragma: no cover


def _fresh(state: State) -> State:
    """The same state as one from outside: not made by the rules, so checked in full."""
    return attrs.evolve(state)


# --- finding 4: check_state rejects what the rules cannot reach -----------------------------

Change = Callable[[State], State]


def _drop_forest_card(s: State) -> State:
    return attrs.evolve(s, forest=s.forest[1:])


def _double_forest_card(s: State) -> State:
    return attrs.evolve(s, forest=(s.forest[0], *s.forest))


def _invent_card(s: State) -> State:
    invented = Card("Nobody", Kind.HAT, market=1, value=1)
    return attrs.evolve(s, forest=(invented, *s.forest[1:]))


def _swap_for_twin(s: State) -> State:
    """A card of the config's name with other numbers."""
    first = s.forest[0]
    twin = first._replace(market=first.market % 9 + 1) if first.kind.is_hand else first
    return attrs.evolve(s, forest=(twin, *s.forest[1:]))


def _combat_change(**changes: Any) -> Change:
    def change(s: State) -> State:
        assert s.combat is not None
        return attrs.evolve(s, combat=attrs.evolve(s.combat, **changes))

    return change


def _forged_result(**changes: Any) -> Change:
    def change(s: State) -> State:
        assert s.result is not None
        return attrs.evolve(s, result=attrs.evolve(s.result, **changes))

    return change


_ACTION = Phase.ACTION
_POTIONS = Phase.POTIONS
_OVER = Phase.OVER

_UNREACHABLE: list[Any] = [
    pytest.param(_ACTION, _drop_forest_card, "cards", id="card-missing"),
    pytest.param(_ACTION, _double_forest_card, "cards", id="card-duplicated"),
    pytest.param(_ACTION, _invent_card, "cards", id="card-invented"),
    pytest.param(_ACTION, _swap_for_twin, "cards", id="card-forged"),
    pytest.param(_ACTION, lambda s: attrs.evolve(s, turn=10**6), "turn", id="turn-huge"),
    pytest.param(_ACTION, lambda s: attrs.evolve(s, turn=10**100), "turn", id="turn-vast"),
    pytest.param(
        _ACTION, lambda s: attrs.evolve(s, turn=s.config.turn_limit), "turn", id="turn-at-limit"
    ),
    pytest.param(_ACTION, lambda s: attrs.evolve(s, turn=-1), "turn", id="turn-negative"),
    pytest.param(_ACTION, lambda s: attrs.evolve(s, actions=3, deja_vu=True), "actions", id="3"),
    pytest.param(_ACTION, lambda s: attrs.evolve(s, actions=2), "actions", id="2-no-deja-vu"),
    pytest.param(_ACTION, lambda s: attrs.evolve(s, santa=21), "santa", id="santa-past-cap"),
    pytest.param(_ACTION, lambda s: attrs.evolve(s, santa=10**9), "santa", id="santa-huge"),
    pytest.param(
        _ACTION,
        lambda s: attrs.evolve(s, exchanges=(10**6,) * s.config.players),
        "exchanges",
        id="exchanges-huge",
    ),
    pytest.param(
        _ACTION,
        lambda s: attrs.evolve(s, seen=(7, *s.seen[1:])),
        "Magic of the forest",
        id="seen-past-magic",
    ),
    pytest.param(_ACTION, lambda s: attrs.evolve(s, active=5), "active", id="active-no-seat"),
    pytest.param(_ACTION, lambda s: attrs.evolve(s, to_move=-1), "to_move", id="to-move-neg"),
    pytest.param(_ACTION, lambda s: attrs.evolve(s, phase="action"), "phase", id="phase-str"),
    pytest.param(_POTIONS, _combat_change(points=(10**6, 0)), "combat points", id="points-huge"),
    pytest.param(_POTIONS, _combat_change(points=(-1, 0)), "combat points", id="points-neg"),
    pytest.param(_POTIONS, _combat_change(rolls=(1, 2, 3, 4, 5)), "dice", id="rolls-many"),
    pytest.param(
        _POTIONS,
        _combat_change(roller=0, roll=6, bonus=10**6),
        "bonus",
        id="bonus-huge",
    ),
    pytest.param(_OVER, _forged_result(reason="x" * 10_000), "reason", id="reason-long"),
    pytest.param(
        _OVER,
        lambda s: attrs.evolve(s, result=cardgames.Outcome.win({0, 1}, s.config.players, "both")),
        "wins",
        id="two-winners",
    ),
    pytest.param(
        _OVER,
        lambda s: attrs.evolve(s, result=cardgames.Outcome.draw(s.config.players, "tie")),
        "returns",
        id="draw",
    ),
    pytest.param(
        _OVER,
        lambda s: attrs.evolve(
            s,
            result=cardgames.Outcome.win({1 - s.active}, s.config.players, "won"),
        ),
        "whose turn",
        id="winner-not-caster",
    ),
    pytest.param(_OVER, lambda s: attrs.evolve(s, taking=2), "under way", id="over-taking"),
    pytest.param(
        _OVER, lambda s: attrs.evolve(s, turn=s.config.turn_limit + 1), "turn", id="over-past"
    ),
]


@pytest.mark.parametrize(("phase", "change", "why"), _UNREACHABLE)
def test_finding_4_check_state_refuses_what_the_rules_cannot_reach(
    phase: Phase, change: Change, why: str
) -> None:
    """Finding 4: broken card conservation and counters beyond the rules' reach are refused
    by check_state (and so by every function that takes a state), with a short message."""
    base = _in_phase(phase)
    assert GAME.check_state(_fresh(base)) is not None
    broken = change(base)
    for call in (GAME.check_state, alakazum.check_state, alakazum.legal_moves, GAME.evaluate):
        with pytest.raises(InvalidStateError, match=why) as error:
            call(broken)
        _short(error, "x" * 100)


def test_finding_4_check_state_refuses_a_loaded_state_beyond_the_limit() -> None:
    """Finding 4: JSON of a state with an unreachable turn is refused when checked."""
    state = _in_phase(Phase.ACTION)
    text = cardgames.to_json(state).replace(f'"turn":{state.turn},', '"turn":1000000,', 1)
    assert '"turn":1000000,' in text
    with pytest.raises(CardgamesError, match="turn"):
        GAME.check_state(cardgames.from_json(text, State))


# --- finding 8: every state the rules make passes ---------------------------------------------


def _everything_works(state: State) -> None:
    """check_state, a JSON and pickle round trip, every player's view, check_view and
    resample of it, and render all accept ``state``."""
    assert GAME.check_state(_fresh(state)) == state
    loaded: State = cardgames.from_json(cardgames.to_json(state), State)
    assert loaded == state
    assert GAME.check_state(loaded) == state
    assert GAME.check_state(pickle.loads(pickle.dumps(state))) == state
    alakazum.render(state)
    for player in range(state.config.players):
        seen = alakazum.view(state, player)
        assert alakazum.check_view(seen) is seen
        assert cardgames.from_json(cardgames.to_json(seen), View) == seen
        again = alakazum.resample(seen, seed=player)
        assert alakazum.view(again, player) == seen
        alakazum.render(seen)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_finding_8_games_ended_by_the_turn_limit_end_in_valid_states(preset: str) -> None:
    """Finding 8: a game ended by ``turn_limit`` ends in a state that check_state, JSON,
    views and resample accept (it used to be refused: its turn equals the limit)."""
    config = attrs.evolve(PRESETS[preset], turn_limit=10)
    ended = 0
    for seed in range(6):
        final = _final(config, seed)
        assert final.result is not None
        if final.turn == config.turn_limit:
            ended += 1
            assert "10 turns" in final.result.reason
        _everything_works(final)
    assert ended, "no game reached the turn limit"


def _rolls_without_explosion(rng_state: int, passes: int) -> bool:
    """Whether the next ``passes`` Santa Claus rolls from this generator all hand the die on."""
    for _ in range(passes):
        value, rng_state = draw_below(rng_state, alakazum_rules.DIE_SIDES)
        if value + 1 < alakazum_rules.SANTA_EXPLODES_BELOW:
            return False
    return True


def test_finding_8_the_santa_claus_cap_leaves_valid_states() -> None:
    """Finding 8: the Santa Claus die handed on SANTA_MAX_PASSES times explodes at the cap;
    every state on the way and after it is valid."""
    base = _in_phase(Phase.SANTA)
    cap = alakazum.SANTA_MAX_PASSES
    seed = next(
        s for s in itertools.count() if _rolls_without_explosion(Rng.from_seed(s).state, cap)
    )
    state = attrs.evolve(base, rng=Rng.from_seed(seed), santa=0)
    for _ in range(cap):
        assert state.phase is Phase.SANTA
        _everything_works(state)
        state = alakazum.apply_move(state, next(m for m in alakazum.legal_moves(state)))
        assert isinstance(alakazum.legal_moves(state), tuple)
    assert state.santa == cap
    assert state.phase is not Phase.SANTA  # exploded at the cap, whatever it showed
    _everything_works(state)
    for _ in range(40):
        if alakazum.is_over(state):
            break
        state = alakazum.apply_move(state, alakazum.legal_moves(state)[0])
        _everything_works(state)


def test_finding_8_arena_games_at_the_turn_limit_end_in_valid_states() -> None:
    """Finding 8: games the arena plays to a small turn limit (within ``max_decisions``)
    record a final state that check_state, JSON, views and resample accept, and a record that
    replays to it."""
    config = Config(players=3, turn_limit=10)
    for seed in range(3):
        bots: list[Any] = [GAME.heuristic_bot(), cardgames.bots.RandomBot(), GAME.heuristic_bot()]
        record = cardgames.arena.play(GAME, bots, config=config, seed=seed)
        assert len(record.moves) <= alakazum.max_decisions(config)
        final = record.final_state()
        assert final.result == record.outcome
        _everything_works(final)
        again = cardgames.GameRecord.from_json(record.to_json())
        assert again.final_state() == final


# --- finding 10: views have their own check -------------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS))
def test_finding_10_every_view_of_a_random_game_passes_check_view(preset: str) -> None:
    """Finding 10: check_view accepts every view that ``view`` gives of a reachable state."""
    for state in _some_states(preset, games=2, every=5):
        for player in range(state.config.players):
            seen = alakazum.view(state, player)
            assert GAME.check_view(seen) is seen


def _view() -> View:
    return alakazum.view(_in_phase(Phase.POTIONS), 0)


ViewChange = Callable[[View], Any]

_BAD_VIEWS: list[Any] = [
    pytest.param(lambda v: attrs.evolve(v, player=None), id="player-none"),
    pytest.param(lambda v: attrs.evolve(v, player=-2), id="player-negative"),
    pytest.param(lambda v: attrs.evolve(v, player=5), id="player-five"),
    pytest.param(lambda v: attrs.evolve(v, player=True), id="player-bool"),
    pytest.param(lambda v: attrs.evolve(v, turn=10**6), id="turn-huge"),
    pytest.param(lambda v: attrs.evolve(v, turn=10**100), id="turn-vast"),
    pytest.param(lambda v: attrs.evolve(v, market=itertools.count()), id="market-endless"),
    pytest.param(lambda v: attrs.evolve(v, market=(v.market[0],) * 10**5), id="market-huge"),
    pytest.param(lambda v: attrs.evolve(v, hand_sizes=(10**9,) * 2), id="hand-sizes-huge"),
    pytest.param(lambda v: attrs.evolve(v, hand_sizes=(5, 5)), id="hand-sizes-wrong"),
    pytest.param(lambda v: attrs.evolve(v, forest_size=v.forest_size + 1), id="card-invented"),
    pytest.param(lambda v: attrs.evolve(v, forest_size=v.forest_size - 1), id="card-missing"),
    pytest.param(lambda v: attrs.evolve(v, hand=(*v.hand, v.hand[0])), id="card-duplicated"),
    pytest.param(lambda v: attrs.evolve(v, enemies=(None,)), id="enemies-short"),
    pytest.param(lambda v: attrs.evolve(v, teams=None), id="teams-none"),
    pytest.param(lambda v: attrs.evolve(v, teams=((),) * 7), id="teams-many"),
    pytest.param(lambda v: attrs.evolve(v, pending=Market("x" * 10**6)), id="pending-long"),
    pytest.param(
        lambda v: attrs.evolve(
            v, pending=alakazum.Cast(alakazum.Spell.TRAINING, _raw(itertools.count()))
        ),
        id="pending-endless-hats",
    ),
    pytest.param(
        lambda v: attrs.evolve(v, combat=attrs.evolve(v.combat, potions=itertools.count())),
        id="combat-endless-potions",
    ),
    pytest.param(
        lambda v: attrs.evolve(v, combat=attrs.evolve(v.combat, points=(10**6, 0))),
        id="combat-points-huge",
    ),
    pytest.param(lambda v: attrs.evolve(v, config=None), id="config-none"),
    pytest.param(lambda v: attrs.evolve(v, config=Config(players=3)), id="config-other"),
    pytest.param(lambda v: attrs.evolve(v, result="won"), id="result-str"),
    pytest.param(lambda v: _in_phase(Phase.POTIONS), id="a-state"),
    pytest.param(lambda v: alethi.view(alethi.new_game(seed=1), 0), id="alethi-view"),
    pytest.param(lambda v: alakaslam.view(alakaslam.new_game(seed=1), 0), id="alakaslam-view"),
    pytest.param(lambda v: None, id="none"),
    pytest.param(lambda v: attrs.asdict(v, recurse=False), id="dict"),
]


@pytest.mark.parametrize("change", _BAD_VIEWS)
def test_finding_10_check_view_resample_and_render_refuse_bad_views(change: ViewChange) -> None:
    """Finding 10: a view no playable state gives is refused by check_view, resample and
    render with InvalidViewError and a short message; none loops or crashes."""
    bad = change(_view())
    calls: list[Callable[[Any], object]] = [
        alakazum.check_view,
        GAME.check_view,
        lambda v: alakazum.resample(v, seed=1),
        alakazum.render,
    ]
    for call in calls:
        if call is alakazum.render and type(bad) is State:
            continue  # render draws states too
        with pytest.raises(InvalidStateError) as error:
            call(bad)
        if call is not alakazum.render or isinstance(bad, View):
            assert isinstance(error.value, InvalidViewError), call
        _short(error, "x" * 100)


# --- finding 5: every public function answers bad arguments with a library error ------------


def _broken_states() -> list[Any]:
    state = _in_phase(Phase.ACTION)
    return [
        None,
        {},
        "state",
        alakazum.view(state, 0),
        alethi.new_game(seed=1),
        alakaslam.new_game(seed=1),
        Config(),
        attrs.evolve(state, hands=_raw(None)),
        attrs.evolve(state, teams=_raw(((object(),), ()))),
        attrs.evolve(state, config=_raw(None)),
        attrs.evolve(state, config=_raw(alethi.Config())),
        attrs.evolve(state, turn=-1),
        attrs.evolve(state, rng=_raw(None)),
        attrs.evolve(state, forest=_raw(itertools.count())),
        attrs.evolve(state, combat=Combat(0, None, None, state.forest[0])),
    ]


def _broken_configs() -> list[Any]:
    return [
        None,
        {},
        "default",
        2,
        alethi.Config(),
        _in_phase(Phase.ACTION),
        Config(players="2"),  # type: ignore[arg-type]
        Config(players=10**100),
        Config(turn_limit=10**100),
        Config(forest=[]),  # type: ignore[arg-type]
        Config(forest=(None,)),  # type: ignore[arg-type]
    ]


_STATE_FUNCTIONS: dict[str, Callable[[Any], object]] = {
    "evaluate": alakazum.evaluate,
    "GAME.evaluate": GAME.evaluate,
    "card_counts": alakazum.card_counts,
    "render": alakazum.render,
    "view": lambda s: alakazum.view(s, 0),
    "resample": lambda s: alakazum.resample(s, seed=0),
    "legal_moves": alakazum.legal_moves,
    "apply_move": lambda s: alakazum.apply_move(s, Pass()),
    "current_player": alakazum.current_player,
    "is_over": alakazum.is_over,
    "outcome": alakazum.outcome,
    "parse_move": lambda s: alakazum.parse_move(s, "pass"),
    "check_state": alakazum.check_state,
    "GAME.check_state": GAME.check_state,
    "check_view": alakazum.check_view,
    "culture_points": lambda s: alakazum.culture_points(s, (), Culture.VAL),
    "culture_points-hand": lambda s: alakazum.culture_points((), s, Culture.VAL),
    "culture_points-culture": lambda s: alakazum.culture_points((), (), s),
    "energy": lambda s: alakazum.energy(s, ()),
    "energy-hand": lambda s: alakazum.energy((), s),
    "format_move": alakazum.format_move,
}

_CONFIG_FUNCTIONS: dict[str, Callable[[Any], object]] = {
    "num_players": GAME.num_players,
    "seat_names": GAME.seat_names,
    "max_decisions": alakazum.max_decisions,
    "GAME.max_decisions": GAME.max_decisions,
    "check_config": alakazum.check_config,
    "new_game": lambda c: alakazum.new_game(c, seed=1),
}


def _library_error_only(call: Callable[[Any], object], argument: Any) -> None:
    try:
        call(argument)
    except CardgamesError as error:
        assert len(str(error)) <= MAX_MESSAGE
    except Exception as error:  # pragma: no cover - the failure this test exists to catch
        raise AssertionError(f"raw {type(error).__name__}: {error}") from error
    else:
        raise AssertionError("accepted")


@pytest.mark.parametrize("name", list(_STATE_FUNCTIONS))
def test_finding_5_functions_that_take_a_state_refuse_bad_ones(name: str) -> None:
    """Finding 5: every public function given something that is not a playable state (a
    view, another game's state, None, a dict, a config, a state broken with attrs.evolve)
    raises a library error, never a raw AttributeError, TypeError, KeyError or a hang."""
    takes_views = name in ("resample", "check_view", "parse_move", "render")
    for argument in _broken_states():
        if takes_views and type(argument) is View:
            continue  # a real view is what these take
        _library_error_only(_STATE_FUNCTIONS[name], argument)


@pytest.mark.parametrize("name", list(_CONFIG_FUNCTIONS))
def test_finding_5_functions_that_take_a_config_refuse_bad_ones(name: str) -> None:
    """Finding 5: num_players, seat_names, max_decisions, check_config and new_game refuse a
    config of the wrong type or an unplayable one with InvalidConfigError."""
    for argument in _broken_configs():
        if argument is None and name == "new_game":
            continue  # new_game(None) is a game of the default config
        with pytest.raises(InvalidConfigError) as error:
            _CONFIG_FUNCTIONS[name](argument)
        _short(error)


def test_finding_5_the_heuristic_bot_refuses_what_is_not_a_view() -> None:
    """Finding 5: the game's heuristic bot answers a state, None or a broken view with a
    library error."""
    state = _in_phase(Phase.ACTION)
    bot = GAME.heuristic_bot()
    legal = alakazum.legal_moves(state)
    for argument in (None, state, attrs.evolve(alakazum.view(state, 0), hand=_raw(None))):
        _library_error_only(lambda v: bot.choose(v, legal, random.Random(1)), argument)


# --- finding 2: render finishes, small --------------------------------------------------------


def _long_named(card: Card) -> Card:
    return card._replace(name=f"{card.name} {'z' * 64}"[:64])


def test_finding_2_render_of_the_largest_accepted_values_is_fast_and_small() -> None:
    """Finding 2: render of a state and views with the longest names and the largest turn
    the checks accept stays within a bound set by the card lists; nothing larger loads."""
    config = Config(
        players=5,
        forest=tuple(_long_named(c) for c in deck.FOREST + deck.EXPANSION_FOREST),
        start=tuple(_long_named(c) for c in deck.START_CHARACTERS + deck.START_MARKET),
        turn_limit=MAX_TURN_LIMIT,
    )
    alakazum.check_config(config)
    *_, state = _states(config, 3, limit=150)
    assert not alakazum.is_over(state)
    state = attrs.evolve(state, turn=MAX_TURN_LIMIT - 1)
    GAME.check_state(state)
    bound = 2000 + 150 * len(all_cards(config))
    assert len(alakazum.render(state)) <= bound
    for player in range(5):
        assert len(alakazum.render(alakazum.view(state, player))) <= bound
    with pytest.raises(InvalidStateError):
        alakazum.render(attrs.evolve(state, turn=MAX_TURN_LIMIT))


def test_finding_2_render_refuses_what_would_draw_large_or_slowly() -> None:
    """Finding 2: numbers and texts that no game reaches (a combat's points of 5,000 digits, an
    outcome's reason of 1 MB) are refused by render, of the state and of every view, rather
    than drawn (or failing inside int-to-text)."""
    fighting = _in_phase(Phase.POTIONS)
    assert fighting.combat is not None
    over = _in_phase(Phase.OVER)
    assert over.result is not None
    for broken in (
        attrs.evolve(fighting, combat=attrs.evolve(fighting.combat, points=(10**5000, 0))),
        attrs.evolve(over, result=attrs.evolve(over.result, reason="x" * 10**6)),
    ):
        with pytest.raises(InvalidStateError) as error:
            alakazum.render(broken)
        _short(error, "x" * 40)


# --- finding 3: pickle and deepcopy -----------------------------------------------------------


def _same_play(a: State, b: State) -> None:
    assert a == b
    moves = alakazum.legal_moves(b)
    assert type(moves) is tuple
    assert all(isinstance(m, Move) for m in moves)
    assert moves == alakazum.legal_moves(a)
    for move in moves[:3]:
        assert alakazum.apply_move(b, move) == alakazum.apply_move(a, move)


_COPIES: dict[str, Callable[[Any], Any]] = {
    "pickle": lambda x: pickle.loads(pickle.dumps(x)),
    "deepcopy": copy.deepcopy,
    "copy": copy.copy,
    "evolve": lambda x: attrs.evolve(x) if attrs.has(type(x)) else x,
}


@pytest.mark.parametrize("how", list(_COPIES))
@pytest.mark.parametrize("preset", list(PRESETS))
def test_finding_3_states_views_moves_and_configs_survive_copies(preset: str, how: str) -> None:
    """Finding 3: at many points of random games of every preset, a pickled, deep-copied,
    copied or evolved state is equal, has the same legal moves (a tuple of moves, never the
    memo's marker) and the same results of apply_move; views, moves and configs too."""
    duplicate = _COPIES[how]
    for state in _some_states(preset, games=2, every=9):
        alakazum.legal_moves(state)  # the memo holds the moves
        _same_play(state, duplicate(state))
        fresh = _fresh(state)  # the memo holds only the marker of a checked state
        GAME.check_state(fresh)
        _same_play(state, duplicate(fresh))
        for player in range(state.config.players):
            seen = alakazum.view(state, player)
            assert duplicate(seen) == seen
            assert alakazum.check_view(duplicate(seen)) == seen
        for move in alakazum.legal_moves(state):
            assert duplicate(move) == move
            assert alakazum.format_move(duplicate(move)) == alakazum.format_move(move)
        assert duplicate(state.config) == state.config
        alakazum.check_config(duplicate(state.config))


def test_finding_3_the_checked_marker_never_leaks_from_legal_moves() -> None:
    """Finding 3: the marker of a checked state stays one object through every copy path,
    and legal_moves returns moves even from a state whose memo holds a stranger marker."""
    marker = alakazum_rules._TRUSTED
    for how, duplicate in _COPIES.items():
        assert duplicate(marker) is marker, how
    state = _in_phase(Phase.ACTION)
    moves = alakazum.legal_moves(state)
    stranger = _fresh(state)
    GAME.check_state(stranger)
    object.__setattr__(stranger, "_memo", object())  # what a copy once left behind
    assert alakazum.legal_moves(stranger) == moves


# --- finding 12: text input is not echoed -----------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("x" * 10**6, id="1MB"),
        pytest.param("choose " + "x" * 10**6, id="1MB-name"),
        pytest.param("give " + "x" * 300 + " to player 1", id="long-name"),
        pytest.param("alakazum " + "x" * 300 + " against enemy 1", id="long-culture"),
        pytest.param("cast " + "x" * 300, id="long-spell"),
        pytest.param("use broom on " + "x" * 200, id="long-character"),
        pytest.param(" " * 10**6 + "pass", id="1MB-spaces"),
        pytest.param("pass die to player ٣" + "x" * 200, id="foreign-digit"),
    ],
)
def test_finding_12_parse_move_refuses_bad_text_without_repeating_it(text: str) -> None:
    """Finding 12: parse_move answers bad text with a short InvalidMoveError that shows at most
    an excerpt of it; a 1 MB string is refused before it is read."""
    state = _in_phase(Phase.ACTION)
    for where in (state, alakazum.view(state, 0)):
        with pytest.raises(InvalidMoveError) as error:
            alakazum.parse_move(where, text)
        _short(error, "x" * 40)


def test_finding_12_move_errors_do_not_repeat_long_fields() -> None:
    """Finding 12: format_move and apply_move of moves with huge fields say so briefly."""
    state = _in_phase(Phase.ACTION)
    long = "x" * 10**5
    for move in (Market(long), alakazum.Choose(long), alakazum.GiveCard(long, 1)):
        with pytest.raises(InvalidMoveError) as error:
            alakazum.format_move(move)
        _short(error, "x" * 40)
        with pytest.raises(IllegalMoveError) as illegal:
            alakazum.apply_move(state, move)
        _short(illegal, "x" * 40)
    with pytest.raises(InvalidMoveError) as error:
        alakazum.format_move(long)  # type: ignore[arg-type]
    _short(error, "x" * 40)


# --- config checks, finding 11 ---------------------------------------------------------------

_MOURA = next(c for c in deck.START_CHARACTERS if c.name == "Moura")


def _renamed(name: str, new: str) -> Config:
    """The default config with the start card ``name`` renamed ``new``."""
    start = tuple(c._replace(name=new) if c.name == name else c for c in deck.START_CHARACTERS)
    return Config(start=start + deck.START_MARKET)


def _with_start(*extra: Card) -> Config:
    return Config(start=deck.START_CHARACTERS + deck.START_MARKET + extra)


@pytest.mark.parametrize(
    "config",
    [
        pytest.param(_with_start(_MOURA._replace(name="MOURA")), id="case"),
        pytest.param(_with_start(_MOURA._replace(name="Moùra")), id="accent"),
        pytest.param(
            _with_start(_MOURA._replace(name="\uff2d\uff4f\uff55\uff52\uff41")), id="fullwidth-nfkc"
        ),
        pytest.param(
            _with_start(_MOURA._replace(name="Fina"), _MOURA._replace(name="\ufb01na")),
            id="ligature-nfkc",
        ),
        pytest.param(
            _with_start(_MOURA._replace(name="Tio de Nadal"), _MOURA._replace(name="TIÓ DE nadal")),
            id="case-and-accents",
        ),
    ],
)
def test_finding_11_names_that_notation_cannot_tell_apart_are_refused(config: Config) -> None:
    """Finding 11: card names that differ only in case, accents or compatibility forms
    (NFKC/NFKD look-alikes) are refused with InvalidConfigError naming both, briefly."""
    with pytest.raises(InvalidConfigError, match="differ only") as error:
        alakazum.check_config(config)
    _short(error)


@pytest.mark.parametrize(
    "name",
    [
        pytest.param("Moura  Maior", id="repeated-spaces"),
        pytest.param(" Moura", id="leading-space"),
        pytest.param("Moura\nMaior", id="newline"),
        pytest.param("Moura\u200b", id="invisible"),
        pytest.param("x" * 65, id="too-long"),
        pytest.param("x" * 10**6, id="1MB"),
        pytest.param("\u0301\u0301", id="accents-alone"),
        pytest.param("Cape on Moura", id="word-on"),
        pytest.param("Meal for Moura", id="word-for"),
        pytest.param("Moura, Maior", id="comma"),
    ],
)
def test_finding_11_names_that_do_not_read_back_are_refused(name: str) -> None:
    """Finding 11: a card name that notation would not read back as itself (spacing,
    invisible characters, the words notation puts between names) is refused, briefly."""
    with pytest.raises(InvalidConfigError) as error:
        alakazum.check_config(_renamed("Moura", name))
    _short(error, "x" * 40)


def test_finding_11_custom_names_round_trip_through_notation() -> None:
    """Finding 11: with custom names that pass the check (accents, case, punctuation), every
    legal move of random games reads back from its notation as itself."""
    names = iter(["Ñandú", "ÑANDUS", "L'Àvia", "x-Moura 2", "Sant Jordi II", "Dos/Tres"])
    start = tuple(
        c._replace(name=next(names)) if c.kind is Kind.CHARACTER and i < 6 else c
        for i, c in enumerate(deck.START_CHARACTERS)
    )
    config = Config(players=3, start=start + deck.START_MARKET)
    alakazum.check_config(config)
    for seed in range(4):
        for state in _states(config, seed, limit=300):
            for move in alakazum.legal_moves(state):
                text = alakazum.format_move(move)
                assert alakazum.parse_move(state, text) == move
                assert alakazum.parse_move(state, text.upper()) == move


@pytest.mark.parametrize(
    "config",
    [
        pytest.param(Config(forest=deck.FOREST * 200), id="forest-huge"),
        pytest.param(Config(forest=(deck.FOREST[0],) * (MAX_CARDS + 1)), id="forest-over"),
        pytest.param(Config(enemies=tuple(deck.ENEMIES) * 300), id="enemies-huge"),
        pytest.param(Config(enemies=list(deck.ENEMIES)), id="enemies-list"),  # type: ignore[arg-type]
        pytest.param(Config(players=2.0), id="players-float"),  # type: ignore[arg-type]
        pytest.param(Config(players=10**10000), id="players-vast"),
        pytest.param(Config(turn_limit=10**10000), id="turn-limit-vast"),
        pytest.param(Config(turn_limit=MAX_TURN_LIMIT + 1), id="turn-limit-over"),
        pytest.param(Config(expansion=1), id="expansion-int"),  # type: ignore[arg-type]
        pytest.param(
            Config(forest=(deck.FOREST[0]._replace(market=10**100), *deck.FOREST[1:])),
            id="number-vast",
        ),
    ],
)
def test_config_checks_refuse_unplayable_configs_quickly_and_briefly(config: Config) -> None:
    """check_config refuses huge lists, huge numbers and wrong types with a short
    InvalidConfigError."""
    with pytest.raises(InvalidConfigError) as error:
        alakazum.check_config(config)
    _short(error)


def _state_document(**data: Any) -> str:
    state = _in_phase(Phase.ACTION)
    document = json.loads(cardgames.to_json(state))
    document["data"].update(data)
    return json.dumps(document)


@pytest.mark.parametrize(
    "data",
    [
        pytest.param({"market": ["x" * 10**5] * 10}, id="long-card-names"),
        pytest.param({"market": [["x" * 10**5]] * 10}, id="lists-for-names"),
        pytest.param({"turn": "x" * 10**5}, id="text-for-turn"),
        pytest.param({"phase": "x" * 10**5}, id="long-phase"),
        pytest.param({"enemies": ["x" * 10**5]}, id="long-enemy-name"),
        pytest.param({"teams": [[{"card": "x" * 10**5}]] * 2}, id="long-member-name"),
        pytest.param({"teams": [["x" * 10**5]] * 2}, id="text-for-member"),
        pytest.param({"combat": "x" * 10**5}, id="text-for-combat"),
        pytest.param({"market": ["x" * 100] * 10**4}, id="many-bad-names"),
    ],
)
def test_finding_12_json_of_a_state_is_refused_without_repeating_it(data: dict[str, Any]) -> None:
    """Finding 12 (and 1): a state document whose cards, numbers or names are wrong is refused
    at the first wrong value with a short SerializationError that repeats none of it."""
    text = _state_document(**data)
    with pytest.raises(CardgamesError) as error:
        GAME.check_state(cardgames.from_json(text, State))
    _short(error, "x" * 40)


# --- hostile documents, generated ------------------------------------------------------------

_JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False),
    st.text(max_size=20),
    st.just("x" * 10**4),
    st.lists(st.integers(min_value=-3, max_value=200), max_size=4),
    st.dictionaries(st.sampled_from(["card", "level", "x"]), st.integers(0, 3), max_size=2),
    st.just([[[[[[]]]]]]),
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*prefix, index))


def _mutate(document: Any, data: st.DataObject) -> None:
    """Change one place of ``document`` (never its config, which the core reads): replace
    it, drop it, or repeat a list's item (a duplicated card)."""
    paths = [p for p in _paths(document["data"]) if p and p[0] != "config"]
    path = data.draw(st.sampled_from(paths))
    parent = document["data"]
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    how = data.draw(st.sampled_from(["replace", "drop", "repeat"]))
    if how == "drop":
        del parent[last]
    elif how == "repeat" and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(parent[last]))
    else:
        parent[last] = data.draw(_JUNK)


_DOCUMENT_STATES = (Phase.CHOOSE, Phase.ACTION, Phase.POTIONS, Phase.DOLL, Phase.OVER)


@settings(max_examples=300, deadline=None)
@given(data=st.data(), phase=st.sampled_from(_DOCUMENT_STATES), as_view=st.booleans())
def test_mutated_documents_load_and_work_or_are_refused_briefly(
    data: st.DataObject, phase: Phase, as_view: bool
) -> None:
    """Findings 4, 10 and 12: a state or view document changed in one place (wrong types,
    missing fields, duplicated cards, huge numbers and strings, deep nesting) either loads into
    something every function accepts, or is refused by loading or check_state/check_view with
    a library error of bounded length that repeats none of it."""
    state = _in_phase(phase)
    original = cardgames.to_json(state)
    value: Any = alakazum.view(state, 0) if as_view else state
    document = json.loads(cardgames.to_json(value))
    _mutate(document, data)
    text = json.dumps(document)
    try:
        loaded: Any = cardgames.from_json(text, View if as_view else State)
        if as_view:
            alakazum.check_view(loaded)
            alakazum.resample(loaded, seed=1)
        else:
            GAME.check_state(loaded)
            alakazum.legal_moves(loaded)
            for player in range(loaded.config.players):
                alakazum.check_view(alakazum.view(loaded, player))
        alakazum.render(loaded)
    except CardgamesError as error:
        message = str(error)
        assert len(message) <= MAX_MESSAGE
        assert "x" * 40 not in message
    assert cardgames.to_json(state) == original  # nothing was changed


def _hats(names: int, copies: int) -> tuple[Card, ...]:
    return tuple(
        Card(f"Hat {i}", Kind.HAT, market=1, value=1 + i % 3)
        for i in range(names)
        for _ in range(copies)
    )


def test_config_checks_refuse_more_hat_names_than_payments_can_list() -> None:
    """A card list with more than MAX_HAT_NAMES differently named hats is refused: each set
    of hats that pays a spell is a move, and their number grows with the names."""
    printed = len({c.name for c in deck.FOREST + deck.START_MARKET if c.kind is Kind.HAT})
    room = alakazum_config.MAX_HAT_NAMES - printed
    alakazum.check_config(Config(forest=deck.FOREST + _hats(room, 2)))
    with pytest.raises(InvalidConfigError, match="magic hats") as error:
        alakazum.check_config(Config(forest=deck.FOREST + _hats(room + 1, 2)))
    _short(error)


def test_a_hand_full_of_hats_lists_its_payments_quickly() -> None:
    """With as many hat names as a config may hold, five of each in one hand, the spells'
    payments are listed at once (they were worked out over every count of every name, which
    grows as the copies to the power of the names)."""
    printed = len({c.name for c in deck.FOREST + deck.START_MARKET if c.kind is Kind.HAT})
    config = Config(forest=deck.FOREST + _hats(alakazum_config.MAX_HAT_NAMES - printed, 5))
    state = next(
        s for s in _states(config, 1) if s.phase is Phase.ACTION and len(s.teams[s.active]) > 1
    )
    hats = tuple(c for c in state.forest if c.kind is Kind.HAT)
    hands = list(state.hands)
    hands[state.active] = tuple(sorted((*hands[state.active], *hats), key=lambda c: c.name))
    rich = attrs.evolve(
        state,
        forest=tuple(c for c in state.forest if c.kind is not Kind.HAT),
        hands=tuple(hands),
        seen=(0,) * config.players,
    )
    casts = [m for m in alakazum.legal_moves(rich) if isinstance(m, alakazum.Cast)]
    assert casts
    assert len(casts) < 10_000
