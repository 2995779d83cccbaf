// Shared checks of a WL explanation (planner.explain), used by the
// Node tests (tests/node/explain.test.mjs) and by the e2e examples test for
// every bundled example and model. Not a test itself (no .test. in the name).
import assert from 'node:assert/strict';

// The core rounds h half away from zero (std::lround).
export const roundHalfAway = (x) => Math.sign(x) * Math.round(Math.abs(x));

// Numbers in a feature text other than ordinals ("2nd") and multiplicities
// ("2 ×"): a raw colour id would show as one.
export const rawNumber = /(^|[^0-9])[0-9]+(?![0-9]|st|nd|rd|th| ×)/;

// One explained state adds up: each shown feature's contribution is weight ×
// count and reads as words, the shown features and the rest sum to the
// model's raw value, and h (the step's and the WL part's) is its rounding.
export function assertWlStepAddsUp(step, label = `step ${step.step}`) {
    const { wl } = step;
    assert.ok(wl, `${label}: a WL explanation`);
    let sum = wl.otherFeatures.contribution;
    for (const feature of wl.features) {
        assert.equal(feature.contribution, feature.weight * feature.count, label);
        assert.ok(feature.text.length > 0, label);
        assert.doesNotMatch(feature.text, rawNumber, `${label}: ${feature.text}`);
        sum += feature.contribution;
    }
    assert.ok(Math.abs(sum - wl.rawValue) < 1e-9 * Math.max(1, Math.abs(wl.rawValue)),
              `${label}: ${sum} vs ${wl.rawValue}`);
    assert.equal(wl.h, roundHalfAway(wl.rawValue), label);
    assert.equal(step.h, wl.h, label);
}
