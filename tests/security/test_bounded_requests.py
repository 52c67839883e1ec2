"""Bounded work per request: bodies past 64 KB are refused before they are read, an
error quotes at most a few dozen characters of what was sent, and no id, nesting or
size makes the server answer 500."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import httpx
import pytest

from tests.security.conftest import FOUR, GARDE, Server, connect, read_until_closed, status_of

LONG = 150  # characters: under the 200 a text may have, far past the 40 quoted back


def _assert_short_refusal(reply: httpx.Response, status: int = 400) -> None:
    assert reply.status_code == status, reply.text[:300]
    assert len(reply.content) < 600
    error = reply.json()["error"]
    assert not re.search(r"[xyz]{41}", json.dumps(error)), error
    assert error["message"]


def test_a_body_past_64_kb_is_refused_with_413_and_nothing_is_written(
        server: Server, game: int) -> None:
    before = server.rows(game)
    huge_name = {**GARDE, "taker": "x" * (1024 * 1024)}
    declared = httpx.post(f"{server.url}/api/games/{game}/deals", json=huge_name)

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"taker": "'
        for _ in range(40):
            yield b"x" * 4096
        yield b'"}'

    streamed = httpx.post(f"{server.url}/api/games/{game}/deals", content=chunks())
    for reply in (declared, streamed):
        assert reply.status_code == 413
        assert reply.json()["error"]["field"] == "body"
        assert len(reply.content) < 200  # the 1 MB name does not come back
    assert server.rows(game) == before


def test_a_100_mb_body_is_refused_before_the_server_reads_it(server: Server) -> None:
    with connect(server.port, "127.0.0.20") as sock:
        sock.sendall(f"POST /api/games/1/deals HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                     "Content-Type: application/json\r\nContent-Length: 104857600\r\n\r\n"
                     .encode())
        sock.sendall(b"x" * 1000)  # then nothing more: the answer must not wait for it
        answer = read_until_closed(sock)
    assert status_of(answer) == 413


def test_refusals_quote_at_most_40_characters_of_what_was_sent(server: Server,
                                                               game: int) -> None:
    url = f"{server.url}/api/games/{game}"
    _assert_short_refusal(httpx.post(f"{url}/deals", json={**GARDE, "taker": "x" * LONG}))
    _assert_short_refusal(httpx.post(f"{url}/deals", json={
        **GARDE, "players": FOUR, "partner": "y" * LONG}))
    _assert_short_refusal(httpx.post(f"{url}/deals", json={**GARDE, "z" * LONG: 1}))
    _assert_short_refusal(httpx.post(f"{url}/deals", json={**GARDE, "taker": "x" * 5000}))
    _assert_short_refusal(httpx.post(f"{url}/deals", json={"kind": "z" * LONG}))
    _assert_short_refusal(httpx.delete(f"{url}/deals/1?expected_version={'z' * 5000}"))
    _assert_short_refusal(httpx.put(f"{url}/code", json={"code": "z" * LONG}))
    export = httpx.get(f"{server.url}/export/games/{game}.{'z' * 5000}")
    assert export.status_code == 400 and len(export.content) < 200


@pytest.mark.parametrize("depth", [65, 5000, 100_000])
def test_json_nested_too_deep_is_a_400_not_a_500(server: Server, game: int,
                                                 depth: int) -> None:
    before = server.rows(game)
    body = '{"taker": ' + "[" * depth + "]" * depth + "}"
    reply = httpx.post(f"{server.url}/api/games/{game}/deals", content=body)
    if len(body) > 64 * 1024:
        assert reply.status_code == 413
    else:
        _assert_short_refusal(reply)
    assert server.rows(game) == before


@pytest.mark.parametrize("game_id", ["²", "١٢", "𝟏", "٣", "9223372036854775808",
                                     "99999999999999999999999", "-1", "1e3", "0x10", " 1"])
def test_ids_that_are_not_ascii_digits_or_past_64_bits_never_break_the_server(
        server: Server, game_id: str) -> None:
    paths = [f"/api/games/{game_id}/sheet", f"/api/games/{game_id}/access",
             f"/api/games/{game_id}/events", f"/export/games/{game_id}.pdf",
             f"/export/games/{game_id}.csv"]
    with httpx.Client(base_url=server.url) as client:
        for path in paths:
            assert client.get(path).status_code in (400, 404), path
        assert client.post(f"/api/games/{game_id}/undo").status_code in (400, 404)
        assert client.delete(f"/api/games/1/deals/{game_id}").status_code in (400, 404)
        assert client.put(f"/api/games/1/deals/{game_id}",
                          json=GARDE).status_code in (400, 404)


def test_the_largest_64_bit_id_is_simply_not_found(server: Server) -> None:
    reply = httpx.get(f"{server.url}/api/games/9223372036854775807/sheet")
    assert reply.status_code == 404
    assert httpx.get(f"{server.url}/export/games/9223372036854775807.pdf").status_code == 404


def test_headers_past_32_kb_are_refused(server: Server) -> None:
    with connect(server.port, "127.0.0.21") as sock:
        sock.sendall(f"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n".encode())
        try:
            for i in range(200):
                sock.sendall(f"X-Filler-{i}: {'a' * 1000}\r\n".encode())
        except (BrokenPipeError, ConnectionResetError):
            pass
        answer = read_until_closed(sock)
    assert status_of(answer) in (0, 400, 431)
    assert b'"games"' not in answer
