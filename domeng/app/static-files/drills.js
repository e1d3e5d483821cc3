// The drills page's browser side (domeng.web.pages.drills.DrillMemory): how each term has gone, kept in
// this browser's localStorage (a JSON object under `key`), so a return visit continues. The
// browser tells the kernel what it holds (`stored`); the kernel, which alone reads and judges it,
// sends back the memory after each answer (`memory`) and the browser writes it. Nothing here
// decides anything.
function read(key) {
  try {
    const value = JSON.parse(localStorage.getItem(key) || "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch (error) {
    return {}; // storage refused (a private window) or not an object: start afresh
  }
}

function render({ model, el }) {
  el.style.display = "none";
  const key = model.get("key");
  const save = () => {
    const memory = model.get("memory");
    if (!memory || !Object.keys(memory).length) return;
    try {
      localStorage.setItem(key, JSON.stringify(memory));
    } catch (error) {
      // storage refused: the memory lasts as long as the page
    }
  };
  model.on("change:memory", save);
  model.set("stored", read(key));
  model.save_changes();
  return () => model.off("change:memory", save);
}
export default { render };
