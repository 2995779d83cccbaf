// The Compare tab (a page view, views/page-views.js): several search
// configurations on the page's task, one after the other in the planner's
// worker, side by side: a table (status, plan cost, expansions, evaluations,
// search time, whether the plan is known to be optimal) and a bar chart of
// one measure. The configurations are the core's aliases as the planner
// lists them (planner.searchAliases): the default and the optimal ones
// (bfs, ucs, astar-*) are ticked. Stop ends the run at once (the worker is
// replaced); a Solve on the page stops it too.
import { el, formatNumber, formatSeconds } from '../../format.js';
import { solveRequest } from '../../solve-routine.js';
import { renderBarChart } from '../charts.js';

const OPTIMAL_ALIASES = ['bfs', 'ucs', 'astar-blind', 'astar-hmax', 'astar-lmcut'];
const DEFAULT_TIME_LIMIT_S = 30;
const MEASURES = [
    { key: 'expansions', label: 'expansions', value: (r) => r.response?.stats?.expansions },
    { key: 'evaluations', label: 'evaluations', value: (r) => r.response?.stats?.evaluations },
    { key: 'cost', label: 'plan cost', value: (r) => r.response?.cost },
    { key: 'time', label: 'search time (ms)', value: (r) => msOf(r.response?.stats?.searchTimeS) },
];

const msOf = (s) => (typeof s === 'number' ? Math.round(s * 1000) : undefined);

// The configurations offered: every alias, the default and the optimal ones ticked.
function configurations(aliases) {
    const names = aliases.length ? aliases.map((a) => a.name) : ['default'];
    return names.map((name) => ({
        name,
        title: aliases.find((a) => a.name === name)?.description ?? '',
        optimalEngine: OPTIMAL_ALIASES.includes(name),
        checked: name === 'default' || OPTIMAL_ALIASES.includes(name),
    }));
}

// The request of one row: the page's settings with this configuration and
// none of the page's overrides. Optimal engines search ground states only
// (S³), with their own heuristic: no model, no heuristic field.
function rowRequest(texts, settings, config, modelText) {
    const request = solveRequest(texts.domain, texts.problem, {
        space: config.optimalEngine ? 'state' : settings.space,
        heuristic: config.optimalEngine ? '' : settings.heuristic,
        timeLimitS: settings.timeLimitS ?? DEFAULT_TIME_LIMIT_S,
        config: config.name === 'default' ? '' : config.name,
    });
    if (!config.optimalEngine && settings.heuristic === 'wl' && modelText) request.model = modelText;
    return request;
}

function cell(text, attributes = {}) {
    return el('td', { ...attributes, text: text ?? '–' });
}

function rowCells(row) {
    const r = row.response;
    const stats = r?.stats;
    const status = row.running ? 'running…' : row.stopped ? 'stopped' : r ? r.status : '';
    const optimal = r?.status === 'solved' ? (r.optimal === true ? 'yes' : r.optimal === false ? 'no' : '?') : '–';
    return [
        cell(status, { dataset: { col: 'status' }, title: r?.error?.message ?? undefined }),
        cell(r?.status === 'solved' ? formatNumber(r.cost) : '–', { class: 'num', dataset: { col: 'cost' } }),
        cell(optimal, { dataset: { col: 'optimal' }, title: r?.optimality ?? undefined }),
        cell(stats ? formatNumber(stats.expansions) : '–', { class: 'num', dataset: { col: 'expansions' } }),
        cell(stats ? formatNumber(stats.evaluations) : '–', { class: 'num', dataset: { col: 'evaluations' } }),
        cell(stats ? formatSeconds(stats.searchTimeS) : '–', { class: 'num', dataset: { col: 'time' } }),
    ];
}

export function mount(container, host) {
    const state = { rows: [], controller: null, measure: 'expansions', aliasesShown: false };
    const dom = {
        root: el('div', { class: 'cmp', dataset: { view: 'compare', state: 'idle' } }),
        run: el('button', { type: 'button', class: 'primary', text: 'Run the ticked configurations' }),
        stop: el('button', { type: 'button', text: 'Stop', disabled: true }),
        note: el('span', { class: 'note' }),
        body: el('tbody'),
        measure: el('select', { 'aria-label': 'Measure in the chart' },
                    ...MEASURES.map((m) => el('option', { value: m.key, text: m.label }))),
        chart: el('div', { class: 'cmp-chart' }),
    };
    const head = el('tr', {}, ...['', 'configuration', 'space', 'status', 'plan cost', 'optimal', 'expansions',
                                  'evaluations', 'time'].map((t) => el('th', { scope: 'col', text: t })));
    dom.root.append(
        el('div', { class: 'cmp-bar' }, dom.run, dom.stop, dom.note),
        el('div', { class: 'cmp-scroll' }, el('table', { class: 'cmp-table' }, el('thead', {}, head), dom.body)),
        el('div', { class: 'cmp-chart-head' }, el('span', { text: 'Chart: ' }), dom.measure),
        dom.chart);
    container.replaceChildren(dom.root);
    dom.run.addEventListener('click', () => runAll(state, dom, host));
    dom.stop.addEventListener('click', () => state.controller?.abort());
    dom.measure.addEventListener('change', () => {
        state.measure = dom.measure.value;
        drawChart(state, dom);
    });
    const fill = () => {
        if (state.aliasesShown || !host.store.get().planner) return;
        state.rows = configurations(host.store.get().searchAliases ?? [])
            .map((config) => ({ config, response: null, running: false, stopped: false }));
        state.aliasesShown = true;
        drawRows(state, dom, host);
    };
    const unsubscribe = host.store.subscribe((s, patch) => {
        if ('planner' in patch) fill();
    });
    fill();
    if (!state.aliasesShown) dom.note.textContent = 'Loading the planner…';
    return {
        show() { fill(); },
        destroy() {
            unsubscribe();
            state.controller?.abort();
        },
    };
}

function drawRows(state, dom, host) {
    const space = host.settings().space;
    dom.body.replaceChildren(...state.rows.map((row) => {
        const box = el('input', { type: 'checkbox', 'aria-label': `run ${row.config.name}` });
        box.checked = row.config.checked;
        box.disabled = Boolean(state.controller);
        box.addEventListener('change', () => { row.config.checked = box.checked; });
        const rowSpace = row.response?.space ?? (row.config.optimalEngine ? 'state' : space);
        return el('tr', { dataset: { config: row.config.name }, class: row.running ? 'running' : '' },
                  el('td', {}, box),
                  el('th', { scope: 'row', title: row.config.title, text: row.config.name }),
                  cell(rowSpace === 'partial' ? 'PS²' : 'S³'),
                  ...rowCells(row));
    }));
    drawChart(state, dom);
}

function drawChart(state, dom) {
    const measure = MEASURES.find((m) => m.key === state.measure);
    const rows = state.rows
        .filter((row) => row.response?.status === 'solved' && typeof measure.value(row) === 'number')
        .map((row) => ({ key: row.config.name, label: row.config.name, value: measure.value(row),
                         title: `${row.config.name}: ${measure.label} ${formatNumber(measure.value(row))}` }));
    if (rows.length === 0) {
        dom.chart.replaceChildren(el('p', { class: 'note', text: 'Run the configurations to compare them.' }));
        return;
    }
    renderBarChart(dom.chart, rows, { width: 420 });
}

// The ticked configurations, one after the other (solves do not queue).
async function runAll(state, dom, host) {
    const texts = host.pageTexts();
    const { planner, solving } = host.store.get();
    if (!texts || !planner || state.controller) return;
    if (solving) {
        dom.note.textContent = 'A search is running: run the comparison when it has ended.';
        return;
    }
    const settings = host.settings();
    const modelText = settings.heuristic === 'wl' ? await host.modelText(settings.model).catch(() => null) : null;
    const todo = state.rows.filter((row) => row.config.checked);
    for (const row of state.rows) Object.assign(row, { response: null, stopped: false, running: false });
    const controller = new AbortController();
    state.controller = controller;
    host.store.set({ viewJob: { controller, view: 'compare' } });
    setRunning(dom, true, `running ${todo.length} configurations…`);
    drawRows(state, dom, host);
    for (const [i, row] of todo.entries()) {
        if (controller.signal.aborted) {
            row.stopped = true;
            continue;
        }
        row.running = true;
        dom.note.textContent = `${i + 1} / ${todo.length}: ${row.config.name}`;
        drawRows(state, dom, host);
        try {
            row.response = await planner.solve(rowRequest(texts, settings, row.config, modelText),
                                               { signal: controller.signal });
        } catch (error) {
            if (error?.name === 'AbortError') row.stopped = true;
            else row.response = { status: 'error', error: { message: error.message } };
        }
        row.running = false;
        drawRows(state, dom, host);
    }
    state.controller = null;
    if (host.store.get().viewJob?.controller === controller) host.store.set({ viewJob: null });
    const stopped = controller.signal.aborted;
    setRunning(dom, false, stopped ? 'Stopped.' : `Done: ${todo.length} configurations.`);
    dom.root.dataset.state = stopped ? 'stopped' : 'done';
    drawRows(state, dom, host);
}

function setRunning(dom, running, note) {
    dom.run.disabled = running;
    dom.stop.disabled = !running;
    dom.note.textContent = note;
    dom.root.dataset.state = running ? 'running' : dom.root.dataset.state;
}
