"""The lesson player: the learner makes a lesson's decisions, with a hint ladder that costs stars,
"try any move" for the rules that say no, an off-line comment with a retry, and an end summary
of the rules met.

    LessonPlayer.from_query(os.environ.get("QUERY_STRING", ""))   # in Voilà
    player = LessonPlayer(game="burg")                            # the first BURG lesson

All lesson state lives in the engine's `LessonRun` (foodplay.teaching.lessons); the widgets only
render it and pass the learner's moves on. The panels' HTML is in lesson_view.py, the hint
ladder's button and panel in lesson_hints.py.

Nothing lost: the learner's progress in the open lesson (the decisions made, the hints used and
the moves off the line tried, with a checksum) is written into the page's address after every
change. The address bar is rewritten with `history.replaceState` and the same address is shown
as a link, so that a reload (Voilà hands the query string to the new kernel), a bookmark or a
link sent to a teacher reopens the very same point, with the same score: the stars are always
recomputed from that progress, never read from the address. The stars of finished lessons are
kept in the browser's local storage (see foodplay_widgets.pages.stars), which the gallery reads too.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from foodplay.engine import Move
from foodplay.explain import move_text, step_text
from foodplay.games import get_game
from foodplay.i18n.messages import LANGUAGES
from foodplay.teaching.lessons import (
    Course,
    Lesson,
    LessonRun,
    Outcome,
    Rung,
    games_with_lessons,
    lessons_for,
    parse_course,
)
from foodplay_widgets.app.context import Context
from foodplay_widgets.app.explanation import (
    RulebookReader,
)
from foodplay_widgets.app.guard import ErrorCatcher
from foodplay_widgets.app.share import link_row_html, page_url
from foodplay_widgets.app.style import CSS, style_widget
from foodplay_widgets.app.table import TableView
from foodplay_widgets.pages.lesson_hints import HintLadder
from foodplay_widgets.pages.lesson_view import (
    LESSON_CSS,
    feedback_html,
    goal_html,
    happened_html,
    summary_html,
)
from foodplay_widgets.pages.stars import BrowserStore
from foodplay_widgets.text import Text, esc, language_options, mark_language, mark_link_target


def _button(css: str, style: str = "") -> widgets.Button:
    button = widgets.Button(layout=widgets.Layout(width="auto"), button_style=style)
    button.add_class(css)
    return button


class LessonPlayer(widgets.VBox):
    """One learner's lessons for one game at a time.

    Children worth knowing (tests click and read them): `game_select`, `lesson_select`,
    `prev_lesson`, `next_lesson`, `restart`, `goal`, `table`, `happened`, `prompt`,
    `move_buttons`, `try_buttons`, `whynot` and `whynot_try`, `hint_button`, `hints`,
    `feedback`, `retry`, `summary`, `summary_next`, `link`, `messages`; `run` is the engine's
    LessonRun and `course` the progress kept in the link.
    """

    def __init__(self, game: str | None = None, lesson: str | None = None, *,
                 course: Course | None = None, lang: str = "en",
                 env: Mapping[str, str] | None = None):
        self.env = env
        self.errors = ErrorCatcher(self._report_error)
        guard = self.errors
        self.course = course if course is not None else Course()
        self.lang = lang if lang in LANGUAGES else self.course.lang
        self.course.lang = self.lang
        self._problems: list[str] = []
        self._quiet = False
        self._outcome: Outcome | None = None
        self._steps_shown: list = []
        self._buttons_key: tuple | None = None
        games = games_with_lessons()
        uid = lesson or self.course.lesson
        if uid:
            game = uid.split("/", 1)[0]
        self.game_id = game if game in games else (games[0] if games else "burg")

        self.style = style_widget(LESSON_CSS)
        self.title = widgets.HTML()
        self.title.add_class("fp-lesson-title")
        self.game_select = widgets.Dropdown(layout=widgets.Layout(width="auto"),
                                       style={"description_width": "initial"})
        self.game_select.add_class("fp-lesson-game")
        self.lang_select = widgets.Dropdown(options=language_options(), value=self.lang,
                                            layout=widgets.Layout(width="auto"))
        self.lang_select.add_class("fp-lang")
        self.lesson_select = widgets.Dropdown(layout=widgets.Layout(width="auto",
                                                                    max_width="40em"),
                                              style={"description_width": "initial"})
        self.lesson_select.add_class("fp-lesson-choice")
        self.prev_lesson = _button("fp-lesson-prev")
        self.next_lesson = _button("fp-lesson-next")
        self.restart = _button("fp-lesson-restart")
        self.messages = widgets.HTML()
        self.messages.add_class("fp-messages")
        self.goal = widgets.HTML()
        self.goal.add_class("fp-lesson-goal-box")
        self.reader = RulebookReader(guard)
        self.table = TableView()
        self.happened = widgets.HTML()
        self.happened.add_class("fp-lesson-happened-box")
        self.prompt = widgets.HTML()
        self.prompt.add_class("fp-lesson-prompt-box")
        self.prompt.add_class("fp-live")  # announced (style.py)
        self.moves_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.moves_box.add_class("fp-lesson-moves")
        self.move_buttons: list[widgets.Button] = []
        self.tries_label = widgets.HTML()
        self.tries_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.tries_box.add_class("fp-lesson-tries")
        self.try_buttons: list[widgets.Button] = []
        self.whynot = widgets.Dropdown(layout=widgets.Layout(width="auto", max_width="100%"),
                                       style={"description_width": "initial"})
        self.whynot.add_class("fp-lesson-whynot")
        self.whynot_try = _button("fp-lesson-whynot-try")
        self.ladder = HintLadder(_button)  # the hint ladder (lesson_hints.py)
        self.hint_button, self.hints = self.ladder.button, self.ladder.panel
        self.feedback = widgets.HTML()
        self.feedback.add_class("fp-lesson-feedback")
        self.feedback.add_class("fp-live")  # announced (style.py)
        self.retry = _button("fp-lesson-retry")
        self.retry.add_class("fp-lesson-tool")
        self.summary = widgets.HTML()
        self.summary.add_class("fp-lesson-summary-box")
        self.summary.add_class("fp-live")  # announced (style.py)
        self.summary_next = _button("fp-lesson-summary-next", "success")
        self.summary_next.add_class("fp-lesson-tool")
        self.link = widgets.HTML()
        self.link.add_class("fp-lesson-link-box")
        self.store = BrowserStore(guard(self._stored))

        header = widgets.HBox([self.title, widgets.HBox([self.game_select, self.lang_select])])
        header.add_class("fp-header")
        chooser = widgets.HBox([self.lesson_select, self.prev_lesson, self.next_lesson,
                                self.restart], layout=widgets.Layout(flex_flow="row wrap"))
        chooser.add_class("fp-settings")
        whynot = widgets.HBox([self.whynot, self.whynot_try],
                              layout=widgets.Layout(flex_flow="row wrap"))
        whynot.add_class("fp-lesson-tools")
        tools = widgets.HBox([self.hint_button], layout=widgets.Layout(flex_flow="row wrap"))
        tools.add_class("fp-lesson-tools")
        self.decide = widgets.VBox([self.prompt, self.moves_box, self.tries_label,
                                    self.tries_box, whynot, tools])
        self.decide.add_class("fp-moves")
        self.decide.add_class("fp-lesson-decide")
        feedback = widgets.VBox([self.feedback, self.retry])
        feedback.add_class("fp-lesson-feedback-panel")
        finish = widgets.VBox([self.summary, self.summary_next])
        finish.add_class("fp-lesson-finish")
        left = widgets.VBox([self.goal, self.table])
        left.add_class("fp-left")
        right = widgets.VBox([feedback, finish, self.decide, self.hints, self.happened,
                              self.reader])
        right.add_class("fp-right")
        main = widgets.HBox([left, right])
        main.add_class("fp-main")
        super().__init__([self.style, header, chooser, self.messages, main, self.link,
                          self.store])
        self.add_class("fp-app")
        mark_language(self, self.lang)
        self.add_class("fp-lesson-player")

        self.game_select.observe(guard(self._game_changed), "value")
        self.lang_select.observe(guard(self._lang_changed), "value")
        self.lesson_select.observe(guard(self._lesson_changed), "value")
        self.prev_lesson.on_click(guard(lambda _: self.open_index(self.index - 1)))
        self.next_lesson.on_click(guard(lambda _: self.open_index(self.index + 1)))
        self.summary_next.on_click(guard(lambda _: self.open_index(self.index + 1)))
        self.restart.on_click(guard(lambda _: self.open_lesson(self.lesson.uid, fresh=True)))
        self.whynot_try.on_click(guard(self._try_chosen))
        self.hint_button.on_click(guard(lambda _: self.hint()))
        self.retry.on_click(guard(lambda _: self.dismiss()))

        lessons = lessons_for(self.game_id)
        wanted = uid if uid and any(x.uid == uid for x in lessons) else \
            (lessons[0].uid if lessons else None)
        if wanted is None:
            self.lesson = None
            self.run = None
            self._draw_empty()
            return
        resume = self.course.current if self.course.lesson == wanted else None
        self.open_lesson(wanted, resume=resume)

    # --- opening -------------------------------------------------------------------------
    @classmethod
    def from_query(cls, query: str, env: Mapping[str, str] | None = None,
                   game: str | None = None) -> LessonPlayer:
        """Open the lesson and progress a link asks for; bad parts are listed and dropped.
        This never raises: any failure opens the first lesson, and says so."""
        try:
            course = parse_course(query or "")
            player = cls(game=game, course=course, lang=course.lang, env=env)
            player.show_problems([player.text(k, **p) for k, p in course.problems])
            if "lesson=" in (query or ""):
                mark_link_target(player)  # a link to a lesson lands on its heading
            return player
        except Exception as exc:  # a link must never show a traceback
            player = cls(game=game, env=env)
            player.errors.record(exc)
            return player

    @property
    def lessons(self) -> tuple[Lesson, ...]:
        return lessons_for(self.game_id)

    @property
    def index(self) -> int:
        return next(i for i, x in enumerate(self.lessons) if x.uid == self.lesson.uid)

    def open_index(self, index: int) -> None:
        lessons = self.lessons
        if 0 <= index < len(lessons):
            self.open_lesson(lessons[index].uid)

    def open_lesson(self, uid: str, resume=None, fresh: bool = False) -> None:
        """Open lesson `uid` (of the game shown) at its start, or where `resume` left it."""
        self.lesson = next(x for x in self.lessons if x.uid == uid)
        self.run = LessonRun.resume(self.lesson, resume) if resume and not fresh \
            else LessonRun(self.lesson)
        self.course.lesson = uid
        self._outcome = None
        self._steps_shown = list(self.run.timeline.steps[self.run.timeline.last:]) \
            if self.run.at == 0 else self._since_last_decision()
        self.render()
        self._focus_first()

    def _since_last_decision(self):
        """The steps since the learner's last decision (for a resumed lesson)."""
        steps = self.run.timeline.steps
        seat = self.lesson.seat
        k = len(steps) - 1
        while k > self.run.start and (steps[k].move is None or steps[k].move.seat != seat):
            k -= 1
        return list(steps[k:])

    # --- the learner's actions -----------------------------------------------------------
    def attempt(self, move: Move) -> Outcome:
        """Try `move` as the learner: refused and off-line moves change nothing."""
        outcome = self.run.attempt(move)
        self._outcome = outcome
        if outcome.kind == "accepted":
            self._steps_shown = list(outcome.steps)
            if self.run.finished and self.run.succeeded:
                best = self.course.stars.get(self.lesson.uid, 0)
                self.course.stars[self.lesson.uid] = max(best, self.run.stars)
                self.store.save(self.course.stars)
        self.render()
        if outcome.kind == "accepted":
            if self.run.finished:
                self._focus(self.summary_next if not self.summary_next.disabled
                            else self.restart)
            else:
                self._focus_first()
        elif outcome.kind in ("refused", "off_line"):
            self._focus(self.retry)
        return outcome

    def _lang_changed(self, change: dict) -> None:
        """Switch language in place: the lesson, its progress and the score stay."""
        if self._quiet or change["new"] not in LANGUAGES:
            return
        self.lang = self.course.lang = change["new"]
        mark_language(self, self.lang)
        self._buttons_key = None
        if self.run is not None:
            self.render()
        else:
            self._draw_empty()

    def _stored(self, stars: dict[str, int]) -> None:
        """The browser handed over the stars of lessons finished before: show them."""
        for uid, count in stars.items():
            self.course.stars[uid] = max(count, self.course.stars.get(uid, 0))
        if self.run is not None:
            self._draw_header(Text(get_game(self.game_id), self.lang))

    def hint(self) -> Rung | None:
        """Climb one rung of the hint ladder (it may cost a star; the button says so)."""
        rung = self.run.hint()
        self.render()
        self._focus(self.hint_button if not self.hint_button.disabled else self._first_move())
        return rung

    def dismiss(self) -> None:
        """Retry: close the off-line or refusal message and go back to the moves."""
        self._outcome = None
        self.render()
        self._focus_first()

    def _try_chosen(self, _: Any = None) -> None:
        if self.whynot.value is not None:
            self.ask(self._whynot_moves[self.whynot.value])

    def ask(self, move: Move) -> None:
        """"Why not?" about `move`: a refused move is answered with its rule (free, as ever);
        an allowed one is only said to be allowed, with its rule. Asking never plays."""
        run = self.run
        verdict = run.state.check(move) if run.expected is not None else None
        if verdict is None or not verdict.ok or move.seat != self.lesson.seat:
            self.attempt(move)
            return
        self._outcome = Outcome("asked", move, verdict)
        self.render()
        self._focus(self.retry)

    # --- drawing -------------------------------------------------------------------------
    def text(self, key: str, **params: Any) -> str:
        return Text(get_game(self.game_id), self.lang)(key, **params)

    def context(self) -> Context:
        return Context(self.run.timeline, self.lesson.seat, self.lang, "play", self.lesson.seat)

    def render(self) -> None:
        ctx = self.context()
        text = ctx.text
        run = self.run
        sheet = f"<style>{CSS}{LESSON_CSS}{getattr(ctx.renderer, 'css', '')}</style>"
        if self.style.value != sheet:
            self.style.value = sheet
        self._draw_header(text)
        self._draw_goal(text)
        before = None
        if self._steps_shown and self._steps_shown[0].index > 0:
            before = run.timeline.state_at(self._steps_shown[0].index - 1).view(self.lesson.seat)
        self.table.render(ctx, before)
        self._draw_happened(ctx)
        self._draw_decision(ctx)
        self._draw_hints(ctx)
        self._draw_feedback(ctx)
        self._draw_summary(ctx)
        self.reader.render(get_game(self.game_id).rulebook(), text)
        self._draw_link(text)
        self._draw_messages(text)

    def _draw_header(self, text: Text) -> None:
        game = get_game(self.game_id)
        self.title.value = (f'<h2 class="fp-app-title">'
                            f'{text.html("ui.lesson.page_title", title=game.title)}</h2>'
                            f'<p class="fp-lesson-intro">{text.html("ui.lesson.intro")}</p>')
        self._quiet = True
        try:
            options = [(get_game(g).title, g) for g in games_with_lessons()]
            if list(self.game_select.options) != options:
                self.game_select.options = options
            self.game_select.value = self.game_id
            self.game_select.description = text("ui.lesson.game")
            self.lang_select.description = text("ui.lang.label")
            self.lang_select.value = self.lang
            lessons = self.lessons
            items = []
            for i, lesson in enumerate(lessons, start=1):
                done = self.course.stars.get(lesson.uid)
                title = text(lesson.title)
                label = text("ui.lesson.option_done", number=i, title=title, count=done) \
                    if done else text("ui.lesson.option", number=i, title=title)
                items.append((label, lesson.uid))
            if list(self.lesson_select.options) != items:
                self.lesson_select.options = items
            self.lesson_select.value = self.lesson.uid
            self.lesson_select.description = text("ui.lesson.choose")
        finally:
            self._quiet = False
        index, total = self.index, len(self.lessons)
        for button, key, disabled in ((self.prev_lesson, "ui.lesson.prev", index == 0),
                                      (self.next_lesson, "ui.lesson.next", index >= total - 1)):
            button.description = text(key)
            button.tooltip = text(f"{key}_tip")
            button.disabled = disabled
        self.restart.description = text("ui.lesson.restart")
        self.restart.tooltip = text("ui.lesson.restart_tip")

    def _params(self) -> dict[str, Any]:
        return {"seat": self.lesson.seat}

    def _draw_goal(self, text: Text) -> None:
        self.goal.value = goal_html(text, self.lesson, self.run, self.index + 1,
                                    len(self.lessons))

    def _draw_happened(self, ctx: Context) -> None:
        self.happened.value = happened_html(ctx, self.run, self._steps_shown, self.reader.prefix)

    def _draw_decision(self, ctx: Context) -> None:
        text, run, lesson = ctx.text, self.run, self.lesson
        expected = run.expected
        if expected is None:
            self._drop_buttons()
            self._whynot_moves: list[Move] = []
            self.decide.layout.display = "none"
            self.prompt.value = ""
            return
        self.decide.layout.display = ""
        state = run.state
        decision = state.decision()
        what = text(decision.kind, seat=lesson.seat) if decision else ""
        prompt = text(expected.prompt, **self._params()) if expected.prompt else \
            text("ui.lesson.your_move", seat=lesson.seat, decision=what)
        self.prompt.value = (f'<h4 class="fp-lesson-now">{text.html("ui.lesson.now")}</h4>'
                             f'<p class="fp-lesson-prompt" role="status">{esc(prompt)}</p>')
        moves = state.legal_moves(lesson.seat)
        tries = [m for m in expected.tries if not state.check(m).ok]
        # The same decision keeps the same buttons (after a refusal, a retry or a hint), so
        # that the keyboard focus is not lost under the learner's fingers.
        key = (lesson.uid, run.at, run.timeline.last, tuple(moves), tuple(tries), ctx.lang)
        if key != self._buttons_key:
            self._drop_buttons()
            for move in moves:
                button = _button("fp-lesson-move")
                button.description = move_text(state, move, ctx.lang)
                button.tooltip = step_text(state, move, ctx.lang)
                button.add_class(f"fp-move-{move.kind}")
                button.on_click(self.errors(lambda _, m=move: self.attempt(m)))
                self.move_buttons.append(button)
            for move in tries:
                button = _button("fp-lesson-try")
                button.description = move_text(state, move, ctx.lang)
                button.tooltip = text("ui.lesson.try_tip")
                button.on_click(self.errors(lambda _, m=move: self.attempt(m)))
                self.try_buttons.append(button)
            self.moves_box.children = self.move_buttons
            self.tries_box.children = self.try_buttons
            self._buttons_key = key
        self.moves_box.layout.display = "" if self.move_buttons else "none"
        self.tries_label.value = (f'<p class="fp-lesson-tries-label">'
                                  f'{text.html("ui.lesson.worth_trying")}</p>'
                                  if self.try_buttons else "")
        self.tries_box.layout.display = "" if self.try_buttons else "none"
        self._whynot_moves = list(expected.tries) + [
            m for m in state.candidates(lesson.seat) if m not in expected.tries]
        self.whynot.options = [(move_text(state, m, ctx.lang), i)
                               for i, m in enumerate(self._whynot_moves)]
        self.whynot.index = 0 if self._whynot_moves else None
        self.whynot.description = text("ui.lesson.try_label")
        self.whynot_try.description = text("ui.lesson.try")
        self.whynot_try.tooltip = text("ui.lesson.try_tip")
        self.ladder.draw_button(ctx, run)

    def _drop_buttons(self) -> None:
        for button in self.move_buttons + self.try_buttons:
            button.close()
        self.move_buttons, self.try_buttons = [], []
        self.moves_box.children = ()
        self.tries_box.children = ()
        self._buttons_key = None

    def rung_text(self, rung: Rung, ctx: Context | None = None) -> str:
        """A rung's words (its own message, or the tutor's wording of the clause or answer)."""
        return self.ladder.rung_text(rung, ctx or self.context(), self.run,
                                     get_game(self.game_id).rulebook(), self._params())

    def _draw_hints(self, ctx: Context) -> None:
        self.ladder.draw_panel(ctx, self.run, get_game(self.game_id).rulebook(),
                               self._params(), self.reader.prefix)

    def _draw_feedback(self, ctx: Context) -> None:
        text, outcome = ctx.text, self._outcome
        self.retry.description = text("ui.lesson.retry")
        self.retry.tooltip = text("ui.lesson.retry_tip")
        if outcome is None or outcome.kind not in ("refused", "off_line", "accepted", "asked"):
            self.feedback.value = ""
            self.retry.layout.display = "none"
            return
        what = move_text(self.run.state, outcome.move, ctx.lang)
        self.feedback.value = feedback_html(ctx, outcome, self.run,
                                            get_game(self.game_id).rulebook(), what,
                                            self.reader.prefix, self.lesson.seat)
        self.retry.layout.display = "none" if outcome.kind == "accepted" else ""

    def _draw_summary(self, ctx: Context) -> None:
        text, run = ctx.text, self.run
        last = self.index >= len(self.lessons) - 1
        self.summary_next.description = text("ui.lesson.next")
        self.summary_next.tooltip = text("ui.lesson.next_tip")
        self.summary_next.disabled = last
        if not run.finished:
            self.summary.value = ""
            self.summary.layout.display = "none"
            self.summary_next.layout.display = "none"
            return
        self.summary.value = summary_html(text, run, self.lesson, self.reader.prefix,
                                          get_game(self.game_id).title, last)
        self.summary.layout.display = ""
        self.summary_next.layout.display = "" if run.succeeded and not last else "none"

    def progress_query(self) -> str:
        self.course.current = self.run.progress()
        self.course.lang = self.lang
        return self.course.query()

    def _draw_link(self, text: Text) -> None:
        query = self.progress_query()
        self.url = page_url(query)
        # Rewrite the address bar, so that a reload reopens this point (see the module's
        # docstring). A new <img> is made at every change, and its failing load runs this.
        script = esc(f"history.replaceState(history.state, '', "
                     f"location.pathname + {json.dumps('?' + query)})")
        self.link.value = (
            link_row_html(self.url, "fp-lesson-link", text.html("ui.lesson.link"),
                          text.html("ui.lesson.link_label"), new_tab=False)
            + f'<p class="fp-lesson-link-note">{text.html("ui.lesson.link_note")}</p>'
            f'<img class="fp-address-sync" alt="" hidden src="data:," onerror="{script}">')

    # --- messages and focus --------------------------------------------------------------
    def show_problems(self, texts: list[str]) -> None:
        self._problems += texts
        self._draw_messages(Text(get_game(self.game_id), self.lang))

    def _report_error(self, exc: BaseException) -> None:
        text = Text(get_game(self.game_id), self.lang)
        self._problems.append(text("ui.error.unexpected", detail=type(exc).__name__))
        self._draw_messages(text)

    def _draw_messages(self, text: Text) -> None:
        if not self._problems:
            self.messages.value = ""
            self.messages.layout.display = "none"
            return
        items = "".join(f'<li class="fp-msg fp-msg-problem">{esc(t)}</li>'
                        for t in self._problems)
        self.messages.value = (f'<div class="fp-message-box" role="alert"><p class="'
                               f'fp-message-title">{text.html("ui.messages.title")}</p>'
                               f"<ul>{items}</ul></div>")
        self.messages.layout.display = ""

    @property
    def message_texts(self) -> list[str]:
        return list(self._problems)

    def _first_move(self) -> widgets.Widget:
        return self.move_buttons[0] if self.move_buttons else self.hint_button

    def _focus_first(self) -> None:
        if self.run is not None and self.run.finished:
            self._focus(self.summary_next if self.summary_next.layout.display != "none"
                        else self.restart)
        else:
            self._focus(self._first_move())

    @staticmethod
    def _focus(widget: widgets.Widget) -> None:
        """Move the keyboard focus (ipywidgets 8: a message to the page; harmless in tests)."""
        focus = getattr(widget, "focus", None)
        if focus is not None:
            try:
                focus()
            except Exception:  # no front end attached (plain Python): nothing to focus
                pass

    def _draw_empty(self) -> None:
        text = Text(get_game(self.game_id), self.lang)
        title = get_game(self.game_id).title
        self.title.value = f'<p>{text.html("ui.lesson.none", title=title)}</p>'

    # --- selectors -----------------------------------------------------------------------
    def _game_changed(self, change: dict) -> None:
        if self._quiet or change["new"] == self.game_id:
            return
        self.game_id = change["new"]
        lessons = self.lessons
        undone = [x for x in lessons if x.uid not in self.course.stars]
        self.open_lesson((undone or lessons)[0].uid)

    def _lesson_changed(self, change: dict) -> None:
        if self._quiet or change["new"] is None or change["new"] == self.lesson.uid:
            return
        self.open_lesson(change["new"])

