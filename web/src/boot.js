// The first module script of the editor page, tiny on purpose: it creates
// the planner (the API around the worker that index.html's inline script
// started; the worker itself if that script could not run) while the browser
// still downloads and parses app.js (CodeMirror and the page, ~400 KB), so
// the first plan waits less. app.js takes the promise from here.
// The API is a static import (index.html preloads it; the build leaves it
// external): the worker is created as this module runs, not one task later,
// when a dynamic import() would resolve, possibly behind app.js's evaluation.
import { createPlanner } from './lazylifted-api.mjs';

performance.mark('ll-boot');
// (??=: app.js may have run first, as an async script can run after it.)
// The worker index.html's inline script started as the page was parsed, if
// it could: the API takes it over with what it said meanwhile.
globalThis.lazyliftedPlannerPromise ??=
    createPlanner({ earlyWorker: globalThis.lazyliftedEarlyWorker });
globalThis.lazyliftedPlannerPromise.catch(() => {});  // app.js reports it
