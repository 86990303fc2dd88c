"""The README's server lets a few pages run their notebook at once; the rest wait their turn."""

from __future__ import annotations

import asyncio

from threads import run_alone

from foodplay_widgets.serving.admission import admit_renders


def fake_pages() -> type:
    """A fresh stand-in for Voilà's page handler (each test admits its own class): each page
    streams three chunks, slowly, and the class counts the pages streaming at once."""

    class FakePages:
        running = 0
        most = 0
        order: list[int] = []

        def __init__(self, number: int):
            self.number = number

        async def get_generator(self, path=None):
            cls = type(self)
            cls.running += 1
            cls.most = max(cls.most, cls.running)
            cls.order.append(self.number)
            try:
                for part in range(3):
                    await asyncio.sleep(0.01)
                    yield f"page {self.number} part {part}"
            finally:
                cls.running -= 1

    return FakePages


def test_at_most_the_limit_run_at_once_and_every_page_is_served_in_turn():
    FakePages = fake_pages()
    admit_renders(FakePages, limit=2)
    admit_renders(FakePages, limit=2)  # installing twice changes nothing

    async def page(number: int) -> list[str]:
        return [chunk async for chunk in FakePages(number).get_generator()]

    async def class_at_once():
        return await asyncio.gather(*(page(n) for n in range(7)))

    pages = run_alone(class_at_once())
    assert FakePages.most == 2 and FakePages.running == 0
    assert [len(chunks) for chunks in pages] == [3] * 7
    assert FakePages.order == list(range(7))  # first come, first served


def test_a_page_closed_half_way_gives_its_place_to_the_next():
    Pages = fake_pages()
    admit_renders(Pages, limit=1)

    async def scenario():
        first = Pages(0).get_generator()
        assert await first.__anext__() == "page 0 part 0"
        await first.aclose()  # the learner closed the tab
        return [chunk async for chunk in Pages(1).get_generator()]

    assert run_alone(asyncio.wait_for(scenario(), 5)) == [f"page 1 part {k}" for k in range(3)]
    assert Pages.running == 0
