// Domeng: keep this page for the next visit, also offline (domeng/web/site/offline.py puts
// this into every page). The service worker is registered once the page's first table works
// (live, or recorded and played by player.js), so it never competes with a first visit's own
// downloads; the front page, which has no table, registers it once loaded. Then the worker is
// told which of the site's files this visit fetched before it served the page (the page
// itself, its frames, Python's files if it started), and keeps them with the page's other
// frames, from the browser's HTTP cache: what it fetches later it keeps on the way.
// window.domengOffline: a promise of the worker's answer ({failed: [names]}), or of null.
(function () {
  if (!("serviceWorker" in navigator)) { window.domengOffline = Promise.resolve(null); return; }
  var root = document.getElementById("domeng-offline").getAttribute("data-root");
  if (performance.setResourceTimingBufferSize) performance.setResourceTimingBufferSize(2000);
  var done;
  window.domengOffline = new Promise(function (resolve) { done = resolve; });
  var ask = function (worker, message) {
    return new Promise(function (resolve) {
      var channel = new MessageChannel();
      channel.port1.onmessage = function (event) { resolve(event.data); };
      worker.postMessage(message, [channel.port2]);
    });
  };
  var seen = function () {
    var here = [location.href];
    document.querySelectorAll('link[rel="manifest"], link[rel="apple-touch-icon"]').forEach(
      function (link) { here.push(link.href); });
    performance.getEntriesByType("resource").forEach(function (entry) { here.push(entry.name); });
    return here;
  };
  // Python started here (voici.js): its worker's files, which the page's timeline does not show
  var python = function () { return !!document.querySelector('script[src$="voici.js"]'); };
  var register = function () {
    navigator.serviceWorker.register(root + "sw.js", { scope: root }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      var saving = navigator.connection && navigator.connection.saveData;
      return ask(registration.active, { keep: seen(), frames: !saving, python: python() });
    }).then(done, function (error) {
      console.warn("Domeng: this site cannot be kept offline here:", error);
      done(null);
    });
  };
  var waited = 0;
  var live = function () {
    var ready = !document.getElementById("rendered_cells") || Array.prototype.some.call(
      document.querySelectorAll(".domeng-step"),
      function (step) {  // live, or a recorded table the page plays (player.js)
        return !step.closest(".domeng-first-output") || !!step.closest(".domeng-static");
      });
    if (ready || waited > 300) register(); else { waited++; setTimeout(live, 1000); }
  };
  window.addEventListener("load", live);
})();
