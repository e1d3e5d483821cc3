// Domeng: the static player. A table whose course is fixed (a tutorial chapter's round) was
// recorded when the site was built (domeng/web/site/frames.py): every frame it can show and
// where each click leads. Here each of its widgets is drawn by its own browser code (the
// anywidget module its class carries, board.js for the app's views) on a small stand-in for
// the widget's model: a press or a click the widget would send to Python is looked up in the
// recording instead, and the frame it leads to is handed to the widgets as Python would hand
// it. So the table answers at once, without Python. What the recording cannot answer (a
// move the build could not know) starts Python (window.domengStartPython), and the table
// comes alive as the other tables do (query.js). A recording that is missing, cut short or
// from another build is not used: that table waits for Python, and one line says so.
(function () {
  var all = window.DOMENG_READY || {};
  var named = window.location.pathname.match(/-([\w]+)\.html$/);
  var asked = window.location.search.match(/[?&]lang=([\w-]+)/);
  var lang = named && all[named[1]] ? named[1] : asked && all[asked[1]] ? asked[1] : "en";
  var said = all[lang] || all.en || {};

  // Python, fetched once, when something needs it (voici.js starts the page's kernel); the
  // page says how far it is, in megabytes, until the first live output is there
  var started = false;
  window.domengStartPython = function () {
    if (started || !window.DOMENG_VOICI) return;
    started = true;
    // the player begins while the page is still being read (build.early_player): Voici's
    // script comes after the whole page, as it did at the end of the page
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", function () { fetchPython(); });
    } else fetchPython();
  };
  var fetchPython = function () {
    // Voici starts its page on the window's "load", which has passed when Python is fetched
    // later: a "load" listener added from now on is called at once, as it would have been
    if (document.readyState === "complete") {
      var add = window.addEventListener;
      window.addEventListener = function (type, listener, options) {
        if (type !== "load") return add.call(window, type, listener, options);
        setTimeout(function () {
          if (typeof listener === "function") listener.call(window, new Event("load"));
          else if (listener && listener.handleEvent) listener.handleEvent(new Event("load"));
        }, 0);
      };
    }
    var script = document.createElement("script");
    script.src = window.DOMENG_VOICI;
    document.body.appendChild(script);
    progress();
  };
  var progress = function () {
    var total = (window.DOMENG_ENGINE_BYTES || 0) / 1e6;
    if (!total || !window.performance || !performance.getEntriesByType || !said.fetching) return;
    var box = document.createElement("p");
    box.className = "domeng-fetching";
    box.setAttribute("role", "status");
    var words = document.createElement("span");
    var bar = document.createElement("progress");
    bar.max = 100;
    box.appendChild(words);
    box.appendChild(bar);
    document.body.appendChild(box);
    var since = performance.now();
    var number = function (x) { return x.toLocaleString(lang, { maximumFractionDigits: 1 }); };
    var tick = function () {
      if (document.querySelector(".jp-OutputArea-output")) { box.remove(); return; }
      var done = 0;
      performance.getEntriesByType("resource").forEach(function (e) {
        if (e.startTime >= since) done += e.decodedBodySize || e.transferSize || 0;
      });
      done = Math.min(done / 1e6, total);
      words.textContent = said.fetching.replace("{done}", number(done))
                                       .replace("{total}", number(Math.round(total)));
      bar.value = Math.min(99, Math.round(100 * done / total));
      setTimeout(tick, 500);
    };
    tick();
  };
  var tell = function (text) {
    if (!text) return;
    // the page's one status line (query.js makes it when the page has been read, or here)
    var line = document.querySelector(".domeng-first-said");
    if (!line) {
      line = document.createElement("p");
      line.className = "domeng-first-said";
      line.setAttribute("role", "status");
      document.body.appendChild(line);
    }
    line.textContent = text;
  };

  var begun = new WeakSet();
  var modules = {};
  var load = function (code) {
    if (!modules[code]) {
      var url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
      modules[code] = import(url).then(function (m) { return m.default || m; });
    }
    return modules[code];
  };

  // what a widget's browser code expects of its model: traits, their change events, send
  function Model(traits, leaf, go) {
    var handlers = {};
    this.get = function (name) { return traits[name]; };
    this.set = function (name, value) {
      traits[name] = value;
      (handlers["change:" + name] || []).slice().forEach(function (h) { h(); });
    };
    this.on = function (name, h) { (handlers[name] = handlers[name] || []).push(h); };
    this.off = function (name, h) {
      handlers[name] = (handlers[name] || []).filter(function (x) { return x !== h; });
    };
    this.save_changes = function () {
      var chosen = traits.selected;
      if (!chosen) return;
      traits.selected = "";
      go(leaf + "|sel|" + chosen);
    };
    this.send = function (message) {
      // only a control's press or change is a move; a page's signal (signal.js says it is
      // drawn) has no kernel to tell here
      if (!message || message.act == null) return;
      var value = message.value == null ? "" : String(message.value);
      go(leaf + "|act|" + message.act + "|" + value);
    };
  }

  var split = function (piece) {  // an anywidget leaf's piece: "N\0LABEL\0HTML"
    var a = piece.indexOf("\u0000");
    if (a < 0 || a > 6) return null;
    var b = piece.indexOf("\u0000", a + 1);
    return { leaf: piece.slice(0, a), label: piece.slice(a + 1, b), html: piece.slice(b + 1) };
  };

  var play = function (picture, data) {
    var root = picture.querySelector(".domeng-first-widget");
    if (!root) return Promise.reject(new Error("no table"));
    var current = 0, shown = data.frames[0].slice(), models = {}, history = [];
    var autoplay = null;
    var leafAt = data.leaf_at;
    // what the table does by itself after a while (a puzzle's board playing its answer, one
    // event every LINE_DELAY): a "timer|MS" move, made MS milliseconds after its frame shows
    var timer = null;
    var timed = function () {
      clearTimeout(timer);
      timer = null;
      var moves = data.moves[current];
      Object.keys(moves).forEach(function (key) {
        var ms = /^timer\|(\d+)$/.exec(key);
        if (ms && !timer) timer = setTimeout(function () { timer = null; go(key); }, Number(ms[1]));
      });
    };
    var show = function (target) {
      draw(target);
      timed();
    };
    var draw = function (target) {
      var frame = data.frames[target];
      for (var i = 0; i < frame.length; i++) {
        if (frame[i] === shown[i]) continue;
        var parts = split(data.pieces[frame[i]]);
        if (parts && models[parts.leaf]) {
          var model = models[parts.leaf];
          if (model.get("label") !== parts.label) model.set("label", parts.label);
          model.set("html", parts.html);
        } else {
          var n = leafAt.indexOf(i);
          var el = n >= 0 && root.querySelector('[data-leaf="' + n + '"]');
          if (!el) { root.innerHTML = compose(target); shown = frame.slice(); current = target; return; }
          el.outerHTML = data.pieces[frame[i]];
        }
        shown[i] = frame[i];
      }
      current = target;
    };
    var compose = function (target) {
      return data.frames[target].map(function (p) {
        var parts = split(data.pieces[p]);
        return parts ? data.shells[parts.leaf] + parts.html + "</div>" : data.pieces[p];
      }).join("");
    };
    var stepKey = function () {
      var moves = data.moves[current];
      for (var key in moves) if (/\|act\|domeng-step\|$/.test(key)) return key;
      return null;
    };
    var stopAuto = function () {
      if (!autoplay) return;
      clearInterval(autoplay);
      autoplay = null;
      root.querySelectorAll('[data-act="domeng-autoplay"]').forEach(function (b) {
        b.classList.remove("mod-active");
        b.setAttribute("aria-pressed", "false");
      });
    };
    var go = function (key) {
      if (data.local[key]) {  // a fold of its own (the rules): kept across frames
        var leaf = key.split("|")[0], i = leafAt[Number(leaf)];
        var next = data.local[key][String(shown[i])];
        if (next === undefined) return;
        var parts = split(data.pieces[next]);
        models[leaf].set("html", parts.html);
        shown[i] = next;
        return;
      }
      if (/\|act\|domeng-autoplay\|$/.test(key)) {  // Step on a timer, as the app's AutoPlay
        if (autoplay) { stopAuto(); return; }
        var speed = root.querySelector('[data-act="domeng-speed"]');
        var every = speed && Number(speed.value) > 0 ? 1000 / Number(speed.value) : 700;
        autoplay = setInterval(function () {
          var k = stepKey();
          if (!k) { stopAuto(); return; }
          history.push(k);
          show(data.moves[current][k]);
          root.querySelectorAll('[data-act="domeng-autoplay"]').forEach(function (b) {
            b.classList.add("mod-active");
            b.setAttribute("aria-pressed", "true");
          });
        }, every);
        return;
      }
      if (/\|act\|domeng-speed\|/.test(key)) return;
      var target = data.moves[current][key];
      if (target === undefined) target = data.jumps[key];
      if (target === undefined) { handOver(); return; }
      if (!/\|act\|domeng-step\|$/.test(key)) stopAuto();
      var effects = (data.side || {})[current + "|" + key] || [];
      history.push(key);
      show(target);
      // what the move does to another table (a quiz's right answer shows its chapter's moment)
      effects.forEach(function (effect) {
        var other = document.querySelector('.domeng-first-output[data-frames*="/' +
                                           effect[0] + '.json#"]');
        if (other && other.domengPlayer) other.domengPlayer.show(effect[1]);
      });
    };
    // a click the recording cannot answer: the live table takes over, once Python is there
    var handOver = function () {
      stopAuto();
      picture.classList.remove("domeng-static");
      picture.classList.add("domeng-handover");
      tell(said.engine || said.early);
      window.domengStartPython();
    };
    var waits = [];
    Object.keys(data.kinds).forEach(function (leaf) {
      var el = root.querySelector('[data-leaf="' + leaf + '"]');
      var parts = split(data.pieces[data.frames[0][leafAt[Number(leaf)]]]);
      if (!el || !parts) return;
      var model = new Model({ html: parts.html, label: parts.label, selected: "" }, leaf, go);
      models[leaf] = model;
      waits.push(load(data.esm[data.kinds[leaf]]).then(function (widget) {
        var render = widget.render || (widget.default && widget.default.render);
        render({ model: model, el: el });
      }));
    });
    return Promise.all(waits).then(function () {
      var badge = picture.querySelector(".domeng-first-ready");
      if (badge) badge.remove();
      picture.classList.add("domeng-static");
      picture.domengPlayer = {
        go: go, history: history, frame: function () { return current; },
        show: function (target) { stopAuto(); show(target); },
      };
      carryOut(picture);
    });
  };

  // a click on a recorded table before its frames are there is kept, and carried out by the
  // player as soon as they are (said at once, as query.js says it for a table Python draws)
  var early = [];
  document.addEventListener("click", function (event) {
    var picture = event.target.closest && event.target.closest(".domeng-first-output");
    if (!picture || !picture.hasAttribute("data-frames") ||
        picture.classList.contains("domeng-static")) return;
    var hit = event.target.closest("[data-act], [data-id]");
    if (!hit || event.target.closest("a[href]")) return;
    event.preventDefault();
    event.stopPropagation();
    var key = hit.getAttribute("data-act") ? "data-act" : "data-id";
    early.push([picture, "[" + key + '="' + CSS.escape(hit.getAttribute(key)) + '"]']);
    tell(said.early);
  }, true);
  var carryOut = function (picture) {
    for (var i = 0; i < early.length; i++) {
      if (early[i][0] !== picture) continue;
      var target = picture.querySelector(early[i][1]);
      if (target) target.click();
    }
    early = early.filter(function (e) { return e[0] !== picture; });
    var line = document.querySelector(".domeng-first-said");
    if (line && line.textContent === said.early) line.textContent = "";
  };

  var fetched = function (picture) {
    var address = picture.getAttribute("data-frames") || "";
    var hash = address.indexOf("#");
    var build = address.slice(hash + 1);
    return fetch(address.slice(0, hash)).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.json();
    }).then(function (data) {
      if (data.format !== "domeng-frames" || data.build !== build || !data.frames.length ||
          data.moves.length !== data.frames.length) {
        throw new Error("another build");
      }
      return play(picture, data);
    }).catch(function () {
      picture.removeAttribute("data-frames");
      tell(said.fallback || said.early);
      window.domengStartPython();
    });
  };

  var begin = function (picture) {
    if (begun.has(picture)) return;
    begun.add(picture);
    if (picture.hasAttribute("data-frames")) fetched(picture);
    else if (picture.hasAttribute("data-python")) {
      // a table the learner plays (the free game): Python is fetched as it comes near, never
      // on a connection that asks to save data (then on the first click, as other tables)
      var slow = navigator.connection && navigator.connection.saveData;
      if (!slow) window.domengStartPython();
    }
  };
  // A teacher's own lesson (?s=…) is read by Python, which puts it on top of the page
  if (/[?&](s|puzzle|drill)=/.test(window.location.search)) {
    window.domengStartPython();
    return;
  }
  // A built-in lesson (?scenario=NAME) was recorded with the page: it is put on top at once,
  // and a name the page has no lesson of gets the message the page shows then (the build's)
  var asked = window.location.search.match(/[?&]scenario=([^&#]*)/);
  var slot = document.querySelector(".domeng-first-output[data-lessons]");
  if (asked && slot) {
    var name = decodeURIComponent(asked[1].replace(/\+/g, " ")).trim();
    var lessons = JSON.parse(slot.getAttribute("data-lessons"));
    var top = slot.querySelector(".domeng-first-widget");
    if (Object.prototype.hasOwnProperty.call(lessons, name)) {
      slot.setAttribute("data-frames", lessons[name]);
      var address = lessons[name];
      fetch(address.slice(0, address.indexOf("#"))).then(function (r) {
        if (!r.ok) throw new Error(r.status);
        return r.json();
      }).then(function (data) {
        if (data.build !== address.slice(address.indexOf("#") + 1)) throw new Error("another build");
        top.innerHTML = data.html;
        return play(slot, data);
      }).catch(function () {
        slot.removeAttribute("data-frames");
        tell(said.fallback || said.early);
        window.domengStartPython();
      });
      begun.add(slot);
    } else {
      var held = slot.parentNode.querySelector("script.domeng-missing-lesson");
      if (held) {
        var escaped = name.replace(/[&<>"']/g, function (c) {
          return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" }[c];
        });
        top.outerHTML = held.textContent.split("domeng-no-such-lesson").join(escaped);
      }
    }
  }
  var near = "IntersectionObserver" in window ? new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      if (!entry.isIntersecting) return;
      var picture = entry.target.querySelector(":scope > .domeng-first-output");
      if (picture) { near.unobserve(entry.target); begin(picture); }
    });
  }, { rootMargin: "200% 0px" }) : null;
  var watch = function () {
    document.querySelectorAll(".domeng-first-output").forEach(function (picture) {
      if (begun.has(picture)) return;
      // observed again, so that a cell already near when its picture was put in place (by
      // query.js, after this observer's own call) is reported once more
      if (near) { near.unobserve(picture.parentNode); near.observe(picture.parentNode); }
      else begin(picture);
    });
    // a cell whose picture waits as text (query.js puts it in place near the screen)
    document.querySelectorAll("script.domeng-first-later").forEach(function (held) {
      if (near && !held.domengSeen) { held.domengSeen = true; near.observe(held.parentNode); }
    });
  };
  // the page's first recorded table answers from the start, wherever it is on the page
  var first = document.querySelector(".domeng-first-output[data-frames]");
  if (first) begin(first);
  watch();
  // query.js puts a waiting picture in place when its cell comes near: watch it then
  var queued = false;
  new MutationObserver(function () {
    if (queued) return;
    queued = true;
    requestAnimationFrame(function () { queued = false; watch(); });
  }).observe(
    document.getElementById("rendered_cells") || document.body, { childList: true, subtree: true });
})();
