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
