"""The host's links: where they point, how they are sent, and the one table a form makes.

After **Make the table** the form shows, drawn here on the server, one row per person's
seat and one for the spectators: the link, **Share** (the phone's share sheet where the
page is a secure context), **Copy** (or, on plain HTTP, the link's text selected) and a QR
code drawn as SVG by ``segno`` (no script from elsewhere). The host's own link is not among
the links to send: the browser that made the table keeps the host's token in its own
storage (``static/share.js``), and its seat page shows the host's controls from it.

The links point where the others can reach the server: ``--public-url`` when the server
has one, else the address the form was opened at, or, when that is this machine's own
(``127.0.0.1``, ``localhost``) and the server listens on the network too, the machine's
network address. When they would still point to the host's own machine only, the page
says so (:func:`is_local`).

A double tap on **Make the table** sends the form twice with the same nonce (a random
word the form page was drawn with): :class:`Nonces` answers the second with the first's
table.

>>> is_local("http://127.0.0.1:8866/"), is_local("http://192.168.1.20:8866/")
(True, False)
"""

from __future__ import annotations

import html
import ipaddress
import secrets
import socket
from collections import OrderedDict
from collections.abc import Collection, Mapping
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from domeng.i18n import Words

__all__ = ["MAX_NONCES", "Nonces", "end_controls", "is_local", "links_html", "links_root",
           "network_address", "new_nonce", "qr_data_uri", "seat_question"]

esc = html.escape

MAX_NONCES = 2000
"""The most form nonces remembered at once (the oldest is forgotten first)."""

_LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1"})


def is_local(url: str) -> bool:
    """Whether ``url`` points to the machine that opens it, whichever it is (``127.0.0.1``,
    ``localhost``, ``::1``): a link to it opens nothing on another phone."""
    host = (urlsplit(url).hostname or "").lower()
    if host in _LOOPBACK or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def network_address() -> str | None:
    """This machine's address on its network (the one its default route leaves from), or
    None without one. No packet is sent: a UDP socket is only pointed at an address of the
    documentation range (192.0.2.1) to learn which of the machine's addresses would go."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            address = s.getsockname()[0]
    except OSError:
        return None
    return None if not address or ipaddress.ip_address(address).is_loopback else address


def links_root(request_root: str, *, public_url: str | None = None,
               hosts: Collection[str] = (), address: str | None = None) -> str:
    """The root URL the links to send are built on: ``public_url`` when given; else
    ``request_root`` (where the form was opened), with its host replaced by the machine's
    network ``address`` (default :func:`network_address`) when it is a loopback name and the
    server answers to that address (``hosts``, the names it answers to: listening on
    ``0.0.0.0``). Otherwise ``request_root`` as it is, which :func:`is_local` may flag.

    >>> links_root("http://127.0.0.1:8866/", hosts={"127.0.0.1", "192.0.2.7"},
    ...            address="192.0.2.7")
    'http://192.0.2.7:8866/'
    >>> links_root("http://127.0.0.1:8866/", hosts={"127.0.0.1"}, address="192.0.2.7")
    'http://127.0.0.1:8866/'
    >>> links_root("http://127.0.0.1:8866/", public_url="https://domeng.example/")
    'https://domeng.example/'
    """
    if public_url:
        return public_url if public_url.endswith("/") else public_url + "/"
    if not is_local(request_root):
        return request_root
    address = address if address is not None else network_address()
    if not address or address.lower() not in {h.lower() for h in hosts}:
        return request_root
    parts = urlsplit(request_root)
    host = f"[{address}]" if ":" in address else address
    netloc = f"{host}:{parts.port}" if parts.port else host
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


def qr_data_uri(url: str) -> str:
    """``url`` as a QR code: an SVG picture (``data:image/svg+xml``) drawn by ``segno``,
    black on white with the quiet zone the standard asks for, for an ``<img>``."""
    import segno

    return segno.make_qr(url, error="m").svg_data_uri(scale=4, border=4, dark="#000",
                                                      light="#fff")


def new_nonce() -> str:
    """A random word for one drawing of the form: its posts carry it (:class:`Nonces`)."""
    return secrets.token_urlsafe(16)


class Nonces:
    """The answers given to the form's nonces: the same nonce (a double tap, a resend) from
    the same client gets the same answer, and no second table. At most :data:`MAX_NONCES`
    are kept, the oldest forgotten first."""

    def __init__(self, most: int = MAX_NONCES) -> None:
        self.most = most
        self._answers: OrderedDict[tuple[str, str], dict[str, Any]] = OrderedDict()

    def get(self, client: str, nonce: Any) -> dict[str, Any] | None:
        """The answer given before to ``nonce`` from ``client``, or None."""
        if not isinstance(nonce, str) or not nonce:
            return None
        return self._answers.get((client, nonce))

    def keep(self, client: str, nonce: Any, answer: dict[str, Any]) -> None:
        """Remember ``answer`` as the one to ``nonce`` from ``client`` (a nonce that is not a
        non-empty string is not remembered)."""
        if not isinstance(nonce, str) or not nonce:
            return
        self._answers[(client, nonce)] = answer
        while len(self._answers) > self.most:
            self._answers.popitem(last=False)


def _row(_: Words, label: str, url: str, cls: str, name: str) -> str:
    """One link to send: its label, the link itself, Share, Copy and its QR code."""
    qr_alt = esc(_("QR code of the link for {who}", who=name))
    share = esc(_("Share"))
    copy = esc(_("Copy"))
    return (f'<li class="{cls}" data-url="{esc(url)}"><p class="domeng-together-link-label">'
            f"<strong>{esc(label)}</strong></p>"
            f'<p class="domeng-together-link-url"><a href="{esc(url)}" target="_blank">'
            f"{esc(url)}</a></p>"
            '<p class="domeng-together-link-buttons">'
            f'<button type="button" data-action="share" hidden>{share}</button>'
            f'<button type="button" data-action="copy">{copy}</button>'
            '<span class="domeng-together-copied" role="status"></span></p>'
            f'<img class="domeng-together-qr" alt="{qr_alt}" width="132" height="132" '
            f'src="{qr_data_uri(url)}"></li>')


def links_html(_: Words, *, links: Mapping[str, str], names: list[str], spectator: str,
               host: str) -> str:
    """The links page's part (after **Make the table**), in ``_``'s language: a warning
    when the links point to this machine only, one row per person's seat (``links``: seat →
    URL) and the spectators', each with Share, Copy and a QR code; then the host's own link,
    folded away, for a host who does not play. The host's token is in ``host`` alone."""
    out = []
    if is_local(next(iter(links.values()), spectator)):
        warning = esc(_(
            "These links point to this computer only (127.0.0.1): another phone cannot open "
            "them. Start the server with “{command}” and open this page at the computer's "
            "network address, or give the address people reach it at with “{option}”.",
            command="\x00", option="\x01"))
        warning = warning.replace("\x00", "<code>domeng app --ip 0.0.0.0</code>").replace(
            "\x01", "<code>--public-url</code>")
        out.append(f'<p class="domeng-together-local" role="alert">{warning}</p>')
    out.append("<p>" + esc(_("Send each person the link of their seat: tap Share, or let "
                             "them scan its QR code.")) + "</p>")
    rows = []
    for seat, url in sorted(links.items(), key=lambda kv: int(kv[0])):
        s = int(seat)
        # TRANSLATORS: a link's label on the page after "Make the table": whose seat it opens
        label = _("{name} (seat {seat})", name=names[s], seat=s + 1)
        rows.append(_row(_, label, url, "domeng-together-seat-link", names[s]))
    spectators = _("Spectators")
    rows.append(_row(_, spectators, spectator, "domeng-together-spectator-link", spectators))
    copied = esc(_("Copied."))
    selected = esc(_("The link is selected: copy it with your phone's menu."))
    out.append(f'<ul class="domeng-together-link-list" data-copied="{copied}" '
               f'data-selected="{selected}">{"".join(rows)}</ul>')
    keep = esc(_("This browser keeps the host's controls (Start now, End the table): they "
                 "show on your seat's page when you open it here. No link you send grants "
                 "them."))
    own = esc(_("Not playing yourself? The host's own page"))
    warn = esc(_("Do not send this link: whoever opens it can end the table."))
    out.append(f'<p class="domeng-together-host-note">{keep}</p>'
               f'<details class="domeng-together-host-link"><summary>{own}</summary>'
               f'<p>{warn}</p><p><a href="{esc(host)}" target="_blank">{esc(host)}</a></p>'
               "</details>")
    return "".join(out)


def end_controls(_: Words) -> str:
    """The host's **End the table…** button and, hidden until it is pressed, the question
    that asks first (its answer sends the end; the other keeps playing)."""
    ask = esc(_("End the table for everyone? Nobody can play at it afterwards; the game so "
                "far is kept."))
    # TRANSLATORS: the host's button that ends (closes) the table for everyone; it asks first
    end = esc(_("End the table…"))
    yes = esc(_("Yes, end the table"))
    keep = esc(_("No, play on"))
    return (f'<button type="button" class="domeng-together-end-ask" data-action="end-ask">'
            f"{end}</button>"
            f'<div class="domeng-together-end-box" role="alertdialog" hidden><p>{ask}</p>'
            f'<button type="button" class="domeng-together-end" data-action="end">{yes}'
            f'</button> <button type="button" data-action="end-keep">{keep}</button></div>')


def seat_question(_: Words, name: str) -> str:
    """The question a device asks before it takes a seat when it already holds another seat
    or the host's token of the table (hidden; ``static/share.js`` shows one of its two
    sentences): take ``name``'s seat here, or not."""
    made = esc(_("This device made the table. Is this your own seat, {name}? If the link is "
                 "for someone else, send it to them: opening it here takes their seat.",
                 name=name))
    other = esc(_("This device already has another seat at this table. This link is "
                  "{name}'s seat: opening it here takes their seat.", name=name))
    take = esc(_("Take {name}'s seat here", name=name))
    leave = esc(_("No, do not take it"))
    left = esc(_("Nothing was taken: send this link to {name}.", name=name))
    return ('<div class="domeng-together-ask" role="alertdialog" hidden>'
            f'<p data-when="host">{made}</p><p data-when="seat">{other}</p>'
            f'<p data-when="left" hidden>{left}</p>'
            f'<button type="button" data-action="take">{take}</button> '
            f'<button type="button" data-action="leave">{leave}</button></div>')
