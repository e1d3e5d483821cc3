// Domeng: "Keep score", the phone page that keeps a real game's stones (issue 44).
//
// This script answers every tap at once: it knows the turn order and how many tiles each seat
// has laid, so it asks the right question (who opens, played or passed, the two questions of a
// going out, the pips of a block), and it writes the game as the scoresheet file
// (docs/format.md, "A scoresheet") into the browser's storage after every tap. It settles
// nothing: the stones, the CAMAT, the standings, the next opener and every sentence come from
// the engine (domeng.scoresheet.page.settle), asked with the whole scoresheet after each tap:
// under `domeng app` the server's domeng/api/score, on the static site Pyodide in a worker
// (score-worker.js). Until the engine has answered, the page says so and shows the last
// stones it had.
(function () {
  "use strict";
  var HAND = 5, SEATS = 5, KEY = "domeng-score/v1";
  var all = JSON.parse(document.getElementById("domeng-score-words").textContent);
  var config = JSON.parse(document.getElementById("domeng-score-engine").textContent);
  var asked = location.search.match(/[?&]lang=([\w-]+)/);
  var wanted = (asked ? [asked[1]] : []).concat(navigator.languages || [navigator.language]);
  var lang = "en";
  for (var i = 0; i < wanted.length; i++) {
    var code = String(wanted[i] || "").toLowerCase().split("-")[0];
    if (all[code]) { lang = code; break; }
  }
  var W = all[lang];
  var SEAT_NAMES = JSON.parse(W.seats);
  document.documentElement.lang = lang;
  document.title = W.title;
  var $ = function (cls) { return document.querySelector("." + cls); };
  var el = function (tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  var fill = function (template, values) {
    return template.replace(/\{(\w+)\}/g, function (m, k) { return k in values ? values[k] : m; });
  };

  // ------------------------------------------------------------------ storage
  var store = { games: [], current: null };
  try {
    var kept = JSON.parse(localStorage.getItem(KEY) || "null");
    if (kept && Array.isArray(kept.games)) store = kept;
  } catch (e) { /* unreadable storage: a new one */ }
  var save = function () {
    try { localStorage.setItem(KEY, JSON.stringify(store)); } catch (e) { /* full: kept in memory */ }
  };
  var game = function () {
    for (var k = 0; k < store.games.length; k++) {
      if (store.games[k].id === store.current) return store.games[k];
    }
    return null;
  };
  var newSheet = function (players) {
    var sheet = { format: "domeng-scoresheet", version: 1 };
    if (players) sheet.players = players;
    sheet.rounds = [];
    return sheet;
  };
  var addGame = function (sheet, result) {
    var g = { id: String(Date.now()) + Math.random().toString(36).slice(2, 6),
              date: new Date().toISOString(), sheet: sheet, result: result || null };
    store.games.unshift(g);
    store.current = g.id;
    save();
    return g;
  };

  // ------------------------------------------------------------------ what to ask (no settling)
  // a scoresheet's players are names, or {"name", "gender"} when the family gave a gender
  var names = function (sheet) {
    return (sheet.players || SEAT_NAMES).map(function (p) {
      return typeof p === "string" ? p : p.name;
    });
  };
  var keyOf = function (sheet) { return JSON.stringify(sheet); };
  // the engine's answer kept with a game is this sheet's, in this page's language
  var fresh = function (g) {
    return g.result && g.result.key === keyOf(g.sheet) && g.result.lang === lang ? g.result : null;
  };
  // the next round's opener: the engine's (R6, R22), from its answer for this very sheet
  var nextOpener = function (g) {
    var r = fresh(g);
    if (r) return r.next_opener;
    var rounds = g.sheet.rounds;
    if (!rounds.length && g.sheet.start && g.sheet.start.camat !== null) return g.sheet.start.camat;
    return null;
  };
  var ask = function (g) {
    var rounds = g.sheet.rounds, r = rounds[rounds.length - 1];
    if (!r || r.end) {
      var first = !rounds.length && !g.sheet.start;
      return { q: first ? "open_first" : "open", seat: first ? null : nextOpener(g) };
    }
    var turn = r.opener, laid = [0, 0, 0, 0, 0], last = null, passes = 0;
    r.turns.forEach(function (t) {
      if (t === "play") { laid[turn] += 1; last = turn; passes = 0; } else { passes += 1; }
      turn = (turn + 1) % SEATS;
    });
    if (last !== null && laid[last] === HAND) return { q: "going_out", seat: last };
    if (passes === SEATS - 1) return { q: "play_or_block", seat: turn };
    return { q: "play_or_pass", seat: turn };
  };

  // ------------------------------------------------------------------ the engine
  var said = function (text, refused) {
    var p = $("domeng-score-said");
    p.textContent = text || "";
    p.classList.toggle("domeng-score-refused", !!refused);
  };
  var engine = (function () {
    var waiting = {}, serial = 0, send;
    if (config.mode === "server") {
      send = function (text) {
        return fetch(config.api + "?lang=" + lang, {
          method: "POST", headers: { "Content-Type": "application/json" }, body: text
        }).then(function (response) { return response.json(); });
      };
    } else {
      var worker = new Worker(config.worker);
      var started = new Promise(function (resolve, reject) {
        worker.onmessage = function (event) {
          var data = event.data;
          if (data.ready) { resolve(); return; }
          if (data.failed) { reject(new Error(data.failed)); return; }
          var done = waiting[data.id];
          delete waiting[data.id];
          if (done) done(JSON.parse(data.answer));
        };
      });
      worker.postMessage({ start: new URL(config.pyodide, location.href).href });
      send = function (text) {
        return started.then(function () {
          return new Promise(function (resolve) {
            serial += 1;
            waiting[serial] = resolve;
            worker.postMessage({ id: serial, text: text, lang: lang });
          });
        });
      };
    }
    return { ask: send };
  })();
  var engineDown = false;
  var busy = false;
  // ask the engine about the current game's sheet; the answer is kept with it (and saved) if
  // the sheet has not changed meanwhile; a refusal takes back the last thing told
  var settleNow = function () {
    var g = game();
    if (!g || fresh(g) || engineDown) { render(); return; }
    if (busy) return;  // asked again when the answer in flight comes
    busy = true;
    var key = keyOf(g.sheet);
    engine.ask(key).then(function (answer) {
      busy = false;
      if (game() === g && keyOf(g.sheet) === key) {
        if (answer.error) {
          said(fill(W.refused, { error: answer.error }), true);
          g.sheet = undone(g.sheet);
        } else {
          answer.key = key;
          answer.lang = lang;
          g.result = answer;
        }
        save();
      }
      settleNow();
    }, function () {
      busy = false;
      engineDown = true;
      render();
    });
    render();
  };

  // ------------------------------------------------------------------ telling
  var undone = function (sheet) {
    var copy = JSON.parse(JSON.stringify(sheet)), rounds = copy.rounds, last = rounds[rounds.length - 1];
    if (!last) return copy;
    if (last.end) delete last.end;
    else last.turns.pop();
    if (!last.turns.length) rounds.pop();
    return copy;
  };
  var tell = function (change) {
    var g = game();
    var sheet = JSON.parse(JSON.stringify(g.sheet));
    change(sheet);
    g.sheet = sheet;
    save();
    said("");
    render();
    settleNow();
  };
  var play = function (opener) {
    tell(function (sheet) {
      var rounds = sheet.rounds, r = rounds[rounds.length - 1];
      if (!r || r.end) rounds.push({ opener: opener, turns: ["play"] });
      else r.turns.push("play");
    });
  };
  var pass = function () {
    tell(function (sheet) { sheet.rounds[sheet.rounds.length - 1].turns.push("pass"); });
  };
  var end = function (value) {
    tell(function (sheet) { sheet.rounds[sheet.rounds.length - 1].end = value; });
  };

  // ------------------------------------------------------------------ drawing
  var button = function (cls, text, onclick) {
    var b = el("button", cls, text);
    b.type = "button";
    b.addEventListener("click", onclick);
    return b;
  };
  var pending = { mappakuling: null, double: null, pips: null, chosen: 0, blocking: false };
  var reset = function () { pending = { mappakuling: null, double: null, pips: null, chosen: 0, blocking: false }; };

  var drawLanguages = function () {
    var nav = $("domeng-score-languages");
    nav.textContent = "";
    Object.keys(all).forEach(function (code) {
      var a = el("a", "", code);
      a.lang = code;
      a.href = "?lang=" + code;
      if (code === lang) a.setAttribute("aria-current", "page");
      nav.appendChild(a);
    });
  };

  var drawStones = function (g, asking) {
    var box = $("domeng-score-stones"), r = g ? (fresh(g) || g.result) : null;
    box.textContent = "";
    box.classList.toggle("domeng-score-stale", !!g && !fresh(g));
    var st = r ? r.status.stones : { table: 25, players: [0, 0, 0, 0, 0] };
    var camat = r ? r.status.camat : null;
    var chip = function (who, count, cls) {
      var c = el("div", "domeng-score-stone" + (cls ? " " + cls : ""));
      var w = el("span", "who", who);
      c.appendChild(w);
      c.appendChild(el("span", "count", String(count)));
      return c;
    };
    box.appendChild(chip(W.table, st.table, "domeng-score-table"));
    var list = g ? names(g.sheet) : SEAT_NAMES;
    for (var s = 0; s < SEATS; s++) {
      var c = chip(list[s], st.players[s], asking && asking.seat === s ? "domeng-score-to-act" : "");
      c.setAttribute("data-seat", s);
      if (camat === s) c.querySelector(".who").appendChild(el("span", "badge", "CAMAT"));
      box.appendChild(c);
    }
  };

  var drawNames = function () {
    var box = $("domeng-score-names");
    box.textContent = "";
    box.appendChild(el("p", "", W.names));
    var inputs = [], genders = [];
    for (var s = 0; s < SEATS; s++) {
      var row = el("div", "domeng-score-seat");
      var label = el("label", "", SEAT_NAMES[s]);
      var input = el("input", "domeng-score-name");
      input.placeholder = SEAT_NAMES[s];
      input.autocomplete = "off";
      label.appendChild(input);
      inputs.push(input);
      row.appendChild(label);
      // the grammatical gender the sentences naming this person take (neutral by default)
      var pick = el("label", "domeng-score-gender-label", W.gender);
      var select = el("select", "domeng-score-gender");
      select.setAttribute("data-seat", s);
      [["", W.neutral], ["f", W.feminine], ["m", W.masculine]].forEach(function (pair) {
        var option = el("option", "", pair[1]);
        option.value = pair[0];
        select.appendChild(option);
      });
      pick.appendChild(select);
      genders.push(select);
      row.appendChild(pick);
      box.appendChild(row);
    }
    box.appendChild(button("domeng-score-start", W.start, function () {
      var typed = inputs.map(function (input, s) {
        var name = input.value.trim() || SEAT_NAMES[s], gender = genders[s].value;
        return gender ? { name: name, gender: gender } : name;
      });
      addGame(newSheet(typed));
      reset();
      render();
      settleNow();
    }));
  };

  var yesNo = function (question, key) {
    var box = el("div", "domeng-score-ask");
    box.appendChild(el("p", "", question));
    if (config.pictures && config.pictures[key]) {  // drawn by domeng.render for this page
      var picture = el("div", "domeng-score-picture domeng-score-picture-" + key);
      picture.innerHTML = config.pictures[key];
      box.appendChild(picture);
    }
    var row = el("div", "domeng-score-choice");
    [[true, W.yes], [false, W.no]].forEach(function (pair) {
      var b = button("domeng-score-" + key + "-" + (pair[0] ? "yes" : "no"), pair[1], function () {
        pending[key] = pair[0];
        render();
      });
      b.setAttribute("aria-pressed", String(pending[key] === pair[0]));
      row.appendChild(b);
    });
    box.appendChild(row);
    return box;
  };

  var drawTurn = function (g, asking) {
    var question = $("domeng-score-question"), answer = $("domeng-score-answer");
    var list = names(g.sheet), who = asking.seat === null ? "" : list[asking.seat];
    question.textContent = "";
    answer.textContent = "";
    var r = fresh(g);
    if (asking.q === "open_first") {
      question.appendChild(el("span", "", W.open_first + " " + W.open_who));
      var openers = el("div", "domeng-score-openers");
      list.forEach(function (name, s) {
        var b = button("domeng-score-opener", name, function () { play(s); });
        b.setAttribute("data-seat", s);
        openers.appendChild(b);
      });
      answer.appendChild(openers);
    } else if (asking.q === "going_out") {
      question.appendChild(el("span", "domeng-score-who", who));
      question.appendChild(el("span", "", fill(W.going_out, { who: who })));
      answer.appendChild(yesNo(W.mappakuling, "mappakuling"));
      answer.appendChild(yesNo(W.double, "double"));
      var done = button("domeng-score-settle", W.settle, function () {
        var value = { mappakuling: pending.mappakuling, double: pending.double };
        reset();
        end(value);
      });
      done.disabled = pending.mappakuling === null || pending.double === null;
      answer.appendChild(done);
    } else if (asking.q === "play_or_block" && pending.blocking) {
      question.textContent = W.pips;
      if (!pending.pips) pending.pips = ["", "", "", "", ""];
      var inputs = [];
      list.forEach(function (name, s) {
        var row = el("div", "domeng-score-pip-row");
        var pick = button("name", name, function () { pending.chosen = s; render(); });
        pick.setAttribute("aria-pressed", String(pending.chosen === s));
        var input = el("input", "domeng-score-pips");
        input.type = "number";
        input.min = "0";
        input.inputMode = "numeric";
        input.value = pending.pips[s];
        input.setAttribute("aria-label", name);
        input.setAttribute("data-seat", s);
        input.addEventListener("input", function () { pending.pips[s] = input.value; check(); });
        input.addEventListener("focus", function () { pending.chosen = s; });
        inputs.push(input);
        row.appendChild(pick);
        row.appendChild(input);
        answer.appendChild(row);
      });
      var halves = el("div", "domeng-score-halves");
      for (var h = 0; h <= 6; h++) {
        (function (pips) {
          halves.appendChild(button("domeng-score-half", String(pips), function () {
            var now = parseInt(pending.pips[pending.chosen] || "0", 10) || 0;
            pending.pips[pending.chosen] = String(now + pips);
            render();
          }));
        })(h);
      }
      answer.appendChild(halves);
      var settle = button("domeng-score-settle", W.settle, function () {
        var pips = pending.pips.map(function (p) { return parseInt(p, 10); });
        reset();
        end({ pips: pips });
      });
      var check = function () {
        settle.disabled = !pending.pips.every(function (p) { return /^\d+$/.test(String(p)); });
      };
      check();
      answer.appendChild(settle);
    } else {
      var template = asking.q === "open" ? W.open_next : W[asking.q];
      if (r && asking.q !== "open") template = null;
      question.appendChild(el("span", "domeng-score-who", who));
      question.appendChild(el("span", "", template ? fill(template, { who: who })
                                                    : r.status.prompt));
      var row = el("div", "domeng-score-buttons");
      var played = button("domeng-score-played", W.played, function () {
        play(asking.q === "open" ? asking.seat : undefined);
      });
      played.disabled = asking.seat === null;
      row.appendChild(played);
      if (asking.q === "play_or_block") {
        row.appendChild(button("domeng-score-blocked", W.blocked, function () {
          pending.blocking = true;
          render();
        }));
      } else if (asking.q === "play_or_pass") {
        row.appendChild(button("domeng-score-passed", W.passed, pass));
      }
      answer.appendChild(row);
    }
    var last = $("domeng-score-last");
    last.textContent = r ? (r.status.last || "") : (g.result && g.result.status.last) || "";
    $("domeng-score-undo").disabled = !g.sheet.rounds.length && !pending.blocking;
  };

  var drawStandings = function (g) {
    var table = $("domeng-score-standings"), r = g ? (fresh(g) || g.result) : null;
    table.textContent = "";
    if (!r) return;
    r.status.standings.forEach(function (s) {
      var tr = el("tr");
      tr.appendChild(el("td", "", String(s.rank)));
      tr.appendChild(el("td", "", s.name));
      tr.appendChild(el("td", "", s.camats ? "CAMAT ×" + s.camats : ""));
      tr.appendChild(el("td", "domeng-score-held", String(s.stones)));
      table.appendChild(tr);
    });
  };

  var drawHistory = function (g) {
    var box = $("domeng-score-history"), r = g ? (fresh(g) || g.result) : null;
    box.textContent = "";
    if (!r) return;
    r.rounds.forEach(function (round, k) {
      var d = el("details", "domeng-score-round");
      if (k === r.rounds.length - 1) d.open = true;
      var head = fill(W.round, { number: k + 1 });
      if (round.camat !== null) head += " · " + fill(W.camat, { who: r.names[round.camat] });
      d.appendChild(el("summary", "", head));
      var ol = el("ol");
      round.events.forEach(function (text) { ol.appendChild(el("li", "", text)); });
      d.appendChild(ol);
      box.appendChild(d);
    });
  };

  var drawGames = function () {
    var box = $("domeng-score-games");
    box.textContent = "";
    store.games.forEach(function (g) {
      var when = new Date(g.date).toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
      var b = button("domeng-score-game", when + " · " + names(g.sheet).join(", "), function () {
        store.current = g.id;
        save();
        reset();
        render();
        settleNow();
      });
      if (g.id === store.current) b.setAttribute("aria-current", "true");
      box.appendChild(b);
    });
  };

  var drawn = { answer: null, games: null };
  var render = function () {
    var g = game();
    var asking = g ? ask(g) : null;
    drawStones(g, asking);
    $("domeng-score-names").hidden = !!g;
    $("domeng-score-turn").hidden = !g;
    if (!g) {
      if (!$("domeng-score-names").childNodes.length) drawNames();
    } else {
      drawTurn(g, asking);
    }
    var wait = $("domeng-score-waiting");
    wait.hidden = !g || !!fresh(g);
    wait.textContent = engineDown ? W.failed : W.waiting;
    // what changes only with the engine's answer or the games kept is drawn again only then,
    // so that a tap draws no more than its own screen
    var shown = g ? (fresh(g) || g.result) : null;
    if (shown !== drawn.answer) {  // a new answer is a new object
      drawn.answer = shown;
      drawStandings(g);
      drawHistory(g);
    }
    var kept = store.current + store.games.map(function (k) { return k.id + names(k.sheet); }).join();
    if (kept !== drawn.games) {
      drawn.games = kept;
      drawGames();
    }
    $("domeng-score-export").disabled = !g;
    $("domeng-score-copy").disabled = !g;
  };

  // ------------------------------------------------------------------ files and links
  var encode = function (text) {
    var bytes = new TextEncoder().encode(text), s = "";
    for (var k = 0; k < bytes.length; k++) s += String.fromCharCode(bytes[k]);
    return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  };
  var decode = function (text) {
    var s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    var bytes = new Uint8Array(s.length);
    for (var k = 0; k < s.length; k++) bytes[k] = s.charCodeAt(k);
    return new TextDecoder().decode(bytes);
  };
  // a scoresheet from a file or a link: kept only if the engine settles it
  var bring = function (text) {
    said(W.waiting);
    return engine.ask(text).then(function (answer) {
      if (answer.error) { said(fill(W.refused, { error: answer.error }), true); return; }
      answer.key = keyOf(answer.sheet);
      answer.lang = lang;
      addGame(answer.sheet, answer);
      reset();
      said(W.imported);
      render();
    }, function () { said(W.failed, true); });
  };

  document.querySelector(".domeng-score-undo").addEventListener("click", function () {
    if (pending.blocking) { reset(); render(); return; }
    var g = game();
    if (!g || !g.sheet.rounds.length) return;
    reset();
    tell(function (sheet) { var back = undone(sheet); sheet.rounds = back.rounds; });
  });
  $("domeng-score-new").addEventListener("click", function () {
    store.current = null;
    save();
    reset();
    $("domeng-score-names").textContent = "";
    said("");
    render();
  });
  $("domeng-score-export").addEventListener("click", function () {
    var g = game();
    var blob = new Blob([JSON.stringify(g.sheet, null, 1) + "\n"], { type: "application/json" });
    var a = el("a");
    a.href = URL.createObjectURL(blob);
    a.download = "domeng-scoresheet-" + g.date.slice(0, 10) + ".json";
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  });
  $("domeng-score-import").addEventListener("change", function (event) {
    var file = event.target.files[0];
    if (!file) return;
    file.text().then(bring);
    event.target.value = "";
  });
  $("domeng-score-copy").addEventListener("click", function () {
    var g = game();
    var url = location.href.split("#")[0] + "#sheet=" + encode(JSON.stringify(g.sheet));
    var box = $("domeng-score-link");
    box.value = url;
    box.hidden = false;
    box.select();
    said(W.copied);
    if (navigator.clipboard) navigator.clipboard.writeText(url).catch(function () {});
  });

  $("domeng-score-title").textContent = W.title;
  $("domeng-score-standings-title").textContent = W.standings;
  $("domeng-score-history-title").textContent = W.history;
  $("domeng-score-games-title").textContent = W.games;
  $("domeng-score-new").textContent = W.new_game;
  $("domeng-score-export").textContent = W.export;
  $("domeng-score-import-label").textContent = W.import;
  $("domeng-score-copy").textContent = W.link;
  $("domeng-score-undo").textContent = W.undo;
  drawLanguages();
  render();
  var hash = location.hash.match(/^#sheet=([\w-]+)$/);
  if (hash) {
    history.replaceState(null, "", location.pathname + location.search);
    var text;
    try { text = decode(hash[1]); } catch (e) { text = hash[1]; }
    bring(text);
  } else {
    settleNow();
  }
  window.domengScore = { store: function () { return store; }, ask: engine.ask };
})();
