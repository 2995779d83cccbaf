// Editor help for PDDL on the editor page, with CodeMirror's own machinery:
// completion (@codemirror/autocomplete) of keywords, requirements, types,
// predicates, functions, constants, objects, action names and the enclosing
// action's parameters; a hover tooltip (@codemirror/view hoverTooltip) with a
// name's declaration; go to definition (F12 or Ctrl/Cmd-click), across the
// two editors; and quick fixes (@codemirror/lint actions, pddl-fixes.js) that add a
// requirement the live check reports missing. Names come from
// pddl-outline.js (a scan of both editor texts).
import { autocompletion } from '@codemirror/autocomplete';
import { EditorView, hoverTooltip, keymap } from '@codemirror/view';
import { PDDL_REQUIREMENTS } from './pddl-language.js';
import { outline, parametersAt } from './pddl-outline.js';


const SECTIONS = [':requirements', ':types', ':constants', ':predicates', ':functions', ':action', ':derived',
                  ':parameters', ':precondition', ':effect', ':domain', ':objects', ':init', ':goal', ':metric'];
// Only what the planner accepts is offered (the core's list, pddl-language.js).
const REQUIREMENTS = PDDL_REQUIREMENTS.supported;
const WORDS = ['define', 'domain', 'problem', 'and', 'not', 'or', 'imply', 'exists', 'forall', 'when', 'either',
               'increase', 'minimize', 'total-cost', 'object'];
const WORD_CHARS = /[\w\-:?]+/;

// The outline of the two editors' texts, rescanned when a text changed.
function outlineCache(editors) {
    let key = null;
    let value = null;
    return () => {
        const all = editors();
        if (!all) return null;
        const texts = [all.domain.getText(), all.problem.getText()];
        if (!value || texts[0] !== key[0] || texts[1] !== key[1]) {
            key = texts;
            value = outline(texts[0], texts[1]);
        }
        return value;
    };
}

const KIND_TYPES = { predicate: 'function', function: 'function', action: 'method', type: 'type',
                     constant: 'constant', object: 'variable', domain: 'namespace', problem: 'namespace' };

function completionSource(currentOutline) {
    return (context) => {
        const word = context.matchBefore(WORD_CHARS);
        if (!word && !context.explicit) return null;
        const from = word ? word.from : context.pos;
        const text = context.state.doc.toString();
        const typed = word?.text ?? '';
        let options;
        if (typed.startsWith('?')) {
            options = parametersAt(text, context.pos)
                .map((p) => ({ label: p.name, type: 'variable', detail: p.type ?? '' }));
        } else if (typed.startsWith(':')) {
            const inRequirements = /\(:requirements[^()]*$/i.test(text.slice(Math.max(0, from - 400), from));
            options = [
                ...REQUIREMENTS.map((r) => ({ label: r, type: 'keyword', detail: 'requirement',
                                              boost: inRequirements ? 2 : 0 })),
                ...(inRequirements ? [] : SECTIONS.map((s) => ({ label: s, type: 'keyword' }))),
            ];
        } else {
            const declared = (currentOutline()?.declarations ?? []).filter((d) => d.kind !== 'requirement');
            const seen = new Set();
            options = [
                ...declared.filter((d) => !seen.has(d.name) && seen.add(d.name))
                    .map((d) => ({ label: d.name, type: KIND_TYPES[d.kind] ?? 'text', detail: d.kind,
                                   info: d.detail, boost: 1 })),
                ...WORDS.map((w) => ({ label: w, type: 'keyword' })),
            ];
        }
        return { from, options, validFor: /^[\w\-:?]*$/ };
    };
}

// The word (a PDDL name) at `pos`, or null.
function wordAt(state, pos) {
    const line = state.doc.lineAt(pos);
    const re = new RegExp(WORD_CHARS.source, 'g');
    let m;
    while ((m = re.exec(line.text)) !== null) {
        const from = line.from + m.index;
        if (from <= pos && pos <= from + m[0].length) return { text: m[0].toLowerCase(), from, to: from + m[0].length };
    }
    return null;
}

// The declaration of the word at `pos`: a ?parameter of the enclosing action
// (in this editor, view: null), else a name of either file.
function declarationAt(view, pos, currentOutline) {
    const word = wordAt(view.state, pos);
    if (!word) return null;
    if (word.text.startsWith('?')) {
        const parameter = parametersAt(view.state.doc.toString(), pos).find((p) => p.name === word.text);
        if (!parameter) return null;
        const detail = parameter.type ? `${parameter.name} - ${parameter.type}` : parameter.name;
        return { word, declaration: { kind: 'parameter', file: null, from: parameter.from, to: parameter.to, detail } };
    }
    const declaration = currentOutline()?.find(word.text);
    return declaration ? { word, declaration } : null;
}

function declarationTooltip(currentOutline) {
    return hoverTooltip((view, pos) => {
        const { word, declaration } = declarationAt(view, pos, currentOutline) ?? {};
        if (!declaration) return null;
        return {
            pos: word.from, end: word.to, above: true,
            create() {
                const dom = document.createElement('div');
                dom.className = 'cm-pddl-hover';
                const kind = document.createElement('div');
                kind.className = 'cm-pddl-hover-kind';
                kind.textContent = declaration.file ? `${declaration.kind} · ${declaration.file}.pddl`
                    : declaration.kind;
                const code = document.createElement('code');
                code.textContent = declaration.detail;
                dom.append(kind, code);
                return { dom };
            },
        };
    });
}

// Jumps to the declaration of the name at `pos` (in whichever editor has it).
function goToDefinition(view, pos, currentOutline, editors) {
    const { declaration } = declarationAt(view, pos, currentOutline) ?? {};
    if (!declaration) return false;
    if (!declaration.file) {  // a parameter: in this editor
        view.dispatch({ selection: { anchor: declaration.from, head: declaration.to }, scrollIntoView: true });
        return true;
    }
    const target = editors()?.[declaration.file];
    if (!target) return false;
    target.select(declaration.from, declaration.to);
    return true;
}

/** The page's editor extensions; editors() gives {domain, problem} (the page's two editors). */
export function pddlAssist({ editors }) {
    const currentOutline = outlineCache(editors);
    return [
        autocompletion({ override: [completionSource(currentOutline)], icons: false }),
        // (autocompletion() brings its own keymap, at the highest precedence.)
        keymap.of([
            { key: 'F12',
              run: (view) => goToDefinition(view, view.state.selection.main.head, currentOutline, editors) },
        ]),
        declarationTooltip(currentOutline),
        EditorView.domEventHandlers({
            mousedown(event, view) {
                if (!(event.ctrlKey || event.metaKey) || event.button !== 0) return false;
                const pos = view.posAtCoords({ x: event.clientX, y: event.clientY });
                if (pos === null || !goToDefinition(view, pos, currentOutline, editors)) return false;
                event.preventDefault();
                return true;
            },
        }),
    ];
}
