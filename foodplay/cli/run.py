"""What every subcommand shares: the run's language, its sentences, and the one-line refusal
of a user's mistake (CliError), such as an --out path that cannot be written."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from foodplay.i18n.messages import catalogue
from foodplay.limits import file_name
from foodplay.record import Record

_language = ["en"]  # the language of this run's output, set from --lang by main()


def lang() -> str:
    return _language[0]


def use_language(language: str) -> None:
    """Speak `language` from now on in this run's output (main sets it from --lang)."""
    _language[0] = language


def say(key: str, **params: Any) -> str:
    """A sentence of the command line, from the core message catalogue, in the run's language."""
    return catalogue(None, lang()).format(key, params)


class CliError(Exception):
    """A user mistake: printed as one line, exit status 2, never a traceback."""

    def __init__(self, key: str, **params: Any):
        super().__init__(say(key, **params))


def check_out(path: str) -> None:
    """Refuse an --out path that cannot be written, before a whole game is played: a missing
    folder, a folder or a device in its place, a folder that refuses a new file (tried with a
    temporary file, removed at once), a name the system refuses. (An empty one is refused
    first, by cmd_play.)"""
    target = Path(path)
    try:
        try:
            info: os.stat_result | None = os.stat(path)
        except FileNotFoundError:
            info = None
        if info is None and not target.parent.is_dir():
            raise CliError("cli.out_folder", path=file_name(path, lang()),
                           folder=file_name(target.parent, lang()))
        if info is not None and not stat.S_ISREG(info.st_mode):
            raise CliError("cli.out_taken", path=file_name(path, lang()))
        if path.endswith(("/", os.sep)):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        with tempfile.NamedTemporaryFile(dir=target.parent, prefix=".foodplay-", suffix=".tmp"):
            pass
    except (OSError, ValueError) as exc:
        raise CliError("cli.out_not_file", path=file_name(path, lang()),
                       reason=getattr(exc, "strerror", None) or str(exc)) from exc


def _new_file_mode(target: Path) -> int:
    """The mode a file written at `target` gets: the old file's, or what the umask allows."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def write_out(record: Record, path: str) -> None:
    """Write the record to `path` whole or not at all: into a temporary file beside it, then
    renamed over it (an old file there stays as it was if anything fails)."""
    target = Path(path)
    temporary = None
    try:
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=target.parent,
                                         prefix=".foodplay-", suffix=".tmp",
                                         delete=False) as handle:
            temporary = handle.name
            handle.write(record.dumps() + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, _new_file_mode(target))
        os.replace(temporary, target)
        temporary = None
    except (OSError, ValueError) as exc:
        raise CliError("cli.out_not_file", path=file_name(path, lang()),
                       reason=getattr(exc, "strerror", None) or str(exc)) from exc
    finally:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)
