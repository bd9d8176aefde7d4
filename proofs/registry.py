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
from symbolic.claim import Claim, reserve_prefixes


class UnknownTarget(LookupError):
    """A target matches no paper, id or id prefix."""


class PaperLoadError(ImportError):
    """A registered paper that cannot be loaded (one-line message naming it)."""


GROUP = "proofcheck.papers"
#: The papers shipped with proofcheck. They register through :data:`GROUP` like any paper pack
#: (``pyproject.toml``); this table only serves a source tree that was never installed.
BUILTIN = {
    "closeness": "proofs.papers.closeness",
    "tensor-trick": "proofs.papers.tensor_trick",
    "lipschitz-attention": "proofs.papers.lipschitz_attention",
}


@cache
def _registered() -> dict[str, str]:
    """Paper key -> module path, from the ``proofcheck.papers`` entry points (built-ins too).

    An entry point's value is the module of a paper package that defines ``PAPER``
    (``toy = "toy_paper"``) or ``module:attribute`` naming the :class:`Paper` itself.
    """
    from importlib.metadata import entry_points

    found = {ep.name: ep.value for ep in entry_points(group=GROUP)}
    out = {**{k: v for k, v in BUILTIN.items() if k not in found}, **found}
    reserve_prefixes(out)  # ids under a paper key follow the papers' grammar
    return out


def paper_keys() -> list[str]:
    """Keys of the registered papers: the built-ins first, then paper packs by name."""
    reg = _registered()
    return [k for k in BUILTIN if k in reg] + sorted(k for k in reg if k not in BUILTIN)


def paper_module(key: str) -> str:
    """The module that holds paper ``key`` (its package, where experiments also live)."""
    try:
        return _registered()[key].split(":", 1)[0]
    except KeyError:
        raise UnknownTarget(f"unknown paper {key!r}") from None


@cache
def paper(key: str) -> Paper:
    """The registered paper ``key``, loaded on first use.

    Raises :class:`PaperLoadError` (naming the paper and the cause) when its package fails to
    import or does not define a :class:`Paper` with that key: a broken paper is never skipped.
    """
    target = _registered().get(key)
    if target is None:
        raise UnknownTarget(f"unknown paper {key!r}")
    module, _, attr = target.partition(":")
    try:
        obj = importlib.import_module(module)
        for name in (attr or "PAPER").split("."):
            obj = getattr(obj, name)
    except Exception as exc:
        raise PaperLoadError(f"paper {key!r} ({target}) failed to load: "
                             f"{type(exc).__name__}: {exc}") from exc
    if not isinstance(obj, Paper) or obj.key != key:
        raise PaperLoadError(f"paper {key!r} ({target}) does not define a Paper with key "
                             f"{key!r}")
    return obj


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
