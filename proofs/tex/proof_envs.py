r"""A paper's proofs and the statements they prove.

A ``proof`` environment proves the statement its optional title names (``\begin{proof}[Proof
of Lemma~\ref{lem:a}]``, or "Proof of Theorem 3" by the number the paper prints), else the
statement it is written inside (its sentences are then not the statement's), else the
theorem-like environment right before it: nothing but a few words between them, no other
theorem-like environment and no new section. A proof that names no statement and follows none
is not attached (and so not read).

Example:
    >>> from proofs.tex.theorems import environments
    >>> tex = (r"\begin{lemma}\label{l:a}$x \le 1$\end{lemma}" "\n"
    ...        r"\begin{proof}Clear.\end{proof}" "\n"
    ...        r"\begin{theorem}$y \le 2$\end{theorem}" "\n"
    ...        r"\begin{proof}[Proof of Lemma~\ref{l:a}]Again.\end{proof}")
    >>> envs = environments(tex)
    >>> [(p.body, envs[p.of].name, p.how) for p in attach(tex, envs)]
    [('Clear.', 'Lemma 1', 'after it'), ('Again.', 'Lemma 1', 'its title names it')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from proofs.tex.source import REF
from proofs.tex.theorems import STATEMENT_KINDS, Environment, optional

#: most words a proof may stand after its statement and still be its proof
_GAP = 400
_BEGIN = re.compile(r"\\begin\s*\{proof\*?\}")
_TOKEN = re.compile(r"\\(begin|end)\s*\{proof\*?\}")


@dataclass
class ProofEnv:
    """One ``proof`` environment: its title, body, place, and the statement it proves
    (``of``: an index into the environments; None when it proves none that is found)."""

    title: str
    body: str
    line: int
    body_line: int
    start: int
    body_start: int
    end: int
    of: int | None = None
    how: str = ""


def proof_environments(tex: str) -> list[ProofEnv]:
    """Every ``proof`` environment of ``tex`` (not nested), in order."""
    out: list[ProofEnv] = []
    pos = 0
    while (m := _BEGIN.search(tex, pos)) is not None:
        title, at = optional(tex, m.end())
        depth, scan = 1, at
        while depth and (t := _TOKEN.search(tex, scan)) is not None:
            depth += 1 if t.group(1) == "begin" else -1
            scan = t.end()
            if depth == 0:
                end_at = t.start()
        if depth:
            break
        out.append(ProofEnv(title.strip(), tex[at:end_at], tex.count("\n", 0, m.start()) + 1,
                            tex.count("\n", 0, at) + 1, m.start(), at, scan))
        pos = scan
    return out


def _end(tex: str, env: Environment) -> int:
    m = re.compile(r"\\end\s*\{" + re.escape(env.env) + r"\}").search(
        tex, env.body_start + len(env.body))
    return m.end() if m else env.body_start + len(env.body)


def _named(title: str, envs: list[Environment]) -> int | None:
    """The statement a proof's title names: by ``\\ref`` to its label, else by the name the
    paper prints ("Proof of Theorem 3")."""
    for label in REF.findall(title):
        for k, e in enumerate(envs):
            if e.label and e.label == label.strip():
                return k
    m = re.search(r"\bof\s+(?:the\s+)?([A-Z][a-z]+)\s*~?\s*([A-Z]?[\d.]+[a-z]?)", title)
    if m:
        for k, e in enumerate(envs):
            if e.printed.lower() == m.group(1).lower() and e.number == m.group(2).rstrip("."):
                return k
    return None


def attach(tex: str, envs: list[Environment]) -> list[ProofEnv]:
    """The proofs of ``tex`` with the statement each proves (see the module docstring)."""
    proofs = proof_environments(tex)
    ends = [_end(tex, e) for e in envs]
    for p in proofs:
        if p.title:
            k = _named(p.title, envs)
            if k is not None and envs[k].kind in STATEMENT_KINDS:
                p.of, p.how = k, "its title names it"
                continue
            if re.search(r"\\(?:c|C|auto|name)?ref|\bof\b", p.title):
                continue  # it names a statement that is not found: not guessed
        inside = [k for k, e in enumerate(envs) if e.body_start <= p.start < ends[k]]
        if inside and envs[inside[-1]].kind in STATEMENT_KINDS:  # written inside the lemma
            p.of, p.how = inside[-1], "inside it"
            continue
        before = [k for k, e in enumerate(envs) if ends[k] <= p.start]
        if not before:
            continue
        k = before[-1]
        gap = tex[ends[k]:p.start]
        if envs[k].kind in STATEMENT_KINDS and len(gap.strip()) <= _GAP and not re.search(
                r"\\(?:chapter|section|subsection|begin\s*\{proof)", gap):
            p.of, p.how = k, "after it"
    return proofs


__all__ = ["ProofEnv", "attach", "proof_environments"]
