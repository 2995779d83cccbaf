// The page's "Run on a planning service" setting (docs/service.md) against a
// real `lazylifted serve` (the native build's, started with --allow-origin
// naming the site's origin): off by default, nothing sent anywhere; with the
// URL set, Solve goes to the service's package API and the plan shows and
// validates like a local one; Stop cancels the service's search; a syntax
// error comes back with its line; the URL stays out of share links.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, test } from 'node:test';

import { startServer as startService } from '../service/server.mjs';
import {
    clickWhenEnabled, foreignRequests, launchBrowser, openPage, repoRoot, requireSite, screenshot, startServer,
    waitForEditorPage, waitForSolvedAndValid,
} from './helpers.mjs';

const SOLVE_TIMEOUT_MS = 20000;
const cli = process.env.LL_CLI ?? path.join(repoRoot, 'build', 'native', 'cli', 'lazylifted');

const site = { server: null, browser: null };
let service;

// In sequence: the service is told the site's origin.
before(async () => {
    requireSite();
    if (!fs.existsSync(cli)) throw new Error(`${cli} not found: build the native preset first (or set LL_CLI)`);
    site.server = await startServer();
    service = await startService(['--workers', '1', '--allow-origin', new URL(site.server.url).origin]);
    site.browser = await launchBrowser();
});

after(async () => {
    await site.browser?.close();
    await site.server?.close();
    await service?.stop();
});

async function openEditor() {
    const page = await openPage(site.browser, site.server.url);
    await page.goto(site.server.url);
    await waitForEditorPage(page);
    return page;
}

async function setServiceUrl(page, url) {
    await page.click('#service-settings summary');
    await page.fill('#service-url', url);
    await page.press('#service-url', 'Tab');  // change event
}

const serviceRequests = (page) => page.ll.requests.filter((url) => url.startsWith(service.url));

test('off by default: a solve stays in the page and nothing goes to any other origin', async () => {
    const page = await openEditor();
    assert.equal(await page.inputValue('#service-url'), '');
    await clickWhenEnabled(page, '#solve-btn');
    await waitForSolvedAndValid(page, SOLVE_TIMEOUT_MS);
    assert.deepEqual(foreignRequests(page), []);
    await page.context().close();
});

test('with a URL set, Solve runs on the service and the plan validates like a local one', async () => {
    const page = await openEditor();
    await setServiceUrl(page, `${service.url}/`);
    await clickWhenEnabled(page, '#solve-btn');
    await waitForSolvedAndValid(page, SOLVE_TIMEOUT_MS);
    const steps = await page.locator('#plan-list li').count();
    assert.ok(steps > 0);
    assert.match(await page.textContent('#status'), /Plan found/);
    const sent = serviceRequests(page);
    assert.ok(sent.some((url) => url === `${service.url}/package/lazylifted/solve`), sent.join('\n'));
    assert.ok(sent.some((url) => /\/check\/[0-9a-f]{32}$/.test(url)));
    // Only the service besides the site itself.
    assert.deepEqual(foreignRequests(page).filter((url) => !url.startsWith(service.url)), []);
    await screenshot(page, 'planning-service-solved');
    // The URL is kept in this browser, and never put into a share link or the session.
    await page.click('#share-btn');
    await page.waitForFunction(() => location.hash.length > 3);
    // #s=<base64url of deflate-raw JSON> or #j=<JSON> (web/src/session.js).
    const hash = new URL(page.url()).hash;
    const shared = hash.startsWith('#s=')
        ? zlib.inflateRawSync(Buffer.from(hash.slice(3), 'base64url')).toString('utf8')
        : decodeURIComponent(hash.slice(3));
    assert.match(shared, /"domain"/);
    assert.doesNotMatch(shared, new RegExp(`:${service.port}`));
    const session = await page.evaluate(() => localStorage.getItem('lazylifted.session.v1') ?? '');
    assert.doesNotMatch(session, new RegExp(`127\\.0\\.0\\.1:${service.port}`));
    const reopened = await page.context().newPage();
    await reopened.goto(site.server.url);
    await waitForEditorPage(reopened);
    assert.equal(await reopened.inputValue('#service-url'), service.url);
    await page.context().close();
});

test('a syntax error from the service is shown at its line; Stop cancels the service search', async () => {
    const page = await openEditor();
    await setServiceUrl(page, service.url);
    await page.click('#problem-editor .cm-content');
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' (oops');
    await clickWhenEnabled(page, '#solve-btn');
    await page.waitForSelector('#status[data-status="error"]', { timeout: SOLVE_TIMEOUT_MS });
    assert.match(await page.textContent('#error-box'), /syntax error/);
    assert.match(await page.textContent('#error-box'), /problem\.pddl:\d+:\d+/);
    await page.context().close();

    const long = await openEditor();
    await setServiceUrl(long, service.url);
    await long.selectOption('#example-select', 'blocksworld-impossible');
    await long.waitForFunction(() => document.getElementById('example-select').dataset.loaded === 'blocksworld-impossible');
    await clickWhenEnabled(long, '#solve-btn');
    await long.waitForFunction(async (url) => (await (await fetch(`${url}/`)).json()).running === 1, service.url,
                               { timeout: SOLVE_TIMEOUT_MS, polling: 100 });
    await long.click('#stop-btn');
    await long.waitForSelector('#status[data-status="stopped"]');
    const started = Date.now();
    for (;;) {
        const about = await (await fetch(`${service.url}/`)).json();
        if (about.running === 0) break;
        assert.ok(Date.now() - started < 2000, 'the service search still runs after Stop');
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.ok(serviceRequests(long).some((url) => /\/check\//.test(url)));
    await long.context().close();
});
