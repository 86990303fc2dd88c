"""The pages and text of a PDF that Chromium printed (`page.pdf()`), with the standard library.

No PDF library is installed here, and none is needed for what Chromium (Skia) writes: each page's
content is one Flate stream that shows glyphs as hex strings (`<0026> Tj`) in Type0 fonts with
Identity-H encoding, and each font carries a ToUnicode CMap from glyph to text. This reads only
that much; it is a test helper, not a PDF reader.
"""

from __future__ import annotations

import re
import zlib

_OBJECT = re.compile(rb"(?:^|[\r\n])(\d+) 0 obj\b")
_PAGE = re.compile(rb"/Type\s*/Page[^s]")
_STREAM = re.compile(rb"/Length (\d+)[^>]*>>\s*stream\r?\n")
_REF = rb"%s\s+(\d+) 0 R"
_BFCHAR = re.compile(rb"beginbfchar(.*?)endbfchar", re.S)
_BFRANGE = re.compile(rb"beginbfrange(.*?)endbfrange", re.S)
_HEX = re.compile(rb"<([0-9A-Fa-f]+)>")
_SHOW = re.compile(rb"/(F\d+) [\d.]+ Tf|<([0-9A-Fa-f]+)>\s*Tj")


def page_count(pdf: bytes) -> int:
    """The number of page objects in the PDF."""
    return len(_PAGE.findall(pdf))


def _objects(pdf: bytes) -> dict[int, bytes]:
    """Each object's bytes, from its `N 0 obj` to the next object's."""
    starts = list(_OBJECT.finditer(pdf))
    ends = [each.start() for each in starts[1:]] + [len(pdf)]
    return {int(each.group(1)): pdf[each.end():end] for each, end in zip(starts, ends, strict=True)}


def _stream(body: bytes) -> bytes:
    found = _STREAM.search(body)
    if found is None:
        return b""
    data = body[found.end():found.end() + int(found.group(1))]
    return zlib.decompress(data) if b"/FlateDecode" in body[:found.start()] else data


def _text(hex_units: bytes) -> str:
    return bytes.fromhex(hex_units.decode()).decode("utf-16-be", errors="replace")


def _cmap(data: bytes) -> tuple[int, dict[str, str]]:
    """The hex digits of one glyph code (4 in a Type0 font, 2 in a Type3 one: Skia draws CJK
    faces as Type3), and each code's text, from a ToUnicode CMap's bfchar and bfrange."""
    space = re.search(rb"begincodespacerange\s*<([0-9A-Fa-f]+)>", data)
    width = len(space.group(1)) if space else 4
    glyphs: dict[str, str] = {}
    for section in _BFCHAR.findall(data):
        codes = _HEX.findall(section)
        for glyph, text in zip(codes[::2], codes[1::2], strict=False):
            glyphs[glyph.decode().upper().zfill(width)] = _text(text)
    for section in _BFRANGE.findall(data):
        for line in section.strip().splitlines():
            codes = _HEX.findall(line)
            if len(codes) != 3:
                continue  # an array of texts: Skia writes none
            first, last, text = int(codes[0], 16), int(codes[1], 16), _text(codes[2])
            for offset in range(last - first + 1):
                glyphs[f"{first + offset:0{width}X}"] = text[:-1] + chr(ord(text[-1]) + offset)
    return width, glyphs


def page_texts(pdf: bytes) -> list[str]:
    """Each page's text, in the order its glyphs are drawn (spaces as the page draws them)."""
    objects = _objects(pdf)
    texts = []
    for body in objects.values():
        if not _PAGE.search(body[:40]):
            continue
        fonts = {}
        for name, number in re.findall(rb"/(F\d+) (\d+) 0 R", body):
            font = objects.get(int(number), b"")
            to_unicode = re.search(_REF % rb"/ToUnicode", font)
            if to_unicode:
                fonts[name.decode()] = _cmap(_stream(objects[int(to_unicode.group(1))]))
        contents = re.search(_REF % rb"/Contents", body)
        shown = _stream(objects[int(contents.group(1))]) if contents else b""
        width, glyphs = 4, {}
        out = []
        for font, units in _SHOW.findall(shown):
            if font:
                width, glyphs = fonts.get(font.decode(), (4, {}))
                continue
            hexes = units.decode().upper()
            out.extend(glyphs.get(hexes[i:i + width], "\ufffd")
                       for i in range(0, len(hexes), width))
        texts.append("".join(out))
    return texts
