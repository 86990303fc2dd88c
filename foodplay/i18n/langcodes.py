"""Language codes as learners see them, and the catalogue codes behind them.

The catalogues are named by short codes (`messages.pt.json`), and `foodplay.i18n.messages.LANGUAGES`
lists those. Learners see a more precise code where one is due: the Portuguese text is
Brazilian, so links, the language menu and the pages' `lang` attributes say `pt-BR`. The short
code stays an alias, so that an old link (`?lang=pt`) and `--lang pt` open the same text.
"""

from __future__ import annotations

from collections.abc import Iterator

from foodplay.i18n.messages import LANGUAGES

# catalogue code -> the code learners see (links, menus, HTML lang attributes)
PUBLIC = {"pt": "pt-BR"}
# every other spelling accepted for a catalogue, compared without case (pt-BR, pt-br, pt_BR)
_ALIASES = {code.casefold(): lang for lang, code in PUBLIC.items()} | \
    {code.casefold().replace("-", "_"): lang for lang, code in PUBLIC.items()}


def resolve(code: object) -> str | None:
    """The catalogue code that `code` names (`pt-BR` -> `pt`, `pt` -> `pt`), or None if the
    tutor has no such language."""
    if not isinstance(code, str):
        return None
    if code in LANGUAGES:
        return code
    return _ALIASES.get(code.casefold())


def public(lang: str) -> str:
    """The code learners see for catalogue code `lang` (`pt` -> `pt-BR`)."""
    return PUBLIC.get(lang, lang)


def public_codes() -> list[str]:
    """Every language the tutor has, as learners see its code, in catalogue order."""
    return [public(lang) for lang in LANGUAGES]


def lang_arg(value: str) -> str:
    """A command line's --lang: the catalogue code an alias names, else the value as given (so
    that argparse refuses an unknown one against its choices, in its usual words)."""
    return resolve(value) or value


class LangChoices:
    """argparse choices for --lang: contains the catalogue codes (what `lang_arg` returns), and
    lists the codes learners see, so that a refusal offers `pt-BR`."""

    def __contains__(self, lang: object) -> bool:
        return lang in LANGUAGES

    def __iter__(self) -> Iterator[str]:
        return iter(public_codes())
