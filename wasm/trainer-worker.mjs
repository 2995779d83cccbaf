// The worker side of lazylifted-trainer.mjs: loads the trainer module
// (lltrain.mjs + lltrain.wasm) and runs one request at a time. The same file
// runs as a browser module Web Worker and as a Node worker_threads Worker.
//
// Protocol:
//   main -> worker  {type: 'init', moduleUrl?, wasmUrl?}
//                   {type: 'generate', id, request}
//                   {type: 'train', id, request}
//   worker -> main  {type: 'ready'} | {type: 'init-error', message}
//                   {type: 'progress', id, report: string}   (JSON text)
//                   {type: 'result', id, result: string}     (JSON text)
//                   {type: 'failure', id, message}
// Calls are synchronous: training blocks this worker, so the main side
// cancels by terminating it.

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

let trainer = null;

async function loadModule({ moduleUrl, wasmUrl }) {
    const moduleHref = String(moduleUrl ?? new URL('./lltrain.mjs', import.meta.url));
    const options = { print: () => {}, printErr: (text) => console.warn('[lltrain]', text) };
    if (isNode) {
        const { nodeModuleOptions } = await import('./emscripten-node.mjs');
        Object.assign(options, nodeModuleOptions(moduleHref, wasmUrl));
    } else if (wasmUrl) {
        const wasmHref = String(wasmUrl);
        options.locateFile = (file, prefix) => (file.endsWith('.wasm') ? wasmHref : prefix + file);
    }
    const { default: createLazyLiftedTrainer } = await import(moduleHref);
    return createLazyLiftedTrainer(options);
}

function run(message) {
    const request = JSON.stringify(message.request);
    if (message.type === 'generate') return trainer.generate(request);
    if (message.type === 'train') {
        return trainer.train(request, (report) => {
            try {
                post({ type: 'progress', id: message.id, report });
            } catch {
                /* progress is best effort */
            }
        });
    }
    throw new Error(`unknown request type ${message.type}`);
}

listen(async (message) => {
    if (message.type === 'init') {
        try {
            trainer = await loadModule(message);
            post({ type: 'ready' });
        } catch (error) {
            post({ type: 'init-error', message: error?.message ?? String(error) });
        }
        return;
    }
    try {
        post({ type: 'result', id: message.id, result: run(message) });
    } catch (error) {
        post({ type: 'failure', id: message.id, message: error?.message ?? String(error) });
    }
});
