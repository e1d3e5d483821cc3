"""How many kernels the visitors of ``domeng app`` can make it run: each Voilà page holds a
kernel, so a server on the internet bounds them (docs/guides/host.md, "A server on the
internet").

- A page's kernel whose page has not connected (its websocket) within
  :data:`CONNECT_WITHIN` seconds of being delivered, or whose page has closed for
  :data:`CLOSED_FOR` seconds, is shut down at the next sweep (every :data:`SWEEP_EVERY`
  seconds): within a minute. An open page keeps its kernel.
- One client address has at most ``per_address`` (:data:`PER_ADDRESS`) pages whose kernel
  is not connected: a made page, or one being made. Connected pages do not count, so a
  class behind one school router, whose pages connect as they arrive, is never refused for
  sharing an address.
- All the pages together hold at most ``most`` kernels, computed from the machine's memory
  and a kernel's cost (:func:`most_pages`), the preheated pools counted first.
- One client address holds at most ``most`` less a quarter of it (:func:`share`), connected
  pages counted too: a client that connects each page's kernel websocket itself (no
  browser needed) cannot take every page of a small server (N8). A class behind one router
  on a server of 40 pages still gets 30 at once.

A visitor over a limit gets :func:`busy_page` (HTTP 503 with ``Retry-After``), which tries
again by itself.

>>> pages = PageKernels(lambda kernel: 0, per_address=2, most=10, clock=lambda: 0.0)
>>> first, second = pages.admit("203.0.113.5"), pages.admit("203.0.113.5")
>>> try:
...     pages.admit("203.0.113.5")
... except Busy as busy:
...     print("busy, try again in", busy.seconds, "s")
busy, try again in 10 s
>>> pages.admit("198.51.100.7").address
'198.51.100.7'
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from dataclasses import dataclass

from domeng.i18n import words

__all__ = [
    "CLOSED_FOR",
    "CONNECT_WITHIN",
    "OTHERS_PART",
    "PER_ADDRESS",
    "SWEEP_EVERY",
    "Busy",
    "PageKernels",
    "Visit",
    "busy_page",
    "machine_memory_mb",
    "most_pages",
    "share",
]

CONNECT_WITHIN = 30
"""Seconds a delivered page has to connect to its kernel before the kernel is shut down."""
CLOSED_FOR = 20
"""Seconds a page's kernel is kept after its page was seen closed (a reload reconnects
meanwhile)."""
SWEEP_EVERY = 10
"""Seconds between two looks at the pages' kernels: an unconnected page's kernel is shut
down at most ``CONNECT_WITHIN + SWEEP_EVERY`` seconds after its page was sent, a closed
page's at most ``CLOSED_FOR + 2 * SWEEP_EVERY`` after it closed (seen closed at one look,
shut down at a later one)."""
PER_ADDRESS = 3
"""Pages one client address may have unconnected at once (``--loading-per-address``)."""
RETRY_SOON = 10
"""Seconds a refused visitor waits when a page of theirs is being made or just made (it
connects within seconds)."""
RETRY_FULL = 60
"""Seconds a refused visitor waits when the server's memory is full."""


OTHERS_PART = 4
"""The part of the server's pages (one in ``OTHERS_PART``) one client address cannot take:
kept for the other addresses."""


def share(most: int) -> int:
    """The most pages one client address holds on a server of ``most`` pages: all but a
    quarter, at least one (the rest stays for the other addresses).

    >>> share(1), share(2), share(17), share(100)
    (1, 1, 13, 75)
    """
    return max(1, most - max(1, most // OTHERS_PART))


class Busy(Exception):  # noqa: N818 - a state of the server, not an error of the visitor
    """The server refuses one more page now; ``seconds``: when to try again."""

    def __init__(self, seconds: int) -> None:
        super().__init__(seconds)
        self.seconds = seconds


@dataclass
class Visit:
    """One page asked for: its client's ``address``, its kernel once it has one, when it was
    delivered (None while being made), whether its page has connected, and since when it
    has been closed."""

    address: str
    kernel_id: str | None = None
    delivered: float | None = None
    connected: bool = False
    closed_since: float | None = None

    @property
    def is_unconnected(self) -> bool:
        """Whether the page holds its kernel without being connected to it."""
        return not self.connected or self.closed_since is not None


def machine_memory_mb() -> float:
    """The memory available on this machine now, in MB (psutil, else ``/proc/meminfo``).

    >>> machine_memory_mb() > 0
    True
    """
    try:
        import psutil

        return psutil.virtual_memory().available / 2**20
    except ImportError:  # pragma: no cover - Voilà's kernels bring psutil
        with open("/proc/meminfo", encoding="ascii") as info:
            for line in info:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) / 1024
    raise OSError("no memory figure")  # pragma: no cover


def most_pages(memory_mb: float, *, kernel_mb: float, server_mb: float, pooled: int) -> int:
    """The most pages a server with ``memory_mb`` holds at once: its memory less Voilà's own
    (``server_mb``) and the ``pooled`` preheated kernels', in kernels of ``kernel_mb``; at
    least one.

    >>> most_pages(2048, kernel_mb=130, server_mb=250, pooled=3)
    10
    >>> most_pages(8192, kernel_mb=130, server_mb=250, pooled=3)
    58
    """
    return max(1, int((memory_mb - server_mb) // kernel_mb) - pooled)


class PageKernels:
    """The pages of one server and their kernels (``connections``: how many websockets a
    kernel has, None when it is gone; ``per_address``, ``most``: the limits)."""

    def __init__(self, connections: Callable[[str], int | None], *, per_address: int,
                 most: int, held: int = 0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.connections, self.per_address, self.most = connections, per_address, most
        self.held = held or share(most)
        """The most pages one address holds (``--pages-per-address``; default
        :func:`share`)."""
        self.clock = clock
        self.visits: list[Visit] = []

    def _look(self, visit: Visit, now: float) -> None:
        """Update whether ``visit``'s page is connected."""
        if visit.kernel_id is None:
            return
        count = self.connections(visit.kernel_id)
        if count:
            visit.connected, visit.closed_since = True, None
        elif visit.connected and visit.closed_since is None:
            visit.closed_since = now

    def admit(self, address: str) -> Visit:
        """A new page for ``address``, or :class:`Busy` when it has :attr:`per_address`
        pages unconnected or its :func:`share` of pages, or the server holds :attr:`most`
        pages."""
        now = self.clock()
        self.visits = [v for v in self.visits if not self._is_gone(v)]
        for visit in self.visits:
            self._look(visit, now)
        mine = [v for v in self.visits if v.address == address and v.is_unconnected]
        if len(mine) >= self.per_address:
            raise Busy(min(self._free_in(v, now) for v in mine))
        if sum(v.address == address for v in self.visits) >= self.held:
            raise Busy(RETRY_FULL)
        if len(self.visits) >= self.most:
            raise Busy(RETRY_FULL)
        visit = Visit(address)
        self.visits.append(visit)
        return visit

    def _is_gone(self, visit: Visit) -> bool:
        """Whether ``visit``'s kernel has been shut down (by its page, or the idle cull)."""
        return visit.kernel_id is not None and self.connections(visit.kernel_id) is None

    def _free_in(self, visit: Visit, now: float) -> int:
        """Seconds until ``visit`` may no longer count against its address."""
        if visit.closed_since is not None:
            left = CLOSED_FOR - (now - visit.closed_since)
        elif visit.delivered is None or now - visit.delivered < RETRY_SOON:
            return RETRY_SOON
        else:
            left = CONNECT_WITHIN - (now - visit.delivered)
        return max(RETRY_SOON, int(left) + SWEEP_EVERY)

    def got_kernel(self, visit: Visit, kernel_id: str) -> None:
        """``visit``'s page runs in ``kernel_id``."""
        visit.kernel_id = kernel_id

    def delivered(self, visit: Visit) -> None:
        """``visit``'s page has been sent (or its request ended): its page may connect now;
        a visit that got no kernel (a redirect) is forgotten."""
        if visit.kernel_id is None:
            self.visits.remove(visit)
        else:
            visit.delivered = self.clock()

    def sweep(self) -> list[str]:
        """The kernels to shut down now (forgotten here): pages delivered
        :data:`CONNECT_WITHIN` seconds ago and never connected, pages closed
        :data:`CLOSED_FOR` seconds ago; pages whose kernel is gone are forgotten."""
        now, ending, kept = self.clock(), [], []
        for visit in self.visits:
            if self._is_gone(visit):
                continue  # shut down already (the page's own shutdown, the idle cull)
            self._look(visit, now)
            if visit.delivered is None:
                kept.append(visit)
            elif not visit.connected and now - visit.delivered >= CONNECT_WITHIN:
                ending.append(visit.kernel_id)
            elif visit.closed_since is not None and now - visit.closed_since >= CLOSED_FOR:
                ending.append(visit.kernel_id)
            else:
                kept.append(visit)
        self.visits = kept
        return ending


def busy_page(seconds: int, lang: str | None = None) -> str:
    """The page a visitor over a limit gets, in ``lang``: the server is busy, try again in
    ``seconds``; it tries again by itself then.

    >>> page = busy_page(10)
    >>> '<meta http-equiv="refresh" content="10">' in page, "10 seconds" in page
    (True, True)
    """
    _ = words(lang)
    # TRANSLATORS: the title of the page a visitor gets when the server is too busy
    title = _("Domeng is busy")
    # TRANSLATORS: the page a visitor gets when the server holds all it can (503)
    text = _.ngettext("This server is busy right now. Try again in {seconds} second: this "
                      "page tries again by itself.",
                      "This server is busy right now. Try again in {seconds} seconds: this "
                      "page tries again by itself.",
                      seconds, seconds=seconds)
    return (f'<!DOCTYPE html>\n<html lang="{html.escape(_.lang)}"><head><meta charset="utf-8">'
            f'<meta http-equiv="refresh" content="{int(seconds)}">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{html.escape(title)}</title></head>\n"
            f"<body><h1>{html.escape(title)}</h1>\n<p>{html.escape(text)}</p></body></html>\n")
