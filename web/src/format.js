// Small shared helpers: plan files, numbers, status texts (the core's status
// names: solved, unsolvable, out-of-time, expansion-limit, out-of-memory, plus
// error and the page's own states), DOM building with
// text only (PDDL names are never parsed as HTML).

/** The plan in IPC format, with the meta lines VS Code PDDL reads and the cost line. */
export function planFileText(plan, { domainName, problemName, cost, costKind } = {}) {
    const lines = [];
    if (domainName) lines.push(`;;!domain: ${domainName}`);
    if (problemName) lines.push(`;;!problem: ${problemName}`);
    lines.push(...plan);
    lines.push(`; cost = ${cost ?? plan.length} (${costKind ?? 'unit'} cost)`);
    return `${lines.join('\n')}\n`;
}

export function formatNumber(value) {
    if (value === null || value === undefined) return '–';
    if (typeof value !== 'number') return String(value);
    if (Number.isInteger(value)) return value.toLocaleString('en-US');
    return value.toLocaleString('en-US', { maximumFractionDigits: 3 });
}

export function formatSeconds(seconds) {
    if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return '–';
    if (seconds < 1) return `${(seconds * 1000).toFixed(0)} ms`;
    return `${seconds.toFixed(seconds < 10 ? 2 : 1)} s`;
}

export const STATUS_TEXT = {
    solved: 'Plan found',
    unsolvable: 'Unsolvable: the search exhausted every reachable state',
    'out-of-time': 'Time limit reached without a plan',
    'expansion-limit': 'Expansion limit reached without a plan',
    'out-of-memory': 'Memory limit reached without a plan',
    error: 'Error',
    stopped: 'Stopped',
    solving: 'Solving…',
    loading: 'Loading the planner…',
    ready: 'Ready',
};

/** el('div', {class: 'x', text: 'y'}, child...) — text goes through textContent only. */
export function el(tag, props = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props)) {
        if (value === undefined || value === null || value === false) continue;
        if (key === 'text') node.textContent = String(value);
        else if (key === 'class') node.className = value;
        else if (key === 'dataset') Object.assign(node.dataset, value);
        else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
        else node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children) {
        if (child === null || child === undefined || child === false) continue;
        node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
}

/** Where a planner error points: "problem.pddl:5:19" or null. */
export function errorLocation(error) {
    if (!error?.file || !error.line) return null;
    return `${error.file}:${error.line}${error.column ? `:${error.column}` : ''}`;
}
