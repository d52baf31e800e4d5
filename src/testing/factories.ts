/**
 * Seeded factories of realistic inputs: rules, memories, session candidates and projects that
 * read like a real memory system's, the same for the same seed and options in every version.
 */
import type { MemoryCategory, MemoryInput } from "../model/memory.js";
import type { ProjectContextInput, ProjectStatus, TodoInput } from "../model/project.js";
import type { MemoryRuleInput } from "../model/rule.js";
import type { InjectionCandidateInput, InjectionCategory } from "../model/session.js";
import { badArgument, optionsArgument } from "../problems/arguments.js";
import { type Seeded, seeded } from "./seeded.js";

/** Options every factory takes. */
export interface FactoryOptions {
  /** Seeds the choices; the same seed gives the same items. Default 1. */
  readonly seed?: number;
  /** The clock dates count back from (ISO 8601); default `2025-10-04T20:00:00Z`. */
  readonly now?: string;
}

const DEFAULT_NOW = "2025-10-04T20:00:00Z";

const ACTIONS = [
  ["run", "the test suite"],
  ["run", "the linter"],
  ["write", "a migration"],
  ["update", "the changelog"],
  ["add", "type annotations"],
  ["keep", "functions under forty lines"],
  ["use", "structured logging"],
  ["pin", "dependency versions"],
  ["review", "the diff"],
  ["document", "public functions"],
  ["squash", "fixup commits"],
  ["rotate", "API keys"],
  ["profile", "the hot path"],
  ["mock", "network calls"],
  ["check", "the error budget"],
] as const;

const WHEN = [
  "before every commit",
  "before pushing to main",
  "when touching the payment client",
  "after changing a database schema",
  "in pull requests",
  "when a test is flaky",
  "for every new endpoint",
  "while the release branch is frozen",
];

const RULE_CATEGORIES = [
  "behavior",
  "code_style",
  "testing",
  "workflow",
  "security",
  "documentation",
  "preference",
];
const SCOPES = ["python", "typescript", "git", "testing", "ci", "api", "database", "docs"];
const SOURCES = ["user_explicit", "inferred", "team_handbook", "code_review"];

const PEOPLE = ["Ada", "Grace", "Linus", "Margaret", "Ken", "Barbara"];
const SERVICES = ["billing service", "payment client", "search index", "auth gateway", "CLI"];
const TOOLS = ["uv", "pytest", "ruff", "pnpm", "vitest", "Docker", "Terraform", "Postgres"];

const MEMORY_CATEGORIES: readonly MemoryCategory[] = [
  "procedural",
  "factual",
  "preference",
  "behavioral",
  "episodic",
];

const WORK = [
  "Implemented retry logic in the",
  "Fixed a race condition in the",
  "Refactored the configuration loader of the",
  "Added integration tests for the",
  "Profiled slow queries in the",
  "Reviewed the error handling of the",
  "Migrated the build of the",
];
const OUTCOMES = [
  "tests pass now",
  "two edge cases are left for later",
  "the fix needs a follow-up review",
  "latency dropped by a third",
  "the old code path is still behind a flag",
];

const PROJECT_NAMES = ["Atlas", "Beacon", "Cobalt", "Drift", "Ember", "Fathom", "Gantry"];
const LANGUAGES = ["Python", "TypeScript", "Rust", "Go", "SQL"];
const FRAMEWORKS = ["FastAPI", "React", "Tokio", "Django", "Next.js", "Axum"];
const FILES = [
  "src/payments/client.py",
  "src/payments/retry.py",
  "tests/test_client.py",
  "src/config/loader.ts",
  "src/search/index.rs",
  "docs/ARCHITECTURE.md",
  "migrations/0042_add_invoices.sql",
  "README.md",
];
const TODO_TEXTS = [
  "Finish the retry backoff",
  "Write tests for the webhook handler",
  "Document the configuration format",
  "Remove the legacy search endpoint",
  "Tune the connection pool size",
  "Review the invoice migration",
];

/** The most items one factory call makes: more is a mistake, not a fixture. */
const MAX_FACTORY_COUNT = 1_000_000;

/** A count argument: a whole number from 0 to {@link MAX_FACTORY_COUNT}. */
function countArgument(count: number): number {
  if (!Number.isSafeInteger(count) || count < 0 || count > MAX_FACTORY_COUNT) {
    badArgument("count", "a whole number from 0 to 1,000,000", count);
  }
  return count;
}

/** The seeded source and the clock of a factory call. */
function start(options: FactoryOptions): { random: Seeded; now: number } {
  const { seed = 1, now = DEFAULT_NOW } = optionsArgument(options);
  if (typeof seed !== "number" || !Number.isFinite(seed))
    badArgument("options.seed", "a number", seed);
  const time = typeof now === "string" ? Date.parse(now) : Number.NaN;
  if (Number.isNaN(time)) badArgument("options.now", "an ISO 8601 date-time", now);
  return { random: seeded(seed), now: time };
}

/** An ISO date-time `hours` (whole minutes) before `now`. */
const hoursBefore = (now: number, hours: number) =>
  new Date(now - Math.round(hours * 60) * 60_000).toISOString();

/** Options of {@link makeRules}. */
export interface MakeRulesOptions extends FactoryOptions {
  /** Share of absolute rules, 0–1; default 0.2. */
  readonly absoluteShare?: number;
}

/**
 * `count` memory rules such as a team writes them: "Always run the linter before every commit",
 * with categories, scopes, sources, conditions, priorities and creation dates; ids `rule-1`…
 *
 * @example
 * ```ts
 * const rules = makeRules(20, { seed: 7 });
 * manager.format("claude", { rules }, { counter: fixedCounter, budget: 300 });
 * ```
 */
export function makeRules(count: number, options: MakeRulesOptions = {}): MemoryRuleInput[] {
  countArgument(count);
  const { random, now } = start(options);
  const { absoluteShare = 0.2 } = options;
  if (typeof absoluteShare !== "number" || !(absoluteShare >= 0 && absoluteShare <= 1)) {
    badArgument("options.absoluteShare", "a number from 0 to 1", absoluteShare);
  }
  return Array.from({ length: count }, (_, index): MemoryRuleInput => {
    const absolute = random.chance(absoluteShare);
    const [verb, object] = random.pick(ACTIONS);
    const when = random.pick(WHEN);
    const lead = absolute
      ? random.pick(["Always", "Without exception,"])
      : random.pick(["Prefer to", "Try to", "Usually", "When in doubt,"]);
    const scope = random.some(SCOPES, random.int(0, 2));
    return {
      id: `rule-${index + 1}`,
      name: `${verb}_${object.split(" ").slice(-1)[0]}_${index + 1}`,
      rule: `${lead} ${verb} ${object} ${when}.`,
      category: random.pick(RULE_CATEGORIES),
      authority: absolute ? "absolute" : "default",
      ...(scope.length > 0 ? { scope } : {}),
      ...(random.chance(0.4) ? { source: random.pick(SOURCES) } : {}),
      ...(random.chance(0.25) ? { conditions: { condition: random.pick(WHEN) } } : {}),
      priority: random.int(0, 100),
      createdAt: hoursBefore(now, random.int(1, 24 * 90)),
    };
  });
}

/** One memory's text, of one to three sentences (some past 30 words, which get summarized). */
function memoryText(random: Seeded, category: MemoryCategory): string {
  const person = random.pick(PEOPLE);
  const service = random.pick(SERVICES);
  const tool = random.pick(TOOLS);
  const first = {
    procedural: `Run \`${tool}\` before deploying the ${service}.`,
    factual: `${person} owns the ${service} and reviews changes to it.`,
    preference: `${person} prefers ${tool} over the alternatives and short commit messages.`,
    behavioral: `${person} usually asks for a plan before large changes to the ${service}.`,
    episodic: `Last week the ${service} was moved to ${tool}; ${random.pick(OUTCOMES)}.`,
  }[category];
  const more = random.int(0, 2);
  const rest = Array.from(
    { length: more },
    () => `${random.pick(WORK)} ${random.pick(SERVICES)}, and ${random.pick(OUTCOMES)}.`,
  );
  return [first, ...rest].join(" ");
}

/**
 * `count` memories of every category, with confidences, scores and dates; ids `mem-1`…
 *
 * @example
 * ```ts
 * injectMemories([], { memories: makeMemories(50, { seed: 3 }), nonce: "n0nce-7f3a9c2e", budget: 500 });
 * ```
 */
export function makeMemories(count: number, options: FactoryOptions = {}): MemoryInput[] {
  countArgument(count);
  const { random, now } = start(options);
  return Array.from({ length: count }, (_, index): MemoryInput => {
    const category = random.pick(MEMORY_CATEGORIES);
    return {
      id: `mem-${index + 1}`,
      content: memoryText(random, category),
      category,
      confidence: random.int(50, 100) / 100,
      score: random.int(0, 1000) / 1000,
      createdAt: hoursBefore(now, random.int(1, 24 * 60)),
    };
  });
}

const CANDIDATE_CATEGORIES: readonly InjectionCategory[] = [
  "high_relevance_cluster",
  "single_space_match",
  "recent_session",
];

/**
 * `count` session candidates (work done in earlier sessions) with relevances, categories and
 * dates within the last two weeks of `now`; ids `cand-1`…
 *
 * @example
 * ```ts
 * formatFullContext(makeCandidates(8, { seed: 2 }), [], { now: "2025-10-04T20:00:00Z" });
 * ```
 */
export function makeCandidates(
  count: number,
  options: FactoryOptions = {},
): InjectionCandidateInput[] {
  countArgument(count);
  const { random, now } = start(options);
  return Array.from({ length: count }, (_, index): InjectionCandidateInput => {
    const words = `${random.pick(WORK)} ${random.pick(SERVICES)}; ${random.pick(OUTCOMES)}.`;
    return {
      id: `cand-${index + 1}`,
      content: random.chance(0.3) ? `${words} ${memoryText(random, "episodic")}` : words,
      relevance: random.int(5, 100) / 100,
      category: random.pick(CANDIDATE_CATEGORIES),
      createdAt: hoursBefore(now, random.int(1, 24 * 14)),
    };
  });
}

/** Options of {@link makeProject}. */
export interface MakeProjectOptions extends FactoryOptions {
  /** The project's id; default from its name (`atlas`). */
  readonly projectId?: string;
  /** Its status; default `active`. */
  readonly status?: ProjectStatus;
}

/**
 * One project's state with every part filled, so each shrink rule has something to do: last
 * session, one to five TODOs of mixed priority, recent files, stack, a blocker and a note.
 *
 * @example
 * ```ts
 * formatProjectContext(makeProject({ seed: 4 }), { budget: 120, counter: fixedCounter });
 * ```
 */
export function makeProject(options: MakeProjectOptions = {}): ProjectContextInput {
  const { random, now } = start(options);
  const name = random.pick(PROJECT_NAMES);
  const todos = random.some(TODO_TEXTS, random.int(1, 5));
  return {
    projectId: options.projectId ?? name.toLowerCase(),
    name,
    status: options.status ?? "active",
    lastSessionSummary: `${random.pick(WORK)} ${random.pick(SERVICES)}; ${random.pick(OUTCOMES)}.`,
    lastSessionDate: hoursBefore(now, random.int(2, 72)),
    activeTodos: todos.map(
      (text): TodoInput => ({
        text,
        priority: random.pick([1, 2, 3] as const),
        addedDate: hoursBefore(now, random.int(24, 24 * 30)),
      }),
    ),
    recentFiles: random.some(FILES, random.int(2, 6)),
    languages: random.some(LANGUAGES, random.int(1, 2)),
    frameworks: random.some(FRAMEWORKS, random.int(1, 2)),
    blockers: [`Waiting on access to the ${random.pick(SERVICES)}.`],
    notes: [`${random.pick(PEOPLE)} reviews everything that touches the ${random.pick(SERVICES)}.`],
    lastUpdated: hoursBefore(now, random.int(1, 24)),
  };
}
