"""Deep links: a query string that reopens an exact position (game, set-up or record, step, seat).

Parsing never raises: a bad parameter becomes a problem message and a safe default, so the app
can say what was wrong and fall back to a new game.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, parse_qsl, urlencode

from foodplay.data import DataError, Say
from foodplay.games import LISTINGS, built_games, get_game
from foodplay.i18n.langcodes import public, public_codes, resolve
from foodplay.i18n.messages import catalogue
from foodplay.limits import LINK_CHARS, SHOWN_CHARS, inflate, printable, shown
from foodplay.record import Record, RecordError, replay

# The longest link the tutor hands out (a class link, a share link), counted as the relative
# address it gives ("burg.ipynb?game=..."). A link longer than what a server on the way accepts
# opens nothing, so the tutor offers the download instead. nginx, in front of most servers and
# Binder (ingress-nginx), answers 414 when a request line outgrows one 8 KiB header buffer
# (`large_client_header_buffers 4 8k`, its default); Apache's LimitRequestLine is 8190; Node's
# HTTP server (JupyterHub's proxy) takes 16 KiB of headers; Tornado, which serves Voilà, takes
# 64 KiB; Chromium navigates to 2 MiB. The page's own scheme, host and path come on top of the
# relative address (about 120 characters on mybinder.org): 7,500 leaves room for them under
# nginx's 8 KiB. A finished game's record is 800 to 1,700 characters in a link (all four games,
# every player count, 8 seeds each), so only long notes come near it.
SHARE_CHARS = 7_500


def too_long_to_share(href: str) -> bool:
    """Whether a link is too long to hand out (SHARE_CHARS)."""
    return len(href) > SHARE_CHARS


@dataclass
class Link:
    """What a query string asks for, after validation."""

    game: str = "burg"
    players: int = 3
    seed: int = 1
    record: Record | None = None
    step: int | None = None  # None: the last step
    seat: int | None = None  # None: the teacher's view
    lang: str = "en"
    mode: str = "watch"  # watch or play
    problems: list[tuple[str, dict]] = field(default_factory=list)  # message keys + params

    def problem_texts(self, lang: str = "en") -> list[str]:
        """The problems as sentences from the message catalogue."""
        cat = catalogue(None, lang)
        return [cat.format(key, {name: value.shown(lang) if isinstance(value, (Echo, Detail))
                                 else value for name, value in params.items()})
                for key, params in self.problems]

    def query(self, encoded_record: str | None = None) -> str:
        """The query string (without '?') that reopens this position. `encoded_record` is
        `encode_record(self.record)` when the caller has it already (it is the costly part)."""
        params: dict[str, str] = {"game": self.game}
        if self.record is not None:
            params["record"] = encoded_record or encode_record(self.record)
        else:
            params.update(players=str(self.players), seed=str(self.seed))
        if self.step is not None:
            params["step"] = str(self.step)
        params["seat"] = "teacher" if self.seat is None else str(self.seat + 1)
        if self.lang != "en":
            params["lang"] = self.lang
        if self.mode != "watch":
            params["mode"] = self.mode
        return urlencode(params)


def encode_record(record: Record) -> str:
    """A record as compact URL-safe text: zlib-compressed JSON in base64url."""
    raw = json.dumps(record.to_json(), separators=(",", ":"), ensure_ascii=False).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def decode_record(text: str) -> Record:
    """The inverse of encode_record; RecordError with a clear reason if the text is damaged or
    expands beyond the size limit (checked while decompressing, never after)."""
    try:
        raw = inflate(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)),
                      Say("data.where.record"))
    except DataError as exc:
        raise RecordError.wrapping("record.wrapped", exc) from exc
    except (binascii.Error, zlib.error, ValueError) as exc:
        raise RecordError(Say("record.link_damaged")) from exc
    return Record.loads(raw)


class Echo(str):
    """A value from a link, as a problem's message repeats it: printable and cut short with its
    length (`limits.shown`); in English as a string, in any language by `shown(lang)`."""

    raw: str

    def __new__(cls, raw: str) -> Echo:
        echo = super().__new__(cls, shown(raw, SHOWN_CHARS, quoted=False))
        echo.raw = raw
        return echo

    def shown(self, lang: str) -> str:
        return shown(self.raw, SHOWN_CHARS, lang, quoted=False)


class Detail(str):
    """A refusal (RecordError) as a problem's message repeats it: one line, cut short; in
    English as a string, in any language by `shown(lang)`."""

    error: RecordError

    def __new__(cls, error: RecordError) -> Detail:
        detail = super().__new__(cls, cls._said(error, "en"))
        detail.error = error
        return detail

    @staticmethod
    def _said(error: RecordError, lang: str) -> str:
        return printable(" ".join(error.text(lang).split()), 6 * SHOWN_CHARS).rstrip(".?。？")

    def shown(self, lang: str) -> str:
        return self._said(self.error, lang)

    def __getnewargs__(self) -> tuple[RecordError]:  # copied (deepcopy, pickle) whole
        return (self.error,)


def _short(text: str) -> Echo:
    """A user's text cut short and with control codes escaped, to repeat in a message."""
    return Echo(text)


def lang_problem(value: str) -> tuple[str, dict] | None:
    """The message for an address's `lang=` naming a language the tutor does not have, as
    (key, params); None for one it has."""
    if resolve(value) is not None:
        return None
    return "link.bad_lang", {"value": _short(value), "languages": ", ".join(public_codes())}


def query_lang(query: Any) -> str:
    """The language a query string asks for, if the tutor has it, else English; never raises,
    so a link that cannot be opened still falls back in its own language."""
    try:
        values = parse_qs(str(query)[:LINK_CHARS + 1000].lstrip("?"), max_num_fields=100)
        lang = values.get("lang", ["en"])[-1]
    except Exception:  # noqa: BLE001 - any unreadable query: English
        return "en"
    return resolve(lang) or "en"


def _whole(value: str, name: str, low: int, high: int, problems: list) -> int | None:
    try:
        number = int(value)
    except ValueError:
        problems.append(("link.not_number", {"name": name, "value": _short(value)}))
        return None
    if not low <= number <= high:
        problems.append(("link.out_of_range", {"name": name, "value": _short(value), "low": low,
                                               "high": high}))
        return None
    return number


def parse_query(query: str, default_game: str = "burg") -> Link:
    """Read a query string such as 'game=burg&players=3&seed=7&step=12&seat=2'.

    `default_game` is the game when the query names none, or names one that is not built."""
    link = Link(game=default_game if default_game in built_games() else Link.game)
    problems = link.problems
    if len(query) > LINK_CHARS + 1000:
        problems.append(("link.too_long", {"count": LINK_CHARS}))
        return link
    try:
        values = {k: v[-1] for k, v in parse_qs(query.lstrip("?"), keep_blank_values=True,
                                                max_num_fields=100).items()}
    except ValueError:
        problems.append(("link.unreadable", {}))
        return link
    known = {"game", "players", "seed", "record", "scenario", "step", "seat", "lang", "mode"}
    for name in sorted(set(values) - known):
        problems.append(("link.unknown_setting", {"name": _short(name)}))

    game_id = values.get("game", link.game)
    if game_id not in built_games():
        problems.append(("link.bad_game", {"value": _short(game_id),
                                           "games": ", ".join(e.id for e in LISTINGS),
                                           "fallback": get_game(link.game).title}))
        game_id = link.game
    link.game = game_id
    game = get_game(game_id)
    link.players = min(max(link.players, game.min_players), game.max_players)
    if "players" in values:
        link.players = _whole(values["players"], "players", game.min_players, game.max_players,
                              problems) or link.players
    if "seed" in values:
        seed = _whole(values["seed"], "seed", 0, 2**31 - 1, problems)
        link.seed = link.seed if seed is None else seed
    if "record" in values and len(values["record"]) > LINK_CHARS:
        problems.append(("link.too_long", {"count": LINK_CHARS}))
    elif "record" in values:
        try:
            record = decode_record(values["record"])
            if record.game != game_id and "game" in values:
                raise RecordError(Say("record.other_game", found=record.game, game=game_id))
            replay(record)
            link.record, link.game, link.players = record, record.game, record.players
        except RecordError as exc:
            problems.append(("link.bad_record", {"detail": Detail(exc)}))
        except Exception as exc:  # noqa: BLE001 - a fault of the tutor's: the link still opens
            problems.append(("link.record_fault", {"error": type(exc).__name__}))
    if "scenario" in values and "record" not in values:  # a worked example, by name
        record = _scenario(game_id, values["scenario"], problems)
        if record is not None:
            link.record, link.players = record, record.players
    if "step" in values:
        link.step = _whole(values["step"], "step", 0, 100_000, problems)
    if "seat" in values and values["seat"] != "teacher":
        seat = _whole(values["seat"], "seat", 1, link.players, problems)
        link.seat = None if seat is None else seat - 1
    if "lang" in values:
        problem = lang_problem(values["lang"])
        if problem is None:
            link.lang = resolve(values["lang"]) or "en"
        else:
            problems.append(problem)
    if "mode" in values:
        if values["mode"] in ("watch", "play"):
            link.mode = values["mode"]
        else:
            problems.append(("link.bad_mode", {"value": _short(values["mode"])}))
    return link


def _scenario(game_id: str, name: str, problems: list) -> Record | None:
    """A game's worked example (scenario record) named in a link, or None and a problem."""
    folder = get_game(game_id).package_dir / "data" / "scenarios"
    names = sorted(p.stem for p in folder.glob("*.json"))
    if name not in names:
        problems.append(("link.bad_scenario", {"value": _short(name), "names": ", ".join(names)}))
        return None
    try:
        return Record.load(folder / f"{name}.json")
    except RecordError as exc:
        problems.append(("link.bad_record", {"detail": Detail(exc)}))
        return None


def with_lang(href: str, lang: str) -> str:
    """`href` asking for `lang` (English is the default, so it needs no parameter)."""
    path, _, query = href.partition("?")
    params = [(k, v) for k, v in parse_qsl(query, keep_blank_values=True) if k != "lang"]
    if lang != "en":
        params.append(("lang", public(lang)))
    return f"{path}?{urlencode(params, safe='/:,.')}" if params else (path or "?")
