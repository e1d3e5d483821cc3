// The tutorial's question drawn as one widget (domeng.app.quiz.Quiz): it shows the HTML the
// kernel sends (`html`: the question, one <button> per choice, the verdict) and answers with
// one listener on its element: a press of a choice (a click, or Enter/Space on the focused
// button, as any <button>) sends {act} to the kernel, which checks it; nothing here decides.
// New HTML changes the element in place: what did not change stays the same element, so the
// choice pressed keeps the keyboard focus and the verdict's box (role="status") stays, and a
// screen reader says its new words. (watch.js, put before this file, defines watchPage.)
function patch(old, next) {
  const a = [...old.childNodes], b = [...next.childNodes];
  if (a.length !== b.length || a.some((n, i) => n.nodeName !== b[i].nodeName)) {
    old.replaceChildren(...b);
    return;
  }
  a.forEach((n, i) => {
    const m = b[i];
    if (n.nodeType !== Node.ELEMENT_NODE) {
      if (n.nodeValue !== m.nodeValue) n.nodeValue = m.nodeValue;
      return;
    }
    if (n.isEqualNode(m)) return;
    for (const { name } of [...n.attributes]) if (!m.hasAttribute(name)) n.removeAttribute(name);
    for (const { name, value } of [...m.attributes]) {
      if (n.getAttribute(name) !== value) n.setAttribute(name, value);
    }
    patch(n, m);
  });
}

function render({ model, el }) {
  watchPage();
  const draw = () => {
    const next = document.createElement("div");
    next.innerHTML = model.get("html");
    patch(el, next);
  };
  el.addEventListener("click", (event) => {
    const button = event.target.closest ? event.target.closest("button[data-act]") : null;
    if (button && el.contains(button) && !button.disabled) {
      model.send({ act: button.getAttribute("data-act"), value: null });
    }
  });
  model.on("change:html", draw);
  draw();
  return () => model.off("change:html", draw);
}
export default { render };
