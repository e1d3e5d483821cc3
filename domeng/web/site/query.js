// Domeng: give the page's query (?scenario=NAME&lang=id) to Python as the environment variable
// QUERY_STRING, as Voilà does, so domeng.web.pages.query.scenario_from_query works unchanged.
// The Pyodide kernel starts Python with the `loadPyodideOptions` of its settings in this
// page's configuration (the JSON below), and Pyodide puts `env` into os.environ. This runs
// before voici.js reads that configuration. Added to each page by domeng/web/site/build.py.
(function () {
  var el = document.getElementById("jupyter-config-data");
  if (!el) return;
  var config = JSON.parse(el.textContent);
  var plugins = (config.litePluginSettings = config.litePluginSettings || {});
  var key = "@jupyterlite/pyodide-kernel-extension:kernel";
  var kernel = (plugins[key] = plugins[key] || {});
  var options = (kernel.loadPyodideOptions = kernel.loadPyodideOptions || {});
  options.env = Object.assign({}, options.env, {
    QUERY_STRING: window.location.search.replace(/^\?/, ""),
  });
  el.textContent = JSON.stringify(config);
})();

// A notebook's link to another notebook is resolved by JupyterLite into its contents folder
// (`../../files/play.html`), and a link written for Voilà names the notebook itself
// (`tutorial-id.ipynb?scenario=ceki`, domeng.web.pages.addresses.language_links): neither is a page
// here. Send such a click to that notebook's own Voici page, next to this one.
document.addEventListener("click", function (event) {
  var link = event.target && event.target.closest && event.target.closest("a[href]");
  if (!link) return;
  var href = link.getAttribute("href");
  var page = href.match(/(?:^|\/)files\/([\w-]+)\.html([?#].*)?$/) ||
             href.match(/^(?:\.\/)?([\w-]+)\.ipynb([?#].*)?$/);
  if (!page) return;
  event.preventDefault();
  window.location.href = page[1] + ".html" + (page[2] || "");
}, true);

// `?lang=id` on a tutorial's page opens the tutorial written in that language, when the
// site has one (domeng/web/site/build.py lists them in DOMENG_TUTORIALS), else, for a language
// of the catalogue (DOMENG_LOADING has its words), the English one, which says its text is
// English (domeng.web.pages.tutorial.tutorial_note); the rest of the query is kept.
(function () {
  var tutorials = window.DOMENG_TUTORIALS || {};
  var known = window.DOMENG_LOADING || {};
  var lang = window.location.search.match(/[?&]lang=([\w-]+)/);
  var here = window.location.pathname.match(/\/(tutorial(?:-[\w]+)?)\.html$/);
  if (!lang || !here) return;
  var page = tutorials[lang[1]] || (known[lang[1]] ? tutorials.en : null);
  if (page && page !== here[1]) {
    window.location.replace(page + ".html" + window.location.search + window.location.hash);
  }
})();

// What the page says while its Python starts, in the page's language (a tutorial's is in its
// name, tutorial-id; the play page's is its ?lang=), from the catalogue: domeng/web/site/build.py writes
// DOMENG_LOADING (domeng.web.loading) above this script. Voici says "Running ...", then
// "Starting up kernel..." (the one call with a text), then "Executing 3 of 40" (no text).
(function () {
  var all = window.DOMENG_LOADING || {};
  var named = window.location.pathname.match(/-([\w]+)\.html$/);
  var asked = window.location.search.match(/[?&]lang=([\w-]+)/);
  var lang = named && all[named[1]] ? named[1] : asked && all[asked[1]] ? asked[1] : "en";
  var said = all[lang];
  if (!said) return;
  document.documentElement.lang = lang;
  var el = document.getElementById("loading_text");
  if (el) el.textContent = said.starting;
  var update = window.update_loading_text;
  if (!update) return;
  window.update_loading_text = function (index, count, text) {
    var told = text == null ? said.running.replace("{index}", index).replace("{count}", count)
                            : said.starting;
    update(index, count, told);
  };
})();

// Voici shows a page only once every cell has run (its spinner covers the page until then), so
// the tutorial's first table waited for the last chapter's simulations. Show the page as soon
// as its first table and the code cell after it have run (that cell may still set the table
// up, as the play page's does with its language), and the rest as it runs, as Voilà's
// progressive rendering does. Voici's template calls update_loading_text(index, ...) before
// it runs cell `index` (cell-index, from 1) and display_cells after the last; both are
// defined before this script. Not with ?scenario=NAME or ?s=v1.… (a teacher's own lesson):
// the tutorial's last cell puts that lesson at its top, which would push down what the
// learner has started to read.
(function () {
  var update = window.update_loading_text;
  var display = window.display_cells;
  if (!update || !display || /[?&](scenario|s)=/.test(window.location.search)) return;
  var codeAfterTable = false;
  var shown = false;
  window.update_loading_text = function (index, count, text) {
    if (shown) return;
    var cells = document.getElementById("rendered_cells");
    if (cells && cells.querySelector(".domeng-step")) {
      if (codeAfterTable) {  // it has run: show the page
        shown = true;
        display();
        window.dispatchEvent(new Event("resize"));
        return;
      }
      codeAfterTable = !!document.querySelector('[cell-index="' + index + '"] .jp-CodeCell');
    }
    update(index, count, text);
  };
})();

// The first screen (domeng/web/site/first_screen.py): the build drew each table of the page
// in its first state into its cell (`.domeng-first-output`), so the page is readable before
// Python starts. The page's cells are shown at once, each picture says it is getting ready,
// and each cell's live output, drawn out of sight (first-screen.css), takes its picture's
// place in one frame once its widgets are drawn. A click on a picture is kept and carried
// out on the live table, and answered at once with one line (DOMENG_READY, the catalogue's
// words, written by build.py). Not with ?scenario= or ?s= (the lesson is put at the top), nor
// with ?puzzle= or ?drill= (the page opens at that puzzle or drill, not at the one drawn).
(function () {
  var pictures = document.querySelectorAll(".domeng-first-output");
  var later = document.querySelectorAll("script.domeng-first-later");
  if (!pictures.length || /[?&](s|puzzle|drill)=/.test(window.location.search)) {
    for (var i = 0; i < pictures.length; i++) pictures[i].remove();
    for (var j = 0; j < later.length; j++) later[j].remove();
    return;
  }
  var all = window.DOMENG_READY || {};
  var named = window.location.pathname.match(/-([\w]+)\.html$/);
  var asked = window.location.search.match(/[?&]lang=([\w-]+)/);
  var lang = named && all[named[1]] ? named[1] : asked && all[asked[1]] ? asked[1] : "en";
  var said = all[lang] || all.en || {};
  // the play and practice pages take their language from ?lang=: their picture in it
  // (held as text, as the later pictures below are)
  var parsed = function (held) {
    var template = document.createElement("template");
    template.innerHTML = held.textContent;
    return template.content;
  };
  if (asked && !named) {
    document.querySelectorAll('script[data-lang="' + asked[1] + '"]').forEach(function (t) {
      var own = t.parentNode.querySelector('.domeng-first-output[data-lang=""]');
      if (own) own.replaceWith(parsed(t));
    });
  }
  document.querySelectorAll("script[data-lang]").forEach(function (t) { t.remove(); });
  var cells = document.getElementById("rendered_cells");
  if (cells) cells.style.display = "";
  // The pictures after the first table wait as text, in a <script type="text/html">
  // (first_screen.py's held): one is parsed and put in place when its cell comes within two
  // screens of the screen, unless the cell's live output is there already.
  var live = function (cell) {
    return cell.querySelector(":scope > .jp-Cell-outputWrapper .jp-OutputArea-output");
  };
  var place = function (held) {
    var cell = held.parentNode;
    if (!cell) return null;
    if (live(cell)) { held.remove(); return null; }
    var content = parsed(held);
    var picture = content.firstElementChild;
    held.replaceWith(content);
    return picture;
  };
  var waitingPictures = Array.prototype.slice.call(later);
  // a table's controls: only a widget comes alive (a picture a cell shows as plain HTML, such as
  // the tutorial's 28 tiles, stays as it is: nothing there gets ready)
  var CONTROLS = [" [data-act]", " [data-id]", " button", " select"].map(function (c) {
    return ".domeng-first-widget" + c;
  }).join(", ");
  // the page's one status line (player.js may have made it while the page was read)
  var line = document.querySelector(".domeng-first-said");
  if (!line) {
    line = document.createElement("p");
    line.className = "domeng-first-said";
    line.setAttribute("role", "status");
    document.body.appendChild(line);
  }
  var waiting = [];  // clicks made before a table was ready: [cell, selector]
  var getReady = function (picture) {
    // a recorded table the player already plays (it began while the page was read) is ready
    if (!picture || picture.classList.contains("domeng-static") ||
        !picture.querySelector(CONTROLS)) return;
    var badge = document.createElement("p");
    badge.className = "domeng-first-ready";
    badge.textContent = said.ready || "Getting ready…";
    // over the right of the table's title, where nothing else is (not over a link or control)
    var spot = picture.querySelector(".domeng-header") || picture;
    spot.style.position = "relative";
    spot.appendChild(badge);
  };
  document.querySelectorAll(".domeng-first-output").forEach(getReady);
  if (!("IntersectionObserver" in window)) {
    waitingPictures.forEach(function (held) { getReady(place(held)); });
  }
  else if (waitingPictures.length) {
    var coming = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) return;
        coming.unobserve(entry.target);
        var held = entry.target.querySelector(":scope > script.domeng-first-later");
        if (held) {
          getReady(place(held));
          if (!leftToSwap) { leftToSwap = true; setTimeout(swap, 100); }
        }
      });
    }, { rootMargin: "200% 0px" });
    waitingPictures.forEach(function (t) { coming.observe(t.parentNode); });
  }
  document.addEventListener("click", function (event) {
    var picture = event.target.closest && event.target.closest(".domeng-first-output");
    // a recorded table answers by itself, and keeps a click made while it loads (player.js)
    if (!picture || picture.classList.contains("domeng-static") ||
        picture.hasAttribute("data-frames")) return;
    var hit = event.target.closest("[data-act], [data-id]");
    if (hit && hit.closest(".domeng-first-widget") && !event.target.closest("a[href]")) {
      event.preventDefault();
      var key = hit.getAttribute("data-act") ? "data-act" : "data-id";
      waiting.push([picture.parentNode, "[" + key + '="' + CSS.escape(hit.getAttribute(key)) + '"]']);
      if (window.domengStartPython) window.domengStartPython();  // a tutorial's, on demand
      line.textContent = said.early || "This table is still getting ready.";
    }
  }, true);
  // A cell's live output is ready when it shows at least the controls and pictures its
  // picture shows (a later chapter's table first shows a short note, then the table).
  var count = function (root) { return root.querySelectorAll("[data-act], [data-id]").length; };
  // Voici moves the cells into its application shell, which scrolls by itself: the learner
  // who has scrolled the page meanwhile stays where they were
  var scrolled = 0, moved = false;
  window.addEventListener("scroll", function () { if (!moved) scrolled = window.scrollY; });
  var stay = function () {
    if (moved || !cells || !cells.closest("#main")) return;
    moved = true;
    for (var box = cells; box; box = box.parentElement) {
      if (box.scrollHeight > box.clientHeight + 1) { box.scrollTop = scrolled; return; }
    }
  };
  var swap = function () {
    stay();
    var left = 0;
    document.querySelectorAll(".domeng-first-output").forEach(function (picture) {
      // a recorded table stays the player's, unless it handed a click over to Python
      if (picture.hasAttribute("data-frames") && !picture.classList.contains("domeng-handover")) return;
      var cell = picture.parentNode;
      var live = cell.querySelector(":scope > .jp-Cell-outputWrapper");
      if (!live || !live.querySelector(".jp-OutputArea-output") ||
          count(live) < count(picture) || live.offsetHeight === 0) { left++; return; }
      picture.remove();
      if (line.textContent === said.engine || line.textContent === said.fallback) line.textContent = "";
      for (var i = waiting.length - 1; i >= 0; i--) {
        if (waiting[i][0] !== cell) continue;
        var target = live.querySelector(waiting[i][1]);
        waiting.splice(i, 1);
        if (target) target.click();
      }
    });
    // the line about early clicks goes once they are carried out; player.js's lines about the
    // engine go once a table it handed over is live
    if (!waiting.length && line.textContent === (said.early || "This table is still getting ready.")) {
      line.textContent = "";
    }
    leftToSwap = left > 0;
    if (left) setTimeout(swap, 100);
  };
  var leftToSwap = true;
  setTimeout(swap, 100);
})();
