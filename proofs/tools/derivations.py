"""The chain-rule derivation behind a derivative formula of an entry.

The derivative on the left is rewritten one rule at a time (definitions, linearity, product
rule, chain rule, ``d(Ax)/dx_i = A_{*,i}``); the last step compares with the closed form the
entry states. Every step is checked by the dimension-generic engine
(:func:`symbolic.derivation.generic_identity`). ``proofcheck derive`` prints it and the LaTeX
report typesets it.

Example:
    >>> d = derivation("closeness:lemma-4.5:part-2")
    >>> d.claim.id, d.follows
    ('closeness:lemma-4.5:part-2', True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from symbolic import objects as ob
from symbolic.claim import Claim
from symbolic.derivation import Step, derive_steps


class NoDerivation(ValueError):
    """The target states no derivative formula (one-line message)."""


@dataclass(frozen=True)
class Derivation:
    """A claim, its checked derivation steps, and the corrected form its entry records."""

    claim: Claim
    steps: list[Step]
    corrected: Any = None

    @property
    def follows(self) -> bool:
        """Whether every step is proved, so the stated closed form follows."""
        return all(st.holds for st in self.steps[1:])


def _claim(target: str, entry: Any = None) -> tuple[Claim, Any]:
    """The claim ``target`` names (a chain ``a = b = c`` read as ``a = c``) and its entry's
    corrected form. An unknown id raises :class:`proofs.registry.UnknownTarget`. ``entry``:
    the entry (or claim) ``target`` names, when the caller has it (no registry lookup)."""
    if entry is None:
        from proofs import registry

        found = registry.resolve(target)
        entry = next((e for e in found if e.id == target.strip().lower()), found[0])
    if isinstance(entry, Claim):
        return entry, None
    pairs = entry.annotated()
    if not pairs:
        raise NoDerivation(f"{entry.id} states no formula")
    (first, note), last = pairs[0], pairs[-1][0]
    if first.id == entry.id:
        return first, note.corrected
    return (first.with_(id=entry.id, rhs=last.rhs, source=entry.source),  # a = b = c: a vs c
            entry.corrected)


def derivation(target: str, entry: Any = None, check: bool = True) -> Derivation:
    """The claim named ``target`` with its checked derivation steps; :class:`NoDerivation`
    when it is not a derivative formula. ``entry``: the entry or claim ``target`` names, if
    the caller has it (see :func:`_claim`). ``check=False`` leaves every step's ``holds``
    unset, for a caller that checks the steps itself (:func:`check_steps`)."""
    claim, corrected = _claim(target, entry)
    if not any(isinstance(t, (ob.Deriv, ob.ScalarDeriv))
               for t in ob.sp.preorder_traversal(claim.lhs)):
        raise NoDerivation(f"{claim.id} is not a derivative formula; no derivation to show")
    return Derivation(claim, derive_steps(claim.lhs, claim.rhs, check=check), corrected)


def check_steps(derivations: list[Derivation], jobs: int = 1,
                render: Callable[[Any], str] | None = None) -> list[list[str]]:
    """Check the steps of unchecked ``derivations`` (each step's ``holds``, as
    :func:`symbolic.derivation.derive_steps` sets it), in ``jobs`` forked worker processes.
    The steps of all derivations are one list of independent identities, cut into runs of
    consecutive steps (two consecutive steps share an expression, whose normal form is
    computed once per run), so that one long derivation does not hold up the others.
    ``render``: applied to each step's expression in the same workers (the LaTeX report
    prints them); returns, per derivation, the rendered steps after the first (``[]``
    without ``render``).

    >>> d = derivation("closeness:extra-grad-a-exp", check=False)
    >>> check_steps([d]); d.follows
    [[]]
    True
    """
    from proofs.executors import LocalExecutor
    from symbolic.derivation import generic_identity

    pairs = [(k, prev, st) for k, d in enumerate(derivations)
             for prev, st in zip(d.steps, d.steps[1:])]
    runs = 4 * jobs if jobs > 1 else 1  # several runs per worker: they balance
    size = max(1, -(-len(pairs) // runs))
    chunks = [pairs[k : k + size] for k in range(0, len(pairs), size)]

    def run(chunk: list) -> list:
        return [(generic_identity(prev.expr, st.expr), render(st.expr) if render else "")
                for _, prev, st in chunk]

    done = LocalExecutor(jobs).map(run, chunks) if jobs > 1 else [run(c) for c in chunks]
    shown: list[list[str]] = [[] for _ in derivations]
    for chunk, results in zip(chunks, done):
        for (k, _, st), (holds, text) in zip(chunk, results):
            st.holds = holds
            if render:
                shown[k].append(text)
    return shown
