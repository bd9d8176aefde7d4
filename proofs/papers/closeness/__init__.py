"""``closeness``: Li, Song, Xia, Yu, Zhou, *The Closeness of In-Context Learning and Weight
Shifting for Softmax Regression*, arXiv 2304.13276.

Entries live in one module per section (``section3.py``, ...), each defining ``ENTRIES``; they
are collected here in the paper's order.
"""

import importlib

import mpmath

from proofs.model import Paper, Remark, Restatement, Wording
from proofs.papers.closeness.mirror import mirror_of

#: root causes entries name explicitly (``cause=``), for the errata
CAUSES = {
    "lemma-3.3-beta": {
        "title": "Lemma 3.3: β ≥ exp(−R²) is concluded for any lower bound β; Theorems 8.1/8.2 "
                 "use it in step 2",
        "summary": "Read as printed (β any lower bound of ⟨exp(Ax), 𝟏ₙ⟩), Lemma 3.3 is false and "
                   "so is step 2 of Theorems 8.1 and 8.2 (β⁻² ≤ exp(2R²) fails for "
                   "β < exp(−R²)). Read with β := exp(−R²), the bound the proof constructs, the "
                   "lemma is ⟨exp(Ax), 𝟏ₙ⟩ ≥ exp(−R²) (proved) and step 2 is an equality; the "
                   "theorems then need ‖x‖₂ ≤ R at both points (a separate cause).",
        "corrected": "⟨exp(Ax), 𝟏ₙ⟩ ≥ exp(−R²) under ‖A‖ ≤ R, ‖x‖₂ ≤ R; in Theorems 8.1/8.2 "
                     "let β := exp(−R²)",
    },
}

#: misleading prose, as printed (seed text of arXiv 2304.13276)
WORDING = [
    Wording("closeness:theorem-8.2", "Theorem 8.2, proof",
            "where the 1st step follows from Lemma 5.5",
            "where the 1st step follows from Lemma 7.5",
            "Lemma 5.5 bounds the shift in x; Theorem 8.2 shifts A, which Lemma 7.5 covers"),
    Wording("closeness:theorem-8.2", "Theorem 8.2, statement",
            "If we move the x_t to x_{t+1}", "If we move the A_t to A_{t+1}",
            "Theorem 8.2 is the shift in A (Theorem 1.4, Part 2 says 'move the A_t to A_{t+1}')"),
    Wording("closeness:lemma-3.3", "Section 3.3, heading", "3.3 Lower bound on β",
            "3.3 Lower bound on ⟨exp(Ax), 𝟏ₙ⟩",
            "the section bounds α(x) = ⟨exp(Ax), 𝟏ₙ⟩ from below (β is the bound, not the "
            "bounded quantity), as Section 3's overview says"),
    Wording("closeness:fact-3.1", "Section 3.1, notation",
            "ℝ_{>0} represents non-negative real numbers",
            "ℝ_{>0} represents positive real numbers",
            "ℝ_{>0} excludes 0, so its elements are positive; the non-negative reals are "
            "ℝ_{≥0}"),
    Wording("closeness:definition-4.4", "Definition 4.4", "c : ℝ^d ∈ ℝ^n", "c : ℝ^d → ℝ^n",
            "a function's type is written with an arrow; ∈ reads as membership"),
    Wording("closeness:definition-6.4", "Definition 6.4", "c : ℝ^{n×d} ∈ ℝ^n",
            "c : ℝ^{n×d} → ℝ^n", "a function's type is written with an arrow"),
]

#: M = n^1.5 exp(10 R^2) at its smallest (n = 1, R = 4), and the shift below which the bound of
#: Theorems 8.1/8.2 says more than ‖b̃ − b‖₂ ≤ √2 (true of any two probability vectors)
M_MIN = mpmath.e ** 160
SHIFT = mpmath.sqrt(2) / M_MIN
REMARKS = [
    Remark(f"closeness:theorem-{k}", f"Theorem {k}",
           f"‖b̃ − b‖₂ ≤ M {shift}, M := n^1.5 exp(10R²), R ≥ 4",
           "‖b̃ − b‖₂ = ‖f(new) − f(old)‖₂ ≤ √2 for any two probability vectors, while "
           f"M ≥ e^160 ≈ {mpmath.nstr(M_MIN, 6)} (n = 1, R = 4): the bound says something only "
           f"when {shift} < √2/M ≤ {mpmath.nstr(SHIFT, 6)}. Softmax is ½-Lipschitz, so "
           f"‖b̃ − b‖₂ ≤ (R/2) {shift}{extra} holds",
           sharp=sharp, corrected=f"‖b̃ − b‖₂ ≤ (R/2) {shift}{extra}")
    for k, shift, extra, sharp in (
        ("8.1", "‖x_{t+1} − x_t‖₂", "", "closeness:extra-lemma-5.5-part-3-sharp"),
        ("8.2", "‖A_{t+1} − A_t‖", " (with ‖x‖₂ ≤ R)", "closeness:extra-lemma-7.5-part-3-sharp"))
]

SECTIONS = ["section1", "section3", "section4", "section5", "section6", "section7", "section8"]


def _entries() -> list:
    out = []
    for name in SECTIONS:  # a missing or broken section is an error, never skipped
        out += importlib.import_module(f"{__name__}.{name}").ENTRIES
    return out


def _restatements() -> list[Restatement]:
    """Lemma 7.5 is printed as "Reparameterized x by A in Lemma 5.5": the same constants, the
    shift ‖x_{t+1} − x_t‖₂ replaced by ‖A_{t+1} − A_t‖."""
    s5 = importlib.import_module(f"{__name__}.section5")
    s7 = importlib.import_module(f"{__name__}.section7")
    return [Restatement("closeness:lemma-7.5", "closeness:lemma-5.5", s7.DA, s5.DX)]


PAPER = Paper(
    key="closeness",
    title="The Closeness of In-Context Learning and Weight Shifting for Softmax Regression",
    citation="Li, Song, Xia, Yu, Zhou, arXiv 2304.13276",
    entries=_entries(),
    causes=CAUSES,
    mirror=mirror_of,
    wording=WORDING,
    remarks=REMARKS,
    restatements=_restatements(),
)
