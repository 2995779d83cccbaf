#!/usr/bin/env python3
"""An independent plan checker for PDDL with derived predicates and ADL.

    python3 benchmarks/derived/check_plan.py DOMAIN PROBLEM PLAN

Re-simulates the plan from the PDDL text alone (no code of the planner): its
own s-expression reader, typed objects, preconditions and goals with
and/or/not/imply/exists/forall/=, effects with forall/when, and derived
predicates evaluated after every step to a stratified fixpoint (each head
tuple over the objects of its types checked against the definitions, stratum
by stratum). Action costs are summed when the domain has them. Prints
"valid (N steps, cost C)" and exits 0, or the first failure and exits 1.
It stands in for VAL, which Debian does not package (docs/pddl-support.md).
"""
import itertools
import re
import sys


def tokens(text):
    text = re.sub(r";[^\n]*", " ", text.lower())
    return re.findall(r"[()]|[^\s()]+", text)


def parse(text):
    stack, top = [[]], None
    for t in tokens(text):
        if t == "(":
            stack.append([])
        elif t == ")":
            top = stack.pop()
            stack[-1].append(top)
        else:
            stack[-1].append(t)
    return stack[0]


def typed_list(items):
    """[(name, type)] from 'a b - t c - (either u v)'."""
    out, pending, i = [], [], 0
    while i < len(items):
        if items[i] == "-":
            t = items[i + 1]
            t = tuple(t[1:]) if isinstance(t, list) else (t,)
            out += [(n, t) for n in pending]
            pending, i = [], i + 2
        else:
            pending.append(items[i])
            i += 1
    return out + [(n, ("object",)) for n in pending]


class Task:
    def __init__(self, domain_text, problem_text):
        domain, problem = parse(domain_text)[0], parse(problem_text)[0]
        self.parent = {}
        self.predicates, self.actions, self.derived = {}, {}, {}
        objects = []
        for section in domain[2:]:
            key = section[0]
            if key == ":types":
                for name, parents in typed_list(section[1:]):
                    self.parent[name] = parents
            elif key == ":constants":
                objects += typed_list(section[1:])
            elif key == ":predicates":
                for p in section[1:]:
                    self.predicates[p[0]] = typed_list(p[1:])
            elif key == ":action":
                fields = dict(zip(section[2::2], section[3::2]))
                self.actions[section[1]] = (typed_list(fields.get(":parameters", [])),
                                            fields.get(":precondition", ["and"]),
                                            fields.get(":effect", ["and"]))
            elif key == ":derived":
                head = section[1]
                params = typed_list(head[1:])
                declared = self.predicates.get(head[0], [])
                params = [(n, t if t != ("object",) or not declared else declared[i][1])
                          for i, (n, t) in enumerate(params)]
                self.derived.setdefault(head[0], []).append((params, section[2]))
        self.init, self.goal, self.metric = set(), ["and"], False
        for section in problem[2:]:
            key = section[0]
            if key == ":objects":
                objects += typed_list(section[1:])
            elif key == ":init":
                for atom in section[1:]:
                    if atom[0] != "=":
                        self.init.add(tuple(atom))
            elif key == ":goal":
                self.goal = section[1]
            elif key == ":metric":
                self.metric = True
        self.values = {}
        for section in problem[2:]:
            if section[0] == ":init":
                for atom in section[1:]:
                    if atom[0] == "=":
                        self.values[tuple(atom[1])] = int(float(atom[2]))
        self.objects = {name: types for name, types in objects}
        self.strata = self.stratify()

    def is_a(self, declared, wanted):
        """Whether a type reaches `wanted` (either-tuples allowed)."""
        todo, seen = list(declared), set()
        while todo:
            t = todo.pop()
            if t in wanted or t == "object" and "object" in wanted:
                return True
            if t not in seen:
                seen.add(t)
                todo += list(self.parent.get(t, ()))
        return "object" in wanted

    def of_type(self, types):
        return [o for o, ts in self.objects.items() if self.is_a(ts, types)]

    def stratify(self):
        level = {p: 0 for p in self.derived}

        def uses(f, negated, out):
            if not isinstance(f, list) or not f:
                return
            head = f[0]
            if head == "not":
                uses(f[1], not negated, out)
            elif head == "imply":
                uses(f[1], not negated, out)
                uses(f[2], negated, out)
            elif head in ("and", "or"):
                for g in f[1:]:
                    uses(g, negated, out)
            elif head in ("exists", "forall"):
                uses(f[2], negated, out)
            elif head in self.derived:
                out.append((head, negated))

        changed = True
        while changed:
            changed = False
            for p, rules in self.derived.items():
                deps = []
                for _, body in rules:
                    uses(body, False, deps)
                for q, negated in deps:
                    need = level[q] + (1 if negated else 0)
                    if need > level[p]:
                        if need > len(level):
                            raise SystemExit(f"error: derived predicate {p} is not stratifiable")
                        level[p], changed = need, True
        strata = {}
        for p, n in level.items():
            strata.setdefault(n, []).append(p)
        return [strata[n] for n in sorted(strata)]

    # ---- evaluation ----

    def holds(self, f, env, state):
        if not f:
            return True
        head = f[0]
        if head == "and":
            return all(self.holds(g, env, state) for g in f[1:])
        if head == "or":
            return any(self.holds(g, env, state) for g in f[1:])
        if head == "not":
            return not self.holds(f[1], env, state)
        if head == "imply":
            return not self.holds(f[1], env, state) or self.holds(f[2], env, state)
        if head in ("exists", "forall"):
            variables = typed_list(f[1])
            domains = [self.of_type(t) for _, t in variables]
            test = any if head == "exists" else all
            return test(self.holds(f[2], {**env, **dict(zip((v for v, _ in variables), combo))},
                                   state) for combo in itertools.product(*domains))
        args = tuple(env.get(a, a) for a in f[1:])
        if head == "=":
            return args[0] == args[1]
        return (head,) + args in state

    def with_derived(self, basic):
        state = {a for a in basic if a[0] not in self.derived}
        for stratum in self.strata:
            changed = True
            while changed:
                changed = False
                for p in stratum:
                    for params, body in self.derived[p]:
                        domains = [self.of_type(t) for _, t in params]
                        for combo in itertools.product(*domains):
                            atom = (p,) + combo
                            if atom not in state and self.holds(
                                    body, dict(zip((n for n, _ in params), combo)), state):
                                state.add(atom)
                                changed = True
        return state

    def effects(self, f, env, state, adds, deletes, cost):
        if not f:
            return
        head = f[0]
        if head == "and":
            for g in f[1:]:
                self.effects(g, env, state, adds, deletes, cost)
        elif head == "forall":
            variables = typed_list(f[1])
            for combo in itertools.product(*[self.of_type(t) for _, t in variables]):
                self.effects(f[2], {**env, **dict(zip((v for v, _ in variables), combo))},
                             state, adds, deletes, cost)
        elif head == "when":
            if self.holds(f[1], env, state):
                self.effects(f[2], env, state, adds, deletes, cost)
        elif head == "increase":
            amount = f[2]
            if isinstance(amount, list):
                cost[0] += self.values[(amount[0],) + tuple(env.get(a, a) for a in amount[1:])]
            else:
                cost[0] += int(float(amount))
        elif head == "not":
            deletes.add((f[1][0],) + tuple(env.get(a, a) for a in f[1][1:]))
        else:
            adds.add((head,) + tuple(env.get(a, a) for a in f[1:]))


def check(task, plan_text):
    state = task.with_derived(task.init)
    steps = [s for s in parse(plan_text) if isinstance(s, list)]
    total = 0
    for i, step in enumerate(steps, 1):
        name, args = step[0], step[1:]
        if name not in task.actions:
            return f"step {i}: unknown action {name}"
        params, pre, eff = task.actions[name]
        if len(args) != len(params):
            return f"step {i}: {name} takes {len(params)} arguments"
        env = dict(zip((p for p, _ in params), args))
        for (p, t), a in zip(params, args):
            if a not in task.objects or not task.is_a(task.objects[a], t):
                return f"step {i}: {a} is not of type {t}"
        if not task.holds(pre, env, state):
            return f"step {i}: precondition of ({name} {' '.join(args)}) does not hold"
        adds, deletes, cost = set(), set(), [0]
        task.effects(eff, env, state, adds, deletes, cost)
        total += cost[0] if task.metric else 1
        state = task.with_derived((state - deletes) | adds)
    if not task.holds(task.goal, {}, state):
        return f"goal not satisfied after {len(steps)} steps"
    return f"valid ({len(steps)} steps, cost {total})"


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    texts = [open(path).read() for path in sys.argv[1:]]
    verdict = check(Task(texts[0], texts[1]), texts[2])
    print(verdict)
    sys.exit(0 if verdict.startswith("valid") else 1)


if __name__ == "__main__":
    main()
