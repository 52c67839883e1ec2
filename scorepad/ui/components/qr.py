"""A QR code as an image the UI can show (PNG bytes drawn by the qrcode package), and the
address a phone's page was opened at."""

from __future__ import annotations

import io
from urllib.parse import urlsplit

import flet as ft


def qr_png(text: str, *, box_size: int = 8) -> bytes:
    """The QR code of `text` as PNG bytes (black on white, a quiet zone of 2 modules)."""
    import qrcode

    qr = qrcode.QRCode(border=2, box_size=box_size,
                       error_correction=qrcode.constants.ERROR_CORRECT_M)
    qr.add_data(text)
    qr.make(fit=True)
    out = io.BytesIO()
    qr.make_image(fill_color="black", back_color="white").save(out, format="PNG")
    return out.getvalue()


def origin_of(url: str | None, fallback: str = "http://localhost:8550") -> str:
    """"http://192.168.1.20:8550" from the page's address (the one the phone used, so the
    TV on the same Wi-Fi reaches it too)."""
    if not url:
        return fallback
    parts = urlsplit(url)
    if not parts.scheme or not parts.netloc:
        return fallback
    return f"{parts.scheme}://{parts.netloc}"


def page_origin() -> str:
    try:
        return origin_of(ft.context.page.url)
    except (RuntimeError, AttributeError):
        return origin_of(None)


def qr_image(text: str, size: int = 180) -> ft.Control:
    """The QR code on a white square (scanners need the contrast, also in dark mode)."""
    return ft.Container(
        ft.Image(src=qr_png(text), width=size, height=size, fit=ft.BoxFit.CONTAIN),
        bgcolor=ft.Colors.WHITE, padding=6, border_radius=8,
    )
