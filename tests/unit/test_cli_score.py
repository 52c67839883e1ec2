"""`scorepad score` and `scorepad explain`: JSON in, JSON or prose out, exit 2 on bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from scorepad.cli import main

GARDE = {
    "players": ["André", "Bruno", "Cécile", "Didier"],
    "taker": "André",
    "partner": None,
    "contract": "garde",
    "bouts": 2,
    "points": 49,
    "poignees": [{"player": "André", "size": "simple"}],
    "petit_au_bout": "attack",
    "chelem_announced": False,
    "chelem": None,
    "miseres": [],
    "rules": {},
}


def run(args: list[str], stdin: str | bytes, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    raw = stdin.encode() if isinstance(stdin, str) else stdin
    fake = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", fake)
    code = main(args)
    return code, capsys.readouterr().out


def test_score_prints_the_scored_deal_of_the_format(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["score"], json.dumps(GARDE), monkeypatch, capsys)
    assert code == 0
    result = json.loads(out)
    assert result["made"] is True
    assert result["needed"] == 41
    assert result["difference"] == 8
    assert result["per_defender"] == 106
    assert result["scores"] == {"André": 318, "Bruno": -106, "Cécile": -106, "Didier": -106}
    assert result["warnings"] == []
    labels = [s["label"] for s in result["steps"]]
    assert labels[0] == "Points nécessaires avec 2 bouts"
    assert [s["value"] for s in result["steps"] if s["code"] == "multiplied"] == [86]


def test_score_in_english_labels_the_steps_in_english(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    _, out = run(["score", "--lang", "en"], json.dumps(GARDE), monkeypatch, capsys)
    assert json.loads(out)["steps"][0]["label"] == "Points needed with 2 bouts"


def test_an_invalid_deal_exits_2_with_the_error_object(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    bad = dict(GARDE, points=45.5)
    code, out = run(["score"], json.dumps(bad), monkeypatch, capsys)
    assert code == 2
    assert json.loads(out) == {"error": {
        "field": "points", "message": "À 4 joueurs les points sont entiers (reçu 45,5)."}}


@pytest.mark.parametrize(
    ("stdin", "field"),
    [
        ("", "deal"),
        ("   \n", "deal"),
        ("{not json", "deal"),
        ("[1, 2]", "deal"),
        ('"garde"', "deal"),
        ('{"players": 4}', "players"),
        (b"\xff\xfe\x00", "deal"),
        ('{"players": ["A","B","C","D"], "taker": "A", "contract": "garde", "bouts": 2,'
         ' "points": 49, "colour": "red"}', "colour"),
    ],
)
def test_malformed_input_never_gives_a_traceback(stdin: str | bytes, field: str,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["score"], stdin, monkeypatch, capsys)
    assert code == 2
    assert json.loads(out)["error"]["field"] == field


def test_explain_tells_the_calculation_as_on_paper(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["explain"], json.dumps(GARDE), monkeypatch, capsys)
    assert code == 0
    assert "Il fallait 41 points avec 2 bouts ; 49 points : fait de 8." in out
    assert "(25 + 8 + 10 petit au bout) × 2 = +86" in out
    assert "+ 20 poignée simple d'André = +106" in out
    assert "André (preneur) : 3 × 106 = +318" in out


def test_explain_in_english(monkeypatch: pytest.MonkeyPatch,
                            capsys: pytest.CaptureFixture[str]) -> None:
    _, out = run(["explain", "--lang", "en"], json.dumps(GARDE), monkeypatch, capsys)
    assert "41 points were needed with 2 bouts; 49 points: made by 8." in out


def test_an_unknown_language_is_refused_with_exit_2(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("{}"))
    with pytest.raises(SystemExit) as info:
        main(["score", "--lang", "de"])
    assert info.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


def test_the_installed_command_scores_from_a_real_pipe() -> None:
    proc = subprocess.run([sys.executable, "-m", "scorepad", "score"],
                          input=json.dumps(dict(GARDE, contract="prise", bouts=1, points=58,
                                                poignees=[], petit_au_bout=None)),
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    assert list(json.loads(proc.stdout)["scores"].values()) == [96, -32, -32, -32]
