// The static site that the wasm build assembles in build/wasm/site/
// (wasm/site.cmake): the module, the JS API and the models are there, and the
// API loads the module from its own folder with no options at all, as a page
// does. Run by `ctest --preset wasm` (LL_SITE_DIR), or by hand after a build.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { pathToFileURL } from 'node:url';

import { repoRoot, testDataDir } from './load-module.mjs';

const siteDir = path.resolve(process.env.LL_SITE_DIR ??
                             path.join(repoRoot, 'build', 'wasm', 'site'));
const read = (...parts) => fs.readFileSync(path.join(testDataDir, 'tasks', ...parts), 'utf8');

test('the site holds the module, the JS API and the models', () => {
    for (const file of ['lazylifted.mjs', 'lazylifted.wasm', 'lazylifted-api.mjs',
                        'lazylifted-api.d.ts', 'lazylifted-api.d.mts', 'planner-worker.mjs',
                        'models/manifest.json']) {
        assert.ok(fs.existsSync(path.join(siteDir, file)), `${file} missing in ${siteDir}`);
    }
    const manifest = JSON.parse(fs.readFileSync(path.join(siteDir, 'models', 'manifest.json'),
                                                'utf8'));
    for (const model of manifest.models) {
        assert.ok(fs.existsSync(path.join(siteDir, 'models', model.file)), model.file);
    }
    // The API files are the sources' copies.
    for (const file of ['lazylifted-api.mjs', 'planner-worker.mjs']) {
        assert.equal(fs.readFileSync(path.join(siteDir, file), 'utf8'),
                     fs.readFileSync(path.join(repoRoot, 'wasm', file), 'utf8'), file);
    }
});

test('the page files from web/dist are in the site when web/dist exists', (t) => {
    const dist = path.join(repoRoot, 'web', 'dist');
    if (!fs.existsSync(dist)) {
        t.skip('web/dist not built');
        return;
    }
    for (const file of fs.readdirSync(dist)) {
        assert.ok(fs.existsSync(path.join(siteDir, file)), `${file} from web/dist missing`);
    }
});

test('the site API finds its worker and module by itself and solves', async () => {
    const apiUrl = pathToFileURL(path.join(siteDir, 'lazylifted-api.mjs'));
    const { createPlanner } = await import(apiUrl.href);
    const planner = await createPlanner();
    try {
        const domain = read('blocksworld', 'domain.pddl');
        const problem = read('blocksworld', 'p01.pddl');
        const response = await planner.solve({ domain, problem });
        assert.equal(response.status, 'solved', JSON.stringify(response));
        const verdict = await planner.validate(domain, problem, response.plan);
        assert.equal(verdict.valid, true, verdict.message);
    } finally {
        planner.terminate();
    }
});
