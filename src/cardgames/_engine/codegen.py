"""Functions written as source text and compiled once, with their source kept where tracebacks
and :func:`inspect.getsource` find it.

The engine writes a few functions out as straight-line code, from a class's field names, when
a game is imported (a draft's loader and freezer, a slot filler, a quick JSON loader and
writer): a loop over the fields would cost more, at every decision, than the rule itself.
:func:`compiled` compiles such a source under a file name of its own, ``<cardgames generated
WHAT>``, and registers the source in :mod:`linecache` under that name, as attrs and cattrs do
for their own generated methods: a traceback through a generated function shows its lines,
and ``inspect.getsource`` gives its text.
"""

from __future__ import annotations

import itertools
import linecache
from collections.abc import Callable
from typing import Any

__all__ = ["compiled"]

# A number for each source compiled, so that two functions of the same name keep their own.
_NUMBERS = itertools.count(1)


def compiled(
    source: str, name: str, namespace: dict[str, Any], *, what: str, qualname: str | None = None
) -> Callable[..., Any]:
    """The function ``name`` that ``source`` defines, run in ``namespace``; ``what`` says what
    it is (``draft_freezer(State)``), in its file name and, unless ``qualname`` is given, its
    ``__qualname__``.

    Only sources the engine writes itself, from the names of attrs fields and its own
    constants, come here.
    """
    filename = f"<cardgames generated {what} #{next(_NUMBERS)}>"
    lines = source.splitlines(keepends=True)
    # The entry never goes stale: linecache.checkcache drops only entries with a modification
    # time, and a generated source has none.
    linecache.cache[filename] = (len(source), None, lines, filename)
    exec(compile(source, filename, "exec"), namespace)  # the engine's own source, see above
    function: Callable[..., Any] = namespace[name]
    function.__qualname__ = qualname or what
    return function
