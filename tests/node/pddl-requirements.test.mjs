// The editor page's requirement list (web/src/pddl-language.js, used for
// highlighting and by pddl-assist.js for completion) is the core's
// (core/pddl/requirements.cpp, exported as pddlRequirements()), and the core
// accepts exactly the supported ones.
import assert from 'node:assert/strict';
import path from 'node:path';
import test from 'node:test';
import { pathToFileURL } from 'node:url';

import { loadLazyLifted, repoRoot } from './load-module.mjs';

const ll = await loadLazyLifted();
const web = (file) => pathToFileURL(path.join(repoRoot, 'web', 'src', file)).href;
const { PDDL_REQUIREMENTS } = await import(web('pddl-language.js'));

const core = JSON.parse(ll.pddlRequirements());

test("the page's requirement lists equal the core's, in order", () => {
    assert.ok(core.supported.includes(':strips'));
    assert.ok(core.supported.includes(':derived-predicates'));
    assert.ok(core.refused.includes(':durative-actions'));
    assert.deepEqual([...PDDL_REQUIREMENTS.supported], core.supported);
    assert.deepEqual([...PDDL_REQUIREMENTS.refused], core.refused);
});

const domainWith = (requirement) => `(define (domain d) (:requirements ${requirement})
  (:predicates (p)) (:action a :parameters () :precondition (p) :effect (not (p))))`;
const problem = '(define (problem q) (:domain d) (:init (p)) (:goal (not (p))))';

test('the core accepts every supported requirement and refuses the others', () => {
    for (const r of core.supported) {
        const result = JSON.parse(ll.check(domainWith(r), problem));
        assert.equal(result.ok, true, `${r}: ${JSON.stringify(result.diagnostics)}`);
    }
    for (const r of core.refused) {
        const result = JSON.parse(ll.check(domainWith(r), problem));
        assert.equal(result.ok, false, r);
        assert.match(result.diagnostics[0].message, new RegExp(`requirement '${r}' is not supported`));
    }
});
