// The editor page: two PDDL editors with live diagnostics, completion, hover
// and go to definition, examples, settings (space, heuristic, model, search
// configuration), Solve/Stop with a live search chart, the plan with its
// statistics and validation, a step-through state view with state panels,
// plan download, model loading, localStorage and shareable links. The planner
// runs in a Web Worker behind lazylifted-api.mjs, loaded from this page's
// own origin.
//
// This file only starts the page and wires the settings; each concern is a
// module of page/ (models, live check, solving, result view, step view,
// session), the state is in page/store.js, and views of a state are
// registered in views/index.js.
import { createPddlEditor } from './editor.js';
import { fillConfigSelect } from './search-options.js';
import { pddlAssist } from './pddl-assist.js';
import { ui } from './page/dom.js';
import { scheduleCheck } from './page/live-check.js';
import { chooseModel, loadModelFile, refreshModels, updateSettingsNotes } from './page/models.js';
import { hideError, setStatus, showError, wireResultView } from './page/result-view.js';
import {
    applySession, fillExamples, initialSession, loadExample, scheduleSave, textChanged, updateSearchLabels,
    wireSession,
} from './page/session-sync.js';
import { solve, wireSolving } from './page/solving.js';
import { wireStepView } from './page/step-view.js';
import { store } from './page/store.js';
import './views/index.js';

// The planner (worker + wasm) was started by boot.js before this script was
// parsed; started here if boot.js has not run (yet): one planner either way.
const API_URL = new URL('./lazylifted-api.mjs', import.meta.url).href;
const plannerPromise = (globalThis.lazyliftedPlannerPromise ??=
    import(API_URL).then((api) => api.createPlanner()));
plannerPromise.catch(() => {});

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
    ui.timeLimit.addEventListener('change', scheduleSave);
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

// One editor per task, to keep the load's tasks short.
async function createEditors() {
    const options = (label) => ({
        label, onChange: () => textChanged(), onSubmit: () => solve(),
        extensions: pddlAssist({ editors: () => store.get().editors }),
    });
    const domain = createPddlEditor(ui.domainEditor, options('Domain PDDL'));
    await nextTask();
    const problem = createPddlEditor(ui.problemEditor, options('Problem PDDL'));
    store.set({ editors: { domain, problem } });
    await nextTask();
}

async function start() {
    // Marks of the load (performance.getEntriesByType('mark')): where the first plan's time goes.
    performance.mark('ll-app-start');
    setStatus('loading');
    await createEditors();
    performance.mark('ll-editors');
    const [exampleIndex, models] = await Promise.all([
        fetchJson('examples/index.json', { examples: [] }),
        fetchJson('models/manifest.json', { models: [] }),
    ]);
    store.set({ examples: Array.isArray(exampleIndex.examples) ? exampleIndex.examples : [],
                manifest: Array.isArray(models.models) ? models.models : [] });
    fillExamples();
    performance.mark('ll-examples');
    const session = await initialSession();
    if (session) applySession(session);
    else if (store.get().examples.length) await loadExample(store.get().examples[0].id);
    let planner;
    try {
        planner = await plannerPromise;
    } catch (error) {
        showLoadError(error);
        return;
    }
    performance.mark('ll-planner');
    store.set({ planner, searchAliases: planner.searchAliases ?? [] });
    ui.version.textContent = `planner ${planner.version}`;
    fillConfigSelect(ui.config, store.get().searchAliases);
    ui.config.dataset.loaded = 'true';
    updateSearchLabels();
    setStatus('ready', 'Ready: press Solve (Ctrl+Enter)');
    ui.solve.disabled = false;
    scheduleCheck(0);
}

wireSettings();
wireSolving();
wireResultView();
wireStepView();
wireSession({ onLoadError: showLoadError });
updateSettingsNotes();
start().catch(showLoadError);
