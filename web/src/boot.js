// The first script of the editor page, tiny on purpose: it starts the
// planner (the worker, the wasm fetch and compile) while the browser still
// downloads and parses app.js (CodeMirror and the page, ~400 KB), so the first
// plan waits less. app.js takes the promise from here.
// The API is a static import (index.html preloads it; the build leaves it
// external): the worker is created as this module runs, not one task later,
// when a dynamic import() would resolve, possibly behind app.js's evaluation.
import { createPlanner } from './lazylifted-api.mjs';

performance.mark('ll-boot');
// (??=: app.js may have run first, as an async script can run after it.)
globalThis.lazyliftedPlannerPromise ??= createPlanner();
globalThis.lazyliftedPlannerPromise.catch(() => {});  // app.js reports it
