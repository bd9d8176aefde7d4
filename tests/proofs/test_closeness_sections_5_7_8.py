"""closeness Sections 1 (Theorem 1.4), 5, 7, 8: encoding, pinned verdicts, errata witnesses.

``closeness_s1578_verdicts.json`` pins the status of every claim of these sections (default
budget, seed 0, as ``proofcheck check closeness`` gives them) and ``closeness_s1578_errata.json``
every errata entry; regenerate both with ``python tests/proofs/test_closeness_sections_5_7_8.py``
after an intended change. Re-checks at the quick budget cover the claims it decides the same way.
"""

from __future__ import annotations

import json
import pathlib
import sys

import pytest

from numeric.search.confirm import confirm_json
from proofs.papers.closeness import PAPER, section1, section5, section7, section8
from proofs.papers.closeness.constants import constant_gaps
from proofs.reports import errata
from proofs.review.causes import causes
from proofs.review.model import Finding
from proofs.runner import check_claim, conclusion_claim, run_entries
from proofs.tools.hypothesis_flow import _implication

HERE = pathlib.Path(__file__).parent
VERDICTS = HERE / "closeness_s1578_verdicts.json"
ERRATA = HERE / "closeness_s1578_errata.json"
MODULES = (section1, section5, section7, section8)
ENTRIES = [e for m in MODULES for e in m.ENTRIES]
CLAIMS = {c.id: c for e in ENTRIES for c in e.claims()}
PINNED = {c.id: a.expect for e in ENTRIES for c, a in e.annotated()}

LISTED = [
    "closeness:theorem-1.4:part-1", "closeness:theorem-1.4:part-2",
    "closeness:definition-5.1", "closeness:claim-5.2", "closeness:definition-5.3",
    *[f"closeness:lemma-5.4:part-{k}" for k in (1, 2, 3)],
    *[f"closeness:lemma-5.5:part-{k}" for k in (1, 2, 3)],
    "closeness:lemma-5.6", "closeness:lemma-5.7", "closeness:lemma-5.8",
    "closeness:definition-7.1", "closeness:claim-7.2", "closeness:definition-7.3",
    *[f"closeness:lemma-7.4:part-{k}" for k in (1, 2, 3)],
    *[f"closeness:lemma-7.5:part-{k}" for k in (1, 2, 3)],
    "closeness:lemma-7.6", "closeness:lemma-7.7", "closeness:lemma-7.8",
    "closeness:theorem-8.1", "closeness:theorem-8.2",
]


def test_every_listed_item_is_encoded_with_a_claim():
    for lid in LISTED:
        assert lid in CLAIMS, lid
        assert PAPER.entry(lid) is not None, lid
    # proofs as chains: steps exist where the paper gives a proof
    for lid, steps in {"closeness:lemma-5.5:part-1": 6, "closeness:lemma-5.5:part-2": 3,
                       "closeness:lemma-5.5:part-3": 5, "closeness:lemma-5.6": 5,
                       "closeness:lemma-7.7": 2, "closeness:lemma-7.8": 2,
                       "closeness:theorem-8.1": 6, "closeness:theorem-8.2": 6}.items():
        assert f"{lid}:step-{steps}" in CLAIMS and f"{lid}:step-{steps + 1}" not in CLAIMS


@pytest.fixture(scope="module")
def pinned() -> dict[str, str]:
    return json.loads(VERDICTS.read_text())


def test_every_claim_has_a_pinned_verdict(pinned):
    assert set(CLAIMS) <= set(pinned)
    for lid in LISTED:
        assert pinned[lid] in {"proved", "refuted", "supported"}, (lid, pinned[lid])


def test_pinned_verdicts_meet_the_encoded_expectations(pinned):
    for cid in CLAIMS:
        if PINNED[cid] == "refuted":
            assert pinned[cid] == "refuted", cid
        else:
            assert pinned[cid] != "refuted", cid


def test_key_verdicts(pinned):
    assert pinned["closeness:lemma-5.6"] == "refuted"  # sqrt(nR) as printed, n = 1, R > 4.04
    assert pinned["closeness:lemma-5.8"] == "refuted"  # beta > 0 missing
    assert pinned["closeness:theorem-8.1:step-2"] == "refuted"  # relies on Lemma 3.3 as printed
    assert pinned["closeness:lemma-5.5:part-2:step-1"] == "refuted"  # alpha(x_{t+1}) typo
    # softmax is 1/2-Lipschitz: the fact blackboard proves Theorem 8.1 for every size
    assert pinned["closeness:theorem-8.1"] == "proved"
    assert pinned["closeness:theorem-1.4:part-1"] == "proved"
    assert pinned["closeness:extra-softmax-lipschitz"] == "proved"
    assert pinned["closeness:claim-5.2"] == "proved"


@pytest.mark.parametrize("cid", ["closeness:claim-5.2", "closeness:lemma-5.4:part-3",
                                 "closeness:lemma-5.8", "closeness:lemma-7.8:step-2"])
def test_recheck_reproduces_the_pinned_verdict(cid, pinned):
    assert check_claim(CLAIMS[cid], "quick", 0).status.value == pinned[cid]


@pytest.mark.slow
@pytest.mark.parametrize("cid", ["closeness:lemma-5.6",
                                 "closeness:theorem-8.1:step-2",
                                 "closeness:lemma-5.5:part-2:step-1",
                                 "closeness:extra-definition-5.1-same-norm",
                                 "closeness:theorem-1.4:part-2"])
def test_recheck_slow(cid, pinned):
    assert check_claim(CLAIMS[cid], "default", 0).status.value == pinned[cid]


@pytest.fixture(scope="module")
def findings() -> list[dict]:
    return json.loads(ERRATA.read_text())["findings"]


def _claim_for(f: dict):
    chk = f["check"]
    if chk["type"] == "claim":
        return CLAIMS.get(chk["claim"]) or next(
            c for c in PAPER.claims() if c.id == chk["claim"])
    entry = PAPER.entry(chk.get("entry", f["id"]))
    if chk["type"] == "conclusion":
        return conclusion_claim(entry)
    from proofs.tools.hypothesis_flow import needed

    hyp = next(h for _, _, h in needed(PAPER, entry)
               if str(h.lhs) == chk["lhs"] and h.rel.value == chk["rel"]
               and str(h.rhs) == chk["rhs"])
    return _implication(entry, hyp)


def test_errata_entries_are_pinned(findings):
    kinds = {(f["id"], f["kind"]) for f in findings}
    for want in [("closeness:lemma-5.6", "false-statement"),
                 ("closeness:lemma-5.6", "statement-stronger-than-proof"),
                 ("closeness:lemma-5.5:part-1", "statement-stronger-than-proof"),
                 ("closeness:lemma-5.5:part-2", "statement-stronger-than-proof"),
                 ("closeness:lemma-7.5:part-2", "statement-stronger-than-proof"),
                 ("closeness:lemma-5.5:part-1", "missing-hypothesis"),
                 ("closeness:lemma-5.5:part-1", "false-statement"),  # refuted as printed
                 ("closeness:lemma-5.8", "false-statement"),
                 ("closeness:lemma-5.5:part-2:step-1", "typo"),
                 ("closeness:theorem-8.1:step-2", "invalid-step"),
                 ("closeness:theorem-8.2:step-2", "invalid-step")]:
        assert want in kinds, want
    for f in findings:
        assert f["kind"] in errata.KINDS


def test_json_witnesses_reproduce_the_violation(findings):
    """Every witness, read back from JSON, violates its claim as printed at 50 digits."""
    checked = 0
    for f in findings:
        if f["witness"] is None:
            continue
        w = json.loads(json.dumps(f["witness"]))
        conf = confirm_json(_claim_for(f), w)
        assert conf.hypotheses_hold and conf.violated, (f["id"], f["kind"], conf.notes)
        checked += 1
    assert checked >= 15


def test_errata_render_in_three_formats(findings):
    fs = [Finding.from_json(f) for f in findings]
    cs = causes(fs)
    md = errata.to_markdown("closeness", fs, cs)
    tex = errata.to_latex("closeness", fs, cs)
    js = json.loads(errata.to_json("closeness", fs, cs))
    assert len(js["findings"]) == len(findings)
    for f in findings:
        assert f"`{f['id']}`" in md
    assert tex.count(r"\item \texttt") == len(findings)
    assert tex.rstrip().endswith(r"\end{document}")


def test_constant_gaps_are_large():
    gaps = {g["paper"]: g["orders"] for g in constant_gaps()}
    assert gaps["Theorem 8.1"]["R=4,n=1"] == pytest.approx(69.2, abs=0.05)
    assert gaps["Theorem 8.1"]["R=60,n=1000"] > 15_000
    assert gaps["Lemma 5.6 (as its proof reaches)"]["R=4,n=1000"] == pytest.approx(1.8, abs=0.05)


def _flow(res: list) -> list[Finding]:
    from proofs.review.findings import flow_findings
    from proofs.tools.hypothesis_flow import flow_items

    return flow_findings(flow_items(res, "quick", 0))


def _errata_json(items: list[Finding]) -> str:
    return errata.to_json("closeness", items, causes(items))


def regenerate(budget: str = "default") -> None:
    """Re-run every claim of the sections and rewrite the pinned files; ``budget`` may also be
    the JSON of a finished ``proofcheck check closeness --budget default --json F`` run."""
    if budget.endswith(".json"):
        from proofs.store import results_json

        ids = {sub.id for e in ENTRIES for sub in e.all_entries()} | set(CLAIMS)
        res = [r for r in results_json.results_from_json(results_json.load_results_json(budget),
                                                     "closeness") if r.id in ids]
    else:
        from proofs.runner import default_jobs

        res = run_entries(ENTRIES, budget, 0, jobs=default_jobs())
    VERDICTS.write_text(json.dumps({r.id: r.status.value for r in res}, indent=1) + "\n")
    from proofs.review import review

    rv = review(PAPER, res, seed=0, citations=False)
    ERRATA.write_text(errata.to_json("closeness", rv.findings, rv.causes) + "\n")


def rerender(new_claims_json: str) -> None:
    """Rewrite the pinned errata from the pinned default-budget findings without re-running
    them: claim and conclusion findings keep their witness and evidence and are re-rendered
    from the current encoding; claims new since the pin take their verdicts from
    ``new_claims_json`` (a ``check --json`` run); the hypothesis flow is recomputed (quick
    budget, as ``proofcheck errata`` runs it) from the pinned statuses."""
    import re

    from proofs.model.results import Result
    from proofs.review import findings as found
    from proofs.store import results_json
    from symbolic.pretty import pretty
    from symbolic.verdict import Status, Verdict

    old = json.loads(ERRATA.read_text())["findings"]
    pinned = json.loads(VERDICTS.read_text())
    doc = results_json.load_results_json(new_claims_json)
    fresh = {r.id: r for r in results_json.results_from_json(doc, "closeness")}
    ids = [sub.id for e in ENTRIES for sub in e.all_entries()] + list(CLAIMS)
    order = list(dict.fromkeys(c.id for e in ENTRIES for c in e.claims()) | {})
    order += [i for i in dict.fromkeys(ids) if i not in order]
    for cid in order:
        if cid not in pinned and cid in fresh:
            pinned[cid] = fresh[cid].status.value
    items: list[dict] = []
    for cid in order:
        mine = [f for f in old if f.get("check", {}).get("claim") == cid]
        if cid in fresh and not mine and cid not in json.loads(VERDICTS.read_text()):
            items += [f.to_json() for f in found.collect([fresh[cid]])]
            continue
        for f in mine:
            claim = CLAIMS.get(cid) or next(c for c in PAPER.claims() if c.id == cid)
            r = Result.of(claim, Verdict(Status.REFUTED, "pinned"), PAPER.annotation(cid))
            f = dict(f, printed=found.printed(r))
            if f["check"]["type"] == "claim":
                f.update(corrected=found.corrected(r), corrected_latex=found.corrected_latex(r))
            else:
                cc = conclusion_claim(PAPER.entry(cid))
                st = claim.prop
                rel = {"<=": "≤", "<": "<", ">=": "≥", ">": ">", "=": "="}[cc.rel.value]
                m = re.search(r"is refuted \((.*)\)$", f["evidence"], re.S)
                f.update(corrected=f"{pretty(st.lhs)} {rel} {pretty(cc.lhs)}  (what the proof "
                                   "chain reaches)",
                         corrected_latex="",
                         evidence=(f"the chain ends at {pretty(cc.lhs)}; the needed "
                                   f"implication {pretty(cc.prop)} is refuted "
                                   f"({m.group(1) if m else '?'})"))
            items.append(f)
    statuses = [Result.of(CLAIMS[c], Verdict(Status(pinned[c]), "pinned"), PAPER.annotation(c))
                for c in CLAIMS]
    typed = [Finding.from_json(f) for f in items] + _flow(statuses)
    VERDICTS.write_text(json.dumps(pinned, indent=1) + "\n")
    ERRATA.write_text(_errata_json(typed) + "\n")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "rerender":
        rerender(sys.argv[2])
    else:
        regenerate(*sys.argv[1:])
