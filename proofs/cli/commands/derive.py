"""``proofcheck derive ID [--latex]``: the chain-rule derivation behind a derivative formula.

The derivative on the left is rewritten one rule at a time (definitions, linearity, product
rule, chain rule, ``d(Ax)/dx_i = A_{*,i}``); the last step compares with the closed form the
entry states. Every step is checked by the dimension-generic engine
(:func:`symbolic.derivation.generic_identity`): ``ok`` means proved for all ``n, d``.

Example:
    >>> from proofs.cli import main
    >>> main(["derive", "closeness:lemma-4.5:part-2"]) == 0  # doctest: +ELLIPSIS
    closeness:lemma-4.5:part-2 ...
    True
"""

from __future__ import annotations

import argparse
from typing import Any

from symbolic import objects as ob
from symbolic.claim import Claim
from symbolic.derivation import Step, derive_steps, text
from symbolic.latex import escape_text, latex

NAME = "derive"
HELP = "the symbolic derivation behind a formula"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("id")
    p.add_argument("--latex", action="store_true", help="a LaTeX align* block")


def _claim(target: str) -> Claim:
    from proofs import registry
    from proofs.cli.common import UsageError, unknown

    try:
        found = registry.resolve(target)
    except registry.UnknownTarget:
        raise unknown("id", target) from None
    entry = next((e for e in found if e.id == target.strip().lower()), found[0])
    if isinstance(entry, Claim):
        return entry
    claims = entry.claims()
    if not claims:
        raise UsageError(f"{entry.id} states no formula")
    first, last = claims[0], claims[-1]
    if first.id == entry.id:
        return first
    return first.with_(id=entry.id, rhs=last.rhs, source=entry.source)  # a = b = c: a vs c


def derivation(target: str) -> tuple[Claim, list[Step]]:
    """The claim named ``target`` and its checked derivation steps."""
    from proofs.cli.common import UsageError

    claim = _claim(target)
    if not any(isinstance(t, (ob.Deriv, ob.ScalarDeriv))
               for t in ob.sp.preorder_traversal(claim.lhs)):
        raise UsageError(f"{claim.id} is not a derivative formula; no derivation to show")
    return claim, derive_steps(claim.lhs, claim.rhs)


def _mark(st: Step) -> str:
    return "ok" if st.holds else "NOT SHOWN"


def as_text(claim: Claim, steps: list[Step]) -> str:
    """Plain-text derivation, one step a line."""
    lines = [f"{claim.id} ({claim.source})", f"    {text(steps[0].expr)}"]
    for st in steps[1:]:
        lines.append(f"  = {text(st.expr)}")
        lines.append(f"      [{st.rule}; {_mark(st)}]")
    lines += _verdict(claim, steps)
    return "\n".join(lines)


def _verdict(claim: Claim, steps: list[Step]) -> list[str]:
    if all(st.holds for st in steps[1:]):
        return ["every step is proved for all n, d; the stated closed form follows"]
    out = ["the stated closed form does NOT follow from the derivation "
           "(run 'proofcheck check " + claim.id + "' for a confirmed witness)"]
    if claim.corrected is not None:
        out.append(f"corrected: {claim.corrected}")
    return out


def as_latex(claim: Claim, steps: list[Step]) -> str:
    """An ``align*`` block (amsmath); the last line is marked when it does not follow."""
    lines = [rf"% {claim.id} ({claim.source})", r"\begin{align*}"]
    first = latex(steps[0].expr)
    for k, st in enumerate(steps[1:]):
        rel = "&=" if st.holds else r"&\overset{?}{=}"
        rule = st.rule.replace("α", "alpha").replace("∘", "o")
        note = escape_text(rule) + ("" if st.holds else "; does not follow")
        lhs = first if k == 0 else ""
        end = r" \\" if k < len(steps) - 2 else ""
        lines.append(rf"{lhs} {rel} {latex(st.expr)} && \text{{{note}}}{end}")
    lines.append(r"\end{align*}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    claim, steps = derivation(args.id)
    print(as_latex(claim, steps) if args.latex else as_text(claim, steps))
    return 0


def standalone(block: str) -> str:
    """A minimal LaTeX document around a derivation block (for pdflatex).

    >>> "\\\\begin{document}" in standalone("x")
    True
    """
    return ("\\documentclass{article}\n\\usepackage{amsmath,amssymb}\n"
            "\\usepackage[landscape,margin=1cm]{geometry}\n\\begin{document}\n\\tiny\n"
            + block + "\n\\end{document}\n")


__all__: list[Any] = ["as_latex", "as_text", "derivation", "standalone"]
