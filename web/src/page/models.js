// The model list of the editor page: the pretrained models of the current
// domain (models/manifest.json), the models trained in this page for it
// ("trained here", page/trained-models.js) and one loaded from disk, the choice of the
// model that fits the chosen search space, and the notes that explain it.
// A model fits a space when it was trained for it: ILG models (S³) see the
// state only, so under PS² they rank all partial children of a state alike;
// the AOAG/AEG models (PS²) see the partial action.
import { el } from '../format.js';
import { ui } from './dom.js';
import { pageTexts, store } from './store.js';
import {
    TRAINED_PREFIX, removeTrainedModel, trainedModelFileName, trainedModelText,
} from './trained-models.js';

const modelTexts = new Map();  // a cache: manifest file -> JSON text

export const SPACE_NAMES = { state: 'S³', partial: 'PS²' };

/** The current domain's name: from the last check, else from the domain text. */
export function currentDomainName() {
    const { checked } = store.get();
    if (checked.domain) return checked.domain;
    const match = /\(\s*define\s*\(\s*domain\s+([^\s()]+)/i.exec(pageTexts()?.domain ?? '');
    return match ? match[1].toLowerCase() : null;
}

// The models offered for the current domain, {value, text, space}: once the
// live check knows the task's domain fingerprint, only the models trained on
// that signature (ipc23lt and hbf share domain names, e.g. blocksworld, with
// different signatures); before, the current example's benchmark set first.
function modelOptions() {
    const { manifest, examples, exampleId, loadedModel, checked, trainedModels } = store.get();
    const domain = currentDomainName();
    const preferredSet = examples.find((e) => e.id === exampleId)?.set ?? 'ipc23lt';
    const options = manifest
        .filter((m) => m.domain === domain)
        .filter((m) => !checked.fingerprint || !m.fingerprint || m.fingerprint === checked.fingerprint)
        .sort((a, b) => (b.set === preferredSet) - (a.set === preferredSet))
        .map((m) => ({
            value: `models/${m.file}`,
            text: `${m.set} · ${m.graph.toUpperCase()} · ${SPACE_NAMES[m.space] ?? m.space}` +
                  (m.features ? ` (${m.features} features)` : ''),
            space: m.space,
        }));
    const trained = trainedModels
        .filter((m) => m.domain === domain && (!checked.fingerprint || m.fingerprint === checked.fingerprint))
        .map((m) => ({
            value: TRAINED_PREFIX + m.id,
            text: `trained here · ${m.graph.toUpperCase()} · ${SPACE_NAMES[m.space] ?? m.space} · ` +
                  new Date(m.created).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }),
            space: m.space,
        }));
    options.unshift(...trained);
    if (loadedModel) {
        options.unshift({ value: 'file', text: `from disk: ${loadedModel.name}`, space: loadedModel.space });
    }
    return options;
}

/**
 * Fills the model list and picks the model: the one the user (or a session)
 * asked for if it is offered, else the first that fits the chosen space.
 */
export function refreshModels() {
    const { wantedModel, modelChosenByUser } = store.get();
    const options = modelOptions();
    ui.model.replaceChildren(...options.map((o) => el('option', {
        value: o.value, text: o.text, dataset: { space: o.space ?? '' } })));
    if (options.length === 0) {
        ui.model.append(el('option', { value: '', text: '(no pretrained model for this domain)' }));
    }
    const wanted = modelChosenByUser && options.find((o) => o.value === wantedModel);
    const fitting = options.find((o) => o.space === ui.space.value);
    ui.model.value = (wanted || fitting || options[0])?.value ?? '';
    updateSettingsNotes();
}

/** The user picked a model in the list: keep it, even when it does not fit the space (with a note). */
export function chooseModel(value) {
    store.set({ wantedModel: value, modelChosenByUser: Boolean(value) });
    updateSettingsNotes();
}

// The space the selected model was trained for ('' when unknown).
function selectedModelSpace() {
    return ui.model.selectedOptions[0]?.dataset.space ?? '';
}

/** The heuristic label (hFF / rFF), the model row and the notes under the settings. */
export function updateSettingsNotes() {
    const space = ui.space.value;
    const ff = ui.heuristic.querySelector('option[value="ff"]');
    ff.textContent = space === 'partial' ? 'rFF (restricted FF)' : 'hFF';
    const learned = ui.heuristic.value === 'wl';
    ui.modelRow.classList.toggle('inactive', !learned);
    ui.model.disabled = !learned;
    const notes = [];
    if (space === 'partial') {
        notes.push('PS² binds one action parameter per step; FF is restricted to the partial action (rFF).');
    }
    if (learned && !ui.model.value) notes.push('No model for this domain: load one from disk or learn one (Learn tab).');
    ui.settingsNote.textContent = notes.join(' ');

    const modelSpace = selectedModelSpace();
    const misfit = learned && Boolean(ui.model.value) && Boolean(modelSpace) && modelSpace !== space;
    ui.model.dataset.fits = String(!misfit);
    ui.modelNote.hidden = !misfit;
    ui.modelNote.textContent = !misfit ? '' : space === 'partial'
        ? `This model was trained for ${SPACE_NAMES[modelSpace]}: its graph does not see the partial ` +
          'action, so PS² ranks all partial children of a state alike. Pick a PS² model (AOAG or AEG).'
        : `This model was trained for ${SPACE_NAMES[modelSpace] ?? modelSpace}, not for S³: ` +
          'pick an S³ model (ILG) or switch the search space.';
}

/** Reads a model JSON the user picked; returns an error {category, message} or null. */
export async function loadModelFile(file) {
    const text = await file.text();
    let parsed;
    try {
        parsed = JSON.parse(text);
    } catch (error) {
        return { category: 'model', message: `${file.name} is not JSON: ${error.message}` };
    }
    if (parsed?.format !== 'lazylifted-wl-model') {
        return { category: 'model',
                 message: `${file.name} is not a LazyLifted model (its "format" is not "lazylifted-wl-model")` };
    }
    const loadedModel = { name: file.name, text, domain: String(parsed.domain?.name ?? '?'),
                          space: parsed.space, graph: String(parsed.graph ?? '?') };
    store.set({ loadedModel, wantedModel: 'file', modelChosenByUser: true });
    ui.heuristic.value = 'wl';
    refreshModels();
    ui.settingsNote.textContent = `Loaded ${file.name}: trained for domain "${loadedModel.domain}", ` +
        `graph ${loadedModel.graph.toUpperCase()}.`;
    return null;
}

/** The JSON text of the model `value` ('file', a manifest path or ''), fetched once. */
export async function modelText(value) {
    if (value === 'file') return store.get().loadedModel?.text ?? null;
    if (!value) return null;
    if (value.startsWith(TRAINED_PREFIX)) return trainedModelText(value.slice(TRAINED_PREFIX.length));
    if (!modelTexts.has(value)) {
        const response = await fetch(new URL(value, document.baseURI).href);
        if (!response.ok) throw new Error(`could not load ${value} (HTTP ${response.status})`);
        modelTexts.set(value, await response.text());
    }
    return modelTexts.get(value);
}

/** Selects a model trained here (and the learned heuristic, in the space it was trained for). */
export function useTrainedModel(entry) {
    ui.heuristic.value = 'wl';
    if (entry.space === 'state' || entry.space === 'partial') ui.space.value = entry.space;
    store.set({ wantedModel: TRAINED_PREFIX + entry.id, modelChosenByUser: true });
    refreshModels();
}

/** Removes a model trained here; the list picks another if it was selected. */
export function forgetTrainedModel(id) {
    removeTrainedModel(id);
    if (store.get().wantedModel === TRAINED_PREFIX + id) store.set({ wantedModel: '', modelChosenByUser: false });
    refreshModels();
}

/** Saves a model trained here as a JSON file (the format lltrain writes). */
export async function downloadTrainedModel(entry) {
    const text = await trainedModelText(entry.id);
    if (!text) return;
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const link = el('a', { href: url, download: trainedModelFileName(entry) });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
}
