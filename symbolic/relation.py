"""Relations between two sides of a claim, and how they compose along a chain.

Example:
    >>> from symbolic.relation import Relation
    >>> Relation.LE.then(Relation.LT)
    <Relation.LT: '<'>
    >>> Relation.EQ.then(Relation.GE)
    <Relation.GE: '>='>
    >>> Relation.LE.then(Relation.GE) is None
    True
"""

from __future__ import annotations

from enum import Enum


class Relation(Enum):
    """``lhs REL rhs``. ``PSD_LE`` is the Loewner order ``lhs ⪯ rhs``."""

    EQ = "="
    LE = "<="
    LT = "<"
    GE = ">="
    GT = ">"
    PSD_LE = "⪯"

    @classmethod
    def parse(cls, text: str) -> Relation:
        """Relation from its text: ``"<="``, ``"≤"``, ``"=="``, ...

        >>> Relation.parse("≤")
        <Relation.LE: '<='>
        >>> Relation.parse("=>")
        Traceback (most recent call last):
        ...
        ValueError: unknown relation '=>': write '>=' (=> reads as an implication)
        """
        aliases = {"==": "=", "≤": "<=", "≥": ">=", "<<=": "⪯", "⪯": "⪯"}
        raw = text.strip()
        if raw in ("=>", "=<"):
            good = ">=" if raw == "=>" else "<="
            raise ValueError(f"unknown relation {raw!r}: write {good!r} (=> reads as an "
                             "implication)" if raw == "=>" else
                             f"unknown relation {raw!r}: write {good!r}")
        if raw in ("!=", "≠"):
            raise ValueError("!= is not a relation between the sides of a Prop's form; "
                             "Prop(a, '!=', b) and Claim(...) accept it (as |a - b| > 0)")
        text = aliases.get(raw, raw)
        for r in cls:
            if r.value == text:
                return r
        raise ValueError(f"unknown relation {text!r}; use one of = <= < >= > != ⪯")

    @property
    def direction(self) -> int:
        """-1 for ``<``/``<=``/``⪯``, +1 for ``>``/``>=``, 0 for ``=``."""
        return {"=": 0, "<=": -1, "<": -1, "⪯": -1, ">=": 1, ">": 1}[self.value]

    @property
    def strict(self) -> bool:
        """Whether the relation is strict."""
        return self in (Relation.LT, Relation.GT)

    @property
    def latex(self) -> str:
        """LaTeX symbol."""
        return {"=": "=", "<=": r"\le", "<": "<", ">=": r"\ge", ">": ">", "⪯": r"\preceq"}[
            self.value
        ]

    def then(self, other: Relation) -> Relation | None:
        """The relation of ``a self b other c`` between ``a`` and ``c`` (None: no conclusion)."""
        if Relation.PSD_LE in (self, other):
            if Relation.GE in (self, other) or Relation.GT in (self, other):
                return None
            if Relation.LT in (self, other):
                return None
            return Relation.PSD_LE
        if self is Relation.EQ:
            return other
        if other is Relation.EQ:
            return self
        if self.direction != other.direction:
            return None
        strict = self.strict or other.strict
        if self.direction < 0:
            return Relation.LT if strict else Relation.LE
        return Relation.GT if strict else Relation.GE

    def implies(self, other: Relation) -> bool:
        """Whether ``a self b`` implies ``a other b`` (e.g. ``<`` implies ``<=``)."""
        if self is other:
            return True
        pairs = {
            (Relation.LT, Relation.LE),
            (Relation.GT, Relation.GE),
            (Relation.EQ, Relation.LE),
            (Relation.EQ, Relation.GE),
        }
        return (self, other) in pairs
