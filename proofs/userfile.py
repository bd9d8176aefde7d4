"""Loading a user's Python file of claims: ``proofcheck check my_claims.py``.

The file builds claims with the ``symbolic`` API. Every module-level :class:`~symbolic.Claim`
or :class:`~proofs.model.Lemma` is checked, in the order defined, unless the file sets
``CLAIMS = [...]`` to choose; so is every statement about a function class
(:class:`~symbolic.classes.ClassClaim`, :class:`~symbolic.classes.horizon.HorizonClaim`).

Ids are free-form after the user's own prefix (``mine:exp-tangent``, ``mine:anything``); a
prefix that is a paper key (``closeness``) keeps the papers' grammar. The same id twice, in one
file or across the files of one run, is an error naming both places (``file:line``).

Example file::

    import sympy as sp
    from symbolic import Claim, Prop, scalar
    R = scalar("R", positive=True)
    growth = Claim("mine:lemma-1", 4 * R, "<=", sp.exp(6 * R**2),
                   hypotheses=[Prop(R, ">=", 4)], source="my notes, Lemma 1")

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "mine.py")
>>> _ = open(path, "w").write("from symbolic import Claim, scalar\\n"
...                           "x = scalar('x')\\n"
...                           "a = Claim('mine:x-le-x', x, '<=', x)\\n")
>>> [(item.id, place.endswith("mine.py:3")) for item, place in load_with_places(path)]
[('mine:x-le-x', True)]
"""

from __future__ import annotations

import ast
import importlib.util
import os
import sys
import traceback
from collections.abc import Iterable, Sequence

from proofs.model import Lemma, Paper
from symbolic.claim import Claim, reserve_prefixes

Item = Claim | Lemma


class UserFileError(ValueError):
    """A user's claim file could not be loaded (one-line message)."""


def load(path: str) -> list[Item]:
    """The claims and lemmas a user's file defines."""
    return [item for item, _ in load_with_places(path)]


def load_with_places(path: str) -> list[tuple[Item, str]]:
    """The claims and lemmas a user's file defines, each with where its id is written
    (``file:line``, or just ``file`` when the id is not a string literal in the file)."""
    if not os.path.isfile(path):
        raise UserFileError(f"{path}: no such file")
    _reserve_paper_keys()
    items = _execute(path)
    lines = id_lines(path)
    seen: dict[str, str] = {}
    out: list[tuple[Item, str]] = []
    for item in items:
        for claim_id in ids_of(item):
            written = lines.get(claim_id, [])
            if claim_id in seen:
                second = _place(path, written[1:2])
                raise UserFileError(f"duplicate claim id {claim_id}: {seen[claim_id]} and "
                                    f"{second}")
            seen[claim_id] = _place(path, written[:1])
        out.append((item, seen[item.id]))
    return out


def check_unique(groups: Iterable[tuple[Item, str]],
                 taken: dict[str, str] | None = None) -> dict[str, str]:
    """Raise :class:`UserFileError` naming both places when an id (of an entry or one of its
    steps) occurs twice; ``taken`` maps ids already in the run to their place. Returns the
    updated map.

    >>> from symbolic import Claim, scalar
    >>> c = Claim("mine:a", scalar("x"), "<=", 1)
    >>> check_unique([(c, "b.py:4")], {"mine:a": "a.py:2"})
    Traceback (most recent call last):
    ...
    proofs.userfile.UserFileError: duplicate claim id mine:a: a.py:2 and b.py:4
    """
    taken = {} if taken is None else taken
    for item, place in groups:
        for claim_id in ids_of(item):
            if claim_id in taken:
                raise UserFileError(f"duplicate claim id {claim_id}: {taken[claim_id]} and "
                                    f"{place}")
            taken[claim_id] = place
    return taken


def ids_of(item: Item) -> list[str]:
    """The id of ``item`` and, for a lemma, the ids of its parts and steps (each once)."""
    out = [item.id]
    if isinstance(item, Lemma):
        out += [i for i in item.claim_ids() if i not in out]
    return out


def id_lines(path: str) -> dict[str, list[int]]:
    """Lines where each string literal of ``path`` that is the first argument (or ``id=``) of a
    call appears: where claim ids are written (``Claim("mine:x", ...)``).

    >>> import os, tempfile
    >>> p = os.path.join(tempfile.mkdtemp(), "f.py")
    >>> _ = open(p, "w").write("a = 1\\nC('mine:a', 1)\\nC(id='mine:a')\\n")
    >>> id_lines(p)
    {'mine:a': [2, 3]}
    """
    try:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), filename=path)
    except (OSError, SyntaxError, ValueError):
        return {}
    found: dict[str, list[int]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        args = node.args[:1] + [k.value for k in node.keywords if k.arg == "id"]
        for arg in args:
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.setdefault(arg.value, []).append(arg.lineno)
    for lines in found.values():
        lines.sort()
    return found


def _place(path: str, lines: Sequence[int]) -> str:
    return f"{path}:{lines[0]}" if lines else path


def _reserve_paper_keys() -> None:
    """Ids under a paper key keep the papers' grammar (``closeness:foo`` is an error)."""
    from proofs import registry

    reserve_prefixes(registry.paper_keys())


def _as_claim(value: object) -> object:
    """A statement about every function of a class (``ClassClaim``, ``HorizonClaim``) as the
    Claim that carries it; anything else unchanged."""
    from symbolic.classes import ClassClaim
    from symbolic.classes.horizon import HorizonClaim

    if isinstance(value, (ClassClaim, HorizonClaim)):
        try:
            return value.as_claim()
        except ValueError as exc:
            raise UserFileError(f"{value.id}: {exc}") from None
    return value


def _execute(path: str) -> list[Item]:
    """Run the file and collect its claims and lemmas."""
    name = f"_proofcheck_user_{abs(hash(os.path.abspath(path)))}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise UserFileError(f"{path}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except SyntaxError as exc:
        raise UserFileError(f"{path}:{exc.lineno}: syntax error: {exc.msg}") from None
    except Exception as exc:
        tb = traceback.extract_tb(exc.__traceback__)
        line = next((f.lineno for f in reversed(tb) if f.filename == os.path.abspath(path)
                     or f.filename == path), None)
        where = f"{path}:{line}" if line else path
        raise UserFileError(f"{where}: {type(exc).__name__}: {exc}") from None
    finally:
        sys.modules.pop(name, None)
    chosen = getattr(module, "CLAIMS", None)
    if chosen is None:
        items: list[Item] = []
        for value in vars(module).values():
            value = _as_claim(value)
            found = value.entries if isinstance(value, Paper) else [value] if isinstance(
                value, (Claim, Lemma)) else []
            items += [x for x in found if not any(x is y for y in items)]
    else:
        if not isinstance(chosen, (list, tuple)):
            raise UserFileError(f"{path}: CLAIMS must be a list of Claim or Lemma objects, "
                                f"not a {type(chosen).__name__}")
        items = [_as_claim(x) for x in chosen]
        bad = [x for x in items if not isinstance(x, (Claim, Lemma))]
        if bad:
            raise UserFileError(f"{path}: CLAIMS holds a {type(bad[0]).__name__}, "
                                "expected Claim or Lemma objects")
    if not items:
        raise UserFileError(f"{path}: defines no Claim or Lemma (or set CLAIMS = [...])")
    for x in items:
        if isinstance(x, Lemma):
            try:
                x.claims()  # builds (and so validates) every claim of the lemma
            except (ValueError, TypeError) as exc:
                raise UserFileError(f"{path}: {x.id}: {exc}") from None
    return items
