// Play together: a seat's page sends clicks on its websocket and swaps in the parts the
// server sends (domeng/together/handlers.py); the form of a new table posts it.
// No hand is ever computed here: every tile, sentence and button comes from the server.
(function () {
  "use strict";
  const main = document.querySelector("main.domeng-together");
  if (!main) return;
  const query = new URLSearchParams(location.search);

  // language links keep the seat and token of this page's address
  for (const a of main.querySelectorAll(".domeng-languages a[data-lang]")) {
    const q = new URLSearchParams(location.search);
    q.set("lang", a.dataset.lang);
    a.href = "?" + q.toString();
  }

  if (main.classList.contains("domeng-together-new")) {
    newTable(main);
    return;
  }

  const notice = main.querySelector(".domeng-together-notice");
  const lost = main.querySelector(".domeng-together-link");
  const why = main.querySelector("details[data-wide-open]");
  if (why && window.matchMedia("(min-width: 900px)").matches) why.open = true;
  const token = query.get("token") || "";
  const me = main.dataset.seat === "" ? null : Number(main.dataset.seat);
  let socket = null;
  let retry = 500;

  function step() {
    const t = main.querySelector(".domeng-together-table");
    return t ? Number(t.dataset.step) : -1;
  }

  function say(text) {
    notice.textContent = text || "";
  }

  function send(data) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(data));
  }

  function connect() {
    const url = new URL(main.dataset.api + "/ws", location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    url.search = "lang=" + encodeURIComponent(main.dataset.lang);
    socket = new WebSocket(url);
    socket.onopen = () => {
      retry = 500;
      lost.hidden = true;
      socket.send(JSON.stringify({ type: "hello", token: token }));
    };
    socket.onmessage = (event) => {
      const data = JSON.parse(event.data);
      if (data.type === "state") {
        for (const [name, html] of Object.entries(data.parts)) {
          const part = main.querySelector(`[data-part="${name}"]`);
          if (part && part.innerHTML !== html) part.innerHTML = html;
        }
        main.dataset.state = data.state;
        say("");
      } else if (data.type === "refused") {
        say(data.text);
      }
    };
    socket.onclose = () => {
      lost.hidden = false;
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  function legal() {
    const t = main.querySelector(".domeng-together-table");
    return t ? JSON.parse(t.dataset.legal || "[]") : [];
  }

  function hideEnds() {
    for (const box of main.querySelectorAll(".domeng-together-ends")) box.hidden = true;
  }

  main.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (button) {
      const action = button.dataset.action;
      if (action === "cancel") { hideEnds(); return; }
      if (action === "play") {
        send({ type: "move", tile: button.dataset.tile, end: button.dataset.end, seq: step() });
      } else if (action === "pass") {
        send({ type: "move", tile: null, end: null, seq: step() });
      } else if (action === "next") {
        send({ type: "next", seq: step() });
      } else if (action === "end") {
        send({ type: "end" });
      }
      return;
    }
    if (me === null) return;
    const tile = event.target.closest(`.domeng-seat[data-seat="${me}"] [data-id]`);
    if (!tile) return;
    const id = tile.getAttribute("data-id");
    const moves = legal().filter((m) => m.tile === id);
    hideEnds();
    if (moves.length > 1) {
      const box = main.querySelector(`.domeng-together-ends[data-for="${CSS.escape(id)}"]`);
      if (box) { box.hidden = false; return; }
    }
    // one way to play it, or none: the server plays it or says why not, in one line
    send({ type: "move", tile: id, end: moves.length === 1 ? moves[0].end : null, seq: step() });
  });

  connect();

  function newTable(main) {
    const form = main.querySelector("form");
    const notice = main.querySelector(".domeng-together-notice");
    const box = main.querySelector(".domeng-together-links");
    const words = JSON.parse(main.dataset.words);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const seats = [...form.querySelectorAll("select[name=seat]")].map((s) => s.value);
      const body = { seats: seats, lang: main.dataset.lang };
      const pace = form.querySelector("[name=pace]").value;
      const rounds = form.querySelector("[name=rounds]").value;
      if (pace !== "") body.pace = Number(pace);
      if (rounds !== "") body.rounds = Number(rounds);
      notice.textContent = "";
      const answer = await fetch(main.dataset.api, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const data = await answer.json();
      if (!answer.ok) { notice.textContent = data.error; return; }
      const list = box.querySelector("ul");
      list.textContent = "";
      const add = (label, url, cls) => {
        const li = document.createElement("li");
        li.className = cls;
        const a = document.createElement("a");
        a.href = url; a.textContent = url; a.target = "_blank";
        li.append(label + ": ", a);
        list.append(li);
      };
      for (const [seat, url] of Object.entries(data.links)) {
        add(words.seat.replace("{seat}", seat), url, "domeng-together-seat-link");
      }
      add(words.spectator, data.spectator, "domeng-together-spectator-link");
      add(words.host, data.host, "domeng-together-host-link");
      box.hidden = false;
    });
  }
})();
