// Play together: a seat's page sends clicks on its websocket and swaps in the parts the
// server sends (domeng/together/handlers.py); the form of a new table posts it.
// No hand is ever computed here: every tile, sentence and button comes from the server.
// What the page does by itself: the tab's title and icon on your turn (with a short sound
// and buzz that can be switched off), the end choice placed next to the chosen tile, the
// hand kept in view after a move, a refusal that stays until acted on, a countdown.
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
  const icon = document.querySelector("link[rel=icon]");
  const plainIcon = icon ? icon.href : "";
  const turnIcon = "data:image/svg+xml," + encodeURIComponent(
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'>" +
    "<circle cx='8' cy='8' r='7' fill='#d32f2f'/>" +
    "<path d='M6 4.5l5 3.5-5 3.5z' fill='#fff'/></svg>");
  const sound = main.querySelector(".domeng-together-sound input");
  if (sound) {
    sound.checked = localStorage.getItem("domeng-sound") !== "off";
    sound.addEventListener("change", () => {
      localStorage.setItem("domeng-sound", sound.checked ? "on" : "off");
    });
  }
  let socket = null;
  let retry = 500;
  let wasMine = null;
  let moved = false;
  let chosen = null;

  function step() {
    const t = main.querySelector(".domeng-together-table");
    return t ? Number(t.dataset.step) : -1;
  }

  // a refusal stays until the person acts or closes it, or the table moves on (then it
  // is no longer true: the turn has come, the tile was played); it lies over the page
  let saidAt = null;
  function say(text) {
    notice.querySelector("p").textContent = text || "";
    notice.hidden = !text;
    saidAt = text ? step() : null;
  }

  function send(data) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(data));
  }

  function act(data) {
    say("");
    send(data);
  }

  function beep() {
    if (!sound || !sound.checked) return;
    try {
      if (navigator.vibrate) navigator.vibrate(120);
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      const ctx = beep.ctx || (beep.ctx = new Ctx());
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = 660;
      gain.gain.value = 0.08;
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.15);
    } catch (e) { /* no sound where the browser does not allow it */ }
  }

  function turn() {
    const status = main.querySelector(".domeng-together-status");
    const mine = !!status && status.dataset.mine === "1";
    document.title = mine ? main.dataset.turnTitle : main.dataset.title;
    if (icon) icon.href = mine ? turnIcon : plainIcon;
    main.classList.toggle("domeng-together-my-turn", mine);
    if (mine && wasMine === false) beep();
    wasMine = mine;
  }

  function keepHandInView() {
    const hand = main.querySelector(`.domeng-seat[data-seat="${me}"]`);
    if (!hand) return;
    const box = hand.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) {
      hand.scrollIntoView({ block: "nearest" });
    }
  }

  function connect() {
    const url = new URL(main.dataset.api + "/ws", location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    url.search = "lang=" + encodeURIComponent(main.dataset.lang);
    socket = new WebSocket(url);
    socket.onopen = () => {
      retry = 500;
      lost.hidden = true;
      // the browser that made the table sends the host's token from its own storage
      const host = window.DomengShare ? window.DomengShare.hostToken(main.dataset.table) : "";
      socket.send(JSON.stringify(host ? { type: "hello", token: token, host: host }
        : { type: "hello", token: token }));
    };
    socket.onmessage = (event) => {
      const data = JSON.parse(event.data);
      if (data.type === "state") {
        for (const [name, html] of Object.entries(data.parts)) {
          const part = main.querySelector(`[data-part="${name}"]`);
          if (part && part.innerHTML !== html) part.innerHTML = html;
        }
        main.dataset.state = data.state;
        if (saidAt !== null && step() !== saidAt) say("");
        if ("board" in data.parts) chosen = null;
        turn();
        countdown();
        if (moved && "board" in data.parts) { moved = false; keepHandInView(); }
      } else if (data.type === "refused") {
        moved = false;
        say(data.text);
      }
    };
    socket.onclose = (event) => {
      lost.hidden = false;
      // 1013: the server holds as many pages as it takes (its reason was said): wait longer
      if (event.code === 1013) retry = 8000;
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  function countdown() {
    for (const box of main.querySelectorAll(".domeng-together-countdown")) {
      const left = Math.max(0, Math.round((Number(box.dataset.deadline) - Date.now()) / 1000));
      const seconds = box.querySelector(".domeng-together-seconds");
      if (seconds) seconds.textContent = String(left);
    }
  }
  setInterval(countdown, 500);

  function legal() {
    const t = main.querySelector(".domeng-together-table");
    return t ? JSON.parse(t.dataset.legal || "[]") : [];
  }

  function hideEnds() {
    for (const box of main.querySelectorAll(".domeng-together-ends")) box.hidden = true;
    for (const t of main.querySelectorAll(".domeng-chosen")) {
      t.classList.remove("domeng-chosen");
      t.removeAttribute("aria-pressed");
    }
    chosen = null;
  }

  // the end choice opens next to the chosen tile, inside the screen
  function place() {
    if (!chosen) return;
    const { tile, box } = chosen;
    if (!tile.isConnected || box.hidden) return;
    const r = tile.getBoundingClientRect();
    const w = box.offsetWidth, h = box.offsetHeight;
    const vw = document.documentElement.clientWidth, vh = window.innerHeight;
    let top = r.bottom + 6;
    if (top + h > vh - 4) top = r.top - h - 6;
    top = Math.max(4, Math.min(top, vh - h - 4));
    const left = Math.max(4, Math.min(r.left + r.width / 2 - w / 2, vw - w - 4));
    box.style.top = top + "px";
    box.style.left = left + "px";
  }
  window.addEventListener("scroll", () => requestAnimationFrame(place), { passive: true });
  window.addEventListener("resize", () => requestAnimationFrame(place));

  main.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (button) {
      const action = button.dataset.action;
      if (action === "cancel") { hideEnds(); return; }
      if (action === "dismiss") { say(""); return; }
      if (action === "play") {
        moved = true;
        act({ type: "move", tile: button.dataset.tile, end: button.dataset.end, seq: step() });
      } else if (action === "pass") {
        moved = true;
        act({ type: "move", tile: null, end: null, seq: step() });
      } else if (action === "next") {
        act({ type: "next", seq: step() });
      } else if (action === "end") {
        act({ type: "end" });
      } else if (action === "standin") {
        act({ type: "standin", seat: Number(button.dataset.seat) });
      } else if (action === "seen") {
        act({ type: "seen" });
      } else if (action === "start") {
        const computers = {};
        for (const s of main.querySelectorAll("select.domeng-together-computer")) {
          computers[s.dataset.seat] = s.value;
        }
        act({ type: "start", computers: computers });
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
      if (box) {
        tile.classList.add("domeng-chosen");
        tile.setAttribute("aria-pressed", "true");
        box.hidden = false;
        chosen = { tile: tile, box: box };
        place();
        return;
      }
    }
    // one way to play it, or none: the server plays it or says why not, in one line
    moved = true;
    act({ type: "move", tile: id, end: moves.length === 1 ? moves[0].end : null, seq: step() });
  });

  turn();
  // a device that already holds another seat or the host's token asks before taking this one
  if (window.DomengShare) window.DomengShare.gate(main, connect); else connect();

  function newTable(main) {
    const form = main.querySelector("form");
    const notice = main.querySelector(".domeng-together-notice");
    const box = main.querySelector(".domeng-together-links");
    const words = JSON.parse(main.dataset.words);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const seats = [...form.querySelectorAll("select[name=seat]")].map((s) => s.value);
      const names = [...form.querySelectorAll("input[name=name]")]
        .map((n, i) => n.value.trim() || words.names[i]);
      // each name's grammatical gender: "f", "m", or null for the neutral wording
      const genders = [...form.querySelectorAll("select[name=gender]")]
        .map((g) => g.value || null);
      const body = { seats: seats, names: names, genders: genders, lang: main.dataset.lang };
      const pace = form.querySelector("[name=pace]").value;
      const rounds = form.querySelector("[name=rounds]").value;
      const away = form.querySelector("[name=away_after]").value;
      const pause = form.querySelector("[name=round_pause]").value;
      if (pace !== "") body.pace = Number(pace);
      if (rounds !== "") body.rounds = Number(rounds);
      body.away_after = away === "never" ? "never" : Number(away);
      if (pause !== "") body.round_pause = Number(pause);
      body.nonce = form.querySelector("[name=nonce]").value;
      notice.textContent = "";
      // one table for a double tap: the button waits for the answer, and the server
      // answers a second post of the same form (its nonce) with the first table
      const submit = form.querySelector("button[type=submit]");
      if (submit.disabled) return;
      submit.disabled = true;
      let data;
      try {
        const answer = await fetch(main.dataset.api, {
          method: "POST", headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
        data = await answer.json();
        if (!answer.ok) { notice.textContent = data.error; submit.disabled = false; return; }
      } catch (e) {
        submit.disabled = false;
        throw e;
      }
      if (window.DomengShare) {
        window.DomengShare.keepHost(data.table, new URL(data.host).searchParams.get("token"));
      }
      box.querySelector(".domeng-together-links-body").innerHTML = data.html;
      if (window.DomengShare) window.DomengShare.wire(box);
      box.hidden = false;
      box.scrollIntoView({ block: "start" });
    });
  }
})();
