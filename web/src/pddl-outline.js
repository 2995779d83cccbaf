// The declarations of a PDDL domain and problem, read from the editor texts
// with their positions, for completion, hover and go to definition in the
// editors (pddl-assist.js). A small scan of the text rather than the core's
// parser: it must work while the text is being typed (the core's parser
// stops at the first error) and it needs source ranges, which the core's
// task does not keep. The core stays the judge of what a text means (the
// live check); this only finds names.

const TOKEN = /;[^\n]*|\(|\)|[^\s();]+/g;

/** S-expressions with offsets: lists {items, from, to} and symbols {text, from, to} (lower case). */
export function readTree(text) {
    const root = { items: [], from: 0, to: text.length };
    const stack = [root];
    TOKEN.lastIndex = 0;
    let m;
    while ((m = TOKEN.exec(text)) !== null) {
        const token = m[0];
        if (token[0] === ';') continue;
        if (token === '(') {
            const list = { items: [], from: m.index, to: text.length };
            stack.at(-1).items.push(list);
            stack.push(list);
        } else if (token === ')') {
            if (stack.length > 1) stack.pop().to = m.index + 1;
        } else {
            stack.at(-1).items.push({ text: token.toLowerCase(), from: m.index, to: m.index + token.length });
        }
    }
    return root;
}

const isSymbol = (item) => item && typeof item.text === 'string';
const head = (list) => (list?.items && isSymbol(list.items[0]) ? list.items[0].text : null);

// A typed list (?a ?b - t c - u): [{name, type, from, to}].
function typedList(items) {
    const out = [];
    let pending = [];
    for (let i = 0; i < items.length; i++) {
        const item = items[i];
        if (isSymbol(item) && item.text === '-') {
            const type = items[i + 1];
            const typeText = isSymbol(type) ? type.text : `(${(type?.items ?? []).map((t) => t.text).join(' ')})`;
            for (const p of pending) p.type = typeText;
            out.push(...pending);
            pending = [];
            i++;
        } else if (isSymbol(item)) {
            pending.push({ name: item.text, type: null, from: item.from, to: item.to });
        }
    }
    return [...out, ...pending];
}

const signature = (params) => params.map((p) => (p.type ? `${p.name} - ${p.type}` : p.name)).join(' ');

/**
 * The declarations of one file: [{kind, name, detail, file, from, to}] with
 * kind one of domain, problem, requirement, type, constant, predicate,
 * function, action, object; `detail` is the declaration as PDDL text.
 */
export function outlineOf(text, file) {
    const out = [];
    const add = (kind, item, detail) => out.push({ kind, name: item.text ?? item.name, detail, file,
                                                   from: item.from, to: item.to });
    const define = readTree(text).items.find((l) => head(l) === 'define');
    for (const section of define?.items ?? []) {
        const key = head(section);
        const rest = section.items?.slice(1) ?? [];
        if ((key === 'domain' || key === 'problem') && isSymbol(rest[0])) add(key, rest[0], `(${key} ${rest[0].text})`);
        else if (key === ':requirements') rest.filter(isSymbol).forEach((r) => add('requirement', r, r.text));
        else if (key === ':types') {
            typedList(rest).forEach((t) => add('type', t, t.type ? `${t.name} - ${t.type}` : t.name));
        }
        else if (key === ':constants' || key === ':objects') {
            const kind = key === ':objects' ? 'object' : 'constant';
            typedList(rest).forEach((o) => add(kind, o, o.type ? `${o.name} - ${o.type}` : o.name));
        } else if (key === ':predicates' || key === ':functions') {
            for (const p of rest.filter((x) => x.items && isSymbol(x.items[0]))) {
                const params = typedList(p.items.slice(1));
                add(key === ':predicates' ? 'predicate' : 'function', p.items[0],
                    `(${[p.items[0].text, signature(params)].filter(Boolean).join(' ')})`);
            }
        } else if (key === ':action' && isSymbol(rest[0])) {
            const index = rest.findIndex((x) => isSymbol(x) && x.text === ':parameters');
            const params = index >= 0 && rest[index + 1]?.items ? typedList(rest[index + 1].items) : [];
            add('action', rest[0], `(:action ${rest[0].text} :parameters (${signature(params)}))`);
        }
    }
    return out;
}

/** The declarations of both texts: {declarations, find(name)}. */
export function outline(domainText, problemText) {
    const declarations = [...outlineOf(domainText, 'domain'), ...outlineOf(problemText, 'problem')];
    const byName = new Map();
    for (const d of declarations) if (!byName.has(d.name) && d.kind !== 'requirement') byName.set(d.name, d);
    return { declarations, find: (name) => byName.get(name.toLowerCase()) ?? null };
}

/** The parameters (?x) declared in the :action or :derived that encloses `offset`, with their types. */
export function parametersAt(text, offset) {
    const define = readTree(text).items.find((l) => head(l) === 'define');
    const action = define?.items.find((l) => l.items && l.from <= offset && offset <= l.to &&
                                             (head(l) === ':action' || head(l) === ':derived'));
    if (!action) return [];
    const index = action.items.findIndex((x) => isSymbol(x) && x.text === ':parameters');
    return index >= 0 && action.items[index + 1]?.items ? typedList(action.items[index + 1].items) : [];
}
