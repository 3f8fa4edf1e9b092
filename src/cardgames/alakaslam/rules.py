"""The rules of AlakaSLAM: set-up, the serve, the turn, faults, points and the characters.

A turn is a string of small decisions (steps, a hit, the end of the movement), so the list of
legal moves stays short. :func:`legal_moves` is the one place that decides legality: a move is
legal exactly when it is in that list, and the reason an ``IllegalMoveError`` gives is worked
out from the same facts.

``apply_move`` copies the state into a :class:`_Draft`, lets one rule function change the draft
and freezes it into the next state; the old state is never touched.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Callable, Iterable

from cardgames.alakaslam.cards import Card, CardKind, Character, Colour, is_card
from cardgames.alakaslam.check import state_problem
from cardgames.alakaslam.config import (
    LOSER_DISCARDS,
    MAX_HIT_CARDS,
    Config,
    check_config,
    deck_cards,
    partner,
    side_of,
    team,
)
from cardgames.alakaslam.court import Cell, Court, Landing, court_for
from cardgames.alakaslam.moves import (
    Call,
    Choose,
    Copy,
    Corner,
    Decline,
    Discard,
    DiscardStep,
    Done,
    Hit,
    Keep,
    Meddle,
    Move,
    Mulligan,
    PickServer,
    Step,
    Support,
    Target,
)
from cardgames.alakaslam.state import (
    Bind,
    Fault,
    Phase,
    Point,
    State,
    View,
    has_ability,
    match_end,
)
from cardgames.errors import IllegalMoveError, InvalidStateError
from cardgames.game import Outcome
from cardgames.rng import Rng, check_seed

__all__ = [
    "LOSER_DISCARDS",
    "apply_move",
    "checked",
    "current_player",
    "has_ability",
    "is_over",
    "legal_moves",
    "new_game",
    "outcome",
    "side_of",
    "team",
    "why_unplayable",
]

#: Cards a player draws at the end of a turn: two in singles, one per teammate in doubles.
SINGLES_DRAW = 2
DOUBLES_DRAW = 1
#: The Enchantment whose play by Rich forbids Enchantments in the return.
RICH_ENCHANT = 2
#: Corwin's extra draw, and how many of Wendolyn's draws come off the discard pile.
CORWIN_EXTRA_DRAWS = 1
WENDOLYN_DISCARD_DRAWS = 1

_MULLIGAN_OR_KEEP = (Mulligan(), Keep())
_CALLS = (Call(Colour.BLUE), Call(Colour.RED))
_CORNERS = (Corner(Colour.BLUE), Corner(Colour.RED))
_DONE = Done()
_DECLINE = Decline()
_DECLINE_ONLY = (_DECLINE,)


# --- small facts ---------------------------------------------------------------------------


def _need(value: int, hazel: bool) -> int:
    """The card count an Enchant-``value`` asks of the return (Hazel asks one more)."""
    return min(value + 1, MAX_HIT_CARDS) if hazel else value


# --- hit options (cached by hand) ----------------------------------------------------------


Play = Hit | Support


def _enchantments(cards: tuple[Card, ...]) -> int:
    return sum(1 for card in cards if card.kind is CardKind.ENCHANT)


PlayIndex = dict[Play, Play]


@functools.lru_cache(maxsize=16384)
def _play_options(
    hand: tuple[Card, ...], need: int, enchant_ok: bool, support: bool
) -> tuple[tuple[Play, ...], PlayIndex]:
    """Every play of 1-3 cards (exactly ``need`` when bound) from ``hand``, at most one of them
    an Enchantment (none when not ``enchant_ok``), as moves, with an index for lookups.

    Cached twice: by hand, and by what of the hand matters to a play of at most three cards
    with at most one Enchantment (its signature), which many hands share.
    """
    return _plays_of_signature(_signature(hand, need or MAX_HIT_CARDS, enchant_ok), need, support)


def _signature(hand: tuple[Card, ...], most: int, enchant_ok: bool) -> tuple[Card, ...]:
    """The sorted hand with each Hit face kept at most ``most`` times and each Enchantment
    face at most once (never, when Enchantments may not be played)."""
    kept: list[Card] = []
    previous = None
    run = 0
    for card in hand:
        if card == previous:
            run += 1
        else:
            previous, run = card, 1
        if card.kind is CardKind.ENCHANT:
            if enchant_ok and run == 1:
                kept.append(card)
        elif run <= most:
            kept.append(card)
    return tuple(kept)


@functools.lru_cache(maxsize=16384)
def _plays_of_signature(
    signature: tuple[Card, ...], need: int, support: bool
) -> tuple[tuple[Play, ...], PlayIndex]:
    sizes = (need,) if need else range(1, MAX_HIT_CARDS + 1)
    plays: list[Play] = []
    for size in sizes:
        for cards in dict.fromkeys(itertools.combinations(signature, size)):
            if _enchantments(cards) <= 1:
                plays.append(_play(cards, support))
    found = tuple(plays)
    return found, {play: play for play in found}


@functools.cache
def _play(cards: tuple[Card, ...], support: bool) -> Play:
    """The one move object for these cards (plays are few: at most three cards of a small
    set of faces), so that equal plays are one object and hash once."""
    return Support(cards) if support else Hit(cards)


def _plays(state: State | _Draft, player: int, support: bool) -> tuple[tuple[Play, ...], PlayIndex]:
    """The hits (or support plays) ``player`` could make now, with their index."""
    need = state.binds[player] if state.binds else 0
    return _play_options(state.hands[player], need, not state.locked, support)


# --- checking states -----------------------------------------------------------------------


def checked(state: object) -> State:
    """``state`` if it is a playable AlakaSLAM state; raises ``InvalidStateError`` if not.

    States made by the rules are trusted. Any other (loaded from JSON, resampled, built by hand)
    is validated once, the first time it is used, so that every rule can rely on it.
    """
    if type(state) is not State:
        hint = " (a view cannot stand for a state; resample() builds one)"
        extra = hint if isinstance(state, View) else ""
        raise InvalidStateError(f"expected an alakaslam State, got {type(state).__name__}{extra}")
    if getattr(state, "_memo", None) is None:
        problem = why_unplayable(state)
        if problem is not None:
            raise InvalidStateError(f"not a playable alakaslam state: {problem}")
    return state


def why_unplayable(state: State) -> str | None:
    """Why ``state`` (not yet trusted) cannot be played, or ``None``, after which it is trusted.

    Past every fact of :func:`~cardgames.alakaslam.check.state_problem`, the player to move
    must have a move: a last guard, so that a state the facts missed is refused here rather
    than failing inside a rule.
    """
    problem = state_problem(state)
    if problem is not None:
        return problem
    object.__setattr__(state, "_memo", _TRUSTED)
    try:
        moves = _legal(state)[0]
    except (IndexError, KeyError, TypeError, ValueError, AttributeError) as exc:
        problem = f"its {state.phase} phase cannot be played ({type(exc).__name__})"
    else:
        if state.result is None and not moves:
            problem = f"player {state.to_move} has no move in the {state.phase} phase"
    if problem is not None:
        object.__setattr__(state, "_memo", None)
    return problem


_TRUSTED = object()


# --- the public functions ------------------------------------------------------------------


def new_game(config: Config | None = None, *, seed: int) -> State:
    """A fresh match: characters dealt (or to be chosen), opening hands dealt, mulligans next.

    >>> state = new_game(seed=1)
    >>> state.phase, len(state.hands[0])
    (<Phase.MULLIGAN: 'mulligan'>, 8)
    """
    config = Config() if config is None else config
    check_config(config)
    check_seed(seed)
    n = config.players
    d = _Draft.blank(config, Rng.from_seed(seed))
    if config.characters is not None:
        d.characters = config.characters
    elif config.choose_characters:
        d.phase = Phase.CHOOSE
        d.to_move, d.queue = 0, tuple(range(1, n))
        return d.finish()
    else:
        cast, d.rng = d.rng.shuffled(tuple(Character))
        d.characters = cast[:n]
    _deal(d)
    return d.finish()


def current_player(state: State) -> int | None:
    """The player who decides now, or ``None`` once the match is over."""
    return checked(state).to_move


def is_over(state: State) -> bool:
    """Whether the match has ended."""
    return checked(state).result is not None


def outcome(state: State) -> Outcome | None:
    """How the match ended, or ``None`` while it goes on."""
    return checked(state).result


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the player to decide, in a fixed order; ``()`` once over."""
    return _legal_memo(state)[0]


def _legal_memo(state: State) -> tuple[tuple[Move, ...], PlayIndex | None]:
    """The legal moves of ``state``, kept with it once worked out, and the index of the plays
    among them (``None`` when no hit or support play is open), so that ``apply_move`` finds a
    play with one lookup."""
    try:
        memo = state._memo if type(state) is State else None
    except AttributeError:  # a State made without its fields: checked() says so
        memo = None
    if type(memo) is tuple:
        return memo
    memo = _legal(checked(state))
    object.__setattr__(state, "_memo", memo)
    return memo


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``; raises ``IllegalMoveError`` (changing nothing) if not legal."""
    moves, plays = _legal_memo(state)
    legal = _find(moves, plays, move)
    if legal is None:
        raise IllegalMoveError(_why_illegal(state, move))
    d = _Draft(state)
    _APPLY[type(legal)](d, legal)
    return d.finish()


def _find(moves: tuple[Move, ...], plays: PlayIndex | None, move: object) -> Move | None:
    """The legal move equal to ``move`` (the rules' own object), or ``None``."""
    kind = type(move)
    if kind is Hit or kind is Support:
        if plays is None:
            return None
        try:
            found: Play | None = plays.get(move)  # type: ignore[call-overload]
        except (TypeError, ValueError, AttributeError):  # fields that cannot hash or compare
            return None
        return found
    if kind not in _APPLY:
        return None  # not a move of this game: never compared, whatever its __eq__ does
    try:
        for legal in moves:
            if legal is move or legal == move:
                return legal
    except (TypeError, ValueError, AttributeError):  # fields that cannot be compared
        return None
    return None


# --- legal moves by phase ------------------------------------------------------------------


def _legal(state: State) -> tuple[tuple[Move, ...], PlayIndex | None]:
    """The legal moves, and the index of the plays among them (see :func:`_legal_memo`)."""
    player = state.to_move
    if state.result is not None or player is None:
        return (), None
    phase = state.phase
    if phase is Phase.SERVE:
        hits, index = _plays(state, player, False)
        return (*hits, _DECLINE), index
    if phase is Phase.MOVE:
        last = _DECLINE if not state.queue else _DONE
        steps = _step_moves(state, player)
        if state.positions[player] != state.ball:
            return (*steps, last), None
        hits, index = _plays(state, player, False)
        return (*steps, *hits, last), index
    if phase is Phase.SUPPORT:
        # Only a bound support can be left without a play here (see _hit): they must let it go.
        supports, index = _plays(state, player, True)
        return supports or _DECLINE_ONLY, index
    return _LEGAL[phase](state, player), None


def _choose_moves(state: State, player: int) -> tuple[Move, ...]:
    return tuple(Choose(c) for c in Character if c not in state.characters)


def _mulligan_moves(state: State, player: int) -> tuple[Move, ...]:
    return _MULLIGAN_OR_KEEP


def _call_moves(state: State, player: int) -> tuple[Move, ...]:
    return _CALLS


def _pick_server_moves(state: State, player: int) -> tuple[Move, ...]:
    return tuple(PickServer(p) for p in team(state.config.players, side_of(player)))


def _copy_moves(state: State, player: int) -> tuple[Move, ...]:
    return tuple(Copy(c) for c in _copyable(state.characters))


def _copyable(characters: tuple[Character, ...]) -> tuple[Character, ...]:
    return tuple(c for c in Character if c in characters and c is not Character.SIMON)


def _corner_moves(state: State, player: int) -> tuple[Move, ...]:
    return _CORNERS


def _step_moves(state: State | _Draft, player: int) -> tuple[Move, ...]:
    """Steps, paid steps and Toots' meddling open to ``player`` now."""
    court = court_for(state.config.columns)
    here = state.positions[player]
    targets = court.steps(here)
    moves: list[Move] = []
    if state.phase is Phase.MOVE or state.config.split_movement or player not in state.moved:
        if state.free_step:
            moves.extend(_steps(targets))
        faces = sorted(set(state.hands[player]))
        if not has_ability(state, player, Character.AUSTIN):
            faces = [f for f in faces if f.kind is CardKind.ENCHANT]
        for face in faces:
            moves.extend(_discard_steps(face, targets))
    if not state.meddled and has_ability(state, player, Character.TOOTS):
        for other, cell in enumerate(state.positions):
            moves.extend(_meddles(other, court.steps(cell)))
    return tuple(moves)


@functools.lru_cache(maxsize=256)
def _steps(targets: tuple[Cell, ...]) -> tuple[Step, ...]:
    return tuple(Step(cell) for cell in targets)


@functools.lru_cache(maxsize=4096)
def _discard_steps(face: Card, targets: tuple[Cell, ...]) -> tuple[DiscardStep, ...]:
    return tuple(DiscardStep(face, cell) for cell in targets)


@functools.lru_cache(maxsize=1024)
def _meddles(player: int, targets: tuple[Cell, ...]) -> tuple[Meddle, ...]:
    return tuple(Meddle(player, cell) for cell in targets)


def _target_moves(state: State, player: int) -> tuple[Move, ...]:
    return tuple(Target(p) for p in _target_options(state))


def _target_options(state: State | _Draft) -> tuple[int, ...]:
    """The opponents an Enchantment of this shot may still bind."""
    hitting = side_of(state.pending[0].player)
    taken = {p for p, b in enumerate(state.binds) if b and side_of(p) != hitting}
    return tuple(p for p in team(state.config.players, 1 - hitting) if p not in taken)


def _after_moves(state: State, player: int) -> tuple[Move, ...]:
    return (*_step_moves(state, player), _DONE)


def _discard_moves(state: State, player: int) -> tuple[Move, ...]:
    faces = tuple(Discard(face) for face in sorted(set(state.hands[player])))
    return (*faces, _DONE) if state.phase is Phase.LOSER_DISCARD else faces


_LEGAL: dict[Phase, Callable[[State, int], tuple[Move, ...]]] = {
    Phase.CHOOSE: _choose_moves,
    Phase.MULLIGAN: _mulligan_moves,
    Phase.CALL: _call_moves,
    Phase.PICK_SERVER: _pick_server_moves,
    Phase.COPY: _copy_moves,
    Phase.CORNER: _corner_moves,
    Phase.TARGET: _target_moves,
    Phase.AFTER: _after_moves,
    Phase.LOSER_DISCARD: _discard_moves,
    Phase.REFILL: _discard_moves,
}


# --- the draft: a mutable copy of a state while one move is applied ------------------------


class _Draft:
    """The fields of a :class:`State`, writable, for the length of one ``apply_move``."""

    __slots__ = (
        "ball",
        "binds",
        "characters",
        "config",
        "copied",
        "deck",
        "discard",
        "discards_left",
        "free_step",
        "hands",
        "hitter",
        "last_point",
        "locked",
        "meddled",
        "moved",
        "pending",
        "phase",
        "played",
        "positions",
        "queue",
        "result",
        "rng",
        "score",
        "server",
        "serving",
        "shots",
        "to_move",
    )

    def __init__(self, s: State) -> None:
        self.config = s.config
        self.phase = s.phase
        self.to_move = s.to_move
        self.queue = s.queue
        self.characters = s.characters
        self.copied = s.copied
        self.deck = s.deck
        self.discard = s.discard
        self.hands = s.hands
        self.positions = s.positions
        self.ball = s.ball
        self.score = s.score
        self.server = s.server
        self.serving = s.serving
        self.free_step = s.free_step
        self.moved = s.moved
        self.meddled = s.meddled
        self.hitter = s.hitter
        self.played = s.played
        self.binds = s.binds
        self.locked = s.locked
        self.pending = s.pending
        self.discards_left = s.discards_left
        self.shots = s.shots
        self.last_point = s.last_point
        self.result = s.result
        self.rng = s.rng

    @classmethod
    def blank(cls, config: Config, rng: Rng) -> _Draft:
        """A draft of a match before anything is dealt: the whole deck in order."""
        empty = State(
            config=config,
            phase=Phase.MULLIGAN,
            to_move=0,
            queue=(),
            characters=(),
            copied=None,
            deck=deck_cards(config),
            discard=(),
            hands=((),) * config.players,
            positions=(),
            ball=None,
            score=(0, 0),
            server=None,
            rng=rng,
        )
        return cls(empty)

    def finish(self) -> State:
        """The state this draft describes, trusted by the rules."""
        state = State(
            self.config,
            self.phase,
            self.to_move,
            self.queue,
            self.characters,
            self.copied,
            self.deck,
            self.discard,
            self.hands,
            self.positions,
            self.ball,
            self.score,
            self.server,
            self.rng,
            self.serving,
            self.free_step,
            self.moved,
            self.meddled,
            self.hitter,
            self.played,
            self.binds,
            self.locked,
            self.pending,
            self.discards_left,
            self.shots,
            self.last_point,
            self.result,
        )
        object.__setattr__(state, "_memo", _TRUSTED)
        return state

    # -- reading the draft like a state --

    def has(self, player: int, character: Character) -> bool:
        return has_ability(self, player, character)

    @property
    def court(self) -> Court:
        return court_for(self.config.columns)

    def team(self, side: int) -> tuple[int, ...]:
        return team(self.config.players, side)

    # -- cards --

    def take(self, player: int, cards: Iterable[Card]) -> None:
        """Take ``cards`` out of a player's hand (they hold them: the move was legal)."""
        hand = list(self.hands[player])
        for card in cards:
            hand.remove(card)
        self._set_hand(player, tuple(hand))

    def _set_hand(self, player: int, hand: tuple[Card, ...]) -> None:
        hands = list(self.hands)
        hands[player] = hand
        self.hands = tuple(hands)

    def draw(self, player: int, count: int, from_discard: int = 0) -> None:
        """``player`` draws ``count`` cards, the first ``from_discard`` of them off the top of
        the discard pile while it has cards; the deck is rebuilt from the discard pile when it
        runs out, and drawing stops when both are empty."""
        drawn: list[Card] = []
        for i in range(count):
            if i < from_discard and self.discard:
                drawn.append(self.discard[-1])
                self.discard = self.discard[:-1]
                continue
            if not self.deck:
                if not self.discard:
                    break
                self.deck, self.rng = self.rng.shuffled(self.discard)
                self.discard = ()
            drawn.append(self.deck[-1])
            self.deck = self.deck[:-1]
        if drawn:
            self._set_hand(player, tuple(sorted(self.hands[player] + tuple(drawn))))

    def to_discard(self, cards: Iterable[Card]) -> None:
        self.discard = (*self.discard, *cards)

    # -- who decides --

    def next_in_queue(self) -> bool:
        """Hand the decision to the next player of the queue; False when it is empty."""
        if not self.queue:
            return False
        self.to_move, self.queue = self.queue[0], self.queue[1:]
        return True


# --- set-up and the start of a point -------------------------------------------------------


def _deal(d: _Draft) -> None:
    """Shuffle, deal the opening hands and open the mulligans (seat order)."""
    d.deck, d.rng = d.rng.shuffled(d.deck)
    for player in range(d.config.players):
        d.draw(player, d.config.hand_size)
    _open_mulligans(d, tuple(range(d.config.players)))


def _open_mulligans(d: _Draft, order: tuple[int, ...]) -> None:
    d.phase = Phase.MULLIGAN
    d.queue = tuple(p for p in order if d.hands[p])
    if not d.next_in_queue():
        _after_mulligans(d)


def _after_mulligans(d: _Draft) -> None:
    if d.server is None:
        d.phase, d.to_move, d.queue = Phase.CALL, 1, ()
    else:
        _open_copy(d)


def _open_copy(d: _Draft) -> None:
    """Simon picks a character to copy for this point (automatically if there is one choice)."""
    if Character.SIMON in d.characters:
        options = _copyable(d.characters)
        if len(options) == 1:
            d.copied = options[0]
        elif options:
            d.phase, d.to_move, d.queue = Phase.COPY, d.characters.index(Character.SIMON), ()
            return
    _open_corner(d)


def _open_corner(d: _Draft) -> None:
    assert d.server is not None
    d.phase, d.to_move, d.queue = Phase.CORNER, d.server, ()


def _open_server_pick(d: _Draft, side: int) -> None:
    """The side to serve names its server (doubles); in singles its only player serves."""
    if d.config.doubles:
        d.phase, d.to_move, d.queue = Phase.PICK_SERVER, side, ()
        return
    _serve_by(d, side)


def _serve_by(d: _Draft, server: int) -> None:
    first_point = d.server is None
    d.server = server
    if first_point:
        _open_copy(d)
    else:
        side = side_of(server)
        others = [p for p in d.team(side) if p != server]
        order = (server, *others, *d.team(1 - side))
        _open_mulligans(d, order)


def _choose(d: _Draft, move: Choose) -> None:
    d.characters = (*d.characters, move.character)
    if not d.next_in_queue():
        _deal(d)


def _mulligan(d: _Draft, move: Mulligan) -> None:
    player = d.to_move
    assert player is not None
    hand = d.hands[player]
    d.to_discard(hand)
    d._set_hand(player, ())
    d.draw(player, len(hand) - 1)
    if not d.hands[player] and not d.next_in_queue():
        _after_mulligans(d)


def _keep(d: _Draft, move: Keep) -> None:
    if not d.next_in_queue():
        _after_mulligans(d)


def _call(d: _Draft, move: Call) -> None:
    """Reveal cards off the deck until a Hit card shows; a right call serves first."""
    caller = d.to_move
    assert caller is not None
    while True:
        if not d.deck:
            d.deck, d.rng = d.rng.shuffled(d.discard)
            d.discard = ()
        card = d.deck[-1]
        d.deck = d.deck[:-1]
        d.to_discard((card,))
        if card.kind is CardKind.HIT:
            break
    side = side_of(caller) if card.colour is move.colour else 1 - side_of(caller)
    _open_server_pick(d, side)


def _pick_server(d: _Draft, move: PickServer) -> None:
    _serve_by(d, move.player)


def _copy(d: _Draft, move: Copy) -> None:
    d.copied = move.character
    _open_corner(d)


def _corner(d: _Draft, move: Corner) -> None:
    """Place everybody: the server in the chosen back corner, the partner (doubles) one row
    forward and two columns across, and the receivers as the point reflection of the servers."""
    server = d.server
    assert server is not None
    court = d.court
    side = side_of(server)
    blue, red = court.back_corners(side)
    spot = blue if move.side is Colour.BLUE else red
    n = d.config.players
    positions = [spot] * n
    # The receiver facing the server is the next seat; in doubles the seat after the partner
    # mirrors the partner.
    positions[(server + 1) % n] = court.mirror(spot)
    if d.config.doubles:
        partner = court.partner_spot(spot, side)
        positions[(server + 2) % n] = partner
        positions[(server + 3) % n] = court.mirror(partner)
    d.positions = tuple(positions)
    d.ball, d.serving = spot, True
    d.binds = (0,) * d.config.players
    d.phase, d.to_move, d.queue = Phase.SERVE, server, ()
    _new_turn(d)


def _new_turn(d: _Draft) -> None:
    d.free_step, d.moved, d.meddled = True, (), False


# --- the turn ------------------------------------------------------------------------------


def _step(d: _Draft, move: Step) -> None:
    player = d.to_move
    assert player is not None
    d.free_step = False
    _move_player(d, player, move.to)


def _discard_step(d: _Draft, move: DiscardStep) -> None:
    player = d.to_move
    assert player is not None
    d.take(player, (move.card,))
    d.to_discard((move.card,))
    _move_player(d, player, move.to)


def _move_player(d: _Draft, player: int, to: Cell) -> None:
    positions = list(d.positions)
    positions[player] = to
    d.positions = tuple(positions)
    if d.phase is Phase.AFTER:
        _continue_after(d)
    elif player not in d.moved:
        # Moving before the hit uses the player's movement for the turn (see _step_moves).
        d.moved = (*d.moved, player)


def _meddle(d: _Draft, move: Meddle) -> None:
    positions = list(d.positions)
    positions[move.player] = move.to
    d.positions = tuple(positions)
    d.meddled = True
    if d.phase is Phase.AFTER:
        _continue_after(d)


def _hit(d: _Draft, move: Hit) -> None:
    hitter = d.to_move
    assert hitter is not None
    d.take(hitter, move.cards)
    d.hitter = hitter
    d.shots += 1
    if not d.config.doubles:
        _resolve(d, move.cards, ())
        return
    d.played = move.cards
    support = partner(hitter)
    d.phase, d.to_move, d.queue = Phase.SUPPORT, support, ()
    if not d.binds[support] and not _plays(d, support, True)[0]:
        # An unbound support who cannot play anything adds nothing to the shot.
        _resolve(d, d.played, ())


def _support(d: _Draft, move: Support) -> None:
    support = d.to_move
    assert support is not None
    d.take(support, move.cards)
    _resolve(d, d.played, move.cards)


def _resolve(d: _Draft, hitter_cards: tuple[Card, ...], support_cards: tuple[Card, ...]) -> None:
    """Reveal the shot, move the ball, call a fault or bind the opponents."""
    hitter = d.hitter
    assert hitter is not None and d.ball is not None
    side = side_of(hitter)
    support = partner(hitter) if d.config.doubles else None
    d.played = ()
    d.to_discard(hitter_cards)
    d.to_discard(support_cards)
    shot = hitter_cards + support_cards
    across = sum(card.colour.aim for card in shot if card.colour is not None)
    distance = sum(card.value for card in shot if card.kind is CardKind.HIT)
    start = d.ball
    landing, where = d.court.land(start, side, across, distance)
    serving, d.serving = d.serving, False
    if where is Landing.OUT:
        _lose_point(d, side, Fault.OUT)
        return
    if where is Landing.NET:
        _lose_point(d, side, Fault.NET)
        return
    if serving and landing.col == start.col and not d.has(hitter, Character.STEN):
        _lose_point(d, side, Fault.STRAIGHT)
        return
    d.ball = landing
    binds = list(d.binds)
    for p in d.team(side):
        binds[p] = 0
    d.binds = tuple(binds)
    d.locked = False
    pending: list[Bind] = []
    for player, cards in ((hitter, hitter_cards), (support, support_cards)):
        if player is None:
            continue
        for card in cards:
            if card.kind is not CardKind.ENCHANT:
                continue
            if card.value == RICH_ENCHANT and d.has(player, Character.RICH):
                d.locked = True
            pending.append(Bind(player, _need(card.value, d.has(player, Character.HAZEL))))
    result = match_end(d.config, d.score, d.shots)
    if result is not None:
        _finish(d, result)
        return
    if not d.config.doubles:
        for bind in pending:
            _bind(d, 1 - side, bind.cards)
        _open_after(d)
        return
    d.pending = tuple(pending)
    _open_targets(d)


def _bind(d: _Draft, player: int, cards: int) -> None:
    binds = list(d.binds)
    binds[player] = cards
    d.binds = tuple(binds)


def _open_targets(d: _Draft) -> None:
    """Doubles: the next Enchantment's player names its target (automatic when one is left)."""
    while d.pending:
        options = _target_options(d)
        bind = d.pending[0]
        if len(options) > 1:
            d.phase, d.to_move, d.queue = Phase.TARGET, bind.player, ()
            return
        d.pending = d.pending[1:]
        if options:
            _bind(d, options[0], bind.cards)
    _open_after(d)


def _target(d: _Draft, move: Target) -> None:
    bind, d.pending = d.pending[0], d.pending[1:]
    _bind(d, move.player, bind.cards)
    _open_targets(d)


def _open_after(d: _Draft) -> None:
    """The hitting side's movement after the hit, player by player in seat order."""
    hitter = d.hitter
    assert hitter is not None
    d.phase = Phase.AFTER
    d.queue = d.team(side_of(hitter))
    d.to_move = None
    _continue_after(d)


def _continue_after(d: _Draft) -> None:
    """Keep the decision with the player to move while their movement may still go on;
    otherwise pass it on; with nobody left, end the turn."""
    while True:
        player = d.to_move
        if player is not None and _may_move_after(d, player):
            return
        if not d.next_in_queue():
            _end_turn(d)
            return


def _may_move_after(d: _Draft, player: int) -> bool:
    """Whether ``player`` is asked about movement after the hit. Decided on public facts only
    (a free step left, any card in hand, Toots' meddle unused), so that being asked, or
    skipped, tells the others nothing about the cards in the hand; the player may then find
    they can only say ``done``."""
    if not d.meddled and d.has(player, Character.TOOTS):
        return True
    window = d.config.split_movement or player not in d.moved
    return window and (d.free_step or bool(d.hands[player]))


def _done(d: _Draft, move: Done) -> None:
    if d.phase is Phase.AFTER:
        d.to_move = None
        _continue_after(d)
    elif d.phase is Phase.MOVE:
        d.next_in_queue()
    else:  # LOSER_DISCARD: no more discards for this player
        d.to_move = None
        _continue_loser_discards(d)


def _end_turn(d: _Draft) -> None:
    """The hitting side draws, then the other side's turn begins."""
    hitter = d.hitter
    assert hitter is not None
    side = side_of(hitter)
    per_player = DOUBLES_DRAW if d.config.doubles else SINGLES_DRAW
    for player in d.team(side):
        extra = CORWIN_EXTRA_DRAWS if d.has(player, Character.CORWIN) else 0
        recycled = WENDOLYN_DISCARD_DRAWS if d.has(player, Character.WENDOLYN) else 0
        d.draw(player, per_player + extra, from_discard=recycled)
    d.hitter = None
    receivers = d.team(1 - side)
    d.phase, d.to_move, d.queue = Phase.MOVE, receivers[0], receivers[1:]
    _new_turn(d)


def _decline(d: _Draft, move: Decline) -> None:
    player = d.to_move
    assert player is not None
    fault = Fault.NO_ANSWER if d.phase is Phase.SUPPORT else Fault.LET_GO
    if d.phase is Phase.SUPPORT:
        d.to_discard(d.played)
        d.played = ()
    _lose_point(d, side_of(player), fault)


# --- points --------------------------------------------------------------------------------


def _lose_point(d: _Draft, loser: int, fault: Fault) -> None:
    winner = 1 - loser
    score = list(d.score)
    score[winner] += 1
    d.score = (score[0], score[1])
    d.last_point = Point(winner, fault)
    d.ball, d.hitter, d.played, d.pending, d.serving = None, None, (), (), False
    d.binds, d.locked, d.copied = (0,) * d.config.players, False, None
    _new_turn(d)
    result = match_end(d.config, d.score, d.shots)
    if result is not None:
        _finish(d, result)
        return
    d.phase, d.to_move, d.queue = Phase.LOSER_DISCARD, None, d.team(loser)
    _continue_loser_discards(d)


def _continue_loser_discards(d: _Draft) -> None:
    while d.next_in_queue():
        assert d.to_move is not None
        if d.hands[d.to_move]:
            d.discards_left = LOSER_DISCARDS
            return
    d.discards_left = 0
    _open_refill(d)


def _discard(d: _Draft, move: Discard) -> None:
    player = d.to_move
    assert player is not None
    d.take(player, (move.card,))
    d.to_discard((move.card,))
    if d.phase is Phase.LOSER_DISCARD:
        d.discards_left -= 1
        if d.discards_left == 0 or not d.hands[player]:
            d.to_move = None
            _continue_loser_discards(d)
    elif len(d.hands[player]) == d.config.hand_size:
        d.to_move = None
        _continue_refill(d)


def _open_refill(d: _Draft) -> None:
    d.phase = Phase.REFILL
    d.queue = tuple(p for p in range(d.config.players) if len(d.hands[p]) > d.config.hand_size)
    d.to_move = None
    _continue_refill(d)


def _continue_refill(d: _Draft) -> None:
    """Players over the hand size discard down to it (their decisions), then the others draw
    up to it; then the side that lost the point serves."""
    if d.next_in_queue():
        return
    for player in range(d.config.players):
        short = d.config.hand_size - len(d.hands[player])
        if short > 0:
            d.draw(player, short)
    assert d.last_point is not None
    _open_server_pick(d, 1 - d.last_point.side)


def _finish(d: _Draft, result: Outcome) -> None:
    d.result = result
    d.phase, d.to_move, d.queue = Phase.OVER, None, ()
    d.discards_left = 0


_APPLY: dict[type, Callable[[_Draft, object], None]] = {
    Choose: _choose,  # type: ignore[dict-item]
    Mulligan: _mulligan,  # type: ignore[dict-item]
    Keep: _keep,  # type: ignore[dict-item]
    Call: _call,  # type: ignore[dict-item]
    PickServer: _pick_server,  # type: ignore[dict-item]
    Copy: _copy,  # type: ignore[dict-item]
    Corner: _corner,  # type: ignore[dict-item]
    Step: _step,  # type: ignore[dict-item]
    DiscardStep: _discard_step,  # type: ignore[dict-item]
    Meddle: _meddle,  # type: ignore[dict-item]
    Hit: _hit,  # type: ignore[dict-item]
    Support: _support,  # type: ignore[dict-item]
    Target: _target,  # type: ignore[dict-item]
    Decline: _decline,  # type: ignore[dict-item]
    Done: _done,  # type: ignore[dict-item]
    Discard: _discard,  # type: ignore[dict-item]
}


# --- why a move is not legal ---------------------------------------------------------------


def _why_illegal(state: State, move: object) -> str:
    """The reason ``move`` is not legal in ``state``, for the ``IllegalMoveError``."""
    from cardgames.alakaslam.notation import describe

    what = describe(move)
    player = state.to_move
    if state.result is not None:
        return f"{what}: the match is over"
    kinds = sorted({type(m).__name__ for m in legal_moves(state)})
    here = state.positions[player] if state.positions and player is not None else None
    if isinstance(move, Hit) and state.phase is Phase.MOVE and here != state.ball:
        return f"{what}: the ball is on {_name(state.ball)}, player {player} on {_name(here)}"
    if type(move).__name__ not in kinds:
        return (
            f"{what}: player {player} is deciding in the {state.phase} phase, where the moves "
            f"are {', '.join(kinds)}"
        )
    assert player is not None
    if isinstance(move, Hit | Support):
        cards = getattr(move, "cards", None)
        if not isinstance(cards, tuple) or not all(is_card(c) for c in cards):
            return f"{what}: the cards must be a tuple of Card (well-formed cards only)"
        missing = Counter(cards) - Counter(state.hands[player])
        if missing:
            lacking = " ".join(sorted({c.code for c in missing}))
            return f"{what}: player {player} does not hold {lacking}"
        need = state.binds[player]
        if need and len(cards) != need:
            return f"{what}: an Enchantment asks for exactly {need} cards"
        if not 1 <= len(cards) <= MAX_HIT_CARDS:
            return f"{what}: a hit is 1 to {MAX_HIT_CARDS} cards"
        enchantments = sum(1 for c in cards if c.kind is CardKind.ENCHANT)
        if state.locked and enchantments:
            return f"{what}: Rich's Enchant-2 forbids Enchantments in this return"
        return f"{what}: at most one Enchantment per hit"
    if isinstance(move, Step | DiscardStep | Meddle):
        return f"{what}: not a step open to player {player} now"
    return f"{what}: not one of player {player}'s choices now"


def _name(cell: Cell | None) -> str:
    return "nowhere" if cell is None else cell.name
