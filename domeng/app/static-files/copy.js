// The table editor's Copy link (domeng.app.editor_views.CopyLink): a button and the link in
// a read-only text box. On a served page (Voilà's voila/render/…, the static site's
// voici/render/…) the link names the page asked for next to this one, so it opens where the
// teacher is; on another page of a server (`domeng app`'s tutorial at /) it is the `fallback`
// Python worked out, on this page's host; in JupyterLab, the `fallback` as it is. The clipboard is asked
// first; when the browser refuses, the text box is selected for Ctrl+C. Nothing here
// decides anything: the link's value comes from the kernel.
function address(model) {
  const value = model.get("value");
  if (!value) return "";
  const here = window.location;
  const served = here.pathname.match(/^(.*\/(?:voila|voici)\/render\/)[\w-]+\.(ipynb|html)$/);
  if (!served) {
    const fallback = model.get("fallback");
    if (!/^https?:$/.test(here.protocol) || /\/(lab|notebooks|doc|tree)(\/|$)/.test(here.pathname)) {
      return fallback;
    }
    const url = new URL(fallback);
    url.protocol = here.protocol;
    url.host = here.host;
    return url.href;
  }
  const lang = model.get("lang");
  return here.origin + served[1] + model.get("page") + "." + served[2] + "?" +
    (lang ? "lang=" + encodeURIComponent(lang) + "&" : "") + "s=" + value;
}

function render({ model, el }) {
  el.classList.add("domeng-copy");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "domeng-copy-button jupyter-button";
  const box = document.createElement("input");
  box.type = "text";
  box.readOnly = true;
  box.className = "domeng-copy-text";
  const said = document.createElement("span");
  said.className = "domeng-copy-said";
  said.setAttribute("role", "status");
  el.append(button, box, said);
  const draw = () => {
    const link = address(model);
    button.textContent = model.get("label");
    button.disabled = !link;
    box.value = link;
    box.setAttribute("aria-label", model.get("label"));
    said.textContent = "";
  };
  const fallBack = () => {
    box.focus();
    box.select();
    said.textContent = model.get("failed_text");
  };
  button.addEventListener("click", () => {
    const link = box.value;
    if (!link) return;
    const done = () => {
      said.textContent = model.get("copied_text");
      model.set("copied", model.get("copied") + 1);
      model.save_changes();
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(link).then(done, fallBack);
    } else {
      fallBack();
    }
  });
  box.addEventListener("focus", () => box.select());
  for (const name of ["value", "page", "lang", "fallback", "label"]) {
    model.on("change:" + name, draw);
  }
  draw();
}
export default { render };
