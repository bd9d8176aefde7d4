"""Notebook helpers: check targets and get a displayable :class:`~proofs.reports.html.Report`
(the results and their findings, :func:`proofs.review.review`), show an entry, replay a
witness.

In Jupyter, the last expression of a cell is displayed: a :class:`~proofs.reports.html.Report`
as an HTML table, a claim, chain, lemma or verdict as LaTeX (their ``_repr_latex_``).

Example:
    >>> from proofs.notebook import check, entry
    >>> rep = check("closeness:fact-3.2:item-1", budget="quick")
    >>> rep.ok, [r.id for r in rep]
    (True, ['closeness:fact-3.2:item-1'])
    >>> entry("closeness:lemma-3.3").source
    'Lemma 3.3'
    >>> c = entry("closeness:fact-3.2:item-5").statement_claim()
    >>> w = {"n": 1, "alpha": -78.15629677910984, "X": [[-74.00614915857662]],
    ...      "Y": [[0.9089368398173779]]}
    >>> r = replay(c, w)
    >>> r.hypotheses_hold, r.violated, r.rigorous
    (True, True, True)
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any

from proofs import registry
from proofs.model import Lemma
from proofs.reports.html import Report
from proofs.review import review
from symbolic.claim import Claim


def _resolve(targets: Iterable[str | Lemma | Claim]) -> list[Lemma | Claim]:
    out: list[Lemma | Claim] = []
    for t in targets:
        out += registry.resolve(t) if isinstance(t, str) else [t]
    seen: set[str] = set()
    return [e for e in out if not (e.id in seen or seen.add(e.id))]


def check(*targets: str | Lemma | Claim, budget: str = "quick", seed: int = 0,
          progress: bool = False) -> Report:
    """Check ids, id prefixes, paper keys, ``"all"``, or Claim/Lemma objects; a :class:`Report`
    of the results and their findings (without the hypothesis flow and the citation checks,
    which ``proofcheck errata`` adds).

    Raises :class:`proofs.registry.UnknownTarget` for an unknown id (with suggestions).
    """
    if not targets:
        raise ValueError("check() needs at least one target")
    try:
        entries = _resolve(targets)
    except registry.UnknownTarget as exc:
        hints = registry.suggest(str(exc.args[0]))
        raise registry.UnknownTarget(
            f"unknown target {exc.args[0]!r}" + (f"; did you mean {', '.join(hints)}?"
                                                 if hints else "")) from None

    def show(msg: str) -> None:
        print(msg, file=sys.stderr)

    rv = review(entries=entries, budget=budget, seed=seed, progress=show if progress else None,
                flow=False, citations=False)
    return Report.of(rv, title=", ".join(t if isinstance(t, str) else t.id for t in targets))


def entry(entry_id: str) -> Lemma:
    """The encoded entry (or part) ``entry_id``, for display with its statement and proof."""
    key = entry_id.split(":", 1)[0]
    found = registry.paper(key).entry(entry_id)
    if found is None:
        raise registry.UnknownTarget(entry_id)
    return found


def replay(claim: Claim, witness: dict[str, Any], dps: int = 50):
    """Re-evaluate ``claim`` at a witness (as in the JSON output) at ``dps`` digits, then with arb.

    Returns a :class:`numeric.search.confirm.Confirmation`: ``hypotheses_hold``, ``violated``,
    ``rigorous`` (arb certified the violation), and ``lhs``, ``rhs``, ``margin`` as text.
    Decimal-string values are read as floats (the nearest double).
    """
    import numpy as np

    from numeric.layout import Layout
    from numeric.search.confirm import confirm

    dims = {str(s): int(witness[str(s)]) for s in sorted(claim.dimension_symbols, key=str)}
    layout = Layout.of(claim, dims)
    missing = [str(s) for s in [*layout.symbols, *layout.indices] if str(s) not in witness]
    if missing:
        raise KeyError(f"the witness has no value for {', '.join(missing)}")
    values = {s: np.array(witness[str(s)], dtype=float) for s in layout.symbols}
    indices = {i: int(witness[str(i)]) for i in layout.indices}
    return confirm(claim, layout, values, indices, dps=dps)
