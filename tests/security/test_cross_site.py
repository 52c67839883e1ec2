"""Only this app's pages may write: a foreign Host (DNS rebinding) is refused, and so is a
write or a websocket from another site's page; phones on the page itself and scripts
without an Origin keep working."""

from __future__ import annotations

import json

import httpx

from tests.security.conftest import EXTRA_HOST, GARDE, Server, exchange, status_of

EVIL = "http://scorepad.evil.example"


def _get(path: str, host: str) -> bytes:
    return (f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").encode()


def test_a_request_naming_another_host_is_refused_and_our_own_names_are_served(
        server: Server) -> None:
    port = server.port
    for host in ("rebind.evil.example", f"rebind.evil.example:{port}", "192.0.2.7", ""):
        answer = exchange(port, _get("/api/games", host))
        assert status_of(answer) in (400, 421), (host, answer[:200])
        assert b'"games"' not in answer
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", EXTRA_HOST,
                 f"{EXTRA_HOST}:{port}"):
        assert status_of(exchange(port, _get("/api/games", host))) == 200, host


def test_a_write_through_dns_rebinding_records_nothing(server: Server, game: int) -> None:
    before = server.rows(game)
    body = json.dumps(GARDE).encode()
    request = (f"POST /api/games/{game}/deals HTTP/1.1\r\nHost: tarot.evil.example:"
               f"{server.port}\r\nContent-Type: text/plain\r\nContent-Length: {len(body)}"
               "\r\nConnection: close\r\n\r\n").encode() + body
    assert status_of(exchange(server.port, request)) in (400, 421)
    assert server.rows(game) == before


def test_another_sites_page_cannot_record_undo_or_lock_a_game(server: Server,
                                                               game: int) -> None:
    before = server.rows(game)
    with httpx.Client(base_url=server.url, headers={"Origin": EVIL}) as page:
        # text/plain is what a form or a no-preflight fetch can send from anywhere.
        recorded = page.post(f"/api/games/{game}/deals", content=json.dumps(GARDE),
                             headers={"Content-Type": "text/plain"})
        undone = page.post(f"/api/games/{game}/undo")
        locked = page.put(f"/api/games/{game}/code", content='{"code": "1234"}',
                          headers={"Content-Type": "text/plain"})
        deleted = page.delete(f"/api/games/{game}/deals/1")
        null_origin = page.post(f"/api/games/{game}/redo", headers={"Origin": "null"})
    assert [r.status_code for r in (recorded, undone, locked, deleted, null_origin)] == \
        [403] * 5
    assert "another site" in recorded.text or "autre site" in recorded.text
    assert server.rows(game) == before


def test_a_page_on_another_port_of_this_machine_cannot_write(server: Server,
                                                             game: int) -> None:
    before = server.rows(game)
    reply = httpx.post(f"{server.url}/api/games/{game}/undo",
                       headers={"Origin": "http://127.0.0.1:3000"})
    assert reply.status_code == 403
    assert server.rows(game) == before


def test_the_apps_own_pages_and_scripts_still_write(server: Server, game: int) -> None:
    own = httpx.post(f"{server.url}/api/games/{game}/deals", json=GARDE,
                     headers={"Origin": server.url})
    script = httpx.post(f"{server.url}/api/games/{game}/deals", json={"kind": "passed"})
    assert (own.status_code, script.status_code) == (201, 201)
    assert script.json()["sheet"]["revision"] == own.json()["sheet"]["revision"] + 1


def _upgrade(port: int, origin: str) -> bytes:
    return (f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            f"Sec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n\r\n").encode()


def test_the_live_websocket_refuses_another_sites_page(server: Server) -> None:
    import socket

    answer = exchange(server.port, _upgrade(server.port, EVIL))
    assert status_of(answer) == 403
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(_upgrade(server.port, server.url))
        assert status_of(sock.recv(4096)) == 101


def test_no_answer_grants_every_origin_and_every_answer_forbids_sniffing(
        server: Server, game: int) -> None:
    with httpx.Client(base_url=server.url, timeout=60) as phone:
        answers = {path: phone.get(path) for path in (
            "/", "/api/games", f"/api/games/{game}/sheet", f"/export/games/{game}.csv",
            "/healthz", "/api/openapi.json", "/nowhere", "/api/games/x/sheet")}
    for path, reply in answers.items():
        assert reply.headers.get("access-control-allow-origin") is None, path
        assert reply.headers.get("x-content-type-options") == "nosniff", path
    page = answers["/"]
    assert page.headers["content-type"].startswith("text/html")
    assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
    assert page.headers["referrer-policy"] in ("no-referrer", "same-origin")


def test_a_page_on_the_wifi_gets_no_isolation_header_it_would_refuse_and_loopback_keeps_it(
        server: Server) -> None:
    # A phone at http://<the Wi-Fi's name>:8550 is not a secure context: the browser
    # ignores Cross-Origin-Opener-Policy there and logs an error on every page load.
    on_the_wifi = exchange(server.port, _get("/", f"{EXTRA_HOST}:{server.port}"))
    on_this_computer = exchange(server.port, _get("/", f"127.0.0.1:{server.port}"))
    assert status_of(on_the_wifi) == status_of(on_this_computer) == 200
    head = on_the_wifi.split(b"\r\n\r\n", 1)[0].lower()
    assert b"cross-origin-opener-policy" not in head
    assert b"x-content-type-options: nosniff" in head
    assert b"cross-origin-opener-policy: same-origin" in \
        on_this_computer.split(b"\r\n\r\n", 1)[0].lower()
