"""The Portuguese text is Brazilian: learners see the code pt-BR and the name "Português
(Brasil)", and the short code pt stays an alias, so old links and `--lang pt` open the same text.
An unknown code is still refused in one clear sentence that lists the codes."""

from __future__ import annotations

import contextlib
import io

import pytest

from foodplay.cli import commands as cli
from foodplay.i18n.langcodes import public, public_codes, resolve
from foodplay.i18n.messages import catalogue
from foodplay.links import lang_problem, parse_query, query_lang, with_lang
from foodplay.teaching.lessons import parse_course


def run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(args)
        except SystemExit as exc:  # argparse refusing the command line
            status = int(exc.code or 0)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("code", ["pt", "pt-BR", "pt-br", "pt_BR"])
def test_every_spelling_of_brazilian_portuguese_opens_the_portuguese_catalogue(code):
    assert resolve(code) == "pt"
    assert query_lang(f"game=burg&lang={code}") == "pt"
    assert parse_query(f"game=burg&lang={code}").lang == "pt"
    assert parse_query(f"game=burg&lang={code}").problems == []
    assert parse_course(f"lesson=burg/only-tongs&lang={code}").lang == "pt"


def test_links_and_the_menu_say_pt_br():
    assert public("pt") == "pt-BR" and public("fr") == "fr"
    assert "pt-BR" in public_codes() and "pt" not in public_codes()
    assert with_lang("?game=burg", "pt").endswith("lang=pt-BR")
    assert catalogue(None, "pt").format("ui.lang.name") == "Português (Brasil)"


def test_an_unknown_language_is_refused_naming_the_codes():
    key, params = lang_problem("pt-PT")
    assert key == "link.bad_lang" and "pt-BR" in params["languages"]
    assert resolve("xx") is None and resolve(None) is None


def test_the_command_line_takes_pt_br_and_pt_alike():
    args = ["play", "burg", "--seed", "2", "--quiet", "--lang"]
    brazil, old = run(args + ["pt-BR"]), run(args + ["pt"])
    assert brazil == old and brazil[0] == 0 and "Pontuação" in brazil[1]
    status, _, err = run(args + ["xx"])
    assert status == cli.EXIT_BAD_INPUT and "'pt-BR'" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
