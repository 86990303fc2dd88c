"""The README's server compiles each page template once, not once per page request."""

from __future__ import annotations

import jinja2
import pytest
from threads import run_alone

from foodplay_widgets.serving.serve import SharedTemplateCode, share_template_code


def exporter_over(templates: dict[str, str]) -> type:
    """A stand-in for nbconvert's TemplateExporter: a new Jinja environment per instance, as
    Voilà makes one per page."""

    class Exporter:
        def _create_environment(self) -> jinja2.Environment:
            return jinja2.Environment(loader=jinja2.DictLoader(templates), autoescape=False)

    return Exporter


@pytest.fixture
def compiles(monkeypatch) -> list[str]:
    """The names of the templates Jinja compiles from source, in order."""
    names: list[str] = []
    compile_source = jinja2.Environment.compile

    def counting(self, source, name=None, filename=None, raw=False, defer_init=False):
        names.append(name)
        return compile_source(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    return names


def test_each_page_reuses_the_first_pages_compiled_template(compiles):
    templates = {"page.html": "Hello {{ who }}"}
    Exporter = exporter_over(templates)
    cache = SharedTemplateCode()
    share_template_code(Exporter, cache)
    share_template_code(Exporter)  # installing twice changes nothing

    pages = [Exporter()._create_environment() for _ in range(3)]
    assert [env.get_template("page.html").render(who=n) for n, env in enumerate(pages)] == [
        "Hello 0", "Hello 1", "Hello 2"]
    assert compiles == ["page.html"]
    assert len(cache.code) == 1


def test_an_edited_template_is_compiled_afresh(compiles):
    templates = {"page.html": "old {{ who }}"}
    Exporter = exporter_over(templates)
    share_template_code(Exporter)
    assert Exporter()._create_environment().get_template("page.html").render(who=1) == "old 1"
    templates["page.html"] = "new {{ who }}"
    assert Exporter()._create_environment().get_template("page.html").render(who=2) == "new 2"
    assert compiles == ["page.html", "page.html"]


def test_async_and_plain_environments_keep_their_own_code(compiles):
    templates = {"page.html": "{{ who }}"}

    class Exporter:
        is_async = False

        def _create_environment(self) -> jinja2.Environment:
            return jinja2.Environment(loader=jinja2.DictLoader(templates),
                                      enable_async=self.is_async)

    share_template_code(Exporter)
    plain = Exporter()._create_environment().get_template("page.html")
    Exporter.is_async = True
    asynchronous = Exporter()._create_environment().get_template("page.html")
    assert plain.render(who="a") == "a"
    assert run_alone(asynchronous.render_async(who="b")) == "b"
    assert compiles == ["page.html", "page.html"]
