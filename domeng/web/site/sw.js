// Domeng's service worker (domeng/web/site/offline.py writes VERSION, FILES, FRAMES and PYTHON
// above this: FILES holds each file of this build with its size and the start of its sha256,
// FRAMES each page's frames files, PYTHON what Python's start fetches from its own worker). It keeps, for the next visit, what the visited pages need, and
// serves files only: a GET of a file of this build is answered from this build's cache when
// the file is there, otherwise from the network, and kept on the way if it is this build's
// file (its size and hash); every other request is left alone. A visited page is kept with its
// tables' frames; Python's files only once a page fetched them; every file only when the
// visitor chooses so on the front page (keep.js). Text files are kept gzip-compressed where
// the browser can (CompressionStream). A new build is a new worker with a new cache: it keeps
// this build's copy of what the old cache held, waits until no page of the old build is open
// (skipWaiting is never called, so a page never runs a mix of two builds), then deletes the old
// caches.
const CACHE = "domeng-" + VERSION;
const ROOT = new URL("./", self.location).href;
const EVERY = ROOT + "domeng-keeps-every-page";  // in the cache once the visitor chose so
const PACKED = /\.(html|js|mjs|json|css|svg|wasm|webmanifest|txt|ipynb|map)$/;
const PACK = typeof CompressionStream === "function" && typeof DecompressionStream === "function";

// a URL of this site as the name of its file ("" and "dir/" are their index.html)
const nameOf = (url) => {
  const u = new URL(url);
  let name = (u.origin + u.pathname).slice(ROOT.length);
  if (name === "" || name.endsWith("/")) name += "index.html";
  try { return decodeURIComponent(name); } catch (error) { return name; }
};

const hashOf = async (body) => {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("").slice(0, 16);
};

// keep `response` as the file `name` if it is this build's file; true once kept
const keep = async (cache, name, response) => {
  const [size, hash] = FILES[name];
  if (response.status !== 200) return false;
  const body = await response.arrayBuffer();
  if (body.byteLength !== size || await hashOf(body) !== hash) return false;  // another build's
  const headers = { "Content-Type": response.headers.get("Content-Type") || "",
                    "X-Domeng-Hash": hash };
  let stored = body;
  if (PACK && PACKED.test(name)) {
    stored = await new Response(new Blob([body]).stream()
      .pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
    headers["X-Domeng-Packed"] = "gzip";
  }
  await cache.put(ROOT + name, new Response(stored, { headers }));
  return true;
};

// a kept file as the page gets it: unpacked, with its length
const unpacked = (kept, name) => {
  if (kept.headers.get("X-Domeng-Packed") !== "gzip") return kept;
  const headers = new Headers({ "Content-Type": kept.headers.get("Content-Type") || "",
                                "Content-Length": String(FILES[name][0]) });
  return new Response(kept.body.pipeThrough(new DecompressionStream("gzip")), { headers });
};

// the file `name` kept, from the browser's HTTP cache where a visit left it, else the network
// (and from the network if the HTTP cache held another build's copy)
const fetchAndKeep = async (cache, name) => {
  if (await cache.match(ROOT + name)) return true;
  try {
    return await keep(cache, name, await fetch(ROOT + name, { cache: "default" })) ||
      await keep(cache, name, await fetch(ROOT + name, { cache: "no-cache" }));
  } catch (error) {
    return false;
  }
};

// every one of `names`, a few at a time; the names not kept
const keepAll = async (cache, names) => {
  const left = names.slice(), failed = [];
  const one = async () => {
    for (let name = left.shift(); name !== undefined; name = left.shift()) {
      if (!(await fetchAndKeep(cache, name))) failed.push(name);
    }
  };
  await Promise.all([one(), one(), one(), one()]);
  return failed;
};

// a page brings its tables' frames, so that they play offline too
const withFrames = (names, frames) => {
  const all = new Set(names);
  if (frames) names.forEach((name) => (FRAMES[name] || []).forEach((f) => all.add(f)));
  return Array.from(all).filter((name) => name in FILES);
};

self.addEventListener("install", (event) => {
  // this build's copy of what the old build's cache kept: the same file where it is unchanged,
  // else from the network; a carried file that cannot be fetched fails the install (the old
  // worker then keeps serving, and the browser tries again at a later visit)
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const names = new Set();
    let every = false;
    for (const old of await caches.keys()) {
      if (!old.startsWith("domeng-") || old === CACHE) continue;
      const before = await caches.open(old);
      for (const request of await before.keys()) {
        if (request.url === EVERY) { every = true; continue; }
        const name = nameOf(request.url);
        if (!(name in FILES)) continue;
        const kept = await before.match(request);
        if (kept.headers.get("X-Domeng-Hash") === FILES[name][1]) {
          await cache.put(ROOT + name, kept);
        } else if (kept.headers.has("X-Domeng-Hash") || name.endsWith(".html")) {
          // (a cache that kept every file whether visited or not: only its pages)
          names.add(name);
        }
      }
    }
    if (every) await cache.put(EVERY, new Response("every page"));
    const failed = await keepAll(cache, every ? Object.keys(FILES)
                                              : withFrames(Array.from(names), true));
    if (failed.length) throw new Error("not fetched: " + failed.join(", "));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names
    .filter((name) => name.startsWith("domeng-") && name !== CACHE)
    .map((name) => caches.delete(name)))).then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(ROOT) || request.headers.has("range")) {
    return;
  }
  const name = nameOf(request.url);
  if (!(name in FILES)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(ROOT + name);
    // a page's tables' frames, kept beside it (unless the visitor asks to save data)
    const frames = request.mode === "navigate" && FRAMES[name] &&
      request.headers.get("Save-Data") !== "on";
    if (kept) {
      if (frames) event.waitUntil(keepAll(cache, FRAMES[name]));
      return unpacked(kept, name);
    }
    const response = await fetch(request);
    const copy = response.clone();
    event.waitUntil(keep(cache, name, copy).catch(() => false)
      .then(() => frames ? keepAll(cache, FRAMES[name]) : []));
    return response;
  })());
});

// What a page asks of the worker (through a MessageChannel, answered on its port):
// - {keep: [URL, …], frames: true, python: true}: keep these files of this build (a page's
//   files fetched before the worker served it), a page with its frames when `frames`, and
//   Python's files when `python` (the page started Python before the worker served it);
//   answers {failed: [name, …]};
// - {every: "ask"}: answers {missing: [[name, size], …], total: bytes, chosen: bool};
// - {every: "chosen"}: the visitor chose to keep every page (a new build keeps them again).
self.addEventListener("message", (event) => {
  const data = event.data || {};
  const port = event.ports && event.ports[0];
  const answer = (value) => { if (port) port.postMessage(value); };
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    if (Array.isArray(data.keep)) {
      const names = withFrames(data.keep.filter((url) => typeof url === "string" &&
                                                 url.startsWith(ROOT)).map(nameOf)
                                 .concat(data.python === true ? PYTHON : []),
                               data.frames === true);
      answer({ failed: await keepAll(cache, names) });
    } else if (data.every === "ask") {
      const have = new Set((await cache.keys()).map((request) => request.url));
      let total = 0;
      const missing = [];
      for (const [name, [size]] of Object.entries(FILES)) {
        total += size;
        if (!have.has(ROOT + name)) missing.push([name, size]);
      }
      answer({ missing, total, chosen: have.has(EVERY) });
    } else if (data.every === "chosen") {
      await cache.put(EVERY, new Response("every page"));
      answer({ chosen: true });
    }
  })());
});
