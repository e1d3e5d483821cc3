"""A table's course, recorded when the site is built, for a page to play back without Python.

A table whose course is fixed (a tutorial chapter's round, a lesson, a quiz) is a pure
function of what the learner clicks. :func:`record` drives the real widget here, in CPython,
exactly as the browser's code drives it in a page (a press of a control is the message
``{"act": css, "value": v}`` to its :class:`~domeng.app.board.Pane`, a click on a picture's
``data-id`` sets the widget's ``selected``), and writes down what every part of the widget
shows at each moment reached (a *frame*) and where each click leads (a *move*). The page's
player (``player.js``) draws a frame with the widgets' own browser code (the anywidget
modules each class carries), so a recorded frame is what the live widget shows, by
construction: there is no second renderer and no second rules code.

A widget tree is cut into *pieces*: each box's opening tag and closing tag, and each *leaf*
(a widget that is not a box), numbered in tree order (``data-leaf`` in the page). A frame is
the list of its pieces, each stored once per table (:class:`Recording`). A move's key is
``"LEAF|act|CSS|VALUE"`` (a control's press or change), ``"LEAF|sel|ID"`` (a ``data-id``
click) or ``"LEAF|btn"`` (a plain ipywidgets button), as ``player.js`` writes it; or
``"timer|MS"``: what the table does by itself MS milliseconds after it shows the frame (a
puzzle's board playing its answer, :func:`record_puzzle`), which ``player.js`` does on a timer.

>>> from domeng.app import build_app
>>> app = build_app(scenario="ceki", compact=True)
>>> restore, identity, hold = controller_restore(app)
>>> rec = record(app, restore=restore, identity=identity, hold=hold)
>>> start = rec.frames[0]
>>> step = next(k for k in rec.moves[0] if k.endswith("|act|domeng-step|"))
>>> after = rec.moves[0][step]
>>> app.controller.jump_to(0); app.controller.step()
True
>>> rec.frame_key(app) == rec.frames[after]
True
"""

from __future__ import annotations

import contextlib
import html
import re
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

__all__ = ["FORMAT", "Action", "Recording", "controller_restore", "leaves", "record",
           "record_puzzle", "table_controller"]

FORMAT = "domeng-frames"
VERSION = 1
JUMPS = frozenset({"domeng-timeline", "domeng-log-rows", "domeng-log"})
"""Controls and pictures whose click leads to the same moment wherever the table is (the
timeline's slider, a row of the log): explored once, and shared by every frame."""
SKIPPED = frozenset({"domeng-autoplay", "domeng-speed", "domeng-language", "domeng-hint",
                     "domeng-open-hands", "domeng-seed", "domeng-new-game",
                     "domeng-new-round", "domeng-play-on", "domeng-editor-open",
                     "domeng-save-game", "domeng-save-moment", "domeng-upload"})
"""Controls the recording does not follow: auto-play is Step on a timer in the player;
the others lead where the build cannot know the way (a new deal, the coach's search, play
on with the computers, a file) and need the live engine, which the page fetches then."""
LOCAL = frozenset({"domeng-rules"})
"""Pictures whose click changes only themselves, the same way wherever the table is (the
rules, folded or open): followed once, and kept by the player across the table's frames."""
LIMIT = 2_000
"""At most this many frames a table: past it the table is left to the live engine."""


class TooLarge(RuntimeError):
    """A table whose course has more frames than :data:`LIMIT`."""


@dataclass(frozen=True)
class Action:
    """One thing a learner can do to a table: its key (see the module) and how to do it."""

    key: str
    do: Callable[[], object]
    jump: bool = False
    local: int | None = None
    """The leaf a local click changes (:data:`LOCAL`), or None."""


def leaves(root: Any) -> list[Any]:
    """The widgets of ``root`` that are not boxes, in tree order (``data-leaf``)."""
    import ipywidgets as w

    found: list[Any] = []

    def walk(widget: Any) -> None:
        if isinstance(widget, w.Box):
            for child in widget.children:
                walk(child)
        else:
            found.append(widget)

    walk(root)
    return found


def pieces(root: Any, styles: dict[str, str],
           shells: dict[int, str] | None = None) -> Iterator[str]:
    """``root`` drawn as :func:`~domeng.web.site.first_screen.widget_html` draws it, cut into
    pieces: each leaf is one piece, opening with ``data-leaf="N"``; an anywidget leaf's piece
    is ``"N\\x00LABEL\\x00HTML"`` (its traits: the page's player hands them to the widget's
    own browser code), any other leaf's its HTML. ``shells`` collects each anywidget leaf's
    element, its opening tag (the same in every frame)."""
    import anywidget
    import ipywidgets as w

    from domeng.web.site import first_screen

    count = [0]

    def walk(widget: Any) -> Iterator[str]:
        if isinstance(widget, w.Box):
            yield first_screen.box_open(widget)
            for child in widget.children:
                yield from walk(child)
            yield "</div>"
            return
        n = count[0]
        count[0] += 1
        if isinstance(widget, anywidget.AnyWidget):
            # its CSS, as the first screen collects it, and its element (``shells``)
            drawn = first_screen.widget_html(widget, styles)
            opening = re.sub(r' aria-label="[^"]*"', "", drawn[: drawn.index(">") + 1])
            if shells is not None:
                shells[n] = _leaf_mark(opening, n)
            yield f"{n}\x00{getattr(widget, 'label', '')}\x00{getattr(widget, 'html', '')}"
        else:
            yield _leaf_mark(first_screen.widget_html(widget, styles), n)

    yield from walk(root)


def _leaf_mark(drawn: str, n: int) -> str:
    return re.sub(r"^<(\w+)", rf'<\1 data-leaf="{n}"', drawn, count=1)


def _ids(markup: str) -> list[str]:
    """The ``data-id`` values a picture offers to click, in order, once each."""
    seen: dict[str, None] = {}
    for found in re.finditer(r'data-id="([^"]*)"', markup):
        seen[html.unescape(found.group(1))] = None
    return list(seen)


def actions(root: Any, follow: Callable[[Any, str], bool] | None = None) -> list[Action]:
    """What a learner can do to ``root`` now, as the browser would do it. ``follow(leaf,
    key)`` may leave out a click that the recording need not follow."""
    import anywidget
    import ipywidgets as w

    from domeng.app.board import Control, Pane

    found: list[Action] = []
    for n, leaf in enumerate(leaves(root)):
        if isinstance(leaf, Pane):
            for css, part in list(leaf.parts.items()):
                if not isinstance(part, Control) or part.disabled or css in SKIPPED:
                    continue
                jump = css in JUMPS
                if part.kind in ("button", "toggle"):
                    values: list[Any] = [None]
                elif part.kind == "range":
                    values = [str(int(v)) for v in
                              range(int(part.min), int(part.max) + 1, max(1, int(part.step)))]
                else:
                    continue
                for value in values:
                    key = f"{n}|act|{css}|{'' if value is None else value}"
                    found.append(Action(key, _sender(leaf, css, value), jump))
        if isinstance(leaf, anywidget.AnyWidget) and getattr(leaf, "on_select", None):
            classes = set(getattr(leaf, "_dom_classes", ()))
            jump, local = bool(JUMPS & classes), n if LOCAL & classes else None
            for ident in _ids(getattr(leaf, "html", "")):
                key = f"{n}|sel|{ident}"
                if follow is None or follow(leaf, key):
                    found.append(Action(key, _selector(leaf, ident), jump, local))
        elif isinstance(leaf, w.Button) and not leaf.disabled:
            found.append(Action(f"{n}|btn", leaf.click))
    return found


def _sender(pane: Any, css: str, value: Any) -> Callable[[], object]:
    return lambda: pane._message(pane, {"act": css, "value": value}, [])


def _selector(board: Any, ident: str) -> Callable[[], object]:
    def select() -> None:
        board.selected = ident
    return select


@dataclass
class Recording:
    """A table's frames and moves (see the module): what ``player.js`` reads."""

    pieces: list[str] = field(default_factory=list)
    frames: list[tuple[int, ...]] = field(default_factory=list)
    moves: list[dict[str, int]] = field(default_factory=list)
    jumps: dict[str, int] = field(default_factory=dict)
    local: dict[str, dict[str, int]] = field(default_factory=dict)
    side: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    """What a move does to another table of the page: ``"FRAME|KEY"`` to ``(table, frame)``
    pairs (a quiz's right answer moves its chapter's app to the moment that shows it)."""
    """A local click's key to what it turns its leaf into: {piece now: piece after}."""
    esm: dict[str, str] = field(default_factory=dict)
    styles: dict[str, str] = field(default_factory=dict)
    kinds: dict[int, str] = field(default_factory=dict)
    """Each anywidget leaf's class (its browser code is ``esm[class]``)."""
    shells: dict[int, str] = field(default_factory=dict)
    """Each anywidget leaf's element, its opening tag (see :func:`pieces`)."""
    leaf_at: list[int] = field(default_factory=list)
    """Where each leaf is among a frame's pieces (a box's tags come between them)."""
    _index: dict[str, int] = field(default_factory=dict)
    _frame_of: dict[tuple[int, ...], int] = field(default_factory=dict)

    def piece(self, text: str) -> int:
        """The number of ``text`` among the pieces (added once)."""
        n = self._index.get(text)
        if n is None:
            n = self._index[text] = len(self.pieces)
            self.pieces.append(text)
        return n

    def frame_key(self, root: Any) -> tuple[int, ...]:
        """``root`` as it shows now, as a frame (its pieces' numbers)."""
        import anywidget

        for n, leaf in enumerate(leaves(root)):
            if isinstance(leaf, anywidget.AnyWidget):
                code = getattr(leaf, "_esm", "")  # the class's own is a trait
                if isinstance(code, str) and code:
                    self.esm.setdefault(type(leaf).__name__, code)
                    self.kinds[n] = type(leaf).__name__
        drawn = list(pieces(root, self.styles, self.shells))
        self.leaf_at = [i for i, p in enumerate(drawn) if p[:1].isdigit() or "data-leaf=" in p[:40]]
        return tuple(self.piece(p) for p in drawn)

    def add(self, key: tuple[int, ...]) -> tuple[int, bool]:
        """The frame's number, and whether it is new."""
        n = self._frame_of.get(key)
        if n is not None:
            return n, False
        n = self._frame_of[key] = len(self.frames)
        self.frames.append(key)
        self.moves.append({})
        return n, True

    def find(self, root: Any) -> int | None:
        """The number of the frame ``root`` shows now, if it was recorded."""
        return self._frame_of.get(self.frame_key(root))

    def to_json(self, build: str, table: str) -> dict[str, Any]:
        """The recording as ``player.js`` reads it, marked with its ``build`` and ``table``."""
        classes = {name: i for i, name in enumerate(sorted(self.esm))}
        return {"format": FORMAT, "version": VERSION, "build": build, "table": table,
                "pieces": self.pieces, "frames": [list(f) for f in self.frames],
                "moves": self.moves, "jumps": self.jumps, "local": self.local,
                "side": self.side,
                "esm": [self.esm[name] for name in sorted(self.esm)],
                "classes": classes, "styles": self.styles,
                "shells": {str(n): tag for n, tag in self.shells.items()},
                "kinds": {str(n): classes[name] for n, name in self.kinds.items()},
                "leaf_at": self.leaf_at}

    def html(self, frame: int = 0) -> str:
        """Frame ``frame`` as the page first shows it (each anywidget leaf in its element, as
        :func:`~domeng.web.site.first_screen.widget_html` draws it, marked ``data-leaf``)."""
        out = []
        for n in self.frames[frame]:
            text = self.pieces[n]
            if "\x00" in text[:8]:
                leaf, label, content = text.split("\x00", 2)
                shell = self.shells[int(leaf)]
                if label:
                    shell = shell[:-1] + f' aria-label="{html.escape(label)}">'
                out.append(f"{shell}{content}</div>")
            else:
                out.append(text)
        return "".join(out)


def table_controller(root: Any) -> Any:
    """The :class:`~domeng.app.controller.Controller` of the one app under ``root``, if any."""
    from domeng.app import App

    stack = [root]
    while stack:
        widget = stack.pop()
        if isinstance(widget, App):
            return widget.controller
        stack.extend(getattr(widget, "children", ()))
    return None


def controller_restore(root: Any) -> tuple[Callable[[Any], None], Callable[[], Any],
                                           Callable[[], Any]]:
    """How to put an app back at a frame it showed, in place, and what names that frame's
    moment: an app's moves depend only on its cursor (and a pending choice of end), not on
    what it said last, so a frame is put back by a jump to its cursor, and every frame of
    the same cursor shares its moves (a refusal's frame shows a line more, nothing else).
    The third function holds the views' redrawing until a move is done (they draw once)."""
    ctrl = table_controller(root)
    if ctrl is None:
        raise ValueError("this table has no app to put back")

    def identity() -> Any:
        return ctrl.index, ctrl.choice

    def restore(at: Any) -> None:
        index, choice = at
        if choice:
            raise TooLarge("a pending choice of end cannot be put back")
        ctrl.stop_autoplay()
        ctrl.jump_to(index)
        ctrl.said = None
        ctrl.hints = []
        ctrl.choice = ""
        ctrl.revision += 1

    return restore, identity, ctrl.hold_trait_notifications


def _do(root: Any, key: str) -> None:
    """Do the move ``key`` to ``root`` as the browser would send it (a ``timer|`` move as
    the table does it by itself)."""
    if key.startswith(f"{TIMER}|"):
        _line_tick(puzzle_controller(root))
        return
    n, kind, *rest = key.split("|", 2)
    leaf = leaves(root)[int(n)]
    if kind == "act":
        css, _, value = rest[0].rpartition("|")
        leaf._message(leaf, {"act": css, "value": value or None}, [])
    elif kind == "sel":
        leaf.selected = rest[0]
    else:
        leaf.click()


def record(root: Any, *, restore: Callable[[Any], None], identity: Callable[[], Any],
           hold: Callable[[], Any] = contextlib.nullcontext,
           follow: Callable[[Any, str], bool] | None = None,
           after: Callable[[Recording, int, str], None] | None = None,
           extra: Callable[[], list[Action]] | None = None,
           limit: int = LIMIT) -> Recording:
    """Every frame ``root`` can reach by the learner's clicks, and where each click leads.

    ``identity()`` names the moment ``root`` is at now, and ``restore(moment)`` puts it back
    there (:func:`controller_restore`): frames of one moment share their moves, found once;
    within ``hold()`` the table draws once, at its end.
    The exploration is breadth first; a jump (a click whose target does not depend on the
    frame) is followed once and shared. ``after(recording, frame, key)`` is called after each
    click is followed (from ``frame``), to note what it did elsewhere (:func:`record_quiz`).
    ``extra()`` adds what the table does by itself now (a ``timer|`` move, :func:`record_puzzle`).
    Raises :class:`TooLarge` past ``limit`` frames."""
    rec = Recording()
    first, _ = rec.add(rec.frame_key(root))
    for act in actions(root, follow):
        if act.local is not None:  # a fold that keeps its own state: round it once
            turns: dict[str, int] = {}
            start = now = rec.frames[first][rec.leaf_at[act.local]]
            for _ in range(4):
                act.do()
                turned = rec.frame_key(root)[rec.leaf_at[act.local]]
                turns[str(now)] = turned
                now = turned
                if now == start:
                    rec.local[act.key] = turns
                    break
    moments: dict[int, Any] = {first: identity()}
    explored: dict[Any, dict[str, int]] = {}
    queue = deque([first])
    while queue:
        at = queue.popleft()
        moment = moments[at]
        if moment in explored:  # the same moment, seen with other words: the same moves
            rec.moves[at] = explored[moment]
            continue
        explored[moment] = rec.moves[at]
        restore(moment)
        for act in [*actions(root, follow), *(extra() if extra is not None else [])]:
            if act.local is not None or (act.jump and act.key in rec.jumps):
                continue
            with hold():
                restore(moment)
                act.do()
            if after is not None:
                after(rec, at, act.key)
            target, new = rec.add(rec.frame_key(root))
            if new:
                if len(rec.frames) > limit:
                    raise TooLarge(f"more than {limit} frames")
                moments[target] = identity()
                queue.append(target)
            if act.jump:
                rec.jumps[act.key] = target
            else:
                rec.moves[at][act.key] = target
    return rec


def record_table(root: Any) -> Recording | None:
    """``root``'s recording, when it is a table whose course is fixed: an app stepping
    through a lesson, or a round of computers played out (``build_app``'s compact apps).
    None for a table the learner plays (a person's moves, a new deal), whose course only
    the live engine can follow. ``root`` is back at its first frame afterwards."""
    ctrl = table_controller(root)
    if ctrl is None:
        return None
    last = (len(ctrl.game.rounds) - 1, ctrl.game.rounds[-1].event_count)
    # played out, or a lesson whose recorded moves end where its app stops and offers play on
    ends = all(r.is_over for r in ctrl.game.rounds) or (
        ctrl.mode == "scenario" and ctrl.lesson_end == last)
    fixed = ends and not ctrl.deals
    persons = [s for s in range(ctrl.seats) if ctrl.is_person(s)]
    if not fixed or (persons and ctrl.mode != "scenario"):
        return None
    restore, identity, hold = controller_restore(root)
    start = identity()

    def follow(leaf: Any, key: str) -> bool:
        seat = getattr(leaf, "seat", None)
        return seat is None or ctrl.can_click(seat)

    try:
        rec = record(root, restore=restore, identity=identity, hold=hold, follow=follow)
    except TooLarge:
        rec = None
    with hold():
        restore(start)
    return rec


def record_quiz(quiz: Any, apps: dict[str, tuple[Any, Recording]]) -> Recording:
    """A quiz's recording: every answer, in every order, and the feedback it brings; and
    what a right answer does to an app of the page (``apps``: each recorded app's table name,
    its root and recording), noted in :attr:`Recording.side`. The quiz and the apps are as
    they were afterwards."""
    buttons = list(quiz.buttons)

    def identity() -> Any:
        return (tuple(b.button_style for b in buttons), quiz.feedback.value, quiz.solved,
                tuple(quiz.tries))

    def restore(at: Any) -> None:
        styles, feedback, solved, tries = at
        for b, style in zip(buttons, styles, strict=True):
            b.button_style = style
        quiz.feedback.value, quiz.solved, quiz.tries = feedback, solved, list(tries)
        quiz.sent()

    starts = {name: controller_restore(root) for name, (root, _) in apps.items()}
    before = {name: moves[1]() for name, moves in starts.items()}

    def after(rec: Recording, at: int, key: str) -> None:
        for name, (root, recorded) in apps.items():
            put_back, now, hold = starts[name]
            if now() == before[name]:
                continue
            frame = recorded.find(root)
            if frame is not None:
                rec.side.setdefault(f"{at}|{key}", []).append((name, frame))
            with hold():
                put_back(before[name])

    start = identity()
    rec = record(quiz, restore=restore, identity=identity, after=after)
    restore(start)
    return rec


def record_seat_task(task: Any) -> Recording:
    """A seat question's recording (:class:`~domeng.app.practice.SeatTask`): every seat
    clicked, in every order, and the verdict it brings. The task is as it was afterwards."""
    q = task.question

    def identity() -> Any:
        return q.chosen, q.solved, tuple(q.tries)

    def restore(at: Any) -> None:
        q.chosen, q.solved, q.tries = at[0], at[1], list(at[2])
        task.errors.value = ""
        q.revision += 1

    start = identity()
    rec = record(task, restore=restore, identity=identity)
    restore(start)
    return rec


TIMER = "timer"
"""The first part of a move the table makes by itself after a while (``"timer|MS"``)."""


def puzzle_controller(root: Any) -> Any:
    """The :class:`~domeng.app.tasks.PuzzleController` of the one puzzle under ``root``, if any."""
    from domeng.app.tasks import PuzzleController

    stack = [root]
    while stack:
        widget = stack.pop()
        ctrl = getattr(widget, "controller", None)
        if isinstance(ctrl, PuzzleController):
            return ctrl
        stack.extend(getattr(widget, "children", ()))
    return None


def _line_tick(ctrl: Any) -> None:
    """One beat of the board playing a puzzle's answer, as the controller's own timed task
    does it (:meth:`~domeng.app.tasks.PuzzleController._play_line`): one event forward, and
    the line finished once the cursor is at its end."""
    from domeng.app.controller import Controller

    if ctrl.phase != "line":
        return
    if not ctrl.at_frontier:
        Controller.step(ctrl)
    if ctrl.at_frontier:
        ctrl._finish_line()


def record_puzzle(view: Any, *, limit: int = LIMIT) -> Recording | None:
    """A puzzle's recording (:class:`~domeng.app.practice.PuzzleView`, or a box holding one):
    every legal first move (and every click on a tile it refuses, with its notice), its
    verdict, and the line the board then plays to the goal's end, event by event, as the live
    widget shows it: each event a frame, reached from the one before by a ``timer|MS`` move
    (the controller's ``delay``), which ``player.js`` makes on a timer; Step, Back, Retry and
    Hint (both presses) from every moment. **Next** (where the page gives one) is recorded as
    it does nothing here: the page opens the next puzzle itself. A click on a tile after the
    verdict (the puzzle only says to press Retry) is not recorded: the live engine answers it.

    A puzzle's moment is its verdict's move, the cursor, the phase (the line playing or
    done), the hint's level and a tile waiting for its end; a frame is put back by Retry and
    that move replayed. The line plays in steps here (no timed task). None when the puzzle
    has more than ``limit`` frames (the page leaves it to the live engine). The view is as
    it was afterwards, its ``tried`` moves and its ``on_solved`` untouched by the recording."""
    ctrl = puzzle_controller(view)
    if ctrl is None:
        raise ValueError("this widget holds no puzzle to record")
    tick = f"{TIMER}|{round(ctrl.delay * 1000)}"

    def identity() -> Any:
        v = ctrl.verdict
        move = None if v is None else (v.move.tile, v.move.end)
        return move, tuple(ctrl.position), ctrl.phase, ctrl.hint_level, ctrl.choice

    def restore(at: Any) -> None:
        move, position, phase, hint_level, choice = at
        with ctrl.hold_trait_notifications():  # drawn once
            ctrl._stop_line()
            ctrl.retry()
            ctrl.hint_level = hint_level
            if move is not None:
                ctrl.play(*move)
                ctrl.position, ctrl.phase = position, phase
            elif choice:
                ctrl.pick(choice)
            ctrl.said = None
            ctrl.revision += 1

    def follow(leaf: Any, key: str) -> bool:
        # a click on a tile or an end counts only before the verdict; after it, every such
        # click only says so (SHOWING) and is left to the live engine
        return ctrl.verdict is None

    def extra() -> list[Action]:
        if ctrl.phase != "line":
            return []
        return [Action(tick, lambda: _line_tick(ctrl))]

    import domeng.puzzles as puzzles

    judged: dict[Any, Any] = {}
    judge = puzzles.judge

    def once(puzzle: Any, move: Any) -> Any:  # the engine's verdict, searched once a move
        key = (puzzle.name, move.tile, move.end)
        if key not in judged:
            judged[key] = judge(puzzle, move)
        return judged[key]

    start = identity()
    tried, on_solved, own_line = list(ctrl.tried), ctrl.on_solved, ctrl.__dict__.get("_play_line")
    ctrl.on_solved = None
    ctrl._play_line = lambda: None  # the line stays "playing"; timer| moves play it
    puzzles.judge = once
    try:
        # no held redrawing: a tile waiting for its end shows its end buttons only once drawn
        rec = record(view, restore=restore, identity=identity, follow=follow, extra=extra,
                     limit=limit)
    except TooLarge:
        rec = None
    finally:
        puzzles.judge = judge
        if own_line is None:
            del ctrl._play_line
        else:
            ctrl._play_line = own_line
        restore(start)
        ctrl.tried, ctrl.on_solved = tried, on_solved
    return rec
