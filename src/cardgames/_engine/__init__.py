"""The engine's kit: what the games' rules lean on to be fast, one concern per module, behind
this one door.

Game code imports these names from ``cardgames._engine`` itself, never from a module inside it
(so the kit may be rearranged without touching a game); a program using the library never
needs them (the package is private). The modules, by concern:

- :mod:`~cardgames._engine.memo`: the memo field of a state, left out of its value, pickles and
  copies; the legal moves kept there;
- :mod:`~cardgames._engine.frozen`: frozen values made fast: writable twins filled by
  assignment and turned into the frozen class by :func:`become`, slot fillers, field readers;
- :mod:`~cardgames._engine.drafts`: a state's draft, loaded from the state and frozen into the
  next one by straight-line code;
- :mod:`~cardgames._engine.moves`: the legal move a move equals, moves read from JSON once;
- :mod:`~cardgames._engine.dealing`: the players a view is made for, the hands of a resampled
  state, the checked resample;
- :mod:`~cardgames._engine.cards`: cards written in JSON by their short names, and checked a
  tuple at a time;
- :mod:`~cardgames._engine.converter`, :mod:`~cardgames._engine.quick_load`,
  :mod:`~cardgames._engine.quick_write`: the library's one JSON converter and the straight-line
  readers and writers in front of it (which :mod:`cardgames.serialization` wraps in
  documents);
- :mod:`~cardgames._engine.codegen`: how every function written out as source is compiled,
  its source kept for tracebacks and :func:`inspect.getsource`.

The caches the games keep are made through :mod:`cardgames._kept` (``ByIdentity`` and
``Passed`` are its own, and shown here too), and the checks and sentences of events are the
public :mod:`cardgames.story`'s, shown here too for the games that import them from here.
"""

from __future__ import annotations

from cardgames._engine.cards import TupleChecker, all_cards_at_once, register_card_codes
from cardgames._engine.codegen import compiled
from cardgames._engine.converter import (
    converter,
    encode,
    give_state_text_writer,
    give_text_writer,
    text_writer,
)
from cardgames._engine.dealing import check_observer, check_player, deal_hands, resample_checked
from cardgames._engine.drafts import draft_freezer, draft_loader, draft_slots
from cardgames._engine.frozen import (
    CACHED_HASH,
    become,
    field_reader,
    new_twin,
    slot_filler,
    writable_twin,
)
from cardgames._engine.memo import (
    MEMO,
    keeps_memo,
    remembered,
    restore_without_memo,
    state_without_memo,
)
from cardgames._engine.moves import MoveReader, find_move
from cardgames._engine.state_text import (
    UnusualValueError,
    json_list,
    json_quote,
    quick_state_writer,
)
from cardgames._kept import ByIdentity, Passed
from cardgames.story import (
    MOST_COUNT,
    check_viewer,
    checked_transition,
    hand_changes,
    is_count,
    is_optional_text,
    is_player,
    plural,
    told_end,
    told_hand,
    vouch_transition,
    winners_valid,
)

__all__ = [
    "CACHED_HASH",
    "MEMO",
    "MOST_COUNT",
    "ByIdentity",
    "MoveReader",
    "Passed",
    "TupleChecker",
    "UnusualValueError",
    "all_cards_at_once",
    "become",
    "check_observer",
    "check_player",
    "check_viewer",
    "checked_transition",
    "compiled",
    "converter",
    "deal_hands",
    "draft_freezer",
    "draft_loader",
    "draft_slots",
    "encode",
    "field_reader",
    "find_move",
    "give_state_text_writer",
    "give_text_writer",
    "hand_changes",
    "is_count",
    "is_optional_text",
    "is_player",
    "json_list",
    "json_quote",
    "keeps_memo",
    "new_twin",
    "plural",
    "quick_state_writer",
    "register_card_codes",
    "remembered",
    "resample_checked",
    "restore_without_memo",
    "slot_filler",
    "state_without_memo",
    "text_writer",
    "told_end",
    "told_hand",
    "vouch_transition",
    "winners_valid",
    "writable_twin",
]
