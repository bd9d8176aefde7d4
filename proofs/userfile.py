"""Loading a user's Python file of claims: ``proofcheck check my_claims.py``.

The file builds claims with the ``symbolic`` API. Every module-level :class:`~symbolic.Claim`
or :class:`~proofs.model.Lemma` is checked, in the order defined, unless the file sets
``CLAIMS = [...]`` to choose.

Example file::

    import sympy as sp
    from symbolic import Claim, Prop, scalar
    R = scalar("R", positive=True)
    growth = Claim("mine:lemma-1", 4 * R, "<=", sp.exp(6 * R**2),
                   hypotheses=[Prop(R, ">=", 4)], source="my notes, Lemma 1")
"""

from __future__ import annotations

import importlib.util
import os
import sys
import traceback

from proofs.model import Lemma, Paper
from symbolic.claim import Claim


class UserFileError(ValueError):
    """A user's claim file could not be loaded (one-line message)."""


def load(path: str) -> list[Claim | Lemma]:
    """The claims and lemmas a user's file defines."""
    if not os.path.isfile(path):
        raise UserFileError(f"{path}: no such file")
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
        items: list[Claim | Lemma] = []
        for value in vars(module).values():
            if isinstance(value, (Claim, Lemma)):
                items.append(value)
            elif isinstance(value, Paper):
                items += value.entries
    else:
        if not isinstance(chosen, (list, tuple)):
            raise UserFileError(f"{path}: CLAIMS must be a list of Claim or Lemma objects, "
                                f"not a {type(chosen).__name__}")
        items = list(chosen)
        bad = [x for x in items if not isinstance(x, (Claim, Lemma))]
        if bad:
            raise UserFileError(f"{path}: CLAIMS holds a {type(bad[0]).__name__}, "
                                "expected Claim or Lemma objects")
    if not items:
        raise UserFileError(f"{path}: defines no Claim or Lemma (or set CLAIMS = [...])")
    ids = [x.id for x in items]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise UserFileError(f"{path}: duplicate claim id {dup[0]}")
    for x in items:
        if isinstance(x, Lemma):
            try:
                x.claims()  # builds (and so validates) every claim of the lemma
            except (ValueError, TypeError) as exc:
                raise UserFileError(f"{path}: {x.id}: {exc}") from None
    return items
