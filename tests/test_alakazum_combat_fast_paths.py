"""Alakazum!'s quick ways of making members, changing hands, carrying a combat over a move and
dealing a new game, held step by step through random games of every preset to the plain reading
they stand for: attrs' own ``Member``, hands rebuilt by slicing, a combat copied into a draft and
frozen again, a new state made by attrs from the config's lists."""

from __future__ import annotations

import bisect
import copy
import operator
import pickle

import attrs
import pytest

from cardgames import alakazum
from cardgames.alakazum import combat, rules
from cardgames.alakazum.cards import Card, Kind, Level
from cardgames.alakazum.draft import (
    TRUSTED,
    CombatDraft,
    Draft,
    draft_of,
    new_member,
    start_combat,
    with_level,
)
from cardgames.alakazum.state import Combat, Member, Phase
from cardgames.alakazum.tables import tables_of
from cardgames.rng import Rng
from random_play import random_states

PRESETS = sorted(alakazum.GAME.presets)
SEEDS = range(3)

_by_name = operator.attrgetter("name")


def _states(preset: str) -> list[alakazum.State]:
    config = alakazum.GAME.presets[preset]
    return [s for seed in SEEDS for s in random_states(alakazum, config, seed, alakazum.State)]


def _same_member(made: Member, plain: Member) -> None:
    """``made`` is a member as attrs makes it: its class, value, hash, text and copies."""
    assert type(made) is Member
    assert made == plain
    assert (made != plain) is False
    assert hash(made) == hash(plain) == hash(made)  # the cached hash, worked out and kept
    assert repr(made) == repr(plain)
    assert pickle.loads(pickle.dumps(made)) == plain
    assert copy.deepcopy(made) == plain
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.level = Level.C  # type: ignore[misc]


@pytest.mark.parametrize("preset", PRESETS)
def test_members_made_by_the_rules_are_the_members_attrs_makes(preset: str) -> None:
    """Every member of every team, made again by ``new_member`` (and at every level by
    ``with_level``), is the member attrs' ``__init__`` makes, hash and all; and the members the
    rules made are such members too."""
    members = {m for state in _states(preset) for team in state.teams for m in team}
    assert members
    for member in members:
        fields = (member.card, member.level, member.broom, member.cape)
        _same_member(member, Member(*fields))
        _same_member(new_member(*fields), Member(*fields))
        for level in Level:
            _same_member(with_level(member, level), Member(member.card, level, *fields[2:]))
    card = next(iter(members)).card
    _same_member(new_member(card), Member(card))


def _plain_add(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """Cards put into a hand one by one, each after the cards of its name (the plain reading of
    ``Draft.add_to_hand``)."""
    for card in cards:
        at = bisect.bisect_right(hand, card.name, key=_by_name)
        hand = (*hand[:at], card, *hand[at:])
    return hand


def _plain_take(hand: tuple[Card, ...], name: str) -> tuple[Card, tuple[Card, ...]]:
    """The first card named ``name`` and the hand without it (the plain reading of
    ``Draft.take_from_hand``)."""
    i = [card.name for card in hand].index(name)
    return hand[i], hand[:i] + hand[i + 1 :]


def _with(hands: tuple[tuple[Card, ...], ...], player: int, hand: tuple[Card, ...]) -> object:
    return (*hands[:player], hand, *hands[player + 1 :])


@pytest.mark.parametrize("preset", PRESETS)
def test_hands_change_as_the_plain_reading_changes_them(preset: str) -> None:
    """In every state of random games, on the twin draft and the readable one: taking each
    card of each hand, putting the market deck's top cards into each hand, and drawing them
    from the market deck give the hands (and the card) the plain reading gives; the state the
    draft came from is unchanged."""
    for state in _states(preset)[::3]:
        before = (state.hands, state.market)
        for make in (draft_of, Draft):
            for player, hand in enumerate(state.hands):
                for name in sorted({card.name for card in hand}):
                    d = make(state)
                    card, rest = _plain_take(hand, name)
                    assert d.take_from_hand(player, name) == card
                    assert d.hands == _with(state.hands, player, rest)
                top = state.market[-3:]
                d = make(state)
                d.add_to_hand(player, *top)
                assert d.hands == _with(state.hands, player, _plain_add(hand, top))
                d = make(state)
                d.draw_market(player, 3)
                drawn = tuple(reversed(top))
                assert d.hands == _with(state.hands, player, _plain_add(hand, drawn))
                assert d.market == state.market[: len(state.market) - len(top)]
        assert (state.hands, state.market) == before


@pytest.mark.parametrize("preset", PRESETS)
def test_a_combat_carried_over_a_move_is_a_plain_combat(preset: str) -> None:
    """Every combat under way, drafted and finished unchanged, comes back an equal ``Combat``
    of its own; one changed on the draft leaves the state it came from as it was."""
    seen = 0
    for state in _states(preset):
        fight = state.combat
        if fight is None:
            continue
        seen += 1
        kept = attrs.astuple(fight, recurse=False)
        again = draft_of(state).finish().combat
        assert type(again) is Combat and again == fight and again is not fight
        assert hash(again) == hash(fight)
        d = draft_of(state)
        assert d.combat is not None
        d.combat.points = (99, 99)
        d.combat.passes += 1
        changed = d.finish().combat
        assert type(changed) is Combat and changed.points == (99, 99)
        assert attrs.astuple(fight, recurse=False) == kept
    assert seen > 0


@pytest.mark.parametrize("preset", PRESETS)
def test_fights_and_fighters_are_the_plain_ones_in_every_preset(preset: str) -> None:
    """In every state of random games: the fights against each team and the choice of fighter
    are one move per member, in the team's order."""
    for state in _states(preset):
        fights = tables_of(state.config).fights
        for player, team in enumerate(state.teams):
            read = tuple(fights[player][m.card.name] for m in team)
            assert read == tuple(combat.fight_moves(player, team))
            assert read == tuple(alakazum.Fight(player, m.card.name) for m in team)
            assert combat.fighter_moves(team) == tuple(alakazum.Fighter(m.card.name) for m in team)


def _plain_new_game(config: alakazum.Config, seed: int) -> alakazum.State:
    """A new game as attrs' ``__init__`` makes it from the config's own lists, with the same
    deal (the plain reading of ``new_game``'s construction)."""
    n = config.players
    enemies, forest, hands, exchanges, starter, rng = rules.deal(
        n, config.final_enemies, config.forest_cards, Rng.from_seed(seed)
    )
    start = config.start_cards
    return alakazum.State(
        config=config,
        phase=alakazum.Phase.CHOOSE,
        to_move=starter,
        active=starter,
        turn=0,
        forest=forest,
        market=tuple(c for c in start if c.kind is not Kind.CHARACTER),
        hands=hands,
        teams=((),) * n,
        cemetery=(),
        removed=(),
        enemies=enemies,
        enemy_up=(False,) * len(enemies),
        known=(frozenset(),) * n,
        seen=(0,) * n,
        start_row=tuple(c for c in start if c.kind is Kind.CHARACTER),
        exchanges=exchanges,
        rng=rng,
    )


@pytest.mark.parametrize("preset", PRESETS)
def test_a_new_game_is_the_one_attrs_makes_from_the_configs_lists(preset: str) -> None:
    """New games of every preset (and of a config made anew, and of one with lists of its own)
    are, field by field, the state attrs makes from the config's lists, known playable."""
    base = alakazum.GAME.presets[preset]
    again = alakazum.Config(players=base.players, expansion=base.expansion)
    own = alakazum.Config(players=base.players, forest=base.forest_cards[::-1])
    for config in (base, again, own):
        for seed in (*SEEDS, 1_000_003, 2**40):
            made = alakazum.new_game(config, seed=seed)
            plain = _plain_new_game(config, seed)
            assert type(made) is alakazum.State
            fields = [field.name for field in attrs.fields(alakazum.State) if field.init]
            assert [getattr(made, name) for name in fields] == [
                getattr(plain, name) for name in fields
            ]
            assert made == plain and hash(made) == hash(plain)
            assert made._memo is TRUSTED
            assert alakazum.legal_moves(made) == alakazum.legal_moves(plain)


def _plain_meet(d: Draft, card: Card) -> None:
    """A forest character met, the plain way: a member made for it, its points rolled as any
    member's, and the combat started as a CombatDraft."""
    points, roll = combat._rolled(d, new_member(card))
    d.combat = CombatDraft.start(d.active, None, card, points, roll or 0)
    combat._choose_fighter(d)


@pytest.mark.parametrize("preset", PRESETS)
def test_a_forest_character_met_starts_the_plain_combat(preset: str) -> None:
    """In every fifth state of random games in the action phase, every third character card of
    the config met from the forest gives the next state (combat, die and all) the plain way
    gives."""
    config = alakazum.GAME.presets[preset]
    characters = [c for c in config.forest_cards if c.kind is Kind.CHARACTER]
    assert characters
    met = 0
    for state in _states(preset)[::5]:
        if state.phase is not Phase.ACTION:
            continue
        for card in characters[::3]:
            quick = draft_of(state)
            combat.meet(quick, card)
            plain = draft_of(state)
            _plain_meet(plain, card)
            after, expected = quick.finish(), plain.finish()
            assert after == expected
            assert after.rng.state == expected.rng.state
            if after.combat is not None:  # (a combat with nothing to decide is over at once)
                assert type(after.combat) is Combat and after.combat == expected.combat
                met += 1
    assert met > 0


@pytest.mark.parametrize("preset", PRESETS)
def test_a_combat_started_as_a_twin_is_the_plain_start(preset: str) -> None:
    """``start_combat`` with the fields of each combat of random games (and a die or none)
    freezes to the combat ``CombatDraft.start`` freezes to, through a readable Draft and the
    draft a move works on alike."""
    seen = 0
    for state in _states(preset):
        fight = state.combat
        if fight is None:
            continue
        seen += 1
        for roll in (0, 4):
            args = (fight.attacker, fight.defender, fight.opponent, fight.points[1], roll)
            plain = CombatDraft.start(*args).freeze()
            assert start_combat(*args).freeze() == plain
            for d in (Draft(state), draft_of(state)):
                d.combat = start_combat(*args)
                made = d.finish().combat
                assert type(made) is Combat and made == plain
                assert hash(made) == hash(plain) and repr(made) == repr(plain)
    assert seen > 0
