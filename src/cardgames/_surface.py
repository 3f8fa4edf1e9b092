"""What a module shows of itself: ``__dir__ = public_dir(__all__)`` at the end of a public module
makes ``dir(module)`` list its public names, not what it imports (PEP 562)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["public_dir"]


def public_dir(names: Sequence[str]) -> Callable[[], list[str]]:
    """A module's ``__dir__``: the names of its ``__all__``, sorted."""
    listed = sorted(names)

    def listing() -> list[str]:
        return list(listed)

    return listing
