"""A paper's LaTeX as TeX reads it: :mod:`proofs.tex.source` (the root and the files it
inputs, as one text with each position's file and line), :mod:`proofs.tex.macros` (the
paper's macros, expanded keeping every line), and the readers built on them in this
package. Pure functions of text and files."""
