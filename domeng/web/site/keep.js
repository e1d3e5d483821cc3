// Domeng: the front page's choice to keep every page of the site for offline use (build.py's
// write_index puts this into index.html, after window.DOMENG_KEEP: the button's words in each
// language, with the site's size). The service worker (sw.js) keeps the visited pages anyway;
// this button has it keep every file, a few at a time, shows how far it is, and ends with one
// line. The language is the page's ?lang=, else the browser's first language the catalogue
// has, else English.
(function () {
  var all = window.DOMENG_KEEP || {};
  var asked = location.search.match(/[?&]lang=([\w-]+)/);
  var wanted = (asked ? [asked[1]] : []).concat(navigator.languages || [navigator.language]);
  var lang = "en";
  for (var i = 0; i < wanted.length; i++) {
    var code = String(wanted[i] || "").toLowerCase().split("-")[0];
    if (all[code]) { lang = code; break; }
  }
  var said = all[lang] || {};
  var box = document.getElementById("domeng-keep");
  var button = box.querySelector("button");
  var bar = box.querySelector("progress");
  var line = box.querySelector(".domeng-keep-said");
  box.setAttribute("lang", lang);
  button.textContent = said.keep;
  var tell = function (text) { line.textContent = text || ""; };
  var mb = function (bytes) { return Math.round(bytes / 1e6).toLocaleString(lang); };
  if (!("serviceWorker" in navigator) || !window.caches) {
    box.hidden = false;
    button.hidden = true;
    tell(said.cannot);
    return;
  }
  var ask = function (worker, message) {
    return new Promise(function (resolve) {
      var channel = new MessageChannel();
      channel.port1.onmessage = function (event) { resolve(event.data); };
      worker.postMessage(message, [channel.port2]);
    });
  };
  var worker = function () {
    return navigator.serviceWorker.ready.then(function (registration) {
      return registration.active;
    });
  };
  var shown = false;
  var show = function () { if (!shown) { shown = true; box.hidden = false; } };
  // already kept (an earlier choice): the result line alone
  worker().then(function (active) { return ask(active, { every: "ask" }); }).then(function (got) {
    if (got.chosen && !got.missing.length) { button.hidden = true; tell(said.kept); }
    show();
  });
  // a browser that refuses the worker (a private window): say so instead of a button
  window.addEventListener("load", function () {
    (window.domengOffline || Promise.resolve(null)).then(function (answer) {
      if (answer === null && !shown) { button.hidden = true; tell(said.cannot); show(); }
    });
  });
  button.addEventListener("click", function () {
    button.disabled = true;
    if (navigator.storage && navigator.storage.persist) navigator.storage.persist();
    worker().then(function (active) {
      return ask(active, { every: "chosen" }).then(function () {
        return ask(active, { every: "ask" });
      }).then(function (got) {
        var left = got.missing.slice(), total = got.total, failed = 0;
        var done = total - left.reduce(function (sum, f) { return sum + f[1]; }, 0);
        var progress = function () {
          bar.hidden = false;
          bar.max = total;
          bar.value = done;
          tell(said.keeping.replace("{done}", mb(done)).replace("{total}", mb(total)));
        };
        progress();
        var one = function () {
          var next = left.shift();
          if (!next) return Promise.resolve();
          return ask(active, { keep: [new URL(next[0], document.baseURI).href] })
            .then(function (answer) {
              if (answer.failed.length) failed++; else done += next[1];
              progress();
              return one();
            });
        };
        return Promise.all([one(), one(), one(), one()]).then(function () {
          bar.hidden = true;
          button.disabled = false;
          if (failed) { tell(said.failed); return; }
          button.hidden = true;
          tell(said.kept);
        });
      });
    }).catch(function () {
      bar.hidden = true;
      button.disabled = false;
      tell(said.failed);
    });
  });
})();
