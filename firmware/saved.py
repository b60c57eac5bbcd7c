# SPDX-License-Identifier: MIT
"""What the menus say about the saves, read from the records without loading a game or firmware.session: the
saved game's title and turn, and the notice of a save that could not be read. Imported by the menus only, so a
game's program (App.play restarts into it) does without it."""

from core import games


def progress(data):
    """"turn N" or "round N" from a save record's header (firmware/session.py), or None (a record before version 4,
    a game without turns)."""
    from firmware.session import ROUND  # a const(): the build folds it, and this module imports nothing

    if data is None or len(data) < 7 or data[0] < 4 or len(data) < 9 + 2 * data[6]:
        return None
    value = data[7 + 2 * data[6]] | (data[8 + 2 * data[6]] << 8)
    if not value & 0x7FFF:
        return None
    return ("round {}" if value & ROUND else "turn {}").format(value & 0x7FFF)


def title(app, turn=False):
    """The title of the game the newest save holds, or None when there is none; with ``turn``, and the turn it is
    at when the save says."""
    data = app.store.game
    if data is None or len(data) < 2:
        return None
    record = games.by_id(data[1])
    name = "unknown game" if record is None else record.title
    at = progress(data) if turn else None
    return name + ", " + at if at else name


def say_damaged(app):
    """Say once that a save could not be read (the store found a damaged record newer than the one it loaded);
    after A, a save that reads is written after the damaged record, so the next start does not say it again."""
    app.store.damaged = False
    text = "A save could not be read: it is damaged. " + (
        "Continue offers the save before it." if app.store.game else "No older saved game reads.")

    def then():
        app.store.save(app.settings.encode(), app.store.game)
        app.go("title.TitleScreen")

    app.go("notice.NoticeScreen", "Saves", text, then)
