"""The QR codes the screens draw: vector shapes that read back as the link they carry."""

from __future__ import annotations

import re

import pytest
import zxingcpp
from PIL import Image, ImageDraw

from scorepad.ui.widgets.qr import qr_svg

SCALE = 6


def drawn(svg: str) -> Image.Image:
    """The SVG as a browser paints it: its white square, then each rectangle of its path."""
    side = int(re.search(r'viewBox="0 0 (\d+) \1"', svg).group(1))  # type: ignore[union-attr]
    picture = Image.new("L", (side * SCALE, side * SCALE), 255)
    pen = ImageDraw.Draw(picture)
    path = re.search(r' d="([^"]*)"', svg).group(1)  # type: ignore[union-attr]
    for x, y, width in re.findall(r"M(\d+),(\d+)h(\d+)v1h-\3z", path):
        left, top = int(x) * SCALE, int(y) * SCALE
        pen.rectangle((left, top, left + int(width) * SCALE - 1, top + SCALE - 1), fill=0)
    return picture


@pytest.mark.parametrize("link", [
    "http://192.168.1.20:8550/grand-ecran/tous/2026-11-29",
    "http://table.lan:8550/organiser/Zq3-rT_9xWk2mPq8LsA4vB",
    "https://club.example.org/tournaments/12/tables/3/4?code=K7P2",
])
def test_a_qr_code_is_a_vector_drawing_that_reads_back_as_its_link(link: str) -> None:
    svg = qr_svg(link)
    # Shapes only: no picture for the browser to decode (a page on the table's Wi-Fi, not
    # a secure context, has no image decoder and drew raster codes blank).
    assert svg.startswith("<svg ") and "<image" not in svg and "base64" not in svg
    codes = zxingcpp.read_barcodes(drawn(svg))
    assert [c.text for c in codes] == [link]


def test_the_path_covers_exactly_the_dark_modules_with_a_white_quiet_zone() -> None:
    import qrcode

    link = "http://192.168.1.20:8550/"
    qr = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    qr.add_data(link)
    qr.make(fit=True)
    matrix = qr.get_matrix()
    picture = drawn(qr_svg(link))
    painted = [[picture.getpixel((x * SCALE + SCALE // 2, y * SCALE + SCALE // 2)) == 0
                for x in range(len(matrix))] for y in range(len(matrix))]
    assert painted == matrix
    side = len(matrix)
    quiet = [painted[y][x] for y in range(side) for x in range(side)
             if min(x, y) < 2 or max(x, y) >= side - 2]
    assert not any(quiet)  # two modules of white around the code
