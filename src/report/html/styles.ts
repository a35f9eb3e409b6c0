/** The report's only stylesheet, inlined so the file needs no network; system fonts only. */
export const STYLES = `
:root { color-scheme: light; --fg: #1d2125; --muted: #5b636b; --line: #d9dde1; --pass: #137a3f; --fail: #b3261e; --warn: #8a5a00; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); margin: 0 auto; max-width: 1180px; padding: 24px; background: #fff; }
h1 { font-size: 20px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 28px 0 10px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
.meta, .note { color: var(--muted); font-size: 12px; }
.verdict { border-radius: 6px; padding: 12px 16px; margin: 14px 0; font-size: 16px; font-weight: 600; border: 1px solid; }
.verdict-pass { background: #e8f5ec; color: var(--pass); border-color: #9fd3b1; }
.verdict-none { background: #fff8e1; color: #7a5a00; border-color: #f0d68a; }
.verdict-fail, .verdict-error { background: #fdecea; color: var(--fail); border-color: #f1aaa4; }
.verdict ul { margin: 6px 0 0; font-weight: 400; font-size: 14px; }
.tiles { display: flex; flex-wrap: wrap; gap: 10px; margin: 10px 0; }
.tile { border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; min-width: 120px; }
.tile b { display: block; font-size: 18px; }
.tile span { color: var(--muted); font-size: 12px; }
table { border-collapse: collapse; margin: 6px 0; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
thead th { background: #f4f6f8; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.scroll { overflow-x: auto; }
.heatmap td.cell { width: 38px; min-width: 38px; height: 30px; text-align: center; font-variant-numeric: tabular-nums; }
.heatmap td.diagonal { outline: 1px solid #9fd3b1; outline-offset: -1px; }
.heatmap th.col-label { height: 130px; vertical-align: bottom; padding: 4px 2px; }
.heatmap th.col-label span { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; }
.heatmap th.corner { font-weight: 400; color: var(--muted); vertical-align: bottom; }
svg.chart { max-width: 100%; height: auto; font-size: 11px; }
svg.chart text { fill: var(--fg); }
svg.chart .ref { fill: var(--muted); }
.state-passed { color: var(--pass); } .state-failed, .state-errored, .level-breaking, .sev-error { color: var(--fail); font-weight: 600; }
.level-retest, .sev-warn { color: var(--warn); font-weight: 600; } .level-safe, .sev-info { color: var(--muted); }
.side { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
.side > div { border: 1px solid var(--line); border-radius: 6px; padding: 8px; }
.side h4 { margin: 0 0 4px; font-size: 12px; color: var(--muted); }
del { background: #fbd3d0; text-decoration: line-through; } ins { background: #c9efd4; text-decoration: none; }
.flip { margin: 10px 0 18px; }
details > summary { cursor: pointer; font-weight: 600; margin: 8px 0; }
code { font-size: 12px; background: #f4f6f8; padding: 0 3px; border-radius: 3px; }
@media print { details { display: block; } }
`;
