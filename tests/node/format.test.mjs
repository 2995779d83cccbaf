// Node tests of web/src/format.js's formatNumber: it prints numbers by hand
// (the page's first Intl.NumberFormat costs 30-90 ms of ICU set-up on the
// first solve's path), so it must print exactly what
// Intl.NumberFormat('en-US', {maximumFractionDigits: 3}) prints: grouping,
// rounding half away from zero on the shortest decimal form, signs.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

import { prng } from './hard-task.mjs';  // seeded: the same cases on every run
import { repoRoot } from './load-module.mjs';

const { formatNumber } = await import(pathToFileURL(path.join(repoRoot, 'web', 'src', 'format.js')).href);
const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

test('formatNumber prints what Intl en-US prints, edge cases', () => {
    const cases = [0, -0, 1, -1, 999, 1000, -1000, 123456789, 2 ** 53, 1.0005, 0.0005, 0.0004999, 2.675,
                   1.9995, 9.9995, 999.9995, -0.0004, -0.0005, 0.1 + 0.2, 1e20, 1e21, 1e22, 5e-7, -5e-7, 1e-6,
                   12.3456789, NaN, Infinity, -Infinity];
    for (const value of cases) assert.equal(formatNumber(value), intl.format(value), String(value));
    assert.equal(formatNumber(1234567), '1,234,567');
    assert.equal(formatNumber(2.34567), '2.346');
    assert.equal(formatNumber(null), '–');
    assert.equal(formatNumber('x'), 'x');
});

test('formatNumber prints what Intl en-US prints, 60,000 seeded numbers', () => {
    const random = prng(14);
    for (let i = 0; i < 60000; i++) {
        const sign = random() < 0.3 ? -1 : 1;
        let value;
        switch (i % 5) {
            case 0: value = Math.floor(random() * 1e12); break;                             // counts
            case 1: value = random() * 10 ** Math.floor(random() * 12); break;               // any magnitude
            case 2: value = Math.round(random() * 1e7) / 10 ** Math.floor(random() * 6); break;  // short decimals
            case 3: value = (Math.floor(random() * 1e6) + 0.5) / 1000; break;                // halfway cases
            default: value = random() * 1e-3;                                                 // small
        }
        value *= sign;
        assert.equal(formatNumber(value), intl.format(value), String(value));
    }
});
