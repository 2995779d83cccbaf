// The editor page (app.js loads it): two PDDL editors with live
// diagnostics, completion, hover and go to definition, examples, settings
// (space, heuristic, model, search configuration), Solve/Stop with a live
// search chart, the plan with its statistics and validation, a step-through
// state view with state panels, plan download, model loading, localStorage
// and shareable links. The planner runs in a Web Worker behind
// lazylifted-api.mjs, loaded from this page's own origin.
//
// This file only starts the page and wires the settings; each concern is a
// module of page/ (models, live check, solving, result view, step view,
// session), the state is in page/store.js, and views of a state are
// registered in views/index.js.
//
// The first plan waits for the planner (boot.js starts it), and this script
// keeps out of its way: what a first solve does not need is a chunk loaded
// with import() (the editor help, fetched alongside the texts; the heavy
// state panels, when first opened: views/index.js); the texts, the example
// index, the manifest and the help are fetched at once; Solve is enabled as
// soon as the texts and the settings are known (a Solve waits for the planner
// if it comes first: page/solving.js); the editors are made after that, with
// their texts, in steps that leave room for a click (page/editor-kit.js).
import { fillConfigSelect } from './search-options.js';
import { ui } from './page/dom.js';
import { createEditors } from './page/editor-kit.js';
import { scheduleCheck } from './page/live-check.js';
import { chooseModel, loadModelFile, refreshModels, updateSettingsNotes } from './page/models.js';
import { wirePlanningService } from './page/planning-service.js';
import { selectTab, wireLowerArea } from './page/lower-area.js';
import { hideError, setStatus, showError, wireResultView } from './page/result-view.js';
import {
    applySession, fetchExampleTexts, fillExamples, initialSession, loadExample, scheduleSave, textChanged,
    updateSearchLabels, wireSession,
} from './page/session-sync.js';
import { solve, wireSolving } from './page/solving.js';
import { wireStepView } from './page/step-view.js';
import { store } from './page/store.js';
import { loadTrainedModels } from './page/trained-models.js';
import './views/index.js';

// The planner (worker + wasm) was started by boot.js before this script was
// parsed; started here if boot.js has not run (yet): one planner either way.
// (Next to index.html: this module is a chunk, in chunks/.)
const API_URL = new URL('lazylifted-api.mjs', document.baseURI).href;
const plannerPromise = (globalThis.lazyliftedPlannerPromise ??= import(API_URL)
    .then((api) => api.createPlanner({ earlyWorker: globalThis.lazyliftedEarlyWorker })));
plannerPromise.catch(() => {});
store.set({ plannerLoad: plannerPromise });

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

function wireSettings() {
    ui.space.addEventListener('change', () => {
        refreshModels();  // the model that fits the new space, unless the user chose one
        scheduleSave();
    });
    ui.heuristic.addEventListener('change', () => {
        if (ui.heuristic.value === 'wl') refreshModels();
        updateSettingsNotes();
        scheduleSave();
    });
    ui.model.addEventListener('change', () => {
        chooseModel(ui.model.value);
        scheduleSave();
    });
    ui.modelFile.addEventListener('change', async () => {
        const file = ui.modelFile.files?.[0];
        if (!file) return;
        const error = await loadModelFile(file);
        if (error) showError(error);
        else hideError();
        ui.modelFile.value = '';
    });
    ui.learn.addEventListener('click', () => selectTab('learn', { focus: true }));
    store.subscribe((state, patch) => {
        if ('trainedModels' in patch) refreshModels();
    });
    ui.timeLimit.addEventListener('change', scheduleSave);
    ui.anytime.addEventListener('change', scheduleSave);
    for (const select of [ui.config, ui.engine, ui.preferred, ui.novelty]) {
        select.addEventListener('change', () => {
            updateSearchLabels();
            scheduleSave();
        });
    }
}

function showLoadError(error) {
    setStatus('error', `Could not load: ${error.message}`);
}

async function fetchJson(path, fallback) {
    try {
        const response = await fetch(new URL(path, document.baseURI).href);
        if (!response.ok) return fallback;
        return await response.json();
    } catch {
        return fallback;
    }
}

// The editor help (pddl-assist.js: completion, hover, go to definition, with
// CodeMirror's autocomplete, ~30 KB) is a chunk of its own, fetched in
// parallel with the texts; null if it cannot be loaded (the editors work
// without it).
function loadEditorHelp() {
    return import('./pddl-assist.js').then(({ pddlAssist }) => pddlAssist, (error) => {
        console.warn('LazyLifted: the editor help did not load:', error);
        return null;
    });
}

// The planner: Solve was enabled before (a Solve meanwhile waits for it).
async function plannerLoaded() {
    let planner;
    try {
        planner = await plannerPromise;
    } catch (error) {
        store.set({ plannerLoad: null });  // no Solve from now on
        if (!store.get().solving) {  // else that Solve reports it
            ui.solve.disabled = true;
            showLoadError(error);
        }
        return;
    }
    performance.mark('ll-planner');
    store.set({ planner, searchAliases: planner.searchAliases ?? [] });
    ui.version.textContent = `planner ${planner.version}`;
    fillConfigSelect(ui.config, store.get().searchAliases, ui.config.value);
    ui.config.dataset.loaded = 'true';
    updateSearchLabels();
    if (!store.get().solving) setStatus('ready', 'Ready: press Solve (Ctrl+Enter)');
    scheduleCheck(0);
}

async function start() {
    // Marks of the load (performance.getEntriesByType('mark')): where the first plan's time goes.
    performance.mark('ll-app-start');
    setStatus('loading');
    // All fetched at once (index.html preloads them): the example index, the
    // model manifest, the editor help and the first example's texts (a first
    // visit shows that example). The planner loads meanwhile (boot.js); the
    // editors wait for their texts (and the help) only.
    const exampleIndex = fetchJson('examples/index.json', { examples: [] });
    const manifest = fetchJson('models/manifest.json', { models: [] });
    const help = loadEditorHelp();
    const firstExample = exampleIndex.then((index) => (Array.isArray(index.examples) ? index.examples[0] : null));
    const firstTexts = firstExample.then((example) => (example ? fetchExampleTexts(example) : null));
    firstTexts.catch(() => {});  // reported below, if a first visit needs them
    // A share link's or the stored texts, else the first example's; in a task
    // of its own (a page's first localStorage read takes a while), not in the
    // one that evaluated this module.
    await nextTask();
    loadTrainedModels();  // before the session, which may name one
    const session = await initialSession();
    const texts = { domain: session?.domain ?? '', problem: session?.problem ?? '' };
    try {
        if (!session) [texts.domain, texts.problem] = (await firstTexts) ?? ['', ''];
    } catch (error) {
        showLoadError(error);  // the editors come up empty
    }
    store.set({ texts });
    const [index, models] = await Promise.all([exampleIndex, manifest]);
    store.set({ examples: Array.isArray(index.examples) ? index.examples : [],
                manifest: Array.isArray(models.models) ? models.models : [] });
    fillExamples();
    performance.mark('ll-examples');
    // The texts are known already: this applies the settings.
    const first = await firstExample;
    if (session) applySession(session);
    else if (first && texts.domain) await loadExample(first.id, { texts: firstTexts });
    performance.mark('ll-solvable');
    ui.solve.disabled = false;
    const planner = plannerLoaded();
    await createEditors(store.get().texts, await help, { onChange: () => textChanged(), onSubmit: () => solve() });
    performance.mark('ll-editors');
    await planner;
}

wireSettings();
wireSolving();
wirePlanningService();
wireResultView();
wireStepView();
wireLowerArea();
wireSession({ onLoadError: showLoadError });
updateSettingsNotes();
start().catch(showLoadError);
