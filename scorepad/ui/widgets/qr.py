"""A QR code as an image the UI can show (PNG bytes drawn by the qrcode package)."""

from __future__ import annotations

import io
from functools import lru_cache

import flet as ft


@lru_cache(maxsize=64)
def qr_png(text: str, *, box_size: int = 8) -> bytes:
    """The QR code of `text` as PNG bytes (black on white, a quiet zone of 2 modules);
    kept for the next screen that draws the same one (a big screen at every deal)."""
    import qrcode

    qr = qrcode.QRCode(border=2, box_size=box_size,
                       error_correction=qrcode.constants.ERROR_CORRECT_M)
    qr.add_data(text)
    qr.make(fit=True)
    out = io.BytesIO()
    qr.make_image(fill_color="black", back_color="white").save(out, format="PNG")
    return out.getvalue()


def qr_image(text: str, size: int = 180) -> ft.Control:
    """The QR code on a white square (scanners need the contrast, also in dark mode)."""
    return ft.Container(
        ft.Image(src=qr_png(text), width=size, height=size, fit=ft.BoxFit.CONTAIN),
        bgcolor=ft.Colors.WHITE, padding=6, border_radius=8,
    )
