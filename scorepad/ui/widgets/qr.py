"""A QR code the UI can show: vector shapes (SVG), drawn by the client without decoding
any picture.

The code's modules come from the qrcode package; they are drawn as one SVG path, which
Flutter's web engine paints as shapes. A raster picture (PNG bytes in an `ft.Image`) needs
the browser's image decoder, which a page that is not a secure context lacks: a phone
opening `http://192.168.x.y:8550` on the table's Wi-Fi drew every QR code as an empty
white square (tests/e2e/test_wifi.py opens the app that way)."""

from __future__ import annotations

from functools import lru_cache

import flet as ft


@lru_cache(maxsize=64)
def qr_svg(text: str) -> str:
    """The QR code of `text` as an SVG document: black modules on white with a quiet zone
    of 2 modules, each row's run of dark modules one rectangle (no seam between two
    modules at any scale); kept for the next screen that draws the same one (a big
    screen at every deal)."""
    import qrcode

    qr = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    qr.add_data(text)
    qr.make(fit=True)
    matrix = qr.get_matrix()  # the quiet zone included
    side = len(matrix)
    runs = []
    for y, row in enumerate(matrix):
        x = 0
        while x < side:
            if not row[x]:
                x += 1
                continue
            start = x
            while x < side and row[x]:
                x += 1
            runs.append(f"M{start},{y}h{x - start}v1h-{x - start}z")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" '
            f'width="{side}" height="{side}" shape-rendering="crispEdges">'
            f'<rect width="{side}" height="{side}" fill="#ffffff"/>'
            f'<path fill="#000000" d="{"".join(runs)}"/></svg>')


def qr_code(text: str, size: float, *, padding: float = 6, radius: float = 8) -> ft.Container:
    """The QR code, `size` pixels wide, on a white square (scanners need the contrast,
    also in dark mode)."""
    return ft.Container(
        ft.Image(src=qr_svg(text), width=size, height=size, fit=ft.BoxFit.CONTAIN),
        bgcolor=ft.Colors.WHITE, padding=padding, border_radius=radius,
    )

