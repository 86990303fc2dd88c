"""Text that can be read on a coloured cell, card or token: WCAG 2 contrast, and the one helper
every board uses to pick its text colour from its background (dark or white, whichever
reads better), so that no cell colour ships with a text colour chosen by eye."""

from __future__ import annotations

from collections.abc import Mapping

DARK = "#1f2328"  # the app's body text
LIGHT = "#ffffff"
AA = 4.5  # WCAG 2 AA for normal text


def _channels(colour: str) -> tuple[float, float, float]:
    """The red, green and blue of `#rgb` or `#rrggbb`, each 0..1."""
    hex_digits = colour.lstrip("#")
    if len(hex_digits) == 3:
        hex_digits = "".join(d * 2 for d in hex_digits)
    if len(hex_digits) != 6:
        raise ValueError(f"not a #rrggbb colour: {colour!r}")
    red, green, blue = (int(hex_digits[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return red, green, blue


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of `colour` (0 black .. 1 white)."""
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    red, green, blue = (linear(c) for c in _channels(colour))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(one: str, other: str) -> float:
    """WCAG 2 contrast ratio of two colours (1 .. 21)."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink_on(background: str, preferred: str | None = None) -> str:
    """The text colour for `background`: `preferred` (a cuisine's accent, say) when it reaches
    4.5:1 there, else the app's dark text or white, whichever contrasts more."""
    if preferred is not None and contrast(preferred, background) >= AA:
        return preferred
    return max((DARK, LIGHT), key=lambda ink: contrast(ink, background))


def cell_css(selector: str, background: str, preferred: str | None = None,
             extra: str = "") -> str:
    """A rule giving `selector` its background and readable text; the text colour is also set
    on the widget text inside it (ipywidgets gives its HTML and labels a colour of their own,
    which is how Coffee Rush's move board came to show near-black names on coffee)."""
    ink = ink_on(background, preferred)
    return (f"{selector} {{ background: {background}; color: {ink};{extra} }}\n"
            f"{selector} .widget-html-content, {selector} .widget-label {{ color: {ink}; }}\n")


def palette_css(prefix: str, colours: Mapping[str, str]) -> str:
    """`cell_css` for each `name: background` of a palette, as `.{prefix}{name}`."""
    return "".join(cell_css(f".{prefix}{name}", bg) for name, bg in colours.items())
