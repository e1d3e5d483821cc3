"""The static host the site's benchmark serves it with (``static_pages.serve(..., gzip=True)``):
files gzipped as a static host sends them, wheels and zips as they are, and a log of the bytes
it wrote for each response."""

from __future__ import annotations

import gzip
import time
import urllib.request
from pathlib import Path

from domeng.web.site import static_pages


def get(url: str, **headers: str) -> tuple[dict, bytes]:
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as r:
        return dict(r.headers), r.read()


def test_a_file_is_sent_gzipped_to_a_browser_that_accepts_it_and_a_wheel_as_it_is(
    tmp_path: Path,
) -> None:
    page = "<p>" + "Step " * 2000 + "</p>"
    (tmp_path / "index.html").write_text("<p>Domeng</p>", encoding="utf-8")
    (tmp_path / "page.html").write_text(page, encoding="utf-8")
    (tmp_path / "domeng-1.0-py3-none-any.whl").write_bytes(b"PK" + bytes(range(256)) * 8)
    with static_pages.serve(tmp_path, gzip=True) as base:
        start = len(static_pages.sent(base))  # serve() asked for index.html
        headers, body = get(f"{base}/page.html", **{"Accept-Encoding": "gzip, deflate"})
        assert headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(body).decode() == page
        assert len(body) == len(gzip.compress(page.encode(), compresslevel=6, mtime=0))
        again = get(f"{base}/page.html", **{"Accept-Encoding": "gzip"})[1]
        assert again == body  # the compressed bytes kept, the same for every client
        headers, body = get(f"{base}/page.html")  # no gzip accepted: the file itself
        assert "Content-Encoding" not in headers
        assert body.decode() == page
        headers, body = get(f"{base}/domeng-1.0-py3-none-any.whl", **{"Accept-Encoding": "gzip"})
        assert "Content-Encoding" not in headers
        assert body == (tmp_path / "domeng-1.0-py3-none-any.whl").read_bytes()
        log = static_pages.sent(base, start)
    assert [entry[0] for entry in log] == ["/page.html", "/page.html", "/page.html",
                                           "/domeng-1.0-py3-none-any.whl"]
    assert log[-1][1] > len(body)  # what went on the wire: the body and its headers
    assert log[0][1] < len(page) < log[2][1]  # gzipped: fewer bytes than the file as it is


def test_the_log_is_read_from_an_entry_on_and_names_the_page_that_asked(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>Domeng</p>", encoding="utf-8")
    (tmp_path / "a.js").write_text("var a = 1;\n", encoding="utf-8")
    with static_pages.serve(tmp_path, gzip=True) as base:
        for _ in range(100):  # serve()'s own probe of /index.html is logged once it is sent
            if any(entry[0] == "/index.html" for entry in static_pages.sent(base)):
                break
            time.sleep(0.05)
        start = len(static_pages.sent(base))
        get(f"{base}/a.js", Referer=f"{base}/sw.js")
        log = static_pages.sent(base, start)
    assert [(entry[0], entry[2]) for entry in log] == [("/a.js", f"{base}/sw.js")]
