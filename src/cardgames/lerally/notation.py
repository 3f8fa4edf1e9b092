"""Le Rally's move notation.

Cards are written by their short names: a shot as its two sections, from and to (``BL-NR``, from
Baseline-Left to Net-Right; sections ``BL``, ``BR``, ``NL``, ``NR``), attacks as ``BW2``
(Baseline Winner +2) and ``NW3`` (Net Winner +3), and ``OF``, ``JO``, ``YO``, ``CH`` for
Offense, Just Out, Yours and Challenge.

===================  ====================================================
``play BL-NR``       play one card (a shot, an attack or a special card)
``lob 2 BL-NR``      play two (or more) identical shot cards: a lob
``offense NR``       play the offense card, landing the ball in ``NR``
``pick up``          pick up (only when no card can be played)
===================  ====================================================

Parsing ignores case and extra spaces, and takes a card name alone for ``play``.
"""

from __future__ import annotations

from cardgames.errors import InvalidMoveError, excerpt, kind_of
from cardgames.lerally.cards import Card, CardKind, Section, is_card, parse_card
from cardgames.lerally.moves import MAX_LOB, MIN_LOB, Lob, Move, Offense, PickUp, Play
from cardgames.lerally.state import State, View

__all__ = ["describe", "format_move", "parse_move"]

_SECTIONS = {s.value: s for s in Section}


def _card(value: object, move: object) -> str:
    if isinstance(value, Card) and is_card(value):
        return value.code
    raise InvalidMoveError(f"{_malformed(move)}: its card is not a card")


def format_move(move: Move) -> str:
    """The notation of ``move``, e.g. ``"play BL-NR"``; ``InvalidMoveError`` if malformed."""
    if isinstance(move, Play):
        return f"play {_card(move.card, move)}"
    if isinstance(move, Lob):
        card = _card(move.card, move)
        if (
            type(move.count) is not int
            or not MIN_LOB <= move.count <= MAX_LOB
            or move.card.kind is not CardKind.SHOT
        ):
            raise InvalidMoveError(
                f"{_malformed(move)}: a lob is two or more identical shot cards, {MAX_LOB} at most"
            )
        return f"lob {move.count} {card}"
    if isinstance(move, Offense):
        if type(move.to) is not Section:
            raise InvalidMoveError(
                f"{_malformed(move)}: where it lands is not a section (BL, BR, NL or NR)"
            )
        return f"offense {move.to.value}"
    if isinstance(move, PickUp):
        return "pick up"
    raise InvalidMoveError(f"{_malformed(move)} is not a lerally move")


def describe(move: object) -> str:
    """The notation of a move for messages; a malformed move is named by its type only, so a
    message never repeats what it holds."""
    try:
        return format_move(move)  # type: ignore[arg-type]
    except InvalidMoveError:
        return _malformed(move)


def _malformed(move: object) -> str:
    """A malformed move or a stranger, named by its type: ``a malformed Play``."""
    if isinstance(move, Play | Lob | Offense | PickUp):
        return f"a malformed {type(move).__name__}"
    return excerpt(move)


#: A lob's count is written in at most this many digits (a card list holds at most 1000 copies).
MAX_COUNT_DIGITS = 4


def _is_count(text: str) -> bool:
    """A lob's count: ASCII digits without a leading zero, at least two."""
    return (
        0 < len(text) <= MAX_COUNT_DIGITS
        and all(c in "0123456789" for c in text)
        and not text.startswith("0")
        and int(text) >= MIN_LOB
    )


def parse_move(state: object, text: str) -> Move:
    """The move that ``text`` names; raises ``InvalidMoveError`` when it does not parse.

    Parsing checks only the notation (and that ``state`` is a Le Rally state or view); whether
    the move is legal is ``apply_move``'s business.

    >>> from cardgames import lerally
    >>> lerally.parse_move(lerally.new_game(seed=1), "lob 2 bl-nr")
    Lob(card=shot(Section.BASELINE_LEFT, Section.NET_RIGHT), count=2)
    """
    if type(state) not in (State, View):
        raise InvalidMoveError(f"expected a lerally State or View, got {kind_of(state)}")
    if not isinstance(text, str):
        raise InvalidMoveError(f"move notation must be a string, got {type(text).__name__[:40]}")
    words = text.upper().split()
    if words in (["PICK", "UP"], ["PICKUP"]):
        return PickUp()
    if len(words) == 1 or (len(words) == 2 and words[0] == "PLAY"):
        card = parse_card(words[-1])
        if card.kind is CardKind.OFFENSE:
            raise InvalidMoveError(
                f"{excerpt(text)}: the offense card is played with its landing section, "
                "e.g. 'offense NR'"
            )
        return Play(card)
    if len(words) == 2 and words[0] == "OFFENSE" and words[1] in _SECTIONS:
        return Offense(_SECTIONS[words[1]])
    if len(words) == 3 and words[0] == "LOB" and _is_count(words[1]):
        return Lob(parse_card(words[2]), int(words[1]))
    raise InvalidMoveError(
        f"{excerpt(text)} is not a lerally move; write e.g. 'play BL-NR', 'lob 2 BL-NR', "
        "'offense NR' or 'pick up'"
    )
