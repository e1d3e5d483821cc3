"""One link for the host (issue 43, item 3) in a real browser on a live ``domeng app``: a
double tap on "Make the table" makes one table; the links page is on the first screen of a
390 px phone with Share, Copy and a QR code per link; the browser that made the table asks
before a guest's link takes the guest's seat there, and shows the host's controls on the
host's own seat page, where ending the table asks first. Screenshots of the links page at
390 px in each language go to ``artifacts/screenshots``."""

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from together_server import Server, token_of  # noqa: E402

PHONE = {"width": 390, "height": 664}
"""A phone's first screen: its browser's viewport below the address bar."""

PLAIN_HTTP = "Object.defineProperty(window, 'isSecureContext', {value: false});"
"""What a page served over plain HTTP at a network address sees (no share sheet, no
clipboard API): the test server is on 127.0.0.1, which browsers count as secure."""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("together-host")
    srv = Server(folder / "tables", folder / "server.log").start()
    yield srv
    srv.stop()


def wait_until(page, expression: str, timeout: float = 20000) -> None:
    """Until ``expression`` is true on ``page`` (``evaluate`` polled: the pages' CSP has no
    ``'unsafe-eval'`` for playwright's own wait)."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise TimeoutError(f"not true after {timeout / 1000:.0f} s: {expression}")
        page.wait_for_timeout(100)


def tables(server) -> set[str]:
    return {p.name.split(".")[0] for p in server.tables.glob("*.table.json")}


def make_table(page, server, lang: str = "en") -> None:
    """The host opens the form, keeps two people (the default) and makes the table."""
    page.goto(server.base + f"domeng/tables/new?lang={lang}")
    page.click("form button[type=submit]")
    page.wait_for_selector(".domeng-together-links:not([hidden]) .domeng-together-qr",
                           timeout=20000)


def seat_of(server, made_table: str, token: str, seat: int) -> dict:
    status, data = server.request("GET", f"domeng/api/tables/{made_table}", token=token)
    assert status == 200, data
    return data["seats"][seat]


def test_a_double_tap_on_make_the_table_makes_one_table(server, browser):
    context = browser.new_context(viewport=PHONE, has_touch=True)
    try:
        page = context.new_page()
        page.goto(server.base + "domeng/tables/new?lang=lt")
        before = tables(server)
        page.dblclick("form button[type=submit]")
        page.wait_for_selector(".domeng-together-links:not([hidden])", timeout=20000)
        page.wait_for_timeout(500)  # a second post, were one sent, would have made its table
        made = tables(server) - before
        assert len(made) == 1
        # the same form sent again (a tap the button did not stop): the same table
        again = page.evaluate("""async () => {
            const main = document.querySelector("main");
            const nonce = document.querySelector("[name=nonce]").value;
            const answer = await fetch(main.dataset.api, {method: "POST",
                headers: {"Content-Type": "application/json"},
                body: JSON.stringify({seats: ["person", "person", "greedy", "greedy",
                                              "greedy"], nonce: nonce})});
            return (await answer.json()).table;
        }""")
        assert {again} == made and tables(server) - before == made
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "id", "lt"])
def test_the_links_page_is_on_a_phones_first_screen(server, browser, lang, screenshot_dir):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    # as on plain HTTP (domeng app --ip 0.0.0.0 at home): 127.0.0.1 itself counts as secure
    context.add_init_script(PLAIN_HTTP)
    refused: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda msg: refused.append(msg.text)
                if "Content Security Policy" in msg.text else None)
        make_table(page, server, lang)
        first = page.locator(".domeng-together-seat-link").first
        box = first.locator("button[data-action=copy]").bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"]
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert page.locator(".domeng-together-seat-link").count() == 2
        assert page.locator(".domeng-together-qr").count() == 3  # two seats, the spectators
        # plain HTTP: no share sheet; Copy selects the link's text
        assert page.locator("button[data-action=share]:visible").count() == 0
        first.locator("button[data-action=copy]").click()
        url = first.get_attribute("data-url")
        assert page.evaluate("String(window.getSelection())") == url
        copied = first.locator(".domeng-together-copied").inner_text()
        assert copied == page.locator(".domeng-together-link-list").get_attribute(
            "data-selected")
        assert page.locator(".domeng-together-local").is_visible()  # 127.0.0.1
        page.screenshot(path=str(screenshot_dir / f"together-links-{lang}.png"))
        page.screenshot(path=str(screenshot_dir / f"together-links-{lang}-full.png"),
                        full_page=True)
    finally:
        context.close()
    assert refused == []


def test_share_hands_the_link_to_the_phones_share_sheet(server, browser):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.add_init_script("navigator.share = async (data) => { window.shared = data; };")
    try:
        page = context.new_page()
        make_table(page, server, "id")
        row = page.locator(".domeng-together-seat-link").nth(1)
        row.locator("button[data-action=share]").click()
        wait_until(page, "window.shared !== undefined")
        assert page.evaluate("window.shared.url") == row.get_attribute("data-url")
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "id", "lt"])
def test_a_guest_link_in_the_hosts_browser_asks_before_taking_the_seat(server, browser, lang,
                                                                      screenshot_dir):
    host_context = browser.new_context(viewport=PHONE, has_touch=True)
    guest_context = browser.new_context(viewport=PHONE, has_touch=True)
    try:
        page = host_context.new_page()
        make_table(page, server, lang)
        guest_url = page.locator(".domeng-together-seat-link").nth(1).get_attribute("data-url")
        own_url = page.locator(".domeng-together-seat-link").first.get_attribute("data-url")
        table = guest_url.split("/domeng/table/")[1].split("?")[0]
        guest_token = token_of(guest_url)

        page.goto(guest_url)  # the host taps the guest's link on their own phone
        ask = page.locator(".domeng-together-ask")
        ask.wait_for(state="visible", timeout=10000)
        assert ask.locator('[data-when="host"]').is_visible()
        page.screenshot(path=str(screenshot_dir / f"together-ask-{lang}.png"))
        page.click(".domeng-together-ask button[data-action=leave]")
        assert ask.locator('[data-when="left"]').is_visible()
        page.wait_for_timeout(500)
        assert seat_of(server, table, guest_token, 1)["arrived"] is False

        page.goto(own_url)  # the host's own seat: asked once, then the host's controls
        page.locator(".domeng-together-ask").wait_for(state="visible", timeout=10000)
        page.click(".domeng-together-ask button[data-action=take]")
        page.wait_for_selector("button[data-action=start]", timeout=20000)
        page.wait_for_selector("button[data-action=end-ask]", timeout=20000)
        page.click("button[data-action=end-ask]")
        assert page.locator(".domeng-together-end-box").is_visible()
        page.locator(".domeng-together-end-box").scroll_into_view_if_needed()
        page.screenshot(path=str(screenshot_dir / f"together-end-ask-{lang}.png"))
        page.click("button[data-action=end-keep]")
        assert not page.locator(".domeng-together-end-box").is_visible()
        page.reload()  # the seat is this device's now: no question
        page.wait_for_selector("button[data-action=start]", timeout=20000)
        assert not page.locator(".domeng-together-ask").is_visible()

        page.goto(guest_url)  # a device with a seat of this table asks too
        ask.wait_for(state="visible", timeout=10000)
        assert ask.locator('[data-when="seat"]').is_visible()
        assert seat_of(server, table, guest_token, 1)["arrived"] is False

        guest = guest_context.new_page()  # the guest's own phone takes it without a question
        guest.goto(guest_url)
        wait_until(guest, "document.querySelector('.domeng-seats') !== null")
        assert not guest.locator(".domeng-together-ask").is_visible()
        assert guest.locator("button[data-action=end-ask]").count() == 0
        assert guest.locator("button[data-action=start]").count() == 0
    finally:
        host_context.close()
        guest_context.close()
