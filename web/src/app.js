// The editor page: two PDDL editors, live diagnostics from the wasm parser,
// examples, settings (space, heuristic, model, the search configuration: an
// alias of the core and overrides), Solve/Stop with live progress, the plan with its
// statistics and validation, a step-through state view, plan download, model
// loading, localStorage and shareable links. The planner runs in a Web Worker
// behind lazylifted-api.mjs, which is loaded from this page's own origin.
import { createPddlEditor } from './editor.js';
import { simulatePlan, parseProblem, atomKey } from './pddl-sim.js';
import {
    saveToStorage, loadFromStorage, encodeSessionHash, decodeSessionHash,
} from './session.js';
import {
    el, formatNumber, formatSeconds, planFileText, STATUS_TEXT, errorLocation,
} from './format.js';
import { fillConfigSelect, heuristicField, searchRequestFields } from './search-options.js';

const $ = (id) => document.getElementById(id);
const ui = {
    exampleSelect: $('example-select'),
    shareBtn: $('share-btn'),
    shareNote: $('share-note'),
    domainNote: $('domain-note'),
    problemNote: $('problem-note'),
    checkSummary: $('check-summary'),
    space: $('space-select'),
    heuristic: $('heuristic-select'),
    config: $('config-select'),
    advanced: $('search-advanced'),
    engine: $('engine-select'),
    preferred: $('preferred-select'),
    novelty: $('novelty-select'),
    modelRow: $('model-row'),
    model: $('model-select'),
    modelFile: $('model-file'),
    timeLimit: $('time-limit'),
    settingsNote: $('settings-note'),
    solve: $('solve-btn'),
    stop: $('stop-btn'),
    status: $('status'),
    expansions: $('progress-expansions'),
    evaluations: $('progress-evaluations'),
    bestH: $('progress-besth'),
    elapsed: $('progress-elapsed'),
    errorBox: $('error-box'),
    statsBox: $('stats-box'),
    statsList: $('stats-list'),
    planCost: $('plan-cost'),
    validBadge: $('valid-badge'),
    download: $('download-plan'),
    planList: $('plan-list'),
    planEmpty: $('plan-empty'),
    stepFirst: $('step-first'),
    stepPrev: $('step-prev'),
    stepNext: $('step-next'),
    stepLast: $('step-last'),
    showStatic: $('show-static'),
    stepLabel: $('step-label'),
    stateView: $('state-view'),
    version: $('version'),
};

// ---- page state ----
let planner = null;
let examples = [];
let manifest = [];
let searchAliases = [];            // the core's configuration aliases, once the planner is loaded
const modelTexts = new Map();     // manifest file -> JSON text
let loadedModel = null;           // {name, text, domain} from the file input
let wantedModel = '';             // the model the session asked for (kept until offered)
let currentExampleId = '';
let checked = { domain: null, problem: null };  // names from the last successful check
let solving = null;               // {controller, startedAt, timer}
let result = null;                // {plan, sim, step, domainName, problemName, goals}
let checkTimer = null;
let checkSeq = 0;
let saveTimer = null;
let applyingSession = false;
let loadedFromHash = false;

const API_URL = new URL('./lazylifted-api.mjs', import.meta.url).href;
const resolveAsset = (path) => new URL(path, document.baseURI).href;

// ---- editors (created by start(), one per task, to keep the load's tasks short) ----
let domainEditor = null;
let problemEditor = null;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

function textChanged() {
    if (applyingSession) return;
    scheduleCheck();
    scheduleSave();
    if (loadedFromHash) {
        // The link no longer describes the texts: drop it (the session lives on in storage).
        loadedFromHash = false;
        history.replaceState(null, '', location.pathname + location.search);
    }
}

// ---- settings ----
function settings() {
    const seconds = Number(ui.timeLimit.value);
    return {
        space: ui.space.value,
        heuristic: ui.heuristic.value,
        model: ui.model.value || '',
        timeLimitS: Number.isFinite(seconds) && seconds > 0 ? seconds : undefined,
        // '' everywhere: not set, the core's default configuration applies.
        config: ui.config.value,
        search: ui.engine.value,
        preferred: ui.preferred.value,
        novelty: ui.novelty.value,
    };
}

function currentSession() {
    return {
        domain: domainEditor.getText(),
        problem: problemEditor.getText(),
        example: currentExampleId,
        ...settings(),
    };
}

function scheduleSave() {
    if (!problemEditor) return;  // nothing to save before the editors exist
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => saveToStorage(currentSession()), 400);
}

function updateHeuristicLabels() {
    const ff = ui.heuristic.querySelector('option[value="ff"]');
    ff.textContent = ui.space.value === 'partial' ? 'rFF (restricted FF)' : 'hFF';
    const learned = ui.heuristic.value === 'wl';
    ui.modelRow.classList.toggle('inactive', !learned);
    ui.model.disabled = !learned;
    const notes = [];
    if (ui.space.value === 'partial') {
        notes.push('PS² binds one action parameter per step; FF is restricted to the partial action (rFF).');
    }
    if (learned && !ui.model.value) notes.push('No model for this domain: load one from disk.');
    ui.settingsNote.textContent = notes.join(' ');
}

function currentDomainName() {
    if (checked.domain) return checked.domain;
    // Before the first check: the name written in the domain text.
    const match = /\(\s*define\s*\(\s*domain\s+([^\s()]+)/i.exec(domainEditor.getText());
    return match ? match[1].toLowerCase() : null;
}

// Fills the model list with the manifest models of the current domain (plus
// a model loaded from disk); keeps `preferred` selected when it is offered.
function refreshModels(preferred = ui.model.value) {
    const domain = currentDomainName();
    // Domains of two benchmark sets can share a name and signature (ipc23lt
    // and hbf blocksworld): the models of the current example's set (else
    // of ipc23lt) come first, and the default is taken among them.
    const preferredSet = examples.find((e) => e.id === currentExampleId)?.set ?? 'ipc23lt';
    const options = manifest
        .filter((m) => m.domain === domain)
        .sort((a, b) => (b.set === preferredSet) - (a.set === preferredSet))
        .map((m) => ({
            value: `models/${m.file}`,
            text: `${m.set} · ${m.graph.toUpperCase()} · ${m.space === 'partial' ? 'PS²' : 'S³'}` +
                  (m.features ? ` (${m.features} features)` : ''),
            space: m.space,
        }));
    if (loadedModel) {
        options.unshift({ value: 'file', text: `from disk: ${loadedModel.name}`, space: loadedModel.space });
    }
    ui.model.replaceChildren(...options.map((o) => el('option', { value: o.value, text: o.text })));
    if (options.length === 0) {
        ui.model.append(el('option', { value: '', text: '(no pretrained model for this domain)' }));
    }
    const values = options.map((o) => o.value);
    const choice = [preferred, wantedModel].find((v) => v && values.includes(v));
    if (choice) {
        ui.model.value = choice;
    } else {
        const sameSpace = options.find((o) => o.space === ui.space.value);
        ui.model.value = (sameSpace ?? options[0])?.value ?? '';
    }
    updateHeuristicLabels();
}

ui.space.addEventListener('change', () => {
    updateHeuristicLabels();
    scheduleSave();
});
ui.heuristic.addEventListener('change', () => {
    if (ui.heuristic.value === 'wl') refreshModels();
    updateHeuristicLabels();
    scheduleSave();
});
ui.model.addEventListener('change', () => {
    wantedModel = ui.model.value;
    updateHeuristicLabels();
    scheduleSave();
});
ui.timeLimit.addEventListener('change', scheduleSave);

function updateSearchLabels() {
    ui.config.title = ui.config.selectedOptions[0]?.title ?? '';
    const overrides = [ui.engine, ui.preferred, ui.novelty].some((select) => select.value);
    ui.advanced.dataset.overrides = String(overrides);
    if (overrides) ui.advanced.open = true;
}

for (const select of [ui.config, ui.engine, ui.preferred, ui.novelty]) {
    select.addEventListener('change', () => {
        updateSearchLabels();
        scheduleSave();
    });
}

ui.modelFile.addEventListener('change', async () => {
    const file = ui.modelFile.files?.[0];
    if (!file) return;
    const text = await file.text();
    let parsed;
    try {
        parsed = JSON.parse(text);
    } catch (error) {
        showError({ category: 'model', message: `${file.name} is not JSON: ${error.message}` });
        return;
    }
    if (parsed?.format !== 'lazylifted-wl-model') {
        showError({ category: 'model',
                    message: `${file.name} is not a LazyLifted model (its "format" is not "lazylifted-wl-model")` });
        return;
    }
    loadedModel = { name: file.name, text, domain: String(parsed.domain?.name ?? '?'),
                    space: parsed.space };
    wantedModel = 'file';
    hideError();
    ui.heuristic.value = 'wl';
    refreshModels('file');
    ui.settingsNote.textContent = `Loaded ${file.name}: trained for domain "${loadedModel.domain}", ` +
        `graph ${String(parsed.graph ?? '?').toUpperCase()}.`;
    ui.modelFile.value = '';
});

async function modelText(value) {
    if (value === 'file') return loadedModel?.text ?? null;
    if (!value) return null;
    if (!modelTexts.has(value)) {
        const response = await fetch(resolveAsset(value));
        if (!response.ok) throw new Error(`could not load ${value} (HTTP ${response.status})`);
        modelTexts.set(value, await response.text());
    }
    return modelTexts.get(value);
}

// ---- examples ----
async function fetchText(path) {
    const response = await fetch(resolveAsset(path));
    if (!response.ok) throw new Error(`could not load ${path} (HTTP ${response.status})`);
    return response.text();
}

async function loadExample(id, { applySettings = true } = {}) {
    const example = examples.find((e) => e.id === id);
    if (!example) return;
    // Set once the example's texts are in the editors (tests wait on it).
    delete ui.exampleSelect.dataset.loaded;
    const [domain, problem] = await Promise.all([
        fetchText(`examples/${example.domainFile}`), fetchText(`examples/${example.problemFile}`),
    ]);
    currentExampleId = id;
    ui.exampleSelect.value = id;
    checked = { domain: null, problem: null };
    const session = { domain, problem, example: id };
    if (applySettings) {
        session.space = example.space ?? 'state';
        session.heuristic = example.heuristic ?? 'ff';
        const models = manifest.filter((m) => m.domain === example.domain);
        if (session.heuristic === 'wl' && models.length === 0) session.heuristic = 'ff';
        session.model = '';
        if (example.config) session.config = example.config;
    }
    applySession(session);
    clearResult();
    scheduleSave();
    ui.exampleSelect.dataset.loaded = id;
}

ui.exampleSelect.addEventListener('change', () => {
    if (ui.exampleSelect.value) loadExample(ui.exampleSelect.value).catch(showLoadError);
});

function applySession(session) {
    applyingSession = true;
    try {
        if (typeof session.domain === 'string') domainEditor.setText(session.domain);
        if (typeof session.problem === 'string') problemEditor.setText(session.problem);
    } finally {
        applyingSession = false;
    }
    if (session.example !== undefined) {
        currentExampleId = examples.some((e) => e.id === session.example) ? session.example : '';
        ui.exampleSelect.value = currentExampleId;
    }
    if (session.space === 'state' || session.space === 'partial') ui.space.value = session.space;
    if (session.heuristic && ui.heuristic.querySelector(`option[value="${CSS.escape(session.heuristic)}"]`)) {
        ui.heuristic.value = session.heuristic;
    }
    if (session.timeLimitS) ui.timeLimit.value = String(session.timeLimitS);
    if (typeof session.config === 'string') fillConfigSelect(ui.config, searchAliases, session.config);
    for (const [key, select] of [['search', ui.engine], ['preferred', ui.preferred], ['novelty', ui.novelty]]) {
        if (typeof session[key] !== 'string') continue;
        const known = [...select.options].some((o) => o.value === session[key]);
        select.value = known ? session[key] : '';
    }
    updateSearchLabels();
    wantedModel = session.model ?? '';
    refreshModels(session.model);
    scheduleCheck(0);
}

// ---- live diagnostics (the module's parser, in the planner's second worker) ----
function scheduleCheck(delay = 300) {
    clearTimeout(checkTimer);
    ui.checkSummary.dataset.pending = 'true';
    checkTimer = setTimeout(runCheck, delay);
}

async function runCheck() {
    if (!planner) return;  // runs again once the planner is ready
    const seq = ++checkSeq;
    const domain = domainEditor.getText();
    const problem = problemEditor.getText();
    let report;
    try {
        report = await planner.check(domain, problem);
    } catch (error) {
        if (seq === checkSeq) setCheckSummary(false, `The checker stopped: ${error.message}`);
        return;
    }
    if (seq !== checkSeq) return;  // the texts changed meanwhile
    delete ui.checkSummary.dataset.pending;
    showDiagnostics(report.diagnostics ?? []);
    if (report.ok) {
        const s = report.summary;
        const domainChanged = checked.domain !== s.domain;
        checked = { domain: s.domain, problem: s.problem };
        setCheckSummary(true, `✓ ${s.domain} / ${s.problem}: ${s.objects} objects, ` +
            `${s.predicates} predicates, ${s.actions} actions, ${s.initialAtoms} initial atoms, ` +
            `${s.goalAtoms} goal${s.goalAtoms === 1 ? '' : 's'}`);
        if (domainChanged) refreshModels();
    } else {
        const d = report.diagnostics[0];
        setCheckSummary(false, `✗ ${errorLocation(d) ?? ''} ${d?.message ?? 'error'}`.trim(), d);
    }
}

function showDiagnostics(diagnostics, source = 'check') {
    const forFile = (file) => diagnostics
        .filter((d) => d.file === file && d.line)
        .map((d) => ({ line: d.line, column: d.column, message: d.message, source }));
    domainEditor.setDiagnostics(forFile('domain.pddl'));
    problemEditor.setDiagnostics(forFile('problem.pddl'));
    const count = (file) => diagnostics.filter((d) => d.file === file).length;
    ui.domainNote.textContent = count('domain.pddl') ? '1 error' : '';
    ui.problemNote.textContent = count('problem.pddl') ? '1 error' : '';
}

function setCheckSummary(ok, text, diagnostic = null) {
    ui.checkSummary.dataset.ok = String(ok);
    ui.checkSummary.replaceChildren();
    if (diagnostic?.line) {
        const link = el('button', {
            type: 'button', class: 'linklike', text,
            title: 'Show the error in the editor',
            onclick: () => revealError(diagnostic),
        });
        ui.checkSummary.append(link);
    } else {
        ui.checkSummary.textContent = text;
    }
}

function revealError(error) {
    const editor = error.file === 'domain.pddl' ? domainEditor : problemEditor;
    editor.reveal(error.line, error.column);
}

// ---- solving ----
function setStatus(status, text = STATUS_TEXT[status] ?? status) {
    ui.status.dataset.status = status;
    ui.status.textContent = text;
}

function showProgress(p) {
    ui.expansions.textContent = formatNumber(p.expansions);
    ui.evaluations.textContent = formatNumber(p.evaluations);
    ui.bestH.textContent = formatNumber(p.bestH);
}

function showError(error) {
    ui.errorBox.hidden = false;
    ui.errorBox.replaceChildren(
        el('strong', { text: `${error.category ?? 'error'} error` }),
        ' ',
        el('span', { class: 'error-message', text: error.message ?? String(error) }),
    );
    const where = errorLocation(error);
    if (where) {
        ui.errorBox.append(' ', el('button', {
            type: 'button', class: 'linklike', text: `(${where})`,
            onclick: () => revealError(error),
        }));
    }
}

function hideError() {
    ui.errorBox.hidden = true;
    ui.errorBox.replaceChildren();
}

function clearResult() {
    result = null;
    ui.planList.replaceChildren();
    ui.planEmpty.hidden = false;
    ui.planEmpty.textContent = 'Press Solve to search for a plan.';
    ui.planCost.textContent = '';
    ui.validBadge.hidden = true;
    delete ui.validBadge.dataset.valid;
    ui.download.disabled = true;
    ui.statsBox.hidden = true;
    ui.stepLabel.textContent = '';
    ui.stateView.replaceChildren();
    updateStepButtons();
    hideError();
}

async function solve() {
    if (!planner || solving) return;
    const domain = domainEditor.getText();
    const problem = problemEditor.getText();
    const s = settings();
    const request = { domain, problem, space: s.space, ...heuristicField(s.heuristic), ...searchRequestFields(s) };
    if (s.timeLimitS) request.timeLimitMs = Math.round(s.timeLimitS * 1000);
    clearResult();
    const controller = new AbortController();
    const startedAt = performance.now();
    solving = {
        controller, startedAt,
        timer: setInterval(() => {
            ui.elapsed.textContent = formatSeconds((performance.now() - startedAt) / 1000);
        }, 100),
    };
    ui.solve.disabled = true;
    ui.stop.disabled = false;
    setStatus('solving');
    showProgress({ expansions: 0, evaluations: 0, bestH: null });
    ui.elapsed.textContent = formatSeconds(0);

    let response = null;
    let stopped = false;
    try {
        if (s.heuristic === 'wl') {
            request.model = await modelText(s.model);
            if (!request.model) {
                throw Object.assign(new Error('The learned heuristic needs a model: pick one or load ' +
                                              'a model JSON from disk.'), { category: 'model' });
            }
        }
        if (controller.signal.aborted) throw new DOMException('stopped', 'AbortError');
        response = await planner.solve(request, { onProgress: showProgress, signal: controller.signal });
    } catch (error) {
        if (error?.name === 'AbortError') {
            stopped = true;
        } else {
            response = { status: 'error', plan: [], cost: null, stats: null,
                         error: { category: error?.category ?? 'internal',
                                  message: error?.message ?? String(error) } };
        }
    } finally {
        clearInterval(solving.timer);
        const elapsedS = (performance.now() - startedAt) / 1000;
        ui.elapsed.textContent = formatSeconds(elapsedS);
        solving = null;
        ui.solve.disabled = false;
        ui.stop.disabled = true;
    }
    if (stopped) {
        setStatus('stopped', `Stopped after ${ui.elapsed.textContent}`);
        ui.planEmpty.textContent = 'The search was stopped.';
        return;
    }
    await showResponse(response, domain, problem);
}

async function showResponse(response, domain, problem) {
    const stats = response.stats;
    if (stats && response.status !== 'error') {
        showProgress(stats);
        renderStats(stats, response.config);
    }
    if (response.status !== 'solved') {
        let text = STATUS_TEXT[response.status] ?? response.status;
        if (response.status === 'error') text = `Error (${response.error?.category ?? 'unknown'}): see below`;
        setStatus(response.status, text);
        ui.planEmpty.textContent = response.status === 'error' ? 'No plan: see the error.' : `No plan: ${text.toLowerCase()}.`;
        if (response.error) {
            showError(response.error);
            if (response.error.line) showDiagnostics([response.error], 'solve');
        }
        return;
    }
    setStatus('solved', `Plan found: ${response.plan.length} step${response.plan.length === 1 ? '' : 's'}, cost ${response.cost}`);
    let goals = new Set();
    try {
        goals = goalAtoms(problem);
    } catch {
        /* no goal marks */
    }
    result = { plan: response.plan, cost: response.cost, costKind: response.costKind, sim: null, step: 0, goals,
               domainName: checked.domain, problemName: checked.problem };
    ui.planCost.textContent = `cost ${response.cost}`;
    ui.planEmpty.hidden = true;
    ui.planList.replaceChildren(...response.plan.map((step, i) => el('li', {
        dataset: { step: String(i + 1) }, tabindex: '-1', text: step,
        onclick: () => showStep(i + 1),
    })));
    ui.download.disabled = false;
    try {
        result.sim = simulatePlan(domain, problem, response.plan);
        showStep(0);
    } catch (error) {
        ui.stepLabel.textContent = `The state view is not available: ${error.message}`;
    }
    const mine = result;
    ui.validBadge.hidden = false;
    ui.validBadge.textContent = 'validating…';
    ui.validBadge.dataset.valid = 'pending';
    try {
        const verdict = await planner.validate(domain, problem, response.plan);
        if (result !== mine) return;
        ui.validBadge.dataset.valid = String(verdict.valid);
        ui.validBadge.textContent = verdict.valid ? '✓ valid' : '✗ invalid';
        ui.validBadge.title = verdict.message ?? '';
    } catch (error) {
        if (result !== mine) return;
        ui.validBadge.dataset.valid = 'unknown';
        ui.validBadge.textContent = 'not validated';
        ui.validBadge.title = error.message;
    }
}

function goalAtoms(problemText) {
    // Positive goal atoms of a conjunctive goal, for the ★ marks in the state view.
    const goals = new Set();
    const walk = (expr) => {
        if (!Array.isArray(expr) || expr.length === 0) return;
        if (expr[0] === 'and') expr.slice(1).forEach(walk);
        else if (expr[0] !== 'not' && expr.every((x) => typeof x === 'string')) goals.add(atomKey(expr));
    };
    const parsed = parseProblem(problemText);
    walk(parsed.goal);
    return goals;
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

function renderStats(stats, config) {
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
    ui.statsBox.hidden = false;
}

ui.solve.addEventListener('click', () => solve());
ui.stop.addEventListener('click', () => solving?.controller.abort());
document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented) return;  // the editors handle it themselves
    if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
        event.preventDefault();
        solve();
    }
});

// ---- plan download ----
ui.download.addEventListener('click', () => {
    if (!result) return;
    const text = planFileText(result.plan, { domainName: result.domainName,
                                            problemName: result.problemName, cost: result.cost,
                                            costKind: result.costKind });
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = el('a', { href: url, download: `${result.problemName ?? 'problem'}.plan` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
});

// ---- step through the plan ----
function showStep(k) {
    if (!result?.sim) return;
    const n = result.plan.length;
    result.step = Math.max(0, Math.min(n, k));
    const { sim, step } = result;
    for (const li of ui.planList.children) {
        li.classList.toggle('current', Number(li.dataset.step) === step);
    }
    ui.planList.children[step - 1]?.scrollIntoView({ block: 'nearest' });
    if (step === 0) {
        ui.stepLabel.textContent = `Initial state (${n} step${n === 1 ? '' : 's'} to go)`;
    } else {
        ui.stepLabel.replaceChildren(
            `Step ${step} / ${n}: `, el('code', { text: result.plan[step - 1] }),
            el('span', { class: 'delta added', text: ` +${sim.added[step].size}` }),
            el('span', { class: 'delta deleted', text: ` −${sim.deleted[step].size}` }),
        );
    }
    renderState();
    updateStepButtons();
}

function renderState() {
    const { sim, step, goals } = result;
    const state = sim.states[step];
    const added = sim.added[step];
    const deleted = sim.deleted[step];
    const showStatic = ui.showStatic.checked;
    const groups = new Map();
    const add = (atom, cls) => {
        const predicate = atom.slice(1, -1).split(' ')[0];
        if (!showStatic && sim.staticPredicates.has(predicate)) return;
        if (!groups.has(predicate)) groups.set(predicate, []);
        groups.get(predicate).push({ atom, cls });
    };
    for (const atom of state) add(atom, added.has(atom) ? 'added' : '');
    for (const atom of deleted) add(atom, 'deleted');
    const order = [...sim.predicates, ...groups.keys()];
    const seen = new Set();
    const sections = [];
    for (const predicate of order) {
        if (seen.has(predicate) || !groups.has(predicate)) continue;
        seen.add(predicate);
        const atoms = groups.get(predicate).sort((a, b) => a.atom.localeCompare(b.atom));
        sections.push(el('div', { class: 'atom-group' },
            el('div', { class: 'atom-predicate', text: predicate }),
            el('ul', {}, ...atoms.map(({ atom, cls }) => el('li', {
                class: ['atom', cls, goals.has(atom) ? 'goal' : ''].filter(Boolean).join(' '),
                title: cls === 'added' ? 'added by this step' : cls === 'deleted' ? 'deleted by this step'
                    : goals.has(atom) ? 'a goal atom' : undefined,
                text: atom,
            })))));
    }
    const satisfied = [...goals].filter((g) => state.has(g)).length;
    const summary = el('div', { class: 'state-summary', text:
        `${state.size} atoms` + (goals.size ? ` · goals ${satisfied}/${goals.size} ★` : '') });
    ui.stateView.replaceChildren(summary, ...sections);
}

function updateStepButtons() {
    const n = result?.sim ? result.plan.length : -1;
    const step = result?.step ?? 0;
    ui.stepFirst.disabled = ui.stepPrev.disabled = n < 0 || step <= 0;
    ui.stepNext.disabled = ui.stepLast.disabled = n < 0 || step >= n;
}

ui.stepFirst.addEventListener('click', () => showStep(0));
ui.stepPrev.addEventListener('click', () => showStep((result?.step ?? 0) - 1));
ui.stepNext.addEventListener('click', () => showStep((result?.step ?? 0) + 1));
ui.stepLast.addEventListener('click', () => showStep(result?.plan.length ?? 0));
ui.showStatic.addEventListener('change', () => result?.sim && renderState());
ui.planList.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowRight') showStep((result?.step ?? 0) + 1);
    else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') showStep((result?.step ?? 0) - 1);
    else return;
    event.preventDefault();
});

// ---- share ----
ui.shareBtn.addEventListener('click', async () => {
    const session = currentSession();
    if (session.model === 'file') session.model = '';  // a file from disk is not part of the link
    const hash = await encodeSessionHash(session);
    history.replaceState(null, '', hash);
    loadedFromHash = true;
    let copied = false;
    try {
        await navigator.clipboard.writeText(location.href);
        copied = true;
    } catch {
        /* no clipboard permission: the address bar holds the link */
    }
    ui.shareNote.textContent = copied ? 'Link copied' : 'Link is in the address bar';
    setTimeout(() => { ui.shareNote.textContent = ''; }, 4000);
});

window.addEventListener('hashchange', async () => {
    const session = await decodeSessionHash(location.hash);
    if (session) {
        loadedFromHash = true;
        checked = { domain: null, problem: null };
        applySession(session);
        clearResult();
        scheduleSave();
    }
});

// ---- start ----
function showLoadError(error) {
    setStatus('error', `Could not load: ${error.message}`);
}

async function fetchJson(path, fallback) {
    try {
        const response = await fetch(resolveAsset(path));
        if (!response.ok) return fallback;
        return await response.json();
    } catch {
        return fallback;
    }
}

async function start() {
    setStatus('loading');
    const plannerPromise = import(API_URL).then((api) => api.createPlanner());
    plannerPromise.catch(() => {});
    domainEditor = createPddlEditor($('domain-editor'), {
        label: 'Domain PDDL', onChange: () => textChanged(), onSubmit: () => solve(),
    });
    await nextTask();
    problemEditor = createPddlEditor($('problem-editor'), {
        label: 'Problem PDDL', onChange: () => textChanged(), onSubmit: () => solve(),
    });
    await nextTask();
    const [exampleIndex, models] = await Promise.all([
        fetchJson('examples/index.json', { examples: [] }),
        fetchJson('models/manifest.json', { models: [] }),
    ]);
    examples = Array.isArray(exampleIndex.examples) ? exampleIndex.examples : [];
    manifest = Array.isArray(models.models) ? models.models : [];
    ui.exampleSelect.replaceChildren(
        el('option', { value: '', text: '(your own PDDL)' }),
        ...examples.map((e) => el('option', { value: e.id, text: e.title })));

    const fromHash = await decodeSessionHash(location.hash);
    const session = fromHash ?? loadFromStorage();
    if (session) {
        loadedFromHash = Boolean(fromHash);
        applySession(session);
    } else if (examples.length) {
        await loadExample(examples[0].id);
    }
    try {
        planner = await plannerPromise;
    } catch (error) {
        showLoadError(error);
        return;
    }
    ui.version.textContent = `planner ${planner.version}`;
    searchAliases = planner.searchAliases ?? [];
    fillConfigSelect(ui.config, searchAliases);
    ui.config.dataset.loaded = 'true';
    updateSearchLabels();
    setStatus('ready', 'Ready: press Solve (Ctrl+Enter)');
    ui.solve.disabled = false;
    scheduleCheck(0);
}

updateHeuristicLabels();
start().catch(showLoadError);
