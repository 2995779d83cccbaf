// The Learn tab (a page view, views/page-views.js): "Learn a heuristic for
// this domain". Takes the editor's domain and problem, makes more problems
// from it and trains a WL model by bootstrap (recipe.js) in the trainer's
// worker (wasm/lazylifted-trainer.mjs, loaded on the first Learn), within a
// time budget. The rounds show live (problems with a plan after each round,
// a bar each), with the phase, a progress bar and Cancel. The model then
// joins the model list as "trained here" (page/trained-models.js keeps it
// in the browser) and is selected; it can be downloaded as JSON. Its state
// is the store's `learning`; the trainer's errors show in the page's error
// box, as a search's do.
import { el, formatNumber, formatSeconds } from '../../format.js';
import { renderBarChart } from '../charts.js';
import { learn } from './recipe.js';

const DEFAULT_BUDGET_S = 45;
const TRAINER_URL = () => new URL('lazylifted-trainer.mjs', document.baseURI).href;

let trainerPromise = null;  // one trainer (and worker) for the page, made on the first Learn

function trainer() {
    trainerPromise ??= import(TRAINER_URL()).then((api) => api.createTrainer());
    trainerPromise.catch(() => { trainerPromise = null; });
    return trainerPromise;
}

function phaseText(learning) {
    const p = learning.progress ?? {};
    if (learning.state === 'done') return 'Done.';
    if (learning.state === 'cancelled') return 'Cancelled.';
    if (learning.state === 'error') return 'The trainer stopped with an error (above).';
    if (p.phase === 'loading') return 'Loading the trainer…';
    if (p.phase === 'generating') return 'Making training problems from the editor\'s problem…';
    if (p.phase === 'problems') return `${p.problems} problems: solving them without a model…`;
    if (p.phase === 'solving') {
        return `Round ${p.round}: ${p.round === 0 ? 'solving without a model' : 'solving with the model'} ` +
               `(${p.done}/${p.total}, ${p.problem})`;
    }
    const what = { dataset: 'building the dataset', selection: 'choosing the model (LP and searches)',
                   refit: 'refitting on all plans' }[p.phase] ?? p.phase;
    return `Round ${p.round}: training, ${what} (${p.done}/${p.total})`;
}

// The bars: problems with a plan after each round; the running round counts
// the plans it found so far.
function roundRows(learning) {
    const rows = learning.rounds.map((r) => ({
        key: `round-${r.round}`, label: `round ${r.round}`, value: r.withPlans,
        title: `round ${r.round}: ${r.solved} new plans of ${r.attempted} tried; ${r.withPlans} problems ` +
               `with a plan${r.trained ? ', model retrained' : ''}`,
    }));
    const live = learning.live;
    if (live && !learning.rounds.some((r) => r.round === live.round)) {
        rows.push({ key: `round-${live.round}`, label: `round ${live.round}`, value: live.withPlans,
                    title: `round ${live.round} (running): ${live.withPlans} problems with a plan` });
    }
    return rows;
}

// A progress report of the trainer -> the store's learning state.
function applyReport(learning, report) {
    const next = { ...learning, progress: report };
    if (report.phase === 'problems') next.problems = report.problems;
    if (report.phase !== 'solving') return next;
    const done = learning.rounds.find((r) => r.round === report.round - 1);
    const base = report.round === 0 ? 0 : done?.withPlans ?? learning.live?.withPlans ?? 0;
    const live = learning.live?.round === report.round ? learning.live : { round: report.round, withPlans: base };
    next.live = { round: report.round, withPlans: live.withPlans + (report.solved ? 1 : 0) };
    // Round r's figures are known once round r + 1 starts (the rounds list comes with the result).
    if (report.round > 0 && !done && learning.live?.round === report.round - 1) {
        next.rounds = [...learning.rounds, { round: report.round - 1, withPlans: learning.live.withPlans,
                                             solved: NaN, attempted: NaN, trained: true }];
    }
    return next;
}

function summaryText(result) {
    const v = result.validation;
    return `Learnt from ${result.problemsWithPlans} of ${result.problems} problems with a plan in ` +
           `${result.rounds.length} rounds, ${formatSeconds(result.trainingTimeS)}: WL iterations ` +
           `${result.iterations}, C = ${result.c}, ${formatNumber(result.nonZeroWeights)} features with a weight` +
           (v ? `; validation: ${v.solved}/${v.problems} problems solved, ${formatNumber(v.evaluations)} ` +
                'evaluations.' : '.');
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
            renderBarChart(dom.chart, rows, { width: 420, scale: 'linear', max: learning.problems ?? 1 });
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
    store.set({ learning: { state: 'running', controller, rounds: [], live: null, problems: null, result: null,
                            progress: { phase: 'loading' }, startedAt: performance.now() } });
    host.hideError();
    try {
        const result = await learn(await trainer(), texts, {
            budgetS, signal: controller.signal,
            onEvent: (report) => store.set({ learning: applyReport(store.get().learning, report) }),
        });
        const entry = await host.addTrainedModel(result.model, {
            rounds: result.rounds, problems: result.problems, problemsWithPlans: result.problemsWithPlans,
            trainingTimeS: result.trainingTimeS, iterations: result.iterations,
        });
        update({ state: 'done', rounds: result.rounds, live: null, problems: result.problems, result,
                 controller: null, modelId: entry.id });
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
