"""Alakazum!'s turn and draft steps written out for speed, held through random games of every
preset to the plain reading they stand for: the exploration of the forest drawn at once, a
level gained with one edit of the team, and the generator kept as a bare int while a move of
the twin draft draws."""

from __future__ import annotations

import bisect
from collections import Counter
from typing import Any

import attrs
import pytest

from cardgames import alakazum
from cardgames.alakazum import rules, turn
from cardgames.alakazum.cards import Kind, Level
from cardgames.alakazum.combat import meet
from cardgames.alakazum.config import all_cards
from cardgames.alakazum.draft import Draft, Next, by_name, draft_of
from cardgames.alakazum.members import with_level
from cardgames.alakazum.traps import spring
from cardgames.rng import Rng
from random_play import random_states

PRESETS = sorted(alakazum.GAME.presets)
SEEDS = range(3)


def _plain_start_turn(d: Draft) -> Next:
    """The start of a turn as the rulebook reads: thrifty characters draw from the market
    deck, then one forest card at a time for each character, stopping at a character or a
    trap (the reading ``turn._start_turn`` was written as before)."""
    player = d.active
    d.to_move = player
    d.actions = turn.ACTIONS
    d.deja_vu = False
    d.roll = None
    team = d.teams[player]
    thrifty = sum(1 for member in team if member.card.thrifty)
    if thrifty:
        d.draw_market(player, thrifty)
    for _ in range(len(team)):
        card = d.draw_forest()
        if card is None:
            return Next.DECIDE
        if card.kind is Kind.CHARACTER:
            return meet(d, card)
        if card.kind.is_trap:
            return spring(d, card)
        d.add_to_hand(player, card)
    return Next.CONTINUE


def _plain_level_up(d: Draft, player: int, name: str) -> None:
    """A level gained, through the member found and the team rebuilt around it."""
    index, member = d.member(player, name)
    if member.level < Level.C:
        team = d.teams[player]
        grown = with_level(member, Level(member.level + 1))
        d.set_team(player, (*team[:index], grown, *team[index + 1 :]))


def _playout(config: alakazum.Config, seed: int) -> list[alakazum.State]:
    """Every state of a seeded random game, the last one (over) included."""
    return list(random_states(alakazum, config, seed, alakazum.State))


def _fields(value: Any) -> list[object]:
    return [getattr(value, field.name) for field in attrs.fields(type(value)) if field.init]


@pytest.mark.parametrize("preset", PRESETS)
def test_turns_play_as_the_plain_reading_of_the_rules(
    preset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Step by step, random games give the same states and legal moves whether turns start
    and levels are gained the quick way on the twin draft, or the plain way on the readable
    Draft; the games explore, draw from the market, level up and roll the die."""
    config = alakazum.GAME.presets[preset]
    counts: Counter[str] = Counter()
    real_draw_forest = Draft.draw_forest

    def counted_draw_forest(d: Draft) -> Any:
        counts["explored"] += 1
        counts["known"] += any(d.seen)
        return real_draw_forest(d)

    quick = [_playout(config, seed) for seed in SEEDS]
    monkeypatch.setattr(rules, "draft_of", Draft)
    monkeypatch.setattr(turn, "_start_turn", _plain_start_turn)
    monkeypatch.setattr(Draft, "level_up", _plain_level_up)
    monkeypatch.setattr(Draft, "draw_forest", counted_draw_forest)
    for seed, states in zip(SEEDS, quick, strict=True):
        plain = _playout(config, seed)
        assert plain == states
        for mine, theirs in zip(states, plain, strict=True):
            assert _fields(mine) == _fields(theirs)
            assert type(mine.rng) is Rng
            assert type(mine._memo) is type(theirs._memo)
            assert alakazum.legal_moves(mine) == alakazum.legal_moves(theirs)
        counts["levels"] += sum(
            member.level for member in plain[-1].teams[plain[-1].active] if member.level
        )
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
    exploration ends the game (or meets what it meets) as the plain one does."""
    config = alakazum.GAME.presets["default"]
    endings: Counter[bool] = Counter()
    for seed in SEEDS:
        for state in _playout(config, seed):
            following = (state.active + 1) % config.players
            if state.phase is not alakazum.Phase.ACTION or state.pending is not None:
                continue
            for left in range(len(state.teams[following]) + 1):
                short = _forest_cut_to(state, left)
                quick = alakazum.apply_move(short, alakazum.Pass())
                with monkeypatch.context() as patched:
                    patched.setattr(rules, "draft_of", Draft)
                    patched.setattr(turn, "_start_turn", _plain_start_turn)
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
    """In states of random games, every hand card of the config put into each hand, and each
    card taken out of it by name, give the hand that halving by name gives."""
    config = alakazum.GAME.presets[preset]
    cards = list({c.name: c for c in all_cards(config) if c.kind.is_hand}.values())
    edits = 0
    for state in random_states(alakazum, config, 11, alakazum.State):
        twin: Any = draft_of(state)
        for player, hand in enumerate(state.hands):
            for card in cards:
                plain = list(hand)
                bisect.insort_right(plain, card, key=by_name)
                twin.add_to_hand(player, card)
                assert twin.hands[player] == tuple(plain)
                assert twin.take_from_hand(player, card.name) == card
                assert twin.hands[player] == hand
                edits += 1
            for card in hand:
                at = bisect.bisect_left(hand, card.name, key=by_name)
                assert twin.take_from_hand(player, card.name) == card
                assert twin.hands[player] == hand[:at] + hand[at + 1 :]
                twin.add_to_hand(player, card)
                assert twin.hands[player] == hand
    assert edits > 0
