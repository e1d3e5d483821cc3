// The clickable picture of the Domeng app, and each view drawn as one widget (a Pane): it
// shows the HTML/SVG the kernel sends (`html`) and answers with one listener per event on
// its element. A click (or Enter/Space) on an element with a `data-id` sets `selected`; a
// press of a control (`data-act`, a button) or a change of one (a menu, a slider, a number,
// a checkbox) sends {act, value}. The kernel checks the move; nothing here decides. A
// <details data-keep="…"> keeps its open/closed state across new content, the focused
// element keeps the focus, and a slider being dragged is not redrawn under the pointer.
// (watch.js, put before this file, defines watchPage.)
function render({ model, el }) {
  el.classList.add("domeng-board");
  watchPage();
  let holding = false, pending = false;
  const keyOf = (node) => {
    if (!node || !el.contains(node) || !node.getAttribute) return null;
    if (node.getAttribute("data-act")) return `[data-act="${CSS.escape(node.getAttribute("data-act"))}"]`;
    if (node.getAttribute("data-id")) return `[data-id="${CSS.escape(node.getAttribute("data-id"))}"]`;
    return null;
  };
  const draw = () => {
    if (holding) { pending = true; return; }
    pending = false;
    // a <details data-keep="name"> stays open or closed as the person left it
    const kept = {};
    for (const d of el.querySelectorAll("details[data-keep]")) kept[d.dataset.keep] = d.open;
    const focused = keyOf(document.activeElement);
    const scrolled = [...el.querySelectorAll("[data-scroll]")].map((s) => [s.dataset.scroll, s.scrollTop]);
    el.innerHTML = model.get("html");
    for (const d of el.querySelectorAll("details[data-keep]")) {
      if (d.dataset.keep in kept) d.open = kept[d.dataset.keep];
    }
    const label = model.get("label");
    if (label) el.setAttribute("aria-label", label); else el.removeAttribute("aria-label");
    for (const t of el.querySelectorAll("[data-id]")) {
      // a tile of a picture (the line, role="img") is a part of it, not a control of its own
      if (t.parentElement && t.parentElement.closest('[role="img"]')) continue;
      t.setAttribute("tabindex", "0");
      // a log's row stays a list item (a list holds only items), named by its words
      if (t.tagName === "LI") {
        if (t.hasAttribute("data-current")) t.setAttribute("aria-current", "true");
        continue;
      }
      t.setAttribute("role", "button");
      // a picture (a tile's <g>) is named by its <title>; words shown are their own name
      const shown = t instanceof HTMLElement && t.textContent.trim() !== "";
      if (!t.getAttribute("aria-label") && !shown) {
        const title = t.querySelector("title");
        t.setAttribute("aria-label", title ? title.textContent : t.getAttribute("data-id"));
      }
    }
    for (const [name, top] of scrolled) {
      const box = el.querySelector(`[data-scroll="${CSS.escape(name)}"]`);
      if (box) box.scrollTop = top;
    }
    // the element that shows the current moment (a log's row) scrolls into its box's middle
    const current = el.querySelector("[data-current]");
    const box = current && (current.closest("[data-scroll]") || el);
    if (current && box.scrollHeight > box.clientHeight) {
      const off = current.getBoundingClientRect().top - box.getBoundingClientRect().top;
      box.scrollTop += off - box.clientHeight / 2;
    }
    if (focused) {
      const again = el.querySelector(focused);
      if (again && !again.disabled) again.focus({ preventScroll: true });
    }
  };
  const send = (event) => {
    const target = event.target.closest ? event.target.closest("[data-id]") : null;
    if (!target || !el.contains(target)) return;
    event.preventDefault();
    model.set("selected", target.getAttribute("data-id"));
    model.save_changes();
  };
  const act = (node, value) => model.send({ act: node.getAttribute("data-act"), value });
  el.addEventListener("click", (event) => {
    const button = event.target.closest ? event.target.closest("button[data-act]") : null;
    if (button && el.contains(button)) {
      if (!button.disabled) act(button, null);
      return;
    }
    send(event);
  });
  el.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("[data-act]")) return; // its own keys
    if (event.key === "Enter" || event.key === " ") send(event);
  });
  el.addEventListener("change", (event) => {
    const input = event.target;
    if (!input.getAttribute || !input.getAttribute("data-act")) return;
    act(input, input.type === "checkbox" ? input.checked : input.value);
  });
  // a slider held by the pointer is not replaced under it: the redraw waits for the release
  el.addEventListener("pointerdown", (event) => {
    if (event.target.matches && event.target.matches("input[type=range]")) holding = true;
  });
  const release = () => {
    if (!holding) return;
    holding = false;
    if (pending) setTimeout(draw, 0); // after the change event the release brings
  };
  window.addEventListener("pointerup", release);
  window.addEventListener("pointercancel", release);
  model.on("change:html", draw);
  model.on("change:label", draw);
  draw();
  return () => {
    model.off("change:html", draw);
    model.off("change:label", draw);
    window.removeEventListener("pointerup", release);
    window.removeEventListener("pointercancel", release);
  };
}
export default { render };
