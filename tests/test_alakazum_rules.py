"""The rules of Alakazum!, one or more tests per rule (source 002 and ``docs/rules/alakazum.md``).

Positions are hand-made with ``alakazum_tables.table``: the named cards are put in place and every
other card goes to the forest deck, under the named top cards. Dice are forced by giving the state
an ``Rng`` found by :func:`rng_rolling` (rolls are consumed in the engine's order: a die
character's combat points when it enters a combat, then the hypnosis roll; Santa Claus' die on
each holder's roll). "Interpretation N" refers to the engine's reading of a rule the source leaves
open (the list in the rules document). Card values come from ``deck.py`` through ``card(name)``;
the tests assert the facts of a card they rely on before using them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs
import pytest

from alakazum_tables import card, member, table
from cardgames import SPECTATOR, IllegalMoveError
from cardgames.alakazum import (
    SPELL_COSTS,
    Card,
    Config,
    Culture,
    Kind,
    Level,
    Phase,
    State,
    apply_move,
    culture_points,
    deck,
    legal_moves,
    new_game,
    outcome,
    view,
)
from cardgames.alakazum.moves import (
    Alakazum,
    Cast,
    Choose,
    Doll,
    Drink,
    Effect,
    Fight,
    Fighter,
    GiveCard,
    GiveHalf,
    Keep,
    Market,
    Move,
    Pass,
    PassDie,
    Peek,
    Place,
    Raise,
    Sacrifice,
    Spell,
    Support,
    Swap,
    Take,
    Train,
    UseObject,
)
from cardgames.alakazum.rules import SANTA_MAX_PASSES
from cardgames.rng import Rng

A, B, C = Level.A, Level.B, Level.C
PASS = Pass()
#: The answer of a player asked about a voodoo doll who holds none: every other player with a
#: card in hand is asked about each announcement, holder or not (Interpretation 17).
ASKED = PASS

#: Two players (the default game), three, five, and the Alakazum! 2 expansion.
TWO = Config()
THREE = Config(players=3)
FIVE = Config(players=5)
EXPANSION = Config(expansion=True)

#: Valencian characters at level C worth 9 Valencian points: a team that can cast the
#: Alakazum, so that the turn stops in the Alakazum phase after the action.
RICH = (member("Vicentica", C), member("Fallera", C), member("Tio Sarrapio", C))
#: Harmless hand cards on top of the forest deck, for the explorations of the next turns.
FILLER = [
    "Meal: Gazpacho / Empanada",
    "Meal: Pintxos / Salmorejo",
    "Meal: Polbo á feira / Marmitako",
]


# --- helpers -------------------------------------------------------------------------------------


def rng_rolling(*rolls: int) -> Rng:
    """A generator whose next die rolls (``below(6) + 1``) are ``rolls``, in order."""
    for k in range(100_000):
        rng = Rng(k)
        for wanted in rolls:
            value, rng = rng.below(6)
            if value + 1 != wanted:
                break
        else:
            return Rng(k)
    raise AssertionError(f"no small generator rolls {rolls}")  # pragma: no cover


def strength(name: str, level: Level = A) -> int:
    """The printed combat points of character ``name`` at ``level`` (not a die)."""
    points = card(name).combat[level]
    assert points is not None
    return points


def play(state: State, *moves: Move) -> State:
    """``state`` after ``moves``, each checked legal first."""
    for move in moves:
        assert move in legal_moves(state), f"{move} is not legal in {state.phase}"
        state = apply_move(state, move)
    return state


def turn_of(player: int, config: Config = TWO, **fields: Any) -> State:
    """``player``'s turn just begun on a table built from ``fields``: the player before them ends
    their turn without an action, then ``player``'s thrifty characters draw and they explore."""
    before = table(config, active=(player - 1) % config.players, **fields)
    return apply_move(before, PASS)


def names(cards: Sequence[Any]) -> list[str]:
    """The names of cards or team members, in order."""
    return [c.name for c in cards]


def team_of(state: State, player: int) -> dict[str, Level]:
    """A player's characters and their levels."""
    return {m.name: m.level for m in state.teams[player]}


def casts(state: State, spell: Spell) -> list[Cast]:
    """The legal casts of ``spell``."""
    return [m for m in legal_moves(state) if isinstance(m, Cast) and m.spell is spell]


def without_forest(state: State, *, keep: Sequence[str] = ()) -> State:
    """``state`` with only ``keep`` left in the forest deck (the first drawn last): every other
    forest character goes to the cemetery, hand cards to the market deck, dolls and traps out of
    the game, so that the cards are conserved."""
    rest = list(state.forest)
    kept = []
    for name in keep:
        found = card(name, state.config)
        rest.remove(found)
        kept.append(found)
    characters = tuple(c for c in rest if c.kind is Kind.CHARACTER)
    market = tuple(c for c in rest if c.kind.is_hand and c.kind is not Kind.DOLL)
    out = tuple(c for c in rest if c.kind is Kind.DOLL or c.kind.is_trap)
    return attrs.evolve(
        state,
        forest=tuple(kept),
        cemetery=state.cemetery + characters,
        market=state.market + market,
        removed=state.removed + out,
    )


def enemy_index(state: State, name: str) -> int:
    """The place of the final enemy ``name`` in the row."""
    return next(i for i, e in enumerate(state.enemies) if e.name == name)


# --- set-up --------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_deal_gives_three_hand_cards_each_and_only_hand_cards(players: int) -> None:
    """Set-up 6: everybody is dealt 3 cards and ends with exactly 3 hand cards; the other cards
    go back into the forest deck."""
    config = Config(players=players)
    for seed in range(10):
        state = new_game(config, seed=seed)
        assert [len(hand) for hand in state.hands] == [3] * players
        assert all(c.kind.is_hand for hand in state.hands for c in hand)
        assert all(team == () for team in state.teams)
        dealt = Counter(c for hand in state.hands for c in hand)
        assert Counter(state.forest) == Counter(config.forest_cards) - dealt
        assert len(state.forest) == deck.FOREST_SIZE - 3 * players


@pytest.mark.parametrize("players", [2, 5])
def test_deal_counts_each_exchanged_card(players: int) -> None:
    """Set-up 6 (Interpretation 5): players are dealt in seat order; each card drawn that is not
    a hand card is exchanged at once for the next one and counts one exchange."""
    config = Config(players=players)
    exchanged_any = False
    for seed in range(10):
        state = new_game(config, seed=seed)
        rng = Rng.from_seed(seed)
        _, rng = rng.shuffled(config.final_enemies)
        forest, _ = rng.shuffled(config.forest_cards)
        cards = list(forest)
        for player in range(players):
            hand: list[Card] = []
            exchanges = 0
            while len(hand) < 3:
                drawn = cards.pop()
                if drawn.kind.is_hand:
                    hand.append(drawn)
                else:
                    exchanges += 1
            assert Counter(state.hands[player]) == Counter(hand)
            assert state.exchanges[player] == exchanges
            exchanged_any = exchanged_any or exchanges > 0
    assert exchanged_any


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_starting_player_exchanged_the_most(players: int) -> None:
    """Set-up 7: the player who changed the most cards starts (and chooses first)."""
    for seed in range(20):
        state = new_game(Config(players=players), seed=seed)
        assert state.phase is Phase.CHOOSE
        assert state.to_move == state.active
        assert state.exchanges[state.active] == max(state.exchanges)


def test_starting_player_tie_is_broken_by_the_seed() -> None:
    """Set-up 7 (Interpretation 4): between players tied for the most exchanges, the seed picks
    the starting player, and either of them can start."""
    starters = set()
    for seed in range(300):
        state = new_game(TWO, seed=seed)
        if state.exchanges[0] == state.exchanges[1]:
            starters.add(state.active)
    assert starters == {0, 1}


def test_market_deck_is_the_four_start_hand_cards() -> None:
    """Set-up 4: the 4 hand cards of the start cards, face up, are the market deck."""
    state = new_game(TWO, seed=5)
    assert state.market == deck.START_MARKET
    assert len(state.market) == deck.START_MARKET_SIZE == 4
    assert all(c.kind.is_hand for c in state.market)
    assert view(state, 0).market == view(state, 1).market == deck.START_MARKET


@pytest.mark.parametrize(("players", "value"), [(2, 9), (5, 7)])
def test_saint_valentine_plays_with_two_and_five_players(players: int, value: int) -> None:
    """Set-up 3, 2- and 5-player rules: Saint Valentine is a fifth final enemy worth 9 with two
    players and 7 with five; the enemies are face down."""
    state = new_game(Config(players=players), seed=1)
    assert sorted(e.name for e in state.enemies) == sorted(e.name for e in deck.ENEMIES)
    valentine = state.enemies[enemy_index(state, "Saint Valentine")]
    assert valentine.value(players) == value
    assert state.enemy_up == (False,) * 5
    assert view(state, 0).enemies == (None,) * 5


@pytest.mark.parametrize("players", [3, 4])
def test_saint_valentine_is_out_with_three_or_four_players(players: int) -> None:
    """Set-up 3: with 3 or 4 players Saint Valentine is taken out of the game."""
    state = new_game(Config(players=players), seed=1)
    assert sorted(e.name for e in state.enemies) == [
        "Black Friday",
        "Fast Food",
        "Halloween",
        "Santa Claus",
    ]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_armazon_is_a_final_enemy_of_every_expansion_game(players: int) -> None:
    """Alakazum! 2: the invincible Armazon joins the final enemies (Interpretation 31)."""
    state = new_game(Config(players=players, expansion=True), seed=2)
    armazon = state.enemies[enemy_index(state, "Armazon")]
    assert armazon.invincible
    assert len(state.enemies) == (6 if players in (2, 5) else 5)


def test_starting_characters_are_chosen_in_turn_from_the_starting_player_leftwards() -> None:
    """Set-up 5 and 8 (Interpretation 6): the five starting characters are face up; the starting
    player chooses one, then the player on their left, and so on; those not chosen go to the
    cemetery, and the starting player takes the first turn."""
    seed = next(s for s in range(100) if new_game(THREE, seed=s).active == 2)
    state = new_game(THREE, seed=seed)
    assert state.start_row == deck.START_CHARACTERS
    assert legal_moves(state) == tuple(Choose(c.name) for c in deck.START_CHARACTERS)
    assert view(state, 0).start_row == deck.START_CHARACTERS
    state = play(state, Choose("Penitente"))
    assert state.to_move == 0
    assert Choose("Penitente") not in legal_moves(state)
    state = play(state, Choose("Moura"))
    assert state.to_move == 1
    state = play(state, Choose("Olentzero"))
    assert state.start_row == ()
    assert state.cemetery[:2] == (card("Senyor Pirotècnic"), card("Tió de Nadal"))
    assert [team[0].name for team in state.teams] == ["Moura", "Olentzero", "Penitente"]
    assert state.active == 2
    assert state.turn == 0


def test_five_players_take_all_five_starting_characters() -> None:
    """Set-up 8: with five players every starting character is chosen; none goes to the
    cemetery."""
    state = new_game(FIVE, seed=3)
    first = state.active
    for step in range(5):
        assert state.to_move == (first + step) % 5
        state = play(state, Choose(state.start_row[0].name))
    assert sorted(team[0].name for team in state.teams) == sorted(
        c.name for c in deck.START_CHARACTERS
    )
    assert not any(c in state.cemetery for c in deck.START_CHARACTERS)
    assert state.active == first


# --- the start of the turn: thrifty characters and exploring -------------------------------------


def test_thrifty_characters_draw_from_the_market_before_exploring() -> None:
    """Thrifty: at the beginning of the turn, before exploring, draw as many cards from the top
    of the market deck as thrifty characters (Interpretation 33)."""
    assert card("Tió de Nadal").thrifty and card("Castanyera").thrifty
    assert not card("Olentzero").thrifty
    state = turn_of(
        0,
        teams=[["Tió de Nadal", "Castanyera", "Olentzero"], ["Moura"]],
        market=["Magic hat 3", "Combat potion +2", "Die potion +2"],
        forest_top=["Magic hat 1", "Magic hat 2", "Txapela"],
    )
    assert state.market == (card("Magic hat 3"),)
    assert sorted(names(state.hands[0])) == sorted(
        ["Die potion +2", "Combat potion +2", "Magic hat 1", "Magic hat 2", "Txapela"]
    )
    assert state.phase is Phase.ACTION


def test_thrifty_draws_no_more_than_the_market_holds() -> None:
    """Thrifty (Interpretation 33): min(thrifty characters, market size) cards are drawn."""
    state = turn_of(
        0,
        teams=[["Tió de Nadal", "Castanyera"], ["Moura"]],
        market=["Die potion +2"],
        forest_top=["Magic hat 1", "Magic hat 2"],
    )
    assert state.market == ()
    assert sorted(names(state.hands[0])) == ["Die potion +2", "Magic hat 1", "Magic hat 2"]


def test_explore_draws_one_card_per_character() -> None:
    """Explore the forest: draw as many cards as characters in the team; hand cards go to the
    hand, and the next card stays on the forest deck."""
    state = turn_of(
        0,
        teams=[["Olentzero", "Moura"], ["Fallera"]],
        forest_top=["Magic hat 1", "Voodoo doll", "Txapela"],
    )
    assert names(state.hands[0]) == ["Magic hat 1", "Voodoo doll"]
    assert state.forest[-1] == card("Txapela")
    assert state.phase is Phase.ACTION
    assert view(state, 1).hand_sizes == (2, 0)
    assert view(state, 1).hand == ()


def test_explore_stops_at_a_character() -> None:
    """Explore: a character stops the drawing at once and must be faced."""
    state = turn_of(
        0,
        teams=[["Olentzero", "Moura"], ["Fallera"]],
        forest_top=["Castanyera", "Magic hat 1"],
    )
    assert state.phase is Phase.FIGHTER
    assert state.combat is not None and state.combat.opponent == card("Castanyera")
    assert state.hands[0] == ()
    assert state.forest[-1] == card("Magic hat 1")


def test_explore_stops_at_a_trap() -> None:
    """Explore: a trap stops the drawing; its effects are suffered (Black Friday does nothing to
    an empty hand) and it leaves the game."""
    state = turn_of(
        0,
        teams=[["Olentzero", "Moura"], ["Fallera"]],
        forest_top=["Black Friday's Discount", "Magic hat 1"],
    )
    assert state.phase is Phase.ACTION
    assert state.removed == (card("Black Friday's Discount"),)
    assert state.hands[0] == ()
    assert state.forest[-1] == card("Magic hat 1")


def test_forest_running_out_ends_the_game_with_everybody_losing() -> None:
    """Interpretation 1: a player who must draw from an empty forest deck ends the game, every
    player losing."""
    before = without_forest(table(teams=[["Moura"], ["Olentzero", "Fallera"]], active=0))
    state = apply_move(before, PASS)
    assert state.phase is Phase.OVER
    result = outcome(state)
    assert result is not None
    assert result.winners == frozenset()
    assert result.returns == (0.0, 0.0)


def test_forest_running_out_in_the_middle_of_exploring() -> None:
    """Interpretation 1: the game ends when a card is missing even after some were drawn."""
    before = without_forest(
        table(teams=[["Moura"], ["Olentzero", "Fallera"]], active=0), keep=["Magic hat 1"]
    )
    state = apply_move(before, PASS)
    assert state.phase is Phase.OVER
    result = outcome(state)
    assert result is not None and result.returns == (0.0, 0.0)


# --- combat against a character of the forest ----------------------------------------------------


def test_forest_fighter_is_chosen_from_the_team() -> None:
    """Forest combat: the player chooses which of their characters fights (Interpretation 8)."""
    state = turn_of(0, teams=[["Olentzero", "Moura"], ["Fallera"]], forest_top=["Aizkolari"])
    assert state.phase is Phase.FIGHTER
    assert legal_moves(state) == (Fighter("Olentzero"), Fighter("Moura"))
    combat = state.combat
    assert combat is not None
    assert combat.points == (0, strength("Aizkolari"))


def test_forest_single_character_fights_without_a_choice() -> None:
    """Interpretation 8 and 32: with one character, it fights without being asked."""
    assert strength("Olentzero") == strength("Castanyera") + 1
    state = turn_of(
        0,
        teams=[["Olentzero"], ["Fallera"]],
        forest_top=["Castanyera"],
        rng=rng_rolling(1),
    )
    # Olentzero won at once: it levelled up and the roll of 1 did not hypnotise the Castanyera.
    assert state.phase is Phase.ACTION
    assert team_of(state, 0) == {"Olentzero": B}
    assert state.cemetery == (card("Castanyera"),)


def test_sociable_character_supports_the_fighter_and_does_not_level_up() -> None:
    """Sociable: one sociable character other than the fighter may add its combat points; if the
    combat is won only the main character levels up (Interpretation 12)."""
    assert card("Dolçainer").sociable and card("Chirigotero").sociable
    fighter, helper, forest = strength("Olentzero"), strength("Dolçainer"), strength("Fallera")
    assert fighter <= forest < fighter + helper
    state = turn_of(
        0,
        teams=[["Olentzero", "Dolçainer", "Chirigotero"], ["Moura"]],
        forest_top=["Fallera"],
        rng=rng_rolling(6),
    )
    state = play(state, Fighter("Olentzero"))
    assert state.phase is Phase.SUPPORT
    assert legal_moves(state) == (Support("Dolçainer"), Support("Chirigotero"), PASS)
    state = play(state, Support("Dolçainer"))
    assert state.phase is Phase.ACTION  # no second supporter: the combat was resolved
    assert team_of(state, 0) == {"Olentzero": B, "Dolçainer": A, "Chirigotero": A, "Fallera": A}


def test_the_fighter_cannot_support_itself() -> None:
    """Sociable: the supporter is another character than the fighter."""
    state = turn_of(
        0,
        teams=[["Olentzero", "Dolçainer", "Chirigotero"], ["Moura"]],
        forest_top=["Fallera"],
    )
    state = play(state, Fighter("Dolçainer"))
    assert legal_moves(state) == (Support("Chirigotero"), PASS)


def test_forest_combat_potions_only_while_not_winning() -> None:
    """Forest combat (Interpretation 8): combat potions are played while the fighter is not yet
    winning (a tie loses); once ahead, the combat is resolved."""
    forest = card("Aizkolari")
    assert strength("Aizkolari") == strength("Olentzero") + 1
    state = turn_of(
        0,
        teams=[["Olentzero"], ["Moura"]],
        hands=[["Combat potion +1", "Combat potion +1", "Combat potion +2"], []],
        forest_top=["Aizkolari"],
        rng=rng_rolling(1),
    )
    assert state.phase is Phase.POTIONS
    assert legal_moves(state) == (
        Drink("Combat potion +1", Effect.COMBAT),
        Drink("Combat potion +2", Effect.COMBAT),
        PASS,
    )
    state = play(state, Drink("Combat potion +1", Effect.COMBAT))
    combat = state.combat
    assert combat is not None and combat.points[0] == combat.points[1]
    assert state.phase is Phase.POTIONS  # a tie still loses: potions still offered
    state = play(state, Drink("Combat potion +1", Effect.COMBAT))
    # Ahead now: resolved at once, the +2 stays in hand; the roll of 1 does not hypnotise. The
    # winner holds a card, so is asked about die potions, and with none can only pass.
    assert state.phase is Phase.HYPNOSIS
    assert legal_moves(state) == (PASS,)
    state = play(state, PASS)
    assert state.phase is Phase.ACTION
    assert names(state.hands[0]) == ["Combat potion +2"]
    assert team_of(state, 0) == {"Olentzero": B}
    assert state.cemetery == (forest,)
    assert state.market == (card("Combat potion +1"), card("Combat potion +1"))


def test_forest_combat_no_potions_when_already_winning() -> None:
    """Forest combat: a fighter already ahead is not offered combat potions."""
    state = turn_of(
        0,
        teams=[["Olentzero"], ["Moura"]],
        hands=[["Combat potion +1"], []],
        forest_top=["Castanyera"],
        rng=rng_rolling(6),
    )
    assert state.phase is Phase.ACTION
    assert names(state.hands[0]) == ["Combat potion +1"]
    assert team_of(state, 0) == {"Olentzero": B, "Castanyera": A}


def test_forest_tie_goes_to_the_forest_character() -> None:
    """Ties go to the forest character: drama, the fighter goes to the cemetery and the forest
    character back into the forest deck."""
    assert strength("Olentzero") == strength("Fallera")
    state = turn_of(0, teams=[["Olentzero", "Moura"], ["Lamia"]], forest_top=["Fallera"])
    after = play(state, Fighter("Olentzero"))
    assert after.phase is Phase.ACTION
    assert team_of(after, 0) == {"Moura": A}
    assert after.cemetery == (card("Olentzero"),)
    assert card("Fallera") in after.forest
    assert after.combat is None


def test_drama_shuffles_the_forest_character_back_into_the_forest() -> None:
    """Drama: the character of the forest goes back to the forest deck, which is shuffled
    (Interpretation 15: what anybody knew of its top is lost)."""
    state = turn_of(
        0,
        teams=[["Moura", "Olentzero"], ["Lamia"]],
        forest_top=["Aizkolari"],
        seen=(0, 3),
    )
    assert state.seen == (0, 2)
    after = play(state, Fighter("Moura"))
    assert Counter(after.forest) == Counter(state.forest) + Counter([card("Aizkolari")])
    assert after.forest != (*state.forest, card("Aizkolari"))
    assert after.seen == (0, 0)
    assert view(after, 1).forest_top == ()
    assert after.cemetery == (card("Moura"),)


def test_drama_spares_the_last_character() -> None:
    """Drama: the fighter is not lost if it is its player's only character."""
    state = turn_of(0, teams=[["Olentzero"], ["Lamia"]], forest_top=["Aizkolari"])
    assert state.phase is Phase.ACTION
    assert team_of(state, 0) == {"Olentzero": A}
    assert state.cemetery == ()
    assert card("Aizkolari") in state.forest


def test_drama_spares_a_character_on_a_broom() -> None:
    """Drama and brooms: a fighter mounted on a broom is not lost."""
    state = turn_of(
        0,
        teams=[[member("Olentzero", broom="Broom"), "Moura"], ["Lamia"]],
        forest_top=["Aizkolari"],
    )
    state = play(state, Fighter("Olentzero"))
    assert team_of(state, 0) == {"Olentzero": A, "Moura": A}
    assert state.cemetery == ()


@pytest.mark.parametrize(("level", "after"), [(A, B), (B, C), (C, C)])
def test_winning_a_combat_levels_up_never_past_c(level: Level, after: Level) -> None:
    """Levels: a character that wins a combat levels up, A to B to C, never beyond C."""
    assert card("Castanyera").resistance[A] == 1
    state = turn_of(
        0,
        teams=[[member("Olentzero", level)], ["Lamia"]],
        forest_top=["Castanyera"],
        rng=rng_rolling(1),
    )
    assert team_of(state, 0) == {"Olentzero": after}


def test_hypnosis_roll_above_resistance_joins_at_level_a() -> None:
    """Forest combat: after winning, a roll above the forest character's hypnosis resistance
    hypnotises it; it joins the team at level A."""
    resistance = card("Castanyera").resistance[A]
    state = turn_of(
        0,
        teams=[[member("Olentzero", B)], ["Lamia"]],
        forest_top=["Castanyera"],
        rng=rng_rolling(resistance + 1),
    )
    assert team_of(state, 0) == {"Olentzero": C, "Castanyera": A}
    assert state.cemetery == ()


def test_hypnosis_roll_not_above_resistance_sends_it_to_the_cemetery() -> None:
    """Forest combat: a roll equal to the resistance fails; the character goes to the cemetery."""
    resistance = card("Castanyera").resistance[A]
    state = turn_of(
        0,
        teams=[["Olentzero"], ["Lamia"]],
        forest_top=["Castanyera"],
        rng=rng_rolling(resistance),
    )
    assert team_of(state, 0) == {"Olentzero": B}
    assert state.cemetery == (card("Castanyera"),)


def test_die_potions_are_played_after_the_roll_until_it_beats_the_resistance() -> None:
    """Die potions: played after the roll, only while it does not beat the resistance
    (Interpretation 9); each adds its value."""
    forest = card("Vicentica")
    assert forest.resistance[A] == 2 and strength("Basajaun") > strength("Vicentica")
    state = turn_of(
        0,
        teams=[["Basajaun"], ["Lamia"]],
        hands=[["Die potion +1", "Die potion +1", "Die potion +1"], []],
        forest_top=["Vicentica"],
        rng=rng_rolling(1),
    )
    assert state.phase is Phase.HYPNOSIS
    assert legal_moves(state) == (Drink("Die potion +1", Effect.DIE), PASS)
    state = play(state, Drink("Die potion +1", Effect.DIE))
    assert state.phase is Phase.HYPNOSIS  # 2 does not beat 2
    state = play(state, Drink("Die potion +1", Effect.DIE))
    assert state.phase is Phase.ACTION
    assert team_of(state, 0) == {"Basajaun": B, "Vicentica": A}
    assert names(state.hands[0]) == ["Die potion +1"]
    assert state.market == (card("Die potion +1"), card("Die potion +1"))


def test_die_potions_are_not_offered_when_the_roll_already_wins() -> None:
    """Interpretation 9: a roll that already beats the resistance needs no die potion."""
    state = turn_of(
        0,
        teams=[["Olentzero"], ["Lamia"]],
        hands=[["Die potion +1"], []],
        forest_top=["Castanyera"],
        rng=rng_rolling(6),
    )
    assert state.phase is Phase.ACTION
    assert names(state.hands[0]) == ["Die potion +1"]
    assert "Castanyera" in team_of(state, 0)


def test_passing_on_die_potions_sends_the_forest_character_to_the_cemetery() -> None:
    """Die potions are optional: passing keeps them and the roll fails."""
    state = turn_of(
        0,
        teams=[["Olentzero"], ["Lamia"]],
        hands=[["Die potion +1"], []],
        forest_top=["Castanyera"],
        rng=rng_rolling(1),
    )
    state = play(state, PASS)
    assert names(state.hands[0]) == ["Die potion +1"]
    assert state.cemetery == (card("Castanyera"),)


@pytest.mark.rule("alakazum", "double-potion")
def test_double_potion_adds_to_the_die_roll() -> None:
    """Double potions: either side may be used; after the roll, as a die potion."""
    state = turn_of(
        0,
        teams=[["Olentzero"], ["Lamia"]],
        hands=[["Double potion +1/+1"], []],
        forest_top=["Castanyera"],
        rng=rng_rolling(1),
    )
    assert legal_moves(state) == (Drink("Double potion +1/+1", Effect.DIE), PASS)
    state = play(state, Drink("Double potion +1/+1", Effect.DIE))
    assert "Castanyera" in team_of(state, 0)


def test_die_character_rolls_its_combat_points() -> None:
    """Clarifications (Interpretation 7): combat points shown as a die are rolled when the
    character enters the combat; the rolls are public."""
    assert card("Cascamorras").combat[A] is None
    state = turn_of(
        0,
        teams=[["Olentzero", "Moura"], ["Lamia"]],
        forest_top=["Cascamorras"],
        rng=rng_rolling(4),
    )
    combat = state.combat
    assert combat is not None
    assert combat.points == (0, 4)
    assert combat.rolls == (4,)


# --- combat between players --------------------------------------------------------------------


def test_fight_cannot_target_a_player_with_one_character() -> None:
    """Fight: a player with only one character cannot be attacked (nobody runs out of
    characters); the attacker may have only one (Interpretation 34)."""
    state = table(THREE, teams=[["Olentzero"], ["Fallera"], ["Aizkolari", "Lamia"]])
    fights = [m for m in legal_moves(state) if isinstance(m, Fight)]
    assert fights == [Fight(2, "Aizkolari"), Fight(2, "Lamia")]
    alone = table(teams=[["Olentzero", "Moura"], ["Fallera"]])
    assert not any(isinstance(m, Fight) for m in legal_moves(alone))


def test_potion_bidding_alternates_until_two_passes_in_a_row() -> None:
    """Combat between players (Interpretation 11): the attacker bids first, then the sides
    alternate; a side with an empty hand passes by itself; two passes in a row end it, and a
    tie goes to the defender."""
    assert strength("Olentzero") == strength("Fallera")
    state = table(
        teams=[["Olentzero", "Moura"], ["Fallera", "Lamia"]],
        hands=[
            ["Combat potion +1", "Combat potion +2"],
            ["Combat potion +1", "Combat potion +3"],
        ],
        forest_top=FILLER,
        rng=rng_rolling(1),
    )
    state = play(state, Fight(1, "Fallera"), ASKED, Fighter("Olentzero"))
    assert state.phase is Phase.POTIONS and state.to_move == 0
    state = play(state, Drink("Combat potion +1", Effect.COMBAT))
    assert state.to_move == 1
    state = play(state, PASS)
    assert state.to_move == 0  # one pass does not end the bidding
    state = play(state, Drink("Combat potion +2", Effect.COMBAT))
    assert state.to_move == 1
    state = play(state, Drink("Combat potion +3", Effect.COMBAT))
    # Player 0 has nothing left and passes by itself: player 1 bids again.
    combat = state.combat
    assert combat is not None and combat.points == (4, 4) and combat.passes == 1
    assert state.to_move == 1 and state.phase is Phase.POTIONS
    state = play(state, PASS)
    # Two passes in a row: 4 against 4 goes to the defender, who levels up and rolls 1, too
    # little; holding a card, they are asked about die potions, and pass.
    assert state.phase is Phase.HYPNOSIS and state.to_move == 1
    state = play(state, PASS)
    assert state.combat is None
    assert team_of(state, 1) == {"Fallera": B, "Lamia": A}
    assert team_of(state, 0) == {"Olentzero": A, "Moura": A}
    assert names(state.market) == [
        "Combat potion +1",
        "Combat potion +2",
        "Combat potion +3",
    ]


@pytest.mark.rule("alakazum", "robbery-potion")
def test_robbery_takes_the_opponents_last_combat_potion_into_the_thiefs_hand() -> None:
    """Robbery: it takes the opponent's last combat potion, cancelling it, into the thief's
    hand, who may play it in the same combat; a robbery cannot be stolen (Interpretation 10)."""
    state = table(
        teams=[["Olentzero", "Moura"], ["Fallera", "Lamia"]],
        hands=[["Combat potion +2", "Robbery potion"], ["Combat potion +1", "Robbery potion"]],
        forest_top=FILLER,
        rng=rng_rolling(1),
    )
    state = play(state, Fight(1, "Fallera"), ASKED, Fighter("Olentzero"))
    # Nothing to steal yet.
    assert Drink("Robbery potion", Effect.ROBBERY) not in legal_moves(state)
    state = play(state, Drink("Combat potion +2", Effect.COMBAT))
    assert Drink("Robbery potion", Effect.ROBBERY) in legal_moves(state)
    state = play(state, Drink("Robbery potion", Effect.ROBBERY))
    combat = state.combat
    assert combat is not None
    assert combat.points == (strength("Olentzero"), strength("Fallera"))
    assert names(state.hands[1]) == ["Combat potion +1", "Combat potion +2"]
    # Player 0 cannot steal the robbery back: holding only a robbery, they are asked all the
    # same (the table cannot see that they hold nothing to play), and can only pass.
    assert state.to_move == 0 and legal_moves(state) == (PASS,)
    state = play(state, PASS)
    assert state.to_move == 1 and state.combat is not None and state.combat.passes == 1
    state = play(state, PASS)
    # 1 against 1: the defender wins and rolls 1, too little; asked about die potions, they
    # pass. The stolen potion stays in the thief's hand.
    assert state.phase is Phase.HYPNOSIS and state.to_move == 1
    state = play(state, PASS)
    assert team_of(state, 1) == {"Fallera": B, "Lamia": A}
    assert names(state.hands[0]) == ["Robbery potion"]
    assert sorted(names(state.hands[1])) == sorted(
        ["Combat potion +1", "Combat potion +2", *FILLER[:2]]
    )
    assert names(state.market) == ["Robbery potion"]


@pytest.mark.rule("alakazum", "double-potion")
def test_double_potion_adds_combat_points_in_the_bidding() -> None:
    """Double potions: during the bidding a double potion is played for combat points."""
    state = table(
        teams=[["Olentzero", "Moura"], ["Fallera", "Lamia"]],
        hands=[["Double potion +1/+1"], []],
        forest_top=FILLER,
        rng=rng_rolling(1),
    )
    state = play(state, Fight(1, "Fallera"), Fighter("Olentzero"))
    assert legal_moves(state) == (Drink("Double potion +1/+1", Effect.COMBAT), PASS)
    state = play(state, Drink("Double potion +1/+1", Effect.COMBAT))
    assert team_of(state, 0)["Olentzero"] is B


def test_twist_of_fate_defender_levels_up_and_hypnotises_the_attacker() -> None:
    """Twist of fate: when the attacker does not win, the defending character levels up and its
    player rolls against the attacking character; it changes team keeping its level."""
    assert strength("Olentzero", B) == strength("Aizkolari")
    assert card("Olentzero").resistance[B] < 6
    state = table(
        teams=[[member("Olentzero", B), "Moura"], ["Aizkolari", "Lamia"]],
        forest_top=FILLER,
        rng=rng_rolling(6),
    )
    state = play(state, Fight(1, "Aizkolari"), Fighter("Olentzero"))
    assert team_of(state, 0) == {"Moura": A}
    assert team_of(state, 1) == {"Aizkolari": B, "Lamia": A, "Olentzero": B}


def test_twist_of_fate_die_potions_are_the_defenders() -> None:
    """Twist of fate: the defending player rolls and may play die potions."""
    resistance = card("Olentzero").resistance[A]
    state = table(
        teams=[["Olentzero", "Moura"], ["Aizkolari", "Lamia"]],
        hands=[["Die potion +1"], ["Die potion +1"]],
        forest_top=FILLER,
        rng=rng_rolling(resistance),
    )
    # Each side holds a card but no combat potion: both are asked to bid, and pass.
    state = play(state, Fight(1, "Aizkolari"), ASKED, Fighter("Olentzero"), PASS, PASS)
    assert state.phase is Phase.HYPNOSIS and state.to_move == 1
    state = play(state, Drink("Die potion +1", Effect.DIE))
    assert team_of(state, 1) == {"Aizkolari": B, "Lamia": A, "Olentzero": A}
    assert names(state.hands[0]) == ["Die potion +1"]


def test_hypnotised_character_keeps_its_level() -> None:
    """Combat between players: the winner levels up; a roll above the defender's resistance at
    its level hypnotises it, and it keeps its level in its new team."""
    assert strength("Aizkolari", B) > strength("Fallera", B)
    state = table(
        teams=[[member("Aizkolari", B), "Moura"], [member("Fallera", B), "Lamia"]],
        forest_top=FILLER,
        rng=rng_rolling(card("Fallera").resistance[B] + 1),
    )
    state = play(state, Fight(1, "Fallera"), Fighter("Aizkolari"))
    assert team_of(state, 0) == {"Aizkolari": C, "Moura": A, "Fallera": B}
    assert team_of(state, 1) == {"Lamia": A}


def test_failed_hypnosis_leaves_the_defender_with_its_player() -> None:
    """Combat between players: a roll not above the resistance fails; the winner has still
    levelled up."""
    state = table(
        teams=[["Aizkolari", "Moura"], ["Fallera", "Lamia"]],
        forest_top=FILLER,
        rng=rng_rolling(card("Fallera").resistance[A]),
    )
    state = play(state, Fight(1, "Fallera"), Fighter("Aizkolari"))
    assert team_of(state, 0) == {"Aizkolari": B, "Moura": A}
    assert team_of(state, 1) == {"Fallera": A, "Lamia": A}


def test_a_character_on_a_broom_can_be_attacked_but_never_changes_team() -> None:
    """Brooms (Interpretation 34): a character on a broom may be attacked, but never leaves its
    player."""
    state = table(
        teams=[["Aizkolari", "Moura"], [member("Fallera", broom="Broom"), "Lamia"]],
        forest_top=FILLER,
        rng=rng_rolling(6),
    )
    assert Fight(1, "Fallera") in legal_moves(state)
    state = play(state, Fight(1, "Fallera"), Fighter("Aizkolari"))
    assert team_of(state, 0) == {"Aizkolari": B, "Moura": A}
    assert team_of(state, 1) == {"Fallera": A, "Lamia": A}


def test_the_last_character_never_changes_team() -> None:
    """A player never runs out of characters: an attacker's only character that loses is not
    hypnotised."""
    state = table(
        teams=[["Olentzero"], ["Aizkolari", "Lamia"]],
        forest_top=FILLER,
        rng=rng_rolling(6),
    )
    state = play(state, Fight(1, "Aizkolari"))
    assert team_of(state, 0) == {"Olentzero": A}
    assert team_of(state, 1) == {"Aizkolari": B, "Lamia": A}


def test_no_hypnosis_roll_when_the_loser_cannot_change_team() -> None:
    """Interpretation 9: in a combat between players the roll is not made at all when the losing
    character is its player's last one (or on a broom): no die is consumed."""
    state = table(
        teams=[["Olentzero"], ["Aizkolari", "Lamia"]],
        forest_top=FILLER,
        rng=Rng(12345),
    )
    after = play(state, Fight(1, "Aizkolari"))
    assert after.turn == state.turn + 1  # the next turn drew only hand cards: no other die
    assert after.rng == state.rng


def test_supporters_on_both_sides_of_a_fight() -> None:
    """Sociable (Interpretation 12): each side may add one sociable character, the attacker
    deciding first; only the main characters level up."""
    state = table(
        teams=[["Olentzero", "Dolçainer"], ["Aizkolari", "Chirigotero"]],
        forest_top=FILLER,
        rng=rng_rolling(1),
    )
    state = play(state, Fight(1, "Aizkolari"), Fighter("Olentzero"))
    assert state.phase is Phase.SUPPORT and state.to_move == 0
    state = play(state, Support("Dolçainer"))
    assert state.phase is Phase.SUPPORT and state.to_move == 1
    assert legal_moves(state) == (Support("Chirigotero"), PASS)
    state = play(state, Support("Chirigotero"))
    # 1 + 1 against 2 + 1: the defender wins; its supporter stays at level A.
    assert team_of(state, 1) == {"Aizkolari": B, "Chirigotero": A}
    assert team_of(state, 0) == {"Olentzero": A, "Dolçainer": A}


# --- actions -------------------------------------------------------------------------------------


def test_one_action_per_turn() -> None:
    """Take an action: only one of the actions, then the Alakazum phase."""
    state = table(
        teams=[RICH, ["Lamia"]],
        hands=[["Combat potion +1", "Broom"], []],
        market=["Magic hat 3", "Magic hat 2"],
    )
    assert state.actions == 1
    state = play(state, Market("Combat potion +1"))
    assert state.actions == 0
    assert state.phase is Phase.ALAKAZUM
    assert not any(isinstance(m, Market | UseObject | Fight | Cast) for m in legal_moves(state))


def test_the_action_is_optional() -> None:
    """Take an action is optional: passing goes on to the next player's turn."""
    state = table(teams=[["Olentzero"], ["Lamia"]], forest_top=FILLER)
    assert PASS in legal_moves(state)
    state = play(state, PASS)
    assert state.active == 1 and state.turn == 1
    assert names(state.hands[1]) == FILLER[:1]


def test_go_to_the_market_takes_the_market_number_and_leaves_the_shown_card_on_top() -> None:
    """Go to the market: show a hand card, take as many cards as its market number from the top
    of the market deck one by one, then put the shown card on top."""
    shown = card("Combat potion +1")
    assert shown.market == 2
    state = table(
        teams=[RICH, ["Lamia"]],
        hands=[["Combat potion +1", "Magic hat 1"], []],
        market=["Magic hat 3", "Die potion +2", "Txapela"],
    )
    state = play(state, Market("Combat potion +1"))
    assert names(state.hands[0]) == ["Die potion +2", "Magic hat 1", "Txapela"]
    assert state.market == (card("Magic hat 3"), shown)


def test_go_to_the_market_takes_no_more_than_the_market_holds() -> None:
    """Interpretation 18: min(market number, market size) cards are taken."""
    assert card("Magic hat 1").market == 3
    state = table(
        teams=[RICH, ["Lamia"]],
        hands=[["Magic hat 1"], []],
        market=["Txapela"],
    )
    state = play(state, Market("Magic hat 1"))
    assert names(state.hands[0]) == ["Txapela"]
    assert state.market == (card("Magic hat 1"),)


def test_go_to_the_market_never_with_a_voodoo_doll() -> None:
    """Voodoo dolls never go to the market deck: a doll cannot be shown (Interpretation 17)."""
    state = table(
        teams=[["Olentzero"], ["Lamia"]],
        hands=[["Magic hat 1", "Voodoo doll"], []],
        market=["Txapela"],
    )
    assert Market("Magic hat 1") in legal_moves(state)
    assert Market("Voodoo doll") not in legal_moves(state)
    with pytest.raises(IllegalMoveError):
        apply_move(state, Market("Voodoo doll"))


def test_go_to_the_market_not_when_the_market_is_empty() -> None:
    """Interpretation 18: the market needs cards in the market deck."""
    state = table(teams=[["Olentzero"], ["Lamia"]], hands=[["Magic hat 1"], []], market=[])
    assert not any(isinstance(m, Market) for m in legal_moves(state))


@pytest.mark.rule("alakazum", "meal")
def test_meal_raises_every_character_of_that_culture_to_level_c() -> None:
    """Meals: choose one of the two meals; all the characters of that culture go to level C,
    whatever their level; the others, and multicoloured characters, are untouched; the meal goes
    to the market deck."""
    meal = card("Meal: Fideuà / Txistorra")
    assert meal.cultures == (Culture.VAL, Culture.EUS)
    state = table(
        teams=[
            ["Senyor Pirotècnic", member("Vicentica", B), "Olentzero", "Hombre del Saco"],
            ["Lamia"],
        ],
        hands=[["Meal: Fideuà / Txistorra"], []],
        forest_top=FILLER,
    )
    meals = [m for m in legal_moves(state) if isinstance(m, UseObject)]
    assert meals == [
        UseObject(meal.name, culture=Culture.VAL),
        UseObject(meal.name, culture=Culture.EUS),
    ]
    state = play(state, UseObject(meal.name, culture=Culture.VAL))
    assert team_of(state, 0) == {
        "Senyor Pirotècnic": C,
        "Vicentica": C,
        "Olentzero": A,
        "Hombre del Saco": A,
    }
    assert state.market == (meal,)
    assert state.hands[0] == ()


@pytest.mark.rule("alakazum", "meal")
def test_meal_only_for_a_culture_with_a_character_below_c() -> None:
    """Interpretation 19: a meal is offered only for a culture with a character below level C
    (never for the multicoloured)."""
    state = table(
        teams=[[member("Vicentica", C), "Hombre del Saco"], ["Lamia"]],
        hands=[["Meal: Fideuà / Txistorra"], []],
    )
    assert not any(isinstance(m, UseObject) for m in legal_moves(state))


@pytest.mark.rule("alakazum", "broom")
def test_broom_goes_under_a_character_for_the_rest_of_the_game() -> None:
    """Brooms: put under a character, the card stays there (not in hand, not at the market)."""
    state = table(
        teams=[["Olentzero", "Moura"], ["Lamia"]],
        hands=[["Broom"], []],
        forest_top=FILLER,
    )
    brooms = [m for m in legal_moves(state) if isinstance(m, UseObject)]
    assert brooms == [
        UseObject("Broom", character="Olentzero"),
        UseObject("Broom", character="Moura"),
    ]
    state = play(state, UseObject("Broom", character="Moura"))
    assert state.teams[0][1] == member("Moura", broom="Broom")
    assert state.hands[0] == () and state.market == ()


def test_spell_costs_are_those_of_the_magic_scroll() -> None:
    """Magic scroll: Miserable witch 0, Training 1, Divination 2, Magic of the forest 3,
    Levitation 3, Resurrect 4, Deja Vu 4; each needs that much energy in hats."""
    assert SPELL_COSTS == {
        Spell.MISERABLE_WITCH: 0,
        Spell.TRAINING: 1,
        Spell.DIVINATION: 2,
        Spell.MAGIC_OF_THE_FOREST: 3,
        Spell.LEVITATION: 3,
        Spell.RESURRECT: 4,
        Spell.DEJA_VU: 4,
    }
    for hats in range(5):
        state = table(
            teams=[["Olentzero"], ["Lamia", "Fallera"]],
            hands=[["Magic hat 1"] * hats, []],
            market=["Txapela"],
            cemetery=["Vicentica"],
        )
        for spell, cost in SPELL_COSTS.items():
            found = casts(state, spell)
            assert bool(found) == (hats >= cost), (spell, hats)
            assert all(len(cast.hats) == cost for cast in found)


def test_hats_pay_with_minimal_payments_and_no_change() -> None:
    """Magic hats (Interpretation 20): any payment covering the cost in which no hat could be
    left out; overpaying is allowed but no change is given."""
    state = table(
        teams=[["Olentzero"], ["Lamia"]],
        hands=[["Magic hat 1", "Magic hat 1", "Magic hat 2", "Magic hat 3"], []],
        forest_top=FILLER,
        enemies=deck.ENEMIES,
    )
    payments = {cast.hats for cast in casts(state, Spell.DIVINATION)}
    assert payments == {("Magic hat 1", "Magic hat 1"), ("Magic hat 2",), ("Magic hat 3",)}
    state = play(state, Cast(Spell.DIVINATION, ("Magic hat 3",)), Peek(0))
    assert names(state.hands[0]) == ["Magic hat 1", "Magic hat 1", "Magic hat 2"]
    assert state.market == (card("Magic hat 3"),)


def test_very_magical_characters_pay_part_of_a_spell() -> None:
    """Very magical: each gives 1 energy to every spell (Maruxa 2), combined with hats."""
    assert card("Moura").magic == 1 and card("Maruxa").magic == 2
    state = table(
        teams=[["Moura"], ["Lamia"]],
        hands=[["Magic hat 1", "Magic hat 2"], []],
        enemies=deck.ENEMIES,
    )
    payments = {cast.hats for cast in casts(state, Spell.DIVINATION)}
    assert payments == {("Magic hat 1",), ("Magic hat 2",)}
    maruxa = table(
        teams=[["Maruxa"], ["Lamia"]],
        hands=[["Magic hat 1", "Magic hat 2"], []],
        enemies=deck.ENEMIES,
    )
    assert {c.hats for c in casts(maruxa, Spell.DIVINATION)} == {()}
    forest_magic = {c.hats for c in casts(maruxa, Spell.MAGIC_OF_THE_FOREST)}
    assert forest_magic == {("Magic hat 1",), ("Magic hat 2",)}


@pytest.mark.rule("alakazum", "training")
def test_training_levels_up_one_character_below_c() -> None:
    """Training (cost 1): one of one's characters levels up; never past C."""
    state = table(
        teams=[["Olentzero", member("Aizkolari", C)], ["Lamia"]],
        hands=[["Magic hat 1"], []],
        forest_top=FILLER,
    )
    assert casts(state, Spell.TRAINING) == [Cast(Spell.TRAINING, ("Magic hat 1",))]
    state = play(state, Cast(Spell.TRAINING, ("Magic hat 1",)))
    assert state.phase is Phase.TARGET
    assert legal_moves(state) == (Train("Olentzero"),)
    state = play(state, Train("Olentzero"))
    assert team_of(state, 0) == {"Olentzero": B, "Aizkolari": C}


@pytest.mark.rule("alakazum", "divination-and-the-crystal-ball")
def test_divination_is_known_to_that_player_only() -> None:
    """Divination (cost 2): look at one final enemy without showing it; only the caster's view
    shows it, and it stays face down (Interpretation 21)."""
    state = table(
        teams=[[member("Moura", C), "Maruxa"], ["Lamia"]],
        enemies=deck.ENEMIES,
        forest_top=FILLER,
    )
    state = play(state, Cast(Spell.DIVINATION, ()), Peek(2))
    assert state.known == (frozenset({2}), frozenset())
    assert state.enemy_up == (False,) * 5
    assert view(state, 0).enemies == (None, None, deck.ENEMIES[2], None, None)
    assert view(state, 1).enemies == (None,) * 5
    again = table(
        teams=[[member("Moura", C), "Maruxa"], ["Lamia"]],
        enemies=deck.ENEMIES,
        known=(frozenset({2}), frozenset()),
    )
    again = play(again, Cast(Spell.DIVINATION, ()))
    assert legal_moves(again) == (Peek(0), Peek(1), Peek(3), Peek(4))


@pytest.mark.rule("alakazum", "magic-of-the-forest")
def test_magic_of_the_forest_keeps_one_and_puts_the_rest_back_in_order() -> None:
    """Magic of the forest (cost 3): take the top 6 forest cards, keep one (never a trap), put
    the other 5 back on top in the chosen order; only the caster sees them (Interpretation
    23)."""
    six = [
        "Magic hat 1",
        "Black Friday's Discount",
        "Combat potion +2",
        "Txapela",
        "Die potion +2",
        "Magic hat 2",
    ]
    state = table(
        teams=[RICH, ["Lamia"]],
        hands=[["Magic hat 3"], []],
        forest_top=[*six, "Magic hat 3"],
    )
    state = play(state, Cast(Spell.MAGIC_OF_THE_FOREST, ("Magic hat 3",)))
    assert state.phase is Phase.KEEP
    assert names(state.held) == six
    assert legal_moves(state) == tuple(Keep(name) for name in six if "Friday" not in name)
    assert names(view(state, 0).held) == six
    assert view(state, 1).held == () and view(state, 1).held_size == 6
    assert state.forest[-1] == card("Magic hat 3")
    state = play(state, Keep("Txapela"))
    assert names(state.hands[0]) == ["Txapela"]
    assert state.phase is Phase.PLACE
    order = [
        "Black Friday's Discount",
        "Combat potion +2",
        "Magic hat 1",
        "Die potion +2",
        "Magic hat 2",
    ]
    state = play(state, Place(order[0]), Place(order[1]))
    assert names(view(state, 0).forest_top) == [order[1], order[0]]
    assert view(state, 1).forest_top == ()
    state = play(state, Place(order[2]), Place(order[3]))  # the last one goes by itself
    assert state.phase is Phase.ALAKAZUM
    drawn_first = order[::-1]
    assert names(view(state, 0).forest_top) == drawn_first
    assert names(state.forest[-5:][::-1]) == drawn_first
    assert state.forest[-6] == card("Magic hat 3")
    assert view(state, 1).forest_top == ()
    assert state.market == (card("Magic hat 3"),)


@pytest.mark.rule("alakazum", "magic-of-the-forest")
def test_magic_of_the_forest_kept_character_must_be_faced() -> None:
    """Magic of the forest: a character kept must be faced, after the rest is put back."""
    state = table(
        teams=[["Olentzero", "Moura"], ["Lamia"]],
        hands=[["Magic hat 3"], []],
        forest_top=["Castanyera", "Magic hat 1", "Magic hat 1", "Magic hat 1", "Magic hat 1"],
    )
    state = play(state, Cast(Spell.MAGIC_OF_THE_FOREST, ("Magic hat 3",)))
    held = state.held
    assert len(held) == 6 and held[0] == card("Castanyera")
    state = play(state, Keep("Castanyera"))
    # Identical cards need no order; the sixth card is another one to place.
    while state.phase is Phase.PLACE:
        state = play(state, legal_moves(state)[0])
    assert state.phase is Phase.FIGHTER
    assert state.combat is not None and state.combat.opponent == card("Castanyera")
    assert Counter(state.forest[-5:]) == Counter(held[1:])


@pytest.mark.rule("alakazum", "levitation")
def test_levitation_swaps_with_another_players_character_not_at_level_c() -> None:
    """Levitation (cost 3): swap one of one's characters with another player's that is not at
    level C (nor on a broom); each keeps its level (Interpretation 24)."""
    state = table(
        teams=[
            [member("Olentzero", B), member("Moura", broom="Broom")],
            ["Aizkolari", member("Fallera", C), member("Lamia", broom="Broom")],
        ],
        hands=[["Magic hat 3"], []],
        forest_top=FILLER,
    )
    state = play(state, Cast(Spell.LEVITATION, ("Magic hat 3",)))
    assert legal_moves(state) == (Swap("Olentzero", "Aizkolari", 1),)
    state = play(state, Swap("Olentzero", "Aizkolari", 1))
    assert team_of(state, 0) == {"Moura": A, "Aizkolari": A}
    assert team_of(state, 1) == {"Fallera": C, "Lamia": A, "Olentzero": B}


@pytest.mark.rule("alakazum", "levitation")
def test_levitation_swaps_with_the_cemetery_at_level_a() -> None:
    """Levitation: a character may be swapped with one of the cemetery (at level A)."""
    state = table(
        teams=[[member("Olentzero", B)], ["Lamia"]],
        hands=[["Magic hat 3"], []],
        cemetery=["Vicentica"],
        forest_top=FILLER,
    )
    state = play(state, Cast(Spell.LEVITATION, ("Magic hat 3",)))
    assert legal_moves(state) == (
        Swap("Olentzero", "Lamia", 1),
        Swap("Olentzero", "Vicentica", None),
    )
    state = play(state, Swap("Olentzero", "Vicentica", None))
    assert team_of(state, 0) == {"Vicentica": A}
    assert state.cemetery == (card("Olentzero"),)


@pytest.mark.rule("alakazum", "d-do-magic")
def test_resurrect_brings_a_cemetery_character_back_at_level_a() -> None:
    """Resurrect (cost 4): take a character back from the cemetery at level A."""
    state = table(
        teams=[["Olentzero"], ["Lamia"]],
        hands=[["Magic hat 1", "Magic hat 3"], []],
        cemetery=["Vicentica", "Castanyera"],
        forest_top=FILLER,
    )
    assert casts(state, Spell.RESURRECT) == [Cast(Spell.RESURRECT, ("Magic hat 1", "Magic hat 3"))]
    state = play(state, Cast(Spell.RESURRECT, ("Magic hat 1", "Magic hat 3")))
    assert legal_moves(state) == (Raise("Vicentica"), Raise("Castanyera"))
    state = play(state, Raise("Vicentica"))
    assert team_of(state, 0) == {"Olentzero": A, "Vicentica": A}
    assert state.cemetery == (card("Castanyera"),)


@pytest.mark.rule("alakazum", "miserable-witch")
def test_miserable_witch_takes_two_market_cards_of_ones_choice() -> None:
    """Miserable witch (cost 0): if every other player has more characters, take the 2 cards of
    one's choice from the market deck (Interpretation 22)."""
    state = table(
        teams=[["Olentzero"], ["Lamia", "Fallera"]],
        market=["Magic hat 3", "Die potion +2", "Txapela"],
        forest_top=FILLER,
    )
    assert casts(state, Spell.MISERABLE_WITCH) == [Cast(Spell.MISERABLE_WITCH)]
    state = play(state, Cast(Spell.MISERABLE_WITCH))
    assert state.phase is Phase.TAKE
    assert legal_moves(state) == (Take("Txapela"), Take("Die potion +2"), Take("Magic hat 3"))
    state = play(state, Take("Magic hat 3"), Take("Txapela"))
    assert names(state.hands[0]) == ["Magic hat 3", "Txapela"]
    assert state.market == (card("Die potion +2"),)


@pytest.mark.rule("alakazum", "miserable-witch")
def test_miserable_witch_not_when_someone_has_as_many_characters() -> None:
    """Miserable witch: not open if another player has no more characters, nor with an empty
    market deck."""
    even = table(teams=[["Olentzero"], ["Lamia"]], market=["Txapela"])
    assert casts(even, Spell.MISERABLE_WITCH) == []
    empty = table(teams=[["Olentzero"], ["Lamia", "Fallera"]], market=[])
    assert casts(empty, Spell.MISERABLE_WITCH) == []
    three = table(THREE, teams=[["Olentzero"], ["Lamia", "Fallera"], ["Moura"]], market=["Traca"])
    assert casts(three, Spell.MISERABLE_WITCH) == []


@pytest.mark.rule("alakazum", "déjà-vu")
def test_deja_vu_gives_two_more_actions_reusing_the_energy() -> None:
    """Deja Vu (cost 4): two more actions this turn, never another Deja Vu; very magical
    characters give their energy again for each spell."""
    state = table(
        teams=[["Maruxa", "Moura", "Meiga"], ["Lamia"]],
        forest_top=FILLER,
    )
    assert casts(state, Spell.DEJA_VU) == [Cast(Spell.DEJA_VU)]
    state = play(state, Cast(Spell.DEJA_VU))
    assert state.actions == 2 and state.deja_vu
    assert state.phase is Phase.ACTION
    assert casts(state, Spell.DEJA_VU) == []
    assert Cast(Spell.TRAINING, ()) in legal_moves(state)
    state = play(state, Cast(Spell.TRAINING, ()), Train("Moura"))
    assert state.actions == 1 and state.phase is Phase.ACTION
    assert casts(state, Spell.DEJA_VU) == []
    state = play(state, Cast(Spell.TRAINING, ()), Train("Moura"))
    assert team_of(state, 0) == {"Maruxa": A, "Moura": C, "Meiga": A}
    assert state.active == 1  # both actions taken: the turn is over


@pytest.mark.rule("alakazum", "magic-of-the-forest")
def test_magic_of_the_forest_keeps_no_trap() -> None:
    """Interpretation 23: traps are never kept; if all the cards taken are traps, none is."""
    traps = [c.name for c in deck.FOREST if c.kind.is_trap]
    assert len(traps) == 6
    state = table(
        teams=[RICH, ["Lamia"]],
        hands=[["Magic hat 3"], []],
        forest_top=traps,
    )
    state = play(state, Cast(Spell.MAGIC_OF_THE_FOREST, ("Magic hat 3",)))
    assert state.phase is Phase.PLACE
    assert len(state.held) == 6 and not any(isinstance(m, Keep) for m in legal_moves(state))


def test_turn_limit_ends_the_game_with_everybody_losing() -> None:
    """Interpretation 2: a game reaching ``Config.turn_limit`` turns ends, every player losing."""
    state = table(teams=[["Olentzero"], ["Lamia"]], turn=TWO.turn_limit - 1)
    state = play(state, PASS)
    assert state.phase is Phase.OVER
    result = outcome(state)
    assert result is not None and result.winners == frozenset()
    assert result.returns == (0.0, 0.0)


# --- voodoo dolls --------------------------------------------------------------------------------


@pytest.mark.rule("alakazum", "who-is-asked")
def test_voodoo_doll_holders_are_asked_in_seat_order() -> None:
    """Voodoo dolls (Interpretation 17): each other player who holds a card is asked, in seat
    order from the announcer's left; a player with an empty hand holds no doll and is not."""
    state = table(
        THREE,
        teams=[["Olentzero"], ["Lamia"], ["Fallera"]],
        hands=[["Combat potion +1"], [], ["Voodoo doll"]],
        market=["Txapela"],
        active=0,
    )
    state = play(state, Market("Combat potion +1"))
    assert state.phase is Phase.DOLL and state.to_move == 2
    both = table(
        THREE,
        teams=[["Olentzero"], ["Lamia"], ["Fallera"]],
        hands=[["Voodoo doll"], ["Combat potion +1"], ["Voodoo doll"]],
        market=["Txapela"],
        active=1,
        forest_top=FILLER,
    )
    both = play(both, Market("Combat potion +1"))
    assert both.to_move == 2
    both = play(both, PASS)
    assert both.to_move == 0 and both.phase is Phase.DOLL
    both = play(both, PASS)
    assert names(both.hands[1]) == ["Txapela"]  # carried out
    assert both.active == 2


def test_voodoo_doll_cancels_an_action_nothing_spent_action_used() -> None:
    """Voodoo dolls: the announced action is cancelled; nothing it would spend is spent, the
    action is used up, and the doll leaves the game (never to the market)."""
    state = table(
        THREE,
        teams=[RICH, ["Lamia"], ["Moura"]],
        hands=[["Combat potion +1"], [], ["Voodoo doll"]],
        market=["Txapela"],
    )
    state = play(state, Market("Combat potion +1"), Doll())
    assert names(state.hands[0]) == ["Combat potion +1"]
    assert state.market == (card("Txapela"),)
    assert state.hands[2] == ()
    assert state.removed == (card("Voodoo doll"),)
    assert state.actions == 0 and state.phase is Phase.ALAKAZUM


def test_voodoo_doll_cancelled_deja_vu_gives_no_actions() -> None:
    """Interpretation 25: a cancelled Deja Vu gives no actions and spends no hats."""
    state = table(
        teams=[["Olentzero"], ["Lamia"]],
        hands=[["Magic hat 1", "Magic hat 3"], ["Voodoo doll"]],
        forest_top=FILLER,
    )
    state = play(state, Cast(Spell.DEJA_VU, ("Magic hat 1", "Magic hat 3")), Doll())
    assert not state.deja_vu
    assert state.active == 1  # the action was used: the turn is over
    assert names(state.hands[0]) == ["Magic hat 1", "Magic hat 3"]
    assert state.market == ()


def _doll_round(third_hand: list[str]) -> list[State]:
    """The states of a market trip announced by player 0 of three, the Txapela for sale, while
    player 1 holds a potion and player 2 ``third_hand``; nobody cancels."""
    state = table(
        THREE,
        teams=[["Olentzero"], ["Lamia"], ["Fallera"]],
        hands=[["Combat potion +1"], ["Combat potion +2"], third_hand],
        market=["Txapela"],
        forest_top=FILLER,
    )
    states = [play(state, Market("Combat potion +1"))]
    states.append(play(states[-1], PASS))
    states.append(play(states[-1], PASS))
    return states


@pytest.mark.rule("alakazum", "who-is-asked")
def test_voodoo_doll_round_shows_nobody_who_holds_a_doll() -> None:
    """Voodoo dolls (Interpretation 17): every other player with a card in hand is asked about
    each announcement in seat order, a holder able to cancel, anyone else only to pass; so
    every view is the same whether or not player 2 holds a doll, for player 0 and player 1 and
    a spectator alike, and the table sees who is asked."""
    with_doll = _doll_round(["Voodoo doll"])
    without = _doll_round(["Magic hat 1"])
    assert [s.to_move for s in with_doll[:2]] == [1, 2]
    assert legal_moves(with_doll[0]) == (PASS,)
    assert legal_moves(with_doll[1]) == (Doll(), PASS)
    assert legal_moves(without[1]) == (PASS,)
    assert names(with_doll[-1].hands[0]) == ["Txapela"]  # carried out
    for ours, theirs in zip(with_doll, without, strict=True):
        for p in (0, 1, SPECTATOR):
            assert view(ours, p) == view(theirs, p)
        assert view(ours, 0).pending == ours.pending
    assert view(with_doll[0], 0).to_move == 1


@pytest.mark.rule("alakazum", "who-is-asked")
def test_voodoo_doll_nobody_is_asked_once_every_doll_has_left() -> None:
    """Voodoo dolls: with every doll of the game out of it (used, so in sight of all), an
    announcement is carried out at once."""
    dolls = [c for c in TWO.forest_cards if c.kind is Kind.DOLL]
    assert len(dolls) == 2
    state = table(
        teams=[["Olentzero"], ["Lamia"]],
        hands=[["Combat potion +1"], ["Magic hat 1"]],
        market=["Txapela"],
        removed=[doll.name for doll in dolls],
        forest_top=FILLER,
    )
    state = play(state, Market("Combat potion +1"))
    assert state.phase is not Phase.DOLL
    assert names(state.hands[0]) == ["Txapela"]


def test_voodoo_doll_cancels_an_alakazum() -> None:
    """Voodoo dolls: an Alakazum can be cancelled; no enemy is flipped, nothing is lost, the
    objects stay in hand and the turn ends."""
    state = table(
        teams=[[member("Vicentica", C), member("Fallera", C)], ["Lamia"]],
        hands=[["Traca"], ["Voodoo doll"]],
        phase=Phase.ALAKAZUM,
        enemies=deck.ENEMIES,
        forest_top=FILLER,
    )
    assert culture_points(state.teams[0], state.hands[0], Culture.VAL) >= 8
    state = play(state, Alakazum(Culture.VAL, 0))
    assert state.phase is Phase.DOLL and state.to_move == 1
    state = play(state, Doll())
    assert state.enemy_up == (False,) * 5
    assert team_of(state, 0) == {"Vicentica": C, "Fallera": C}
    assert names(state.hands[0]) == ["Traca"]
    assert state.active == 1
    assert state.removed == (card("Voodoo doll"),)


def test_voodoo_doll_is_never_asked_of_the_announcer() -> None:
    """Voodoo dolls are never used in one's own turn: the announcer's doll is not offered."""
    state = table(
        teams=[["Olentzero"], ["Lamia"]],
        hands=[["Voodoo doll", "Combat potion +1"], []],
        market=["Txapela"],
        forest_top=FILLER,
    )
    state = play(state, Market("Combat potion +1"))
    assert state.phase is not Phase.DOLL
    assert names(state.hands[0]) == ["Txapela", "Voodoo doll"]


# --- traps ---------------------------------------------------------------------------------------


@pytest.mark.rule("alakazum", "black-fridays-discount")
def test_black_friday_gives_half_the_hand_rounded_down() -> None:
    """Black Friday's Discount: give half of one's hand cards (an odd number: half minus one) to
    the other players, as one wishes; the trap leaves the game."""
    trap = card("Black Friday's Discount")
    state = turn_of(
        0,
        config=THREE,
        teams=[["Olentzero"], ["Lamia"], ["Fallera"]],
        hands=[["Magic hat 1", "Magic hat 2", "Txapela", "Traca", "Barretina"], [], []],
        forest_top=["Black Friday's Discount"],
    )
    assert state.phase is Phase.GIVE and state.giving == 2
    assert GiveCard("Traca", 1) in legal_moves(state)
    assert GiveCard("Traca", 2) in legal_moves(state)
    assert not any(isinstance(m, GiveCard) and m.player == 0 for m in legal_moves(state))
    state = play(state, GiveCard("Traca", 1), GiveCard("Txapela", 2))
    assert state.phase is Phase.ACTION
    assert names(state.hands[0]) == ["Barretina", "Magic hat 1", "Magic hat 2"]
    assert names(state.hands[1]) == ["Traca"] and names(state.hands[2]) == ["Txapela"]
    assert state.removed == (trap,)


@pytest.mark.rule("alakazum", "black-fridays-discount")
def test_black_friday_does_not_affect_one_or_no_hand_card() -> None:
    """Black Friday's Discount: no effect with one hand card or none."""
    state = turn_of(
        0,
        teams=[["Olentzero"], ["Lamia"]],
        hands=[["Traca"], []],
        forest_top=["Black Friday's Discount"],
    )
    assert state.phase is Phase.ACTION
    assert names(state.hands[0]) == ["Traca"]
    assert state.removed == (card("Black Friday's Discount"),)


@pytest.mark.rule("alakazum", "halloweens-trick-or-treat")
def test_halloween_choice_of_half_the_hand_or_a_character() -> None:
    """Halloween's Trick or Treat: choose between giving half of one's hand and sending one of
    one's characters to the cemetery."""
    fields: dict[str, Any] = {
        "teams": [["Olentzero", "Moura"], ["Lamia"]],
        "hands": [["Traca", "Txapela", "Barretina"], []],
        "forest_top": ["Halloween's Trick or Treat"],
    }
    state = turn_of(0, **fields)
    assert state.phase is Phase.TRICK
    assert legal_moves(state) == (GiveHalf(), Sacrifice("Olentzero"), Sacrifice("Moura"))
    given = play(state, GiveHalf())
    assert given.phase is Phase.GIVE and given.giving == 1
    given = play(given, GiveCard("Traca", 1))
    assert names(given.hands[1]) == ["Traca"] and len(given.hands[0]) == 2
    buried = play(state, Sacrifice("Moura"))
    assert buried.phase is Phase.ACTION
    assert team_of(buried, 0) == {"Olentzero": A}
    assert buried.cemetery == (card("Moura"),)
    assert len(buried.hands[0]) == 3
    assert buried.removed == (card("Halloween's Trick or Treat"),)


@pytest.mark.rule("alakazum", "halloweens-trick-or-treat")
def test_halloween_does_not_affect_one_character_with_one_hand_card() -> None:
    """Halloween's Trick or Treat: no effect with one character and one hand card or none."""
    state = turn_of(
        0,
        teams=[["Olentzero"], ["Lamia"]],
        hands=[["Traca"], []],
        forest_top=["Halloween's Trick or Treat"],
    )
    assert state.phase is Phase.ACTION
    assert names(state.hands[0]) == ["Traca"]
    assert state.removed == (card("Halloween's Trick or Treat"),)


@pytest.mark.rule("alakazum", "halloweens-trick-or-treat")
def test_halloween_with_no_character_that_can_leave_gives_half_the_hand() -> None:
    """Interpretation 29: one character (or only brooms) and two hand cards: half the hand is
    given."""
    state = turn_of(
        0,
        teams=[["Olentzero"], ["Lamia"]],
        hands=[["Traca", "Txapela"], []],
        forest_top=["Halloween's Trick or Treat"],
    )
    assert state.phase is Phase.GIVE and state.giving == 1


@pytest.mark.rule("alakazum", "halloweens-trick-or-treat")
def test_halloween_with_at_most_one_hand_card_costs_a_character() -> None:
    """Interpretation 29: half of one hand card or none is nothing to give, so a player with a
    character that can leave sends one to the cemetery (only one character and at most one card
    spares the player)."""
    state = turn_of(
        0,
        teams=[["Olentzero", "Moura"], ["Lamia"]],
        hands=[["Traca"], []],
        forest_top=["Halloween's Trick or Treat"],
    )
    assert state.phase is Phase.SACRIFICE
    assert legal_moves(state) == (Sacrifice("Olentzero"), Sacrifice("Moura"))
    state = play(state, Sacrifice("Moura"))
    assert state.phase is Phase.ACTION and state.cemetery == (card("Moura"),)
    assert names(state.hands[0]) == ["Traca"]


@pytest.mark.rule("alakazum", "halloweens-trick-or-treat")
def test_halloween_spares_a_character_on_a_broom() -> None:
    """Brooms: a character on a broom cannot be sent to the cemetery by Halloween."""
    state = turn_of(
        0,
        teams=[[member("Olentzero", broom="Broom"), "Moura"], ["Lamia"]],
        hands=[["Traca", "Txapela"], []],
        forest_top=["Halloween's Trick or Treat"],
    )
    assert legal_moves(state) == (GiveHalf(), Sacrifice("Moura"))


@pytest.mark.rule("alakazum", "santa-claus-present")
def test_santa_claus_explodes_below_three() -> None:
    """Santa Claus' Present: a roll below 3 explodes; the holder sends one of their characters to
    the cemetery."""
    state = turn_of(
        0,
        teams=[["Olentzero", "Moura"], ["Lamia"]],
        forest_top=["Santa Claus' Present"],
        rng=rng_rolling(2),
    )
    assert state.phase is Phase.SACRIFICE and state.to_move == 0 and state.roll == 2
    assert legal_moves(state) == (Sacrifice("Olentzero"), Sacrifice("Moura"))
    state = play(state, Sacrifice("Olentzero"))
    assert team_of(state, 0) == {"Moura": A}
    assert state.cemetery == (card("Olentzero"),)
    assert state.phase is Phase.ACTION
    assert state.removed == (card("Santa Claus' Present"),)


@pytest.mark.rule("alakazum", "santa-claus-present")
def test_santa_claus_die_is_passed_on_three_or_more() -> None:
    """Santa Claus' Present: on 3 or more the holder gives the die to another player of their
    choice, who rolls in turn, until it explodes."""
    state = turn_of(
        0,
        config=THREE,
        teams=[["Olentzero", "Moura"], ["Lamia", "Fallera"], ["Aizkolari"]],
        forest_top=["Santa Claus' Present"],
        rng=rng_rolling(3, 5, 1),
    )
    assert state.phase is Phase.SANTA and state.to_move == 0 and state.roll == 3
    assert legal_moves(state) == (PassDie(1), PassDie(2))
    state = play(state, PassDie(2))
    assert state.phase is Phase.SANTA and state.to_move == 2 and state.roll == 5
    assert legal_moves(state) == (PassDie(0), PassDie(1))
    state = play(state, PassDie(1))
    assert state.phase is Phase.SACRIFICE and state.to_move == 1 and state.roll == 1
    state = play(state, Sacrifice("Fallera"))
    assert team_of(state, 1) == {"Lamia": A}
    assert state.phase is Phase.ACTION and state.to_move == 0


@pytest.mark.rule("alakazum", "santa-claus-present")
def test_santa_claus_does_not_affect_a_one_character_holder() -> None:
    """Santa Claus' Present: a player with one character loses nothing when it explodes,
    though they can be given the die."""
    state = turn_of(
        0,
        teams=[["Olentzero", "Moura"], ["Lamia"]],
        forest_top=["Santa Claus' Present"],
        rng=rng_rolling(4, 1),
    )
    state = play(state, PassDie(1))
    assert state.phase is Phase.ACTION and state.to_move == 0
    assert team_of(state, 1) == {"Lamia": A}
    assert team_of(state, 0) == {"Olentzero": A, "Moura": A}
    assert state.cemetery == ()


@pytest.mark.rule("alakazum", "santa-claus-present")
def test_santa_claus_explodes_after_twenty_passes() -> None:
    """Interpretation 3: after 20 passes the die explodes whatever it shows."""
    assert SANTA_MAX_PASSES == 20
    state = table(
        teams=[["Olentzero"], ["Lamia", "Fallera"]],
        phase=Phase.SANTA,
        santa=19,
        roll=6,
        rng=rng_rolling(6),
    )
    state = play(state, PassDie(1))
    assert state.roll == 6
    assert state.phase is Phase.SACRIFICE and state.to_move == 1


@pytest.mark.rule("alakazum", "cupcakes")
def test_cupcakes_lose_the_turns_action() -> None:
    """Alakazum! 2 (Interpretation 31): Cupcakes take away the turn's action; the Alakazum stays
    open."""
    rich = [member(name, C, config=EXPANSION) for name in ("Vicentica", "Fallera", "Tio Sarrapio")]
    state = turn_of(
        0,
        config=EXPANSION,
        teams=[rich, [member("Lamia", config=EXPANSION)]],
        forest_top=["Cupcakes"],
    )
    assert state.phase is Phase.ALAKAZUM
    assert state.removed == (card("Cupcakes", EXPANSION),)


# --- the Alakazum --------------------------------------------------------------------------------


def test_alakazum_needs_eight_points_of_one_culture() -> None:
    """Cast an Alakazum: only with at least 8 points of one same culture; cultural objects of
    that culture and amulets count; points of different cultures do not add up."""
    val = [member("Vicentica", C), member("Senyor Pirotècnic", B)]
    assert sum(m.points for m in val) == 5
    seven = table(teams=[val, ["Lamia"]], hands=[["Traca"], []], forest_top=FILLER)
    assert play(seven, PASS).active == 1  # 7 points: no Alakazum, the turn ends
    mixed = table(
        teams=[val, ["Lamia"]],
        hands=[["Barretina", "Multicoloured amulet"], []],
        forest_top=FILLER,
    )
    # Two hand cards might be worth 4 points, as the table sees it: the player is asked, and
    # with 6 points of their culture can only end the turn.
    asked = play(mixed, PASS)
    assert asked.phase is Phase.ALAKAZUM and legal_moves(asked) == (PASS,)
    assert play(asked, PASS).active == 1
    eight = table(
        teams=[val, ["Lamia"]],
        hands=[["Multicoloured amulet", "Traca"], []],
        enemies=deck.ENEMIES,
    )
    eight = play(eight, PASS)
    assert eight.phase is Phase.ALAKAZUM
    assert legal_moves(eight) == (PASS, *(Alakazum(Culture.VAL, i) for i in range(5)))


def test_alakazum_with_more_points_than_the_enemy_wins() -> None:
    """Cast an Alakazum: flip a final enemy; more points of the culture than it wins the game."""
    state = table(
        teams=[
            [member("Vicentica", C), member("Fallera", C), member("Hombre del Saco", B)],
            ["Lamia"],
        ],
        enemies=deck.ENEMIES,
        phase=Phase.ALAKAZUM,
    )
    index = enemy_index(state, "Black Friday")
    value = deck.ENEMIES[index].value(2)
    assert value is not None
    assert culture_points(state.teams[0], state.hands[0], Culture.VAL) == value + 1
    state = play(state, Alakazum(Culture.VAL, index))
    assert state.phase is Phase.OVER
    result = outcome(state)
    assert result is not None and result.winners == frozenset({0})
    assert result.returns == (1.0, 0.0)
    assert state.enemy_up[index]


def test_alakazum_with_as_many_points_as_the_enemy_fails() -> None:
    """Cast an Alakazum: the same number of points as the enemy is a failure."""
    state = table(
        teams=[[member("Vicentica", C), member("Fallera", C)], ["Lamia"]],
        hands=[["Multicoloured amulet"], []],
        enemies=deck.ENEMIES,
        phase=Phase.ALAKAZUM,
        forest_top=FILLER,
    )
    index = enemy_index(state, "Fast Food")
    assert culture_points(state.teams[0], state.hands[0], Culture.VAL) == 8
    state = play(state, Alakazum(Culture.VAL, index), Sacrifice("Fallera"))
    assert outcome(state) is None
    assert state.enemy_up[index]
    assert state.cemetery == (card("Fallera"),)


def test_failed_alakazum_enemy_stays_face_up_and_cannot_be_chosen_again() -> None:
    """A failed Alakazum: the final enemy stays face up and nobody can choose it again."""
    up = (False, True, False, False, False)
    state = table(
        teams=[list(RICH), ["Lamia"]],
        enemies=deck.ENEMIES,
        enemy_up=up,
        phase=Phase.ALAKAZUM,
    )
    assert Alakazum(Culture.VAL, 1) not in legal_moves(state)
    assert view(state, 1).enemies[1] == deck.ENEMIES[1]
    assert [m.enemy for m in legal_moves(state) if isinstance(m, Alakazum)] == [0, 2, 3, 4]


def test_failed_alakazum_never_costs_a_character_on_a_broom_or_a_non_participant() -> None:
    """A failed Alakazum: the character lost is one that took part (of that culture or
    multicoloured, with points); never one on a broom (Interpretation 27)."""
    state = table(
        teams=[
            [member("Vicentica", C, broom="Broom"), member("Fallera", C), "Olentzero"],
            ["Lamia"],
        ],
        hands=[["Multicoloured amulet"], []],
        enemies=deck.ENEMIES,
        phase=Phase.ALAKAZUM,
        forest_top=FILLER,
    )
    state = play(state, Alakazum(Culture.VAL, enemy_index(state, "Santa Claus")))
    # Only Fallera could pay: it went without a question.
    assert team_of(state, 0) == {"Vicentica": C, "Olentzero": A}
    assert state.cemetery == (card("Fallera"),)
    assert names(state.hands[0]) == ["Multicoloured amulet"]


def test_armazon_always_defeats_the_alakazum() -> None:
    """Alakazum! 2: Armazon is invincible: an Alakazum against it always fails, and it stays face
    up like any other final enemy."""
    names_ = ("Vicentica", "Fallera", "Moma", "Tio Sarrapio", "Quarantamaula")
    rich = [member(name, C, config=EXPANSION) for name in names_]
    state = table(
        EXPANSION,
        teams=[rich, [member("Lamia", config=EXPANSION)]],
        hands=[["Traca", "Multicoloured amulet", "Multicoloured amulet"], []],
        phase=Phase.ALAKAZUM,
        forest_top=FILLER,
    )
    index = enemy_index(state, "Armazon")
    assert culture_points(state.teams[0], state.hands[0], Culture.VAL) > 14
    state = play(state, Alakazum(Culture.VAL, index))
    assert outcome(state) is None
    assert state.enemy_up[index]
    assert state.phase is Phase.SACRIFICE
    assert len(legal_moves(state)) == len(names_)


# --- the worked examples of the rulebook ---------------------------------------------------------


def test_example_uxia_explores_until_a_character() -> None:
    """Example: Uxía has 3 characters and must draw 3 cards; the 1st is a hand card, which she
    keeps; the 2nd is a character: she must fight and draws no more."""
    state = turn_of(
        0,
        teams=[["Olentzero", "Moura", "Penitente"], ["Lamia"]],
        forest_top=["Magic hat 1", "Castanyera", "Magic hat 2"],
    )
    assert names(state.hands[0]) == ["Magic hat 1"]
    assert state.phase is Phase.FIGHTER
    assert state.combat is not None and state.combat.opponent == card("Castanyera")
    assert state.forest[-1] == card("Magic hat 2")


def test_example_jordi_die_potion_hypnotises_a_castanyera() -> None:
    """Example: Jordi wants to hypnotise a Castanyera (1 point of resistance); he rolls a 1,
    then plays a +1 die potion: his roll is 2, and he hypnotises it."""
    assert card("Castanyera").resistance[A] == 1
    state = turn_of(
        0,
        teams=[["Olentzero"], ["Lamia"]],
        hands=[["Die potion +1"], []],
        forest_top=["Castanyera"],
        rng=rng_rolling(1),
    )
    assert state.phase is Phase.HYPNOSIS
    combat = state.combat
    assert combat is not None and combat.roll == 1
    state = play(state, Drink("Die potion +1", Effect.DIE))
    assert team_of(state, 0) == {"Olentzero": B, "Castanyera": A}
    assert state.market == (card("Die potion +1"),)


def test_example_ana_and_pep_potion_duel() -> None:
    """Example: Ana's level B Penitente (1 combat point) attacks Pep's level A Dolçainer (1).
    Ana plays a double potion as +1 (2), Pep the same card (2), Ana another +1 (3), Pep a +2 (4);
    both pass; the Dolçainer wins and levels up to B; Pep rolls 1, plays his last +1 die potion
    and hypnotises the Penitente, which keeps its level."""
    assert strength("Penitente", B) == 1 and card("Penitente").resistance[B] == 1
    assert strength("Dolçainer") == 1
    ana, pep = 0, 1
    state = table(
        teams=[[member("Penitente", B), "Moura"], ["Dolçainer", "Olentzero"]],
        hands=[
            ["Double potion +1/+1", "Combat potion +1"],
            ["Double potion +1/+1", "Combat potion +2", "Die potion +1"],
        ],
        forest_top=FILLER,
        rng=rng_rolling(1),
    )
    state = play(state, Fight(pep, "Dolçainer"), ASKED, Fighter("Penitente"))
    assert state.phase is Phase.POTIONS and state.to_move == ana
    points = []
    for move in (
        Drink("Double potion +1/+1", Effect.COMBAT),
        Drink("Double potion +1/+1", Effect.COMBAT),
        Drink("Combat potion +1", Effect.COMBAT),
    ):
        state = play(state, move)
        assert state.combat is not None
        points.append(state.combat.points)
    assert points == [(2, 1), (2, 2), (3, 2)]
    assert state.to_move == pep
    state = play(state, Drink("Combat potion +2", Effect.COMBAT))
    # Neither has a combat potion left: Ana, whose hand is empty, passes by herself; Pep,
    # holding his die potion, is asked and passes. The Dolçainer wins 4 to 3.
    assert state.phase is Phase.POTIONS and state.to_move == pep
    assert legal_moves(state) == (PASS,)
    state = play(state, PASS)
    assert state.phase is Phase.HYPNOSIS and state.to_move == pep
    combat = state.combat
    assert combat is not None
    assert combat.points == (3, 4) and combat.roller == 1 and combat.roll == 1
    assert team_of(state, pep)["Dolçainer"] is B
    state = play(state, Drink("Die potion +1", Effect.DIE))
    assert team_of(state, ana) == {"Moura": A}
    assert team_of(state, pep) == {"Dolçainer": B, "Olentzero": A, "Penitente": B}
    assert state.hands[ana] == ()
    assert names(state.hands[pep]) == FILLER  # drawn in his own turn, which followed
    assert names(state.market) == [
        "Double potion +1/+1",
        "Double potion +1/+1",
        "Combat potion +1",
        "Combat potion +2",
        "Die potion +1",
    ]


def test_example_izaskun_fails_her_alakazum_against_halloween() -> None:
    """Example: Izaskun has 5 Catalan points, a barretina (2) and a multicoloured amulet (1):
    8 points. She flips Halloween (9): she fails, sends one of her Catalan characters to the
    cemetery and keeps the barretina and the amulet in hand."""
    catalans = [member("Sant Jordi", C), member("Tió de Nadal", C)]
    assert sum(m.points for m in catalans) == 5
    assert card("Barretina").value == 2 and card("Multicoloured amulet").value == 1
    state = table(
        teams=[[*catalans, "Olentzero"], ["Lamia"]],
        hands=[["Barretina", "Multicoloured amulet"], []],
        enemies=deck.ENEMIES,
        phase=Phase.ALAKAZUM,
        forest_top=FILLER,
    )
    halloween = enemy_index(state, "Halloween")
    assert state.enemies[halloween].value(2) == 9
    assert culture_points(state.teams[0], state.hands[0], Culture.CAT) == 8
    state = play(state, Alakazum(Culture.CAT, halloween))
    assert state.phase is Phase.SACRIFICE and state.to_move == 0
    assert legal_moves(state) == (Sacrifice("Sant Jordi"), Sacrifice("Tió de Nadal"))
    state = play(state, Sacrifice("Tió de Nadal"))
    assert outcome(state) is None
    assert team_of(state, 0) == {"Sant Jordi": C, "Olentzero": A}
    assert state.cemetery == (card("Tió de Nadal"),)
    assert names(state.hands[0]) == ["Barretina", "Multicoloured amulet"]
    assert state.enemy_up[halloween]
    assert view(state, 1).enemies[halloween] == state.enemies[halloween]
    assert state.active == 1  # the turn is over


def test_example_five_players_miserable_witch() -> None:
    """Example (5 players): Iker and Jordi have 3 characters, Empar, Sabela and Antonio 1: none
    can cast the Miserable witch. Once Sabela has a second character, Empar and Antonio can
    (3 players have more characters than them)."""
    iker, empar, jordi, sabela, antonio = range(5)
    teams: list[list[str]] = [
        ["Olentzero", "Moura", "Penitente"],
        ["Lamia"],
        ["Fallera", "Aizkolari", "Cuc"],
        ["Meiga"],
        ["Duende"],
    ]

    def can_cast(player: int) -> bool:
        state = table(FIVE, teams=teams, market=["Txapela"], active=player)
        return bool(casts(state, Spell.MISERABLE_WITCH))

    assert [can_cast(p) for p in range(5)] == [False] * 5
    teams[sabela].append("Urco")
    assert {p for p in range(5) if can_cast(p)} == {empar, antonio}
    assert not can_cast(iker) and not can_cast(jordi) and not can_cast(sabela)


# --- what each spell needs to work on: the corners random play misses ----------------------------
#
# Each spell (and the crystal ball and the recovery potion, which work as Divination and
# Resurrect) is offered only when it has something to work on: the same condition decides the
# listing, the refusal of a cast made anyway and its reason, so a spell that is offered always
# has a target to choose. The tables below are built so that exactly one condition fails.


def refusal(state: State, move: Move) -> str:
    """The reason ``move`` is refused in ``state`` (which it leaves as it was)."""
    before = state
    with pytest.raises(IllegalMoveError) as refused:
        apply_move(state, move)
    assert state == before
    return str(refused.value)


@pytest.mark.rule("alakazum", "levitation")
def test_levitation_is_not_offered_when_there_is_nothing_to_take() -> None:
    """Levitation needs another player's character below level C and off a broom, or one in
    the cemetery: with the others' characters all at level C or on brooms and an empty
    cemetery, it is neither offered nor accepted, and the caster is never left without a
    target."""
    state = table(
        teams=[
            ["Olentzero", "Moura"],
            [member("Fallera", C), member("Lamia", broom="Broom"), member("Aizkolari", C)],
        ],
        hands=[["Magic hat 3"], []],
        forest_top=FILLER,
    )
    assert state.cemetery == ()
    assert casts(state, Spell.LEVITATION) == []
    reason = refusal(state, Cast(Spell.LEVITATION, ("Magic hat 3",)))
    assert "levitation has nothing to work on" in reason
    assert "no other player's character is below level C and off a broom" in reason
    # One character of theirs at level B is enough: the spell is offered, and it takes that one.
    lower = table(
        teams=[
            ["Olentzero", "Moura"],
            [member("Fallera", B), member("Lamia", broom="Broom"), member("Aizkolari", C)],
        ],
        hands=[["Magic hat 3"], []],
        forest_top=FILLER,
    )
    assert casts(lower, Spell.LEVITATION) == [Cast(Spell.LEVITATION, ("Magic hat 3",))]
    aimed = play(lower, Cast(Spell.LEVITATION, ("Magic hat 3",)))
    assert legal_moves(aimed) == (Swap("Olentzero", "Fallera", 1), Swap("Moura", "Fallera", 1))


@pytest.mark.rule("alakazum", "levitation")
def test_levitation_takes_from_the_cemetery_when_no_other_player_has_one_to_give() -> None:
    """With every other player's character at level C or on a broom, a character of the
    cemetery is still there to take: the spell is offered and swaps with it only."""
    state = table(
        teams=[["Olentzero"], [member("Fallera", C), member("Lamia", broom="Broom")]],
        hands=[["Magic hat 3"], []],
        cemetery=["Vicentica"],
        forest_top=FILLER,
    )
    aimed = play(state, Cast(Spell.LEVITATION, ("Magic hat 3",)))
    assert legal_moves(aimed) == (Swap("Olentzero", "Vicentica", None),)


@pytest.mark.rule("alakazum", "levitation")
def test_levitation_is_not_offered_when_every_character_of_the_caster_is_on_a_broom() -> None:
    """A character on a broom never leaves its player, so Levitation has nothing to send away
    when the caster's whole team rides brooms, however much there is to take."""
    state = table(
        teams=[[member("Olentzero", broom="Broom")], ["Aizkolari", "Lamia"]],
        hands=[["Magic hat 3"], []],
        cemetery=["Vicentica"],
        forest_top=FILLER,
    )
    assert casts(state, Spell.LEVITATION) == []
    reason = refusal(state, Cast(Spell.LEVITATION, ("Magic hat 3",)))
    assert "every character of the team is on a broom" in reason


@pytest.mark.rule("alakazum", "training")
def test_training_is_not_offered_when_the_whole_team_is_at_level_c() -> None:
    """Training raises a character below level C: none, no Training."""
    state = table(
        teams=[[member("Olentzero", C), member("Moura", C)], ["Lamia"]],
        hands=[["Magic hat 1"], []],
        forest_top=FILLER,
    )
    assert casts(state, Spell.TRAINING) == []
    reason = refusal(state, Cast(Spell.TRAINING, ("Magic hat 1",)))
    assert "every character of the team is at level C" in reason
    one_below = table(
        teams=[[member("Olentzero", C), member("Moura", B)], ["Lamia"]],
        hands=[["Magic hat 1"], []],
        forest_top=FILLER,
    )
    (offered,) = casts(one_below, Spell.TRAINING)
    aimed = play(one_below, offered)
    assert legal_moves(aimed) == (Train("Moura"),)


@pytest.mark.rule("alakazum", "divination-and-the-crystal-ball")
def test_divination_and_the_crystal_ball_need_an_enemy_not_seen_yet() -> None:
    """Divination and the crystal ball show a face-down final enemy the player has not seen:
    once they know every enemy that is still face down, neither is offered nor accepted."""
    base = table(
        EXPANSION,
        teams=[["Olentzero"], ["Lamia"]],
        hands=[["Magic hat 2", "Crystal ball"], []],
        forest_top=FILLER,
    )
    row = len(base.enemies)
    assert row >= 2
    shown = tuple(index == 0 for index in range(row))
    seen = attrs.evolve(
        base,
        enemy_up=shown,
        known=(frozenset(range(1, row)), *base.known[1:]),
    )
    assert casts(seen, Spell.DIVINATION) == []
    assert not [m for m in legal_moves(seen) if isinstance(m, UseObject)]
    reason = refusal(seen, Cast(Spell.DIVINATION, ("Magic hat 2",)))
    assert "no face-down final enemy is left that they have not seen" in reason
    ball = refusal(seen, UseObject("Crystal ball"))
    assert "no face-down final enemy is left that player 0 has not seen" in ball
    # One enemy face down and not seen is enough for both, and is the only one shown.
    one_left = attrs.evolve(seen, known=(frozenset(range(2, row)), *base.known[1:]))
    aimed = play(one_left, Cast(Spell.DIVINATION, ("Magic hat 2",)))
    assert legal_moves(aimed) == (Peek(1),)
    assert UseObject("Crystal ball") in legal_moves(one_left)


@pytest.mark.rule("alakazum", "magic-of-the-forest")
def test_magic_of_the_forest_is_not_offered_when_the_forest_is_empty() -> None:
    """Magic of the forest takes the forest deck's top cards: an empty deck has none."""
    state = without_forest(table(teams=[["Olentzero"], ["Lamia"]], hands=[["Magic hat 3"], []]))
    assert state.forest == ()
    assert casts(state, Spell.MAGIC_OF_THE_FOREST) == []
    reason = refusal(state, Cast(Spell.MAGIC_OF_THE_FOREST, ("Magic hat 3",)))
    assert "the forest deck is empty" in reason


@pytest.mark.rule("alakazum", "recovery-potion")
def test_resurrect_and_the_recovery_potion_need_a_character_in_the_cemetery() -> None:
    """Resurrect and the recovery potion bring a character back from the cemetery: with an
    empty cemetery neither is offered nor accepted."""
    state = table(
        EXPANSION,
        teams=[["Olentzero"], ["Lamia"]],
        hands=[["Magic hat 3", "Magic hat 1", "Recovery potion"], []],
        forest_top=FILLER,
    )
    assert state.cemetery == ()
    assert casts(state, Spell.RESURRECT) == []
    assert UseObject("Recovery potion") not in legal_moves(state)
    reason = refusal(state, Cast(Spell.RESURRECT, ("Magic hat 1", "Magic hat 3")))
    assert "resurrect has nothing to work on: the cemetery is empty" in reason
    assert "the cemetery is empty" in refusal(state, UseObject("Recovery potion"))


@pytest.mark.rule("alakazum", "déjà-vu")
def test_deja_vu_is_not_offered_a_second_time_in_a_turn() -> None:
    """Deja Vu may be cast once a turn: after one, it is neither offered nor accepted."""
    state = table(
        teams=[["Olentzero"], ["Lamia"]],
        hands=[["Magic hat 3", "Magic hat 1"], []],
        forest_top=FILLER,
        deja_vu=True,
    )
    assert casts(state, Spell.DEJA_VU) == []
    reason = refusal(state, Cast(Spell.DEJA_VU, ("Magic hat 1", "Magic hat 3")))
    assert "a Deja Vu was cast this turn already" in reason


def test_a_move_of_a_kind_not_open_now_is_refused_with_what_is_open() -> None:
    """A move of a kind no legal move has is refused with the kinds that are open now."""
    state = new_game(seed=3)
    assert refusal(state, Pass()) == (
        "pass: player 0 may not pass now; they may choose a starting character"
    )
    two = table(teams=[["Olentzero", "Moura"], ["Fallera", "Lamia"]])
    reason = refusal(two, Sacrifice("Moura"))
    assert "player 0 may not sacrifice a character now; they may " in reason
    assert "fight" in reason and "pass" in reason


def test_a_choice_not_open_names_the_field_and_the_open_choices() -> None:
    """A move of a kind that is open, with a field no legal move takes, names that field and
    the values the legal moves take (the state's, never the move's)."""
    state = new_game(seed=3)
    starting = sorted(m.character for m in legal_moves(state) if isinstance(m, Choose))
    outsider = next(c.name for c in deck.FOREST if c.is_character and c.name not in starting)
    reason = refusal(state, Choose(outsider))
    assert reason.startswith(f"choose {outsider}: the character must be one of ")
    assert all(name in reason for name in starting)
    two = table(teams=[["Olentzero", "Moura"], ["Fallera", "Lamia"]])
    assert refusal(two, Fight(1, "Dimoni")).endswith("the target must be one of Fallera, Lamia")


def test_every_refusal_in_random_games_gives_a_reason_beyond_the_phase() -> None:
    """Moves legal elsewhere in a game, tried where they are not, are refused with the rule
    or the choice that fails: never only "not legal in this phase"."""
    rng = random.Random(7)
    for seed in range(3):
        state = new_game(seed=seed)
        states: list[State] = []
        tried: list[Move] = []
        while outcome(state) is None:
            moves = legal_moves(state)
            states.append(state)
            tried.extend(moves)
            state = apply_move(state, moves[rng.randrange(len(moves))])
        for here in states[::4]:
            legal = set(legal_moves(here))
            for move in rng.sample(tried, 30):
                if move not in legal:
                    assert "not legal in the" not in refusal(here, move)


@pytest.mark.rule("alakazum", "miserable-witch")
def test_miserable_witch_refusal_names_the_condition_that_fails() -> None:
    """The Miserable witch refused says which of its two conditions fails: an empty market
    deck, or a player with no more characters than the caster."""
    even = table(teams=[["Olentzero"], ["Lamia"]], market=["Txapela"])
    assert "not every other player has more characters" in refusal(
        even, Cast(Spell.MISERABLE_WITCH)
    )
    empty = table(teams=[["Olentzero"], ["Lamia", "Fallera"]], market=[])
    assert "the market deck is empty" in refusal(empty, Cast(Spell.MISERABLE_WITCH))


@pytest.mark.rule("alakazum", "the-actions")
def test_a_refused_action_names_the_condition_that_fails() -> None:
    """An action that is not offered is refused with the condition of its rule that fails,
    the one the listing asked: the market's, an object's, a fight's and the Alakazum's."""
    empty = table(teams=[["Olentzero"], ["Lamia"]], hands=[["Magic hat 1"], []], market=[])
    assert "the market deck is empty" in refusal(empty, Market("Magic hat 1"))
    doll = table(
        teams=[["Olentzero"], ["Lamia"]],
        hands=[["Magic hat 1", "Voodoo doll"], []],
        market=["Txapela"],
    )
    assert "a voodoo doll cannot be shown at the market" in refusal(doll, Market("Voodoo doll"))
    fed = table(
        teams=[[member("Vicentica", C), "Hombre del Saco"], ["Lamia"]],
        hands=[["Meal: Fideuà / Txistorra"], []],
    )
    meal = UseObject("Meal: Fideuà / Txistorra", Culture.VAL)
    assert "character of the team is below level C" in refusal(fed, meal)
    riding = table(
        teams=[[member("Olentzero", broom="Broom"), "Moura"], ["Lamia"]],
        hands=[["Broom"], []],
    )
    assert UseObject("Broom", character="Moura") in legal_moves(riding)
    broom = UseObject("Broom", character="Olentzero")
    assert "that character has a broom already" in refusal(riding, broom)
    alone = table(teams=[["Olentzero", "Moura"], ["Fallera"]])
    assert "player 1 has a single character" in refusal(alone, Fight(1, "Fallera"))
    val = [member("Vicentica", C), member("Senyor Pirotècnic", B)]
    seven = table(
        teams=[val, ["Lamia"]],
        hands=[["Multicoloured amulet", "Barretina"], []],
        enemies=deck.ENEMIES,
    )
    asked = play(seven, PASS)
    assert asked.phase is Phase.ALAKAZUM
    reason = refusal(asked, Alakazum(Culture.VAL, 0))
    assert "fewer than the 8 an Alakazum needs" in reason
