// The worker side of lazylifted-api.mjs: loads the WebAssembly module once and
// runs one request at a time. The same file runs as a browser module Web
// Worker (`self`) and as a Node `worker_threads` Worker (`parentPort`).
//
// Protocol (all messages are structured-cloneable objects):
//   main -> worker  {type: 'init', moduleUrl?, wasmUrl?, wasmModule?, warmUp?}
//                   (first message; wasmModule: a WebAssembly.Module another
//                   worker compiled; warmUp: run the warm-up search after 'ready')
//                   A browser worker that compiles the wasm itself gets the
//                   same fields in its name ('lazylifted-load:' + JSON) and
//                   starts loading as its script runs (see EARLY_PREFIX below);
//                   its 'init' then changes nothing.
//                   {type: 'solve', id, request, progress: boolean}
//                   {type: 'check', id, domain, problem}
//                   {type: 'validate', id, domain, problem, plan}
//                   {type: 'trace', id, domain, problem, plan}
//                   {type: 'explain', id, request}
//                   {type: 'partialActionChildren', id, request}
//   worker -> main  {type: 'ready', version, searchAliases: string,  (JSON text)
//                    pddlRequirements: string,                     (JSON text)
//                    wasmModule?}  (the module this worker compiled, browser only)
//                   {type: 'init-error', message}
//                   {type: 'progress', id, report: string}          (JSON text)
//                   {type: 'result', id, result: string}            (JSON text)
//                   {type: 'failure', id, message, fatal: boolean}  (a JS exception)
//
// The module's calls are synchronous: a solve blocks this worker until it
// ends, which is why the main side cancels by terminating the worker.
// Progress reports are posted from inside the search (postMessage does not
// need this thread's event loop to run).

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string' &&
               typeof self === 'undefined';

let post;
let listen;
if (isNode) {
    const { parentPort } = await import('node:worker_threads');
    post = (message) => parentPort.postMessage(message);
    listen = (handler) => parentPort.on('message', handler);
} else {
    post = (message) => self.postMessage(message);
    listen = (handler) => self.addEventListener('message', (event) => handler(event.data));
}

let ll = null;     // the instantiated module
let compiledModule = null;  // the WebAssembly.Module this worker compiled (browser), for 'ready'
let dead = false;  // set after the module aborted: every later call fails

async function loadModule({ moduleUrl, wasmUrl, wasmModule }) {
    const moduleHref = String(moduleUrl ?? new URL('./lazylifted.mjs', import.meta.url));
    const options = {};
    if (isNode) {
        const { nodeModuleOptions } = await import('./emscripten-node.mjs');
        Object.assign(options, nodeModuleOptions(moduleHref, wasmUrl));
    } else if (wasmUrl) {
        const wasmHref = String(wasmUrl);
        options.locateFile = (file, prefix) => (file.endsWith('.wasm') ? wasmHref : prefix + file);
    }
    // Keep the module's own output off the page's console unless it matters.
    options.print = () => {};
    options.printErr = (text) => console.warn('[lazylifted]', text);
    let instantiationFailed = null;
    const failure = new Promise((resolve, reject) => { instantiationFailed = reject; });
    if (!isNode) {
        // A module another worker of this planner compiled is only
        // instantiated: no fetch, no compile. Else it is compiled here, and
        // kept for the planner's other workers. Either way that starts now,
        // while the loader below is still being fetched.
        const wasmHref = String(wasmUrl ?? new URL('./lazylifted.wasm', moduleHref));
        const wasm = wasmModule instanceof WebAssembly.Module ? Promise.resolve(wasmModule)
            : compileFromUrl(wasmHref).then((module) => (compiledModule = module));
        wasm.catch(() => {});  // reported through instantiateWasm
        options.instantiateWasm = (imports, receiveInstance) => {
            wasm.then((module) => WebAssembly.instantiate(module, imports)
                .then((instance) => receiveInstance(instance, module)))
                .catch(instantiationFailed);
            return {};
        };
    }
    const { default: createLazyLifted } = await import(moduleHref);
    return Promise.race([createLazyLifted(options), failure]);
}

// Streaming compile, or from the bytes where the server does not say
// application/wasm. One request either way: the fallback reads a copy of the
// same response (a second fetch would download the module twice).
async function compileFromUrl(href) {
    const response = await fetch(href, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`could not load ${href} (HTTP ${response.status})`);
    if (typeof WebAssembly.compileStreaming === 'function') {
        const copy = response.clone();
        try {
            return await WebAssembly.compileStreaming(response);
        } catch {
            return WebAssembly.compile(await copy.arrayBuffer());
        }
    }
    return WebAssembly.compile(await response.arrayBuffer());
}

function describe(error) {
    if (error instanceof Error) return error.message || String(error);
    // An exception that escaped from C++ would be a bare number (quirk 5);
    // the bindings catch everything, so this is only a safety net.
    if (typeof error === 'number') return `uncaught WebAssembly exception (${error})`;
    return String(error);
}

function run(message) {
    switch (message.type) {
        case 'solve':
            if (message.progress) {
                return ll.solveWithProgress(JSON.stringify(message.request), (report) => {
                    // Must not throw (see wasm/README.md): postMessage of a
                    // string cannot fail, but be safe anyway.
                    try {
                        post({ type: 'progress', id: message.id, report });
                    } catch {
                        /* ignored: progress is best effort */
                    }
                });
            }
            return ll.solve(JSON.stringify(message.request));
        case 'check':
            return ll.check(String(message.domain), String(message.problem));
        case 'trace':
            return ll.trace(String(message.domain), String(message.problem), String(message.plan));
        case 'explain':
            return ll.explain(JSON.stringify(message.request));
        case 'partialActionChildren':
            return ll.partialActionChildren(JSON.stringify(message.request));
        default:  // 'validate'
            return ll.validate(String(message.domain), String(message.problem),
                               String(message.plan));
    }
}

// A first search runs much slower than the next ones: V8 compiles a wasm
// function (Liftoff) when it is first called, and parsing, grounding, hFF and
// GBFS are a lot of functions (measured in chromium: the page's first solve
// of a 4-block blocksworld 125-156 ms, the next ones 11-18 ms). So a planner's
// first worker (init's warmUp) solves this 3-block task once, right after
// 'ready': while the page finishes loading and the user reaches for Solve,
// not after the click. The compiled code lives in the WebAssembly.Module,
// which the planner shares with its other workers, so they need no warm-up of
// their own. A request that comes meanwhile waits for it (it compiles what it
// needs anyway).
const WARM_UP_REQUEST = JSON.stringify({
    domain: `(define (domain warm-up) (:requirements :strips :typing) (:types block)
  (:predicates (on ?x ?y - block) (on-table ?x - block) (clear ?x - block) (arm-empty) (holding ?x - block))
  (:action pickup :parameters (?x - block)
    :precondition (and (clear ?x) (on-table ?x) (arm-empty))
    :effect (and (holding ?x) (not (clear ?x)) (not (on-table ?x)) (not (arm-empty))))
  (:action putdown :parameters (?x - block) :precondition (holding ?x)
    :effect (and (on-table ?x) (clear ?x) (arm-empty) (not (holding ?x))))
  (:action stack :parameters (?x ?y - block) :precondition (and (holding ?x) (clear ?y))
    :effect (and (on ?x ?y) (clear ?x) (arm-empty) (not (holding ?x)) (not (clear ?y))))
  (:action unstack :parameters (?x ?y - block) :precondition (and (on ?x ?y) (clear ?x) (arm-empty))
    :effect (and (holding ?x) (clear ?y) (not (on ?x ?y)) (not (clear ?x)) (not (arm-empty)))))`,
    problem: `(define (problem warm-up) (:domain warm-up) (:objects a b c - block)
  (:init (on a b) (on b c) (on-table c) (clear a) (arm-empty))
  (:goal (and (on c b) (on b a))))`,
    timeLimitMs: 2000,
});

function warmUp() {
    try {
        ll.solve(WARM_UP_REQUEST);
    } catch (error) {
        // A module that cannot solve this fails every request the same way.
        dead = true;
        console.warn('[lazylifted] the warm-up search failed:', describe(error));
    }
}

let initialised = null;

// Loads the module, says 'ready', then warms up if asked to.
function start(params) {
    return loadModule(params)
        .then((module) => {
            ll = module;
            post({ type: 'ready', version: ll.version(),
                   searchAliases: typeof ll.searchAliases === 'function' ? ll.searchAliases() : '[]',
                   pddlRequirements: typeof ll.pddlRequirements === 'function'
                       ? ll.pddlRequirements() : '{"supported":[],"refused":[]}',
                   ...(compiledModule ? { wasmModule: compiledModule } : {}) });
            if (params.warmUp) warmUp();
        })
        .catch((error) => {
            dead = true;
            post({ type: 'init-error', message: describe(error) });
        });
}

// A message to a worker that was created but has not run its script yet is
// delivered through the page's main thread once the script has run (chromium);
// a page that is busy just then (its own scripts, making its editors: ~400 ms
// in a trace of the editor page's load on a busy machine) held 'init' back,
// and with it the loader's import and the wasm compile. The name is there at
// once.
const EARLY_PREFIX = 'lazylifted-load:';
if (!isNode && typeof self.name === 'string' && self.name.startsWith(EARLY_PREFIX)) {
    let params = null;
    try {
        params = JSON.parse(self.name.slice(EARLY_PREFIX.length));
    } catch {
        /* not ours: wait for 'init' */
    }
    if (params && typeof params === 'object') initialised = start(params);
}

listen(async (message) => {
    if (message?.type === 'init') {
        initialised ??= start(message);
        return;
    }
    await initialised;
    answer(message);
});

function answer(message) {
    if (!['solve', 'check', 'validate', 'trace', 'explain', 'partialActionChildren']
        .includes(message?.type)) {
        post({ type: 'failure', id: message?.id, message: `unknown request type '${message?.type}'`,
               fatal: false });
        return;
    }
    if (!ll || dead) {
        post({ type: 'failure', id: message.id, message: 'the WebAssembly module is not loaded',
               fatal: true });
        return;
    }
    try {
        post({ type: 'result', id: message.id, result: run(message) });
    } catch (error) {
        // A JS exception out of the module means it aborted (e.g. a trap);
        // its state cannot be trusted any more: the main side respawns us.
        dead = true;
        post({ type: 'failure', id: message.id, message: describe(error), fatal: true });
    }
}
