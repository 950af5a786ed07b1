"""PDF pages as images, with PDFium (pypdfium2, a wheel with the library inside: nothing to install
on the system), for `print --png` and the Tabletop Simulator deck sheets."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any


def page_images(pdf: bytes, dpi: float | None = None, width: int | None = None) -> Iterator[Any]:
    """Each page as a PIL image: at `dpi`, or scaled to `width` pixels across."""
    # optional dependency: pypdfium2 (the `print` extra), only for PNG images of the faces
    import pypdfium2 as pdfium
    document = pdfium.PdfDocument(pdf)
    try:
        for i in range(len(document)):
            page = document[i]
            scale = width / page.get_width() if width else (dpi or 300) / 72
            image = page.render(scale=scale).to_pil().convert("RGB")
            page.close()
            yield image
    finally:
        document.close()


def png_bytes(image: Any) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
