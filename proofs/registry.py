"""The registry of encoded papers, and resolution of command-line targets to entries.

Example:
    >>> from proofs import registry
    >>> [e.id for e in registry.resolve("closeness:fact-3.1:item-2")]
    ['closeness:fact-3.1:item-2']
    >>> "closeness:fact-3.1:item-4" in registry.suggest("closeness:fact-3.1:item-9")
    True
"""

from __future__ import annotations

import difflib
import importlib
from functools import cache

from proofs.model import Lemma, Paper
from proofs.papers import PAPER_MODULES
from symbolic.claim import Claim


class UnknownTarget(LookupError):
    """A target matches no paper, id or id prefix."""


@cache
def paper_keys() -> list[str]:
    """Keys of the encoded papers (those whose package exists)."""
    keys = []
    for key, module in PAPER_MODULES.items():
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            continue
        keys.append(key)
    return keys


@cache
def paper(key: str) -> Paper:
    """The encoded paper ``key``."""
    if key not in paper_keys():
        raise UnknownTarget(f"unknown paper {key!r}")
    return importlib.import_module(PAPER_MODULES[key]).PAPER


def all_ids() -> list[str]:
    """Every entry id and claim id, in paper order."""
    out: list[str] = []
    for key in paper_keys():
        for e in paper(key).entries:
            out.append(e.id)
            out += [c.id for c in e.claims() if c.id != e.id]
    return out


def _entries(keys: list[str]) -> list[Lemma]:
    return [e for k in keys for e in paper(k).entries]


def resolve(target: str) -> list[Lemma | Claim]:
    """Entries (or single step claims) named by an id, an id prefix, a paper key or ``all``."""
    t = target.strip().lower()
    if t == "all":
        return list(_entries(paper_keys()))
    if t in paper_keys():
        return list(paper(t).entries)
    key = t.split(":", 1)[0]
    if key not in paper_keys():
        raise UnknownTarget(target)
    out: list[Lemma | Claim] = []
    for e in paper(key).entries:
        if e.id == t or e.id.startswith(t + ":") or e.id.startswith(t + "."):
            out.append(e)
            continue
        parts = [p for p in getattr(e, "parts", []) if p.id == t or p.id.startswith(t + ":")]
        if parts:
            out += parts
            continue
        out += [c for c in e.claims() if c.id == t or c.id.startswith(t + ":")]
    if not out:
        raise UnknownTarget(target)
    return out


def suggest(target: str, count: int = 3) -> list[str]:
    """Close matches for an unknown target."""
    pool = paper_keys() + all_ids() + ["all"]
    return difflib.get_close_matches(target.lower(), pool, n=count, cutoff=0.5)
