"""Quizzes in the page: a question about a real position, the learner's answer, and each
choice explained with the rule behind it (foodplay.teaching.quiz makes the questions and answers).

    QuizPanel(game="burg")          # questions from BURG games, seed 1 onwards
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from foodplay.games import get_game
from foodplay.i18n.messages import LANGUAGES
from foodplay.record import Record
from foodplay.teaching.quiz import KINDS, Quiz, quiz_at
from foodplay.timeline import Timeline
from foodplay_widgets.app.context import Context
from foodplay_widgets.app.explanation import RulebookReader, clause_block
from foodplay_widgets.app.guard import ErrorCatcher
from foodplay_widgets.app.style import CSS, classed, style_widget
from foodplay_widgets.app.table import TableView
from foodplay_widgets.text import Text, esc

QUIZ_CSS = """
.fp-quiz-question { font-weight: 600; font-size: 1.08em; }
.fp-quiz-choices { gap: 2px; }
.fp-quiz-choices .widget-label-basic, .fp-quiz-choices label,
.fp-quiz-choices .widget-radio-box label { white-space: normal !important; overflow: visible;
  text-overflow: clip; line-height: 1.3; }
.fp-quiz-choices .widget-checkbox, .fp-quiz-choices .widget-radio { width: 100%;
  height: auto; }
.fp-quiz-choices .widget-radio-box label, .fp-quiz-choices .widget-checkbox label {
  height: auto !important; line-height: 1.3 !important; margin: 3px 0; display: flex;
  align-items: flex-start; gap: 6px; }
.fp-quiz-choices .widget-radio-box { height: auto !important; }
.fp-quiz-choices .widget-radio > .widget-label { display: none; }
.fp-quiz-result ol { padding-left: 1.3em; }
.fp-quiz-right { color: #116329; font-weight: 600; }
.fp-quiz-wrong { color: #82071e; font-weight: 600; }
.fp-quiz-mark { font-weight: 600; }
"""
ANY = "any"
MAX_TRIES = 12  # seeds tried for a kind before saying none could be made


class QuizPanel(widgets.VBox):
    """One question at a time from real games of `game`; Check marks it, Next asks another.

    Children worth knowing: `kind_select`, `question`, `choice_boxes` (multiple answers) or
    `radio` (one answer), `check`, `result`, `next_button`, `score`, `table`; `quiz` is the
    engine's Quiz."""

    def __init__(self, game: str = "burg", *, seed: int = 1, kind: str = ANY, lang: str = "en"):
        self.errors = ErrorCatcher(self._report)
        guard = self.errors
        self.game_id = get_game(game).id
        self.lang = lang if lang in LANGUAGES else "en"
        self.seed = seed
        self.kind = kind if kind in (*KINDS, ANY) else ANY
        self.asked = 0
        self.following = False  # under a LessonPlayer (follow): say so under the heading
        self.right = 0
        self.quiz: Quiz | None = None
        self._checked = False
        self.style = style_widget(QUIZ_CSS)
        self.title = widgets.HTML()
        self.kind_select = widgets.Dropdown(layout=widgets.Layout(width="auto"),
                                            style={"description_width": "initial"})
        self.kind_select.add_class("fp-quiz-kind")
        self.score = classed(widgets.HTML(), "fp-quiz-score")
        self.score.add_class("fp-live")  # announced (style.py)
        self.table = TableView()
        self.question = classed(widgets.HTML(), "fp-quiz-question-box")
        self.choices = classed(widgets.VBox(), "fp-quiz-choices")
        self.choice_boxes: list[widgets.Checkbox] = []
        self.radio: widgets.RadioButtons | None = None
        self.check = widgets.Button(button_style="primary", layout=widgets.Layout(width="auto"))
        self.check.add_class("fp-quiz-check")
        self.next_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.next_button.add_class("fp-quiz-next")
        self.result = classed(widgets.HTML(), "fp-quiz-result-box")
        self.result.add_class("fp-live")  # announced (style.py)
        self.reader = RulebookReader(guard)
        head = widgets.HBox([self.kind_select, self.score],
                            layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        head.add_class("fp-settings")
        buttons = classed(widgets.HBox([self.check, self.next_button]), "fp-lesson-tools")
        ask = widgets.VBox([self.question, self.choices, buttons, self.result, self.reader])
        ask.add_class("fp-right")
        left = classed(widgets.VBox([self.table]), "fp-left")
        main = classed(widgets.HBox([left, ask]), "fp-main")
        super().__init__([self.style, self.title, head, main])
        self.add_class("fp-app")
        self.add_class("fp-quiz-panel")
        self.check.on_click(guard(lambda _: self.mark()))
        self.next_button.on_click(guard(lambda _: self.next_question()))
        self.kind_select.observe(guard(self._kind_changed), "value")
        self.next_question(advance=False)

    # --- actions -------------------------------------------------------------------------
    def next_question(self, advance: bool = True) -> Quiz | None:
        """Ask a new question (from the next seed's game)."""
        if advance:
            self.seed += 1
        self.quiz = None
        for tries in range(MAX_TRIES):
            kinds = KINDS if self.kind == ANY else (self.kind,)
            kind = kinds[(self.seed + tries) % len(kinds)] if self.kind == ANY else self.kind
            self.quiz = quiz_at(kind, self.game_id, self.seed + tries, self.lang)
            if self.quiz is not None:
                self.seed += tries
                break
        self._checked = False
        self.render()
        return self.quiz

    def answer(self, chosen: set[int] | list[int]) -> None:
        """Set the learner's answer by choice index (as clicking would)."""
        if self.quiz is None:
            return
        if self.quiz.multiple:
            for i, box in enumerate(self.choice_boxes):
                box.value = i in chosen
        else:
            self.radio.index = next(iter(chosen)) if chosen else None

    def chosen(self) -> set[int]:
        if self.quiz is None:
            return set()
        if self.quiz.multiple:
            return {i for i, box in enumerate(self.choice_boxes) if box.value}
        return set() if self.radio.index is None else {self.radio.index}

    def mark(self) -> None:
        """Check the answer against the engine's and explain every choice."""
        if self.quiz is None or self._checked:
            return
        if not self.chosen():  # an empty answer is not graded: say so, and keep the question
            text = self._text()
            self.result.value = (f'<p class="fp-quiz-empty" role="alert">'
                                 f'{text.html("ui.quiz.choose_first")}</p>')
            return
        marking = self.quiz.mark(self.chosen())
        self.asked += 1
        self.right += marking.correct
        self._checked = True
        self._draw_result(marking)
        self._draw_score()
        self.check.disabled = True
        focus = getattr(self.next_button, "focus", None)
        if focus is not None:
            try:
                focus()
            except Exception:  # no page attached
                pass

    def set_game(self, game: str) -> None:
        """Ask about another game from now on (the lesson player's game, when it follows one)."""
        game_id = get_game(game).id
        if game_id != self.game_id:
            self.game_id = game_id
            self.next_question()

    def follow(self, player: Any) -> QuizPanel:
        """Ask about whichever game a LessonPlayer shows (and say so under the heading)."""
        self.following = True
        self.set_game(player.game_id)
        self._draw_title(self._text())
        player.game_select.observe(self.errors(lambda change: self.set_game(change["new"])),
                                   "value")
        player.lang_select.observe(self.errors(lambda change: self.set_lang(change["new"])),
                                   "value")
        return self

    def set_lang(self, lang: str) -> None:
        """Ask and explain in `lang` from now on, the question shown included: the same kind of
        question from the same seed's game, asked again in `lang`."""
        if lang in LANGUAGES and lang != self.lang:
            self.lang = lang
            chosen, checked = self._chosen_choices(), self._checked
            if self.quiz is not None:
                self.quiz = quiz_at(self.quiz.kind, self.game_id, self.seed, lang) or self.quiz
            self.render()
            self._keep_answer(chosen, checked)

    @staticmethod
    def _identity(choice: Any) -> tuple:
        """A choice as it is in any language: what it says about the game, not its words."""
        return (choice.move, choice.claim, choice.clauses, choice.correct)

    def _chosen_choices(self) -> list[tuple]:
        return [self._identity(self.quiz.choices[i]) for i in sorted(self.chosen())]

    def _keep_answer(self, chosen: list[tuple], checked: bool) -> None:
        """The learner's answer to the question asked again (its choices may come in another
        order), and its marking once checked (counted once: the score stays), after a
        language switch. A question that is not the same in the new language starts afresh."""
        if self.quiz is None or not chosen:
            return
        now = [self._identity(choice) for choice in self.quiz.choices]
        if not all(identity in now for identity in chosen):
            self._checked = False
            return
        chosen = {now.index(identity) for identity in chosen}
        self.answer(chosen)
        if checked:
            self._draw_result(self.quiz.mark(chosen))
            self.check.disabled = True

    # --- drawing -------------------------------------------------------------------------
    def _text(self) -> Text:
        names = self.quiz.record.names if self.quiz and self.quiz.record.names else ()
        if self.quiz is not None:
            names = Timeline(self.quiz.record).state_at(0).names
        return Text(get_game(self.game_id), self.lang, names)

    def _draw_title(self, text: Text) -> None:
        """The quiz's one heading (a section of the lessons page, as the lessons' own title is),
        and what it asks about."""
        follows = f' {text.html("ui.quiz.follows")}' if self.following else ""
        self.title.value = (f'<h2 class="fp-quiz-title">{text.html("ui.quiz.title")}: '
                            f"{esc(get_game(self.game_id).title)}</h2>"
                            f'<p class="fp-quiz-intro">{text.html("ui.quiz.intro")}{follows}</p>')

    def render(self) -> None:
        text = self._text()
        game = get_game(self.game_id)
        self._draw_title(text)
        options = [(text(f"ui.quiz.kind.{k}"), k) for k in KINDS]
        options = [(f"{text('ui.quiz.kind.allowed')} · {text('ui.quiz.kind.reveal')} · "
                    f"{text('ui.quiz.kind.scores')}", ANY)] + options
        if list(self.kind_select.options) != options:
            self.kind_select.options = options
        self.kind_select.value = self.kind
        self.kind_select.description = text("ui.quiz.kind_label")
        self.check.description = text("ui.quiz.check")
        self.check.tooltip = text("ui.quiz.check_tip")
        self.next_button.description = text("ui.quiz.next")
        self.next_button.tooltip = text("ui.quiz.next_tip")
        self.reader.render(game.rulebook(), text)
        self._draw_score()
        for box in self.choice_boxes:
            box.close()
        self.choice_boxes = []
        if self.radio is not None:
            self.radio.close()
            self.radio = None
        self.result.value = ""
        if self.quiz is None:
            self.question.value = f'<p role="status">{text.html("ui.quiz.none")}</p>'
            self.choices.children = ()
            self.table.clear()
            self.check.disabled = True
            return
        quiz = self.quiz
        timeline = Timeline(Record.from_json(quiz.record.to_json()))
        ctx = Context(timeline, quiz.seat, self.lang)
        self.table.render(ctx)
        self.question.value = (f'<p class="fp-quiz-counter">'
                               f'{text.html("ui.quiz.counter", n=self.asked + 1)} · '
                               f'{text.html(f"ui.quiz.kind.{quiz.kind}")}</p>'
                               f'<p class="fp-quiz-question">{esc(quiz.question)}</p>'
                               f'<p class="fp-quiz-tests">{text.html(quiz.tests)}</p>')
        if quiz.multiple:
            for i, choice in enumerate(quiz.choices):
                box = widgets.Checkbox(value=False, description=choice.text, indent=False,
                                       layout=widgets.Layout(width="100%"))
                box.add_class("fp-quiz-choice")
                box.add_class(f"fp-quiz-choice-{i}")
                self.choice_boxes.append(box)
            self.choices.children = self.choice_boxes
        else:
            self.radio = widgets.RadioButtons(options=[(c.text, i)
                                                       for i, c in enumerate(quiz.choices)],
                                              value=None, description=text("ui.quiz.choices"),
                                              layout=widgets.Layout(width="100%"))
            self.radio.add_class("fp-quiz-radio")
            self.choices.children = [self.radio]
        self.check.disabled = False

    def _draw_score(self) -> None:
        text = self._text()
        self.score.value = (f'<span class="fp-quiz-tally" aria-live="polite">'
                            f'{text.html("ui.quiz.score", right=self.right, asked=self.asked)}'
                            f"</span>")

    def _draw_result(self, marking: Any) -> None:
        text = self._text()
        rulebook = get_game(self.game_id).rulebook()
        items = []
        for i, choice in enumerate(self.quiz.choices):
            picked = i in marking.chosen
            key = ("ui.quiz.mark.right_chosen" if picked else "ui.quiz.mark.right_missed") \
                if choice.correct else \
                ("ui.quiz.mark.wrong_chosen" if picked else "ui.quiz.mark.wrong_left")
            good = picked == choice.correct
            blocks = "".join(clause_block(text, rulebook[c], self.reader.prefix)
                             for c in choice.clauses)
            items.append(f'<li class="fp-quiz-answer {"fp-quiz-ok" if good else "fp-quiz-ko"}">'
                         f'<p><strong>{esc(choice.text)}</strong></p>'
                         f'<p class="fp-quiz-mark">{text.html(key)}</p>'
                         f'<p class="fp-quiz-why">{esc(choice.explanation)}</p>'
                         f'<ul class="fp-cited-list">{blocks}</ul></li>')
        head = (f'<p class="fp-quiz-right">{text.html("ui.quiz.right")}</p>' if marking.correct
                else f'<p class="fp-quiz-wrong">{text.html("ui.quiz.not_quite")}</p>')
        self.result.value = (f'<section class="fp-quiz-result" role="status">{head}'
                             f'<ol>{"".join(items)}</ol></section>')

    def _kind_changed(self, change: dict) -> None:
        if change["new"] != self.kind and change["new"] is not None:
            self.kind = change["new"]
            self.next_question()

    def _report(self, exc: BaseException) -> None:
        text = Text(get_game(self.game_id), self.lang)
        self.result.value = (f'<div class="fp-message-box" role="alert">'
                             f'{text.html("ui.error.unexpected", detail=type(exc).__name__)}'
                             f"</div>")


__all__ = ["QuizPanel", "CSS"]
