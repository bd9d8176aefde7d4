r"""A paper nobody encoded, from its LaTeX source: ``proofcheck check paper.tex``.

:func:`read_paper` loads the source as its authors keep it (a document root with its
``\input`` tree, or a directory: :mod:`proofs.tex.source`), expands the paper's macros
(:mod:`proofs.tex.macros`), reads every theorem-like environment
(:func:`proofs.tools.extract.extract`) and gives the statements read as entries of a
:class:`~proofs.model.Paper`: each statement's claim, with what its reading left
(``Lemma.left``: a statement read incompletely is checked, and a refutation of it is a
candidate for its authors, never a finding).

Example:
    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> _ = open(os.path.join(folder, "main.tex"), "w").write(
    ...     "\\documentclass{article}\\newcommand{\\sq}[1]{#1^2}\\begin{document}\n"
    ...     "\\input{lemmas}\n\\end{document}\n")
    >>> _ = open(os.path.join(folder, "lemmas.tex"), "w").write(
    ...     "\\begin{lemma}For all real $x$, $\\sq{x} \\ge 0$.\\end{lemma}\n")
    >>> p = read_paper(os.path.join(folder, "main.tex"))
    >>> [(e.id, str(e.statement), e.source, e.left) for e in p.entries()]
    [('main:lemma-1', 'x**2 >= 0', 'Lemma 1, lemmas.tex:1', ())]
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from proofs.model import Lemma, Paper
from proofs.tex.macros import expand_document
from proofs.tex.source import Document, SourceError, host, load
from proofs.tools.extract import Extraction, extract
from proofs.tools.extract_proofs import entry, read_proofs


@dataclass
class TexPaper:
    """A paper read from its source: its key, document and extraction."""

    key: str
    document: Document
    extraction: Extraction
    #: the document whose preamble gave the macros of a fragment (no ``\documentclass``)
    host: str | None = None

    def entries(self) -> list[Lemma]:
        """The statements read, as entries (in the paper's order)."""
        return [entry(r) for r in self.extraction.read]

    def paper(self) -> Paper:
        """The paper as the review takes it (``errata paper.tex``)."""
        return Paper(self.key, self.title, self.document.root, self.entries())

    def warnings(self) -> list[str]:
        """What a user should know before trusting the reading: inputs that are missing."""
        out = [f"{where}: input {name} not found: what it defines is not read"
               for name, where in self.document.missing]
        if self.host:
            root = self.document.root
            home = os.path.relpath(self.host, os.path.dirname(root))
            out.append(f"{os.path.basename(root)} has no \\documentclass: its macros are "
                       f"those of {home}, the document it belongs to")
        return out

    @property
    def title(self) -> str:
        m = re.search(r"\\title\s*(?:\[[^\]]*\])?\s*\{((?:[^{}]|\{[^{}]*\})*)\}",
                      self.document.text)
        text = re.sub(r"\\[A-Za-z]+|[{}]", " ", m.group(1)) if m else ""
        return re.sub(r"\s+", " ", text).strip() or os.path.basename(self.document.root)


def paper_key(path: str) -> str:
    """The ids' prefix of a source: its file (or directory) name, lower case, with dashes.

    >>> paper_key("papers/My_Paper v2.tex"), paper_key("drafts/icl/")
    ('my-paper-v2', 'icl')
    """
    name = os.path.basename(os.path.normpath(path))
    key = re.sub(r"[^a-z0-9]+", "-", os.path.splitext(name)[0].lower()).strip("-")
    return key or "paper"


def read_paper(path: str, key: str | None = None, ids: str = "label") -> TexPaper:
    """Read the paper at ``path`` (a ``.tex`` root or a directory). Raises
    :class:`~proofs.tex.source.SourceError` (one line) for a source it cannot load. A
    source read again unchanged (same files, same times) is not read twice."""
    doc = load(path)
    stamp = (doc.root, key or paper_key(path), ids,
             tuple(_stamp(os.path.join(os.path.dirname(doc.root), f)) for f in doc.files))
    if stamp not in _READ:
        if len(_READ) >= 8:
            _READ.pop(next(iter(_READ)))
        text, home = _expanded(doc)
        ex = extract(text, doc.root, stamp[1], ids, locate=doc.where_line)
        read_proofs(ex, doc.where_line, doc.root)
        _READ[stamp] = TexPaper(stamp[1], doc, ex, home)
    return _READ[stamp]


def _expanded(doc: Document) -> tuple[str, str | None]:
    """The document's text with its macros expanded, and the document whose preamble defined
    them when ``doc`` is a fragment (:func:`~proofs.tex.source.host`; its lines kept)."""
    home = host(doc.root)
    if home is not None:
        try:
            preamble = load(home)
        except SourceError:
            home = None
    if home is None:
        return expand_document(doc.text), None
    pre = preamble.text[:preamble.preamble_end()]
    k = pre.count("\n") + 1
    return expand_document(pre + "\n" + doc.text).split("\n", k)[k], home


#: the papers read in this process, by root, key, ids and the files' times (at most 8)
_READ: dict[tuple, TexPaper] = {}


def _stamp(path: str) -> tuple[str, float]:
    try:
        return path, os.path.getmtime(path)
    except OSError:
        return path, 0.0


def is_source(target: str) -> bool:
    """Whether a command-line target names a LaTeX source (a ``.tex`` file or a directory
    holding one)."""
    return target.lower().endswith(".tex") or os.path.isdir(target)


__all__ = ["SourceError", "TexPaper", "is_source", "paper_key", "read_paper"]
