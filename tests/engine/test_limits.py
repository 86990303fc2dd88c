"""Size limits (foodplay.limits): each refuses before the costly work, with a message naming
what is too big and where, and nothing else changes."""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import asdict

import pytest

from foodplay import limits
from foodplay.data import DataError
from foodplay.games import get_game
from foodplay.games.burg import components as burg_components
from foodplay.links import encode_record, parse_query
from foodplay.record import Record, RecordError, replay

BURG_SET = json.loads(burg_components.DEFAULT_PATH.read_text(encoding="utf-8"))


def record_json(**changes: object) -> dict:
    return {"format": "foodplay.record/1", "game": "burg", "players": 3, "seed": 1,
            "moves": []} | changes


@pytest.fixture
def no_deck(monkeypatch):
    """Fail if a component set's deck is ever built: a refusal must come before it."""
    for module in ("burg", "coffee_rush", "cuisine_a_la_card", "food_truck"):
        comp = __import__(f"foodplay.games.{module}.components", fromlist=["Components"])
        for method in ("deck", "pantry_deck", "central_deck", "starting_deck"):
            if hasattr(comp.Components, method):
                monkeypatch.setattr(comp.Components, method,
                                    lambda *_: pytest.fail("a deck was built"))


def burg_with(count: int) -> dict:
    data = json.loads(json.dumps(BURG_SET))
    data["cards"][0]["count"] = count
    return data


def test_a_share_link_with_3_000_000_copies_of_a_card_is_refused_at_once(no_deck):
    query = "game=burg&record=" + encode_record(Record("burg", 3, seed=1,
                                                      components=burg_with(3_000_000)))
    assert len(query) < 700
    link = parse_query(query)
    plain = parse_query("game=burg")
    assert link.record is None
    assert len(link.problems) == 1 and link.problems[0][0] == "link.bad_record"
    text = link.problem_texts()[0]
    assert "components: cards[0].count" in text and "3000000 copies" in text
    assert f"the most is {limits.COPIES}" in text
    assert asdict(link) | {"problems": []} == asdict(plain)  # nothing else changed


def test_a_link_that_expands_to_a_huge_record_is_refused_while_decompressing(monkeypatch):
    raw = json.dumps(record_json(title="a" * 5_000_000)).encode()
    text = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")
    assert len(text) < limits.LINK_CHARS
    monkeypatch.setattr(limits.json, "loads", lambda *_a, **_k: pytest.fail("parsed"))
    link = parse_query("record=" + text)
    assert link.record is None
    assert f"expands to more than {limits.RECORD_BYTES} bytes" in link.problem_texts()[0]


def test_a_link_too_long_is_refused_unread(monkeypatch):
    import foodplay.links

    monkeypatch.setattr(foodplay.links, "decode_record", lambda *_: pytest.fail("decoded"))
    link = parse_query("game=burg&seed=4&record=" + "A" * (limits.LINK_CHARS + 1))
    assert [key for key, _ in link.problems] == ["link.too_long"]
    assert link.seed == 4 and link.record is None
    link = parse_query("x=" + "A" * (limits.LINK_CHARS + 2000))
    assert [key for key, _ in link.problems] == ["link.too_long"]


def test_a_huge_link_value_is_not_repeated_in_the_message():
    link = parse_query("players=" + "9" * 5000 + "&lang=" + "\x1b" * 3000)
    texts = " ".join(link.problem_texts())
    assert len(texts) < 600 and "\x1b" not in texts and "…" in texts


@pytest.mark.parametrize("game, change, where", [
    ("burg", lambda d: d["cards"][1].update(count=501), "cards[1].count"),
    ("burg", lambda d: d["tools"].update(tea=10_000_000), "tools.tea"),
    ("burg", lambda d: d["cards"].extend({"id": f"c{i}", "role": "filling", "count": 400}
                                         for i in range(5)), "components: has"),
    ("coffee-rush", lambda d: d["ingredients"][0].update(count=3_000_000),
     "ingredients[0].count"),
    ("coffee-rush", lambda d: d["deck"]["orders"][0].update(copies=600), "orders[0].copies"),
    ("coffee-rush", lambda d: d["board"].update(cells=[["milk"] * 20] * 20), "board.cells"),
    ("coffee-rush", lambda d: d["player"].update(tabs=10 ** 9), "player.tabs"),
    ("cuisine-a-la-card", lambda d: d["ingredients"][1].update(count=3_000_000),
     "ingredients[1].count"),
    ("cuisine-a-la-card", lambda d: d["starting"].update(spoon=1000), "starting.spoon"),
    ("cuisine-a-la-card", lambda d: d["tools"]["fork"].update(count=10 ** 6),
     "tools.fork.count"),
    ("food-truck", lambda d: d["central_deck"].update({d["meals"][0]: 3_000_000}),
     "central_deck."),
    ("food-truck", lambda d: d.update(truck_deck=["swap"] * 600), "truck_deck"),
    ("food-truck", lambda d: d.update(meals=[f"m{i}" for i in range(3000)]), "meals"),
])
def test_component_limits_name_the_field(no_deck, game, change, where):
    data = json.loads(json.dumps(get_game(game).components().source))
    change(data)
    before = json.dumps(data)
    with pytest.raises(limits.LimitError) as raised:
        get_game(game).components(data)
    assert where in str(raised.value) and "the most" in str(raised.value)
    with pytest.raises(RecordError, match="cannot set up the game"):
        replay(Record(game, 2, seed=1, components=data))
    assert json.dumps(data) == before


def test_the_default_component_sets_are_well_inside_the_limits():
    for game in ("burg", "coffee-rush", "cuisine-a-la-card", "food-truck"):
        data = get_game(game).components().source
        bigger = json.loads(json.dumps(data).replace('"count": 1,', '"count": 2,'))
        get_game(game).components(bigger)


@pytest.mark.parametrize("data, where, words", [
    (record_json(moves=[{"seat": 0, "kind": "reveal"}] * 5001), "moves", "5001 moves"),
    (record_json(names=["n" * 61, "Bob", "Cy"]), "names[0]", "more than 60 characters"),
    (record_json(names=["Ann", "", "Cy"]), "names[1]", "non-empty"),
    (record_json(names=["Ann", "B\nob", "Cy"]), "names[1]", "U+000A"),
    (record_json(seed=10 ** 20), "seed", "more than 18 digits"),
    (record_json(seed=float("inf")), "seed", "inf"),
    (record_json(options={"a": "t" * 10_001}), "options.a", "more than 10000 characters"),
    (record_json(setup=json.loads("[" * 50 + "]" * 50)), "setup", "more than 40 levels"),
    (record_json(options={"x": list(range(300_000))}), "record", "more than 250000 values"),
    (record_json(annotations={"١": "note"}), "annotations.١", "step number"),
])
def test_record_limits_name_the_field(data, where, words):
    with pytest.raises(RecordError) as raised:
        Record.from_json(data)
    assert f"malformed record: {where}" in str(raised.value) and words in str(raised.value)


def test_record_text_limits_come_before_parsing(monkeypatch):
    monkeypatch.setattr(limits.json, "loads", lambda *_a, **_k: pytest.fail("parsed"))
    with pytest.raises(RecordError, match=f"larger than {limits.RECORD_BYTES} bytes"):
        Record.loads(" " * (limits.RECORD_BYTES + 1))
    with pytest.raises(RecordError, match="not UTF-8 text \\(byte 3"):
        Record.loads(b'{"a\xff": 1}')


def test_a_record_file_is_read_bounded(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record_json()) + " " * limits.RECORD_BYTES, encoding="utf-8")
    with pytest.raises(RecordError, match="r.json: is larger than"):
        Record.load(path)
    path.write_text(json.dumps(record_json()), encoding="utf-8")
    assert Record.load(path).players == 3
    with pytest.raises(DataError, match="not a regular file"):
        limits.read_file(tmp_path)


def test_printable_escapes_control_and_bidi_codes_and_cuts():
    assert limits.printable("a\x1b[2Jb\u202ec\td\ne", None) == "a\\x1b[2Jb\\u202ec\td\ne"
    assert limits.printable("x" * 100, 10) == "x" * 9 + "…"
    assert limits.printable("Zoë 👩\u200d🍳\u00a0!") == "Zoë 👩\u200d🍳\u00a0!"
    assert limits.shown("y" * 1000) == "'" + "y" * 39 + "…' (1000 characters)"
    assert limits.shown(["a"]) == "a list" and limits.shown(10 ** 40).startswith("a number")
