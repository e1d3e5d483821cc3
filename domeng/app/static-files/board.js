// The clickable picture of the Domeng app: it shows the HTML/SVG the kernel sends
// (`html`) and reports a click (or Enter/Space) on an element with a `data-id`
// by setting `selected`. The kernel checks the move; nothing here decides. A
// <details data-keep="…"> keeps its open/closed state across new content.
// (watch.js, put before this file, defines watchPage.)
function render({ model, el }) {
  el.classList.add("domeng-board");
  watchPage();
  const draw = () => {
    // a <details data-keep="name"> stays open or closed as the person left it
    const kept = {};
    for (const d of el.querySelectorAll("details[data-keep]")) kept[d.dataset.keep] = d.open;
    el.innerHTML = model.get("html");
    for (const d of el.querySelectorAll("details[data-keep]")) {
      if (d.dataset.keep in kept) d.open = kept[d.dataset.keep];
    }
    el.setAttribute("aria-label", model.get("label"));
    for (const t of el.querySelectorAll("[data-id]")) {
      t.setAttribute("tabindex", "0");
      t.setAttribute("role", "button");
      if (!t.getAttribute("aria-label")) {
        const title = t.querySelector("title");
        t.setAttribute("aria-label", title ? title.textContent : t.getAttribute("data-id"));
      }
    }
    const current = el.querySelector("[data-current]");
    if (current && el.scrollHeight > el.clientHeight) {
      el.scrollTop = current.offsetTop - el.clientHeight / 2;
    }
  };
  const send = (event) => {
    const target = event.target.closest ? event.target.closest("[data-id]") : null;
    if (!target || !el.contains(target)) return;
    event.preventDefault();
    model.set("selected", target.getAttribute("data-id"));
    model.save_changes();
  };
  el.addEventListener("click", send);
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") send(event);
  });
  model.on("change:html", draw);
  draw();
  return () => model.off("change:html", draw);
}
export default { render };
