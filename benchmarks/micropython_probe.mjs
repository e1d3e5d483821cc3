// Runs jobs of Python code under MicroPython's WebAssembly build, each in a fresh interpreter
// with a copy of a source tree in its filesystem. Driven by benchmarks/micropython_probe.py:
//
//   node micropython_probe.mjs PACKAGE_DIR < jobs.json > results.jsonl
//
// jobs.json: {"tree": DIR, "copy": [relative paths under DIR], "overlay": {path: text},
//             "heap": bytes, "jobs": [{"id": ..., "code": ..., "overlay": {path: text}}]}
// Every file of "copy" is written to /lib/<path> (on MicroPython's sys.path), then the
// job's overlay (the probe's stand-ins, an emptied __init__.py), then "code" runs. One JSON line
// per job: its id, what it printed, the milliseconds its code took, and "start": the
// milliseconds loadMicroPython took (the WebAssembly compiled and the interpreter started).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const pkg = path.resolve(process.argv[2]);
const { loadMicroPython } = await import(pathToFileURL(path.join(pkg, "micropython.mjs")).href);
const spec = JSON.parse(fs.readFileSync(0, "utf8"));
const files = spec.copy.map((rel) => [rel, fs.readFileSync(path.join(spec.tree, rel))]);

function write(mp, rel, data) {
  const dest = "/lib/" + rel;
  mp.FS.mkdirTree(path.posix.dirname(dest));
  mp.FS.writeFile(dest, data);
}

for (const job of spec.jobs) {
  const out = [];
  const t00 = performance.now();
  const mp = await loadMicroPython({
    heapsize: spec.heap,
    stdout: (s) => out.push(s),
    stderr: (s) => out.push(s),
    linebuffer: true,
  });
  const start = performance.now() - t00;
  for (const [rel, data] of files) write(mp, rel, data);
  for (const [rel, text] of Object.entries({ ...spec.overlay, ...(job.overlay || {}) })) {
    write(mp, rel, text);
  }
  const t0 = performance.now();
  try {
    mp.runPython(job.code);
  } catch (e) {
    out.push(String(e && e.message ? e.message : e));
  }
  const ms = performance.now() - t0;
  process.stdout.write(JSON.stringify({ id: job.id, out: out.join("\n"), ms, start }) + "\n");
}
