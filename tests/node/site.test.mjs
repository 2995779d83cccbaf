// The static site that the wasm build assembles in build/wasm/site/
// (wasm/site.cmake): the module, the JS API and the models are there, and the
// API loads the module from its own folder with no options at all, as a page
// does. Run by `ctest --preset wasm` (LL_SITE_DIR), or by hand after a build.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
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

// index.html starts the planner's worker in an inline script (no module can
// be imported there): the name it gives is written out by hand, so check it
// against what planner-worker.mjs reads (its prefix, then the init fields of
// the planner's first worker with the default files: only warmUp), and that
// the page's policy lets the script run (its sha256, put in by web/build.mjs).
test('the editor page\'s inline script starts the worker the API expects, and may run', (t) => {
    const indexPath = path.join(siteDir, 'index.html');
    if (!fs.existsSync(indexPath)) {
        t.skip('web/dist not built');
        return;
    }
    const html = fs.readFileSync(indexPath, 'utf8');
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    assert.equal(scripts.length, 1);
    const name = /name: '([^']*)'/.exec(scripts[0])?.[1];
    const worker = fs.readFileSync(path.join(siteDir, 'planner-worker.mjs'), 'utf8');
    const prefix = /const EARLY_PREFIX = '([^']+)'/.exec(worker)?.[1];
    assert.ok(prefix && name?.startsWith(prefix), `${name} vs ${prefix}`);
    assert.deepEqual(JSON.parse(name.slice(prefix.length)), { warmUp: true });
    const hash = crypto.createHash('sha256').update(scripts[0], 'utf8').digest('base64');
    const policy = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? '';
    assert.match(policy, new RegExp(`script-src [^;]*'sha256-${hash.replace(/[+/]/g, '\\$&')}'`));
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
