// Domeng's service worker (domeng/web/site/offline.py writes VERSION and FILES above this):
// it keeps the site's files for the next visit and serves files only. A GET of a file of this
// site is answered from this build's cache when the file is there, otherwise from the network,
// unchanged; every other request is left alone. A new build is a new worker with a new cache:
// it waits until no page of the old build is open (skipWaiting is never called, so a page never
// runs a mix of two builds), then deletes the old caches.
const CACHE = "domeng-" + VERSION;
const ROOT = new URL("./", self.location).href;

self.addEventListener("install", (event) => {
  // from the browser's HTTP cache where the first visit left them: little is downloaded again
  event.waitUntil(caches.open(CACHE).then((cache) =>
    Promise.all(FILES.map((name) => cache.add(new Request(ROOT + name, { cache: "default" }))))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names
    .filter((name) => name.startsWith("domeng-") && name !== CACHE)
    .map((name) => caches.delete(name)))));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(ROOT)) return;
  // a page with its query (tutorial.html?lang=id) is the same file
  const page = request.mode === "navigate";
  event.respondWith(caches.open(CACHE)
    .then((cache) => cache.match(request, { ignoreSearch: page }))
    .then((kept) => kept || fetch(request)));
});
