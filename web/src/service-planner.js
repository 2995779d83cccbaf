// A planner with the JS API's solve() (docs/js-api.md) that runs on a
// `lazylifted serve` (docs/service.md) through its planning-as-a-service
// API: POST /package/lazylifted/solve, poll /check/<id>, DELETE it on
// Stop. It answers in the JS API's response shape, so the page shows a
// service's result exactly like a local one. Loaded only when the page's
// "Run on a planning service" setting is used (page/planning-service.js).

const POLL_MS = 200;
const FAILED = new Set(['unsolvable', 'expansion-limit', 'out-of-memory', 'out-of-time']);

/** baseUrl: the service's address, e.g. 'http://127.0.0.1:5555'. */
export function createServicePlanner(baseUrl) {
    return { solve: (request, options = {}) => solveOnService(baseUrl, request, options) };
}

// The service's request: the JS API request's fields under the CLI's option
// names; `model` is a catalogue name here (never a model text: the service
// takes no files), `timeLimitMs` becomes seconds.
export function serviceRequest(request) {
    const fields = { domain: request.domain, problem: request.problem };
    for (const key of ['space', 'heuristic', 'config', 'search', 'preferred', 'novelty']) {
        if (request[key] !== undefined && request[key] !== '') fields[key] = String(request[key]);
    }
    // As in the page: no learned model unless the learned heuristic asks for one.
    fields.model = request.model || 'none';
    if (request.timeLimitMs) fields['time-limit'] = request.timeLimitMs / 1000;
    return fields;
}

const camel = (key) => key.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

// The --stats-json object's search statistics with the JS API's camelCase keys.
function statsOf(stats) {
    if (!stats || stats.status === 'error') return null;
    const skip = new Set(['status', 'exit_code', 'domain', 'problem', 'space', 'heuristic', 'config', 'model',
                          'time_limit_s', 'memory_limit_mb', 'plan_length', 'plan_cost', 'optimal', 'optimality']);
    return Object.fromEntries(Object.entries(stats).filter(([key]) => !skip.has(key))
        .map(([key, value]) => [camel(key), value]));
}

function serviceError(message) {
    return Object.assign(new Error(message), { category: 'service' });
}

async function call(url, init, signal) {
    let response;
    try {
        response = await fetch(url, { ...init, signal });
    } catch (error) {
        if (error?.name === 'AbortError') throw error;
        throw serviceError(`cannot reach the planning service at ${url} (is it running, and started ` +
                           `with --allow-origin ${globalThis.location?.origin ?? 'ORIGIN'}?)`);
    }
    const body = await response.json().catch((error) => {
        // Stop while the body was on its way: a stop, not a broken answer.
        if (error?.name === 'AbortError' || signal?.aborted) throw new DOMException('stopped', 'AbortError');
        return null;
    });
    if (!body) throw serviceError(`the planning service answered HTTP ${response.status} without JSON`);
    if (body.status === 'error') throw serviceError(`${body.code}: ${body.message}`);
    return body;
}

/** The JS API response for a finished /check result. */
export function responseOf(result) {
    const { category, stats } = result;
    const base = { plan: [], cost: null, costKind: null, config: stats?.config ?? null, stats: statsOf(stats) };
    if (category === 'solved') {
        const text = result.output.sas_plan ?? '';
        const lines = text.split('\n').map((line) => line.trim());
        return {
            ...base, status: 'solved',
            plan: lines.filter((line) => line && !line.startsWith(';')),
            cost: stats?.plan_cost ?? null,
            costKind: /\(general cost\)/.test(text) ? 'general' : 'unit',
            space: stats?.space, optimal: stats?.optimal, optimality: stats?.optimality,
        };
    }
    if (FAILED.has(category)) return { ...base, status: category };
    const error = stats?.error ?? { category, message: result.stderr.trim(), file: null, line: null, column: null };
    return { ...base, config: null, stats: null, status: 'error', error };
}

async function solveOnService(baseUrl, request, { signal } = {}) {
    const started = await call(`${baseUrl}/package/lazylifted/solve`, {
        method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(serviceRequest(request)),
    });  // not aborted half-way: the job's id is needed to cancel it (the answer comes at once)
    const checkUrl = `${baseUrl}${started.result}`;
    // Stop: the search on the service stops too.
    const cancel = () => fetch(checkUrl, { method: 'DELETE' }).catch(() => {});
    if (signal?.aborted) {
        cancel();
        throw new DOMException('stopped', 'AbortError');
    }
    signal?.addEventListener('abort', cancel, { once: true });
    try {
        for (;;) {
            const body = await call(checkUrl, {}, signal);
            if (body.status !== 'PENDING') return responseOf(body.result);
            await new Promise((resolve) => setTimeout(resolve, POLL_MS));
            if (signal?.aborted) throw new DOMException('stopped', 'AbortError');
        }
    } finally {
        signal?.removeEventListener('abort', cancel);
    }
}
