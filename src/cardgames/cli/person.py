"""A person's game at the terminal: ``cardgames play`` with a ``human`` seat.

Before each of the person's decisions the table is drawn from the person's view (never from the
state), and the legal moves are listed with numbers; the person answers with a number, a move in
the game's notation, or one of the commands of :data:`HELP`. What the bots play is shown only as
far as the person could see it, and ``undo`` goes back to the person's previous decision with the
bots' generators, so the same answers replay the same game. A bot thinks in a helper thread,
announced after :data:`THINKING_NOTICE` seconds and stopped at the think limit. The record is
saved however the game stops (:mod:`cardgames.cli.records`); :mod:`cardgames.cli.play` says the
whole of the command's promises.
"""

from __future__ import annotations

import enum
import random
import textwrap
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from cardgames import arena
from cardgames.bots import Bot, make_bot
from cardgames.cli import paths, signals, story, tables, text
from cardgames.cli.console import Console
from cardgames.cli.options import HUMAN
from cardgames.cli.records import replayed, save_so_far, write_record
from cardgames.errors import CardgamesError, IllegalMoveError
from cardgames.game import Game
from cardgames.record import GameRecord

__all__ = ["ABILITY_WORDS", "EXIT_END_OF_INPUT", "HELP", "THINKING_NOTICE", "PersonGame"]

#: After this long a bot's thinking is announced, so the person knows the program is working.
THINKING_NOTICE = 1.0
#: Exit status when the input ends before the game does.
EXIT_END_OF_INPUT = 1

#: The answers that show the characters' abilities.
ABILITY_WORDS = ("abilities", "characters", "help characters")

#: What ``help`` prints during a person's game.
HELP = """\
Answer with:
  NUMBER     play the move with that number
  NOTATION   play the move written as the list shows it (e.g. the words after the number;
             'cardgames rules GAME' ends with the game's notation)
  moves      list your legal moves again
  abilities  the characters at the table and their rules (AlakaSLAM)
  card NAME  look a card up: a character's culture, combat, points, resistance and
             personalities, what a hand card gives (Alakazum!)
  table      draw the table again
  undo       go back to your previous decision (the bots' moves since then are undone too)
  help       this text
  quit       leave the game; the moves so far are saved
The end of input (Ctrl-D) leaves the game too."""


class _End(enum.Enum):
    """How a person's game stopped."""

    OVER = "over"
    QUIT = "quit"
    END_OF_INPUT = "end of input"


class _Undo:
    """The person asked to go back to their previous decision."""


_UNDO = _Undo()


@attrs.frozen
class _Snapshot:
    """Everything needed to go back to one of the person's decisions."""

    state: Any
    moves: int
    rngs: tuple[Any, ...]  # each seat's generator state


class PersonGame:
    """One game of a person against bots, played through a :class:`Console`."""

    def __init__(
        self,
        game: Game[Any, Any, Any, Any],
        config: Any,
        entries: Sequence[str],
        *,
        seed: int,
        console: Console,
        think_limit: float,
        moves: Sequence[Any] = (),
    ) -> None:
        self.game = game
        self.config = config
        self.seed = seed
        self.console = console
        self.think_limit = think_limit
        self.me = list(entries).index(HUMAN)
        self.bots: dict[int, Bot[Any, Any]] = {
            seat: make_bot(name, game) for seat, name in enumerate(entries) if name != HUMAN
        }
        names = [
            HUMAN if seat == self.me else arena.bot_name(self.bots[seat])
            for seat in range(len(entries))
        ]
        self.players = tuple(names)
        seat_names = game.seat_names(config)
        self.seat_name = seat_names[self.me]
        self.labels = tuple(
            f"{seat_names[s]} (you)" if s == self.me else f"{seat_names[s]} ({names[s]})"
            for s in range(len(entries))
        )
        self.state = replayed(game, config, seed, moves)
        self.rngs = [arena.bot_rng(seed, seat) for seat in range(len(entries))]
        self.moves: list[Any] = list(moves)
        self.snapshots: list[_Snapshot] = []

    # The game --------------------------------------------------------------------------------

    def play(self, path: Path, *, force: bool = False) -> int:
        """Play to the end (or until the person leaves), save the record at ``path``; the exit
        status. However play stops, the moves so far are saved (or the error says they could
        not be, naming the file and the seed)."""
        game, console = self.game, self.console
        # Checked before anything else, so a file that cannot be written is found before the
        # person plays a whole game, not after it; the record, seed and all, is written only
        # once play stops.
        paths.check_output(path, force=force)
        console.say(text.header(game.name, self.labels))
        console.say(
            f"You play {self.seat_name}, seat {self.me}. Type 'help' for the commands; the "
            "game's seed is shown when it ends."
        )
        try:
            end = self._loop()
        except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM or a closed terminal
            raise signals.retold(exc, save_so_far(self.record(), path)) from None
        except CardgamesError as exc:
            raise CardgamesError(f"{exc}; {save_so_far(self.record(), path)}") from None
        except Exception:
            save_so_far(self.record(), path)  # whatever went wrong, the person's moves are kept
            raise
        try:
            write_record(self.record(), path)
        except CardgamesError as exc:
            unsaved: CardgamesError | None = exc
        else:
            unsaved = None
        console.say(text.seed_line(self.seed))
        if end is _End.OVER:
            console.say()
            self._draw()
            outcome = game.outcome(self.state)
            for line in text.outcome_lines(outcome, self.labels):
                console.say(line)
            if outcome is not None:
                console.say(_verdict(outcome.winners, outcome.is_draw, self.me))
            if unsaved is not None:
                raise unsaved
            console.say(f"record written to {path}")
            return 0
        if unsaved is not None:
            raise unsaved
        moves = text.count(len(self.moves), "move")
        stopped = f"the game stops after {moves}; the record is in {path}"
        if end is _End.QUIT:
            console.say(stopped)
            return 0
        console.note(f"cardgames: end of input: {stopped}")
        return EXIT_END_OF_INPUT

    def _loop(self) -> _End:
        game = self.game
        limit = game.max_decisions(self.config)
        while (player := game.current_player(self.state)) is not None:
            if len(self.moves) > limit:
                raise CardgamesError(
                    f"{game.name} did not end within its bound of {limit} decisions"
                )
            if player != self.me:
                self._bot_turn(player)
                continue
            legal = game.legal_moves(self.state)
            if len(legal) == 1:  # nothing to decide: play it, and say so
                self._play_own(player, legal[0], " (your only move)")
                continue
            self.snapshots.append(
                _Snapshot(self.state, len(self.moves), tuple(r.getstate() for r in self.rngs))
            )
            answer = self._ask(legal)
            if isinstance(answer, _End):
                return answer
            if isinstance(answer, _Undo):
                self._undo()
                continue
            self._play_own(player, answer)
        return _End.OVER

    def _play_own(self, player: int, move: Any, note: str = "") -> None:
        before = self.state
        self.state = self.game.apply_move(before, move)
        self.moves.append(move)
        self._tell(before, move, note)

    def _tell(self, before: Any, move: Any, note: str = "") -> None:
        """Print the move just played and what it did, as the person may know it."""
        lines = story.move_lines(
            self.game,
            len(self.moves),
            self.labels,
            before,
            move,
            self.state,
            viewer=self.me,
            note=note,
        )
        for line in lines:
            self.console.say(line)

    def _undo(self) -> None:
        if len(self.snapshots) < 2:
            self.snapshots.pop()
            self.console.say("nothing to undo: this is your first decision")
            return
        self.snapshots.pop()
        back = self.snapshots.pop()
        self.state = back.state
        del self.moves[back.moves :]
        for rng, state in zip(self.rngs, back.rngs, strict=True):
            rng.setstate(state)
        self.console.say(f"undone: back to your decision at move {back.moves + 1}")

    # The bots ---------------------------------------------------------------------------------

    def _bot_turn(self, player: int) -> None:
        game, state = self.game, self.state
        legal = game.legal_moves(state)
        label = self.labels[player]
        move = _think(
            self.bots[player],
            game.view(state, player),
            legal,
            self.rngs[player],
            limit=self.think_limit,
            on_slow=lambda: self.console.say(f"      {label} is thinking..."),
            label=label,
        )
        try:
            after = game.apply_move(state, move)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"{label} in seat {player}: {exc}") from None
        move = next((m for m in legal if m == move), move)
        self.moves.append(move)
        self.state = after
        self._tell(state, move)  # no more than the person's view tells

    # The person -------------------------------------------------------------------------------

    def _draw(self) -> None:
        """The table as the person sees it, and the notes the command line adds under it."""
        table = self.game.view(self.state, self.me)
        self.console.say(self.game.render(table))
        for line in tables.notes(self.game.name, table):
            self.console.say(line)

    def _show(self, legal: Sequence[Any]) -> None:
        console = self.console
        console.say()
        self._draw()
        console.say()
        console.say(f"your turn ({self.seat_name}): choose a move")
        self._list(legal)

    def _list(self, legal: Sequence[Any]) -> None:
        for line in text.numbered([self.game.format_move(m) for m in legal]):
            self.console.say(line)

    def _ask(self, legal: Sequence[Any]) -> Any:
        """The person's move, ``_UNDO`` or how the game ends; asks until the answer is usable."""
        console = self.console
        self._show(legal)
        while True:
            answer = console.ask(f"{self.seat_name}> ")
            if answer is None:
                return _End.END_OF_INPUT
            word = answer.lower()
            if not word:
                continue
            if word in ("help", "h", "?"):
                console.say(HELP)
            elif word in ("moves", "m"):
                self._list(legal)
            elif word in ("table", "t"):
                self._show(legal)
            elif word in ABILITY_WORDS:
                self._abilities()
            elif word == "card" or word.startswith("card "):
                self._card(answer.strip()[4:].strip())
            elif word in ("undo", "u"):
                return _UNDO
            elif word in ("quit", "q", "exit"):
                confirm = console.ask("leave the game unfinished? [y/N] ")
                if confirm is None:
                    return _End.END_OF_INPUT
                if confirm.lower() in ("y", "yes"):
                    return _End.QUIT
            elif word.isascii() and word.isdigit():
                number, shown = text.number_typed(word)
                if number is not None and 1 <= number <= len(legal):
                    return legal[number - 1]
                console.say(f"no move {shown}: choose 1-{len(legal)}, or type 'help'")
            else:
                move = self._parse(answer, legal)
                if move is not None:
                    return move

    def _parse(self, answer: str, legal: Sequence[Any]) -> Any:
        game = self.game
        try:
            move = game.parse_move(game.view(self.state, self.me), answer)
        except (CardgamesError, ValueError) as exc:
            self.console.say(f"not a move: {exc}; type 'help' for the commands")
            return None
        found = next((m for m in legal if m == move), None)
        if found is None:
            self.console.say(f"not legal now: {self._why_illegal(move)}")
        return found

    def _why_illegal(self, move: Any) -> str:
        """The move as written and the library's reason it may not be played now."""
        notation = self.game.format_move(move)
        try:
            self.game.apply_move(self.state, move)
        except IllegalMoveError as exc:
            reason = str(exc)
            return reason if reason.startswith(notation) else f"{notation}: {reason}"
        return notation  # every legal move is listed: this one differs only in hidden parts

    def _abilities(self) -> None:
        """Each seat's character and its rule (AlakaSLAM), or that this game has none."""
        characters = getattr(self.game.view(self.state, self.me), "characters", None)
        if self.game.name != "alakaslam" or not characters:
            self.console.say(f"{self.game.name} has no character abilities")
            return
        for seat, line in enumerate(tables.character_lines(characters)):
            text = f"{self.labels[seat]}: {line}"
            self.console.say(
                textwrap.fill(text, 100, initial_indent="  ", subsequent_indent="    ")
            )

    def _card(self, name: str) -> None:
        """The Alakazum! card named ``name`` in words, or why there is none to tell."""
        if self.game.name != "alakazum":
            self.console.say(f"{self.game.name} has no cards to look up by name")
            return
        if not name:
            self.console.say("card NAME: name the card, e.g. 'card Moura'")
            return
        card = tables.find_alakazum_card(self.config, name)
        if card is None:
            self.console.say("no card of this game has that name")
            return
        self.console.say(textwrap.fill(tables.alakazum_card(card), 100, subsequent_indent="    "))

    # The record -------------------------------------------------------------------------------

    def record(self) -> GameRecord:
        """The game so far (``outcome`` is ``None`` while it is not over)."""
        return GameRecord(
            game=self.game.name,
            config=self.config,
            seed=self.seed,
            moves=tuple(self.moves),
            players=self.players,
            outcome=self.game.outcome(self.state),
        )


def _verdict(winners: frozenset[int], draw: bool, me: int) -> str:
    if me in winners:
        return "you win" if len(winners) == 1 else "your side wins"
    return "a draw" if draw else "you lose"


def _think(
    bot: Bot[Any, Any],
    view: Any,
    legal: Sequence[Any],
    rng: random.Random,
    *,
    limit: float,
    on_slow: Callable[[], object],
    label: str,
) -> Any:
    """The bot's choice, made in a helper thread so that a slow bot cannot hang the terminal.

    ``on_slow()`` is called once if the bot takes longer than ``THINKING_NOTICE``; a bot that
    has not answered after ``limit`` seconds ends the game with a ``CardgamesError``.
    """
    answer: list[Any] = []
    failure: list[BaseException] = []
    done = threading.Event()

    def work() -> None:
        try:
            answer.append(bot.choose(view, legal, rng))
        except BaseException as exc:  # handed to the waiting thread, which raises it
            failure.append(exc)
        finally:
            done.set()

    threading.Thread(target=work, name=f"cardgames bot {label}", daemon=True).start()
    notice = THINKING_NOTICE if limit > THINKING_NOTICE else None
    if notice is not None and not done.wait(notice):
        on_slow()
    if not done.wait(min(limit - (notice or 0.0), threading.TIMEOUT_MAX)):
        raise CardgamesError(f"{label} did not choose a move within {limit:g} s")
    if failure:
        raise failure[0]
    return answer[0]
