// The practice page's browser side (domeng.web.pages.practice.Progress): the names of the puzzles
// solved, kept in this browser's localStorage (a JSON list under `key`), so a return visit
// continues. The browser tells the kernel what it holds (`stored`); the kernel keeps only the
// names it knows (`solved`) and the browser writes those back, beside any name it holds for
// puzzles of another page. Nothing here decides what is solved. When `focus` changes (a puzzle
// was opened), the element with that class is brought into view.
function read(key) {
  try {
    const value = JSON.parse(localStorage.getItem(key) || "[]");
    return Array.isArray(value) ? value.filter((n) => typeof n === "string") : [];
  } catch (error) {
    return []; // storage refused (a private window) or not a list: start empty
  }
}

function write(key, names) {
  try {
    localStorage.setItem(key, JSON.stringify(names));
  } catch (error) {
    // storage refused: the progress lasts as long as the page
  }
}

function render({ model, el }) {
  el.style.display = "none";
  const key = model.get("key");
  const save = () => {
    const all = read(key);
    for (const name of model.get("solved")) if (!all.includes(name)) all.push(name);
    write(key, all);
  };
  const focus = () => {
    const css = model.get("focus");
    if (!css) return;
    // after the kernel's new widgets are drawn
    setTimeout(() => {
      const target = document.querySelector("." + CSS.escape(css));
      if (target) target.scrollIntoView({ block: "start", behavior: "smooth" });
    }, 300);
  };
  model.on("change:solved", save);
  model.on("change:focus", focus);
  model.set("stored", read(key));
  model.save_changes();
  save();
  focus();
  return () => {
    model.off("change:solved", save);
    model.off("change:focus", focus);
  };
}
export default { render };
