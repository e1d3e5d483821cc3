"""The one stylesheet of the pictures: ``domeng-`` classes, light and dark themes.

Colours are CSS variables set on ``.domeng``. The dark values apply when the
system prefers dark, when JupyterLab or Voilà uses a dark theme
(``body[data-jp-theme-light="false"]``) or VS Code does (``body.vscode-dark``);
a light JupyterLab theme wins over a dark system preference. Each ``.domeng``
box paints its own background, so its text keeps its contrast on any page.
"""

from __future__ import annotations

__all__ = ["CSS"]

_LIGHT = """
  --domeng-bg: #ffffff; --domeng-fg: #1f2328; --domeng-muted: #505a66;
  --domeng-border: #c3cad3; --domeng-card: #f6f8fa;
  --domeng-face: #fbf7ea; --domeng-edge: #2b2b2b; --domeng-pip: #1b1b1b;
  --domeng-back: #2f4d74; --domeng-back-line: #a9bfdc;
  --domeng-last: #c2410c; --domeng-open: #1d4ed8; --domeng-turn: #047857;
  --domeng-badge-bg: #eef2ff; --domeng-badge-fg: #1e1b4b;
  --domeng-lit-bg: #fff4d6; --domeng-stone: #8a7f6d; --domeng-stone-edge: #3f3a31;
"""

_DARK = """
  --domeng-bg: #16181d; --domeng-fg: #e8e8e8; --domeng-muted: #aab2bd;
  --domeng-border: #4a525e; --domeng-card: #1f232a;
  --domeng-face: #ece6d3; --domeng-edge: #0d0d0d; --domeng-pip: #151515;
  --domeng-back: #3a5d8c; --domeng-back-line: #c4d5ec;
  --domeng-last: #fb923c; --domeng-open: #8ab4ff; --domeng-turn: #34d399;
  --domeng-badge-bg: #2a3142; --domeng-badge-fg: #e0e7ff;
  --domeng-lit-bg: #3d3320; --domeng-stone: #b3a892; --domeng-stone-edge: #e6dfd0;
"""

CSS = (
    ".domeng {" + _LIGHT + "}\n"
    "@media (prefers-color-scheme: dark) { .domeng {" + _DARK + "} }\n"
    'body[data-jp-theme-light="false"] .domeng, body.vscode-dark .domeng, '
    ".domeng.domeng-dark {" + _DARK + "}\n"
    'body[data-jp-theme-light="true"] .domeng, body.vscode-light .domeng, '
    ".domeng.domeng-light {" + _LIGHT + "}\n"
    + """
.domeng {
  color: var(--domeng-fg); background: var(--domeng-bg);
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
  font-size: 14px; line-height: 1.4; box-sizing: border-box; max-width: 100%;
}
.domeng *, .domeng *::before, .domeng *::after { box-sizing: inherit; }
.domeng svg { max-width: 100%; height: auto; overflow: visible; vertical-align: middle; }
.domeng .domeng-face { fill: var(--domeng-face); stroke: var(--domeng-edge); }
.domeng .domeng-divider { stroke: var(--domeng-edge); }
.domeng .domeng-pip { fill: var(--domeng-pip); }
.domeng .domeng-back { fill: var(--domeng-back); stroke: var(--domeng-back-line); }
.domeng .domeng-back-line { stroke: var(--domeng-back-line); }
.domeng .domeng-back-mark { fill: var(--domeng-back-line); }
.domeng .domeng-playable { cursor: pointer; }
.domeng .domeng-disabled { cursor: not-allowed; }
.domeng .domeng-hl-last { stroke: var(--domeng-last); }
.domeng .domeng-hl-selected { stroke: var(--domeng-open); }
.domeng .domeng-slot { stroke: var(--domeng-open); }
.domeng .domeng-slot-word, .domeng .domeng-slot-value { fill: var(--domeng-open); }
.domeng .domeng-slot-choice { fill: var(--domeng-lit-bg); stroke-dasharray: none; }
.domeng .domeng-sleeping { display: flex; flex-wrap: wrap; align-items: center; gap: 2px 6px; }
.domeng .domeng-badge-pass { border-style: dotted; }
.domeng .domeng-label-bg { fill: var(--domeng-bg); stroke: var(--domeng-last); }
.domeng .domeng-label-text { fill: var(--domeng-last); }
.domeng .domeng-svg-text { fill: var(--domeng-fg); }
.domeng .domeng-stone { fill: var(--domeng-stone); stroke: var(--domeng-stone-edge); }
.domeng .domeng-no-stones { stroke: var(--domeng-muted); }
.domeng .domeng-arrow { stroke: var(--domeng-fg); fill: var(--domeng-fg); }
.domeng .domeng-box { fill: var(--domeng-card); stroke: var(--domeng-border); }

.domeng-round, .domeng-game {
  display: flex; flex-direction: column; gap: 10px; padding: 12px;
  border: 1px solid var(--domeng-border); border-radius: 10px;
}
.domeng-round .domeng-round { border: none; padding: 0; }
.domeng-status { margin: 0; font-size: 15px; }
.domeng-status strong { font-weight: 700; }
.domeng-line-box { overflow-x: auto; padding: 4px 0; }
.domeng-line-narrow { display: none; }
@media (max-width: 600px) {
  .domeng-line-wide { display: none; }
  .domeng-line-narrow { display: block; }
}
.domeng-middle { display: flex; flex-wrap: wrap; gap: 8px 28px; align-items: center; }
.domeng-caption { display: block; font-size: 12px; color: var(--domeng-muted);
  text-transform: uppercase; letter-spacing: 0.04em; margin-bottom: 2px; }
.domeng-note { font-size: 12px; color: var(--domeng-muted); }
.domeng-seats { display: grid; gap: 8px;
  grid-template-columns: repeat(auto-fit, minmax(190px, 1fr)); }
.domeng-seat { border: 1px solid var(--domeng-border); border-radius: 8px;
  padding: 6px 8px 8px; background: var(--domeng-card); min-width: 0; }
.domeng-seat.domeng-turn { border: 3px solid var(--domeng-turn); padding: 4px 6px 6px; }
.domeng-seat-head { display: flex; flex-wrap: wrap; align-items: center; gap: 4px;
  margin-bottom: 4px; }
.domeng-seat-name { font-weight: 700; margin-right: 4px; }
.domeng-seat-facts { display: flex; flex-wrap: wrap; align-items: center; gap: 2px 10px;
  font-size: 13px; }
.domeng-badge { display: inline-block; font-size: 11px; font-weight: 700;
  letter-spacing: 0.03em; padding: 1px 7px; border-radius: 999px; white-space: nowrap;
  border: 1px solid currentColor; background: var(--domeng-badge-bg);
  color: var(--domeng-badge-fg); }
.domeng-badge-turn { color: var(--domeng-turn); background: transparent; }
.domeng-badge-result { border-style: dashed; }
.domeng-last-event { margin: 0; padding: 6px 10px; border-left: 4px solid var(--domeng-border);
  background: var(--domeng-card); }

.domeng-event { display: flex; flex-direction: column; gap: 4px; }
.domeng-event p { margin: 0; }
.domeng-event-terms { display: flex; flex-wrap: wrap; gap: 4px; }
.domeng-moves { margin: 0; padding-left: 20px; }

.domeng-glossary { margin: 0; display: flex; flex-direction: column; gap: 4px; }
.domeng-term { padding: 4px 8px; border: 1px solid transparent;
  border-left: 4px solid var(--domeng-border); border-radius: 4px; }
.domeng-term dt { font-weight: 600; }
.domeng-term dd { margin: 0; }
.domeng-rule { font-size: 12px; color: var(--domeng-muted); font-weight: 400; }
.domeng-term-lit { border: 2px solid var(--domeng-last); border-left-width: 8px;
  background: var(--domeng-lit-bg); }
.domeng-term-lit dt { font-weight: 800; }
.domeng-lit-marker { margin-left: 6px; font-size: 12px; font-weight: 800;
  color: var(--domeng-fg); text-transform: uppercase; letter-spacing: 0.03em; }

.domeng-tables { display: flex; flex-wrap: wrap; gap: 12px 28px; align-items: flex-start; }
.domeng-data { border-collapse: collapse; font-size: 13px; }
.domeng-data caption { text-align: left; font-weight: 700; padding-bottom: 4px; }
.domeng-data th, .domeng-data td { padding: 3px 10px 3px 0; text-align: left;
  border-bottom: 1px solid var(--domeng-border); }
.domeng-data td.domeng-num, .domeng-data th.domeng-num { text-align: right; }
.domeng-current td { font-weight: 700; }
"""
)
"""The stylesheet shared by every HTML picture (include it once per page)."""
