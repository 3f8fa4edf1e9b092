"""Alakazum!'s quick ways through a combat, held step by step through random games of every preset
to the plain reading they stand for: the potions the bidding offers (worked out once per hand and
written into the next state's moves), the winner's level, the moves kept by name, and the doll's
question."""

from __future__ import annotations

from typing import Any

import pytest

from cardgames import alakazum
from cardgames.alakazum import combat, potions, tables, voodoo
from cardgames.alakazum.cards import Kind
from cardgames.alakazum.draft import (
    ATTACKER,
    DEFENDER,
    Draft,
    can_leave,
    distinct,
    draft_of,
    main_character,
    new_member,
    side_owner,
)
from cardgames.alakazum.generate import generate
from cardgames.alakazum.state import Phase, every_card
from cardgames.alakazum.tables import Hand, tables_of
from random_play import random_states

PRESETS = sorted(alakazum.GAME.presets)
SEEDS = range(3)


def _states(preset: str) -> list[alakazum.State]:
    config = alakazum.GAME.presets[preset]
    return [s for seed in SEEDS for s in random_states(alakazum, config, seed, alakazum.State)]


def _plain_bids(state: alakazum.State, side: int) -> tuple[alakazum.Move, ...]:
    """The moves of the bidding, card by card as the rulebook lists them: each combat or double
    potion, each robbery while the opponent has a combat potion in play (between players), one
    move per name in the hand's order, then the pass; in the forest, none once winning."""
    fight = state.combat
    assert fight is not None
    duel = fight.defender is not None
    moves: list[alakazum.Move] = []
    if duel or fight.points[ATTACKER] <= fight.points[DEFENDER]:
        stealable = duel and any(by != side and got > 0 for by, _, got in fight.potions)
        for card in distinct(state.hands[side_owner(fight, side)]):
            if card.kind in (Kind.COMBAT_POTION, Kind.DOUBLE_POTION):
                moves.append(alakazum.Drink(card.name, alakazum.Effect.COMBAT))
            elif card.kind is Kind.ROBBERY and stealable:
                moves.append(alakazum.Drink(card.name, alakazum.Effect.ROBBERY))
    return (*moves, alakazum.Pass())


@pytest.mark.parametrize("preset", PRESETS)
def test_the_bidding_offers_the_plain_potions(preset: str) -> None:
    """In every state of random games where a side bids: the moves the rules wrote into the
    state as they asked the side (the memo ``legal_moves`` reads) are the plain bidding moves,
    and so are those ``potion_moves`` works out for the state; and every side a combat could
    ask is offered the plain potions by ``potion_moves``."""
    bidding = 0
    for state in _states(preset):
        fight = state.combat
        if fight is None:
            continue
        for side in (ATTACKER, DEFENDER) if fight.defender is not None else (ATTACKER,):
            quick = (*potions.potion_moves(state, fight, side), alakazum.Pass())
            assert quick == _plain_bids(state, side)
        if state.phase is Phase.POTIONS:
            bidding += 1
            plain = _plain_bids(state, fight.to_act)
            assert type(state._memo) is tuple and state._memo == plain
            assert alakazum.legal_moves(state) == plain
    assert bidding > 0


#: The phases whose moves the rules work out as they set the phase, written into the next
#: state for ``legal_moves`` to read.
_KNOWN_AHEAD = (Phase.FIGHTER, Phase.SUPPORT, Phase.POTIONS, Phase.HYPNOSIS, Phase.DOLL)


@pytest.mark.parametrize("preset", PRESETS)
def test_the_moves_worked_out_ahead_are_those_of_the_phase(preset: str) -> None:
    """In every state of random games whose phase a combat or a doll set, the moves the rules
    wrote into the state (before anybody asked for them) are those the phase's own listing
    gives for the state, as ``legal_moves`` returns them."""
    seen = dict.fromkeys(_KNOWN_AHEAD, 0)
    for state in _states(preset):
        if state.phase not in _KNOWN_AHEAD or state.result is not None:
            continue
        memo = state._memo
        assert type(memo) is tuple
        assert memo == generate(state)
        assert alakazum.legal_moves(state) is memo
        seen[state.phase] += 1
    assert seen[Phase.FIGHTER] and seen[Phase.POTIONS] and seen[Phase.SUPPORT]


@pytest.mark.parametrize("preset", PRESETS)
def test_a_hands_potions_are_the_plain_ones(preset: str) -> None:
    """Every hand of random games, asked twice (found again by its identity the second time):
    its potions and its robbery are those of the hand's plain table."""
    config = alakazum.GAME.presets[preset]
    found = tables_of(config)
    robberies = 0
    for state in _states(preset)[::2]:
        for hand in state.hands:
            plain = Hand(hand)
            for _ in range(2):
                kept, drinks, robbery = potions.hand_bids(found, hand)
                assert kept is hand
                assert list(drinks) == list(plain.drinks)
                assert robbery == plain.robbery == any(c.kind is Kind.ROBBERY for c in hand)
                robberies += robbery
            assert list(potions.without_robberies(drinks)) == [
                d for d in plain.drinks if d.effect is not alakazum.Effect.ROBBERY
            ]
    assert robberies > 0 or preset.startswith("default")


def test_the_moves_kept_by_name_are_bounded_and_the_plain_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With room for two names only, the fighters and supports made by name stay within it and
    are still the plain moves, for every team of random games."""
    monkeypatch.setattr(combat, "MOST_NAMES", 2)
    by_name: list[dict[str, Any]] = [combat._FIGHTERS, combat._SUPPORTS]
    for table in by_name:
        table.clear()
    for state in _states("expansion-5")[::3]:
        for team in state.teams:
            assert combat.fighter_moves(team) == tuple(alakazum.Fighter(m.card.name) for m in team)
            if state.combat is not None and state.phase is Phase.SUPPORT:
                assert combat.support_moves(state, state.to_move or 0) == (
                    *[
                        alakazum.Support(m.card.name)
                        for m in combat._supporters(
                            state.teams[state.to_move or 0],
                            main_character(state.combat, state.combat.to_act),
                        )
                    ],
                    alakazum.Pass(),
                )
            assert all(len(table) <= 2 for table in by_name)
    for table in by_name:
        table.clear()


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
        found = tables.tables_of(config)
        assert found.dolls and found.dolls_last == {card.name for card in found.dolls}
    found = tables.tables_of(_renamed_config())
    assert found.dolls and not found.dolls_last


@pytest.mark.parametrize("preset", [*PRESETS, "renamed"])
def test_the_doll_round_asks_every_other_player_with_a_card(preset: str) -> None:
    """In every action phase of random games, each move announced is put to every player after
    the announcer who holds a card, in seat order, while a voodoo doll is still in the game (the
    plain reading, hand by hand): a holder may cancel or pass, any other player only pass; with
    nobody to ask, it is carried out. The same with a card named after the dolls."""
    if preset == "renamed":
        config = _renamed_config()
        states = [
            s for seed in SEEDS for s in random_states(alakazum, config, seed, alakazum.State)
        ]
    else:
        states = _states(preset)
    asked = holding = 0
    for state in states:
        if state.phase is not Phase.ACTION:
            continue
        dolls = [c for c in every_card(state) if c.kind is Kind.DOLL]
        in_game = len(dolls) > sum(1 for c in state.removed if c.kind is Kind.DOLL)
        n = state.config.players
        seats = [(state.active + k) % n for k in range(1, n)]
        to_ask = [p for p in seats if state.hands[p]] if in_game else []
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
            assert d.moves == _doll_moves(state.hands[first])
            # the first asked passes: the next is asked, or the move is carried out
            again = draft_of(state)
            voodoo.announce(again, move)  # type: ignore[arg-type]
            voodoo.ask_next_doll(again, first)
            if len(to_ask) > 1:
                assert (again.phase, again.to_move) == (Phase.DOLL, to_ask[1])
                assert again.moves == _doll_moves(state.hands[to_ask[1]])
            else:
                assert again.pending is None
            holding += any(_doll_moves(state.hands[p])[0] == alakazum.Doll() for p in to_ask[:2])
    assert asked > 0 and holding > 0


def _doll_moves(hand: tuple[alakazum.Card, ...]) -> tuple[alakazum.Move, ...]:
    """The moves of a player asked about an announcement, read hand by hand."""
    if any(card.kind is Kind.DOLL for card in hand):
        return (alakazum.Doll(), alakazum.Pass())
    return (alakazum.Pass(),)


def _plain_end(d: Draft, *, hypnotised: bool) -> None:
    """The end of a combat the plain way, through the draft's own steps: the potions to the
    market, then the hypnotised character joins the winner (a forest one made anew at level A)
    or a forest one goes to the cemetery."""
    fight = d.combat
    assert fight is not None
    d.to_market(*[card for _, card, _ in fight.potions])
    d.combat = None
    winner = side_owner(fight, fight.roller or 0)
    if fight.defender is None:
        if hypnotised:
            d.join(winner, new_member(fight.opponent))
        else:
            d.cemetery = (*d.cemetery, fight.opponent)
    elif hypnotised:
        loser = 1 - (fight.roller or 0)
        index, member = d.member(side_owner(fight, loser), main_character(fight, loser))
        d.remove_member(side_owner(fight, loser), index)
        d.join(winner, member)


def _plain_drama(d: Draft) -> None:
    """The forest's character wins, the plain way: the potions to the market, the character
    shuffled into the forest, the fighter buried if it may leave."""
    fight = d.combat
    assert fight is not None and fight.fighter is not None
    d.to_market(*[card for _, card, _ in fight.potions])
    d.combat = None
    d.shuffle_into_forest(fight.opponent)
    _, member = d.member(fight.attacker, fight.fighter)
    if can_leave(d.teams[fight.attacker], member):
        d.bury(fight.attacker, fight.fighter)


@pytest.mark.parametrize("preset", PRESETS)
def test_a_combat_ends_as_the_drafts_own_steps_end_it(preset: str) -> None:
    """Every combat under way in random games (its fighter chosen), ended each way there is (a
    hypnosis or none, won by either side, or the forest's drama), leaves the next state the
    draft's own steps leave, on the twin draft and the readable one."""
    ended = 0
    for state in _states(preset):
        fight = state.combat
        if fight is None or fight.fighter is None:
            continue
        rollers = (ATTACKER,) if fight.defender is None else (ATTACKER, DEFENDER)
        for make in (draft_of, Draft):
            for roller in rollers:
                for hypnotised in (False, True):
                    quick, plain = make(state), Draft(state)
                    for d in (quick, plain):
                        assert d.combat is not None
                        d.combat.roller = roller
                    combat._end_combat(quick, hypnotised=hypnotised)
                    _plain_end(plain, hypnotised=hypnotised)
                    assert quick.finish() == plain.finish()
                    ended += 1
            if fight.defender is None:
                quick, plain = make(state), Draft(state)
                combat._drama(quick)
                _plain_drama(plain)
                after, expected = quick.finish(), plain.finish()
                assert after == expected and after.rng.state == expected.rng.state
    assert ended > 0
