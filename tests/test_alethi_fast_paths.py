"""Alethi's fast paths, each held in lock-step to the plain computation it stands for, over
many random games: the openings kept per config, the throws kept by kind and cell, the scout
targets found by set arithmetic, the capture check skipped where no enemy card is near, and the
board each state carries from the one before."""

from __future__ import annotations

import json
import random

import attrs
import pytest

import cardgames
from cardgames import alethi
from cardgames import errors as alethi_errors
from cardgames.alethi import documents, reference, rules, scouting, soulcasting, throwing
from cardgames.alethi._fast import board as board_module
from cardgames.alethi._fast.board import Board, cell_of, key_of
from cardgames.alethi.cards import CardType, Kind
from cardgames.alethi.config import Config
from cardgames.errors import IllegalMoveError, SerializationError
from cardgames.serialization import converter

SEEDS = range(40)


def random_config(chooser: random.Random) -> Config:
    """An army of random stats and counts (at least the two starting Squires), with a random
    first player."""
    army = tuple(
        CardType(
            kind,
            attack=chooser.randint(0, 6),
            health=chooser.randint(0, 9),
            count=chooser.randint(2 if kind is Kind.SQUIRE else 0, 3),
        )
        for kind in Kind
    )
    return Config(army=army, first_player=chooser.choice((None, 0, 1)))


def configs(seed: int) -> list[Config]:
    """The presets and a few random armies."""
    chooser = random.Random(seed)
    return [*alethi.PRESETS.values(), *(random_config(chooser) for _ in range(3))]


def plain_targets(state: alethi.State, scout: int) -> tuple[int, ...]:
    """The keys of the reference's targets of the Scout on the key ``scout``."""
    card = rules.board_of(state).cards[scout]
    return tuple(map(key_of, reference.scout_targets(state.field, card)))


def playout(config: Config, seed: int) -> list[alethi.State]:
    """Every state of a random game."""
    chooser = random.Random(seed)
    state = alethi.new_game(config, seed=seed)
    states = [state]
    while not alethi.is_over(state):
        moves = alethi.legal_moves(state)
        state = alethi.apply_move(state, moves[chooser.randrange(len(moves))])
        states.append(state)
    return states


@pytest.mark.parametrize("seed", SEEDS)
def test_new_games_equal_the_set_up_worked_out_from_scratch(seed: int) -> None:
    """A new game equals, field by field and board by board, the set-up worked out afresh."""
    for config in configs(seed):
        fast, plain = alethi.new_game(config, seed=seed), reference.new_game(config, seed)
        assert fast == plain
        assert repr(fast) == repr(plain)
        assert rules.board_of(fast).same_as(rules.board_of(rules.checked(plain)))
        assert rules.board_of(fast).same_as(Board.build(fast.field))
        assert alethi.legal_moves(fast) == alethi.legal_moves(plain)


@pytest.mark.parametrize("seed", SEEDS)
def test_games_sharing_an_opening_leave_it_as_it_was(seed: int) -> None:
    """Games of one config share their opening's board; playing one out changes nothing that
    the next game starts from."""
    config = configs(seed)[3]
    for states in (playout(config, seed), playout(config, seed + 1)):
        for state in states:
            assert rules.board_of(state).same_as(Board.build(state.field))
    assert alethi.new_game(config, seed=seed) == reference.new_game(config, seed)


@pytest.mark.parametrize("seed", SEEDS)
def test_every_step_agrees_with_the_plain_rules(seed: int) -> None:
    """At every step of random games: each Scout's targets equal the cell-by-cell rule, the
    scout phase is offered exactly when a Scout can move, and the cards a move captured are
    those the plain capture rule finds on the field it left."""
    chooser = random.Random(seed)
    for config in configs(seed):
        state = alethi.new_game(config, seed=seed)
        while not alethi.is_over(state):
            board, me = rules.board_of(state), state.to_move
            for scout in board.scouts[me]:
                assert board.scout_targets(me, scout) == plain_targets(state, scout)
            can_scout = any(plain_targets(state, s) for s in board.scouts[me])
            if state.phase is alethi.Phase.SCOUT:
                assert can_scout
            moves = alethi.legal_moves(state)
            move = moves[chooser.randrange(len(moves))]
            after = alethi.apply_move(state, move)
            before = {c.at for c in reference.field_after(state, move) if c.captured}
            taken = sorted(c.at for c in after.field if c.captured and c.at not in before)
            assert taken == alethi.find_captures(reference.field_after(state, move), config)
            state = after


def fresh(state: alethi.State) -> alethi.State:
    """An equal state without anything the rules kept with it."""
    return alethi.State(
        state.config,
        state.field,
        state.barracks,
        state.removed,
        state.to_move,
        state.phase,
        state.turn,
        state.result,
        state.rng,
    )


def lookalike(move: alethi.Move) -> alethi.Move:
    """An equal move that is not the object legal_moves listed."""
    copy = attrs.evolve(move)
    assert copy is not move and copy == move
    return copy


@pytest.mark.parametrize("seed", SEEDS)
def test_states_with_a_carried_board_play_as_states_checked_afresh(seed: int) -> None:
    """At every step of random games, a state carrying the board derived move by move lists
    the moves and leads to the states that an equal state, checked and built afresh, does when
    given an equal move; a move listed for an earlier state is refused unless listed again."""
    chooser = random.Random(seed)
    for config in configs(seed):
        state = alethi.new_game(config, seed=seed)
        earlier: tuple[alethi.Move, ...] = ()
        while not alethi.is_over(state):
            moves = alethi.legal_moves(state)
            assert moves == alethi.legal_moves(fresh(state))
            for stranger in earlier:
                if stranger not in moves:
                    with pytest.raises(IllegalMoveError):
                        alethi.apply_move(state, stranger)
            move = moves[chooser.randrange(len(moves))]
            after = alethi.apply_move(state, move)
            checked = alethi.apply_move(fresh(state), lookalike(move))
            assert after == checked
            assert repr(after) == repr(checked)
            assert rules.board_of(after).same_as(rules.board_of(checked))
            earlier, state = moves, after


@pytest.mark.parametrize("kept", [2, 1 << 14])
def test_throws_kept_by_kind_and_cell_are_the_throws_the_rule_lists(
    kept: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In every throw phase of random games, the listed throws equal those made afresh, by
    kind in army order then by cell, also when the kept throws are dropped again and again."""
    monkeypatch.setattr(throwing, "_KEPT", kept)
    for seed in SEEDS:
        for state in playout(configs(seed)[seed % 4], seed):
            if state.phase is not alethi.Phase.THROW:
                continue
            me, board = state.to_move, rules.board_of(state)
            plain = tuple(
                alethi.Throw(kind, cell_of(key))
                for kind in dict.fromkeys(state.barracks[me])
                for key in sorted(board.throwable[me])
            )
            listed = alethi.legal_moves(state)
            assert listed == plain
            assert all(
                type(move) is alethi.Throw and type(move.at) is alethi.Cell for move in listed
            )


@pytest.mark.parametrize("kept", [1, 1 << 14])
def test_moves_known_by_identity_play_as_moves_judged_afresh(
    kept: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Throws and Scout moves that legal_moves made are recognised by identity, their cells
    known by key: over random games, each leads to the state an equal move made afresh leads
    to, also when the known moves and the kept cells are forgotten again and again; a move
    whose identity some entry names but that is another object is judged afresh, and refused
    when not legal."""
    monkeypatch.setattr(throwing, "_KEPT", kept)
    monkeypatch.setattr(scouting, "_LISTED_MOST", kept)
    monkeypatch.setattr(scouting, "_CELLS_MOST", kept)
    monkeypatch.setattr(scouting, "_KEPT", min(kept, 1 << 10))
    for seed in range(12):
        chooser = random.Random(seed)
        for config in configs(seed):
            state = alethi.new_game(config, seed=seed)
            while not alethi.is_over(state):
                moves = alethi.legal_moves(state)
                move = moves[chooser.randrange(len(moves))]
                after = alethi.apply_move(state, move)
                assert after == alethi.apply_move(fresh(state), lookalike(move))
                assert rules.board_of(after).same_as(Board.build(after.field))
                state = after
    throw = alethi.Throw(Kind.KING, alethi.Cell(0, -1))
    state = alethi.new_game(Config(first_player=0), seed=0)
    listed = alethi.legal_moves(state)[0]
    assert isinstance(listed, alethi.Throw)
    impostor = alethi.Throw(Kind.SQUIRE, alethi.Cell(40, 40))
    # An entry under the impostor's id that names another move must not vouch for it.
    monkeypatch.setitem(throwing._LISTED, id(impostor), (listed, 0))
    assert not alethi.is_legal(state, impostor)
    with pytest.raises(IllegalMoveError):
        alethi.apply_move(state, impostor)
    assert alethi.is_legal(state, throw) is (throw in alethi.legal_moves(state))


# --- the memo, moves from elsewhere, a large army, JSON -----------------------------------------


def large_army() -> Config:
    """The largest army a config allows: a hundred cards a side, every kind."""
    counts = {
        Kind.SQUIRE: 40,
        Kind.KNIGHT: 20,
        Kind.TOWER: 10,
        Kind.SCOUT: 10,
        Kind.SOULCASTER: 10,
        Kind.GENERAL: 9,
        Kind.KING: 1,
    }
    army = tuple(attrs.evolve(card, count=counts[card.kind]) for card in alethi.DEFAULT_ARMY)
    return Config(army=army)


@pytest.mark.parametrize("seed", range(4))
def test_a_large_army_plays_in_lock_step_with_the_plain_rules(seed: int) -> None:
    """With the largest army, at every step the moves equal those of the state checked afresh,
    the board equals one built from scratch, no card escaped its capture, and the next state
    equals the one an equal move makes from the state checked afresh."""
    chooser = random.Random(seed)
    state = alethi.new_game(large_army(), seed=seed)
    while not alethi.is_over(state):
        moves = alethi.legal_moves(state)
        assert moves == alethi.legal_moves(fresh(state))
        assert rules.board_of(state).same_as(Board.build(state.field))
        move = moves[chooser.randrange(len(moves))]
        after = alethi.apply_move(state, move)
        assert after == alethi.apply_move(fresh(state), lookalike(move))
        assert alethi.find_captures(after.field, after.config) == []
        state = after


def plain_values(move: alethi.Move) -> object:
    """A move equal to ``move`` made of plain values: a str for the kind, tuples for cells."""
    if isinstance(move, alethi.Throw):
        return alethi.Throw(str(move.kind.value), tuple(move.at))  # type: ignore[arg-type]
    if isinstance(move, alethi.Scout):
        return alethi.Scout(tuple(move.scout), tuple(move.to))  # type: ignore[arg-type]
    if isinstance(move, alethi.Soulcast):
        return alethi.Soulcast(tuple(move.target))  # type: ignore[arg-type]
    return alethi.Pass()


@pytest.mark.parametrize("seed", range(12))
def test_moves_not_listed_by_this_state_are_judged_afresh(seed: int) -> None:
    """A move equal to a listed one but made of plain values leads to the same state, whose
    cards hold the rules' own values; a move another state listed is refused unless this state
    lists an equal one, with the reason is_legal and the message agree on."""
    chooser = random.Random(seed)
    for config in configs(seed):
        states = playout(config, seed)
        for number, state in enumerate(states[:-1]):
            moves = alethi.legal_moves(state)
            move = moves[chooser.randrange(len(moves))]
            after = alethi.apply_move(state, plain_values(move))  # type: ignore[arg-type]
            assert after == alethi.apply_move(state, move)
            for card in after.field:
                assert type(card.kind) is Kind and type(card.at) is alethi.Cell
                assert type(card.at.x) is int and type(card.at.y) is int
            other = states[chooser.randrange(len(states) - 1)]
            for stranger in alethi.legal_moves(other)[:20]:
                legal = stranger in moves
                assert alethi.is_legal(state, stranger) is legal
                if not legal:
                    with pytest.raises(IllegalMoveError):
                        alethi.apply_move(state, stranger)
            assert number < len(states)


@pytest.mark.parametrize("seed", range(12))
def test_a_memo_moved_onto_another_state_is_not_trusted(seed: int) -> None:
    """The memo of one state, set by hand on another (or any other object set there), is not
    taken for that state's: its moves and next states are those of the state checked afresh,
    and a state that no game can reach is refused although it carries a good memo."""
    states = playout(configs(seed)[seed % 4], seed)
    chooser = random.Random(seed)
    for state in states[:-1]:
        donor = states[chooser.randrange(len(states))]
        alethi.legal_moves(donor)
        forged = fresh(state)
        object.__setattr__(forged, "_memo", donor._memo)
        moves = alethi.legal_moves(forged)
        assert moves == alethi.legal_moves(fresh(state))
        assert rules.board_of(forged).same_as(Board.build(state.field))
        assert alethi.apply_move(forged, moves[0]) == alethi.apply_move(state, moves[0])
        stranger = fresh(state)
        object.__setattr__(stranger, "_memo", object())
        assert alethi.legal_moves(stranger) == moves
    broken = attrs.evolve(states[len(states) // 2], turn=10**6)
    object.__setattr__(broken, "_memo", states[len(states) // 2]._memo)
    with pytest.raises(alethi_errors.InvalidStateError):
        alethi.is_over(broken)


def test_a_config_equal_to_a_checked_one_is_still_checked() -> None:
    """A config is checked once per object: one equal to a checked config but holding values
    of the wrong type (True equals 1) is refused all the same."""
    good = Config(army=tuple(attrs.evolve(c, attack=1) for c in alethi.DEFAULT_ARMY))
    alethi.check_config(good)
    bad = Config(army=tuple(attrs.evolve(c, attack=True) for c in alethi.DEFAULT_ARMY))
    assert bad == good
    with pytest.raises(alethi_errors.InvalidConfigError):
        alethi.check_config(bad)
    with pytest.raises(alethi_errors.InvalidConfigError):
        alethi.check_config(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(6))
def test_json_read_and_written_field_by_field_equals_the_converters_own(seed: int) -> None:
    """For every state of random games of every kind of config, the quick writer gives the
    converter's own JSON form and the quick reader the converter's own state; documents with a
    field of the wrong type are refused with the converter's own message."""
    for config in configs(seed):
        for state in playout(config, seed):
            data = converter.unstructure(state, alethi.State)
            assert json.dumps(data) == json.dumps(documents.generic_writer(state))
            text = cardgames.to_json(state)
            loaded: alethi.State = cardgames.from_json(text, alethi.State)
            assert loaded == state and repr(loaded) == repr(state)
            assert loaded == documents.generic_reader(json.loads(text)["data"], alethi.State)
            assert alethi.legal_moves(loaded) == alethi.legal_moves(state)
    state = playout(alethi.Config(), seed)[5]
    text = cardgames.to_json(state)
    for old, new in [
        ('"owner":0', '"owner":false'),
        ('"turn":', '"turn":1.0,"x":'),
        ('"kind":"squire"', '"kind":"Squire"'),
        ("[0,0]", "[0,0.0]"),
        ('"phase":"', '"phase":"x'),
    ]:
        bad = text.replace(old, new, 1)
        with pytest.raises(SerializationError) as quick:
            cardgames.from_json(bad, alethi.State)
        with pytest.raises(Exception) as plain:
            documents.generic_reader(json.loads(bad)["data"], alethi.State)
        assert type(plain.value) is not type(quick.value) or str(plain.value) in str(quick.value)


# --- tables kept across games: neighbours, soulcasts, the cards of listed throws ---------------


@pytest.mark.parametrize("kept", [1, 1 << 14])
def test_kept_neighbours_and_soulcasts_play_as_the_plain_rules(
    kept: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The neighbours of cells and the soulcasts are looked up in tables kept across games:
    over random games, also when the tables are emptied at every new entry, every board equals
    one built from scratch, every neighbour entry is the four cells next to its cell, the
    soulcasts listed are those made afresh, and each next state equals the one an equal move
    leads to from the state checked afresh."""
    monkeypatch.setattr(board_module, "_AROUND_MOST", kept)
    monkeypatch.setattr(soulcasting, "_KEPT", kept)
    for seed in range(8):
        chooser = random.Random(seed)
        for config in configs(seed):
            state = alethi.new_game(config, seed=seed)
            while not alethi.is_over(state):
                board, me = rules.board_of(state), state.to_move
                assert board.same_as(Board.build(state.field))
                moves = alethi.legal_moves(state)
                if state.phase is alethi.Phase.SOULCAST:
                    targets = board.soulcast_targets(me, state.barracks[me])
                    assert moves == (*(alethi.Soulcast(cell_of(k)) for k in targets), alethi.Pass())
                move = moves[chooser.randrange(len(moves))]
                after = alethi.apply_move(state, move)
                assert after == alethi.apply_move(fresh(state), lookalike(move))
                state = after
            for key, around in board_module.AROUND.items():
                assert around == tuple(key + step for step in board_module.STEPS)


@pytest.mark.parametrize("kept", [1, 1 << 13])
def test_the_cards_of_listed_throws_are_the_cards_thrown_afresh(
    kept: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A listed throw puts the card it keeps for the side on the field: over random games, also
    when the kept throws are dropped at every new cell, that card equals the one an equal throw
    made afresh puts there, and while the throw is known by identity (with its own cell) the
    card on the field is the very card kept with it."""
    monkeypatch.setattr(throwing, "_KEPT", kept)
    known = 0
    for seed in range(12):
        chooser = random.Random(seed)
        config = configs(seed)[seed % 4]
        state = alethi.new_game(config, seed=seed)
        while not alethi.is_over(state):
            moves = alethi.legal_moves(state)
            move = moves[chooser.randrange(len(moves))]
            after = alethi.apply_move(state, move)
            if isinstance(move, alethi.Throw):
                card = next(c for c in after.field if c.at == move.at)
                plain = alethi.apply_move(fresh(state), lookalike(move))
                assert card == next(c for c in plain.field if c.at == move.at)
                assert (card.owner, card.kind, card.at) == (state.to_move, move.kind, move.at)
                listed = throwing._LISTED.get(id(move))
                if listed is not None and listed[0] is move and not card.captured:
                    assert cell_of(listed[1]) == move.at
                    assert listed[2][state.to_move] is card
                    known += 1
            state = after
    assert known > 0


@pytest.mark.parametrize("kept", [1, 1 << 12])
def test_soulcasts_known_by_identity_play_as_soulcasts_judged_afresh(
    kept: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Soulcasts that legal_moves made are recognised by identity, their target known by key:
    over random games with two Soulcasters a side, also when the kept soulcasts are dropped at
    every new entry, each leads to the state an equal soulcast made afresh leads to; an entry
    under a soulcast's identity that names another move does not vouch for it."""
    monkeypatch.setattr(soulcasting, "_KEPT", kept)
    played = 0
    chosen: tuple[alethi.State, alethi.Soulcast] | None = None
    for seed in range(16):
        chooser = random.Random(seed)
        state = alethi.new_game(alethi.PRESETS["specials"], seed=seed)
        while not alethi.is_over(state):
            moves = alethi.legal_moves(state)
            move = moves[chooser.randrange(len(moves))]
            if isinstance(move, alethi.Pass) and len(moves) > 1 and chooser.random() < 0.8:
                move = moves[0]  # soulcast more often than a random pick would
            after = alethi.apply_move(state, move)
            if isinstance(move, alethi.Soulcast):
                assert after == alethi.apply_move(fresh(state), lookalike(move))
                played += 1
                chosen = (state, move)
            state = after
    assert played > 0 and chosen is not None
    state, listed = chosen
    impostor = alethi.Soulcast(alethi.Cell(40, 40))
    # An entry under the impostor's id that names another move (and its good target) must not
    # vouch for it.
    monkeypatch.setitem(soulcasting._LISTED, id(impostor), (listed, key_of(listed.target)))
    assert alethi.is_legal(state, listed)
    assert not alethi.is_legal(state, impostor)
    with pytest.raises(IllegalMoveError):
        alethi.apply_move(state, impostor)
