// The editor page's session: the texts and settings kept in localStorage and
// in share links (session.js encodes them), the examples, and what happens
// when the texts change (check, save, the share link no longer applies).
import { el } from '../format.js';
import { fillConfigSelect } from '../search-options.js';
import {
    decodeSessionHash, encodeSessionHash, loadFromStorage, saveToStorage,
} from '../session.js';
import { ui } from './dom.js';
import { scheduleCheck } from './live-check.js';
import { refreshModels } from './models.js';
import { clearResult } from './result-view.js';
import { settings } from './solving.js';
import { pageTexts, store } from './store.js';

let saveTimer = null;

// The session names a model only when the user chose it: a model the page
// picked is picked again (for the space of that time) when the session returns.
function currentSession() {
    const { exampleId, modelChosenByUser } = store.get();
    const { domain, problem } = pageTexts() ?? { domain: '', problem: '' };
    const session = { domain, problem, example: exampleId, ...settings() };
    if (!modelChosenByUser) session.model = '';
    return session;
}

export function scheduleSave() {
    if (!pageTexts()) return;  // nothing to save before the page has its texts
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => saveToStorage(currentSession()), 400);
}

/** An editor's text changed (typing, not a session being applied). */
export function textChanged() {
    if (store.get().applyingSession) return;
    scheduleCheck();
    scheduleSave();
    if (store.get().loadedFromHash) {
        // The link no longer describes the texts: drop it (the session lives on in storage).
        store.set({ loadedFromHash: false });
        history.replaceState(null, '', location.pathname + location.search);
    }
}

export function updateSearchLabels() {
    ui.config.title = ui.config.selectedOptions[0]?.title ?? '';
    const overrides = [ui.engine, ui.preferred, ui.novelty].some((select) => select.value);
    ui.advanced.dataset.overrides = String(overrides);
    if (overrides) ui.advanced.open = true;
}

function applySettings(session) {
    const { examples, searchAliases } = store.get();
    if (session.example !== undefined) {
        const exampleId = examples.some((e) => e.id === session.example) ? session.example : '';
        store.set({ exampleId });
        ui.exampleSelect.value = exampleId;
    }
    if (session.space === 'state' || session.space === 'partial') ui.space.value = session.space;
    if (session.heuristic && ui.heuristic.querySelector(`option[value="${CSS.escape(session.heuristic)}"]`)) {
        ui.heuristic.value = session.heuristic;
    }
    if (session.timeLimitS) ui.timeLimit.value = String(session.timeLimitS);
    if (session.anytime === 'off' || session.anytime === 'auto') ui.anytime.checked = session.anytime === 'auto';
    if (typeof session.config === 'string') fillConfigSelect(ui.config, searchAliases, session.config);
    for (const [key, select] of [['search', ui.engine], ['preferred', ui.preferred], ['novelty', ui.novelty]]) {
        if (typeof session[key] !== 'string') continue;
        const known = [...select.options].some((o) => o.value === session[key]);
        select.value = known ? session[key] : '';
    }
}

/**
 * Puts a session's texts and settings into the page (a model named by it
 * counts as chosen); before the editors exist, the texts go to the store
 * (the editors are made with them).
 */
export function applySession(session) {
    const { editors, texts } = store.get();
    if (editors) {
        store.set({ applyingSession: true });
        try {
            if (typeof session.domain === 'string') editors.domain.setText(session.domain);
            if (typeof session.problem === 'string') editors.problem.setText(session.problem);
        } finally {
            store.set({ applyingSession: false });
        }
    } else {
        const text = (key) => (typeof session[key] === 'string' ? session[key] : texts?.[key] ?? '');
        store.set({ texts: { domain: text('domain'), problem: text('problem') } });
    }
    applySettings(session);
    updateSearchLabels();
    store.set({ wantedModel: session.model ?? '', modelChosenByUser: Boolean(session.model) });
    refreshModels();
    scheduleCheck(0);
}

async function fetchText(path) {
    const response = await fetch(new URL(path, document.baseURI).href);
    if (!response.ok) throw new Error(`could not load ${path} (HTTP ${response.status})`);
    return response.text();
}

/** An example's texts: [domain, problem]. */
export function fetchExampleTexts(example) {
    return Promise.all([fetchText(`examples/${example.domainFile}`), fetchText(`examples/${example.problemFile}`)]);
}

/** texts: the example's texts if they are being fetched already (fetchExampleTexts). */
export async function loadExample(id, { applySettings: withSettings = true, texts = null } = {}) {
    const { examples, manifest } = store.get();
    const example = examples.find((e) => e.id === id);
    if (!example) return;
    // Set once the example's texts are in the page (tests wait on it).
    delete ui.exampleSelect.dataset.loaded;
    const [domain, problem] = (await texts) ?? await fetchExampleTexts(example);
    store.set({ exampleId: id, checked: { domain: null, problem: null, fingerprint: null } });
    ui.exampleSelect.value = id;
    const session = { domain, problem, example: id };
    if (withSettings) {
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

export function fillExamples() {
    ui.exampleSelect.replaceChildren(
        el('option', { value: '', text: '(your own PDDL)' }),
        ...store.get().examples.map((e) => el('option', { value: e.id, text: e.title })));
}

async function share() {
    const session = currentSession();
    // A file from disk or a model trained here is not part of the link.
    if (session.model === 'file' || session.model.startsWith('trained:')) session.model = '';
    const hash = await encodeSessionHash(session);
    history.replaceState(null, '', hash);
    store.set({ loadedFromHash: true });
    let copied = false;
    try {
        await navigator.clipboard.writeText(location.href);
        copied = true;
    } catch {
        /* no clipboard permission: the address bar holds the link */
    }
    ui.shareNote.textContent = copied ? 'Link copied' : 'Link is in the address bar';
    setTimeout(() => { ui.shareNote.textContent = ''; }, 4000);
}

/** The session to start with: a share link's, else the stored one (null: none). */
export async function initialSession() {
    const fromHash = await decodeSessionHash(location.hash);
    if (fromHash) store.set({ loadedFromHash: true });
    return fromHash ?? loadFromStorage();
}

export function wireSession({ onLoadError }) {
    ui.exampleSelect.addEventListener('change', () => {
        if (ui.exampleSelect.value) loadExample(ui.exampleSelect.value).catch(onLoadError);
    });
    ui.shareBtn.addEventListener('click', () => share());
    window.addEventListener('hashchange', async () => {
        const session = await decodeSessionHash(location.hash);
        if (!session) return;
        store.set({ loadedFromHash: true, checked: { domain: null, problem: null, fingerprint: null } });
        applySession(session);
        clearResult();
        scheduleSave();
    });
}
