"""A paper's LaTeX as TeX and a referee read it: :mod:`proofs.tex.source` (the root and the
files it inputs, as one text with each position's file and line), :mod:`proofs.tex.macros`
(the paper's macros, expanded keeping every line), :mod:`proofs.tex.theorems` (theorem-like
environments, declared and numbered as the paper says), :mod:`proofs.tex.sentences` (each
formula's role from the prose before it, and what a reading leaves),
:mod:`proofs.tex.bindings` (names and functions the paper defines) and
:mod:`proofs.tex.paper` (a source read into the entries ``proofcheck check paper.tex``
runs). Pure functions of text and files, but for :mod:`proofs.tex.paper`, which builds
claims."""
