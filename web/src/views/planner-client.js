// The JS API client the state panels (explain-panel.js, tree-explorer.js)
// share, and the request they build from a panel context
// ({domainText, problemText, model, space, plan, stepIndex}). The heavy work
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

// The explain()/partialActionChildren() request for the context's state.
export function requestFor(context, extra = {}) {
    const request = {
        domain: String(context.domainText ?? ''),
        problem: String(context.problemText ?? ''),
        step: Math.max(0, Number(context.stepIndex ?? 0) | 0),
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
