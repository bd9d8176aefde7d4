"""``proofcheck derive``: text, LaTeX (compiled with pdflatex when present), usage errors."""

import shutil
import subprocess

import pytest

from proofs.cli import main
from proofs.cli.commands.derive import standalone


def test_derive_part_4_follows(capsys):
    assert main(["derive", "closeness:lemma-4.5:part-4"]) == 0
    out = capsys.readouterr().out
    assert "product rule" in out and "NOT SHOWN" not in out
    assert out.strip().endswith("the stated closed form follows")


def test_derive_part_5_flags_printed_form_and_shows_correction(capsys):
    assert main(["derive", "closeness:lemma-4.5:part-5"]) == 0
    out = capsys.readouterr().out
    assert out.count("NOT SHOWN") == 1
    assert ("corrected: ∂(L_{exp}(x))/∂x_{i} = A_{*,i}ᵀ (diag(f(x)) c(x) - ⟨c(x), f(x)⟩ f(x))"
            in out)


def test_unknown_id_is_a_usage_error_with_suggestions(capsys):
    assert main(["derive", "closeness:lemma-4.5:part-9"]) == 2
    err = capsys.readouterr().err
    assert "closeness:lemma-4.5:part-5" in err and err.count("\n") == 1


def test_non_derivative_is_a_usage_error(capsys):
    assert main(["derive", "closeness:definition-4.1"]) == 2
    assert "not a derivative formula" in capsys.readouterr().err


def test_latex_block_compiles(capsys, tmp_path):
    assert main(["derive", "closeness:lemma-4.5:part-5", "--latex"]) == 0
    block = capsys.readouterr().out
    assert block.lstrip().startswith("%") and r"\begin{align*}" in block
    assert r"\overset{?}{=}" in block
    if shutil.which("pdflatex") is None:
        pytest.skip("pdflatex not installed")
    (tmp_path / "d.tex").write_text(standalone(block))
    r = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "d.tex"],
                       cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout[-2000:]
    assert (tmp_path / "d.pdf").stat().st_size > 1000
