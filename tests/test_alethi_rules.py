"""The rules of Alethi, one test (or a few) per rule.

Positions are built directly as ``State`` values from a small picture of the field: a dict from
``(x, y)`` to ``"r Kn"`` (a red Knight), ``"b Ki"`` (the blue King) or ``"b Sq x"`` (a captured
blue Squire). The stats the layouts rely on: Squire, Scout and Soulcaster 1/3, Knight 2/5,
Tower 3/8, General 3/6, King 5/10 (attack/health). A card is captured when the attack of the
uncaptured enemy cards orthogonally next to it adds up to more than its health.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

import attrs
import pytest

import cardgames
from cardgames import GameRecord, IllegalMoveError, InvalidMoveError, Outcome, Rng
from cardgames.alethi import (
    DEFAULT_ARMY,
    GAME,
    Card,
    Cell,
    Colour,
    Config,
    GreedyBot,
    Kind,
    Move,
    Pass,
    Phase,
    Placed,
    Scout,
    Soulcast,
    State,
    Throw,
    apply_move,
    current_player,
    find_captures,
    format_move,
    is_over,
    legal_moves,
    new_game,
    outcome,
    parse_move,
    view,
)

RED, BLUE = Colour.RED, Colour.BLUE
SQ, KN, TO, SC, SO, GE, KI = (
    Kind.SQUIRE,
    Kind.KNIGHT,
    Kind.TOWER,
    Kind.SCOUT,
    Kind.SOULCASTER,
    Kind.GENERAL,
    Kind.KING,
)
CONFIG = Config()
_BY_ABBREVIATION = {kind.abbreviation: kind for kind in Kind}

Picture = Mapping[tuple[int, int], str]


# --- building positions -----------------------------------------------------------------------


def field_of(picture: Picture) -> tuple[Placed, ...]:
    """The field a picture shows, in the picture's order."""
    cards = []
    for (x, y), code in picture.items():
        colour, abbreviation, *flags = code.split()
        assert colour in ("r", "b"), code
        assert flags in ([], ["x"]), code
        owner = RED if colour == "r" else BLUE
        cards.append(Placed(owner, _BY_ABBREVIATION[abbreviation], Cell(x, y), bool(flags)))
    return tuple(cards)


def in_army_order(kinds: Iterable[Kind], config: Config) -> tuple[Kind, ...]:
    order = [card.kind for card in config.army]
    return tuple(sorted(kinds, key=order.index))


def position(
    picture: Picture,
    *,
    red: Iterable[Kind] = (SQ, SQ),
    blue: Iterable[Kind] = (SQ, SQ),
    to_move: Colour = RED,
    phase: Phase = Phase.THROW,
    turn: int = 7,
    removed: Iterable[Card] = (),
    config: Config = CONFIG,
) -> State:
    """A state in the middle of a game; ``red`` and ``blue`` are the barracks.

    Checks that the picture is one the rules can reach: no card on it is due to be captured,
    and the player to move has a decision in ``phase``.
    """
    field = field_of(picture)
    assert find_captures(field, config) == [], "a card of the picture should already have fallen"
    barracks = (in_army_order(red, config), in_army_order(blue, config))
    state = State(
        config, field, barracks, tuple(removed), to_move, phase, turn, None, Rng.from_seed(0)
    )
    decisions = {Phase.THROW: Throw, Phase.SOULCAST: Soulcast, Phase.SCOUT: Scout}[phase]
    assert any(isinstance(m, decisions) for m in legal_moves(state)), "no decision in this phase"
    return state


def card_at(state: State, x: int, y: int) -> Placed | None:
    """The card on ``(x, y)``, or ``None`` for an empty cell."""
    found = [card for card in state.field if card.at == (x, y)]
    assert len(found) <= 1
    return found[0] if found else None


def captured_cells(state: State) -> set[tuple[int, int]]:
    return {(card.at.x, card.at.y) for card in state.field if card.captured}


def throw(state: State, kind: Kind, x: int, y: int) -> State:
    return apply_move(state, Throw(kind, Cell(x, y)))


def throw_cells(state: State) -> set[tuple[int, int]]:
    return {(m.at.x, m.at.y) for m in legal_moves(state) if isinstance(m, Throw)}


def army_with(kind: Kind, count: int) -> Config:
    """The default army with ``count`` copies of ``kind``."""
    return Config(
        army=tuple(
            attrs.evolve(card, count=count) if card.kind is kind else card for card in DEFAULT_ARMY
        )
    )


# --- capturing --------------------------------------------------------------------------------

# The blue Squire on (1, 0) has a red Knight on its left. Red can throw on (1, 1), above the
# Squire, thanks to its Squire on (0, 1) (which only touches the target diagonally).
NEXT_TO_TARGET = {(1, 0): "b Sq", (0, 0): "r Kn", (0, 1): "r Sq", (9, 9): "b Ki"}


@pytest.mark.rule("alethi", "strictly-greater")
@pytest.mark.parametrize(
    ("kind", "falls"),
    [(SQ, False), (KN, True)],
    ids=["2+1 equals health 3: stands", "2+2 beats health 3: falls"],
)
def test_capture_needs_strictly_greater_attack(kind: Kind, falls: bool) -> None:
    """A card falls only when the attack against it is strictly greater than its health."""
    state = throw(position(NEXT_TO_TARGET, red=(SQ, KN)), kind, 1, 1)
    target = card_at(state, 1, 0)
    assert target is not None and target.captured is falls


@pytest.mark.rule("alethi", "the-capture-check")
def test_attack_of_several_adjacent_enemies_adds_up() -> None:
    """The attack of every uncaptured enemy next to a card is summed; no single one is enough."""
    picture = {(1, 0): "b Sq", (0, 0): "r Sq", (2, 0): "r Sq", (0, 1): "r Sq", (9, 9): "b Ki"}
    state = throw(position(picture, red=(KN,)), KN, 1, 1)  # 1 + 1 + 2 > 3
    assert captured_cells(state) == {(1, 0)}


@pytest.mark.rule("alethi", "field")
def test_diagonal_neighbours_never_attack() -> None:
    """Cards touching a card only at a corner add nothing to the attack against it."""
    picture = {
        (1, 1): "b Sq",
        (0, 0): "r Kn",
        (2, 0): "r Kn",
        (0, 2): "r Kn",
        (2, 2): "r Kn",
    }
    # The four Knights (8 attack) touch the Squire at its corners only: the position is stable.
    state = throw(position(picture), SQ, 1, 0)  # 1 orthogonal attack against health 3
    assert captured_cells(state) == set()


# A blue Squire on (1, 0) (health 3) between a red Knight on (0, 0) and the cell (2, 0), where red
# throws a Squire (next to its Squire on (2, -1)): 2 + 1 = 3 is not enough, unless something gives
# the Knight +1. The variants put a General near the Knight.
GENERAL_BASE = {(1, 0): "b Sq", (0, 0): "r Kn", (2, -1): "r Sq", (9, 9): "b Ki"}


@pytest.mark.rule("alethi", "general")
@pytest.mark.parametrize(
    ("general", "falls"),
    [
        ({}, False),
        ({(-1, 0): "r Ge"}, True),
        ({(0, -1): "r Ge"}, True),
        ({(-1, -1): "r Ge"}, False),
        ({(-1, 0): "r Ge x", (9, 8): "b Ge"}, False),
        ({(-1, 0): "b Ge"}, False),
    ],
    ids=[
        "no general",
        "own general beside",
        "own general below",
        "own general diagonal",
        "own general captured",
        "enemy general beside",
    ],
)
def test_general_gives_plus_one_to_adjacent_uncaptured_allies_only(
    general: Picture, falls: bool
) -> None:
    """An uncaptured General gives +1 attack to the allies orthogonally next to it, and only to
    its own side: a captured General, a General at a corner or an enemy General gives nothing.
    (With the captured General, another General stands elsewhere, so the bonus is looked for.)"""
    state = throw(position({**GENERAL_BASE, **general}), SQ, 2, 0)
    target = card_at(state, 1, 0)
    assert target is not None and target.captured is falls


@pytest.mark.rule("alethi", "general")
def test_thrown_general_boosts_its_neighbours_in_the_same_check() -> None:
    """Throwing a General lets its neighbours' +1 count in the capture check it triggers, even
    against a card two cells away from the General."""
    picture = {(1, 0): "b Sq", (0, 0): "r Kn", (2, 0): "r Sq", (9, 9): "b Ki"}  # 2 + 1 = 3
    quiet = throw(position(picture, red=(SQ, GE)), SQ, -1, 0)
    assert captured_cells(quiet) == set()
    loud = throw(position(picture, red=(SQ, GE)), GE, -1, 0)  # the Knight attacks with 3
    assert captured_cells(loud) == {(1, 0)}


@pytest.mark.rule("alethi", "general")
def test_general_does_not_boost_itself() -> None:
    """The General's own attack stays 3, even next to an ally."""
    picture = {(1, 0): "b Sq", (1, 2): "r Sq", (9, 9): "b Ki"}
    state = throw(position(picture, red=(GE,)), GE, 1, 1)  # touches the red Squire: still 3
    assert captured_cells(state) == set()


@pytest.mark.rule("alethi", "general")
def test_general_bonus_is_at_most_one() -> None:
    """A card next to two of its Generals (an army with two) still gets only +1."""
    config = army_with(GE, 2)
    picture = {(0, 1): "b Sq", (0, 0): "r Kn", (-1, 0): "r Ge", (9, 9): "b Ki"}
    state = position(picture, red=(GE, SQ), config=config)
    state = throw(state, GE, 1, 0)  # the Knight now touches two Generals: 2 + 1 = 3
    assert captured_cells(state) == set()


@pytest.mark.rule("alethi", "general")
def test_general_boosts_another_general_of_its_side() -> None:
    """A General next to another General of its side (an army with two) attacks with 3 + 1."""
    config = army_with(GE, 2)
    picture = {(1, 0): "b Sq", (0, 0): "r Ge", (9, 9): "b Ki"}  # 3 against health 3
    state = throw(position(picture, red=(GE,), config=config), GE, -1, 0)
    assert captured_cells(state) == {(1, 0)}


@pytest.mark.rule("alethi", "general")
def test_general_bonus_is_to_attack_only() -> None:
    """A card next to its General is no harder to capture: 2 + 2 beats the Squire's health 3."""
    picture = {(0, 0): "r Sq", (-1, 0): "r Ge", (1, 0): "b Kn", (1, 1): "b Sq"}
    state = throw(position(picture, to_move=BLUE, blue=(KN,)), KN, 0, 1)
    assert captured_cells(state) == {(0, 0)}


# A blue Squire on (1, 0) with a red Tower on its left; red throws a Squire on (2, 0) (next to its
# Squire on (2, -1)), where a blue Knight and a blue Squire also touch it. The Squire on (1, 0)
# falls only with the thrown Squire's attack (3 + 1), and the thrown Squire falls only with the
# attack of the Squire on (1, 0) (2 + 1 + 1).
MUTUAL = {
    (1, 0): "b Sq",
    (0, 0): "r To",
    (2, -1): "r Sq",
    (2, 1): "b Kn",
    (3, 0): "b Sq",
}


@pytest.mark.rule("alethi", "when-captures-happen")
def test_capture_check_takes_cards_of_both_colours_at_once() -> None:
    """One capture check turns over enemy cards and the mover's own cards alike."""
    state = throw(position(MUTUAL), SQ, 2, 0)
    assert captured_cells(state) == {(1, 0), (2, 0)}
    assert not is_over(state)


@pytest.mark.rule("alethi", "the-capture-check")
def test_captures_are_judged_against_the_field_before_any_is_applied() -> None:
    """Every card is judged against the field as it was before the check: a card that falls in
    the check still attacks in it."""
    before = (*field_of(MUTUAL), Placed(RED, SQ, Cell(2, 0)))
    assert find_captures(before, CONFIG) == [Cell(1, 0), Cell(2, 0)]
    # Each capture needs the other card's attack: applying one first would save the other.
    without_blue = tuple(c for c in before if c.at != (1, 0))
    without_red = tuple(c for c in before if c.at != (2, 0))
    assert find_captures(without_blue, CONFIG) == []
    assert find_captures(without_red, CONFIG) == []
    state = throw(position(MUTUAL), SQ, 2, 0)
    assert captured_cells(state) == {(1, 0), (2, 0)}


@pytest.mark.rule("alethi", "fresh-cards")
def test_freshly_thrown_card_is_captured_by_the_check_it_triggers() -> None:
    """A card thrown between enemies that outweigh its health falls at once."""
    picture = {(0, 0): "r Sq", (2, 0): "b Kn", (1, 1): "b Kn"}
    state = throw(position(picture), SQ, 1, 0)  # 2 + 2 > 3
    assert card_at(state, 1, 0) == Placed(RED, SQ, Cell(1, 0), captured=True)
    assert captured_cells(state) == {(1, 0)}


# --- captured cards ---------------------------------------------------------------------------

BLOCKED = {
    (0, 0): "r Sq",
    (1, 0): "b Kn x",
    (-1, 0): "r Kn x",
    (1, 1): "b Sq",
}


@pytest.mark.rule("alethi", "captured-cards")
def test_captured_card_blocks_its_cell_for_both_sides() -> None:
    """Nobody may throw on the cell of a captured card, whatever its colour."""
    red = position(BLOCKED, to_move=RED)
    assert throw_cells(red) == {(0, -1), (0, 1)}
    blue = position(BLOCKED, to_move=BLUE)
    assert throw_cells(blue) == {(1, 2), (0, 1), (2, 1)}
    for state, cell in ((red, Cell(1, 0)), (red, Cell(-1, 0)), (blue, Cell(1, 0))):
        with pytest.raises(IllegalMoveError, match="is not an empty cell"):
            apply_move(state, Throw(SQ, cell))


@pytest.mark.rule("alethi", "captured-cards")
@pytest.mark.parametrize(("tower", "falls"), [("b To x", False), ("b To", True)])
def test_captured_card_attacks_nothing(tower: str, falls: bool) -> None:
    """A captured card adds no attack: the red Squire survives a Knight (2) next to a captured
    Tower, but not next to an uncaptured one (2 + 3)."""
    picture = {(0, 0): "r Sq", (1, 0): tower, (-1, 1): "b Sq"}
    state = throw(position(picture, to_move=BLUE, blue=(KN,)), KN, -1, 0)
    squire = card_at(state, 0, 0)
    assert squire is not None and squire.captured is falls


@pytest.mark.rule("alethi", "captured-cards")
def test_captured_cards_count_for_nothing_at_the_end() -> None:
    """The final count counts uncaptured cards only: 4 red against 2 blue, not 4 against 4."""
    picture = {
        (0, 0): "r Sq",
        (1, 0): "r Sq",
        (2, 0): "r Sq",
        (0, 1): "b Sq",
        (1, 1): "b Sq",
        (2, 1): "b Kn x",
        (3, 1): "b Sq x",
    }
    state = throw(position(picture, red=(SQ,), blue=()), SQ, 3, 0)
    assert outcome(state) == Outcome.win(
        {0}, 2, "all cards played, red has more uncaptured cards (4 to 2)"
    )


# --- throwing ---------------------------------------------------------------------------------

# Red's only uncaptured card is the Squire on (0, 0); a blue Squire and Knight touch it, and a
# captured red Knight lies on (5, 5).
THROWING = {(0, 0): "r Sq", (1, 0): "b Sq", (0, 1): "b Kn", (5, 5): "r Kn x", (9, 9): "b Ki"}


@pytest.mark.rule("alethi", "throwing")
def test_throw_onto_empty_cells_orthogonally_next_to_uncaptured_own_cards() -> None:
    """Throws go to the empty orthogonal neighbours of the thrower's uncaptured cards; every
    barracks kind may go to every such cell (moves by kind in army order, then by cell)."""
    state = position(THROWING, red=(SQ, KN, KN))
    left, below = Cell(-1, 0), Cell(0, -1)
    assert legal_moves(state) == (
        Throw(SQ, left),
        Throw(SQ, below),
        Throw(KN, left),
        Throw(KN, below),
    )


@pytest.mark.rule("alethi", "throwing")
@pytest.mark.parametrize(
    "cell",
    [(1, 0), (0, 1), (-1, -1), (1, -1), (5, 6), (5, 5), (3, 3)],
    ids=[
        "enemy card",
        "enemy card above",
        "diagonal of own card",
        "next to an enemy card only",
        "next to a captured own card only",
        "captured own card",
        "far away",
    ],
)
def test_throw_elsewhere_is_illegal(cell: tuple[int, int]) -> None:
    """A throw onto an occupied cell, a diagonal, or a cell next only to enemy cards or to
    captured own cards is refused."""
    state = position(THROWING, red=(SQ,))
    with pytest.raises(IllegalMoveError, match="is not an empty cell next to an uncaptured red"):
        throw(state, SQ, *cell)


@pytest.mark.rule("alethi", "2-throwing-mandatory")
def test_throwing_cannot_be_skipped() -> None:
    """While a card can be thrown, the throw phase offers no ``Pass`` and refuses one."""
    state = position(THROWING, red=(SQ,))
    assert Pass() not in legal_moves(state)
    with pytest.raises(IllegalMoveError, match="may not be skipped"):
        apply_move(state, Pass())


@pytest.mark.rule("alethi", "throwing")
def test_thrown_card_comes_out_of_the_barracks() -> None:
    """The thrown card leaves its owner's barracks and lands uncaptured on its cell; the turn
    then passes (no Scout on the field)."""
    state = position(THROWING, red=(SQ, KN, KN, KI), blue=(TO,))
    after = throw(state, KN, -1, 0)
    assert after.barracks == ((SQ, KN, KI), (TO,))
    assert after.field == (*state.field, Placed(RED, KN, Cell(-1, 0)))
    assert (after.to_move, after.turn) == (BLUE, state.turn + 1)


@pytest.mark.rule("alethi", "throwing")
def test_cannot_throw_a_kind_missing_from_the_barracks() -> None:
    """Only kinds still in the barracks may be thrown."""
    state = position(THROWING, red=(SQ,))
    with pytest.raises(IllegalMoveError, match="there is no king in red's barracks"):
        throw(state, KI, -1, 0)


# --- soulcasting ------------------------------------------------------------------------------

# A red Soulcaster faces a blue Knight; elsewhere the blue King, a blue Tower, a blue Squire,
# a captured blue Squire and a red Knight.
SOULCAST = {
    (0, 0): "r So",
    (0, 1): "b Kn",
    (3, 3): "b Ki",
    (5, 5): "b To",
    (7, 7): "b Sq",
    (6, 6): "b Sq x",
    (-2, 0): "r Kn",
}


def soulcast_position(red: Iterable[Kind] = (SQ, KN, KI)) -> State:
    return position(SOULCAST, red=red, blue=(SQ,), phase=Phase.SOULCAST)


@pytest.mark.rule("alethi", "soulcasting")
def test_soulcast_targets_are_uncaptured_enemy_cards_of_kinds_in_own_barracks() -> None:
    """Soulcasting may pick an uncaptured enemy card whose kind is in the own barracks: not the
    King, not a Tower when no Tower is left, not a captured card, not an own card."""
    state = soulcast_position(red=(SQ, KN, KI))
    assert legal_moves(state) == (Soulcast(Cell(0, 1)), Soulcast(Cell(7, 7)), Pass())
    only_knights = soulcast_position(red=(KN, TO))
    assert legal_moves(only_knights) == (Soulcast(Cell(0, 1)), Soulcast(Cell(5, 5)), Pass())


@pytest.mark.rule("alethi", "soulcasting")
@pytest.mark.parametrize(
    "cell",
    [(3, 3), (5, 5), (6, 6), (-2, 0), (4, 4)],
    ids=["king", "tower", "captured", "own", "empty"],
)
def test_soulcast_of_other_cards_is_illegal(cell: tuple[int, int]) -> None:
    """The King is immune, a kind missing from the barracks cannot be used, captured cards are
    never recovered, and only enemy cards can be soulcast."""
    state = soulcast_position(red=(SQ, KN, KI))
    with pytest.raises(IllegalMoveError, match="holds no uncaptured enemy card"):
        apply_move(state, Soulcast(Cell(*cell)))


@pytest.mark.rule("alethi", "soulcasting")
def test_soulcast_replaces_the_enemy_card_with_one_from_the_barracks() -> None:
    """The enemy card leaves the game (into ``removed``), a card of the same kind from the
    soulcaster's barracks takes its cell; the turn goes on to the throw phase."""
    state = soulcast_position(red=(SQ, KN, KI))
    after = apply_move(state, Soulcast(Cell(0, 1)))
    assert card_at(after, 0, 1) == Placed(RED, KN, Cell(0, 1))
    assert len(after.field) == len(state.field)
    assert after.barracks == ((SQ, KI), (SQ,))
    assert after.removed == (Card(BLUE, KN),)
    assert (after.to_move, after.phase, after.turn) == (RED, Phase.THROW, state.turn)


@pytest.mark.rule("alethi", "soulcasting")
def test_soulcast_target_need_not_touch_own_cards() -> None:
    """Any uncaptured enemy card may be soulcast, far from the own cards; the Soulcaster stays
    where it is."""
    after = apply_move(soulcast_position(), Soulcast(Cell(7, 7)))
    assert card_at(after, 7, 7) == Placed(RED, SQ, Cell(7, 7))
    assert card_at(after, 0, 0) == Placed(RED, SO, Cell(0, 0))


@pytest.mark.rule("alethi", "soulcasting")
def test_only_one_soulcast_per_turn() -> None:
    """After a soulcast the turn moves on to throwing; a second soulcast is refused."""
    after = apply_move(soulcast_position(red=(SQ, KN, KI)), Soulcast(Cell(0, 1)))
    assert not any(isinstance(m, Soulcast) for m in legal_moves(after))
    with pytest.raises(IllegalMoveError, match="it is the throw phase, not the soulcast phase"):
        apply_move(after, Soulcast(Cell(7, 7)))


@pytest.mark.rule("alethi", "optional-phases-and-empty-turns")
def test_soulcast_phase_offers_pass() -> None:
    """Soulcasting is optional: ``Pass`` goes on to the throw phase and changes nothing else."""
    state = soulcast_position()
    assert legal_moves(state)[-1] == Pass()
    after = apply_move(state, Pass())
    assert (after.to_move, after.phase, after.turn) == (RED, Phase.THROW, state.turn)
    assert (after.field, after.barracks, after.removed) == (
        state.field,
        state.barracks,
        state.removed,
    )


@pytest.mark.rule("alethi", "when-captures-happen")
def test_capture_check_runs_after_a_soulcast() -> None:
    """The soulcast card fights at once: it completes the capture of its new neighbour."""
    picture = {
        (2, 0): "b Sq",
        (3, 0): "r Kn",
        (1, 0): "b Kn",
        (3, 1): "r So",
        (9, 9): "b Ki",
    }
    state = position(picture, red=(KN, SQ), phase=Phase.SOULCAST)
    after = apply_move(state, Soulcast(Cell(1, 0)))  # the blue Squire now faces 2 + 2
    assert captured_cells(after) == {(2, 0)}
    assert after.phase is Phase.THROW


@pytest.mark.rule("alethi", "fresh-cards")
def test_soulcast_card_can_be_captured_at_once() -> None:
    """The card that replaces the enemy card is judged by the same check and may fall."""
    picture = {(1, 0): "b Sq", (2, 0): "b Kn", (1, 1): "b Kn", (5, 5): "r So", (5, 6): "r Sq"}
    state = position(picture, red=(SQ,), phase=Phase.SOULCAST)
    after = apply_move(state, Soulcast(Cell(1, 0)))
    assert card_at(after, 1, 0) == Placed(RED, SQ, Cell(1, 0), captured=True)
    assert after.removed == (Card(BLUE, SQ),)


@pytest.mark.rule("alethi", "end-by-capture")
def test_soulcasting_the_last_uncaptured_enemy_card_wins() -> None:
    """Removing the enemy's last uncaptured card leaves it with none on the field: it loses."""
    picture = {(0, 0): "r So", (0, 1): "b Kn", (0, 2): "b Sq x"}
    state = position(picture, red=(KN,), phase=Phase.SOULCAST)
    after = apply_move(state, Soulcast(Cell(0, 1)))
    assert outcome(after) == Outcome.win({0}, 2, "blue has no uncaptured card on the field")


@pytest.mark.rule("alethi", "soulcasting")
@pytest.mark.parametrize(
    ("soulcaster", "phase"),
    [("r So", Phase.SOULCAST), ("r So x", Phase.THROW), ("b So", Phase.THROW)],
    ids=["uncaptured soulcaster", "captured soulcaster", "only an enemy soulcaster"],
)
def test_soulcast_phase_needs_an_uncaptured_own_soulcaster(soulcaster: str, phase: Phase) -> None:
    """A turn starts with the soulcast phase only while the player has an uncaptured Soulcaster
    on the field; otherwise it starts with the throw phase."""
    picture = {(0, 0): soulcaster, (5, 0): "r Sq", (0, 1): "b Kn", (0, 2): "b Sq"}
    state = position(picture, red=(KN, SQ), blue=(SQ, SQ), to_move=BLUE)
    after = throw(state, SQ, 0, 3)
    assert (after.to_move, after.phase, after.turn) == (RED, phase, state.turn + 1)


@pytest.mark.rule("alethi", "skipping-soulcasting")
def test_soulcast_phase_is_skipped_without_a_target() -> None:
    """With a Soulcaster but nothing it may soulcast (only the King, kinds not in the barracks),
    the turn starts with the throw phase."""
    picture = {(0, 0): "r So", (0, 1): "b To", (0, 2): "b Ki", (5, 0): "r Sq"}
    state = position(picture, red=(KN, KN), blue=(SQ, SQ), to_move=BLUE)
    after = throw(state, SQ, 0, 3)
    assert (after.to_move, after.phase) == (RED, Phase.THROW)


# --- scouting ---------------------------------------------------------------------------------

# A red Scout on (0, 0) far from its Squire on (3, 0); next to the Squire a captured blue Squire
# on (2, 0) and a blue Squire on (3, 1); a captured red Knight on (6, 0).
SCOUTING = {
    (0, 0): "r Sc",
    (3, 0): "r Sq",
    (2, 0): "b Sq x",
    (3, 1): "b Sq",
    (6, 0): "r Kn x",
}


@pytest.mark.rule("alethi", "scouting")
def test_scout_moves_to_an_empty_cell_next_to_another_uncaptured_own_card() -> None:
    """The Scout may go to any empty cell next to another uncaptured card of its side: not next
    to itself only, not next to a captured own card only."""
    state = position(SCOUTING, phase=Phase.SCOUT)
    scout = Cell(0, 0)
    assert legal_moves(state) == (Scout(scout, Cell(3, -1)), Scout(scout, Cell(4, 0)), Pass())


@pytest.mark.rule("alethi", "scouting")
@pytest.mark.parametrize(
    "cell",
    [(2, 0), (3, 1), (3, 0), (1, 0), (5, 0), (0, 0)],
    ids=["captured card", "enemy card", "own card", "next to itself", "next to captured", "stay"],
)
def test_scout_cannot_move_onto_captured_occupied_or_unsupported_cells(
    cell: tuple[int, int],
) -> None:
    """The Scout never moves onto a card (captured or not) nor away from its side's cards."""
    state = position(SCOUTING, phase=Phase.SCOUT)
    with pytest.raises(IllegalMoveError, match="is not an empty cell next to another uncaptured"):
        apply_move(state, Scout(Cell(0, 0), Cell(*cell)))


@pytest.mark.rule("alethi", "scouting")
def test_only_a_scout_can_scout() -> None:
    """A scout move must start on an uncaptured Scout of the player."""
    state = position(SCOUTING, phase=Phase.SCOUT)
    with pytest.raises(IllegalMoveError, match=r"there is no uncaptured red Scout on \(3,0\)"):
        apply_move(state, Scout(Cell(3, 0), Cell(4, 0)))


@pytest.mark.rule("alethi", "scouting")
def test_scout_moves_once_and_ends_the_turn() -> None:
    """The Scout leaves its cell empty, stands on the new one, and the turn passes."""
    state = position(SCOUTING, phase=Phase.SCOUT)
    after = apply_move(state, Scout(Cell(0, 0), Cell(4, 0)))
    assert card_at(after, 0, 0) is None
    assert card_at(after, 4, 0) == Placed(RED, SC, Cell(4, 0))
    assert len(after.field) == len(state.field)
    assert (after.to_move, after.turn) == (BLUE, state.turn + 1)


@pytest.mark.rule("alethi", "scouting")
def test_only_one_scout_moves_per_turn() -> None:
    """With two Scouts (an army with two) both may be chosen, but one move ends the turn."""
    config = army_with(SC, 2)
    picture = {(0, 0): "r Sc", (3, 0): "r Sc", (1, 0): "r Sq", (9, 9): "b Ki"}
    state = position(picture, phase=Phase.SCOUT, config=config)
    assert {m.scout for m in legal_moves(state) if isinstance(m, Scout)} == {Cell(0, 0), Cell(3, 0)}
    after = apply_move(state, Scout(Cell(3, 0), Cell(1, 1)))
    assert (after.to_move, after.turn) == (BLUE, state.turn + 1)


@pytest.mark.rule("alethi", "optional-phases-and-empty-turns")
def test_scout_phase_offers_pass() -> None:
    """Scouting is optional: ``Pass`` ends the turn with the field unchanged."""
    state = position(SCOUTING, phase=Phase.SCOUT)
    after = apply_move(state, Pass())
    assert after.field == state.field
    assert (after.to_move, after.turn) == (BLUE, state.turn + 1)


@pytest.mark.rule("alethi", "when-captures-happen")
def test_scout_move_can_capture() -> None:
    """The capture check runs after a scout move: the Scout adds its attack to its allies'."""
    picture = {
        (1, 0): "b Sq",
        (0, 0): "r Kn",
        (1, -1): "r Sq",
        (0, 1): "r Sq",
        (5, 5): "r Sc",
        (9, 9): "b Ki",
    }
    state = position(picture, phase=Phase.SCOUT)
    after = apply_move(state, Scout(Cell(5, 5), Cell(1, 1)))  # 2 + 1 + 1 > 3
    assert captured_cells(after) == {(1, 0)}


@pytest.mark.rule("alethi", "fresh-cards")
def test_scout_can_be_captured_after_moving() -> None:
    """A Scout moved between enemies that outweigh its health falls in the check."""
    picture = {(0, 0): "r Sq", (2, 0): "b Kn", (1, 1): "b Kn", (5, 5): "r Sc", (5, 6): "r Sq"}
    state = position(picture, phase=Phase.SCOUT)
    after = apply_move(state, Scout(Cell(5, 5), Cell(1, 0)))
    assert card_at(after, 1, 0) == Placed(RED, SC, Cell(1, 0), captured=True)


@pytest.mark.rule("alethi", "scouting")
@pytest.mark.parametrize(
    ("scout", "next_player"),
    [("r Sc", RED), ("r Sc x", BLUE)],
    ids=["uncaptured scout", "captured scout"],
)
def test_scout_phase_needs_an_uncaptured_own_scout(scout: str, next_player: Colour) -> None:
    """After the throw comes the scout phase only while the player has an uncaptured Scout."""
    state = position({**THROWING, (-3, 0): "r Sq", (-3, 1): scout}, red=(SQ,))
    after = throw(state, SQ, -1, 0)
    assert after.to_move is next_player
    assert after.phase is (Phase.SCOUT if next_player is RED else Phase.THROW)


# --- phases without options -------------------------------------------------------------------


@pytest.mark.rule("alethi", "empty-barracks")
def test_empty_barracks_skips_soulcasting_and_throwing_but_not_scouting() -> None:
    """A player whose barracks is empty has no card to soulcast with nor to throw, but still
    takes its turn: it goes straight to scouting."""
    picture = {(0, 0): "r Sc", (1, 0): "r Sq", (0, -1): "r So", (5, 5): "b Sq"}
    state = position(picture, red=(), blue=(SQ, SQ), to_move=BLUE)
    after = throw(state, SQ, 5, 6)
    assert (after.to_move, after.phase) == (RED, Phase.SCOUT)


@pytest.mark.rule("alethi", "optional-phases-and-empty-turns")
def test_new_game_starts_in_the_throw_phase() -> None:
    """With only Squires on the field, the first decision is a throw next to the own Squires."""
    for seed in range(8):
        state = new_game(seed=seed)
        assert state.phase is Phase.THROW
        own = {
            Colour.RED: {(0, -1), (1, -1), (-1, 0), (2, 0)},
            BLUE: {(0, 2), (1, 2), (-1, 1), (2, 1)},
        }
        assert throw_cells(state) == own[state.to_move]
        assert len(legal_moves(state)) == 4 * len(set(state.barracks[state.to_move]))


# Red's King on (0, 0) is walled in by blue cards (10 attack against its health 10).
WALLED = {
    (0, 0): "r Ki",
    (0, -1): "b To",
    (0, 1): "b Ge",
    (-1, 0): "b Kn",
    (1, 0): "b Kn",
}


@pytest.mark.rule("alethi", "optional-phases-and-empty-turns")
def test_walled_in_player_skips_the_throw() -> None:
    """A player with cards in the barracks but no empty cell next to its uncaptured cards has no
    decision: its turn is skipped and the other player moves again."""
    state = position(WALLED, red=(KN,), blue=(SQ, SQ), to_move=BLUE)
    after = throw(state, SQ, 0, -2)
    assert (after.to_move, after.phase, after.turn) == (BLUE, Phase.THROW, state.turn + 2)
    assert after.barracks == ((KN,), (SQ,))
    assert not is_over(after)


@pytest.mark.rule("alethi", "end-by-count")
def test_game_ends_by_count_when_no_side_can_throw() -> None:
    """When at the end of a turn neither side can bring a card in (one walled in, one with an
    empty barracks) the uncaptured cards are counted."""
    state = position(WALLED, red=(KN,), blue=(SQ,), to_move=BLUE)
    after = throw(state, SQ, 0, -2)
    assert outcome(after) == Outcome.win(
        {1}, 2, "no side can bring in a card any more, blue has more uncaptured cards (5 to 1)"
    )


# As WALLED, with a red Soulcaster on (5, 5) walled in by captured cards.
WALLED_SOULCASTER = {
    **WALLED,
    (5, 5): "r So",
    (4, 5): "b Sq x",
    (6, 5): "b Sq x",
    (5, 4): "b Sq x",
    (5, 6): "b Sq x",
}


@pytest.mark.rule("alethi", "end-by-count")
def test_a_walled_in_player_who_can_soulcast_keeps_the_game_going() -> None:
    """A walled-in side that can still soulcast can still bring a card in (and the soulcast
    card may open cells to throw on), so the game does not end by count."""
    state = position(WALLED_SOULCASTER, red=(SQ, KN), blue=(SQ,), to_move=BLUE)
    after = throw(state, SQ, 0, -2)
    assert not is_over(after)
    assert (after.to_move, after.phase) == (RED, Phase.SOULCAST)
    soulcast = apply_move(after, Soulcast(Cell(1, 0)))
    assert (soulcast.to_move, soulcast.phase) == (RED, Phase.THROW)
    assert any(m == Throw(SQ, Cell(2, 0)) for m in legal_moves(soulcast))


# --- the end ----------------------------------------------------------------------------------

# The blue King on (1, 0) faces a red Tower and two red Knights (3 + 2 + 2); red throws its King
# on (1, 1), next to its Squire on (0, 1): 12 against health 10.
KING_HUNT = {
    (1, 0): "b Ki",
    (0, 0): "r To",
    (1, -1): "r Kn",
    (2, 0): "r Kn",
    (0, 1): "r Sq",
    (9, 9): "b Sq",
}


def king_captured() -> State:
    return throw(position(KING_HUNT, red=(KI, SQ)), KI, 1, 1)


@pytest.mark.rule("alethi", "end-by-capture")
def test_capturing_the_king_wins() -> None:
    """When a King is captured its owner loses at once, whatever else stands on the field."""
    state = king_captured()
    assert captured_cells(state) == {(1, 0)}
    assert outcome(state) == Outcome.win({0}, 2, "blue's King was captured")
    assert is_over(state)
    assert current_player(state) is None
    assert legal_moves(state) == ()
    assert state.phase is Phase.OVER


@pytest.mark.rule("alethi", "end-by-capture")
def test_player_without_uncaptured_cards_loses() -> None:
    """A player whose cards on the field are all captured loses, even with cards in the
    barracks."""
    picture = {**NEXT_TO_TARGET, (5, 5): "b Kn x"}
    del picture[(9, 9)]
    state = throw(position(picture, red=(KN,), blue=(KI, TO)), KN, 1, 1)
    assert outcome(state) == Outcome.win({0}, 2, "blue has no uncaptured card on the field")


@pytest.mark.rule("alethi", "end-by-capture")
def test_both_kings_captured_at_once_is_a_draw() -> None:
    """Red throws its King next to the blue King: each King faces 11 attack, both fall in the
    same check, and the game is a draw."""
    picture = {
        (1, 0): "b Ki",
        (2, 0): "r To",
        (1, -1): "r Ge",
        (0, -1): "r Sq",
        (0, 1): "b Ge",
        (-1, 0): "b To",
    }
    state = throw(position(picture, red=(KI,), blue=(SQ,)), KI, 0, 0)
    assert captured_cells(state) == {(0, 0), (1, 0)}
    result = outcome(state)
    assert result is not None
    assert result.winners == frozenset()
    assert result.returns == (0.5, 0.5)
    assert result.is_draw
    assert "both sides lost at once" in result.reason


@pytest.mark.rule("alethi", "end-by-capture")
def test_both_sides_without_uncaptured_cards_is_a_draw() -> None:
    """When both sides lose their last uncaptured cards in one check the game is a draw: here an
    army whose Squires (attack 4) capture each other at the set-up."""
    army = tuple(attrs.evolve(card, attack=4) if card.kind is SQ else card for card in DEFAULT_ARMY)
    state = new_game(Config(army=army, first_player=0), seed=0)
    assert captured_cells(state) == {(0, 0), (1, 0), (0, 1), (1, 1)}
    result = outcome(state)
    assert result is not None and result.is_draw
    assert "both sides lost at once" in result.reason


@pytest.mark.rule("alethi", "end-by-count")
def test_all_cards_played_more_uncaptured_cards_wins() -> None:
    """Once both barracks are empty at the end of a turn, more uncaptured cards wins."""
    picture = {(0, 0): "r Sq", (1, 0): "r Sq", (0, 1): "b Sq", (1, 1): "b Sq"}
    state = throw(position(picture, red=(SQ,), blue=()), SQ, -1, 0)
    assert outcome(state) == Outcome.win(
        {0}, 2, "all cards played, red has more uncaptured cards (3 to 2)"
    )


@pytest.mark.rule("alethi", "end-by-count")
def test_all_cards_played_equal_count_is_a_draw() -> None:
    """Once both barracks are empty, an equal number of uncaptured cards is a draw."""
    picture = {
        (0, 0): "r Sq",
        (1, 0): "r Sq",
        (0, 1): "b Sq",
        (1, 1): "b Sq",
        (2, 1): "b Sq",
        (5, 5): "r Kn x",
    }
    state = throw(position(picture, red=(SQ,), blue=()), SQ, -1, 0)
    assert outcome(state) == Outcome.draw(2, "all cards played, 3 uncaptured cards each")


@pytest.mark.rule("alethi", "end-by-count")
def test_count_waits_for_the_end_of_the_turn() -> None:
    """After the last card is thrown, the thrower still has its scout phase before the count."""
    picture = {(0, 0): "r Sq", (1, 0): "r Sq", (0, 1): "b Sq", (1, 1): "b Sq", (0, -1): "r Sc"}
    state = throw(position(picture, red=(SQ,), blue=()), SQ, -1, 0)
    assert (state.to_move, state.phase, state.result) == (RED, Phase.SCOUT, None)
    ended = apply_move(state, Pass())
    assert outcome(ended) == Outcome.win(
        {0}, 2, "all cards played, red has more uncaptured cards (4 to 2)"
    )


# --- the set-up -------------------------------------------------------------------------------


@pytest.mark.rule("alethi", "set-up")
def test_set_up_places_two_squires_each_and_ten_cards_in_each_barracks() -> None:
    """Red's Squires start on (0, 0) and (1, 0), blue's on (0, 1) and (1, 1); the other ten cards
    of each army form its barracks."""
    state = new_game(seed=0)
    assert set(state.field) == {
        Placed(RED, SQ, Cell(0, 0)),
        Placed(RED, SQ, Cell(1, 0)),
        Placed(BLUE, SQ, Cell(0, 1)),
        Placed(BLUE, SQ, Cell(1, 1)),
    }
    barracks = (SQ, SQ, SQ, KN, KN, TO, SC, SO, GE, KI)
    assert state.barracks == (barracks, barracks)
    assert (state.removed, state.turn, state.result) == ((), 1, None)


@pytest.mark.rule("alethi", "who-starts")
@pytest.mark.parametrize("first", [0, 1])
def test_config_fixes_the_first_player(first: int) -> None:
    """``Config(first_player=...)`` decides who starts, whatever the seed."""
    for seed in range(16):
        state = new_game(Config(first_player=first), seed=seed)
        assert current_player(state) == first


@pytest.mark.rule("alethi", "who-starts")
def test_who_starts_is_a_coin_flip_from_the_seed() -> None:
    """Without a fixed first player the seed decides: some seeds give red, some blue, and the
    same seed always gives the same game."""
    starters = {new_game(seed=seed).to_move for seed in range(32)}
    assert starters == {RED, BLUE}
    for seed in range(8):
        assert new_game(seed=seed) == new_game(seed=seed)


# --- errors -----------------------------------------------------------------------------------


def throw_state() -> State:
    return position(THROWING, red=(SQ,))


def scout_state() -> State:
    return position(SCOUTING, phase=Phase.SCOUT)


ILLEGAL: list[tuple[Callable[[], State], Move, str]] = [
    (soulcast_position, Throw(SQ, Cell(-2, 1)), "it is the soulcast phase, not the throw phase"),
    (throw_state, Soulcast(Cell(1, 0)), "it is the throw phase, not the soulcast phase"),
    (throw_state, Scout(Cell(0, 0), Cell(-1, 0)), "it is the throw phase, not the scout phase"),
    (scout_state, Throw(SQ, Cell(4, 0)), "it is the scout phase, not the throw phase"),
    (throw_state, Throw(KI, Cell(-1, 0)), "there is no king in red's barracks"),
    (
        throw_state,
        Throw(SQ, Cell(2, 0)),
        "(2,0) is not an empty cell next to an uncaptured red card",
    ),
    (throw_state, Pass(), "throwing may not be skipped while a card can be thrown"),
    (soulcast_position, Soulcast(Cell(3, 3)), "holds no uncaptured enemy card (not a King)"),
    (scout_state, Scout(Cell(3, 0), Cell(4, 0)), "there is no uncaptured red Scout on (3,0)"),
    (scout_state, Scout(Cell(0, 0), Cell(9, 9)), "is not an empty cell next to another uncaptured"),
    (king_captured, Pass(), "the game is over"),
    (king_captured, Throw(SQ, Cell(-1, 0)), "the game is over"),
]


@pytest.mark.parametrize(("make", "move", "why"), ILLEGAL, ids=[why for _, _, why in ILLEGAL])
def test_illegal_move_error_names_the_move_and_why(
    make: Callable[[], State], move: Move, why: str
) -> None:
    """A refused move raises ``IllegalMoveError`` (a ``ValueError``) naming the move and the
    reason, and leaves the state as it was."""
    state = make()
    before, moves_before = cardgames.to_json(state), legal_moves(state)
    with pytest.raises(IllegalMoveError) as error:
        apply_move(state, move)
    assert isinstance(error.value, ValueError)
    assert format_move(move) in str(error.value)
    assert why in str(error.value)
    assert cardgames.to_json(state) == before
    assert legal_moves(state) == moves_before


# --- notation ---------------------------------------------------------------------------------


@pytest.mark.rule("alethi", "move-notation")
def test_format_move_and_parse_move_round_trip() -> None:
    """``parse_move(s, format_move(m)) == m`` for every legal move of every phase, from a state
    and from a view."""
    states = [
        new_game(seed=1),
        soulcast_position(),
        scout_state(),
        position(THROWING, red=(SQ, KI)),
    ]
    for state in states:
        for move in legal_moves(state):
            text = format_move(move)
            assert parse_move(state, text) == move
            assert parse_move(view(state, 1), text) == move


@pytest.mark.rule("alethi", "move-notation")
@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("throw knight 3,1", Throw(KN, Cell(3, 1))),
        ("Throw Knight (3, 1)", Throw(KN, Cell(3, 1))),
        ("throw kn 3,1", Throw(KN, Cell(3, 1))),
        ("throw squire -1,0", Throw(SQ, Cell(-1, 0))),
        ("soulcast 2,1", Soulcast(Cell(2, 1))),
        ("scout 0,1 to 0,2", Scout(Cell(0, 1), Cell(0, 2))),
        ("scout (0, 1) -> (0, -2)", Scout(Cell(0, 1), Cell(0, -2))),
        ("PASS", Pass()),
        ("  pass ", Pass()),
    ],
)
def test_parse_move_reads_the_notation(text: str, move: Move) -> None:
    """The notation: ``throw KIND X,Y``, ``soulcast X,Y``, ``scout X,Y to X,Y``, ``pass``."""
    assert parse_move(new_game(seed=0), text) == move


@pytest.mark.rule("alethi", "move-notation")
@pytest.mark.parametrize(
    "text",
    [
        "",
        "jump 1,2",
        "throw dragon 1,2",
        "throw knight",
        "throw knight 1",
        "throw knight 1.5,2",
        "throw knight 1,2 now",
        "soulcast",
        "scout 1,1",
        "scout 1,1 to",
        "pass 1,1",
    ],
)
def test_parse_move_rejects_garbage(text: str) -> None:
    """Text that is not a move raises ``InvalidMoveError`` (a ``ValueError``)."""
    with pytest.raises(InvalidMoveError):
        parse_move(new_game(seed=0), text)
    with pytest.raises(ValueError):
        parse_move(new_game(seed=0), text)


# --- whole games against the rule book -----------------------------------------------------------
#
# A plain reading of the rules, written here without the library's shortcuts, that every state of
# a played game is held to: the moves offered, the phase and player reached, the barracks and the
# removed cards, the captures and the end.

Barracks = tuple[tuple[Kind, ...], tuple[Kind, ...]]
PHASES = (Phase.SOULCAST, Phase.THROW, Phase.SCOUT)


def changed_field(state: State, move: Move) -> tuple[Placed, ...]:
    """The field right after ``move`` changed it, before the capture check."""
    me = state.to_move
    if isinstance(move, Throw):
        return (*state.field, Placed(me, move.kind, move.at))
    if isinstance(move, Soulcast):
        return tuple(Placed(me, c.kind, c.at) if c.at == move.target else c for c in state.field)
    if isinstance(move, Scout):
        return tuple(Placed(me, c.kind, move.to) if c.at == move.scout else c for c in state.field)
    return state.field


def rule_book_moves(
    field: tuple[Placed, ...], barracks: Barracks, me: Colour, phase: Phase
) -> set[Move]:
    """The moves the rules allow ``me`` in ``phase`` (``Pass`` included where optional)."""
    occupied = {c.at for c in field}
    mine = [c for c in field if c.owner == me and not c.captured]

    def empty_next_to(cards: Iterable[Placed]) -> set[Cell]:
        return {n for c in cards for n in c.at.neighbours() if n not in occupied}

    if phase is Phase.THROW:
        return {Throw(kind, cell) for kind in barracks[me] for cell in empty_next_to(mine)}
    moves: set[Move] = {Pass()}
    if phase is Phase.SOULCAST and any(c.kind is SO for c in mine):
        moves |= {
            Soulcast(c.at)
            for c in field
            if c.owner != me and not c.captured and c.kind is not KI and c.kind in barracks[me]
        }
    if phase is Phase.SCOUT:
        for scout in (c for c in mine if c.kind is SC):
            others = [c for c in mine if c is not scout]
            moves |= {Scout(scout.at, cell) for cell in empty_next_to(others)}
    return moves


def has_decision(field: tuple[Placed, ...], barracks: Barracks, me: Colour, phase: Phase) -> bool:
    return any(not isinstance(m, Pass) for m in rule_book_moves(field, barracks, me, phase))


def uncaptured(field: tuple[Placed, ...], colour: Colour) -> int:
    return sum(1 for c in field if c.owner == colour and not c.captured)


def by_count(field: tuple[Placed, ...]) -> frozenset[int]:
    """The winners when the uncaptured cards are counted (none for a draw)."""
    red, blue = uncaptured(field, RED), uncaptured(field, BLUE)
    return frozenset() if red == blue else frozenset({0 if red > blue else 1})


def rule_book_next(
    before: State, move: Move, after: State
) -> tuple[Colour, Phase, int] | frozenset[int]:
    """Who decides next, in which phase and turn, or the winners (none for a draw) if the game
    ended; worked out from ``after``'s field and barracks."""
    field, barracks = after.field, after.barracks
    losers = {c.owner for c in field if c.kind is KI and c.captured}
    losers |= {colour for colour in Colour if uncaptured(field, colour) == 0}
    if losers:
        return frozenset() if len(losers) == 2 else frozenset({losers.pop().opponent})
    player, turn = before.to_move, before.turn
    phases = PHASES[PHASES.index(before.phase) + 1 :]
    for _ in range(3):
        for phase in phases:
            if has_decision(field, barracks, player, phase):
                return player, phase, turn
        if not barracks[0] and not barracks[1]:
            return by_count(field)
        if not any(
            has_decision(field, barracks, colour, phase)
            for colour in Colour
            for phase in (Phase.THROW, Phase.SOULCAST)
        ):
            return by_count(field)
        player, phases, turn = player.opponent, PHASES, turn + 1
    raise AssertionError("a turn with a throw must come within three turns")


def rule_book_barracks(state: State, move: Move) -> tuple[Barracks, tuple[Card, ...]]:
    """The barracks and the removed cards after ``move``."""
    me = state.to_move
    mine = list(state.barracks[me])
    removed = state.removed
    if isinstance(move, Throw):
        mine.remove(move.kind)
    if isinstance(move, Soulcast):
        victim = card_at(state, move.target.x, move.target.y)
        assert victim is not None
        mine.remove(victim.kind)
        removed = (*removed, Card(victim.owner, victim.kind))
    barracks = (tuple(mine), state.barracks[1]) if me is RED else (state.barracks[0], tuple(mine))
    return barracks, removed


Chooser = Callable[[State, tuple[Move, ...], random.Random], Move]


def random_move(state: State, moves: tuple[Move, ...], rng: random.Random) -> Move:
    return rng.choice(moves)


def greedy_move(state: State, moves: tuple[Move, ...], rng: random.Random) -> Move:
    return GreedyBot().choose(view(state, state.to_move), moves, rng)


def capture_seeking_move(state: State, moves: tuple[Move, ...], rng: random.Random) -> Move:
    """A move that captures something if there is one, else a random move (more captures, more
    ends by capture)."""
    captures = [m for m in moves if find_captures(changed_field(state, m), state.config)]
    return rng.choice(captures or list(moves))


def check_captures(state: State, move: Move, after: State) -> int:
    """``after``'s field is ``move``'s change plus exactly the captures of the full check."""
    raw = changed_field(state, move)
    assert {(c.owner, c.kind, c.at) for c in after.field} == {(c.owner, c.kind, c.at) for c in raw}
    fallen = {c.at for c in after.field if c.captured} - {c.at for c in raw if c.captured}
    assert fallen == set(find_captures(raw, state.config)), format_move(move)
    assert find_captures(after.field, state.config) == []
    return len(fallen)


def check_rule_book(state: State, move: Move, after: State) -> None:
    """``after`` is what the rule book says: barracks, removed cards, the next decision with
    exactly the rule book's moves, or the end with the rule book's winners."""
    assert (after.barracks, after.removed) == rule_book_barracks(state, move), format_move(move)
    expected = rule_book_next(state, move, after)
    if isinstance(expected, frozenset):
        assert after.result is not None, format_move(move)
        assert after.result.winners == expected
        assert after.result.is_draw is (not expected)
        assert (after.phase, current_player(after), legal_moves(after)) == (Phase.OVER, None, ())
        return
    assert after.result is None, after.result
    assert (after.to_move, after.phase, after.turn) == expected, format_move(move)
    moves = legal_moves(after)
    assert len(set(moves)) == len(moves)
    assert set(moves) == rule_book_moves(after.field, after.barracks, after.to_move, after.phase)


def play_checked(choose: Chooser, seed: int, check: Callable[[State, Move, State], object]) -> int:
    """Play one game with ``choose``, calling ``check`` on every move; the number of captures."""
    state = new_game(seed=seed)
    rng = random.Random(seed)
    captures = 0
    while not is_over(state):
        move = choose(state, legal_moves(state), rng)
        after = apply_move(state, move)
        check(state, move, after)
        captures += sum(c.captured for c in after.field) - sum(c.captured for c in state.field)
        state = after
    return captures


CHOOSERS = {"random": random_move, "capture-seeking": capture_seeking_move, "greedy": greedy_move}
GAMES = [("random", seed) for seed in range(30)] + [
    *(("capture-seeking", seed) for seed in range(30)),
    *(("greedy", seed) for seed in range(3)),
]


@pytest.mark.rule("alethi", "the-capture-check")
def test_find_captures_agrees_with_apply_move() -> None:
    """The cards ``apply_move`` turns over are exactly those the full capture check
    (``find_captures`` on the changed field) finds, move after move of whole games."""
    captures = sum(play_checked(CHOOSERS[name], seed, check_captures) for name, seed in GAMES)
    assert captures > 100  # the games did exercise the capture check


@pytest.mark.rule("alethi", "alethi")
def test_whole_games_follow_the_rule_book() -> None:
    """Move after move of whole games: the barracks, the removed cards, the player and phase
    reached (phases without a decision skipped), the moves offered and the end are what a plain
    reading of the rules gives."""
    ends: set[str] = set()
    for name, seed in GAMES:
        state = new_game(seed=seed)
        rng = random.Random(seed)
        while not is_over(state):
            move = CHOOSERS[name](state, legal_moves(state), rng)
            after = apply_move(state, move)
            check_rule_book(state, move, after)
            state = after
        result = outcome(state)
        assert result is not None
        ends.add(result.reason.split(",")[0].split(":")[0])
    # Games ended by capture and by count alike.
    assert any("King" in end or "no uncaptured" in end for end in ends), ends
    assert "all cards played" in ends, ends


# --- golden replay ----------------------------------------------------------------------------

GOLDEN = Path(__file__).parent / "golden" / "alethi-2024.json"


def golden_record() -> GameRecord:
    return cardgames.arena.play(GAME, [GreedyBot(), cardgames.bots.RandomBot()], seed=2024)


# When a rules change is meant to alter play, regenerate the file on purpose and review the diff:
#     .venv/bin/python tests/test_alethi_rules.py
def test_golden_replay_alethi_2024() -> None:
    """A stored game (GreedyBot against RandomBot, seed 2024) replays to its stored outcome, and
    playing it again gives the identical record: a rules change that alters play shows here."""
    record = GameRecord.from_json(GOLDEN.read_text())
    assert (record.game, record.seed, record.players) == ("alethi", 2024, ("greedy", "random"))
    final = record.final_state()
    assert isinstance(final, State)
    assert is_over(final)
    assert outcome(final) == record.outcome
    assert golden_record() == record


if __name__ == "__main__":
    GOLDEN.write_text(golden_record().to_json() + "\n")
    print(f"wrote {GOLDEN}")
