"""The reprs of records and tournament results: one short line that says what they hold."""

from __future__ import annotations

import cardgames
from cardgames import GameRecord, arena, bots


def test_a_record_shows_its_game_seed_length_players_and_end() -> None:
    game = cardgames.get_game("alethi")
    record = arena.play(game, [bots.RandomBot()] * 2, seed=4)  # a game with a winner
    (winner,) = record.outcome.winners if record.outcome else (None,)
    assert repr(record) == (
        f"<GameRecord alethi, seed 4: {len(record.moves)} moves by random, random; "
        f"winners {winner}>"
    )


def test_a_record_repr_stays_short_whatever_it_holds() -> None:
    assert repr(GameRecord("alethi", None, 7)) == "<GameRecord alethi, seed 7: 0 moves; not over>"
    long = GameRecord("x" * 500, None, 1 << 80, moves=[1], players=("p" * 100,) * 4)  # type: ignore[arg-type]
    assert len(repr(long)) <= 120
    assert "4 players" in repr(long)


def test_a_tournament_result_shows_the_scores_not_the_records() -> None:
    result = arena.tournament("alethi", ["random", "greedy"], games=2, seed=1)
    text = repr(result)
    assert text.startswith("<TournamentResult alethi, seed 1: 2 games; random ")
    assert ", greedy " in text
    assert len(text) <= 120
