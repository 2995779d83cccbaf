// Quick fixes for the live check's messages (lint actions, applied by
// CodeMirror): a requirement the parser reports missing is added to the
// domain's (:requirements ...). Plain functions of the text, so that they are
// tested in Node (tests/node/pddl-outline.test.mjs).

// Where `requirement` goes in a domain text: inside (:requirements ...), else
// a new section after (domain name). Returns a CodeMirror change or null.
export function requirementChange(text, requirement) {
    const section = /\(\s*:requirements\b/i.exec(text);
    if (section) {
        const close = text.indexOf(')', section.index);
        if (close < 0) return null;
        const declared = new RegExp(`\\s${requirement}(?=[\\s)])`, 'i');
        if (declared.test(text.slice(section.index, close + 1))) return null;
        return { from: close, insert: ` ${requirement}` };
    }
    const domain = /\(\s*domain\s+[^\s()]+\s*\)/i.exec(text);
    if (!domain) return null;
    const at = domain.index + domain[0].length;
    return { from: at, insert: `\n  (:requirements ${requirement})` };
}

/** Quick fixes (lint actions) for a live-check message that names a missing requirement. */
export function requirementFixes(message) {
    const match = /'(:[a-z][a-z-]*)' (?:is not )?in :requirements/.exec(message ?? '');
    if (!match) return [];
    const requirement = match[1];
    return [{
        name: `Add ${requirement}`,
        apply(view) {
            const change = requirementChange(view.state.doc.toString(), requirement);
            if (change) view.dispatch({ changes: change });
        },
    }];
}
