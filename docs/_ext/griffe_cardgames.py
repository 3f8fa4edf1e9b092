"""A Griffe extension that lets the API reference read the project's docstrings as they are.

The source writes its docstrings in plain reStructuredText habits: ``:class:`Game``` roles,
``Example::`` literal blocks, ``>>>`` sessions, and ``#:`` comments above constants. This
extension turns those into Markdown that mkdocstrings renders well, so the code keeps one
docstring style and the site needs no copy of it.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(?:class|func|meth|mod|attr|data|exc|obj|const):`(~?)([\w.]+)`")


def _role(match: re.Match[str]) -> str:
    short, path = match.groups()
    return f"`{path.rsplit('.', 1)[-1] if short else path}`"


def _fence_sessions(text: str) -> str:
    """Put each ``>>>`` session (its prompts and their output) in a ``pycon`` fence."""
    out: list[str] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            block: list[str] = []
            while i < len(lines) and lines[i].strip() and lines[i].startswith(indent):
                block.append(lines[i][len(indent) :])
                i += 1
            if out and out[-1].strip():
                out.append("")
            out += ["```pycon", *block, "```"]
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


def markdown_docstring(text: str) -> str:
    """The Markdown form of a docstring written in the project's reStructuredText habits."""
    text = ROLE.sub(_role, text)
    # ``Text::`` before an indented literal block: Markdown needs only the indentation.
    text = re.sub(r"(\S)::\n", r"\1:\n", text)
    text = re.sub(r"^::\n", "\n", text, flags=re.M)
    return _fence_sessions(text)


@cache
def _lines(path: str) -> tuple[str, ...]:
    return tuple(Path(path).read_text(encoding="utf-8").splitlines())


def comment_docstring(obj: griffe.Object) -> str | None:
    """The ``#:`` comment lines right above an attribute's assignment, as one text."""
    if obj.lineno is None or not isinstance(obj.filepath, Path):
        return None
    lines = _lines(str(obj.filepath))
    found: list[str] = []
    number = obj.lineno - 2  # the line above, counted from 0
    while number >= 0 and lines[number].strip().startswith("#:"):
        found.append(lines[number].strip()[2:].strip())
        number -= 1
    return " ".join(reversed(found)) or None


def _modules(module: griffe.Module) -> list[griffe.Module]:
    found = [module]
    for member in module.members.values():
        if not member.is_alias and isinstance(member, griffe.Module):
            found += _modules(member)
    return found


def export_functions_over_modules(package: griffe.Module) -> None:
    """Make an exported name that is also a submodule's name stand for the function it exports.

    ``cardgames.alethi`` exports ``view``, the function of its submodule ``view``; at run time
    the import makes ``cardgames.alethi.view`` the function, but Griffe keeps the submodule, so
    the reference would leave the function out.
    """
    for module in _modules(package):
        for name in [str(n) for n in module.exports or ()]:
            member = module.members.get(name)
            if member is None or member.is_alias or not isinstance(member, griffe.Module):
                continue
            target = member.members.get(name)
            if target is not None:
                del module.members[name]
                module.set_member(name, griffe.Alias(name, target, parent=module))


#: Module functions of PEP 562 (``dir()`` and lazy attributes): machinery, not API.
MODULE_HOOKS = ("__dir__", "__getattr__")


def drop_module_hooks(package: griffe.Module) -> None:
    """Leave each module's ``__dir__`` and ``__getattr__`` out of the reference."""
    for module in _modules(package):
        for name in MODULE_HOOKS:
            if name in module.members:
                del module.members[name]


def hide_built_value(obj: griffe.Object) -> None:
    """Show an attribute whose value is built by a call (``GAME = define_game(...)``,
    ``GAMES = _Registry()``) by its type and docstring alone: the call says how the object is
    made, which is the module's business, not what it is."""
    if isinstance(obj, griffe.Attribute) and isinstance(obj.value, griffe.ExprCall):
        obj.value = None


class CardgamesDocstrings(griffe.Extension):
    """Reads ``#:`` comments as attribute docstrings and turns reST habits into Markdown."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        """Put exported functions back in place of the submodules of the same name, and leave
        the modules' own hooks out."""
        export_functions_over_modules(pkg)
        drop_module_hooks(pkg)

    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        """Fix up one object's docstring once the whole tree is loaded."""
        if obj.is_alias:
            return
        hide_built_value(obj)
        if obj.docstring is None and obj.is_attribute:
            text = comment_docstring(obj)
            if text:
                obj.docstring = griffe.Docstring(text, parent=obj)
        if obj.docstring is not None:
            obj.docstring.value = markdown_docstring(obj.docstring.value)
