"""Alakazum!'s action phase and Levitation read from the config's tables, held step by step
through random games of every preset to the plain reading: the objects' uses, the casts told
whether the player is poorer, the fights and the uses by name, and the swaps made once."""

from __future__ import annotations

import pytest

from cardgames import alakazum
from cardgames.alakazum import spells, tables
from cardgames.alakazum.cards import Kind, Level
from cardgames.alakazum.config import all_cards
from cardgames.alakazum.draft import distinct, faces
from cardgames.alakazum.ending import face_down
from cardgames.alakazum.moves import SPELL_COSTS, Cast, Fight, Swap, UseObject
from cardgames.alakazum.objects import object_moves, quick_object_moves
from cardgames.alakazum.spells import casts_of, one_to_peek, spell_moves
from random_play import random_states

PRESETS = sorted(alakazum.GAME.presets)
SEEDS = range(3)
_OBJECTS = (Kind.MEAL, Kind.BROOM, Kind.CAPE, Kind.CRYSTAL_BALL, Kind.RECOVERY_POTION)


def _plain_poorer(state: alakazum.State, player: int) -> bool:
    """The Miserable witch's condition as the rulebook says it."""
    mine = len(state.teams[player])
    richer = sum(len(team) > mine for other, team in enumerate(state.teams) if other != player)
    others = len(state.teams) - 1
    return richer >= (3 if len(state.teams) == 5 else others)


@pytest.mark.parametrize("preset", PRESETS)
def test_objects_casts_and_peeks_by_tables_are_the_plain_ones(preset: str) -> None:
    """In every state of random games, for every player: the objects' uses read from the tables,
    the casts told whether the player is poorer, and whether a final enemy is left to look at
    are those of the plain reading."""
    config = alakazum.GAME.presets[preset]
    found = tables.tables_of(config)
    seen = {"objects": 0, "casts": 0, "peek": 0}
    for seed in SEEDS:
        for state in random_states(alakazum, config, seed, alakazum.State):
            for player, hand in enumerate(state.hands):
                given = [c for c in faces(hand) if c.kind in _OBJECTS]
                quick = quick_object_moves(state, player, given, found)
                assert quick == object_moves(state, player, faces(hand))
                seen["objects"] += len(quick)
                hats = tuple((c.name, c.value) for c in hand if c.kind is Kind.HAT)
                cauldrons = sum(c.value for c in hand if c.kind is Kind.CAULDRON)
                poorer = _plain_poorer(state, player)
                casts = casts_of(state, player, hats, cauldrons, poorer)
                assert casts == spell_moves(state, player)
                seen["casts"] += len(casts)
                known = state.known[player]
                peek = one_to_peek(state.enemy_up, known)
                assert peek == bool(face_down(state, player, unknown=True))
                seen["peek"] += peek
    assert all(seen.values())


@pytest.mark.parametrize("preset", PRESETS)
def test_the_moves_by_name_are_the_plain_ones(preset: str) -> None:
    """Each player's fight against each character, each use of an object and each trip to the
    market a name gives are the moves the plain reading makes."""
    config = alakazum.GAME.presets[preset]
    found = tables.tables_of(config)
    cards = distinct(all_cards(config))
    characters = [c.name for c in cards if c.kind is Kind.CHARACTER]
    assert [list(by_name) for by_name in found.fights] == [characters] * config.players
    for player, by_name in enumerate(found.fights):
        assert all(fight == Fight(player, name) for name, fight in by_name.items())
    for card in cards:
        if card.kind in (Kind.BROOM, Kind.CAPE):
            assert found.equip[card.name] == {c: UseObject(card.name, None, c) for c in characters}
        if card.kind is Kind.MEAL:
            assert found.meals[card.name] == tuple(
                (culture, UseObject(card.name, culture)) for culture in card.cultures
            )
        if card.kind in (Kind.CRYSTAL_BALL, Kind.RECOVERY_POTION):
            assert found.uses[card.name] == UseObject(card.name)
        trip, extra = found.action[card.name]
        assert trip == found.market.get(card.name)
        assert extra == found.extras.get(card.name)
        assert found.action_without_market[card.name] == (None, extra)
    assert set(found.equip) | set(found.meals) | set(found.uses) == set(found.given)


def test_the_casts_without_hats_are_those_paid_by_power() -> None:
    """Every set of spells cast without hats gives the casts worked out with power enough."""
    power = max(SPELL_COSTS.values())
    for castables in range(1 << len(SPELL_COSTS)):
        expected = spells._casts((), power, castables)
        assert spells._PLAIN_CASTS[castables] == expected
        assert all(isinstance(cast, Cast) and cast.hats == () for cast in expected)


def _plain_swaps(state: alakazum.State, player: int) -> list[Swap]:
    """Levitation's swaps, made afresh: each own character free to go with each character of
    another player (not at level C, not on a broom), then of the cemetery."""
    swaps: list[Swap] = []
    for mine in state.teams[player]:
        if mine.broom is not None:
            continue
        for other, team in enumerate(state.teams):
            if other != player:
                for member in team:
                    if member.broom is None and member.level < Level.C:
                        swaps.append(Swap(mine.card.name, member.card.name, other))
        swaps.extend(Swap(mine.card.name, card.name, None) for card in state.cemetery)
    return swaps


@pytest.mark.parametrize("most", [2, 50])
def test_the_swaps_kept_are_bounded_and_the_plain_ones(
    most: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Levitation's swaps, made once per config and kept within their bound, are equal to the
    swaps made afresh, in the plain order, whatever the room."""
    monkeypatch.setattr(tables, "MOST_SWAPS", most)
    config = alakazum.GAME.presets["expansion-5"]
    found = tables.tables_of(config)
    found.swaps.clear()
    found.swaps_made[0] = 0
    characters = len(found.fights[0])
    listed = 0
    for seed in SEEDS:
        for state in random_states(alakazum, config, seed, alakazum.State):
            for player in range(config.players):
                swaps = spells._levitations(state, player)
                plain = _plain_swaps(state, player)
                assert swaps == plain
                listed += len(swaps)
                # The count is of the swaps kept; the table starts again once past the
                # bound, which one character's swaps (one per character at most) overrun.
                kept = sum(map(len, found.swaps.values()))
                assert kept == found.swaps_made[0] < most + characters
    assert listed > 0
    found.swaps.clear()
    found.swaps_made[0] = 0
