// Domeng: keep this site for the next visit, also offline (domeng/web/site/offline.py puts
// this into every page). The service worker is registered once the page's first table works
// (live, or recorded and played by player.js), so it never competes with a first visit's
// own downloads; the front page, which has no table, registers it once loaded.
(function () {
  if (!("serviceWorker" in navigator)) return;
  var root = document.getElementById("domeng-offline").getAttribute("data-root");
  var register = function () {
    navigator.serviceWorker.register(root + "sw.js", { scope: root }).catch(function (error) {
      console.warn("Domeng: this site cannot be kept offline here:", error);
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
