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


def _claim(target: str) -> tuple[Claim, Any]:
    """The claim ``target`` names (a chain ``a = b = c`` read as ``a = c``) and its entry's
    corrected form. An unknown id raises :class:`proofs.registry.UnknownTarget`."""
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


def derivation(target: str) -> Derivation:
    """The claim named ``target`` with its checked derivation steps; :class:`NoDerivation`
    when it is not a derivative formula."""
    claim, corrected = _claim(target)
    if not any(isinstance(t, (ob.Deriv, ob.ScalarDeriv))
               for t in ob.sp.preorder_traversal(claim.lhs)):
        raise NoDerivation(f"{claim.id} is not a derivative formula; no derivation to show")
    return Derivation(claim, derive_steps(claim.lhs, claim.rhs), corrected)
