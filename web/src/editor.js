// A PDDL editor: CodeMirror 6 with the PDDL mode, history, bracket matching
// and lint markers that the caller sets (the wasm parser's diagnostics).
import { EditorState, Compartment } from '@codemirror/state';
import {
    EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
    drawSelection, highlightSpecialChars,
} from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { indentOnInput, foldGutter, foldKeymap } from '@codemirror/language';
import { lintGutter, setDiagnostics, forEachDiagnostic } from '@codemirror/lint';
import { pddl } from './pddl-language.js';

const baseTheme = EditorView.theme({
    '&': { fontSize: '13px', height: '100%', backgroundColor: '#fff' },
    '.cm-scroller': {
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
        lineHeight: '1.45',
    },
    '.cm-gutters': { backgroundColor: '#f6f8fa', borderRight: '1px solid #d0d7de' },
    '&.cm-focused': { outline: '2px solid #0969da55' },
    '.cm-matchingBracket': { backgroundColor: '#c8e1ff', outline: '1px solid #0969da88' },
    '.cm-nonmatchingBracket': { backgroundColor: '#ffd8d3' },
});

/**
 * Creates an editor in `parent`.
 * options: doc, onChange(text) (on every document change), onSubmit() (on
 * Ctrl/Cmd+Enter), root (a ShadowRoot when the editor lives in one),
 * readOnly, label (aria-label), extensions (more CodeMirror extensions, e.g.
 * pddl-assist.js on the page: the widget stays without them).
 */
export function createPddlEditor(parent, options = {}) {
    return mountPddlEditor(parent, preparePddlEditor(options));
}

/**
 * The first half of createPddlEditor: the editor's state (its text and
 * extensions resolved), no DOM yet. The page makes it in a task of its own,
 * so that no single task pays for a whole first editor.
 */
export function preparePddlEditor(options = {}) {
    const readOnly = new Compartment();
    const extensions = [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        history(),
        foldGutter(),
        drawSelection(),
        indentOnInput(),
        highlightActiveLine(),
        EditorView.lineWrapping,
        lintGutter(),
        pddl(),
        keymap.of([
            // Ctrl/Cmd+Enter submits (solves) instead of inserting a blank line.
            { key: 'Mod-Enter', run: () => (options.onSubmit ? (options.onSubmit(), true) : false) },
            indentWithTab, ...defaultKeymap, ...historyKeymap, ...foldKeymap,
        ]),
        baseTheme,
        readOnly.of(EditorState.readOnly.of(Boolean(options.readOnly))),
        EditorView.contentAttributes.of({ 'aria-label': options.label ?? 'PDDL editor',
                                          spellcheck: 'false' }),
        EditorView.updateListener.of((update) => {
            if (update.docChanged && options.onChange) options.onChange(update.state.doc.toString());
        }),
        options.extensions ?? [],
    ];
    return { state: EditorState.create({ doc: options.doc ?? '', extensions }), readOnly, root: options.root };
}

/**
 * The second half of createPddlEditor: the view of a prepared state in
 * `parent`, or, with parent null, outside the page: the caller puts
 * `view.dom` into it later (the page does, in a task of its own: the page's
 * style and layout with the new editor are not paid in the task that made it).
 */
export function mountPddlEditor(parent, { state, readOnly, root }) {
    const view = new EditorView(parent ? { state, parent, root } : { state, root });
    const countDiagnostics = () => {
        let n = 0;
        forEachDiagnostic(view.state, () => n++);
        return n;
    };
    return {
        view,
        getText: () => view.state.doc.toString(),
        /** Replaces the whole text (one undoable change). */
        setText(text) {
            if (text === view.state.doc.toString()) return;
            view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
        },
        setReadOnly(flag) {
            view.dispatch({ effects: readOnly.reconfigure(EditorState.readOnly.of(flag)) });
        },
        /** diagnostics: [{line, column, message, severity, actions?}] with 1-based positions. */
        setDiagnostics(diagnostics) {
            // None to show and none shown: no update (each one costs a layout).
            if (diagnostics.length === 0 && countDiagnostics() === 0) return;
            const doc = view.state.doc;
            const converted = diagnostics.map((d) => {
                const { from, to } = tokenRange(doc, d.line, d.column);
                return { from, to, severity: d.severity ?? 'error', message: d.message,
                         source: d.source ?? 'lazylifted', actions: d.actions ?? [] };
            });
            view.dispatch(setDiagnostics(view.state, converted));
        },
        diagnosticCount: () => countDiagnostics(),
        /** Selects the document range from..to, scrolls it into view and focuses the editor. */
        select(from, to = from) {
            view.dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true });
            view.focus();
        },
        /** Moves the cursor to a 1-based line/column and scrolls it into view. */
        reveal(line, column) {
            const { from } = tokenRange(view.state.doc, line, column);
            view.dispatch({ selection: { anchor: from }, scrollIntoView: true });
            view.focus();
        },
    };
}

// The document range of the token at a 1-based line/column (at least one
// character, clamped to the document). A missing line means the first line.
export function tokenRange(doc, line, column) {
    const lineNo = Math.min(Math.max(1, line || 1), doc.lines);
    const lineInfo = doc.line(lineNo);
    const from = Math.min(lineInfo.from + Math.max(0, (column || 1) - 1), lineInfo.to);
    const rest = doc.sliceString(from, lineInfo.to);
    let length = /^[()]/.test(rest) ? 1 : (rest.match(/^[^\s()]+/)?.[0].length ?? 0);
    if (length === 0) length = Math.min(1, doc.length - from);
    return { from, to: from + length };
}
