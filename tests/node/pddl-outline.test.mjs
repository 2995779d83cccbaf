// Node tests of the editor page's text helpers (plain functions, no browser):
// the declarations scan behind completion, hover and go to definition
// (web/src/pddl-outline.js) and the quick fix that adds a missing requirement
// (web/src/pddl-fixes.js).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

import { repoRoot } from './load-module.mjs';

const web = (file) => pathToFileURL(path.join(repoRoot, 'web', 'src', file)).href;
const { outline, outlineOf, parametersAt } = await import(web('pddl-outline.js'));
const { requirementChange, requirementFixes } = await import(web('pddl-fixes.js'));

const example = (file) => fs.readFileSync(path.join(repoRoot, 'web', 'examples', 'blocksworld', file), 'utf8');
const domain = example('domain.pddl');
const problem = example('swap.pddl');

test('the outline finds the declarations of both files, with their positions', () => {
    const o = outline(domain, problem);
    const on = o.find('on-table');
    assert.equal(on.kind, 'predicate');
    assert.equal(on.file, 'domain');
    assert.equal(on.detail, '(on-table ?x)');
    assert.equal(domain.slice(on.from, on.to), 'on-table');
    const d = o.find('D');  // names are case-insensitive
    assert.equal(d.kind, 'object');
    assert.equal(problem.slice(d.from, d.to), 'd');
    assert.equal(o.find('pickup').kind, 'action');
    assert.match(o.find('pickup').detail, /^\(:action pickup :parameters \(\?b\)\)$/);
    assert.equal(o.find('swap-four').kind, 'problem');
    assert.equal(o.find('nothing-like-this'), null);
});

test('typed lists, constants, types and the parameters around a position', () => {
    const typed = `(define (domain t) (:requirements :strips :typing)
      (:types block table - object) (:constants t1 - table)
      (:predicates (on ?x - block ?y - (either block table)))
      (:action move :parameters (?b - block ?from ?to - object) :precondition (on ?b ?from) :effect (on ?b ?to)))`;
    const kinds = Object.fromEntries(outlineOf(typed, 'domain').map((d) => [d.name, d]));
    assert.equal(kinds.block.kind, 'type');
    assert.equal(kinds.block.detail, 'block - object');
    assert.equal(kinds.t1.detail, 't1 - table');
    assert.equal(kinds.on.detail, '(on ?x - block ?y - (either block table))');
    assert.equal(kinds[':typing'].kind, 'requirement');
    const inside = typed.indexOf(':effect');
    assert.deepEqual(parametersAt(typed, inside).map((p) => `${p.name}:${p.type}`),
                     ['?b:block', '?from:object', '?to:object']);
    assert.deepEqual(parametersAt(typed, 5), []);
});

test('the scan survives text being typed (unbalanced parentheses, comments)', () => {
    const partial = '(define (domain x) ; (:predicates (fake))\n (:predicates (p ?a) (q';
    assert.deepEqual(outlineOf(partial, 'domain').map((d) => d.name), ['x', 'p', 'q']);
});

test('the quick fix adds a requirement to (:requirements ...), or writes the section', () => {
    const message = "a negative precondition '(not ...)' is used but ':negative-preconditions' is not in " +
                    ':requirements (accepted as declared)';
    const [fix] = requirementFixes(message);
    assert.equal(fix.name, 'Add :negative-preconditions');
    assert.equal(requirementFixes("':types' needs ':typing' in :requirements")[0].name, 'Add :typing');
    assert.equal(requirementFixes("'=' is used but ':equality' is not in :requirements")[0].name, 'Add :equality');
    assert.deepEqual(requirementFixes('unknown predicate foo'), []);

    const apply = (text, change) => text.slice(0, change.from) + change.insert + text.slice(change.from);
    const withSection = apply(domain, requirementChange(domain, ':negative-preconditions'));
    assert.match(withSection, /\(:requirements :strips :negative-preconditions\)/);
    assert.equal(requirementChange(withSection, ':negative-preconditions'), null, 'already there');
    const bare = '(define (domain d)\n  (:predicates (p)))';
    assert.equal(apply(bare, requirementChange(bare, ':typing')),
                 '(define (domain d)\n  (:requirements :typing)\n  (:predicates (p)))');
});
