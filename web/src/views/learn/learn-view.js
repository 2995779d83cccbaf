// The Learn tab (a page view, views/page-views.js): "Learn a heuristic for
// this domain". Takes the editor's domain and problem, makes more problems
// from it and trains a WL model by bootstrap (recipe.js) in the trainer's
// worker (wasm/lazylifted-trainer.mjs, loaded when a Learn starts), within a
// time budget: several candidate models, the one that searches held-out
// problems best is kept (recipe.js). The rounds show live (problems with a
// plan after each round of each candidate, a bar each), with the phase, a
// progress bar and Cancel. The model then
// joins the model list as "trained here" (page/trained-models.js keeps it
// in the browser) and is selected; it can be downloaded as JSON. Its state
// is the store's `learning`; the trainer's errors show in the page's error
// box, as a search's do.
import { el, formatNumber, formatSeconds } from '../../format.js';
import { renderBarChart } from '../charts.js';
import { learn } from './recipe.js';

const DEFAULT_BUDGET_S = 50;
const TRAINER_URL = () => new URL('lazylifted-trainer.mjs', document.baseURI).href;
const API_URL = () => new URL('lazylifted-api.mjs', document.baseURI).href;

// A fresh trainer (its own worker) or validation planner for each step of
// a Learn (recipe.js terminates it after the step): the validation
// searches do not hold the page's Solve, and no wasm heap outlives its step.
function makeTrainer() {
    return import(TRAINER_URL()).then((api) => api.createTrainer());
}

function makeValidationPlanner() {
    return import(API_URL()).then((api) => api.createPlanner());
}

function phaseText(learning) {
    const p = learning.progress ?? {};
    if (learning.state === 'done') return 'Done.';
    if (learning.state === 'cancelled') return 'Cancelled.';
    if (learning.state === 'error') return 'The trainer stopped with an error (above).';
    const model = `Model ${(p.candidate ?? 0) + 1}`;
    if (p.phase === 'loading') return 'Loading the trainer…';
    if (p.phase === 'generating') return `${model}: making training problems from the editor's problem…`;
    if (p.phase === 'validating' || p.phase === 'validated') {
        return `${model}: searching held-out problems with it…`;
    }
    if (p.phase === 'solving') {
        return `${model}, round ${p.round}: ${p.round === 0 ? 'solving without a model' : 'solving with the model'} ` +
               `(${p.done}/${p.total}, ${p.problem})`;
    }
    const what = { dataset: 'building the dataset', selection: 'choosing the model (LP and searches)',
                   refit: 'refitting on all plans' }[p.phase] ?? p.phase;
    return `${model}, round ${p.round}: training, ${what} (${p.done}/${p.total})`;
}

// The bars: per candidate model, the problems with a plan after each of its
// rounds; the running round counts the plans it found so far.
function roundRows(learning) {
    return learning.candidates.flatMap((c) => c.rounds.map((r) => ({
        key: `c${c.index}-round-${r.round}`, label: `model ${c.index + 1} · round ${r.round}`, value: r.withPlans,
        title: `model ${c.index + 1}, round ${r.round}: ${r.withPlans} problems with a plan` +
               (c.validation ? `; held-out problems: ${c.validation.solved}/${c.validation.problems} solved, ` +
                               `${c.validation.evaluations} evaluations` : ''),
    })));
}

// A progress report of the recipe -> the store's learning state.
function applyReport(learning, report) {
    const next = { ...learning, progress: report };
    if (report.problems) next.problems = report.problems;
    const k = report.candidate ?? 0;
    const candidates = [...learning.candidates];
    const c = candidates[k] ?? { index: k, rounds: [], validation: null };
    candidates[k] = c;
    next.candidates = candidates;
    if (report.phase === 'validating') candidates[k] = { ...c, rounds: report.result.rounds };
    if (report.phase === 'validated') candidates[k] = { ...c, validation: report.validation };
    if (report.phase !== 'solving') return next;
    // A round's bar grows as its plans come; the first starts from none, a
    // later round from the plans of the round before.
    const rounds = [...c.rounds];
    let bar = rounds.find((r) => r.round === report.round);
    if (!bar) {
        bar = { round: report.round, withPlans: rounds.at(-1)?.withPlans ?? 0 };
        rounds.push(bar);
    }
    rounds[rounds.indexOf(bar)] = { ...bar, withPlans: bar.withPlans + (report.solved ? 1 : 0) };
    candidates[k] = { ...c, rounds };
    return next;
}

function summaryText(result) {
    const v = result.validation;
    const chosen = result.candidates[result.chosen];
    const others = result.candidates.filter((c) => c !== chosen)
        .map((c) => `${formatNumber(c.validation.evaluations)} (model ${c.index + 1})`);
    return `Model ${result.chosen + 1} of ${result.candidates.length} kept: on ${chosen.validation.problems} ` +
           `held-out problems it solved ${chosen.validation.solved} with ${formatNumber(chosen.validation.evaluations)} ` +
           `evaluations${others.length ? ` (the others: ${others.join(', ')})` : ''}. It learnt from ` +
           `${result.problemsWithPlans} of ${result.problems} problems with a plan, ${result.rounds.length} ` +
           `round(s), ${formatSeconds(result.trainingTimeS)}: WL iterations ${result.iterations}, C = ${result.c}, ` +
           `${formatNumber(result.nonZeroWeights)} features with a weight` +
           (v ? `; its trainer's validation: ${v.solved}/${v.problems} solved.` : '.') +
           ` ${formatSeconds(result.seconds)} in all.`;
}

export function mount(container, host) {
    const { store } = host;
    const dom = {
        root: el('div', { class: 'learn', dataset: { view: 'learn', state: 'idle' } }),
        budget: el('input', { type: 'number', min: '5', max: '600', step: '1', value: String(DEFAULT_BUDGET_S),
                              'aria-label': 'time budget in seconds' }),
        run: el('button', { type: 'button', class: 'primary', text: 'Learn' }),
        cancel: el('button', { type: 'button', text: 'Cancel', disabled: true }),
        phase: el('p', { class: 'learn-phase', role: 'status' }),
        bar: el('progress', { max: '1', value: '0' }),
        chart: el('div', { class: 'learn-chart' }),
        summary: el('p', { class: 'note learn-summary' }),
        models: el('ul', { class: 'learn-models' }),
    };
    dom.root.append(
        el('h3', { text: 'Learn a heuristic for this domain' }),
        el('p', { class: 'note', text: 'Learns a WL model from the problem in the editor and problems made ' +
            'from it: the planner solves what it can, a model is trained on those plans and helps solve ' +
            'more, round after round, in a worker. The model joins the model list as "trained here".' }),
        el('div', { class: 'learn-bar' }, el('label', {}, 'Time budget (s) ', dom.budget), dom.run, dom.cancel),
        el('div', { class: 'learn-progress' }, dom.phase, dom.bar),
        el('p', { class: 'learn-chart-head', text: 'Problems with a plan after each round' }),
        dom.chart, dom.summary,
        el('h4', { text: 'Models trained here for this domain' }), dom.models);
    container.replaceChildren(dom.root);

    let frame = 0;
    const render = () => {
        frame = 0;
        const learning = store.get().learning;
        dom.root.dataset.state = learning?.state ?? 'idle';
        dom.run.disabled = learning?.state === 'running';
        dom.cancel.disabled = learning?.state !== 'running';
        dom.budget.disabled = learning?.state === 'running';
        if (!learning) {
            dom.phase.textContent = 'Press Learn to train a model for the domain in the editor.';
            return;
        }
        dom.phase.textContent = phaseText(learning);
        const p = learning.progress;
        const running = learning.state === 'running';
        dom.bar.hidden = !running;
        if (running && p?.total) dom.bar.value = p.done / p.total;
        else if (running) dom.bar.removeAttribute('value');
        const rows = roundRows(learning);
        if (rows.length) {
            renderBarChart(dom.chart, rows, { width: 480, scale: 'linear', max: learning.problems ?? 1 });
        } else {
            dom.chart.replaceChildren();
        }
        dom.chart.dataset.rounds = String(rows.length);
        dom.summary.textContent = learning.result ? summaryText(learning.result) : '';
    };
    const schedule = () => { frame ||= requestAnimationFrame(render); };
    const renderModels = () => renderModelList(dom.models, host);
    const unsubscribe = store.subscribe((state, patch) => {
        if ('learning' in patch) schedule();
        if ('trainedModels' in patch || 'checked' in patch) renderModels();
    });
    dom.run.addEventListener('click', () => run(host, Number(dom.budget.value) || DEFAULT_BUDGET_S));
    dom.cancel.addEventListener('click', () => store.get().learning?.controller?.abort());
    render();
    renderModels();
    return {
        destroy() {
            unsubscribe();
            cancelAnimationFrame(frame);
        },
    };
}

async function run(host, budgetS) {
    const { store } = host;
    if (store.get().learning?.state === 'running') return;
    const texts = host.pageTexts();
    if (!texts?.domain || !texts?.problem) return;
    const controller = new AbortController();
    const update = (patch) => store.set({ learning: { ...store.get().learning, ...patch } });
    store.set({ learning: { state: 'running', controller, candidates: [], problems: null, result: null,
                            progress: { phase: 'loading' }, startedAt: performance.now() } });
    host.hideError();
    try {
        const result = await learn({ makeTrainer, makePlanner: makeValidationPlanner }, texts, {
            budgetS, signal: controller.signal,
            onEvent: (report) => store.set({ learning: applyReport(store.get().learning, report) }),
        });
        const entry = await host.addTrainedModel(result.model, {
            rounds: result.rounds, problems: result.problems, problemsWithPlans: result.problemsWithPlans,
            trainingTimeS: result.trainingTimeS, iterations: result.iterations, nonZeroWeights: result.nonZeroWeights,
        });
        update({ state: 'done', problems: result.problems, result, controller: null, modelId: entry.id });
        host.useTrainedModel(entry);
    } catch (error) {
        if (error?.name === 'AbortError') {
            update({ state: 'cancelled', controller: null });
            return;
        }
        update({ state: 'error', controller: null });
        host.showError({ category: error?.category ?? 'internal', message: error?.message ?? String(error),
                         file: error?.file ?? null, line: error?.line ?? null, column: error?.column ?? null });
    }
}

function renderModelList(list, host) {
    const domain = host.currentDomainName();
    const models = host.store.get().trainedModels.filter((m) => m.domain === domain);
    if (models.length === 0) {
        list.replaceChildren(el('li', { class: 'note', text: 'None yet.' }));
        return;
    }
    list.replaceChildren(...models.map((m) => {
        const download = el('button', { type: 'button', text: 'Download JSON', dataset: { action: 'download' } });
        download.addEventListener('click', () => host.downloadTrainedModel(m));
        const use = el('button', { type: 'button', text: 'Use', dataset: { action: 'use' } });
        use.addEventListener('click', () => host.useTrainedModel(m));
        const remove = el('button', { type: 'button', text: 'Remove', dataset: { action: 'remove' } });
        remove.addEventListener('click', () => host.removeTrainedModel(m.id));
        const s = m.summary ?? {};
        const text = `${new Date(m.created).toLocaleString()} · ${m.graph.toUpperCase()} · ${m.space} · ` +
            `${formatNumber(m.features ?? 0)} weights · ${formatNumber(m.bytes)} bytes` +
            (s.problems ? ` · ${s.problemsWithPlans}/${s.problems} problems` : '') +
            (m.where === 'indexeddb' ? ' · kept in IndexedDB' : m.where === 'page' ? ' · not kept (storage full)' : '');
        return el('li', { dataset: { model: m.id } }, el('span', { text }), ' ', use, ' ', download, ' ', remove);
    }));
}
