"""Every public name has a docstring, written in the source where the API reference reads it.

The public names are each module's ``__all__`` in ``cardgames`` and its game subpackages (modules
whose dotted name has a part starting with ``_`` are private and left out), and the public
methods and properties of the public classes. A class or function needs a docstring in its own
source (an automatic one, such as a named tuple's ``Cell(x, y)``, does not count); any other
value (a constant, a type alias, a game's ``GAME``) needs a ``#:`` comment right above its
assignment or a string right after it, in the module that assigns it.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import textwrap
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

import cardgames


def _public_modules() -> list[str]:
    names = [
        info.name
        for info in pkgutil.walk_packages(cardgames.__path__, "cardgames.")
        if not any(part.startswith("_") for part in info.name.split("."))
    ]
    return ["cardgames", *sorted(names)]


MODULES = _public_modules()


@cache
def _tree(module: str) -> ast.Module:
    path = importlib.import_module(module).__file__
    assert path is not None
    return ast.parse(Path(path).read_text(encoding="utf-8"))


@cache
def _lines(module: str) -> tuple[str, ...]:
    path = importlib.import_module(module).__file__
    assert path is not None
    return tuple(Path(path).read_text(encoding="utf-8").splitlines())


def _targets(node: ast.stmt) -> list[str]:
    if isinstance(node, ast.Assign):
        return [t.id for t in node.targets if isinstance(t, ast.Name)]
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return [node.target.id]
    return []


def _is_string(node: ast.stmt | None) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


def _value_is_documented(module: str, name: str) -> bool:
    """Whether the module that assigns ``name`` (following imports) documents it."""
    body = _tree(module).body
    lines = _lines(module)
    for i, node in enumerate(body):
        if name in _targets(node):
            comment = node.lineno >= 2 and lines[node.lineno - 2].strip().startswith("#:")
            after = body[i + 1] if i + 1 < len(body) else None
            return comment or _is_string(after)
    for node in body:
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                if (alias.asname or alias.name) == name:
                    return _value_is_documented(node.module, alias.name)
                if alias.name == "*" and name in vars(importlib.import_module(node.module)):
                    return _value_is_documented(node.module, name)
    raise AssertionError(f"{module}.{name}: no assignment or import of it found")


def _source_docstring(obj: Callable[..., object]) -> str | None:
    """The docstring written in the source of a class or function, if any."""
    node = ast.parse(textwrap.dedent(inspect.getsource(inspect.unwrap(obj)))).body[0]
    assert isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
    return ast.get_docstring(node)


def _is_defined_here(obj: Callable[..., object]) -> bool:
    return (getattr(inspect.unwrap(obj), "__module__", None) or "").startswith("cardgames")


def _undocumented(module: ModuleType) -> list[str]:
    missing: list[str] = []
    if not (module.__doc__ or "").strip():
        missing.append("(the module itself)")
    for name in getattr(module, "__all__", ()):
        obj = getattr(module, name)
        if inspect.ismodule(obj):
            continue
        if inspect.isclass(obj) or inspect.isroutine(inspect.unwrap(obj)):
            # A function the engine makes at import time (a twin's maker, a cached reader)
            # may carry its docstring only at run time.
            if _is_defined_here(obj) and not (
                _source_docstring(obj)
                or (inspect.isroutine(obj) and (getattr(obj, "__doc__", None) or "").strip())
            ):
                missing.append(name)
        elif not _value_is_documented(module.__name__, name):
            missing.append(name)
        if inspect.isclass(obj):
            missing += [f"{name}.{m}" for m in _undocumented_members(obj)]
    return missing


def _undocumented_members(cls: type) -> list[str]:
    """The public methods and properties of ``cls`` and its project bases with no docstring."""
    missing: list[str] = []
    for klass in cls.__mro__:
        if not klass.__module__.startswith("cardgames"):
            continue
        for attr, value in vars(klass).items():
            if attr.startswith("_"):
                continue
            if isinstance(value, staticmethod | classmethod):
                value = value.__func__
            if isinstance(value, property):
                value = value.fget
            elif not inspect.isfunction(value):
                continue
            if not (getattr(value, "__doc__", None) or "").strip():
                missing.append(attr)
    return missing


def test_public_modules_are_found() -> None:
    """The walk finds the core modules and every game's subpackage, and no private module."""
    for name in ("cardgames.arena", "cardgames.bots", "cardgames.record", *cardgames.GAMES):
        assert name in MODULES or f"cardgames.{name}" in MODULES
    assert not any("._" in name for name in MODULES)


@pytest.mark.parametrize("module_name", MODULES)
def test_every_public_name_has_a_docstring(module_name: str) -> None:
    """The module, each name of its ``__all__``, and their classes' public methods."""
    module = importlib.import_module(module_name)
    assert _undocumented(module) == []


def test_the_check_notices_a_missing_docstring() -> None:
    """The checks above fail on undocumented names, so a passing run means something."""

    class Undocumented:
        def method(self) -> None:
            pass

        @property
        def value(self) -> int:
            return 1

    assert _source_docstring(Undocumented) is None
    Undocumented.__module__ = "cardgames.example"  # a project class, for the member check
    assert _undocumented_members(Undocumented) == ["method", "value"]
    assert _source_docstring(_source_docstring) is not None
    assert not _value_is_documented("cardgames.rng", "T")
    assert _value_is_documented("cardgames.bots", "BOT_NAMES")
    assert _value_is_documented("cardgames", "GAMES")  # imported: its own module documents it
