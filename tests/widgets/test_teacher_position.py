"""Teacher's mode starts the tutor from a position pasted (or uploaded) as JSON."""

from __future__ import annotations

import json

from html_text import plain

from foodplay_widgets.pages.teacher import Teacher

POSITION = {"game": "food-truck", "players": 2, "first_player": 1,
            "position": {"round": 3, "supply": ["pizza", "curry"],
                         "seats": [{"vp": 2}, {"vp": 1}]}}


def test_a_pasted_position_starts_the_tutor_there():
    teacher = Teacher(game="burg", env={})
    teacher.paste.value = json.dumps(POSITION)
    teacher.start_position.click()
    assert teacher.app.errors.errors == []
    state = teacher.app.timeline.state_at(0)
    assert teacher.record.game == "food-truck" and state.round == 3 and state.vp == [2, 1]
    assert state.supply == ["pizza", "curry"] and state.first == 1
    assert "Started Food Truck from the position given." in plain(teacher.status.value)


def test_a_bad_position_is_refused_with_the_rule_and_nothing_changes():
    teacher = Teacher(game="burg", env={})
    before = teacher.record
    bad = dict(POSITION, position={"seats": [{"vp": 3}, {}]})
    assert not teacher.load(json.dumps(bad))
    shown = plain(teacher.status.value)
    assert "setup.position.seats[0].vp" in shown and "Rule 3-4" in shown
    assert teacher.record is before
