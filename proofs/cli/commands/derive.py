"""``proofcheck derive ID [--latex]``: the chain-rule derivation behind a derivative formula.

The derivation itself is :mod:`proofs.tools.derivations`; each step printed ``ok`` is proved
for all ``n, d``.

Example:
    >>> from proofs.cli import main
    >>> main(["derive", "closeness:lemma-4.5:part-2"]) == 0  # doctest: +ELLIPSIS
    closeness:lemma-4.5:part-2 ...
    True
"""

from __future__ import annotations

import argparse
from typing import Any

from proofs.tools.derivations import Derivation, NoDerivation
from proofs.tools.derivations import derivation as derive
from symbolic.derivation import Step, text
from symbolic.formatting import expression
from symbolic.latex import escape_text, latex

NAME = "derive"
HELP = "the symbolic derivation behind a formula"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("id")
    p.add_argument("--latex", action="store_true", help="a LaTeX align* block")


def derivation(target: str) -> Derivation:
    """The derivation of ``target`` (:func:`proofs.tools.derivations.derivation`), with an
    unknown id or a formula without derivative as a usage error."""
    from proofs import registry
    from proofs.cli.common import UsageError, unknown

    try:
        return derive(target)
    except registry.UnknownTarget:
        raise unknown("id", target) from None
    except NoDerivation as exc:
        raise UsageError(str(exc)) from None


def _mark(st: Step) -> str:
    return "ok" if st.holds else "NOT SHOWN"


def as_text(d: Derivation) -> str:
    """Plain-text derivation, one step a line."""
    claim, steps = d.claim, d.steps
    lines = [f"{claim.id} ({claim.source})", f"    {text(steps[0].expr)}"]
    for st in steps[1:]:
        lines.append(f"  = {text(st.expr)}")
        lines.append(f"      [{st.rule}; {_mark(st)}]")
    lines += _verdict(d)
    return "\n".join(lines)


def _verdict(d: Derivation) -> list[str]:
    if d.follows:
        return ["every step is proved for all n, d; the stated closed form follows"]
    out = ["the stated closed form does NOT follow from the derivation "
           "(run 'proofcheck check " + d.claim.id + "' for a confirmed witness)"]
    if d.corrected is not None:
        out.append(f"corrected: {expression(d.corrected)}")
    return out


def as_latex(d: Derivation) -> str:
    """An ``align*`` block (amsmath); the last line is marked when it does not follow."""
    claim, steps = d.claim, d.steps
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
    d = derivation(args.id)
    print(as_latex(d) if args.latex else as_text(d))
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
