// Play together: what this browser keeps of a table in its own storage (localStorage), and
// the host's buttons that need no server (domeng/together/links.py draws them).
// - The browser that made the table keeps the host's token; its seat page sends it beside
//   the seat's, so the host's controls show there. No link carries it.
// - A device that already holds another seat or the host's token of a table asks before
//   it takes a seat (the host tapping a guest's link must not take the guest's seat).
// - Share (the phone's share sheet, on a secure page) and Copy (on plain HTTP: the link's
//   text selected) on the links page; End the table asks first.
(function () {
  "use strict";
  const key = (id) => "domeng-table:" + id;

  function held(id) {
    try {
      const data = JSON.parse(localStorage.getItem(key(id)) || "{}");
      return data && typeof data === "object" ? data : {};
    } catch (e) {
      return {};
    }
  }

  function keep(id, data) {
    try { localStorage.setItem(key(id), JSON.stringify(data)); } catch (e) { /* private mode */ }
  }

  function hostToken(id) {
    const token = held(id).host;
    return typeof token === "string" ? token : "";
  }

  function keepHost(id, token) {
    if (!id || !token) return;
    const data = held(id);
    data.host = token;
    keep(id, data);
  }

  function seatsHeld(id) {
    const seats = held(id).seats;
    return Array.isArray(seats) ? seats.filter((s) => typeof s === "number") : [];
  }

  function takeSeat(id, seat) {
    const data = held(id);
    const seats = seatsHeld(id);
    if (!seats.includes(seat)) seats.push(seat);
    data.seats = seats;
    keep(id, data);
  }

  // connect at once, or first ask: this device holds another seat, or made the table
  function gate(main, go) {
    const id = main.dataset.table;
    const me = main.dataset.seat === "" ? null : Number(main.dataset.seat);
    if (me === null || !id) { go(); return; }
    const seats = seatsHeld(id);
    const box = main.querySelector(".domeng-together-ask");
    if (seats.includes(me) || (!seats.length && !hostToken(id)) || !box) {
      takeSeat(id, me);
      go();
      return;
    }
    box.querySelector('[data-when="host"]').hidden = seats.length > 0;
    box.querySelector('[data-when="seat"]').hidden = seats.length === 0;
    box.hidden = false;
    box.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-action]");
      if (!button) return;
      if (button.dataset.action === "take") {
        box.hidden = true;
        takeSeat(id, me);
        go();
      } else if (button.dataset.action === "leave") {
        for (const p of box.querySelectorAll("p")) p.hidden = p.dataset.when !== "left";
        for (const b of box.querySelectorAll("button")) b.hidden = true;
      }
    });
  }

  function say(row, text) {
    const out = row.querySelector(".domeng-together-copied");
    if (out) out.textContent = text || "";
  }

  function select(row) {
    const a = row.querySelector(".domeng-together-link-url a");
    const range = document.createRange();
    range.selectNodeContents(a);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  async function copy(row, words) {
    const url = row.dataset.url;
    if (window.isSecureContext && navigator.clipboard) {
      try {
        await navigator.clipboard.writeText(url);
        say(row, words.copied);
        return;
      } catch (e) { /* refused: select it instead */ }
    }
    select(row);
    say(row, words.selected);
  }

  // the links page: Share where the phone's share sheet is there, Copy everywhere
  function wire(box) {
    const list = box.querySelector(".domeng-together-link-list");
    if (!list) return;
    const words = { copied: list.dataset.copied || "", selected: list.dataset.selected || "" };
    const canShare = window.isSecureContext && typeof navigator.share === "function";
    for (const b of list.querySelectorAll('button[data-action="share"]')) b.hidden = !canShare;
    list.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-action]");
      const row = event.target.closest("li[data-url]");
      if (!button || !row) return;
      if (button.dataset.action === "copy") {
        copy(row, words);
      } else if (button.dataset.action === "share") {
        const label = row.querySelector(".domeng-together-link-label").textContent;
        navigator.share({ title: document.title, text: label, url: row.dataset.url })
          .catch(() => { /* the person closed the share sheet */ });
      }
    });
  }

  // End the table asks first (the box beside the button; its Yes sends the end)
  document.addEventListener("click", (event) => {
    const button = event.target.closest('button[data-action="end-ask"], ' +
                                        'button[data-action="end-keep"]');
    if (!button) return;
    const foot = button.closest("[data-part]") || document;
    const box = foot.querySelector(".domeng-together-end-box");
    const ask = foot.querySelector('button[data-action="end-ask"]');
    if (!box) return;
    const asking = button.dataset.action === "end-ask";
    box.hidden = !asking;
    if (ask) ask.hidden = asking;
  });

  window.DomengShare = { hostToken, keepHost, gate, wire };
})();
