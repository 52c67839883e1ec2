"""The soirée downloads and the circles' JSON API over HTTP, and the CLI commands."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from PIL import Image

from scorepad import services as s
from scorepad.cli import main
from scorepad.web import soirees
from scorepad.web.api import build_api_router
from tests.factories import FOUR

GARDE = {"taker": "Cécile", "contract": "garde", "bouts": 2, "points": 49}


@pytest.fixture
def client(database: Any) -> Iterator[TestClient]:
    app = FastAPI()
    soirees.add_routes(app, database.uow)
    app.include_router(build_api_router(database.uow, subscribe=database.subscribe))
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def circle(database: Any) -> int:
    circle_id = int(s.create_circle(database.uow(), "Les mardis"))
    for name in ("Table 1", "Table 2"):
        game = s.create_game(database.uow(), name=name, seats=FOUR, deal_size=4,
                             circle=circle_id)
        s.record_deal(database.uow(), game, GARDE)
    return circle_id


def _today() -> str:
    return s.today().isoformat()


def test_the_soiree_downloads_as_csv_pdf_and_a_phone_picture(client: TestClient,
                                                             circle: int) -> None:
    csv_reply = client.get(f"/export/soirees/{_today()}.csv?circle={circle}&lang=en")
    assert csv_reply.status_code == 200
    assert csv_reply.headers["content-type"].startswith("text/csv")
    assert "attachment" in csv_reply.headers["content-disposition"]
    assert csv_reply.content.decode("utf-8-sig").startswith("Rank,Player,Total")
    pdf = client.get(f"/export/soirees/{_today()}.pdf?circle={circle}")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    png = client.get(f"/export/soirees/today.png?circle={circle}")
    assert png.headers["content-type"] == "image/png"
    assert Image.open(io.BytesIO(png.content)).size == (1080, 1350)


def test_bad_downloads_say_what_is_wrong(client: TestClient, circle: int) -> None:
    assert "png" in client.get(f"/export/soirees/{_today()}.docx").text
    bad_date = client.get("/export/soirees/29-11-2026.csv")
    assert bad_date.status_code == 400 and "AAAA-MM-JJ" in bad_date.text
    missing = client.get(f"/export/soirees/{_today()}.csv?circle=999&lang=en")
    assert missing.status_code == 404 and "No circle number 999" in missing.text


def test_the_api_lists_circles_and_reads_a_soiree_and_a_ranking(client: TestClient,
                                                                 circle: int) -> None:
    circles = client.get("/api/circles").json()
    assert circles == [{"id": circle, "name": "Les mardis", "games": 2,
                        "created_at": circles[0]["created_at"]}]
    recap = client.get(f"/api/soirees/{_today()}?circle={circle}").json()
    assert [t["name"] for t in recap["tables"]] == ["Table 1", "Table 2"]
    assert recap["podium"][0] == "Cécile" and recap["deals"] == 2
    assert recap["players"][0]["average"] == recap["players"][0]["total"] / 2
    ranking = client.get(f"/api/circles/{circle}/ranking?period=all&lang=en").json()
    first = ranking["players"][0]
    assert (first["player"], first["games_won"]) == ("Cécile", 2)
    assert first["rating"]["meaning"].startswith("Estimated level")
    assert first["contracts"]["garde"] == {"takes": 2, "made": 2, "success_rate": 1.0}
    assert ranking["period"]["label"] == "All time"
    season = client.get(f"/api/circles/{circle}/ranking").json()
    assert season["period"]["kind"] == "season" and season["games"] == 2


def test_api_errors_follow_format_3(client: TestClient, circle: int) -> None:
    bad = client.get(f"/api/circles/{circle}/ranking?period=later")
    assert bad.status_code == 400 and bad.json()["error"]["field"] == "period"
    assert client.get("/api/circles/77/ranking").status_code == 404
    assert client.get("/api/soirees/tomorrow").json()["error"]["field"] == "date"
    assert client.get("/api/soirees/today?circle=x").json()["error"]["field"] == "circle"


def test_cli_circles_ranking_and_soiree_export(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    assert main(["--db", url, "circle", "new", "Famille"]) == 0
    circle_id = int(capsys.readouterr().out)
    from scorepad.storage import open_database

    db = open_database(url)
    game = s.create_game(db.uow(), name="Noël", seats=FOUR, deal_size=4, circle=circle_id)
    s.record_deal(db.uow(), game, GARDE)
    db.dispose()
    assert main(["--db", url, "circles", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [{"id": circle_id, "name": "Famille",
                                                    "games": 1}]
    assert main(["--db", url, "ranking", "--circle", str(circle_id), "--period", "all"]) == 0
    assert "Cécile" in capsys.readouterr().out.splitlines()[1]
    out = tmp_path / "soiree.png"
    assert main(["--db", url, "export-soiree", "today", "--circle", str(circle_id),
                 "--format", "png", "-o", str(out)]) == 0
    assert Image.open(out).size == (1080, 1350)
    assert main(["--db", url, "export-soiree", "2026-13-01", "--format", "csv"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["field"] == "date"
    assert main(["--db", url, "circle", "new", "Famille"]) == 2
    assert "existe déjà" in capsys.readouterr().out
    assert main(["--db", url, "ranking", "--period", "someday"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["field"] == "period"

