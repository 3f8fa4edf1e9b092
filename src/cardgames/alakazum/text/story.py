"""What an Alakazum! move did, told as events in the order of play: the decision itself, each
turn begun, the traps and characters met in the forest, every roll of the die (for a
character's combat points, to hypnotise, Santa Claus' die), who won each combat and why its
loser stayed (the hypnosis resisted, a broom, a player's last character), the characters that
joined or left a team, the cards that went to the cemetery, what each hand gained and lost, and
the end of the game.

The next state keeps neither the rolls of a combat that ended during the move nor who rolled
them: the story plays the move again on a recording draft (:class:`_Recorder`), whose die is
the rules' own die, drawn from the generator of ``before``, and which keeps what each roll was
for. Only the story replays; ``apply_move`` draws its rolls and keeps nothing.

Every roll is public (the table sees the die), as are the combats and the teams. The classes
of the events are those of :mod:`cardgames.alakazum.text.event_types`, named here too.

A player is told the cards of their own hand; of another hand only its size. A card given from
hand to hand is told to the giver and the receiver, and the cards held by Magic of the forest to
the player who holds them: the others hear that a decision was made, not which.

>>> from cardgames import alakazum
>>> before = alakazum.new_game(seed=3)
>>> move = alakazum.legal_moves(before)[0]
>>> after = alakazum.apply_move(before, move)
>>> alakazum.format_event(alakazum.events(before, move, after)[0]).startswith("Player 0: ")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

from cardgames import story
from cardgames._engine import (
    check_viewer,
    checked_transition,
    find_move,
    hand_changes,
)
from cardgames.alakazum.cards import Card, Level
from cardgames.alakazum.checks import checked
from cardgames.alakazum.combat import hypnotises
from cardgames.alakazum.draft import (
    CombatDraft,
    Draft,
    Next,
    can_leave,
    main_character,
    side_owner,
)
from cardgames.alakazum.moves import Move, PassDie
from cardgames.alakazum.notation import format_move
from cardgames.alakazum.rules import APPLY, apply_move, legal_moves
from cardgames.alakazum.state import Member, Phase, State
from cardgames.alakazum.text.event_types import (
    EVENT_TYPES,
    TRAP_EFFECTS,
    AlakazumFailed,
    Buried,
    CombatWon,
    Decided,
    Event,
    GameOver,
    HandChanged,
    Held,
    Hold,
    HypnosisRolled,
    Joined,
    Left,
    LevelledUp,
    Met,
    PointsRolled,
    Resisted,
    SantaRolled,
    TrapSprung,
    TurnBegan,
)
from cardgames.alakazum.traps import santa_explodes
from cardgames.alakazum.turn import carry_on
from cardgames.alakazum.view import told_move

__all__ = [
    "EVENT_TYPES",
    "AlakazumFailed",
    "Buried",
    "CombatWon",
    "Decided",
    "Event",
    "GameOver",
    "HandChanged",
    "Held",
    "Hold",
    "HypnosisRolled",
    "Joined",
    "Left",
    "LevelledUp",
    "Met",
    "PointsRolled",
    "Resisted",
    "SantaRolled",
    "TrapSprung",
    "TurnBegan",
    "check_story",
    "events",
    "format_event",
]


def _decided(before: State, after: State, viewer: int | None) -> Decided:
    """The decision as the viewer's view of ``after`` shows it (see ``view.told_move``)."""
    player = before.to_move
    assert player is not None
    told = told_move(after, viewer)
    return Decided(player, None if told is None else format_move(told))


# --- the move played again, on a draft that records ------------------------------------------

# The draft's own slots of the combat and of Deja Vu, which the recorder's properties wrap.
_COMBAT_SLOT: Any = vars(Draft)["combat"]
_DEJA_VU_SLOT: Any = vars(Draft)["deja_vu"]

#: What the recorder keeps at the start of each turn begun during the move: where its facts
#: start, and the teams, the cemetery and the cards removed from the game at that moment.
_Mark: TypeAlias = tuple[int, tuple[tuple[Member, ...], ...], tuple[Card, ...], tuple[Card, ...]]


class _Recorder(Draft):
    """A readable draft that plays one move as the rules do and keeps, in order, the facts of
    it that the next state no longer holds: each turn begun (where the rules clear the turn's
    Deja Vu), each character met in the forest, each roll of the die and what it was for, who
    won each combat, and why a loser stayed in its team."""

    __slots__ = ("facts", "holder", "marks", "met")

    facts: list[Event] | None
    marks: list[_Mark]
    holder: int | None
    met: str | None

    def __init__(self, state: State, move: Move) -> None:
        self.facts = None  # nothing is recorded while the state is loaded
        super().__init__(state)
        self.marks = []
        # Santa Claus' die is rolled by the player it is handed to, else by the trap's victim.
        self.holder = move.player if isinstance(move, PassDie) else None
        self.met = None if state.combat is None else state.combat.opponent.name
        self.facts = []

    # --- the recorded parts of the draft ---------------------------------------------------

    @property
    def combat(self) -> CombatDraft | None:
        """The combat under way; setting it records a character met, or a combat's end."""
        fight: CombatDraft | None = _COMBAT_SLOT.__get__(self, _Recorder)
        return fight

    # A property over the draft's slot, which pyright takes for a field of another type.
    @combat.setter
    def combat(self, value: CombatDraft | None) -> None:  # pyright: ignore[reportIncompatibleVariableOverride]
        if self.facts is not None:
            old = self.combat
            if value is None:
                # An ended combat (not the place a Magic of the forest keeps a character in
                # before it is faced, nor a combat cut short by the end of the game).
                if old is not None and old.fighter is not None and self.result is None:
                    self._ended(old)
                    self.met = None
            elif value.defender is None and value.opponent.name != self.met:
                name = self.met = value.opponent.name
                met = Met(value.attacker, name)
                facts = self.facts
                # The die of a character whose points are a die is rolled as it is met: told
                # after the meeting.
                if facts and facts[-1] == PointsRolled(None, name, value.points[1]):
                    facts.insert(len(facts) - 1, met)
                else:
                    facts.append(met)
        _COMBAT_SLOT.__set__(self, value)

    @property
    def deja_vu(self) -> bool:
        """Whether Deja Vu gave the turn two more actions; cleared, a turn begins."""
        value: bool = _DEJA_VU_SLOT.__get__(self, _Recorder)
        return value

    @deja_vu.setter
    def deja_vu(self, value: bool) -> None:  # pyright: ignore[reportIncompatibleVariableOverride]
        if self.facts is not None and not value:
            self.marks.append((len(self.facts), self.teams, self.cemetery, self.removed))
            self.facts.append(TurnBegan(self.active, self.turn + 1))
        _DEJA_VU_SLOT.__set__(self, value)

    def die(self, card: Card | None = None) -> int:
        """The rules' roll, recorded with what it is for."""
        value = super().die()
        facts = self.facts
        assert facts is not None
        fight = self.combat
        if card is not None:
            owner = next(
                (p for p, team in enumerate(self.teams) if any(m.card is card for m in team)),
                None,
            )
            facts.append(PointsRolled(owner, card.name, value))
        elif fight is not None:  # the winner of the combat rolls to hypnotise the loser
            assert fight.roller is not None
            owner, loser, name = self._loser(fight)
            facts.append(CombatWon(side_owner(fight, fight.roller), name))
            facts.append(HypnosisRolled(side_owner(fight, fight.roller), name, value, loser))
        else:
            holder = self.active if self.holder is None else self.holder
            facts.append(SantaRolled(holder, value, santa_explodes(value, self.santa)))
        return value

    # --- what decided a combat -------------------------------------------------------------

    def _loser(self, fight: CombatDraft) -> tuple[int | None, int, str]:
        """The player of the loser of a decided combat (``None``: the forest's), its hypnosis
        resistance and its name."""
        side = 1 - (fight.roller or 0)
        name = main_character(fight, side)
        if fight.defender is None:
            return None, fight.opponent.resistance[Level.A], name
        owner = side_owner(fight, side)
        _, member = self.member(owner, name)
        return owner, member.card.resistance[member.level], name

    def _ended(self, fight: CombatDraft) -> None:
        """A combat ends (the teams not yet changed): the forest's character won, or the loser
        could not leave its team (no roll), or it resisted the roll to hypnotise it."""
        facts = self.facts
        assert facts is not None and fight.fighter is not None
        if fight.roller is None:  # drama: the fighter goes to the cemetery if it can
            facts.append(CombatWon(None, fight.opponent.name))
            self._held(fight.attacker, fight.fighter)
            return
        owner, resistance, name = self._loser(fight)
        if fight.roll == 0:  # nothing was rolled: the loser cannot leave
            facts.append(CombatWon(side_owner(fight, fight.roller), name))
            assert owner is not None
            self._held(owner, name)
        elif not hypnotises(fight, resistance):
            facts.append(Resisted(owner, name))

    def _held(self, player: int, name: str) -> None:
        """The rule that keeps ``player``'s beaten ``name`` in their team, if one does."""
        facts = self.facts
        assert facts is not None
        team = self.teams[player]
        _, member = self.member(player, name)
        if not can_leave(team, member):
            reason = Hold.BROOM if member.broom is not None else Hold.LAST_CHARACTER
            facts.append(Held(player, name, reason))


def _replay(before: State, move: Move) -> _Recorder:
    """The recorder after ``move`` (legal in ``before``) played on it as ``apply_move`` plays
    it; its ``finish`` is the next state."""
    legal = find_move(legal_moves(before), move)
    assert legal is not None
    d = _Recorder(before, legal)
    d.last_mover, d.last_move = before.to_move, legal
    step = APPLY[type(legal)](d, legal)
    if step is not Next.DECIDE:
        carry_on(d, step)
    return d


def _facts(before: State, move: Move) -> tuple[list[Event], list[_Mark]]:
    """The facts of the move the recorder kept, in order, and the marks of the turns begun."""
    d = _replay(before, move)
    assert d.facts is not None
    return d.facts, d.marks


# --- the events of a part of the move --------------------------------------------------------


def _traps(player: int, old: tuple[Card, ...], new: tuple[Card, ...]) -> list[Event]:
    """The traps that ``player`` drew, from the cards removed from the game before and after."""
    if new[: len(old)] != old:
        return []
    return [TrapSprung(player, c.name, c.kind) for c in new[len(old) :] if c.kind in TRAP_EFFECTS]


def _teams(
    before: tuple[tuple[Member, ...], ...], after: tuple[tuple[Member, ...], ...]
) -> list[Event]:
    """The characters that rose a level in each team, then those that left and joined one."""
    joined: list[Event] = []
    left: list[Event] = []
    rose: list[Event] = []
    for player, (old, new) in enumerate(zip(before, after, strict=True)):
        was = {m.card.name: m.level for m in old}
        now = {m.card.name for m in new}
        for member in new:
            name = member.card.name
            if name not in was:
                joined.append(Joined(player, name))
            elif member.level > was[name]:
                rose.append(LevelledUp(player, name, member.level))
        left.extend(Left(player, m.card.name) for m in old if m.card.name not in now)
    return [*rose, *left, *joined]


def _buried(old: tuple[Card, ...], new: tuple[Card, ...]) -> list[Event]:
    if new[: len(old)] != old or len(new) == len(old):
        return []
    return [Buried(tuple(c.name for c in new[len(old) :]))]


def _hands(before: State, after: State, viewer: int | None) -> list[HandChanged]:
    changes = hand_changes(before.hands, after.hands, viewer, key=lambda card: card.name)
    return [HandChanged(*change) for change in changes]


def events(
    before: State, move: Move, after: State, *, viewer: int | None = None
) -> tuple[Event, ...]:
    """What ``move`` did from ``before`` to ``after``, in the order of play: the decision;
    then, for the rest of this turn and for each turn begun, the traps and the character met,
    every roll of the die, who won each combat and why its loser stayed, the characters that
    rose, left or joined a team, the cards buried and the hands that changed; the end of the
    game last.

    With ``viewer=p`` another player's hand is told only by its size, and a decision that
    moves hidden cards only by who made it.
    ``InvalidStateError`` for a state that is not a playable Alakazum! state,
    ``IllegalMoveError`` unless ``after == apply_move(before, move)``,
    ``InvalidPlayerError`` for a viewer that is not a player.
    """
    before, after = checked_transition(
        "alakazum", before, move, after, checked=checked, apply_move=apply_move
    )
    check_viewer(viewer, before.config.players)
    told: list[Event] = [_decided(before, after, viewer)]
    facts, marks = _facts(before, move)
    # The parts of the move: the rest of this turn, then each turn begun, each from its mark.
    bounds = [
        (0, before.teams, before.cemetery, before.removed),
        *marks,
        (len(facts), after.teams, after.cemetery, after.removed),
    ]
    hands = _hands(before, after, viewer)
    last = len(bounds) - 2
    for part in range(last + 1):
        start, teams, cemetery, removed = bounds[part]
        end, next_teams, next_cemetery, next_removed = bounds[part + 1]
        said = facts[start:end]
        player = before.active
        if part:  # a turn began: told first, then (the last turn's) its player's hand
            began = said.pop(0)
            assert isinstance(began, TurnBegan)
            told.append(began)
            player = began.player
            if part == last:
                told.extend(e for e in hands if e.player == player)
        told.extend(_traps(player, removed, next_removed))
        told.extend(said)
        if part == 0 and after.failed is not None and before.failed is None:
            told.append(AlakazumFailed(after.active, after.failed))
        told.extend(_teams(teams, next_teams))
        told.extend(_buried(cemetery, next_cemetery))
        if part == 0:
            told.extend(e for e in hands if not marks or e.player != after.active)
    if after.result is not None:
        told.append(GameOver(tuple(sorted(after.result.winners)), after.result.reason))
    return tuple(told)


def _turn_began(before: State, after: State) -> bool:
    """Whether a turn began during the move: the turn passed to the next player, or the
    choice of starting characters ended and the first turn began (not the end of the last
    turn, which begins no other)."""
    if after.start_row or after.turn >= after.config.turn_limit:
        return False
    return after.turn != before.turn or bool(before.start_row)


def _listed(names: tuple[str, ...]) -> str:
    return ", ".join(names) or "nothing"


def _told_santa(event: SantaRolled) -> str:
    then = "it exploded" if event.exploded else "they hand it on"
    return f"Player {event.player} rolled {event.roll} with Santa Claus' die: {then}."


def _told_points(event: PointsRolled) -> str:
    whose = "the forest's" if event.player is None else f"player {event.player}'s"
    return f"The die gave {whose} {event.character} {event.roll} combat points."


def _told_hypnosis(event: HypnosisRolled) -> str:
    return (
        f"Player {event.player} rolled {event.roll} to hypnotise {event.character} "
        f"(resistance {event.resistance})."
    )


#: Why a beaten character stays, as a sentence ends.
_HOLDS = {
    Hold.LAST_CHARACTER: "it is their last character",
    Hold.BROOM: "it rides a broom",
}


def _told_resisted(event: Resisted) -> str:
    if event.player is None:
        return f"The forest's {event.character} resisted the hypnosis."
    return f"Player {event.player}'s {event.character} resisted the hypnosis."


def _told_combat(event: CombatWon) -> str:
    if event.winner is None:
        return f"The forest's {event.opponent} won the combat."
    return f"Player {event.winner} won the combat against {event.opponent}."


#: The sentence of each of the game's own events; the kit tells the decision (a hidden one as
#: a hidden choice), a hand's change and the end.
_SENTENCES: dict[type, Callable[[Any], str]] = {
    TurnBegan: lambda e: f"Turn {e.turn}: player {e.player}'s turn begins.",
    Met: lambda e: f"Player {e.player} met {e.character} in the forest.",
    TrapSprung: lambda e: f"Player {e.player} fell into the trap {e.trap}: {TRAP_EFFECTS[e.kind]}.",
    SantaRolled: _told_santa,
    PointsRolled: _told_points,
    HypnosisRolled: _told_hypnosis,
    Held: lambda e: f"{e.character} stays in player {e.player}'s team: {_HOLDS[e.reason]}.",
    Resisted: _told_resisted,
    AlakazumFailed: lambda e: f"Player {e.player}'s Alakazum with {e.culture.value} failed.",
    CombatWon: _told_combat,
    LevelledUp: lambda e: f"Player {e.player}'s {e.character} rose to level {e.level.name}.",
    Joined: lambda e: f"{e.character} joined player {e.player}'s team.",
    Left: lambda e: f"{e.character} left player {e.player}'s team.",
    Buried: lambda e: f"To the cemetery: {_listed(e.cards)}.",
}

_format_event = story.event_sentences("alakazum", _SENTENCES)


def format_event(event: Event) -> str:
    """The event in one short sentence, e.g. ``"Player 1 won the combat against Merlin."``."""
    return _format_event(event)


# --- the story held to the states ------------------------------------------------------------


def _santa_facts(move: Move, after: State, told: tuple[Any, ...]) -> list[str]:
    """What is untrue in the rolls of Santa Claus' die: the roll is the one ``after`` keeps,
    it explodes as the rule says, and it is told of the player who holds the die (the one it
    was handed to; the one who must hand it on, when it did not go off)."""
    rolls = [e for e in told if isinstance(e, SantaRolled)]
    if isinstance(move, PassDie) and len(rolls) != 1:
        return ["the roll of the die handed on is not told once"]
    for event in rolls:
        if event.roll != after.roll:
            return ["Santa Claus' die is told to roll another number"]
        if event.exploded != santa_explodes(event.roll, after.santa):
            return ["Santa Claus' die is told to explode otherwise than it did"]
        if isinstance(move, PassDie) and event.player != move.player:
            return ["Santa Claus' roll is told of a player the die was not handed to"]
        if not event.exploded and (after.phase is not Phase.SANTA or after.to_move != event.player):
            return ["Santa Claus' roll is told of a player who does not hold the die"]
    return []


#: The events the recorder's facts are, each with what a wrong one of its class is told of.
_REPLAYED: dict[type, str] = {
    TurnBegan: "a turn begun",
    Met: "a character met",
    SantaRolled: "Santa Claus' die",
    PointsRolled: "a die rolled for combat points",
    CombatWon: "a combat's winner",
    HypnosisRolled: "a die rolled to hypnotise",
    Held: "a beaten character that stays",
    Resisted: "a hypnosis resisted",
}


def _replayed_facts(before: State, move: Move, after: State, told: tuple[Any, ...]) -> list[str]:
    """What is untrue in the rolls, meetings, combats and turns told, against the move played
    again on the recording draft: they are its facts, in its order, and it leads to
    ``after``."""
    d = _replay(before, move)
    if d.finish() != after:
        return ["the move played again does not lead to `after`"]
    facts = d.facts or []
    said = [e for e in told if type(e) in _REPLAYED]
    wrong = []
    for cls, what in _REPLAYED.items():
        if [e for e in said if type(e) is cls] != [e for e in facts if type(e) is cls]:
            wrong.append(f"{what} is told otherwise than the move played again")
    if not wrong and said != facts:
        wrong.append("the rolls, combats and turns are told out of the order of play")
    return wrong


def _hand_names(state: State) -> list[list[str]]:
    return [[card.name for card in hand] for hand in state.hands]


def check_story(
    game: Any, before: State, move: Move, after: State, told: tuple[Any, ...], viewer: int | None
) -> list[str]:
    """What is untrue in ``told`` (see :func:`cardgames.story.register_story_check`): the
    decision, the hands, the rolls of Santa Claus' die, the turn begun and the end, against
    ``before`` and ``after``; and every roll, meeting, combat and turn told, against the move
    played again with a recording die."""
    wrong = story.shared_facts(game, before, move, after, told, viewer, hands=_hand_names)
    wrong.extend(_santa_facts(move, after, told))
    began = [e for e in told if isinstance(e, TurnBegan)][-1:]
    if began != ([TurnBegan(after.active, after.turn + 1)] if _turn_began(before, after) else []):
        wrong.append("a turn is told to begin otherwise than it began")
    wrong.extend(_replayed_facts(before, move, after, told))
    return wrong


story.register_story_check("alakazum", check_story)


#: The events of what the whole table saw during a move that no view keeps once the move is
#: over: a combat can begin and end inside one move (a character met, its dice, the winner, a
#: roll to hypnotise, a loser kept by a broom), and one lost to the forest can leave no trace.
_SEEN_IN_THE_MOVE = (Met, PointsRolled, CombatWon, HypnosisRolled, Held, Resisted)


def _combats_aside(told: tuple[Any, ...]) -> tuple[Any, ...]:
    """The events but those of the combats and their rolls: public, and told alike to every
    viewer (the story check holds each to the move played again), but not a function of the
    views, since a state dealt afresh from a view draws and rolls its own."""
    return tuple(e for e in told if not isinstance(e, _SEEN_IN_THE_MOVE))


story.register_seen_by_all("alakazum", _combats_aside)
