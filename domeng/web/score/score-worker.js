// Domeng: the engine of the phone page "Keep score" on the static site (score.js starts it).
// Pyodide runs here, off the page's thread, so a tap is answered at once while Python starts:
// it loads the site's own Pyodide and the domeng wheel (static/pyodide, named in its lock),
// then answers each scoresheet with domeng.scoresheet.page.settle_json, the
// same code `domeng score` and `domeng app` use.
var python = null;
self.onmessage = function (event) {
  var data = event.data;
  if (data.start) {
    try {
      importScripts(data.start + "pyodide.js");
    } catch (e) {
      self.postMessage({ failed: String(e) });
      return;
    }
    // the domeng wheel alone, by its file in the lock: settling a scoresheet imports none of
    // the widgets' packages the lock lists with it (about 1 MB less to fetch)
    var lock = fetch(data.start + "pyodide-lock.json").then(function (r) { return r.json(); });
    Promise.all([loadPyodide({ indexURL: data.start }), lock]).then(function (got) {
      var py = got[0], wheel = got[1].packages.domeng;
      return py.loadPackage(data.start + wheel.file_name).then(function () {
        python = py.runPython("from domeng.scoresheet.page import settle_json\nsettle_json");
        self.postMessage({ ready: true });
      });
    }).catch(function (e) { self.postMessage({ failed: String(e) }); });
    return;
  }
  self.postMessage({ id: data.id, answer: python(data.text, data.lang) });
};
