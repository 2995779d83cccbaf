// Models trained in this page ("Learn a heuristic", views/learn/): kept in
// the store (trainedModels) and in the browser, so that they survive a
// reload. The list (names, domains, sizes) is in localStorage; each model's
// text is in localStorage too when it fits, else in IndexedDB (a model
// larger than localStorage allows, or a full localStorage). Texts are read
// when a search needs them (models.js modelText()).
import { store } from './store.js';

const LIST_KEY = 'lazylifted.trained.v1';
const TEXT_KEY = (id) => `lazylifted.trained.${id}`;
const DB_NAME = 'lazylifted';
const DB_STORE = 'trained-models';
// Texts above this many characters go to IndexedDB at once (localStorage
// holds about 5 M characters per origin, shared with the session).
const LOCAL_LIMIT = 1_000_000;
const MAX_MODELS = 8;  // the oldest is dropped beyond this

export const TRAINED_PREFIX = 'trained:';

const texts = new Map();  // id -> text, for this page's life

function readList() {
    try {
        const list = JSON.parse(localStorage.getItem(LIST_KEY) ?? '[]');
        return Array.isArray(list) ? list.filter((m) => m && typeof m.id === 'string') : [];
    } catch {
        return [];
    }
}

function writeList(list) {
    try {
        localStorage.setItem(LIST_KEY, JSON.stringify(list));
        return true;
    } catch {
        return false;
    }
}

function openDb() {
    return new Promise((resolve, reject) => {
        const request = indexedDB.open(DB_NAME, 1);
        request.onupgradeneeded = () => request.result.createObjectStore(DB_STORE);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
    });
}

async function dbCall(mode, call) {
    const db = await openDb();
    try {
        return await new Promise((resolve, reject) => {
            const request = call(db.transaction(DB_STORE, mode).objectStore(DB_STORE));
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
        });
    } finally {
        db.close();
    }
}

// The list as stored now (another tab of the page may have changed it),
// with the models this page could not store.
function currentList() {
    const stored = readList();
    const ids = new Set(stored.map((m) => m.id));
    return [...stored, ...store.get().trainedModels.filter((m) => m.where === 'page' && !ids.has(m.id))];
}

/** The models kept from earlier visits, into the store (once, at start). */
export function loadTrainedModels() {
    store.set({ trainedModels: readList() });
}

// The fields before the colour dictionary (format, domain, graph, space,
// wl), parsed without the dictionary and the weights: a large model is
// not parsed whole on the main thread.
function modelHead(text) {
    const end = text.indexOf('"colours"');
    if (end > 0) {
        try {
            return JSON.parse(`${text.slice(0, end).trimEnd().replace(/,$/, '')}}`);
        } catch {
            /* another layout: parse it whole */
        }
    }
    return JSON.parse(text);
}

/** The summary of a model JSON text: {domain, fingerprint, space, graph, features}. */
export function describeModel(text, features) {
    const parsed = modelHead(text);
    if (parsed?.format !== 'lazylifted-wl-model') throw new Error('not a LazyLifted model');
    return {
        domain: String(parsed.domain?.name ?? '?'),
        fingerprint: String(parsed.domain?.fingerprint ?? ''),
        space: parsed.space,
        graph: String(parsed.graph ?? '?'),
        features: features ?? (Array.isArray(parsed.weights) ? parsed.weights.length : undefined),
    };
}

/**
 * Keeps a model trained here: {text, summary} with summary the trainer's
 * numbers (rounds, problems, time). Resolves with the entry; the text goes
 * to localStorage when it fits, else to IndexedDB.
 */
export async function addTrainedModel(text, summary = {}) {
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const entry = { id, ...describeModel(text, summary.nonZeroWeights), created: new Date().toISOString(), bytes: text.length,
                    where: 'local', summary };
    texts.set(id, text);
    let stored = false;
    if (text.length <= LOCAL_LIMIT) {
        try {
            localStorage.setItem(TEXT_KEY(id), text);
            stored = true;
        } catch {
            /* full: IndexedDB below */
        }
    }
    if (!stored) {
        entry.where = 'indexeddb';
        await dbCall('readwrite', (s) => s.put(text, id)).catch((error) => {
            entry.where = 'page';  // kept for this page's life only
            console.warn('LazyLifted: the trained model could not be saved:', error);
        });
    }
    const list = [entry, ...currentList()];
    for (const old of list.splice(MAX_MODELS)) forgetText(old);
    writeList(list.filter((m) => m.where !== 'page'));
    store.set({ trainedModels: list });
    return entry;
}

function forgetText(entry) {
    texts.delete(entry.id);
    try {
        localStorage.removeItem(TEXT_KEY(entry.id));
    } catch {
        /* nothing kept */
    }
    if (entry.where === 'indexeddb') dbCall('readwrite', (s) => s.delete(entry.id)).catch(() => {});
}

export function removeTrainedModel(id) {
    const list = currentList();
    const entry = list.find((m) => m.id === id);
    if (!entry) return;
    forgetText(entry);
    const rest = list.filter((m) => m !== entry);
    writeList(rest.filter((m) => m.where !== 'page'));
    store.set({ trainedModels: rest });
}

/** The JSON text of a model trained here, by id; null if it is gone. */
export async function trainedModelText(id) {
    if (texts.has(id)) return texts.get(id);
    const entry = store.get().trainedModels.find((m) => m.id === id);
    if (!entry) return null;
    let text = null;
    if (entry.where === 'indexeddb') text = await dbCall('readonly', (s) => s.get(id)).catch(() => null);
    else text = localStorage.getItem(TEXT_KEY(id));
    if (typeof text === 'string') texts.set(id, text);
    return text ?? null;
}

/** A file name for the download of a trained model. */
export function trainedModelFileName(entry) {
    const stamp = entry.created.slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    return `${entry.domain}-${entry.graph}-${entry.space}-trained-${stamp}.json`;
}
