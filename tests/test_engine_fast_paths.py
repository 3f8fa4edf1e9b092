"""The fast paths of the engines, each held to what it stands for: the writable twin that states
are made through against attrs' own ``__init__``, and each game's quicker rules against their
plain reading, step by step through random games."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import attrs
import pytest

from cardgames import alakaslam, alakazum, lerally
from cardgames._engine import draft_freezer, slot_filler, writable_twin
from cardgames.alakaslam import draft as alakaslam_draft
from cardgames.alakaslam import points as alakaslam_points
from cardgames.alakaslam import rules as alakaslam_rules
from cardgames.alakaslam.moves import DONE
from cardgames.alakazum.cards import Level
from cardgames.alakazum.spells import castable
from cardgames.errors import IllegalMoveError


@attrs.frozen
class _Pair:
    left: int
    right: tuple[str, ...] = ()
    _memo: object = attrs.field(init=False, default=None, eq=False)


class _PairDraft:
    __slots__ = ("left", "right")

    def __init__(self, left: int, right: tuple[str, ...]) -> None:
        self.left, self.right = left, right


def test_a_twin_adds_no_slot_and_sets_fields_by_assignment() -> None:
    twin = writable_twin(_Pair)
    assert issubclass(twin, _Pair)
    assert vars(twin)["__slots__"] == ()
    made: Any = object.__new__(twin)
    made.left = 1  # a twin is writable ...
    made.right = ("a",)
    made._memo = None
    made.__class__ = _Pair  # ... until it becomes what it stands for
    assert type(made) is _Pair
    assert made == _Pair(1, ("a",))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.left = 2  # type: ignore[misc]


def test_a_filled_value_is_a_plain_frozen_value() -> None:
    filled = slot_filler(_Pair)(4, ("b", "c"), "memo")
    assert type(filled) is _Pair
    assert filled == _Pair(4, ("b", "c"))
    assert hash(filled) == hash(_Pair(4, ("b", "c")))
    assert filled._memo == "memo"
    assert pickle.loads(pickle.dumps(filled)) == filled
    assert copy.deepcopy(filled) == filled
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del filled.left


def test_a_frozen_draft_is_a_plain_frozen_value() -> None:
    marker = object()
    frozen = draft_freezer(_Pair, fixed={"_memo": marker})(_PairDraft(5, ("d",)))
    assert type(frozen) is _Pair
    assert frozen == _Pair(5, ("d",))
    assert frozen._memo is marker
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        frozen.right = ()  # type: ignore[misc]


@attrs.frozen
class _Checked:
    count: int = attrs.field(validator=attrs.validators.instance_of(int))


@attrs.frozen(slots=False)
class _Unslotted:
    count: int


@pytest.mark.parametrize("cls", [_Checked, _Unslotted])
def test_no_twin_of_a_class_whose_init_does_more(cls: type) -> None:
    with pytest.raises(TypeError, match="does more on __init__ than set its slots"):
        writable_twin(cls)


@pytest.mark.parametrize("game", [alakaslam, alakazum, lerally], ids=lambda g: g.__name__)
def test_the_states_of_a_game_are_never_twins(game: Any) -> None:
    """Every state a game's rules make is of the game's ``State`` class itself."""
    state = game.new_game(seed=3)
    for _ in range(40):
        assert type(state) is game.State
        moves = game.legal_moves(state)
        if not moves:
            break
        state = game.apply_move(state, moves[len(moves) // 2])


# --- lock-step: each fast path against the plain rules it stands for --------------------------


def _reference_draw(
    d: alakaslam_draft.Draft, player: int, count: int, from_discard: int = 0
) -> None:
    """AlakaSLAM's draw as the rulebook says it, one card at a time."""
    drawn: list[alakaslam.Card] = []
    for i in range(count):
        if i < from_discard and d.discard:
            drawn.append(d.discard[-1])
            d.discard = d.discard[:-1]
            continue
        if not d.deck:
            if not d.discard:
                break
            d.deck, d.rng = d.rng.shuffled(d.discard)
            d.discard = ()
        drawn.append(d.deck[-1])
        d.deck = d.deck[:-1]
    if drawn:
        d.set_hand(player, tuple(sorted(d.hands[player] + tuple(drawn))))


def _reference_discard_moves(state: alakaslam.State, player: int) -> tuple[alakaslam.Move, ...]:
    faces = tuple(alakaslam.Discard(face) for face in sorted(set(state.hands[player])))
    return (*faces, DONE) if state.phase is alakaslam.Phase.LOSER_DISCARD else faces


def _plain_castable(state: alakazum.State, player: int, spell: alakazum.Spell) -> bool:
    """Whether a spell has something to work on, said the obvious way."""
    teams = state.teams
    if spell is alakazum.Spell.TRAINING:
        return any(m.level < Level.C for m in teams[player])
    if spell is alakazum.Spell.DIVINATION:
        known = state.known[player]
        return any(not up and i not in known for i, up in enumerate(state.enemy_up))
    if spell is alakazum.Spell.MISERABLE_WITCH:
        n = state.config.players
        richer = sum(1 for p in range(n) if p != player and len(teams[p]) > len(teams[player]))
        return bool(state.market) and richer >= (3 if n == 5 else n - 1)
    if spell is alakazum.Spell.LEVITATION:
        return any(m.broom is None for m in teams[player]) and (
            bool(state.cemetery)
            or any(
                m.broom is None and m.level < Level.C
                for other, team in enumerate(teams)
                if other != player
                for m in team
            )
        )
    if spell is alakazum.Spell.MAGIC_OF_THE_FOREST:
        return bool(state.forest)
    if spell is alakazum.Spell.RESURRECT:
        return bool(state.cemetery)
    return not state.deja_vu


def _playout(game: Any, config: Any, seed: int) -> list[tuple[Any, tuple[Any, ...], Any]]:
    """Every (state, legal moves, move chosen) of a seeded random game."""
    rng = random.Random(seed)
    state = game.new_game(config, seed=seed)
    steps = []
    while not game.is_over(state):
        moves = game.legal_moves(state)
        move = moves[rng.randrange(len(moves))]
        steps.append((state, moves, move))
        state = game.apply_move(state, move)
    steps.append((state, (), None))
    return steps


@pytest.mark.parametrize("preset", sorted(alakaslam.GAME.presets))
def test_alakaslam_plays_as_with_one_card_drawn_at_a_time(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Draws by runs and the discards kept per hand give, step by step, the states and the
    legal moves of the plain rules."""
    config = alakaslam.GAME.presets[preset]
    fast = [_playout(alakaslam, config, seed) for seed in range(25)]
    monkeypatch.setattr(alakaslam_draft.Draft, "draw", _reference_draw)
    monkeypatch.setattr(alakaslam_points, "discard_moves", _reference_discard_moves)
    for phase in (alakaslam.Phase.LOSER_DISCARD, alakaslam.Phase.REFILL):
        monkeypatch.setitem(alakaslam_rules.PHASE_MOVES, phase, _reference_discard_moves)
    for seed, steps in enumerate(fast):
        assert _playout(alakaslam, config, seed) == steps


@pytest.mark.parametrize("preset", sorted(alakazum.GAME.presets))
def test_alakazum_spells_castable_as_the_plain_rules_say(preset: str) -> None:
    """In every action phase of random games, the castable spells are those the obvious
    reading of the rules finds, and so are the casts offered."""
    config = alakazum.GAME.presets[preset]
    seen = 0
    for seed in range(6):
        for state, moves, _ in _playout(alakazum, config, seed):
            if state.phase is not alakazum.Phase.ACTION:
                continue
            player = state.active
            for spell in alakazum.Spell:
                assert castable(state, player, spell) == _plain_castable(state, player, spell)
            offered = {m.spell for m in moves if isinstance(m, alakazum.Cast)}
            assert offered <= {s for s in alakazum.Spell if _plain_castable(state, player, s)}
            seen += 1
    assert seen > 0


def _lookalike(move: Any) -> Any:
    """An equal move that is not the object ``legal_moves`` returned."""
    return copy.deepcopy(move) if attrs.has(type(move)) else move


@pytest.mark.parametrize("game", [alakaslam, alakazum, lerally], ids=lambda g: g.__name__)
def test_moves_equal_to_legal_ones_and_strangers_from_other_states(game: Any) -> None:
    """A move equal to a legal one (not the rules' own object) plays the same; a move that
    another state offered is played only if it is legal here too, else refused, leaving the
    state as it was."""
    refused = 0
    for seed in range(8):
        steps = _playout(game, None, seed)
        for (state, moves, move), (_, later_moves, _) in zip(
            steps, steps[3:] + steps[:3], strict=True
        ):
            if move is None:
                continue
            assert game.apply_move(state, _lookalike(move)) == game.apply_move(state, move)
            for stranger in later_moves[:4]:
                if stranger in moves:
                    assert game.apply_move(state, stranger) == game.apply_move(
                        state, moves[moves.index(stranger)]
                    )
                    continue
                before = copy.deepcopy(state)
                with pytest.raises(IllegalMoveError):
                    game.apply_move(state, stranger)
                assert state == before
                refused += 1
    assert refused > 0
