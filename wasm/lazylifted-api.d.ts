// Types of lazylifted-api.mjs, the LazyLifted JavaScript API (docs/js-api.md).

/**
 * Where the files live (defaults: next to lazylifted-api.mjs) and two tunables.
 * In browsers the locations are URLs (relative ones to the page); in Node,
 * file: URLs or file paths.
 */
export interface PlannerOptions {
  /** URL of planner-worker.mjs. Default: `new URL('./planner-worker.mjs', import.meta.url)`. */
  workerUrl?: string | URL;
  /** URL of the Emscripten loader lazylifted.mjs. Default: next to planner-worker.mjs. */
  moduleUrl?: string | URL;
  /** URL of lazylifted.wasm. Default: next to lazylifted.mjs. */
  wasmUrl?: string | URL;
  /**
   * `progressIntervalMs` put into solve requests that do not set it. Default 200
   * (5 reports a second, plus one on every new best h).
   */
  progressIntervalMs?: number;
  /**
   * Safety net for `timeLimitMs`: if the worker has not answered
   * `timeLimitMs + timeoutGraceMs` after `solve()` was called, it is terminated
   * and the call resolves with status "out-of-time". Default 1500.
   */
  timeoutGraceMs?: number;
  /**
   * Browser only: the planner's first worker, started by the page before this
   * module could be loaded (an inline script in the page's head, as the editor
   * page does, so the wasm loads while the page is parsed). The page starts it
   * as `new Worker(workerUrl, {type: 'module', name: 'lazylifted-load:' +
   * JSON.stringify({warmUp: true})})` with the default files (no moduleUrl or
   * wasmUrl), keeps what it posts in `messages` and its error texts in
   * `errors` until the planner takes it over, and the planner then reads
   * those first. Taken once; ignored in Node; terminated and not used when
   * `workerUrl`, `moduleUrl` or `wasmUrl` is given (it loads the default files).
   */
  earlyWorker?: { worker: Worker; messages: unknown[]; errors: string[] } | null;
}

export type Space = 'state' | 'partial';
/** "ff" is hFF in the state space and rFF in the partial space; "rff" is a synonym. */
export type Heuristic =
  | 'ff' | 'rff' | 'hadd' | 'hmax' | 'goal-count' | 'wl'
  /** Admissible, for A*: 0 at goals, the cheapest action cost elsewhere; LM-cut. */
  | 'blind' | 'lmcut'
  /** LAMA's landmark count (state space; `config: 'lama'` alternates it with hFF). */
  | 'lmcount';
/** The configuration aliases of the core (`planner.searchAliases` lists them). */
export type SearchAliasName =
  | 'default' | 'paper' | 'lama' | 'bfws' | 'eager-po'
  /** Optimal configurations (state space only; `optimal` in the response says what holds). */
  | 'bfs' | 'ucs' | 'astar-blind' | 'astar-hmax' | 'astar-lmcut';
/**
 * A search configuration: an alias, or comma-separated key=value pairs applied
 * in order over the alias named first (`"lama"`, `"paper,search=lazy"`,
 * `"search=lazy,h=wl+ff,preferred=on,novelty=on,boost=1000"`). Keys: `search`
 * (eager | lazy), `h` (heuristics joined by `+`: the first is the main one, the
 * others get alternated queues of their own), `preferred` (on | off), `novelty`
 * (on | off), `boost` (a non-negative integer), `time` (a phase's share of the
 * time). Phases separated by `;` make a sequential portfolio (the `default`
 * alias is one). The same text as the CLI's `--config`.
 */
export type SearchConfigText = SearchAliasName | (string & {});
/** "on" | "off" (also "true"/"false", "yes"/"no", "1"/"0"), or a boolean. */
export type Switch = 'on' | 'off' | boolean;

export interface SearchAlias {
  /** e.g. "default", "paper", "lama". */
  name: string;
  /** Its key=value text, e.g. "search=lazy,preferred=on,novelty=off,landmarks=on,boost=1000". */
  text: string;
  /** One line on what it is. */
  description: string;
}

export interface SolveRequest {
  /** PDDL domain text. */
  domain: string;
  /** PDDL problem text. */
  problem: string;
  /** Search space: S³ ("state"), PS² ("partial"), or "auto" (default: PS² for large tasks). */
  space?: Space | 'auto';
  /**
   * The main heuristic. Default: the configuration's `h=` if it sets one, else
   * "wl" when a model is given, else "ff".
   */
  heuristic?: Heuristic;
  /**
   * Search configuration (alias or key=value text, as the CLI's `--config`).
   * Default: the core's "default" alias (the best measured configuration).
   * A bad text resolves with a `usage` error naming the accepted values.
   */
  config?: SearchConfigText;
  /**
   * Overrides the configuration's engine: eager or lazy greedy best-first
   * search, or breadth-first, uniform-cost or A* search (state space only: in
   * the partial space the call fails with category "incompatible").
   */
  search?: 'eager' | 'lazy' | 'bfs' | 'ucs' | 'astar';
  /** Overrides the configuration: preferred operators with boosted preferred queues. */
  preferred?: Switch;
  /** Overrides the configuration: alternate with a (width-1 novelty, h) queue. */
  novelty?: Switch;
  /** Partial space: the order in which action parameters are bound. Default "declaration". */
  parameterOrder?: 'declaration' | 'reverse';
  /** A learnt WL model (the JSON text or the parsed object); implies heuristic "wl". */
  model?: string | object | null;
  /**
   * Prune states whose goal is unreachable in the delete relaxation. "auto"
   * (default): only with a "wl" model whose trainer found such dead ends
   * (its "dead_ends" field is "relaxed").
   */
  deadEnds?: 'auto' | 'relaxed' | 'none';
  /** Time limit in milliseconds, parsing included. */
  timeLimitMs?: number;
  /** Stop with status "expansion-limit" after this many expansions. */
  maxExpansions?: number;
  /** Stop with status "out-of-memory" above this memory (wasm heap, MB). */
  memoryLimitMb?: number;
  /** Progress period, milliseconds of search time (default: PlannerOptions.progressIntervalMs). */
  progressIntervalMs?: number;
  /** File names used in error positions. Defaults "domain.pddl", "problem.pddl". */
  domainFile?: string;
  problemFile?: string;
  /**
   * Anytime search (docs/search.md, "Anytime search"): after the first plan,
   * keep looking for cheaper ones until the time limit, reporting each as a
   * progress event (`Progress.plan`). "auto": when `timeLimitMs` is given and
   * the configuration does not already find a cheapest plan (the CLI's
   * `--time-limit`); "on" / true: always (`--anytime`); "off" / false: stop at
   * the first plan (`--first-plan`). Default: the configuration's `anytime=`
   * key, off in every alias.
   */
  anytime?: 'auto' | Switch;
  /** Return the search trace in `trace` (docs/js-api.md, "Search trace"). Default false. */
  trace?: boolean;
  /** Trace nodes are recorded for this many expansions (default 5000), then only counted. */
  traceLimit?: number;
}

/** One node of a search trace: a state (S³), or a state and partial action (PS²). */
export interface SearchTraceNode {
  /** Index in `nodes`. */
  id: number;
  /** The node it was generated from (its cheapest known path under A*); null for the root. */
  parent: number | null;
  /** Path cost from the root (action costs; 0 for the partial steps of PS²). */
  g: number;
  /** The main heuristic's value; null when not evaluated (PS² chain nodes, duplicates). */
  h: number | null;
  /** g + h, A* only. */
  f?: number | null;
  /** Expansion order (0 = first expanded); null when never expanded. */
  order: number | null;
  status: 'open' | 'closed' | 'duplicate' | 'dead_end';
  /** What reached it: "(move a b)"; in PS² a partial action, unbound parameters by name: "(move a ?to)". */
  action: string | null;
  /** PS² only: the action is partial (not all parameters bound). */
  partial?: boolean;
  /** For a duplicate: the id of the node first reached in that state (null if not recorded). */
  duplicate_of?: number | null;
  /** The fluent atoms of its state, "(on a b)". */
  state: string[];
}

export interface SearchTrace {
  space: 'state' | 'partial';
  nodes: SearchTraceNode[];
  /** Ids from the root to the goal along parents; [] when unsolved or the path was not recorded. */
  plan_nodes: number[];
  /** Nodes stopped being recorded after `limit` expansions. */
  truncated: boolean;
  limit: number;
  /** Counted over the whole search, recorded or not. */
  counts: {
    generated: number; expanded: number; duplicates: number; dead_ends: number;
    reopened: number; evaluated: number;
  };
  objects: { name: string; type: string }[];
  /** derived: defined by axioms (:derived), present only when true. */
  predicates: { name: string; arity: number; static: boolean; derived?: boolean }[];
  /** The task's static atoms (true in every state; not repeated in `state`). */
  static_atoms: string[];
}

/**
 * The core's statistics (the fields of the CLI's `--stats-json`, keys in
 * camelCase: `generated_transitions` is `generatedTransitions`).
 */
export interface SearchStats {
  expansions: number;
  evaluations: number;
  generated: number;
  generatedTransitions: number;
  deadEnds: number;
  skippedEvaluations: number;
  /** Actions left out as symmetric to a canonical one (`symmetry=on`, state space). */
  symmetricPruned: number;
  /** null when infinite (or not computed yet). */
  initialH: number | null;
  bestH: number | null;
  averageBranchingFactor: number;
  /** Search time in seconds (parsing excluded). */
  searchTimeS: number;
  peakMemoryMb: number;
  /** Learnt (wl) heuristics only: WL colour lookups that found the model's dictionary. */
  wlColoursSeen?: number;
  /** Learnt (wl) heuristics only: lookups that missed it (colours unseen in training). */
  wlColoursUnseen?: number;
  /** wlColoursUnseen / (seen + unseen): high when the task looks unlike the training problems. */
  wlMissRate?: number;
  /** Parsing (and model loading) time, seconds. Absent when the call failed early. */
  parseTimeS?: number;
  /** Whole call inside the module, seconds. */
  totalTimeS?: number;
}

export type ErrorCategory =
  | 'syntax'       // malformed PDDL (positioned)
  | 'input'        // well-formed but wrong PDDL, e.g. an unknown predicate (positioned)
  | 'unsupported'  // a PDDL feature or option combination the planner refuses
  | 'usage'        // a bad request: missing or mistyped field, unknown space/heuristic
  | 'incompatible' // an optimal engine (bfs, ucs, astar) asked for the partial space
  | 'model'        // corrupt model, or a model trained for another domain
  | 'internal';    // a bug, or the worker stopped unexpectedly

export interface PlannerError {
  category: ErrorCategory;
  message: string;
  /** 1-based positions; null when the error has no position. */
  file: string | null;
  line: number | null;
  column: number | null;
}

/** The core's status names (as the CLI's `--stats-json`), and "error". */
export type SolveStatus =
  | 'solved'           // a plan, validated
  | 'unsolvable'       // the reachable space was exhausted
  | 'expansion-limit'  // maxExpansions reached without a plan
  | 'out-of-memory'    // memoryLimitMb reached, or the wasm heap is exhausted
  | 'out-of-time'      // timeLimitMs reached (by the core, or by the API's safety net)
  | 'error';           // see `error`

export interface SolveResponse {
  status: SolveStatus;
  /** IPC-style steps, e.g. "(unstack c a)"; [] unless solved. Every plan has been validated. */
  plan: string[];
  /**
   * Plan cost: the sum of its actions' costs (:action-costs with a
   * `(:metric minimize (total-cost))`), else its length; null unless solved.
   */
  cost: number | null;
  /**
   * "general" when the task has action costs, "unit" otherwise (Fast
   * Downward's "; cost = N (general cost)" / "(unit cost)"); null unless solved.
   */
  costKind: 'unit' | 'general' | null;
  /**
   * The configuration the search ran with, resolved by the core (every phase
   * of a portfolio, ';'-separated, as the CLI prints it):
   * "search=lazy,h=ff,preferred=on,novelty=off,boost=1000,landmarks=on". null for errors
   * and for "out-of-time" by the safety net.
   */
  config: string | null;
  /** The search space used ("auto", the default, resolved). Absent for errors. */
  space?: Space;
  /**
   * True when the plan found is a cheapest one (A* with an admissible
   * heuristic or uniform-cost search under the task's costs; breadth-first
   * search without action costs). Absent for errors.
   */
  optimal?: boolean;
  /** Why it is or is not optimal, e.g. "A* with the admissible heuristic lmcut". */
  optimality?: string;
  /** The search trace, when the request asked for it. */
  trace?: SearchTrace;
  /**
   * Plans found: 1 when the search stopped at its first plan; with anytime
   * search, the number of plans reported as progress events (`plan` is the
   * last, cheapest one). 0 without a plan. Absent for errors.
   */
  plansFound?: number;
  /** Why the last plan is final; absent for errors. */
  finalPlan?: FinalPlanReason;
  /** The names in `(define (domain …))` and `(define (problem …))`, lower case; only when solved. */
  domain?: string;
  problem?: string;
  /** Statistics; for "out-of-time" by the safety net, the last progress report's. */
  stats: SearchStats;
  /** Only with status "error". */
  error?: PlannerError;
}

/**
 * Why a plan is the final one (the core's names, as `lazylifted plan
 * --stats-json`'s `final_plan`): "first-plan" (anytime search off),
 * "time-limit" (the time ran out while looking for a cheaper plan),
 * "proved-optimal" (weighted A* at weight 1 with an admissible heuristic
 * found it), "exhausted" (no cheaper plan exists: the space under the cost
 * bound is exhausted), "limit" (the memory or expansion limit), "none" (no plan).
 */
export type FinalPlanReason =
  | 'none' | 'first-plan' | 'time-limit' | 'proved-optimal' | 'exhausted' | 'limit';

/** A plan an anytime search found (Progress.plan): validated, cheaper than the one before. */
export interface FoundPlan {
  /** 1, 2, …: the order found (the CLI's `--plan-file F` writes plan N to `F.N`). */
  number: number;
  /** Its cost (its length without action costs); strictly below the previous plan's. */
  cost: number;
  /** As SolveResponse.costKind: "general" when the task has action costs. */
  costKind: 'unit' | 'general';
  /** IPC-style steps, as SolveResponse.plan. */
  steps: string[];
  /** Search time when it was found, seconds. */
  elapsedS: number;
}

export interface Progress {
  /** Search time so far, seconds. */
  elapsedS: number;
  expansions: number;
  evaluations: number;
  generated: number;
  bestH: number | null;
  initialH: number | null;
  /** True if this report was sent because the best h improved. */
  newBestH: boolean;
  stats: SearchStats;
  /** Anytime search only: set on the report of each plan found, the first one included. */
  plan?: FoundPlan;
}

export interface SolveOptions {
  /**
   * Called on every new best h and every progressIntervalMs of search time
   * (reports are sent between expansions), and with anytime search on every
   * plan found (`progress.plan`). Exceptions thrown here are logged and ignored.
   */
  onProgress?: (progress: Progress) => void;
  /**
   * Cancels the solve: the worker is terminated at once (even mid-search), the
   * promise rejects with a DOMException named "AbortError" (its `cause` is
   * `signal.reason`), and a fresh worker is started for the next call.
   */
  signal?: AbortSignal;
}

export interface Diagnostic extends PlannerError {
  severity: 'error' | 'warning';
}

export interface CheckResult {
  ok: boolean;
  /** [] or one diagnostic (the parser stops at the first error), in domain.pddl or problem.pddl. */
  diagnostics: Diagnostic[];
  /** What the parser accepted with a warning (severity "warning"), e.g. a requirement not declared. */
  warnings: Diagnostic[];
  summary?: {
    domain: string;
    problem: string;
    types: number;
    objects: number;
    predicates: number;
    actions: number;
    initialAtoms: number;
    goalAtoms: number;
    /** The domain's fingerprint (docs/model-format.md): a pretrained model applies when its own matches. */
    fingerprint: string;
  };
}

/** explain() and partialActionChildren() requests (docs/explain.md). */
export interface ExplainRequest {
  domain: string;
  problem: string;
  /** A model's JSON text (or parsed object); without one the heuristic is ff (rff in PS²). */
  model?: string | object | null;
  /** Default: the model's space, else "state" below 300 objects. */
  space?: 'state' | 'partial';
  heuristic?: 'ff' | 'rff' | 'hadd' | 'hmax' | 'goal-count' | 'wl';
  /** The plan whose states are explained: IPC text or an array of steps. */
  plan?: string | string[] | null;
  /** Only the state after this many steps (0: initial). explain: all states without it. */
  step?: number;
  /** Features per state (explain; default 10). */
  top?: number;
  /** A partial action [schema, object...]: explain h(s, it); the node whose children to list. */
  path?: string[];
  /** At most this many children (partialActionChildren; default 50). */
  limit?: number;
}

export interface ApiError {
  category: string;
  message: string;
  file: string | null;
  line: number | null;
  column: number | null;
}

export interface WlFeature {
  /** The WL iteration the colour comes from (0: a node label). */
  iteration: number;
  weight: number;
  count: number;
  /** weight * count */
  contribution: number;
  /** The colour decoded into words (never a raw colour id). */
  text: string;
}

export interface WlExplanation {
  /** Sum of weight * count over all features, in the heuristic's order. */
  rawValue: number;
  /** round(rawValue), half away from zero: the h the search uses. */
  h: number | null;
  rounding: string;
  /** The top features by |contribution|. */
  features: WlFeature[];
  otherFeatures: { count: number; contribution: number };
  zeroWeightColours: number;
  unseenNodeColours: number;
  nodeColours: number;
}

export interface StepExplanation {
  step: number;
  /** The plan action that led to this state (null for the initial state). */
  action: string | null;
  /** The partial action evaluated with the state (null: none). */
  partial: string | null;
  /** null for a dead end. */
  h: number | null;
  deadEnd: boolean;
  isGoal: boolean;
  wl?: WlExplanation;
  /** hFF / rFF: the relaxed plan, helpful actions marked. */
  relaxedPlan?: { action: string; helpful: boolean }[];
}

export interface ExplainResponse {
  status: 'ok' | 'error';
  error?: ApiError;
  heuristic: string;
  space: 'state' | 'partial';
  model: string | null;
  graph: 'ilg' | 'aoag' | 'aeg' | null;
  iterations: number;
  /** The model's WL variant (plain or individualised), null without a model. */
  variant: 'wl' | 'iwl' | null;
  planLength: number;
  steps: StepExplanation[];
}

export interface TreeChild {
  path: string[];
  label: string;
  partial: string;
  h: number | null;
  deadEnd: boolean;
  /** false: the time budget ran out before this child (h is null). */
  evaluated: boolean;
  complete: boolean;
  onPlan: boolean;
}

export interface TreeLevelResponse {
  status: 'ok' | 'error';
  error?: ApiError;
  step: number;
  path: string[];
  partial: string | null;
  /** null for a dead end, or when the time budget left the node unevaluated. */
  h: number | null;
  evaluated: boolean;
  complete: boolean;
  heuristic: string;
  totalChildren: number;
  truncated: boolean;
  children: TreeChild[];
}

export interface ValidateResult {
  valid: boolean;
  message: string;
  /** 0-based index of the first inapplicable step, or null. */
  failedStep: number | null;
  /** Goal literals false at the end. */
  unmetGoals: string[];
  planLength: number | null;
  /** The plan's cost (its length without action costs); null unless valid. */
  planCost: number | null;
  /** When the domain, problem or plan (file "plan") cannot be parsed. */
  error?: PlannerError;
}

/** The states along a plan (planner.trace), as the core's validator replays it. */
export interface PlanTrace {
  /** False when the domain, problem or plan cannot be parsed (see `error`). */
  ok: boolean;
  valid?: boolean;
  message?: string;
  /** 0-based index of the first inapplicable step (the trace stops before it), or null. */
  failedStep?: number | null;
  unmetGoals?: string[];
  /** The domain's predicates in declaration order; static: in no effect of any action;
   * derived: defined by axioms (:derived), present only when true. */
  predicates?: { name: string; static: boolean; derived?: boolean }[];
  /** The positive goal atoms, e.g. "(on a b)". */
  goals?: string[];
  /** states[0]: the initial state; states[i]: the state after step i (1-based). */
  states?: string[][];
  /** added[i] / deleted[i]: the atoms step i added / deleted; index 0 is empty. */
  added?: string[][];
  deleted?: string[][];
  error?: PlannerError;
}

export interface Planner {
  /** The module's version, e.g. "0.1.0". */
  readonly version: string;
  /** The core's configuration aliases, "default" first (for `SolveRequest.config`). */
  readonly searchAliases: readonly SearchAlias[];
  /** The core's PDDL requirements, in its order: those it accepts and those it refuses. */
  readonly pddlRequirements: {
    readonly supported: readonly string[];
    readonly refused: readonly string[];
  };
  /** True while a solve runs. */
  readonly busy: boolean;
  /** True after terminate(). */
  readonly terminated: boolean;

  /**
   * Runs a search in the worker. Resolves with the response for every outcome
   * of the planner, PDDL errors included (status "error"). Rejects only:
   * - with a DOMException named "AbortError" if `signal` fires (or had fired)
   *   or terminate() is called;
   * - with an Error named "BusyError" if another solve of this planner is still
   *   running (solves are not queued: await or cancel the first one);
   * - with an Error if the worker cannot be started (files missing).
   */
  solve(request: SolveRequest, options?: SolveOptions): Promise<SolveResponse>;

  /**
   * Parses without searching. Runs in the solve worker while no solve runs (a
   * solve called meanwhile waits for it), else in a second worker, so it
   * answers during a solve. validate() and trace() run the same way.
   */
  check(domain: string, problem: string): Promise<CheckResult>;

  /** Replays a plan: IPC lines "(a x y)" (one per line, ";" comments) or an array of steps. */
  validate(domain: string, problem: string, plan: string | string[]): Promise<ValidateResult>;

  /** The states along a plan with each step's added and deleted atoms (runs like check()). */
  trace(domain: string, problem: string, plan: string | string[]): Promise<PlanTrace>;

  /** h and why for the states along a plan (second worker). Errors resolve with status "error". */
  explain(request: ExplainRequest): Promise<ExplainResponse>;

  /** The children of one node of a state's partial-action tree, with h (second worker). */
  partialActionChildren(request: ExplainRequest): Promise<TreeLevelResponse>;

  /** Terminates the workers; pending calls reject with an AbortError; later calls reject too. */
  terminate(): void;
}

/**
 * Starts the planner's worker (a module Web Worker in browsers, a
 * worker_threads Worker in Node) and resolves once the WebAssembly module is
 * instantiated. Rejects if the worker or the module cannot be loaded.
 */
export function createPlanner(options?: PlannerOptions): Promise<Planner>;
export default createPlanner;
