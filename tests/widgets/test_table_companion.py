"""The table companion page (notebooks/table.ipynb), driven in plain Python with .click() and
.value: BURG's two-player worked example entered by taps, a refusal that changes nothing, undo,
correction, the record saved and reopened in the tutor, bad address parameters, hostile names,
a language switch mid-game, and a game resumed from the browser's storage."""

from __future__ import annotations

import base64
import json
import re
from html import unescape
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from foodplay.games import get_game
from foodplay.record import Record, replay
from foodplay_widgets.app.tutor import App
from foodplay_widgets.pages.table_companion import TableCompanion

SCENARIO = Path(get_game("burg").package_dir) / "data" / "scenarios" / "two-player-reveal.json"


def example() -> tuple[Record, list[object]]:
    """The rulebook's two-player example, and what the table taps for it: a card's name for a
    reveal, the move itself otherwise (BURG's reveal is entered by its card alone)."""
    record = Record.load(SCENARIO)
    cards = iter(record.setup["deck_top"])
    taps: list[object] = [next(cards) if m.kind == "reveal" else m.to_json()
                          for m in record.moves]
    return record, taps


def started(query: str = "game=burg&players=2", names=("Alice", "Bob"),
            first: int = 0) -> TableCompanion:
    page = TableCompanion.from_query(query)
    for box, name in zip(page.setup.names, names, strict=False):
        box.value = name
    page.setup.first.value = first
    page.setup.start.click()
    assert page.session is not None and page.errors.errors == []
    return page


def tap(page: TableCompanion, want: object) -> int:
    """Tap the button for `want` (a card id or an entry), opening "More" if it is not among
    the large buttons; the number of taps it took."""
    def matches(button) -> bool:
        entry = button.entry
        return entry.get("card") == want if isinstance(want, str) else entry == want

    for button in page.choice_buttons:
        if matches(button):
            button.click()
            return 1
    page.more_toggle.value = True
    for button in page.more_buttons:
        if matches(button):
            button.click()
            return 2
    raise AssertionError(f"no button for {want!r}: "
                         f"{[b.description for b in page.choice_buttons + page.more_buttons]}")


def text_of(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def played(page: TableCompanion, taps: list[object]) -> int:
    return sum(tap(page, want) for want in taps)


def test_the_two_player_example_is_entered_by_taps_and_explained():
    record, taps = example()
    page = started()
    assert "Alice's turn" in text_of(page.prompt.value)
    assert "reveals cards until 4 ingredients" in text_of(page.prompt.value)
    count = played(page, taps[:1])
    assert count == 1
    shown = text_of(page.result.value)
    assert "lettuce, ingredient 1 of 4" in shown and "Rule 1" in shown  # explained, with clauses
    assert 'href="#fp-rule' in page.result.value  # clause numbers open the page's rulebook
    count += played(page, taps[1:])
    session = page.session
    assert [m.to_json() for m in session.record().moves] == [m.to_json() for m in record.moves]
    assert [o.card for o in session.record().drawn] == record.setup["deck_top"][:5]
    assert count <= len(taps) + 2  # 17 entries: the rat and the mushroom wait under "More"
    log = text_of(page.log_box.value)
    assert "(17 entries)" in log and "Bob: take pile 2" in log
    scores = text_of(page.scores.value)
    assert "Alice Score 0" in scores and "Bob Score -1" in scores  # Bob's rat token
    assert page.errors.errors == [] and page.messages.texts == []
    assert page.store.writes == 1 + len(taps)  # the start, then every entry


def test_a_refusal_is_shown_with_its_clause_and_changes_nothing():
    page = started()
    played(page, example()[1][:8])  # up to the tools
    before = (list(page.session.entries), page.session.record().dumps(), page.store.writes)
    page.typed.value = json.dumps({"seat": 1, "kind": "take", "pile": 1})
    page.typed_button.click()
    shown = text_of(page.result.value)
    assert "fp-table-refusal" in page.result.value and "Not entered" in shown
    assert "Rule" in shown
    assert (list(page.session.entries), page.session.record().dumps(),
            page.store.writes) == before
    page.typed.value = "{not json"
    page.typed_button.click()
    assert "not an entry" in text_of(page.result.value)
    assert list(page.session.entries) == before[0]


def test_undo_drops_the_last_entry_and_keeps_the_game():
    page = started()
    played(page, example()[1][:4])
    assert len(page.session.entries) == 4
    page.undo_button.click()
    assert len(page.session.entries) == 3
    assert "puts the rat on a pile" in text_of(page.prompt.value)
    assert "fp-table-accepted" in page.result.value
    page.undo_button.click()
    page.undo_button.click()
    page.undo_button.click()
    assert page.session.entries == [] and page.undo_button.disabled


def test_an_earlier_entry_is_corrected_or_the_correction_refused():
    page = started()
    played(page, example()[1][:8])
    # the first card was an onion, not a lettuce: the rest still fits
    page.correct_select.value = 0
    page.correct_button.click()
    assert "Correcting entry 1" in text_of(page.prompt.value)
    tap(page, "onion")
    assert page.correcting is None and len(page.session.entries) == 8
    assert page.session.entries[0]["card"] == "onion"
    # the rat (entry 3) was a lettuce: revealing then stops before the cheese, which no
    # longer fits; refused, naming it, and nothing changed
    before = [dict(e) for e in page.session.entries]
    page.correct_select.value = 2
    page.correct_button.click()
    tap(page, "lettuce")
    shown = text_of(page.result.value)
    assert "fp-table-refusal" in page.result.value and "7" in shown, shown
    assert page.session.entries == before and page.correcting == 2
    page.cancel_button.click()
    assert page.correcting is None


def test_the_record_downloads_and_reopens_in_the_tutor():
    record, taps = example()
    page = started()
    played(page, taps)
    href = re.search(r'class="fp-table-download" download="([^"]+)" href="([^"]+)"',
                     page.save.value)
    assert href and href.group(1) == "burg-2p-table.json"
    data = base64.b64decode(unescape(href.group(2)).split(",", 1)[1])
    saved = Record.loads(data)
    state, steps = replay(saved)
    assert len(steps) == len(record.moves) + 1 and saved.names == ["Alice", "Bob"]
    review = re.search(r'class="fp-table-review" href="([^"]+)"', page.save.value)
    assert review and review.group(1).startswith("burg.ipynb?")
    app = App.from_query(urlsplit(unescape(review.group(1))).query, lazy=False)
    assert app.message_texts == [] and app.timeline.last == len(record.moves)
    assert app.timeline.record.moves == saved.moves


def test_a_reload_offers_the_game_kept_in_the_browser():
    page = started()
    played(page, example()[1][:5])
    kept = {"abc": {"record": page.session.record().to_json(), "lang": "en", "saved": 5},
            "junk": {"record": {"game": "nope"}}, "x": 3}
    again = TableCompanion.from_query("")
    again.store.receive(json.dumps(kept))
    assert again.resume_box.layout.display == ""
    assert "with Alice and Bob, after 5 moves" in text_of(again.resume.value)
    again.resume_button.click()
    assert again.session.entries == page.session.entries and again.key == "abc"
    assert again.errors.errors == []


@pytest.mark.parametrize("query", [
    "game=nope&players=2", "game=burg&players=9", "players=x", "game=%3Cscript%3Ealert(1)",
    "players=" + "9" * 5000, "game=burg&players=2&lang=%3Cb%3E", "game=burg&players=-1",
    "game=burg&game=food-truck&players=%00", "game=food-truck&players=9",
    "game=coffee-rush&players=x&lang=fr"])
def test_bad_address_parameters_are_named_and_nothing_is_applied(query):
    page = TableCompanion.from_query(query)
    assert page.messages.texts, query
    assert page.setup.game.value == "burg" and page.setup.players.value == 2
    assert "<script>" not in page.messages.value and "<b>" not in page.messages.value
    assert page.session is None and page.errors.errors == []


def test_good_address_parameters_fill_the_form():
    page = TableCompanion.from_query("game=coffee-rush&players=3&lang=ko")
    assert (page.setup.game.value, page.setup.players.value, page.lang) == ("coffee-rush", 3, "ko")
    assert page.messages.texts == []
    assert [b.layout.display for b in page.setup.names] == ["", "", "", "none", "none"]
    assert "플레이어" in page.setup.names[0].description


def test_hostile_or_broken_names_are_escaped_or_refused():
    page = started(names=("<img src=x onerror=alert(1)>", "Bob"))
    assert "<img src=x" not in page.prompt.value + page.head.value + page.log_box.value
    assert "&lt;img src=x" in page.prompt.value
    page = TableCompanion.from_query("game=burg&players=2")
    page.setup.names[0].value = "Al\u0007ice"
    page.setup.names[1].value = "B" * 61
    page.setup.start.click()
    assert page.session is None
    shown = text_of(page.setup.problems.value)
    assert "Player 1's name" in shown and "Player 2's name" in shown


def test_the_language_switches_mid_game_everywhere_at_once():
    page = started()
    played(page, example()[1][:3])
    page.lang_select.value = "fr"
    prompt = text_of(page.prompt.value)
    assert "Alice" in prompt and "pile" in prompt and "turn" not in prompt
    assert page.undo_button.description == "Annuler la dernière saisie"
    assert "Enregistrer la partie" in page.save.value
    assert all("left" not in b.description for b in page.choice_buttons)
    page.typed.value = json.dumps({"seat": 1, "kind": "take", "pile": 1})
    page.typed_button.click()
    assert "Non enregistré : Bob : prendre la pile 1" in text_of(page.result.value)
    page.lang_select.value = "zh"
    assert "未记录：Bob：拿" in text_of(page.result.value)  # the refusal follows the menu too
    assert page.undo_button.description == "撤销上一条记录"
    tap(page, {"seat": 0, "kind": "place", "pile": 2})
    assert len(page.session.entries) == 4
    assert page.errors.errors == []



def test_each_game_card_in_the_gallery_links_to_the_companion(monkeypatch):
    from foodplay.games import LISTINGS
    from foodplay_widgets.pages import gallery
    from foodplay_widgets.pages.gallery import card_html

    monkeypatch.setattr(gallery, "_first_lesson", lambda game_id: None)  # lessons: not here

    for entry in LISTINGS:
        if entry.module is not None:
            assert f'href="table.ipynb?game={entry.id}&amp;lang=ko"' in card_html(entry, "ko")


def test_the_end_is_announced_and_the_final_scores_explained():
    """A whole seeded game, entered at the session as a table would, then resumed in the page
    from the browser's storage: the end and the final scoring, with their clauses."""
    from foodplay.bots import play_game
    from foodplay.companion.session import TableSession, entries_of

    seeded, _ = play_game("burg", 2, 3, ("heuristic",))
    session = TableSession("burg", 2, first=replay(seeded, 0)[0].first)
    for entry in entries_of(seeded):
        assert session.enter(entry).ok
    assert session.is_over
    page = TableCompanion.from_query("lang=fr")
    page.store.receive(json.dumps({"end": {"record": session.record().to_json(), "saved": 1}}))
    page.resume_button.click()
    over = text_of(page.over.value)
    assert over.startswith("La partie est terminée : Alice gagne !"), over
    assert "Alice marque 18" in over and "Règle 6" in over
    assert page.choice_buttons == [] and page.more_toggle.layout.display == "none"
    assert "Alice 18, Bob 15" in text_of(page.prompt.value)


def test_who_goes_first_follows_the_rulebook_or_lots_drawn():
    page = TableCompanion.from_query("game=burg&players=3")
    assert "most recently ate a hamburger" in text_of(page.setup.first_help.value)
    page.setup.start.click()  # lots drawn: the form's first choice
    assert 0 <= page.session.state.first < 3
    setup = text_of(page.result.value)  # before any entry: the set-up, explained and cited
    assert setup.startswith("The game is set up like this:") and "Rule 0" in setup


def test_new_game_by_mistake_loses_nothing():
    page = started()
    played(page, example()[1][:3])
    entries = list(page.session.entries)
    page.new_button.click()
    assert page.session is None and page.resume_box.layout.display == ""
    page.resume_button.click()
    assert page.session.entries == entries
