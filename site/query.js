// Domeng: give the page's query (?scenario=NAME) to Python as the environment variable
// QUERY_STRING, as Voilà does, so domeng.app.voila.scenario_from_query works unchanged.
// The Pyodide kernel starts Python with the `loadPyodideOptions` of its settings in this
// page's configuration (the JSON below), and Pyodide puts `env` into os.environ. This runs
// before voici.js reads that configuration. Added to each page by site/build.py.
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

// A notebook's link to another notebook (site/build.py writes `play.html`) is resolved by
// JupyterLite into its contents folder (`../../files/play.html`), where no page is: send
// such a click to that notebook's own Voici page, next to this one.
document.addEventListener("click", function (event) {
  var link = event.target && event.target.closest && event.target.closest("a[href]");
  if (!link) return;
  var page = link.getAttribute("href").match(/(?:^|\/)files\/([\w-]+)\.html(?:[?#].*)?$/);
  if (!page) return;
  event.preventDefault();
  window.location.href = page[1] + ".html";
}, true);
