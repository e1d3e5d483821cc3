// In Voila only, one watch per page over its first four minutes. A server overloaded by
// many pages at once can lose a widget's messages: the widget manager then reports
// "widget model not found" in the console and the page shows "Error displaying widget"
// where a chapter should be, or a table stops answering; or (a check a view adds) a table
// the kernel has laid out never gets its Step button. The page is then reloaded, at most once in ten minutes:
// a fresh page, with a fresh kernel, brings every widget. Every view that shows on page
// load starts the watch, so it runs even if one widget (the one that would start it) is lost.
const WATCH_MS = 240000, RELOAD_GAP_MS = 600000, KEY = "domeng-reloaded-at";

// Listen from the moment this module loads (before any view is drawn); pass everything on.
if (!window.domengLost) {
  window.domengLost = { seen: false };
  const error = console.error.bind(console);
  console.error = (...args) => {
    if (args.some((a) => String((a && a.message) || a).includes("widget model not found"))) {
      window.domengLost.seen = true;
    }
    error(...args);
  };
}

function widgetLost() {
  if (window.domengLost.seen) return true;
  for (const out of document.querySelectorAll(".jp-OutputArea-output")) {
    if ((out.textContent || "").startsWith("Error displaying widget")) return true;
  }
  return false;
}

function watchPage(check) {
  if (!document.body || document.body.dataset.voila !== "voila") return;
  let watch = window.domengWatch;
  if (!watch) {
    watch = window.domengWatch = { checks: [widgetLost] };
    const start = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - start > WATCH_MS) { clearInterval(timer); return; }
      if (!watch.checks.some((c) => c())) return;
      clearInterval(timer);
      const last = Number(sessionStorage.getItem(KEY) || 0);
      if (Date.now() - last > RELOAD_GAP_MS) {
        sessionStorage.setItem(KEY, String(Date.now()));
        location.reload();
      }
    }, 1000);
  }
  if (check) watch.checks.push(check);
}
