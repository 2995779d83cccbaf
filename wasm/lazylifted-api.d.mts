// Types of lazylifted-api.mjs: TypeScript looks for a .d.mts next to an .mjs
// import ('./lazylifted-api.mjs'); the declarations are in lazylifted-api.d.ts.
// Prefer the named import (import { createPlanner } from ...): it is typed
// under every moduleResolution setting.
export * from './lazylifted-api.js';
export { default } from './lazylifted-api.js';
