// The JS API client the state panels (explain-panel.js, tree-explorer.js)
// share, and the request they build from a panel context
// (views/state-panels.js: domain, problem, model, space, plan, step). The heavy work
// (parsing, graphs, WL) runs in the planner's worker; the panels only render.

// One planner for the panels when the page does not hand one in
// (context.planner): created on first use.
let fallbackPlanner = null;

export function plannerFor(context) {
    if (context?.planner) return Promise.resolve(context.planner);
    if (!fallbackPlanner) {
        const url = context?.apiUrl ?? new URL('./lazylifted-api.mjs', import.meta.url).href;
        fallbackPlanner = import(url).then((api) => api.createPlanner());
        fallbackPlanner.catch(() => { fallbackPlanner = null; });
    }
    return fallbackPlanner;
}

// A model as the page may hold it: JSON text, {text} or {json}, or the parsed object.
function modelText(model) {
    if (model === null || model === undefined || model === '') return undefined;
    if (typeof model === 'string') return model;
    if (typeof model.text === 'string') return model.text;
    if (model.json !== undefined) return model.json;
    return model;
}

// The explain()/partialActionChildren() request for the context's state (the
// step view's context, views/state-panels.js: domain, problem, step).
export function requestFor(context, extra = {}) {
    const request = {
        domain: String(context.domain ?? ''),
        problem: String(context.problem ?? ''),
        step: Math.max(0, Number(context.step ?? 0) | 0),
        ...extra,
    };
    const model = modelText(context.model);
    if (model !== undefined) request.model = model;
    if (context.space === 'state' || context.space === 'partial') request.space = context.space;
    if (Array.isArray(context.plan) ? context.plan.length > 0 : Boolean(context.plan)) {
        request.plan = context.plan;
    }
    return request;
}

// h as shown: a dead end (null) is "∞".
export function formatH(h) {
    return h === null || h === undefined ? '∞' : String(h);
}

export function formatNumber(x, digits = 4) {
    if (!Number.isFinite(x)) return String(x);
    const text = Number(x.toPrecision(digits)).toString();
    return text;
}

// Creates an element: el('td', {class: 'x', text: '…'}, child...).
export function el(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes)) {
        if (value === undefined || value === null || value === false) continue;
        if (key === 'text') node.textContent = value;
        else if (key === 'class') node.className = value;
        else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
        else node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children) {
        if (child !== null && child !== undefined) node.append(child);
    }
    return node;
}

// A decoded feature text with its `code` spans as <code> elements.
export function richText(text) {
    const span = el('span');
    String(text).split('`').forEach((part, i) => {
        span.append(i % 2 === 1 ? el('code', { text: part }) : document.createTextNode(part));
    });
    return span;
}

// The panels' few style rules, added once to the document (the page's own
// stylesheet is not edited by these modules).
const STYLE_ID = 'll-state-panel-styles';
const STYLES = `
.ll-explain.loading, .ll-tree.loading { opacity: 0.6; }
.ll-explain-scroll { max-width: 100%; overflow-x: auto; }
.ll-explain-table { border-collapse: collapse; width: 100%; font-size: 0.85em; }
.ll-explain-table th, .ll-explain-table td { padding: 2px 3px; vertical-align: top; text-align: left; }
.ll-explain-table td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.ll-explain-table tr.ll-explain-text td { padding-bottom: 6px; border-bottom: 1px solid #eee; overflow-wrap: anywhere; }
.ll-explain-barbox { display: inline-block; width: 1.5em; height: 0.6em; margin-right: 4px; }
.ll-explain-bar { display: block; height: 100%; }
.ll-explain-bar.pos { background: #c0392b; }
.ll-explain-bar.neg { background: #2e86c1; }
.ll-explain-note, .ll-tree-more, .ll-tree-note { color: #666; font-size: 0.9em; }
.ll-explain-error, .ll-tree-error { color: #b00020; }
.ll-explain-relaxed li.helpful { font-weight: 600; }
.ll-tree ul { list-style: none; margin: 0; padding-left: 1.2em; }
.ll-tree-row { display: flex; gap: 0.6em; align-items: baseline; }
.ll-tree-row button { border: none; background: none; cursor: pointer; padding: 0 2px; }
.ll-tree-row button[aria-expanded="true"] { transform: rotate(90deg); }
.ll-tree-h { color: #444; font-variant-numeric: tabular-nums; }
li.on-plan > .ll-tree-row { background: #fff3c4; }
li.best > .ll-tree-row .ll-tree-h { font-weight: 700; }
.ll-tree-plan { font-size: 0.75em; padding: 0 4px; border-radius: 3px; background: #f5b041; }
`;

export function ensurePanelStyles(doc = globalThis.document) {
    if (!doc || doc.getElementById(STYLE_ID)) return;
    const style = doc.createElement('style');
    style.id = STYLE_ID;
    style.textContent = STYLES;
    doc.head.append(style);
}
