"""Alakazum!'s quick move path held, step by step through random games of every preset, to the
plain reading of the rules it stands for: the action phase's moves read from the hand's table,
the potions, the Alakazum's points, and the tables themselves."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from cardgames import alakazum
from cardgames.alakazum import combat, generate, potions, rules, spells, tables
from cardgames.alakazum.cards import Card, Culture, Kind, Level
from cardgames.alakazum.config import all_cards
from cardgames.alakazum.draft import (
    ATTACKER,
    DEFENDER,
    TRUSTED,
    Draft,
    distinct,
    draft_of,
    faces,
    side_owner,
)
from cardgames.alakazum.ending import can_cast_alakazum, ready_by_names, ready_for_alakazum
from cardgames.alakazum.market import market_moves
from cardgames.alakazum.potions import die_moves, potion_moves
from cardgames.alakazum.spells import spell_moves
from cardgames.alakazum.tables import Hand, hand_of
from random_play import random_states

PRESETS = sorted(alakazum.GAME.presets)
SEEDS = range(4)


def _playout(config: alakazum.Config, seed: int) -> list[alakazum.State]:
    """Every state of a seeded random game, the last one (over) included."""
    rng = random.Random(seed)
    state = alakazum.new_game(config, seed=seed)
    states = [state]
    while not alakazum.GAME.is_over(state):
        moves = alakazum.legal_moves(state)
        state = alakazum.apply_move(state, moves[rng.randrange(len(moves))])
        states.append(state)
    return states


def _plain_potion_moves(state: alakazum.State, combat: Any, side: int) -> list[alakazum.Move]:
    """The potions a side may play while bidding, card by card as the rulebook lists them."""
    hand = state.hands[side_owner(combat, side)]
    duel = combat.defender is not None
    if not duel and combat.points[ATTACKER] > combat.points[DEFENDER]:
        return []
    stealable = any(by != side and points > 0 for by, _, points in combat.potions)
    moves: list[alakazum.Move] = []
    for card in distinct(hand):
        if card.kind in (Kind.COMBAT_POTION, Kind.DOUBLE_POTION):
            moves.append(alakazum.Drink(card.name, alakazum.Effect.COMBAT))
        elif card.kind is Kind.ROBBERY and duel and stealable:
            moves.append(alakazum.Drink(card.name, alakazum.Effect.ROBBERY))
    return moves


def _plain_die_moves(state: alakazum.State, combat: Any) -> list[alakazum.Move]:
    hand = state.hands[side_owner(combat, combat.roller or 0)]
    return [
        alakazum.Drink(card.name, alakazum.Effect.DIE)
        for card in distinct(hand)
        if card.kind in (Kind.DIE_POTION, Kind.DOUBLE_POTION)
    ]


def _check_hand(config: alakazum.Config, hand: tuple[Card, ...]) -> None:
    """A hand's table says what its cards say one by one."""
    found = hand_of(config, hand)
    assert found is hand_of(config, tuple(hand))  # one table per hand of these cards
    assert list(found.market) == market_moves(faces(hand))
    kinds = (Kind.MEAL, Kind.BROOM, Kind.CAPE, Kind.CRYSTAL_BALL, Kind.RECOVERY_POTION)
    assert list(found.objects) == [c for c in faces(hand) if c.kind in kinds]
    assert found.hats == tuple((c.name, c.value) for c in hand if c.kind is Kind.HAT)
    assert found.cauldrons == sum(c.value for c in hand if c.kind is Kind.CAULDRON)
    assert found.amulets == sum(c.value for c in hand if c.kind is Kind.AMULET)
    objects = [c for c in hand if c.kind is Kind.OBJECT]
    assert dict(found.points) == {
        c.culture: sum(o.value for o in objects if o.culture is c.culture) for c in objects
    }
    assert found.extra == found.amulets + sum(c.value for c in objects)
    assert found.robbery == any(c.kind is Kind.ROBBERY for c in hand)


@pytest.mark.parametrize("preset", PRESETS)
def test_the_quick_move_path_lists_what_the_plain_rules_list(preset: str) -> None:
    """In every state of random games: the action phase's moves, the potions of a combat, the
    die potions of a hypnosis roll, whether each player may cast the Alakazum, and each hand's
    table are those of the plain reading."""
    config = alakazum.GAME.presets[preset]
    seen: dict[str, int] = {"action": 0, "potions": 0, "hypnosis": 0, "ready": 0}
    for seed in SEEDS:
        for state in _playout(config, seed):
            for player, hand in enumerate(state.hands):
                _check_hand(config, hand)
                team = state.teams[player]
                ready = ready_for_alakazum(team, hand_of(config, hand), config.cultures)
                assert ready == can_cast_alakazum(team, hand, config.cultures)
                seen["ready"] += ready
            phase = state.phase
            combat = state.combat
            if phase is alakazum.Phase.ACTION:
                player = state.active
                quick = generate._quick_action_moves(state, player)
                assert quick == tuple(generate._action_moves(state))
                assert alakazum.legal_moves(state) == quick
                assert set(quick) >= set(spell_moves(state, player))
                seen["action"] += 1
            elif combat is not None:
                side = combat.to_act
                assert potion_moves(state, combat, side) == _plain_potion_moves(state, combat, side)
                assert die_moves(state, combat) == _plain_die_moves(state, combat)
                seen[phase.value] = seen.get(phase.value, 0) + 1
    assert all(seen[key] > 0 for key in ("action", "potions", "ready"))


def _fields(value: Any) -> list[object]:
    return [getattr(value, field.name) for field in attrs.fields(type(value)) if field.init]


@pytest.mark.parametrize("preset", PRESETS)
def test_a_game_plays_the_same_through_the_readable_draft(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Step by step, random games give the same states, memos and legal moves whether each
    move works on the twin ``draft_of`` makes or on the readable ``Draft``; and every state
    drafted and finished unchanged by either comes back the same."""
    config = alakazum.GAME.presets[preset]
    quick = [_playout(config, seed) for seed in SEEDS]
    for states in quick:
        for state in states:
            again = draft_of(state).finish()
            assert type(again) is alakazum.State
            assert _fields(again) == _fields(Draft(state).finish()) == _fields(state)
            assert again._memo is TRUSTED
    monkeypatch.setattr(rules, "draft_of", Draft)
    for seed, states in zip(SEEDS, quick, strict=True):
        plain = _playout(config, seed)
        assert plain == states
        for mine, theirs in zip(states, plain, strict=True):
            assert _fields(mine) == _fields(theirs)
            assert type(mine._memo) is type(theirs._memo)
            assert alakazum.legal_moves(mine) == alakazum.legal_moves(theirs)


def test_the_tables_of_a_config_are_its_own() -> None:
    """Each config has its tables, found by identity: an equal config made anew gets tables of
    its own, equal in what they say."""
    config = alakazum.GAME.presets["expansion"]
    again = alakazum.Config(players=config.players, expansion=config.expansion)
    assert again == config
    assert tables.tables(config) is tables.tables(config)
    assert tables.tables(again) is not tables.tables(config)
    assert tables.tables(again).cultures == tables.tables(config).cultures == config.cultures
    dolls = tables.tables(config).dolls
    assert dolls == tuple(distinct(c for c in all_cards(config) if c.kind is Kind.DOLL))
    assert len(dolls) == 1


def test_the_hands_met_are_forgotten_past_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table of hands keeps at most ``MOST_HANDS`` of them, and a hand forgotten is worked
    out again the same."""
    monkeypatch.setattr(tables, "MOST_HANDS", 3)
    config = alakazum.Config(players=3)
    found = tables.tables(config)
    found.hands.clear()
    hands = [
        tuple(sorted(c for c in all_cards(config)[i : i + 5] if c.kind.is_hand)) for i in range(8)
    ]
    made = [hand_of(config, hand) for hand in hands]
    assert len(found.hands) <= 3
    for hand, first in zip(hands, made, strict=True):
        again = hand_of(config, hand)
        assert isinstance(again, Hand)
        assert (again.market, again.objects, again.hats) == (
            first.market,
            first.objects,
            first.hats,
        )


def test_hands_of_cards_named_alike_in_two_configs_are_each_their_configs() -> None:
    """A hand is known by its cards' names only within its config: the same names in a config
    whose hats give more energy give that config's energy, and its games list the casts the
    plain reading lists."""
    base = alakazum.Config()

    def stronger(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(c._replace(value=c.value + 1) if c.kind is Kind.HAT else c for c in cards)

    other = alakazum.Config(forest=stronger(base.forest_cards), start=stronger(base.start_cards))
    mine = tuple(sorted(c for c in all_cards(base) if c.kind is Kind.HAT)[:2])
    theirs = tuple(sorted(c for c in all_cards(other) if c.kind is Kind.HAT)[:2])
    assert [name for name, _ in hand_of(base, mine).hats] == [
        n for n, _ in hand_of(other, theirs).hats
    ]
    assert [v for _, v in hand_of(other, theirs).hats] == [
        v + 1 for _, v in hand_of(base, mine).hats
    ]
    for config in (base, other):
        for state in _playout(config, 5):
            if state.phase is alakazum.Phase.ACTION:
                quick = generate._quick_action_moves(state, state.active)
                assert quick == tuple(generate._action_moves(state))


def _worked_out(hand: Hand, name: str) -> bool:
    """Whether the slot ``name`` of ``hand`` is set (read past ``__getattr__``)."""
    slot: Any = vars(Hand)[name]
    try:
        slot.__get__(hand, Hand)
    except AttributeError:
        return False
    return True


def test_a_hands_table_works_out_each_group_when_first_read() -> None:
    """A hand's table works out its three groups of fields (the action phase's, a combat's, the
    end of a turn's) one at a time, when a field of the group is first read; read in any order
    they say what the hand's cards say, and a name that is no field is refused as usual."""
    config = alakazum.GAME.presets["expansion"]
    groups = (
        ("market", "objects", "hats", "cauldrons"),
        ("drinks", "robbery", "die_drinks"),
        ("points", "amulets", "extra"),
    )
    hands = {hand for seed in SEEDS for state in _playout(config, seed) for hand in state.hands}
    assert len(hands) > 50
    for index, hand in enumerate(sorted(hands)):
        fresh = Hand(hand)
        order = groups[index % 3 :] + groups[: index % 3]
        for group in order:
            assert not any(_worked_out(fresh, name) for name in group)
            getattr(fresh, group[index % len(group)])
            assert all(_worked_out(fresh, name) for name in group)
        _check_hand(config, hand)
        kept = hand_of(config, hand)
        for name in (name for group in groups for name in group):
            assert getattr(fresh, name) == getattr(kept, name)
    with pytest.raises(AttributeError):
        _ = Hand(()).nothing


@pytest.mark.parametrize("preset", ["default", "expansion-4"])
def test_fights_and_fighters_made_once_are_the_plain_ones(preset: str) -> None:
    """In every state of random games: the fights the action phase lists (made once per config,
    by player and name) are the plain fights, and the choice of fighter is one per member, in
    order."""
    config = alakazum.GAME.presets[preset]
    for seed in SEEDS:
        for state in _playout(config, seed):
            fights = tables.tables_of(config).fights
            for player, team in enumerate(state.teams):
                read = [fights[player][m.card.name] for m in team]
                assert read == combat.fight_moves(player, team)
                assert combat.fighter_moves(team) == tuple(
                    alakazum.Fighter(m.card.name) for m in team
                )
            if state.phase is alakazum.Phase.FIGHTER:
                assert state.to_move is not None
                team = state.teams[state.to_move]
                assert alakazum.legal_moves(state) == combat.fighter_moves(team)


def test_tables_of_is_the_memo_of_the_configs_tables() -> None:
    """``tables_of`` gives what the memo gives: the tables of the config itself, made once, and
    an equal config's own."""
    config = alakazum.GAME.presets["five"]
    again = alakazum.Config(players=config.players, expansion=config.expansion)
    assert tables.tables_of(config) is tables.tables(config) is tables.tables_of(config)
    assert tables.tables_of(again) is tables.tables(again) is not tables.tables_of(config)


@pytest.mark.parametrize("preset", PRESETS)
def test_the_tables_by_name_say_what_each_card_says(preset: str) -> None:
    """What the config's tables give for each card name is what that card gives by the
    rules, card by card: its market trip (never a voodoo doll's), the object it is given as,
    its hat's energy, its cauldron's energy, the potion it is bid or drunk as, and the
    points it adds to an Alakazum (an amulet's for every culture)."""
    config = alakazum.GAME.presets[preset]
    found = tables.tables_of(config)
    cards = {c.name: c for c in all_cards(config)}
    givable = (Kind.MEAL, Kind.BROOM, Kind.CAPE, Kind.CRYSTAL_BALL, Kind.RECOVERY_POTION)
    for name, card in cards.items():
        assert tables.card_name(card) == card.name == name
        kind = card.kind
        assert found.market.get(name) == (None if kind is Kind.DOLL else alakazum.Market(name))
        assert found.given.get(name) == (card if kind in givable else None)
        assert found.hats.get(name) == ((name, card.value) if kind is Kind.HAT else None)
        assert found.cauldron_energy.get(name) == (card.value if kind is Kind.CAULDRON else None)
        extra = {
            **dict.fromkeys(givable, (card, None, 0)),
            Kind.HAT: (None, (name, card.value), 0),
            Kind.CAULDRON: (None, None, card.value),
        }.get(kind)
        assert found.extras.get(name) == extra
        bid = {
            Kind.COMBAT_POTION: alakazum.Effect.COMBAT,
            Kind.DOUBLE_POTION: alakazum.Effect.COMBAT,
            Kind.ROBBERY: alakazum.Effect.ROBBERY,
        }.get(kind)
        assert found.bids.get(name) == (None if bid is None else alakazum.Drink(name, bid))
        assert (name in found.robberies) == (kind is Kind.ROBBERY)
        die = kind in (Kind.DIE_POTION, Kind.DOUBLE_POTION)
        drink = alakazum.Drink(name, alakazum.Effect.DIE)
        assert found.die_drinks.get(name) == (drink if die else None)
        points = {Kind.AMULET: (Culture.MULTI, card.value), Kind.OBJECT: (card.culture, card.value)}
        assert found.hand_points.get(name) == points.get(kind)
    assert set(found.market) | set(found.hand_points) <= set(cards)


def _plain_levitations(state: alakazum.State, player: int) -> list[alakazum.Move]:
    """Levitation's swaps, one own character free to go at a time, as the rulebook says."""
    moves: list[alakazum.Move] = []
    for mine in state.teams[player]:
        if mine.broom is not None:
            continue
        for other in range(state.config.players):
            if other != player:
                moves.extend(
                    alakazum.Swap(mine.card.name, m.card.name, other)
                    for m in state.teams[other]
                    if m.broom is None and m.level < Level.C
                )
        moves.extend(alakazum.Swap(mine.card.name, c.name, None) for c in state.cemetery)
    return moves


@pytest.mark.parametrize("preset", PRESETS)
def test_the_alakazum_check_and_levitation_by_names_are_the_plain_ones(preset: str) -> None:
    """In every state of random games, for every player: whether the Alakazum may be cast, read
    by names, is the plain count of points (and the hand's table's answer); Levitation's swaps
    are the plain ones, in order; the action phase's casts are those of the plain reading."""
    config = alakazum.GAME.presets[preset]
    found = tables.tables_of(config)
    seen = {"ready": 0, "swaps": 0, "hats": 0}
    for seed in SEEDS:
        for state in random_states(alakazum, config, seed, alakazum.State):
            for player, (team, hand) in enumerate(zip(state.teams, state.hands, strict=True)):
                ready = ready_by_names(team, hand, found)
                assert ready == can_cast_alakazum(team, hand, config.cultures)
                assert ready == ready_for_alakazum(team, hand_of(config, hand), config.cultures)
                seen["ready"] += ready
                swaps = spells._levitations(state, player)
                assert swaps == _plain_levitations(state, player)
                seen["swaps"] += len(swaps)
                hats = tuple((c.name, c.value) for c in hand if c.kind is Kind.HAT)
                cauldrons = sum(c.value for c in hand if c.kind is Kind.CAULDRON)
                if player == state.active and state.phase is alakazum.Phase.ACTION:
                    quick = spells.casts_with(state, player, hats, cauldrons)
                    assert quick == spell_moves(state, player)
                    seen["hats"] += bool(hats)
    assert all(seen.values())


@pytest.mark.parametrize("most", [1, 3])
def test_the_potions_kept_by_hand_are_bounded_and_the_plain_ones(
    most: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The potions a combat keeps for each hand met (by the hand's identity) stay within their
    bound and are the hand's own, and with any room each side is offered the plain potions."""
    monkeypatch.setattr(potions, "MOST_BIDS", most)
    config = alakazum.GAME.presets["expansion-5"]
    known = tables.tables_of(config).bids_by_hand
    known.clear()
    bids = 0
    for seed in SEEDS:
        for state in random_states(alakazum, config, seed, alakazum.State):
            combat = state.combat
            if combat is not None and state.phase is alakazum.Phase.POTIONS:
                side = combat.to_act
                assert potion_moves(state, combat, side) == _plain_potion_moves(state, combat, side)
                assert len(known) <= most
                for hand, drinks, robbery in known.values():
                    assert list(drinks) == list(Hand(hand).drinks)
                    assert robbery == any(c.kind is Kind.ROBBERY for c in hand)
                bids += 1
    assert bids > 0
    known.clear()
