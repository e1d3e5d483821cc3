"""Auto-play: a timer that steps the app's controller until the round ends.

The controller keeps what the views show (``autoplaying``, ``delay``) and the
commands ``start_autoplay`` / ``stop_autoplay``; this is the loop behind them, a
task of the running event loop (the kernel's). At a person's turn it waits for
their move; an error is reported in the app, never swallowed.

>>> import asyncio
>>> from domeng.app.controller import Controller
>>> c = Controller(seed=2, players=["greedy"] * 5)
>>> c.delay = 0.0
>>> asyncio.run(c.timer.run())
>>> c.round.is_over, c.autoplaying
(True, False)
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the controller imports this module
    from domeng.app.controller import Controller

__all__ = ["AutoPlay"]


class AutoPlay:
    """Steps ``ctrl`` every ``ctrl.delay`` seconds until its round ends or it is stopped."""

    def __init__(self, ctrl: Controller) -> None:
        self.ctrl = ctrl
        self._task: asyncio.Future | None = None

    async def run(self) -> None:
        """The loop itself (``start`` runs it as a task)."""
        c = self.ctrl
        c.autoplaying = True
        try:
            while True:
                await asyncio.sleep(c.delay)
                if not c.autoplaying or c.round.is_over:
                    break
                if c.waiting_for is not None or c.covered is not None:
                    continue
                if not c.step():
                    break
        except asyncio.CancelledError:
            pass
        except Exception as exc:  # shown in the app, never swallowed
            c.report(exc)
        finally:
            c.autoplaying = False
            self._task = None
            c.revision += 1

    def start(self) -> None:
        """Run :meth:`run` as a task of the running event loop, unless it runs already."""
        if self._task is not None and not self._task.done():
            return
        self._task = asyncio.ensure_future(self.run())

    def stop(self) -> None:
        """Stop at once (the running step, if any, finishes)."""
        self.ctrl.autoplaying = False
        task, self._task = self._task, None
        if task is not None and not task.done():
            task.cancel()
