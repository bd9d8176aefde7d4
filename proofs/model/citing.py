"""What a proof step may assume from the statements it cites.

A step that cites a lemma of its paper (``Link.cites``) may use the lemma's statement,
instantiated as the step uses it (``Link.bind``), as a premise: the runner proves the step from
it (:mod:`proofs.runner`) and keeps that proof only when the cited lemma is itself proved in the
same run, by a proof that does not rest on the step (the proved set grows from the proofs
that need no premise, so a cycle of citations never proves anything).

A cited statement is a premise only where it applies: its hypotheses, instantiated, are among
the step's own, and it speaks of nothing the step does not name.

Example:
    >>> from symbolic import Prop, scalar
    >>> from proofs.model import Chain, Lemma, Link
    >>> t = scalar("t")
    >>> tool = Lemma("toy:lemma-1", "tool", Prop(t, "<=", 1), hypotheses=(Prop(t, "<=", 0),))
    >>> user = Lemma("toy:lemma-2", "user", Prop(2 * t, "<=", 2), hypotheses=(Prop(t, "<=", 0),),
    ...              proof=Chain(2 * t, [Link("<=", 2, "Lemma 1", cites=("toy:lemma-1",))]))
    >>> step = user.link_claims()[0]
    >>> [(cid, str(p)) for cid, p in premises(step, user.steps()[0][2], {tool.id: tool})]
    [('toy:lemma-1', 't <= 1')]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from proofs.model.lemma import Lemma
from symbolic.claim import Claim
from symbolic.objects import NamedMatrix, NamedScalar
from symbolic.prop import Prop


def instantiate(h: Prop, bind: dict[str, Any]) -> Prop:
    """``h`` with the cited entry's symbols bound as the step uses it; a named definition
    whose body changes is shown by its body (``α(x)`` at ``x = x_t`` is not ``α(x)``)."""
    if not bind:
        return h
    subs = {s: bind[str(s)] for s in h.symbols if str(s) in bind}

    def inst(e: Any) -> Any:
        e = e.replace(lambda x: isinstance(x, (NamedScalar, NamedMatrix))
                      and _has(x.args[1], subs), lambda x: x.args[1])
        return e.xreplace(subs)

    return Prop(inst(h.lhs), h.rel, inst(h.rhs))


def _has(e: Any, subs: dict) -> bool:
    return any(e.has(k) for k in subs)


def bindings(link: Any, cited: str) -> list[dict[str, Any]]:
    """How the step ``link`` binds the cited id's symbols: one dict per use of it."""
    b = link.bind.get(cited, {})
    return list(b) if isinstance(b, (list, tuple)) else [b]


def premises(step: Claim, link: Any, entries: Mapping[str, Lemma]) -> list[tuple[str, Prop]]:
    """``(cited id, statement)`` for every statement the step ``link`` cites among
    ``entries`` (by id) that applies to it as a premise (see the module docstring). A cited
    entry read incompletely, without a statement, or the step's own, gives none."""
    own = step.id.split(":step-")[0]
    mine = {str(h) for h in step.hypotheses}
    names = {str(s) for s in step.symbols}
    out: list[tuple[str, Prop]] = []
    for cid in link.cites:
        entry = entries.get(cid)
        if entry is None or cid == own or entry.left or not isinstance(entry.statement, Prop) \
                or entry.expect == "refuted":
            continue
        cited = entry.statement_claim()
        if cited is None:
            continue
        for bind in bindings(link, cid):
            hyps = [instantiate(h, bind) for h in cited.hypotheses]
            prop = instantiate(cited.prop, bind)
            if all(str(h) in mine for h in hyps) and {str(s) for s in prop.symbols} <= names:
                out.append((cid, prop))
    return out
