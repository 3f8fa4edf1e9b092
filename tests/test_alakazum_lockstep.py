"""Alakazum!'s move path held, step by step through random games of every preset, to the plain
reading of the rules in :mod:`cardgames.alakazum.reference`: the legal moves and the next
states, then each piece of the speed kit (:mod:`cardgames.alakazum._fast`) to what it stands
for: the config's tables to the cards they were made from, the moves made once to the moves
made anew, the twin drafts to the readable ``Draft``, the turn's exploration drawn at once to
the cards drawn one by one, members and new games to attrs' own."""

from __future__ import annotations

import bisect
import copy
import functools
import operator
import pickle
from collections import Counter
from typing import Any, cast

import attrs
import pytest

from cardgames import _kept, alakazum
from cardgames.alakazum import combat, reference, rules, spells, turn, voodoo
from cardgames.alakazum._fast import moves as fast_moves
from cardgames.alakazum._fast import tables as fast_tables
from cardgames.alakazum.cards import DIE_KINDS, Kind, Level, alakazum_points, may_show
from cardgames.alakazum.config import all_cards
from cardgames.alakazum.draft import (
    ATTACKER,
    DEFENDER,
    TRUSTED,
    CombatDraft,
    Draft,
    by_name,
    distinct,
    draft_of,
    faces,
    new_member,
    start_combat,
    with_level,
)
from cardgames.alakazum.ending import may_have_points
from cardgames.alakazum.generate import generate
from cardgames.alakazum.moves import SPELL_COSTS, Cast, Fight, UseObject
from cardgames.alakazum.objects import object_moves
from cardgames.alakazum.potions import potion_moves
from cardgames.alakazum.state import Combat, Member, Phase
from cardgames.rng import Rng
from lockstep import hold_to_reference
from random_play import random_states

State = alakazum.State
PRESETS = sorted(alakazum.GAME.presets)
SEEDS = range(3)
_OBJECTS = (Kind.MEAL, Kind.BROOM, Kind.CAPE, Kind.CRYSTAL_BALL, Kind.RECOVERY_POTION)
_by_name = operator.attrgetter("name")


def _states(preset: str, seeds: range = SEEDS) -> list[alakazum.State]:
    config = alakazum.GAME.presets[preset]
    return [s for seed in seeds for s in random_states(alakazum, config, seed, alakazum.State)]


def _fields(value: Any) -> list[object]:
    return [getattr(value, field.name) for field in attrs.fields(type(value)) if field.init]


# --- the legal moves and the next states -------------------------------------------------------


def test_the_game_plays_as_its_reference() -> None:
    """At every state of random games of every preset, ``legal_moves`` are the reference's in
    the same order, and each legal move (a sample, where there are many) leads to the state
    the reference's ``apply_move`` gives, played on the readable ``Draft``."""
    checked = hold_to_reference(alakazum.GAME, reference, seeds=range(4))
    assert checked > 10_000


@pytest.mark.parametrize("preset", PRESETS)
def test_each_listing_of_the_move_path_is_the_plain_one(preset: str) -> None:
    """For every player of every state of random games: the objects' uses read from the
    tables, the casts (with the hats and energy the action phase finds), Levitation's swaps
    read from the swaps' table, whether the Alakazum is offered as the table sees it, and the
    potions each side of a combat may bid are those of the reference."""
    config = alakazum.GAME.presets[preset]
    found = fast_tables.tables_of(config)
    seen: Counter[str] = Counter()
    for state in _states(preset):
        for player, (team, hand) in enumerate(zip(state.teams, state.hands, strict=True)):
            given = [c for c in faces(hand) if c.kind in _OBJECTS]
            quick = object_moves(state, player, given, found)
            assert quick == reference.object_moves(state, player)
            seen["objects"] += len(quick)
            hats = tuple((c.name, c.value) for c in hand if c.kind is Kind.HAT)
            power = spells.power(team, hand)
            casts = spells.casts(state, player, hats, power)
            assert list(casts) == reference.casts(state, player)
            seen["casts"] += len(casts)
            seen["paid with hats"] += any(cast.hats for cast in casts)
            swaps = spells._levitations(state, player)
            assert swaps == reference.levitations(state, player)
            seen["swaps"] += len(swaps)
            may = may_have_points(team, len(hand), found)
            assert may == reference.may_have_points(state, player)
            seen["may have points"] += may
        fight = state.combat
        if fight is not None:
            for side in (ATTACKER, DEFENDER) if fight.defender is not None else (ATTACKER,):
                bids = potion_moves(state, fight, side)
                assert bids == reference.potion_moves(state, fight, side)
                seen["bids"] += len(bids)
    assert all(seen[key] for key in ("objects", "casts", "paid with hats", "swaps", "bids"))


@pytest.mark.parametrize("preset", PRESETS)
def test_a_spell_may_be_cast_exactly_when_it_has_a_target(preset: str) -> None:
    """In every state of random games, for every player: each spell with a target is castable
    exactly when the reference lists a target for it, and the others as their conditions say;
    the casts offered in an action phase are of castable spells only."""
    seen: Counter[bool] = Counter()
    spell_kind = alakazum.Spell
    for state in _states(preset):
        for player in range(state.config.players):
            for spell in spell_kind:
                may = spells.castable(state, player, spell)
                if spell in (
                    spell_kind.TRAINING,
                    spell_kind.DIVINATION,
                    spell_kind.LEVITATION,
                    spell_kind.RESURRECT,
                ):
                    assert may == bool(reference.targets(state, player, spell))
                elif spell is spell_kind.MISERABLE_WITCH:
                    assert may == (bool(state.market) and spells.poorer(state, player))
                elif spell is spell_kind.MAGIC_OF_THE_FOREST:
                    assert may == bool(state.forest)
                else:
                    assert may == (not state.deja_vu)
                seen[may] += 1
        if state.phase is Phase.ACTION:
            offered = {m.spell for m in alakazum.legal_moves(state) if isinstance(m, Cast)}
            assert all(spells.castable(state, state.active, spell) for spell in offered)
    assert seen[True] and seen[False]


@pytest.mark.parametrize("preset", PRESETS)
def test_the_moves_worked_out_ahead_are_those_of_the_phase(preset: str) -> None:
    """In every state of random games whose phase a combat or a doll set, the moves the rules
    wrote into the state (before anybody asked for them) are those the phase's listing gives
    (the reference's), as ``legal_moves`` returns them."""
    ahead = (Phase.FIGHTER, Phase.SUPPORT, Phase.POTIONS, Phase.HYPNOSIS, Phase.DOLL)
    seen = dict.fromkeys(ahead, 0)
    for state in _states(preset):
        if state.phase not in ahead or state.result is not None:
            continue
        memo = state._memo
        assert type(memo) is tuple
        assert memo == generate(state) == reference.legal_moves(state)
        assert alakazum.legal_moves(state) is memo
        seen[state.phase] += 1
    assert seen[Phase.FIGHTER] and seen[Phase.POTIONS] and seen[Phase.SUPPORT]


def _renamed_config() -> alakazum.Config:
    """The five players' expansion with its +1 combat potions named to sort after the voodoo
    dolls, so that a hand's last card no longer says whether it holds a doll."""
    base = alakazum.GAME.presets["expansion-5"]
    forest = tuple(
        card._replace(name="Zombie potion +1") if card.name == "Combat potion +1" else card
        for card in base.forest_cards
    )
    assert forest != base.forest_cards
    return alakazum.Config(players=5, expansion=True, forest=forest)


def test_the_dolls_come_last_in_every_presets_hands() -> None:
    """In every preset the voodoo dolls' names sort after every other hand card's, so a hand is
    asked by its last card; with a card named after them, the whole hand is looked through."""
    for config in alakazum.GAME.presets.values():
        found = fast_tables.tables_of(config)
        assert found.dolls and found.dolls_last == {card.name for card in found.dolls}
    found = fast_tables.tables_of(_renamed_config())
    assert found.dolls and not found.dolls_last


@pytest.mark.parametrize("preset", [*PRESETS, "renamed"])
def test_the_doll_round_asks_the_players_of_the_reference(preset: str) -> None:
    """In every action phase of random games, each move announced is put to the players the
    reference's doll round lists, in its order, each offered the reference's moves (a holder
    may cancel or pass, any other player only pass); with nobody to ask, it is carried out.
    The same with a card named after the dolls."""
    if preset == "renamed":
        config = _renamed_config()
        states = [s for seed in SEEDS for s in random_states(alakazum, config, seed, State)]
    else:
        states = _states(preset)
    asked = holding = 0
    for state in states:
        if state.phase is not Phase.ACTION:
            continue
        to_ask = reference.doll_round(state)
        for move in alakazum.legal_moves(state):
            if isinstance(move, alakazum.Pass):
                continue
            d = draft_of(state)
            voodoo.announce(d, move)  # type: ignore[arg-type]
            if not to_ask:
                assert d.pending is None
                continue
            asked += 1
            first = to_ask[0]
            assert (d.phase, d.to_move, d.pending) == (Phase.DOLL, first, move)
            doll_state = d.finish()
            assert alakazum.legal_moves(doll_state) == reference.legal_moves(doll_state)
            holding += alakazum.Doll() in alakazum.legal_moves(doll_state)
            # the first asked passes: the next is asked, or the move is carried out
            again = draft_of(state)
            voodoo.announce(again, move)  # type: ignore[arg-type]
            voodoo.ask_next_doll(again, first)
            if len(to_ask) > 1:
                assert (again.phase, again.to_move) == (Phase.DOLL, to_ask[1])
                second = again.finish()
                assert alakazum.legal_moves(second) == reference.legal_moves(second)
                holding += alakazum.Doll() in alakazum.legal_moves(second)
            else:
                assert again.pending is None
    assert asked > 0 and holding > 0


# --- the config's tables -------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_the_tables_by_name_say_what_each_card_says(preset: str) -> None:
    """What the config's tables give for each card name is what that card gives by the
    rules' card predicates, card by card: its market trip (never a card that may not be shown),
    the object it is given as, its hat's energy, its cauldron's energy, the potion it is bid or
    drunk as, and the points it adds to an Alakazum."""
    config = alakazum.GAME.presets[preset]
    found = fast_tables.tables_of(config)
    cards = {c.name: c for c in all_cards(config)}
    for name, card in cards.items():
        assert fast_tables.card_name(card) == card.name == name
        kind = card.kind
        assert found.market.get(name) == (alakazum.Market(name) if may_show(card) else None)
        assert found.given.get(name) == (card if kind in _OBJECTS else None)
        assert found.hats.get(name) == ((name, card.value) if kind is Kind.HAT else None)
        assert found.cauldron_energy.get(name) == (card.value if kind is Kind.CAULDRON else None)
        extra = {
            **dict.fromkeys(_OBJECTS, (card, None, 0)),
            Kind.HAT: (None, (name, card.value), 0),
            Kind.CAULDRON: (None, None, card.value),
        }.get(kind)
        assert found.extras.get(name) == extra
        if kind.is_hand:
            trip, with_extra = found.action[name]
            assert (trip, with_extra) == (found.market.get(name), extra)
            assert found.action_without_market[name] == (None, extra)
            bid = reference.bids((card,))
            assert found.bids.get(name) == (bid[0] if bid else None)
            assert (name in found.robberies) == (kind is Kind.ROBBERY)
            die = alakazum.Drink(name, alakazum.Effect.DIE) if kind in DIE_KINDS else None
            assert found.die_drinks.get(name) == die
        assert found.hand_points.get(name) == alakazum_points(card)
    assert found.most_hand_points == reference.most_hand_points(config)
    assert set(found.market) | set(found.hand_points) <= set(cards)


@pytest.mark.parametrize("preset", PRESETS)
def test_the_moves_by_name_are_the_plain_ones(preset: str) -> None:
    """Each player's fight against each character, each use of an object and each trip to the
    market a name gives are the moves made anew; and in every state of random games the fights
    read by name and the choice of fighter are one move per member, in the team's order."""
    config = alakazum.GAME.presets[preset]
    found = fast_tables.tables_of(config)
    cards = distinct(all_cards(config))
    characters = [c.name for c in cards if c.kind is Kind.CHARACTER]
    assert [list(by_name) for by_name in found.fights] == [characters] * config.players
    for player, by_name_table in enumerate(found.fights):
        assert all(fight == Fight(player, name) for name, fight in by_name_table.items())
    for card in cards:
        if card.kind in (Kind.BROOM, Kind.CAPE):
            assert found.equip[card.name] == {c: UseObject(card.name, None, c) for c in characters}
        if card.kind is Kind.MEAL:
            assert found.meals[card.name] == tuple(
                (culture, UseObject(card.name, culture)) for culture in card.cultures
            )
        if card.kind in (Kind.CRYSTAL_BALL, Kind.RECOVERY_POTION):
            assert found.uses[card.name] == UseObject(card.name)
    assert set(found.equip) | set(found.meals) | set(found.uses) == set(found.given)
    for state in _states(preset, range(2)):
        for player, team in enumerate(state.teams):
            read = tuple(found.fights[player][m.card.name] for m in team)
            assert read == tuple(alakazum.Fight(player, m.card.name) for m in team)
            assert combat.fighter_moves(team) == tuple(alakazum.Fighter(m.card.name) for m in team)


def test_the_tables_of_a_config_are_its_own() -> None:
    """Each config has its tables, found by identity: an equal config made anew gets tables of
    its own, equal in what they say; ``tables_of`` gives what the memo gives."""
    config = alakazum.GAME.presets["expansion"]
    again = alakazum.Config(players=config.players, expansion=config.expansion)
    assert again == config
    tables = fast_tables.tables
    assert tables(config) is tables(config) is fast_tables.tables_of(config)
    assert tables(again) is not tables(config)
    assert fast_tables.tables_of(again) is tables(again)
    assert tables(again).cultures == tables(config).cultures == config.cultures
    dolls = tables(config).dolls
    assert dolls == tuple(distinct(c for c in all_cards(config) if c.kind is Kind.DOLL))
    assert len(dolls) == 1


def test_hands_of_cards_named_alike_in_two_configs_are_each_their_configs() -> None:
    """A hand is read by its cards' names only within its config: the same names in a config
    whose hats give more energy give that config's energy, and its games list the casts the
    reference lists."""
    base = alakazum.Config()

    def stronger(cards: tuple[alakazum.Card, ...]) -> tuple[alakazum.Card, ...]:
        return tuple(c._replace(value=c.value + 1) if c.kind is Kind.HAT else c for c in cards)

    other = alakazum.Config(forest=stronger(base.forest_cards), start=stronger(base.start_cards))
    hats = {c.name: c.value for c in all_cards(base) if c.kind is Kind.HAT}
    assert fast_tables.tables_of(other).hats == {
        name: (name, value + 1) for name, value in hats.items()
    }
    for config in (base, other):
        for state in random_states(alakazum, config, 5, State):
            if state.phase is Phase.ACTION:
                assert alakazum.legal_moves(state) == reference.legal_moves(state)


def test_the_casts_without_hats_are_those_paid_by_power() -> None:
    """Every set of spells cast without hats gives the casts worked out with power enough."""
    power = max(SPELL_COSTS.values())
    for castables in range(1 << len(SPELL_COSTS)):
        expected = spells._casts((), power, castables)
        assert spells._PLAIN_CASTS[castables] == expected
        assert all(isinstance(cast, Cast) and cast.hats == () for cast in expected)


@pytest.mark.parametrize("most", [2, 50])
def test_the_swaps_kept_are_bounded_and_the_plain_ones(
    most: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Levitation's swaps, made once per config and kept within their bound, are the
    reference's swaps, in its order, whatever the room."""
    monkeypatch.setattr(fast_tables, "MOST_SWAPS", most)
    config = alakazum.GAME.presets["expansion-5"]
    found = fast_tables.tables_of(config)
    found.swaps.clear()
    found.swaps_made[0] = 0
    characters = len(found.fights[0])
    listed = 0
    for state in _states("expansion-5"):
        for player in range(config.players):
            swaps = spells._levitations(state, player)
            assert swaps == reference.levitations(state, player)
            listed += len(swaps)
            # The count is of the swaps kept; the table starts again once past the bound,
            # which one character's swaps (one per character at most) overrun.
            kept = sum(map(len, found.swaps.values()))
            assert kept == found.swaps_made[0] < most + characters
    assert listed > 0
    found.swaps.clear()
    found.swaps_made[0] = 0


@pytest.mark.parametrize("most", [1, 3])
def test_the_potions_kept_by_hand_are_bounded_and_the_plain_ones(
    most: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The potions the tables keep for each hand met (by the hand's identity), asked twice,
    stay within their bound and are the reference's potions of the hand; and with any room
    each side bidding is offered the reference's potions."""
    monkeypatch.setattr(fast_tables, "MOST_BIDS", most)
    config = alakazum.GAME.presets["expansion-5"]
    found = fast_tables.tables_of(config)
    known = found.bids_by_hand
    known.clear()
    seen: Counter[str] = Counter()
    for state in _states("expansion-5"):
        for hand in state.hands[::2]:
            for _ in range(2):
                drinks, robbery = found.bids_of(hand)
                assert list(drinks) == reference.bids(hand)
                assert robbery == any(c.kind is Kind.ROBBERY for c in hand)
                seen["robbery"] += robbery
            assert len(known) <= most
            assert all(id(kept) == key for key, (kept, _, _) in known.items())
        fight = state.combat
        if fight is not None and state.phase is Phase.POTIONS:
            side = fight.to_act
            assert potion_moves(state, fight, side) == reference.potion_moves(state, fight, side)
            seen["bids"] += 1
    assert seen["bids"] and seen["robbery"]
    known.clear()


def test_the_moves_kept_by_name_are_bounded_and_the_plain_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With room for two names only, the fighters and supports made by name stay within it and
    are still the reference's moves, for every team of random games."""
    monkeypatch.setattr(fast_moves, "MOST_NAMES", 2)
    by_name_tables: list[dict[str, Any]] = [combat._FIGHTERS, combat._SUPPORTS]
    for table in by_name_tables:
        table.clear()
    for state in _states("expansion-5")[::3]:
        for team in state.teams:
            assert combat.fighter_moves(team) == tuple(alakazum.Fighter(m.card.name) for m in team)
        if state.combat is not None and state.phase is Phase.SUPPORT:
            player = state.to_move or 0
            assert combat.support_moves(state, player) == reference.legal_moves(state)
        assert all(len(table) <= 2 for table in by_name_tables)
    for table in by_name_tables:
        table.clear()


def test_every_cache_of_the_game_is_owned_and_cleared_in_one_call() -> None:
    """The moves made once, the tables of each config and the other caches of the game are
    owned by ``cardgames._kept``: after a game they hold entries, and one call empties them
    all; a game played after that plays as before."""
    config = alakazum.GAME.presets["four"]
    first = list(random_states(alakazum, config, 3, State))
    owned = _kept.caches("cardgames.alakazum")
    owners = {owner for owner, _ in owned}
    assert {"cardgames.alakazum._fast.tables", "cardgames.alakazum._fast.moves"} <= owners
    assert fast_tables.tables.kept and combat._FIGHTERS
    _kept.clear("cardgames.alakazum")
    assert not fast_tables.tables.kept and not combat._FIGHTERS
    casts = cast("functools._lru_cache_wrapper[tuple[Cast, ...]]", spells._casts)
    assert not casts.cache_info().currsize
    assert list(random_states(alakazum, config, 3, State)) == first


# --- the twin drafts ------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_a_game_plays_the_same_through_the_readable_draft(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Step by step, random games give the same states, memos and legal moves whether each
    move works on the twin ``draft_of`` makes or on the readable ``Draft``, with the turn's
    exploration drawn one card at a time (the reference's ``start_turn``); and every state
    drafted and finished unchanged by either comes back the same."""
    config = alakazum.GAME.presets[preset]
    counts: Counter[str] = Counter()
    real_draw_forest = Draft.draw_forest

    def counted_draw_forest(d: Draft) -> Any:
        counts["explored"] += 1
        counts["known"] += any(d.seen)
        return real_draw_forest(d)

    quick = [list(random_states(alakazum, config, seed, State)) for seed in SEEDS]
    for states in quick:
        for state in states:
            again = draft_of(state).finish()
            assert type(again) is alakazum.State
            assert _fields(again) == _fields(Draft(state).finish()) == _fields(state)
            assert again._memo is TRUSTED
    monkeypatch.setattr(rules, "draft_of", Draft)
    monkeypatch.setattr(turn, "_start_turn", reference.start_turn)
    monkeypatch.setattr(Draft, "draw_forest", counted_draw_forest)
    for seed, states in zip(SEEDS, quick, strict=True):
        plain = list(random_states(alakazum, config, seed, State))
        assert plain == states
        for mine, theirs in zip(states, plain, strict=True):
            assert _fields(mine) == _fields(theirs)
            assert type(mine.rng) is Rng
            assert type(mine._memo) is type(theirs._memo)
            assert alakazum.legal_moves(mine) == alakazum.legal_moves(theirs)
        counts["levels"] += sum(m.level for m in plain[-1].teams[plain[-1].active] if m.level)
    assert counts["explored"] > 0 and counts["levels"] > 0


def _forest_cut_to(state: alakazum.State, left: int) -> alakazum.State:
    """``state`` with only the top ``left`` cards of its forest deck, the top one known to every
    player; the others are put where the checks let them lie (characters in the cemetery, dolls
    and traps out of the game, other hand cards on the market deck), so no card is lost."""
    gone = state.forest[: len(state.forest) - left]
    return attrs.evolve(
        state,
        forest=state.forest[len(gone) :],
        seen=(min(left, 1),) * state.config.players,
        cemetery=state.cemetery + tuple(c for c in gone if c.kind is Kind.CHARACTER),
        removed=state.removed + tuple(c for c in gone if c.kind.is_trap or c.kind is Kind.DOLL),
        market=state.market + tuple(c for c in gone if c.kind.is_hand and c.kind is not Kind.DOLL),
    )


def test_a_turn_that_meets_the_end_of_the_forest_is_the_plain_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Turns that start with fewer forest cards than characters, the top one known: the quick
    exploration ends the game (or meets what it meets) as the reference's does."""
    endings: Counter[bool] = Counter()
    for state in _states("default"):
        following = (state.active + 1) % state.config.players
        if state.phase is not alakazum.Phase.ACTION or state.pending is not None:
            continue
        for left in range(len(state.teams[following]) + 1):
            short = _forest_cut_to(state, left)
            quick = alakazum.apply_move(short, alakazum.Pass())
            with monkeypatch.context() as patched:
                patched.setattr(rules, "draft_of", Draft)
                patched.setattr(turn, "_start_turn", reference.start_turn)
                plain = alakazum.apply_move(short, alakazum.Pass())
            assert _fields(quick) == _fields(plain)
            endings[quick.result is not None] += 1
    assert endings[True] > 0 and endings[False] > 0


def test_the_twin_keeps_the_generator_as_an_int_until_it_finishes() -> None:
    """A twin draft that rolls the die twice holds the generator's state as an int, reads it
    back through ``rng_state``, and finishes into a state with the Rng a Draft would give."""
    state = alakazum.new_game(alakazum.GAME.presets["default"], seed=5)
    twin: Any = draft_of(state)
    plain = Draft(state)
    rolls = [twin.die(), twin.die()]
    assert rolls == [plain.die(), plain.die()]
    assert type(twin.rng) is int and twin.rng_state == plain.rng_state
    twin.shuffle_into_forest(state.forest[0])
    plain.shuffle_into_forest(state.forest[0])
    assert twin.rng_state == plain.rng_state
    finished = twin.finish()
    assert type(finished.rng) is Rng
    assert _fields(finished) == _fields(plain.finish())
    untouched: Any = draft_of(state)
    assert untouched.finish().rng is state.rng


@pytest.mark.parametrize("preset", PRESETS)
def test_hands_edited_without_a_key_keep_the_order_by_name(preset: str) -> None:
    """In states of random games, on the twin draft and the readable one: every hand card of
    the config put into each hand, and each card taken out of it by name, give the hand the
    reference's edits give; so do the market deck's top cards put into a hand or drawn from
    the market; the state the draft came from is unchanged."""
    config = alakazum.GAME.presets[preset]
    cards = list({c.name: c for c in all_cards(config) if c.kind.is_hand}.values())
    edits = 0
    for state in list(random_states(alakazum, config, 11, State))[::2]:
        before = (state.hands, state.market)
        for make in (draft_of, Draft):
            d: Any = make(state)
            for player, hand in enumerate(state.hands):
                for card in cards:
                    d.add_to_hand(player, card)
                    assert d.hands[player] == reference.add_to_hand(hand, (card,))
                    assert d.take_from_hand(player, card.name) == card
                    assert d.hands[player] == hand
                    edits += 1
                for name in sorted({card.name for card in hand}):
                    taken, rest = reference.take_from_hand(hand, name)
                    assert d.take_from_hand(player, name) == taken
                    assert d.hands[player] == rest
                    d.add_to_hand(player, taken)
                    assert d.hands[player] == hand
                top = state.market[-3:]
                drawn = make(state)
                drawn.draw_market(player, 3)
                assert drawn.hands[player] == reference.add_to_hand(hand, tuple(reversed(top)))
                assert drawn.market == state.market[: len(state.market) - len(top)]
        assert (state.hands, state.market) == before
    assert edits > 0


@pytest.mark.parametrize("preset", PRESETS)
def test_hands_are_kept_in_the_order_bisect_gives(preset: str) -> None:
    """Halving a hand by its cards' names (as the draft does, without a key) finds the place
    halving with the name as key finds."""
    config = alakazum.GAME.presets[preset]
    cards = list({c.name: c for c in all_cards(config) if c.kind.is_hand}.values())
    for state in list(random_states(alakazum, config, 11, State))[::5]:
        twin: Any = draft_of(state)
        for player, hand in enumerate(state.hands):
            for card in cards:
                plain = list(hand)
                bisect.insort_right(plain, card, key=by_name)
                twin.add_to_hand(player, card)
                assert twin.hands[player] == tuple(plain)
                twin.take_from_hand(player, card.name)


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


# --- members and new games ----------------------------------------------------------------------


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


@pytest.mark.parametrize("preset", PRESETS)
def test_a_new_game_is_the_one_attrs_makes_from_the_configs_lists(preset: str) -> None:
    """New games of every preset (and of a config made anew, and of one with lists of its own)
    are, field by field, the reference's new game that attrs makes, known playable."""
    base = alakazum.GAME.presets[preset]
    again = alakazum.Config(players=base.players, expansion=base.expansion)
    own = alakazum.Config(players=base.players, forest=base.forest_cards[::-1])
    for config in (base, again, own):
        for seed in (*SEEDS, 1_000_003, 2**40):
            made = alakazum.new_game(config, seed=seed)
            plain = reference.new_game(config, seed)
            assert type(made) is alakazum.State
            assert _fields(made) == _fields(plain)
            assert made == plain and hash(made) == hash(plain)
            assert made._memo is TRUSTED
            assert alakazum.legal_moves(made) == alakazum.legal_moves(plain)


def test_the_supporters_found_quickly_are_the_supporters() -> None:
    """Whether a team has a character that may support its side, found at C speed for the
    teams without a sociable character, is whether it has one, for every team and main
    character of random games."""
    seen: Counter[bool] = Counter()
    for state in _states("expansion-4", range(2)):
        for team in state.teams:
            for main in {m.card.name for m in team} | {"nobody"}:
                found = combat._has_supporter(team, main)
                assert found == bool(combat.supporters(team, main))
                seen[found] += 1
    assert seen[True] and seen[False]
