"""Teacher's mode: the tutor in a presenter layout with large type, a note on any step, saving
and loading the annotated game, class links (a game at step K, or a lesson), and a printable
printable rules summary generated from the clause catalogue.

    Teacher.from_query(os.environ.get("QUERY_STRING", ""))     # in Voilà
    teacher = Teacher(game="food-truck")

The notes are the teacher's own words, so they are data kept in the game record
(`Record.annotations`, step -> text), not message keys: they go into the downloaded record and
into the class link, and the game's tutor shows them at their steps. A note is kept as it is
typed (every change reaches the record at once), so Next, Back or the slider never lose it;
the note box sits in the tutor's right-hand column, folded under the explanation of its step:
on a projector the class reads the step, its explanation and its rule, not the teacher's
typing, until the teacher opens the box ("Write a note on this step"; teacher_style.py). A
fold rather than a second window: the box stays in the page that keeps the notes (the same
kernel, record and browser storage), so a note cannot be typed where it would not be kept,
and a mirrored screen (the usual classroom set-up) needs no second display.

Everything the tutor writes, it reads back: a note longer than a record holds
(`MAX_ANNOTATION`), or one that would make the saved game larger than a file the tutor opens
(`limits.RECORD_BYTES`), is refused as it is typed, with a counter and a message, and the step
keeps its last note that fitted. A class link longer than a link can safely be
(`links.SHARE_CHARS`) is not handed out: the page says so and points at the download. The notes
are kept in the browser's storage too (foodplay_widgets.pages.notes_keeper), so that a reload, or a
kernel that died, loses none: opening the same game again brings them back.
"""

from __future__ import annotations

import base64
import dataclasses
import functools
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from foodplay import limits
from foodplay.data import DataError, Say, refusal_text
from foodplay.data import said as said_in
from foodplay.engine import Game
from foodplay.games import built_games, get_game
from foodplay.links import SHARE_CHARS, Link, too_long_to_share, with_lang
from foodplay.position_io import position_record
from foodplay.record import MAX_ANNOTATION, Record, RecordError
from foodplay.teaching.lessons import Course, games_with_lessons, lessons_for
from foodplay.teaching.summary import file_name, summary_html
from foodplay_widgets.app.redraw import Debounced, Drawn
from foodplay_widgets.app.share import RecordCode, link_row_html, sibling_url, too_long_html
from foodplay_widgets.app.stepwise import in_kernel_loop
from foodplay_widgets.app.style import classed
from foodplay_widgets.app.tutor import App
from foodplay_widgets.pages.notes_keeper import (
    SURROGATE,
    NotesKeeper,
    game_key,
    note_problem,
    notes_hash,
    record_bytes,
)
from foodplay_widgets.pages.teacher_style import PRESENTER_CSS
from foodplay_widgets.text import Text, esc

# The game apps are the notebooks beside this one (see foodplay_widgets.pages.gallery.APPS).
APP_NOTEBOOKS = {"burg": "burg.ipynb", "coffee-rush": "coffee-rush.ipynb",
                 "cuisine-a-la-card": "cuisine-a-la-card.ipynb", "food-truck": "food-truck.ipynb"}
LESSONS_NOTEBOOK = "lessons.ipynb"
# messages that say what is wrong with the teacher's input: marked, and kept in view (style.py)
PROBLEMS = frozenset({"ui.teacher.note_too_long", "ui.teacher.note_bad_char",
                      "ui.teacher.notes_too_big", "ui.teacher.bad_file", "ui.teacher.bad_paste"})
TYPING_PAUSE = 0.6  # seconds without a key before the links follow a note being typed


def _find_class(widget: widgets.Widget, css: str) -> widgets.Box | None:
    """The first box under `widget` (depth first) that carries the CSS class `css`."""
    if css in getattr(widget, "_dom_classes", ()) and isinstance(widget, widgets.Box):
        return widget
    for child in getattr(widget, "children", ()):
        found = _find_class(child, css)
        if found is not None:
            return found
    return None


def _focus(widget: widgets.Widget) -> None:
    """Move the keyboard focus (ipywidgets 8: a message to the page; nothing in plain Python)."""
    try:
        widget.focus()
    except Exception:  # no front end attached (plain Python): nothing to focus
        pass


def _button(css: str, style: str = "") -> widgets.Button:
    button = widgets.Button(layout=widgets.Layout(width="auto"), button_style=style)
    button.add_class(css)
    return button


class _Refusal:
    """Why an upload or a paste was refused, said in the language the page shows when the
    status is drawn (the language menu may change after the refusal)."""

    def __init__(self, error: BaseException):
        self.error = error

    def text(self, lang: str) -> str:
        return refusal_text(self.error, lang).rstrip(".。")


class Teacher(widgets.VBox):
    """The tutor for one game (an App), with the teacher's tools around it.

    Children worth knowing: `app` (the tutor), `game_select`, `presenter`, `note` (the
    Textarea for the step shown), `save_note`, `remove_note`, `status`, `upload`, `download`,
    `class_link`, `lesson_select`, `lesson_link`, `summary`."""

    def __init__(self, app: App | None = None, *, game: str = "burg",
                 env: Mapping[str, str] | None = None, lang: str = "en"):
        self.env = env
        self.app = app if app is not None else App(game=game, env=env, lang=lang, step=0)
        self.style = widgets.HTML(f"<style>{PRESENTER_CSS}</style>")
        self.style.layout.display = "none"
        self.title = widgets.HTML()
        self.game_select = widgets.Dropdown(layout=widgets.Layout(width="auto"),
                                        style={"description_width": "initial"})
        self.game_select.add_class("fp-teacher-game")
        self.presenter = widgets.ToggleButton(value=True, layout=widgets.Layout(width="auto"))
        self.presenter.add_class("fp-teacher-presenter")
        # the note box is folded away (the class reads the step, not the teacher's typing);
        # this button opens it, beside the step's explanation
        self.notes_toggle = widgets.ToggleButton(value=False, layout=widgets.Layout(width="auto"))
        self.notes_toggle.add_class("fp-teacher-notes-toggle")
        self.note = widgets.Textarea(layout=widgets.Layout(width="100%"))
        self.note.add_class("fp-teacher-note-input")
        self.note_count = widgets.HTML()  # "123 / 4000 characters", as typed
        self.note_count.add_class("fp-teacher-note-count")
        self.keeper = NotesKeeper(self._restore)  # the notes in the browser's storage too
        self.save_note = _button("fp-teacher-save", "primary")
        self.remove_note = _button("fp-teacher-remove")
        self.status = classed(widgets.HTML(), "fp-teacher-status")
        self.status.add_class("fp-live")  # announced (style.py)
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False,
                                         layout=widgets.Layout(width="auto"))
        self.upload.add_class("fp-teacher-upload")
        self.download = classed(widgets.HTML(), "fp-teacher-download")
        self.paste = widgets.Textarea(layout=widgets.Layout(width="100%"))  # a position, as JSON
        self.paste.add_class("fp-teacher-position")
        self.start_position = _button("fp-teacher-start-position")
        self.class_link = classed(widgets.HTML(), "fp-teacher-class-link")
        self.lesson_select = widgets.Dropdown(layout=widgets.Layout(width="auto",
                                                                    max_width="36em"),
                                              style={"description_width": "initial"})
        self.lesson_select.add_class("fp-teacher-lesson")
        self.lesson_link = classed(widgets.HTML(), "fp-teacher-lesson-link")
        self.summary = classed(widgets.HTML(), "fp-teacher-summary")
        self.notes_heading = widgets.HTML()
        self.share_heading = widgets.HTML()
        self._message: tuple[str, dict[str, Any]] | None = None
        self._quiet = False
        self._drawn = Drawn()  # part -> the inputs it was last drawn from
        self._code = RecordCode()  # the record compressed for the class link
        self._bare: tuple[tuple, int] | None = None  # (record version, its size without notes)
        self._opened_notes = notes_hash(self.record.annotations)  # the notes it came with
        self._edited: set[int] = set()  # steps whose note was changed on this page
        self._keyed: tuple[tuple, str] | None = None  # (record version, its storage key)

        top = classed(widgets.HBox([self.game_select, self.presenter]), "fp-teacher-row")
        top.add_class("fp-teacher-head")
        self.title.add_class("fp-teacher-head")
        note_buttons = widgets.HBox([self.save_note, self.remove_note, self.note_count])
        note_buttons.add_class("fp-teacher-row")
        files = classed(widgets.HBox([self.upload, self.download]), "fp-teacher-row")
        lesson_row = classed(widgets.HBox([self.lesson_select, self.lesson_link]), "fp-teacher-row")
        # the note box goes beside the step it annotates (see _place_note_box)
        self.note_box = widgets.VBox([self.notes_heading, self.note, note_buttons, self.status])
        self.note_box.add_class("fp-teacher-tools")
        self.note_box.add_class("fp-teacher-note-box")
        self.note_box.layout.display = "none"
        self.notes_fold = classed(widgets.VBox([self.notes_toggle, self.note_box]),
                                  "fp-teacher-notes-fold")
        self.tools = widgets.VBox([self.share_heading, files, self.paste, self.start_position,
                                   self.class_link, lesson_row, self.summary])
        self.tools.add_class("fp-teacher-tools")
        self.holder = widgets.VBox([self.app])
        super().__init__([self.style, self.title, top, self.holder, self.tools, self.keeper])
        self.add_class("fp-teacher")
        self.add_class("fp-presenter")

        guard = self._guard
        self.save_note.on_click(guard(lambda _: self.save()))
        self.remove_note.on_click(guard(lambda _: self.remove()))
        self.presenter.observe(guard(self._presenter_changed), "value")
        self.notes_toggle.observe(guard(self._notes_toggled), "value")
        self.game_select.observe(guard(self._game_changed), "value")
        self.lesson_select.observe(guard(lambda _: self.render()), "value")
        self.upload.observe(guard(self._uploaded), "value")
        self.start_position.on_click(guard(lambda _: self.load_pasted(self.paste.value)))
        self.note.observe(guard(self._typed), "value")
        # the links carry the whole record (the download is about 30 kB for a finished BURG
        # game): while a note is typed they follow it once the typing pauses, not per key
        # (in a kernel only: plain Python, such as a test, draws them at once)
        self._links_later = Debounced(TYPING_PAUSE if in_kernel_loop() else None,
                                      guard(self._draw_links_now))
        self._watch(self.app)
        self.render()

    def _guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """`fn`, its errors reported by the app shown when it runs: a game switch or an upload
        replaces the app, and an error must reach the message box the teacher sees."""

        @functools.wraps(fn)
        def safe(*args: Any, **kwargs: Any) -> Any:
            return self.app.errors(fn)(*args, **kwargs)

        return safe

    @classmethod
    def from_query(cls, query: str, env: Mapping[str, str] | None = None,
                   game: str = "burg") -> Teacher:
        """The teacher's mode on the game, record and step a link asks for (an annotated game
        shared as a class link opens here too). Never raises, like App.from_query."""
        return cls(App.from_query(query or "", env, lazy=False), env=env)  # whole records

    # --- the teacher's actions -----------------------------------------------------------
    @property
    def lang(self) -> str:
        """The language the app shows: class links and the summary follow its menu."""
        return self.app.lang

    @property
    def record(self) -> Record:
        return self.app.timeline.record

    @property
    def step(self) -> int:
        return self.app.timeline.cursor

    def save(self, text: str | None = None) -> None:
        """Keep the note typed for the step shown (an empty note removes it)."""
        value = self.note.value if text is None else text
        if not value.strip():
            self.remove()
            return
        problem = self._note_problem(value)
        if problem is not None:  # the step keeps its last note that fitted
            self._message = problem
            self.app.render()
            return
        self.record.annotations[self.step] = value
        self._edited.add(self.step)
        self._message = ("ui.teacher.saved", {"step": self.step,
                                              "count": len(self.record.annotations)})
        self.app.render()

    def _note_problem(self, text: str) -> tuple[str, dict[str, Any]] | None:
        """Why `text` cannot be the note on the step shown (see note_problem), or None."""
        record = self.record
        version = (id(record), len(record.moves), self.app._edits)
        if self._bare is None or self._bare[0] != version:
            bare = dataclasses.replace(record, annotations={}).dumps().encode("utf-8")
            self._bare = (version, len(bare))
        return note_problem(record, self.step, text, self._bare[1])

    def _typed(self, change: dict) -> None:
        """Keep the note as it is typed: the record holds every change at once."""
        if self._quiet:
            return
        value = change["new"]
        text = Text(get_game(self.record.game), self.lang)
        self._draw_count(text, value)
        problem = self._note_problem(value)
        if problem is not None:  # refused as typed: the step keeps its last note that fitted
            self._message = problem
            self._draw_status(text)
            return
        if value.strip():
            self.record.annotations[self.step] = value
        else:
            self.record.annotations.pop(self.step, None)
        self._edited.add(self.step)
        self._message = ("ui.teacher.kept", {"step": self.step})
        self.app._draw_note(self.app.context())  # the tutor's aside for this step, at once
        self._draw_status(text)
        self._links_later()  # a link copied before Save carries the note too
        self.remove_note.disabled = self.step not in self.record.annotations

    def _draw_links_now(self) -> None:
        self._draw_record_links(Text(get_game(self.record.game), self.lang))

    def remove(self) -> None:
        self.record.annotations.pop(self.step, None)
        self._edited.add(self.step)
        self._message = ("ui.teacher.removed", {"step": self.step,
                                                "count": len(self.record.annotations)})
        self.app.render()

    def load_pasted(self, text: str) -> bool:
        """Open what was pasted in the position box, within the same size limits as an upload
        (its UTF-8 bytes, as a file would hold them); False with a message otherwise."""
        try:
            limits.parse_json(text.encode("utf-8", "surrogatepass"), Say("data.where.pasted"))
        except DataError as exc:
            self._message = ("ui.teacher.bad_paste", {"detail": _Refusal(exc)})
            self.render()
            return False
        return self.load(text, pasted=True)

    def load(self, text: str | bytes, *, pasted: bool = False) -> bool:
        """Open a saved game record or a position document (JSON text, or the bytes of an
        upload), with its notes; False with a message if the tutor cannot replay it."""
        try:
            record = position_record(text)
            app = App(record, env=self.env, lang=self.lang, step=0)
        except (RecordError, ValueError, KeyError) as exc:
            key = "ui.teacher.bad_paste" if pasted else "ui.teacher.bad_file"
            self._message = (key, {"detail": _Refusal(exc)})
            self.render()
            return False
        self._swap(app)
        saved = (b'"format"' if isinstance(text, bytes) else '"format"') in text
        key = "ui.teacher.loaded" if saved else "ui.teacher.position_started"
        self._message = (key, {"title": get_game(record.game).title,
                               "count": len(record.moves)})
        self.render()
        return True

    # --- drawing -------------------------------------------------------------------------
    def _watch(self, app: App) -> None:
        """Redraw the teacher's tools whenever the tutor redraws (a step, a seat, a game)."""
        draw = app.render

        def render() -> None:
            draw()
            self.render()

        app.render = render  # type: ignore[method-assign]

    def _swap(self, app: App) -> None:
        self.app = app
        self._opened_notes = notes_hash(app.timeline.record.annotations)
        self._edited = set()
        self._watch(app)
        self.holder.children = [app]
        self._place_note_box()

    def _place_note_box(self) -> None:
        """Put the folded note box in the tutor's right-hand column (class fp-right), just
        under the explanation of the step shown (never above it: the class reads the step
        first); under the tutor if there is no such column."""
        fold = self.notes_fold
        column = _find_class(self.app, "fp-right")
        if column is None:
            if fold not in self.holder.children:
                self.holder.children = [self.app, fold]
            return
        if fold not in column.children:
            children = list(column.children)
            after = self.app.explanation
            place = children.index(after) + 1 if after in children else len(children)
            column.children = [*children[:place], fold, *children[place:]]

    def class_link_url(self) -> str:
        """The link that opens this annotated game at the step shown, in the game's tutor."""
        record = self.record
        link = Link(game=record.game, players=record.players, seed=record.seed or 0,
                    record=record, step=self.step, seat=None, lang=self.lang)
        return sibling_url(APP_NOTEBOOKS.get(record.game, "index.ipynb"),
                           link.query(self._code(record, self.app._edits)[1]))

    def lesson_link_url(self) -> str | None:
        uid = self.lesson_select.value
        if not uid:
            return None
        course = Course(lesson=uid, lang=self.lang)
        return sibling_url(LESSONS_NOTEBOOK, course.query())

    def render(self) -> None:
        """Draw the teacher's tools for the step shown. What depends only on the game and the
        language (labels, lessons, the summary) and the download (the record) are drawn again
        only when those change: a Next click redraws the note box, the status and the class
        link, which carries the step."""
        game = get_game(self.record.game)
        text = Text(game, self.lang, self.app.timeline.state_at(0).names)
        self._drawn("labels", (game.id, self.lang), self._draw_labels, text, game)
        self._draw_note_box(text)
        self._draw_status(text)
        self._draw_record_links(text)
        self._drawn("lessons", (game.id, self.lang, self.lesson_select.value),
                    self._draw_lessons, text, game.id)
        self._drawn("summary", (game.id, self.lang), self._draw_summary, text, game)
        self.presenter.value = "fp-presenter" in self._dom_classes

    def _draw_labels(self, text: Text, game: Game) -> None:
        heading = text.html("ui.teacher.title", title=game.title)
        self.title.value = (f'<h2 class="fp-app-title">{heading}</h2>'
                            f'<p class="fp-teacher-intro">{text.html("ui.teacher.intro")}</p>')
        options = [(get_game(g).title, g) for g in built_games()]
        if list(self.game_select.options) != options:
            self.game_select.options = options
        self.game_select.value = game.id
        self.game_select.description = text("ui.teacher.game")
        self.presenter.description = text("ui.teacher.presenter")
        self.presenter.tooltip = text("ui.teacher.presenter_tip")
        self._label_notes_toggle(text)
        self.notes_toggle.tooltip = text("ui.teacher.notes_fold_tip")
        self.note.description = ""
        self.note.placeholder = text("ui.teacher.note_placeholder")
        self.note.layout.width = "100%"
        self.save_note.description = text("ui.teacher.save_note")
        self.save_note.tooltip = text("ui.teacher.save_note_tip")
        self.remove_note.description = text("ui.teacher.remove_note")
        self.remove_note.tooltip = text("ui.teacher.remove_note_tip")
        self.share_heading.value = f'<h3>{text.html("ui.teacher.sharing")}</h3>'
        self.upload.description = text("ui.teacher.upload")
        self.upload.tooltip = text("ui.teacher.upload_tip")
        self.paste.placeholder = text("ui.teacher.position_placeholder")
        self.start_position.description = text("ui.teacher.position_start")
        self.start_position.tooltip = text("ui.teacher.position_start_tip")

    def _draw_note_box(self, text: Text) -> None:
        """The note box at the step shown, beside the tutor's explanation."""
        step = self.step
        self._quiet = True
        try:
            self.note.value = self.record.annotations.get(step, "")
        finally:
            self._quiet = False
        self._place_note_box()
        label = text("ui.teacher.note_label", step=step)
        self.notes_heading.value = (f'<h3>{text.html("ui.teacher.notes")}</h3>'
                                    f'<label class="fp-teacher-note-label">{esc(label)}</label>')
        self.remove_note.disabled = step not in self.record.annotations
        self._draw_count(text, self.note.value)
        record = self.record
        version = (id(record), len(record.moves), self.app._edits)
        if self._keyed is None or self._keyed[0] != version:
            self._keyed = (version, game_key(record))
        self.keeper.show(self._keyed[1], self.app.timeline.last, step, self._opened_notes,
                         MAX_ANNOTATION, self.lang)

    def _draw_count(self, text: Text, value: str) -> None:
        """The note's length beside the most it can hold, marked once it is over."""
        words = esc(text("ui.teacher.note_count", count=len(value), limit=MAX_ANNOTATION))
        over = ' class="fp-over"' if len(value) > MAX_ANNOTATION else ""
        html = f"<span{over}>{words}</span>"
        if self.note_count.value != html:
            self.note_count.value = html

    def _restore(self, notes: dict[int, str], base: str | None) -> None:
        """Bring back the notes the browser kept for the game shown. Kept over the very notes
        this game was opened with, they are the teacher's latest (a note removed stays
        removed); kept over other notes (the same game opened from another link or file),
        both are kept, the browser's winning on a step both have. A note that no longer fits
        is left out; the record's stays. A note changed on this page before the browser's copy
        came in stays as it is now."""
        record = self.record
        current = dict(record.annotations)
        merged = dict(notes) if base == self._opened_notes else {**current, **notes}
        for step in self._edited:
            merged.pop(step, None)
            if step in current:
                merged[step] = current[step]
        for step, text in sorted(merged.items()):
            if len(text) > MAX_ANNOTATION or SURROGATE.search(text):
                if step in current:
                    merged[step] = current[step]
                else:
                    del merged[step]
        if record_bytes(record, merged) > limits.RECORD_BYTES:
            merged = current
        back = sum(1 for step, text in merged.items() if current.get(step) != text)
        if merged != current:
            record.annotations.clear()
            record.annotations.update(merged)
            if back:
                self._message = ("ui.teacher.restored", {"count": back})
            self.app.render()
        self.keeper.keep(record.annotations)

    def _draw_summary(self, text: Text, game: Game) -> None:
        summary = base64.b64encode(summary_html(game.id, self.lang).encode("utf-8")).decode()
        page = with_lang(f"summary.ipynb?game={game.id}", self.lang)
        self.summary.value = (f'<p><a class="fp-summary-page" target="_blank" rel="noopener" '
                              f'href="{esc(page)}">'
                              f'{text.html("ui.summary.open")}</a> · '
                              f'<a class="fp-summary-link" download="{esc(file_name(game.id))}"'
                              f' href="data:text/html;base64,{summary}">'
                              f'{text.html("ui.teacher.summary")}</a></p>'
                              f'<p class="fp-lesson-link-note">'
                              f'{text.html("ui.teacher.summary_note")}</p>')

    def _draw_record_links(self, text: Text) -> None:
        """The download and the class link: both carry the record, notes and all. The record
        is written out and compressed once per version of it (its moves and notes)."""
        version = self._code(self.record, self.app._edits)[0]
        self._drawn("download", (version, self.lang), self._draw_download, text)
        self._drawn("class_link", (version, self.step, self.lang), self._draw_class_link, text)

    def _draw_download(self, text: Text) -> None:
        self.keeper.keep(self.record.annotations)  # the notes changed: the browser keeps them
        data = base64.b64encode(self.record.dumps().encode("utf-8")).decode()
        tail = f"seed{self.record.seed}" if self.record.seed is not None else "example"
        name = f"{self.record.game}-{self.record.players}p-{tail}-annotated.json"
        self.download.value = (f'<a class="fp-teacher-download-link" download="{esc(name)}" '
                               f'href="data:application/json;base64,{data}">'
                               f'{text.html("ui.teacher.download")}</a>')

    def _draw_class_link(self, text: Text) -> None:
        step = self.step
        url = self.class_link_url()
        if too_long_to_share(url):  # nobody could open it: say so, and point at the download
            self.class_link.value = too_long_html("fp-class-link-too-long", text.html(
                "ui.teacher.class_link_too_long", count=len(url), limit=SHARE_CHARS,
                download=text("ui.teacher.download")))
            return
        self.class_link.value = link_row_html(
            url, "fp-class-link", text.html("ui.teacher.class_link", step=step),
            text.html("ui.teacher.class_link_label", step=step))

    def _draw_status(self, text: Text) -> None:
        steps = sorted(self.record.annotations)
        listed = text("ui.teacher.notes_list", steps=", ".join(str(s) for s in steps)) \
            if steps else text("ui.teacher.no_notes")
        problem = ' class="fp-problem"' if self._message and self._message[0] in PROBLEMS else ""
        said = (f"<p{problem}>"
                f"{text.html(self._message[0], **said_in(self._message[1], text.lang))}</p>") \
            if self._message else ""
        self.status.value = (f'<div role="status">{said}<p>{esc(listed)}</p>'
                             f'<p class="fp-teacher-kept-note">{text.html("ui.teacher.autosave")}'
                             f"</p></div>")

    def _draw_lessons(self, text: Text, game_id: str) -> None:
        lessons = lessons_for(game_id) if game_id in games_with_lessons() else ()
        options = [(text("ui.lesson.option", number=i, title=text(x.title)), x.uid)
                   for i, x in enumerate(lessons, start=1)]
        if list(self.lesson_select.options) != options:
            self.lesson_select.options = options
            self.lesson_select.value = options[0][1] if options else None
        self.lesson_select.description = text("ui.teacher.lesson_choose")
        url = self.lesson_link_url()
        if url is None:
            self.lesson_link.value = ""
            return
        self.lesson_link.value = link_row_html(
            url, "fp-lesson-class-link", text.html("ui.teacher.lesson_link"),
            text.html("ui.teacher.lesson_link_label"))

    def _label_notes_toggle(self, text: Text) -> None:
        key = "ui.teacher.notes_close" if self.notes_toggle.value else "ui.teacher.notes_open"
        self.notes_toggle.description = text(key)

    # --- controls ------------------------------------------------------------------------
    def _notes_toggled(self, change: dict) -> None:
        """Open or close the note box; opened, it takes the focus, so that the teacher types
        at once (what is typed is kept either way: the box only hides)."""
        opened = bool(change["new"])
        self.note_box.layout.display = "" if opened else "none"
        self._label_notes_toggle(Text(get_game(self.record.game), self.lang))
        if opened:
            _focus(self.note)

    def _presenter_changed(self, change: dict) -> None:
        if change["new"]:
            self.add_class("fp-presenter")
        else:
            self.remove_class("fp-presenter")

    def _game_changed(self, change: dict) -> None:
        if change["new"] is None or change["new"] == self.record.game:
            return
        self._message = None
        self._swap(App(game=change["new"], env=self.env, lang=self.lang, step=0))
        self.render()

    def _uploaded(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
        content = item["content"]
        raw = bytes(content) if not isinstance(content, bytes) else content
        self.load(raw)
