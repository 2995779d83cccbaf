// PDDL for CodeMirror 6: a small stream tokenizer (no Lezer grammar), its
// highlight colours, bracket matching and ';' line comments.
import {
    StreamLanguage, syntaxHighlighting, HighlightStyle, bracketMatching, indentUnit,
} from '@codemirror/language';
import { tags as t } from '@lezer/highlight';

const SECTIONS = new Set([
    ':domain', ':requirements', ':types', ':constants', ':predicates', ':functions', ':action',
    ':parameters', ':precondition', ':effect', ':objects', ':init', ':goal', ':metric',
    ':derived', ':durative-action', ':duration', ':condition', ':constraints',
]);
// The core's requirement list (core/pddl/requirements.cpp, the wasm
// module's pddlRequirements()), in its order: highlighting runs before the
// planner has loaded, so the page keeps this copy, and
// tests/node/pddl-requirements.test.mjs fails when it differs from the core's.
// Supported requirements are highlighted and completed; refused ones
// (:numeric-fluents, :durative-actions, ...) are shown as invalid.
export const PDDL_REQUIREMENTS = Object.freeze({
    supported: Object.freeze([
        ':strips', ':typing', ':negative-preconditions', ':equality', ':action-costs', ':adl',
        ':disjunctive-preconditions', ':existential-preconditions', ':universal-preconditions',
        ':quantified-preconditions', ':conditional-effects', ':derived-predicates',
    ]),
    refused: Object.freeze([
        ':fluents', ':numeric-fluents', ':object-fluents', ':durative-actions',
        ':timed-initial-literals', ':preferences', ':constraints',
        ':duration-inequalities', ':continuous-effects',
    ]),
});
const SUPPORTED_REQUIREMENTS = new Set(PDDL_REQUIREMENTS.supported);
const REFUSED_REQUIREMENTS = new Set(PDDL_REQUIREMENTS.refused);
const STRUCTURE = new Set(['define', 'domain', 'problem']);
const LOGIC = new Set([
    'and', 'or', 'not', 'imply', 'forall', 'exists', 'when', 'either', '=', 'increase',
    'decrease', 'assign', 'minimize', 'maximize', 'at', 'over', 'start', 'end', 'all',
]);

const SYMBOL = /^[^\s();]+/;

// state: depth (open parens), head (true right after '('), afterDash (a type
// name follows), defines (the next name is being defined: after :action etc.)
function token(stream, state) {
    if (stream.eatSpace()) return null;
    const ch = stream.peek();
    if (ch === ';') {
        stream.skipToEnd();
        return 'lineComment';
    }
    if (ch === '(') {
        stream.next();
        state.depth++;
        state.head = true;
        return 'paren';
    }
    if (ch === ')') {
        stream.next();
        state.depth = Math.max(0, state.depth - 1);
        state.head = false;
        state.afterDash = false;
        return 'paren';
    }
    const match = stream.match(SYMBOL);
    if (!match) {
        stream.next();
        return null;
    }
    const word = match[0].toLowerCase();
    const wasHead = state.head;
    state.head = false;
    if (word === '-' && !wasHead) {
        state.afterDash = true;
        return 'operator';
    }
    if (state.afterDash) {
        state.afterDash = false;
        return 'typeName';
    }
    if (state.defines) {
        state.defines = false;
        return 'variableName.definition';
    }
    if (word.startsWith(':')) {
        if (word === ':action' || word === ':derived' || word === ':durative-action') {
            state.defines = true;
        }
        if (SECTIONS.has(word)) return 'definitionKeyword';
        if (REFUSED_REQUIREMENTS.has(word)) return 'invalid';
        if (SUPPORTED_REQUIREMENTS.has(word)) return 'modifier';
        return 'modifier';  // other ':' words (e.g. :vars of older PDDL)
    }
    if (word.startsWith('?')) return 'variableName.special';
    if (/^-?\d+(\.\d+)?$/.test(word)) return 'number';
    if (wasHead && STRUCTURE.has(word)) {
        state.defines = word !== 'define';
        return 'keyword';
    }
    if (wasHead && LOGIC.has(word)) return 'operatorKeyword';
    if (wasHead) return 'variableName.function';
    return 'name';
}

export const pddlStreamLanguage = StreamLanguage.define({
    name: 'pddl',
    startState: () => ({ depth: 0, head: false, afterDash: false, defines: false }),
    copyState: (s) => ({ ...s }),
    token,
    indent(state, textAfter) {
        const closing = /^\s*\)/.test(textAfter) ? 1 : 0;
        return Math.max(0, state.depth - closing) * 2;
    },
    languageData: { commentTokens: { line: ';' } },
});

export const pddlHighlightStyle = HighlightStyle.define([
    { tag: t.lineComment, color: '#6a737d', fontStyle: 'italic' },
    { tag: t.keyword, color: '#8250df', fontWeight: 'bold' },
    { tag: t.definitionKeyword, color: '#0550ae', fontWeight: 'bold' },
    { tag: t.modifier, color: '#0a7d6c' },
    { tag: t.operatorKeyword, color: '#cf222e' },
    { tag: t.operator, color: '#cf222e' },
    { tag: t.typeName, color: '#953800' },
    { tag: t.special(t.variableName), color: '#1a7f37' },
    { tag: t.definition(t.variableName), color: '#8250df', fontWeight: 'bold' },
    { tag: t.function(t.variableName), color: '#0550ae' },
    { tag: t.number, color: '#0a3069' },
    { tag: t.paren, color: '#57606a' },
    { tag: t.invalid, color: '#cf222e', textDecoration: 'underline wavy' },
]);

/** The PDDL language support: tokens, colours, bracket matching, 2-space indent. */
export function pddl() {
    return [
        pddlStreamLanguage,
        syntaxHighlighting(pddlHighlightStyle),
        bracketMatching(),
        indentUnit.of('  '),
    ];
}
