// Tells the kernel that the page has drawn this (invisible) widget: the browser's
// widget manager is connected, so widgets made from now on reach it. It also adds to the
// page's watch (watch.js): a table named in `built` still without its Step button (a task
// on the board: without its seats) a minute after it was laid out means its widgets were lost.
const GRACE_MS = 60000;
function render({ model, el }) {
  el.style.display = "none";
  model.send({ event: "drawn" });
  // The kernel lays out the later apps one at a time, each after the page has answered
  // a ping sent after it: messages are handled in order, so the answer, one frame later
  // (a timer if the tab is hidden and draws no frames), says the page has caught up.
  model.on("msg:custom", (msg) => {
    if (!msg || msg.event !== "ping") return;
    const answer = () => model.send({ event: "pong", n: msg.n });
    if (document.hidden) setTimeout(answer, 0);
    else requestAnimationFrame(() => setTimeout(answer, 0));
  });
  const due = {};
  watchPage(() => {
    for (const css of model.get("built")) {
      due[css] = due[css] || Date.now() + GRACE_MS;
      const drawn = `.${css} .domeng-step, .${css} .domeng-seat-box`;  // a table, or a task
      if (Date.now() > due[css] && !document.querySelector(drawn)) {
        return true;
      }
    }
    return false;
  });
}
export default { render };
