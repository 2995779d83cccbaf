// The first script of the editor page, tiny on purpose: it starts the
// planner (the worker, the wasm fetch and compile) while the browser still
// downloads and parses app.js (CodeMirror and the page, ~400 KB), so the first
// plan waits less. app.js takes the promise from here.
performance.mark('ll-boot');
const API_URL = new URL('./lazylifted-api.mjs', import.meta.url).href;
// (??=: app.js may have run first, as an async script can run after it.)
globalThis.lazyliftedPlannerPromise ??= import(API_URL).then((api) => api.createPlanner());
globalThis.lazyliftedPlannerPromise.catch(() => {});  // app.js reports it
