// Tells the kernel that the page has drawn this (invisible) widget: the browser's
// widget manager is connected, so widgets made from now on reach it. It also adds to the
// page's watch (watch.js): a table named in `built` still without its Step button a
// minute after it was laid out means its widgets were lost.
const GRACE_MS = 60000;
function render({ model, el }) {
  el.style.display = "none";
  model.send({ event: "drawn" });
  const due = {};
  watchPage(() => {
    for (const css of model.get("built")) {
      due[css] = due[css] || Date.now() + GRACE_MS;
      if (Date.now() > due[css] && !document.querySelector("." + css + " .domeng-step")) {
        return true;
      }
    }
    return false;
  });
}
export default { render };
