// The page's "Run on a planning service" setting (docs/service.md): off
// unless the user types a URL. With one, Solve sends the two texts and the
// settings to that `lazylifted serve` (its package API) instead of the
// in-page planner, and the result shows like a local solve; without one,
// nothing is sent anywhere. The URL is kept in this browser only (its own
// localStorage key): never in the session or a share link, which would make
// someone else's page send its tasks to a server.
import { ui } from './dom.js';
import { store } from './store.js';

const STORAGE_KEY = 'lazylifted.planningService';

/** The service's base URL from what the user typed: '' (off), or null when it is not an http(s) URL. */
export function normaliseServiceUrl(text) {
    const trimmed = (text ?? '').trim();
    if (!trimmed) return '';
    try {
        const url = new URL(trimmed);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
        return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
    } catch {
        return null;
    }
}

function readSaved() {
    try {
        return normaliseServiceUrl(localStorage.getItem(STORAGE_KEY) ?? '') ?? '';
    } catch {
        return '';
    }
}

function apply(text) {
    const url = normaliseServiceUrl(text);
    ui.serviceNote.hidden = url !== null;
    ui.serviceNote.textContent = url === null ? 'Not an http(s) URL: solving stays in this page.' : '';
    store.set({ serviceUrl: url ?? '' });
    try {
        if (url) localStorage.setItem(STORAGE_KEY, url);
        else localStorage.removeItem(STORAGE_KEY);
    } catch { /* storage refused: the setting lasts for this visit */ }
}

export function wirePlanningService() {
    const saved = readSaved();
    ui.serviceUrl.value = saved;
    store.set({ serviceUrl: saved });
    ui.serviceUrl.addEventListener('change', () => apply(ui.serviceUrl.value));
}

/**
 * The planner of the next Solve when a service is set ({solve} like the JS
 * API's), else null. The client module is loaded on first use only.
 */
export async function servicePlanner() {
    const { serviceUrl } = store.get();
    if (!serviceUrl) return null;
    const { createServicePlanner } = await import('../service-planner.js');
    return createServicePlanner(serviceUrl);
}

/**
 * The model of a service request: the catalogue name of the chosen
 * pretrained model ('models/x.json' -> 'x'); a model from disk cannot be
 * sent (the service reads no files and takes no model texts).
 */
export function serviceModelName(modelValue) {
    if (modelValue === 'file') {
        throw Object.assign(new Error('A model loaded from disk cannot run on a planning service: pick a ' +
                                      'pretrained model, or clear the service URL.'), { category: 'model' });
    }
    const match = /^models\/(.+)\.json$/.exec(modelValue ?? '');
    return match ? match[1] : null;
}
