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

// Numbers as Intl.NumberFormat('en-US', {maximumFractionDigits: 3}) prints
// them ("12,345", "2.346"), but by hand: a page's first Intl.NumberFormat
// loads ICU's locale data, 30-90 ms measured here, and the first one was
// made on the first solve's path (the progress line). The same digits as
// Intl: the shortest decimal form of the number (String()), rounded half away
// from zero. Numbers String() prints with an exponent go to Intl.
let intlFormat = null;

// A plain decimal text rounded to 3 fraction digits: [whole, fraction].
function roundToThousandths(text) {
    const [whole, fraction = ''] = text.split('.');
    if (fraction.length <= 3) return [whole, fraction];
    const digits = (whole + fraction.slice(0, 3)).split('');
    if (fraction[3] >= '5') {
        let i = digits.length - 1;
        while (i >= 0 && digits[i] === '9') digits[i--] = '0';
        if (i < 0) digits.unshift('1');
        else digits[i] = String(Number(digits[i]) + 1);
    }
    return [digits.slice(0, -3).join('') || '0', digits.slice(-3).join('')];
}

export function formatNumber(value) {
    if (value === null || value === undefined) return '–';
    if (typeof value !== 'number') return String(value);
    const magnitude = Math.abs(value);
    if (value !== 0 && !(magnitude >= 1e-6 && magnitude < 1e21)) {
        return (intlFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 })).format(value);
    }
    const [whole, fraction] = roundToThousandths(String(magnitude));
    const sign = value < 0 || Object.is(value, -0) ? '-' : '';
    const kept = fraction.replace(/0+$/, '');
    return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${kept ? `.${kept}` : ''}`;
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
    improving: 'Looking for a cheaper plan…',
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
