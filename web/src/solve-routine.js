// The one solve routine of the editor page and the widget: builds the request
// from the settings (space, heuristic, search configuration, time limit),
// fetches the model when the learned heuristic needs one, runs planner.solve
// with progress reports and a stop signal, and settles with one shape:
//   {stopped: true, elapsedS}            the user pressed Stop
//   {stopped: false, response, elapsedS} every other outcome; a failure before
//                                        the search (no model, a model that
//                                        cannot be fetched) is a response with
//                                        status "error", like the planner's own
import { heuristicField, searchRequestFields } from './search-options.js';

/**
 * The JS API request for `settings` ({space, heuristic, timeLimitS, config,
 * search, preferred, novelty, anytime}); `anytime` ('auto' | 'on' | 'off') is
 * sent when set (the editor page sets it; the widget and the comparison do
 * not: their solves stop at the first plan).
 */
export function solveRequest(domain, problem, settings) {
    const request = { domain, problem, space: settings.space ?? 'state',
                      ...heuristicField(settings.heuristic), ...searchRequestFields(settings) };
    const seconds = Number(settings.timeLimitS);
    if (Number.isFinite(seconds) && seconds > 0) request.timeLimitMs = Math.round(seconds * 1000);
    if (['auto', 'on', 'off'].includes(settings.anytime)) request.anytime = settings.anytime;
    return request;
}

// Rejects with an AbortError when the signal fires (never settles without one).
function whenAborted(signal) {
    return new Promise((resolve, reject) => {
        const stop = () => reject(new DOMException('stopped', 'AbortError'));
        signal?.addEventListener('abort', stop, { once: true });
    });
}

function errorResponse(error) {
    return { status: 'error', plan: [], cost: null, stats: null,
             error: { category: error?.category ?? 'internal', message: error?.message ?? String(error),
                      file: null, line: null, column: null } };
}

/**
 * planner: a Planner or a promise of one; loadModel(): the model's JSON text
 * (or null), called only for the learned heuristic; onProgress(report,
 * elapsedS) as the JS API reports; signal: an AbortSignal (Stop).
 */
export async function runSolve({ planner, domain, problem, settings, loadModel, signal, onProgress }) {
    const startedAt = performance.now();
    const elapsedS = () => (performance.now() - startedAt) / 1000;
    const request = solveRequest(domain, problem, settings);
    try {
        if (settings.heuristic === 'wl') {
            request.model = await loadModel?.();
            if (!request.model) {
                throw Object.assign(new Error('The learned heuristic needs a model: pick one or load ' +
                                              'a model JSON from disk.'), { category: 'model' });
            }
        }
        if (signal?.aborted) throw new DOMException('stopped', 'AbortError');
        // A planner still loading: Stop ends the wait at once.
        const ready = await Promise.race([planner, whenAborted(signal)]);
        const response = await ready.solve(request, {
            signal, onProgress: (report) => onProgress?.(report, elapsedS()),
        });
        return { stopped: false, response, elapsedS: elapsedS() };
    } catch (error) {
        if (error?.name === 'AbortError') return { stopped: true, elapsedS: elapsedS() };
        return { stopped: false, response: errorResponse(error), elapsedS: elapsedS() };
    }
}
