# The fewest evaluations any eager GBFS can make on a miconic task
# (docs/learning.md, "In the page": why a learnt model cannot beat hFF on
# the miconic example). Every eager GBFS that finds a plan expands the
# states of a path s0 .. s_{k-1} to a goal s_k and evaluates s0 and every
# successor of the states it expands, except the goal, found when it is
# generated. So min over paths of |{s0} U succ(s0) U ... U succ(s_{k-1})| - 1
# bounds its evaluations from below, whatever the heuristic and the
# tie-breaking. Exhaustive DFS over simple paths without two moves in a row
# (a shortcut expands a subset of the states), pruned at BOUND.
#
#   python3 benchmarks/miconic_evaluation_bound.py PROBLEM.pddl [BOUND [PLAN]]
# prints the bound (and the count of PLAN, IPC format, for calibration:
# the planner's "Evaluated N state(s)" for a search that expands only the
# states of PLAN).
import re, sys
text = open(sys.argv[1]).read().lower()
floors = re.search(r'\(:objects(.*?)\)', text, re.S)
fl, ps, pending = [], [], []
tokens = floors.group(1).split()
i = 0
while i < len(tokens):
    if tokens[i] == '-':
        (fl if tokens[i + 1] == 'floor' else ps).extend(pending); pending = []; i += 2
    else:
        pending.append(tokens[i]); i += 1
origin = dict(re.findall(r'\(origin ([^\s()]+) ([^\s()]+)\)', text))
destin = dict(re.findall(r'\(destin ([^\s()]+) ([^\s()]+)\)', text))
lift = re.search(r'\(lift-at ([^\s()]+)\)', text).group(1)
P = len(ps)
# state: (floor, tuple(status per passenger: 0 waiting, 1 boarded, 2 served))
def succ(s):
    f, st = s
    out = []
    for g in fl:
        if g != f: out.append((('move', g), (g, st)))
    for i, p in enumerate(ps):
        if st[i] == 0 and origin[p] == f:
            out.append((('board', p), (f, st[:i] + (1,) + st[i+1:])))
        if st[i] == 1 and destin[p] == f:
            out.append((('depart', p), (f, st[:i] + (2,) + st[i+1:])))
    return out
goal = lambda s: all(x == 2 for x in s[1])
s0 = (lift, tuple(0 for _ in ps))
best = [int(sys.argv[2]) if len(sys.argv) > 2 else 10**9, None]
def dfs(s, seen, path, last_move):
    # s is about to be expanded: its successors are evaluated
    new = [t for _, t in succ(s) if t not in seen]
    seen2 = seen | set(new)
    if len(seen2) >= best[0]: return
    for a, t in succ(s):
        if goal(t):
            best[0], best[1] = len(seen2), path + [a]
            return
    for a, t in succ(s):
        if t in path_states or (a[0] == 'move' and last_move): continue
        path_states.add(t)
        dfs(t, seen2, path + [a], a[0] == 'move')
        path_states.discard(t)
path_states = {s0}
dfs(s0, frozenset([s0]), [], False)
if best[1] is None:
    print('no plan with fewer than', best[0] - 1, 'evaluations')
else:
    print('fewest evaluations', best[0] - 1, 'plan', best[1])
# the count of a given plan (calibration)
if len(sys.argv) > 3:
    plan = [l.strip() for l in open(sys.argv[3]) if l.startswith('(')]
    s, seen = s0, {s0}
    for step in plan:
        seen |= {t for _, t in succ(s)}
        name, *args = step.strip('()').split()
        if name in ('up', 'down'): s = (args[1], s[1])
        else:
            i = ps.index(args[1]); st = list(s[1]); st[i] = 1 if name == 'board' else 2; s = (s[0], tuple(st))
    print('plan', sys.argv[3], 'evaluations if only its states are expanded', len(seen) - 1, 'goal', goal(s))
