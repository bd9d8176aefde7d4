"""What a project records about a claim beyond its mathematics.

A :class:`~symbolic.Claim` holds mathematics only (id, sides, relation, hypotheses, dimensions,
source). The bookkeeping an encoding writes on its entries (the verdict it pins, the errata
kind, a corrected form, how it reads the source, the paper's justification and citations, a
one-line description) travels beside the claim as an :class:`Annotation`: entries
(:meth:`proofs.model.Lemma.annotated`) pair each claim with one, and a
:class:`~proofs.model.results.Result` carries it to the reports.

Example:
    >>> from symbolic import Claim, scalar
    >>> x = scalar("x")
    >>> c = Claim("mine:wrong", x, "<=", 1)
    >>> a = Annotation(expect="refuted", finding="false-statement")
    >>> a.expect, Annotation().expect
    ('refuted', None)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

#: the verdicts an encoding may pin
EXPECTS = (None, "proved", "supported", "refuted")


@dataclass(frozen=True)
class Annotation:
    """The bookkeeping of one claim.

    Attributes:
        expect: the verdict the project has pinned (``None``: expected to hold).
        finding: the errata kind if the check refutes it (``formula-mismatch``, ...).
        corrected: a corrected statement where the printed one is wrong (a ``Prop`` or text).
        note: how the encoding reads the source (garbled extraction, conventions).
        justification: the paper's reason for a proof step ("by Fact 3.1").
        cites: ids of the facts and lemmas the justification uses.
        description: a one-line summary for listings.
        kind: the kind a result reports when it is not the id's (``implication`` for what a
            proof chain owes its statement, ``hypothesis-flow``).
        left: what reading the claim from a source (``proofcheck check paper.tex``) left
            unread; a claim with anything left is read incompletely, and a refutation of it
            is a candidate for its authors to look at, never a finding.
    """

    expect: str | None = None
    finding: str | None = None
    corrected: Any = None
    note: str = ""
    justification: str = ""
    cites: tuple[str, ...] = ()
    description: str = ""
    kind: str | None = None
    left: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.expect not in EXPECTS:
            raise ValueError(f"expect={self.expect!r}: expected one of "
                             f"{', '.join(str(e) for e in EXPECTS[1:])} (or None)")
        object.__setattr__(self, "cites", tuple(self.cites))
        object.__setattr__(self, "left", tuple(self.left))

    def with_(self, **changes: Any) -> Annotation:
        """A copy with fields replaced.

        >>> Annotation(expect="refuted").with_(expect=None).expect is None
        True
        """
        return replace(self, **changes)


#: the annotation of a claim nobody annotated: expected to hold, nothing else recorded
PLAIN = Annotation()
