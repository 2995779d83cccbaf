// The result of a solve on the editor page: the status line, the error box,
// the plan with its validation badge and download, the search statistics as
// a table and a chart, and the plan's trace handed to the step view.
import { el, errorLocation, formatNumber, formatSeconds, planFileText, STATUS_TEXT } from '../format.js';
import { renderBarChart } from '../views/charts.js';
import { ui } from './dom.js';
import { revealError, showDiagnostics } from './live-check.js';
import { clearStepView, showStep, showTrace } from './step-view.js';
import { store } from './store.js';

let resultSeq = 0;

export function setStatus(status, text = STATUS_TEXT[status] ?? status) {
    ui.status.dataset.status = status;
    ui.status.textContent = text;
}

export function showError(error) {
    ui.errorBox.hidden = false;
    ui.errorBox.replaceChildren(
        el('strong', { text: `${error.category ?? 'error'} error` }), ' ',
        el('span', { class: 'error-message', text: error.message ?? String(error) }));
    const where = errorLocation(error);
    if (where) {
        ui.errorBox.append(' ', el('button', {
            type: 'button', class: 'linklike', text: `(${where})`, onclick: () => revealError(error),
        }));
    }
}

export function hideError() {
    ui.errorBox.hidden = true;
    ui.errorBox.replaceChildren();
}

export function clearResult() {
    store.set({ result: null, plansFound: null });
    ui.planList.replaceChildren();
    ui.planEmpty.hidden = false;
    ui.planEmpty.textContent = 'Press Solve to search for a plan.';
    ui.planCost.textContent = '';
    ui.validBadge.hidden = true;
    delete ui.validBadge.dataset.valid;
    ui.download.disabled = true;
    ui.statsBox.hidden = true;
    ui.liveChart.hidden = true;
    clearStepView();
    hideError();
}

/**
 * Shows a solve's response. `solved` = {domain, problem, space, heuristic,
 * model, settings}: what was solved (the texts may have changed since) and
 * with which settings (solving.js settings(): a view can run it again).
 * `planShown`: the plan view shows the response's plan already (an anytime
 * search's last plan event, or one the user picked from the plans found).
 */
export async function showResponse(response, solved, { planShown = false } = {}) {
    const stats = response.stats;
    if (stats && response.status !== 'error') renderStats(stats, response.config);
    if (response.status !== 'solved') {
        let text = STATUS_TEXT[response.status] ?? response.status;
        if (response.status === 'error') text = `Error (${response.error?.category ?? 'unknown'}): see below`;
        setStatus(response.status, text);
        ui.planEmpty.textContent = response.status === 'error' ? 'No plan: see the error.'
            : `No plan: ${text.toLowerCase()}.`;
        if (response.error) {
            showError(response.error);
            if (response.error.line) showDiagnostics([response.error], 'solve');
        }
        return;
    }
    const n = response.plan.length;
    setStatus('solved', `Plan found: ${n} step${n === 1 ? '' : 's'}, cost ${response.cost}` +
              finalPlanNote(response));
    if (planShown) {
        await validateShownPlan();
        return;
    }
    await showPlan({ plan: response.plan, cost: response.cost, costKind: response.costKind,
                     domainName: response.domain ?? null, problemName: response.problem ?? null }, solved);
}

// Why the final plan of an anytime search is final, in the status line
// (nothing for a search that stopped at its first plan).
const FINAL_PLAN_TEXT = {
    'time-limit': 'time limit reached',
    'proved-optimal': 'proved optimal by A* with an admissible heuristic',
    exhausted: 'no cheaper plan exists',
    limit: 'memory or expansion limit reached',
};
export function finalPlanText(reason) {
    return FINAL_PLAN_TEXT[reason] ?? reason;
}
function finalPlanNote(response) {
    if (!response.plansFound || !(response.finalPlan in FINAL_PLAN_TEXT)) return '';
    return ` (plan ${response.plansFound} of ${response.plansFound} is final: ${finalPlanText(response.finalPlan)})`;
}

/**
 * Shows a plan in the plan view (its steps, cost, download and validation
 * badge) and validates it (validateShownPlan): a solve's plan, or one of the
 * plans an anytime search found (plans-found.js). `plan` = {plan, cost,
 * costKind, domainName, problemName}; `solved` as for showResponse.
 */
export async function showPlan({ plan, cost, costKind, domainName, problemName }, solved) {
    const id = ++resultSeq;
    // The names (plan file) come with the plan: the texts the search parsed,
    // not the page's last check, which a first Solve can end before.
    store.set({ result: { id, ...solved, plan, cost, costKind, domainName, problemName, trace: null, step: 0 } });
    ui.planCost.textContent = `cost ${cost}`;
    ui.planEmpty.hidden = true;
    ui.planList.replaceChildren(...plan.map((step, i) => el('li', {
        dataset: { step: String(i + 1) }, tabindex: '-1', text: step, onclick: () => showStep(i + 1),
    })));
    // The first plan's time, as the user sees it (the e2e test reads it).
    performance.mark('ll-plan-shown');
    ui.download.disabled = false;
    ui.validBadge.hidden = false;
    ui.validBadge.textContent = 'validating…';
    ui.validBadge.dataset.valid = 'pending';
    await validateShownPlan();
}

// The plan trace in flight: one at a time, so plans that come faster than
// their traces (an anytime search) are not traced in a queue; the newest one
// shown is traced when the running trace ends, the others never.
let tracing = null;

async function traceOf({ domain, problem, plan }) {
    try {
        // The local planner, also for a plan from a planning service (it may still be loading).
        const planner = store.get().planner ?? await store.get().plannerLoad;
        if (!planner) return { trace: null, failure: 'the planner did not load' };
        const trace = await planner.trace(domain, problem, plan);
        return { trace, failure: trace.ok ? null : trace.error?.message ?? 'the plan could not be read' };
    } catch (error) {
        return { trace: null, failure: error.message };
    }
}

/**
 * Validates the plan the plan view shows, once, and hands its trace to the
 * step view. During a search (an anytime search's plans, solving.js) the
 * trace runs in the API's second worker; a plan replaced while an earlier
 * trace runs is not traced, and a plan traced during the search is not
 * traced again when it ends.
 */
export async function validateShownPlan() {
    while (tracing) await tracing;
    const result = store.get().result;
    if (!result || result.trace || result.validating) return;
    const { id } = result;
    store.set({ result: { ...result, validating: true } });
    // One call gives both the verdict and the states: the core's plan trace.
    const run = traceOf(result);
    tracing = run;
    const { trace, failure } = await run;
    tracing = null;
    if (store.get().result?.id !== id) return;  // a newer plan or solve, or a cleared result
    showValidity(trace, failure);
    store.set({ result: { ...store.get().result, validating: false, ...(trace?.ok ? { trace } : {}) } });
    showTrace(trace?.ok ? trace : null, failure);
}

function showValidity(trace, failure) {
    if (!trace?.ok) {
        ui.validBadge.dataset.valid = 'unknown';
        ui.validBadge.textContent = 'not validated';
        ui.validBadge.title = failure ?? '';
        return;
    }
    ui.validBadge.dataset.valid = String(trace.valid);
    ui.validBadge.textContent = trace.valid ? '✓ valid' : '✗ invalid';
    ui.validBadge.title = trace.message ?? '';
}

// The response's statistics (the core's fields, camelCase); rows whose key
// is absent are left out (the WL rows appear with a learnt model only).
const formatPercent = (x) => (typeof x === 'number' ? `${(x * 100).toFixed(1)} %` : '–');
const STAT_ROWS = [
    ['expansions', 'expansions'], ['evaluations', 'evaluations'], ['generated', 'generated'],
    ['generatedTransitions', 'transitions'], ['skippedEvaluations', 'skipped evaluations'],
    ['deadEnds', 'dead ends'], ['initialH', 'initial h'], ['bestH', 'best h'],
    ['averageBranchingFactor', 'branching factor'],
    ['wlColoursSeen', 'WL colours seen'], ['wlColoursUnseen', 'WL colours unseen'],
    ['wlMissRate', 'WL miss rate', formatPercent],
    ['searchTimeS', 'search time', formatSeconds],
    ['parseTimeS', 'parse time', formatSeconds], ['totalTimeS', 'total time', formatSeconds],
    ['peakMemoryMb', 'peak memory (MB)'],
];
// The counts drawn as bars (a log scale: they span orders of magnitude).
const CHART_ROWS = ['generated', 'generatedTransitions', 'evaluations', 'expansions', 'skippedEvaluations',
                    'deadEnds'];

export function renderStats(stats, config) {
    ui.expansions.textContent = formatNumber(stats.expansions);
    ui.evaluations.textContent = formatNumber(stats.evaluations);
    ui.bestH.textContent = formatNumber(stats.bestH);
    const rows = STAT_ROWS
        .filter(([key]) => key in stats)
        .map(([key, label, format = formatNumber]) => el('div', {},
            el('dt', { text: label }), el('dd', { dataset: { stat: key }, text: format(stats[key]) })));
    if (config) {
        // The configuration as the core resolved it, one key=value per line.
        rows.unshift(el('div', { class: 'stat-config' }, el('dt', { text: 'configuration' }),
                        el('dd', { dataset: { stat: 'config' }, title: config,
                                   text: config.split(',').join(', ') })));
    }
    ui.statsList.replaceChildren(...rows);
    const label = Object.fromEntries(STAT_ROWS.map(([key, text]) => [key, text]));
    renderBarChart(ui.statsChart, CHART_ROWS.filter((key) => typeof stats[key] === 'number')
        .map((key) => ({ key, label: label[key], value: stats[key] })));
    ui.statsBox.hidden = false;
}

export function wireResultView() {
    ui.download.addEventListener('click', () => {
        const result = store.get().result;
        if (!result) return;
        const text = planFileText(result.plan, { domainName: result.domainName, problemName: result.problemName,
                                                cost: result.cost, costKind: result.costKind });
        const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
        const link = el('a', { href: url, download: `${result.problemName ?? 'problem'}.plan` });
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10000);
    });
}
