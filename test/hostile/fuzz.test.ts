/**
 * Every exported function of "contextfmt", "contextfmt/hooks", "contextfmt/testing",
 * "contextfmt/tiktoken" and "contextfmt/sync" throws only `ContextFmtError`s,
 * whatever it is given: arbitrary values, hostile text, numbers such as NaN and 1e16, objects of
 * the right shape with fields of the wrong type, callbacks that return anything, lists too long
 * to spread into one call. The list of cases is checked against the entries' exports, so a new
 * export without a case fails here.
 */

import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as core from "contextfmt";
import * as adapters from "contextfmt/adapters";
import * as hooks from "contextfmt/hooks";
import * as sync from "contextfmt/sync";
import * as testing from "contextfmt/testing";
import * as tiktoken from "contextfmt/tiktoken";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hookInputs } from "../fixtures/hook-inputs.js";
import { arbitraryMemorySet } from "../fixtures/memories.js";
import { arbitraryProject, samTerminal } from "../fixtures/projects.js";
import { arbitraryRuleSet } from "../fixtures/rules.js";
import { arbitraryCandidate, arbitrarySession } from "../fixtures/session.js";

/** Anything at all, the awkward values included. */
const anything = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  maxDepth: 2,
});

const specialNumber = fc.constantFrom(
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  -0,
  -1,
  0.5,
  1e16,
  -1e16,
  8.64e15,
  2 ** 53,
  Number.MAX_VALUE,
);

/** A counter whose counts may be anything: NaN, negative, fractional, a string. */
const counterLike = fc.record({
  name: fc.oneof(fc.string(), anything),
  count: fc.func(fc.oneof(fc.nat(), specialNumber, fc.string(), anything)),
  lineAdditive: fc.oneof(fc.boolean(), anything),
});

/** A value that is sometimes right and often wrong, in the ways callers get it wrong. */
const value = fc.oneof(
  { weight: 3, arbitrary: anything },
  { weight: 2, arbitrary: fc.constantFrom(...testing.hostileTexts) },
  { weight: 2, arbitrary: fc.string() },
  { weight: 2, arbitrary: specialNumber },
  { weight: 1, arbitrary: fc.nat() },
  { weight: 1, arbitrary: counterLike },
  { weight: 1, arbitrary: fc.func(anything) },
);

/** Options objects with the keys the library knows, each with a right or a wrong value. */
const options = fc.oneof(
  value,
  fc.record(
    {
      budget: fc.oneof(fc.nat({ max: 3000 }), value),
      maxTokens: fc.oneof(fc.nat({ max: 500 }), value),
      now: fc.oneof(fc.constant("2026-01-25T10:00:00Z"), specialNumber, value),
      counter: fc.oneof(fc.constant(core.defaultCounter), counterLike, value),
      strict: fc.oneof(fc.boolean(), value),
      nonce: fc.oneof(fc.constant("session-nonce-42"), value),
      markup: fc.oneof(fc.constantFrom("xml", "markdown"), value),
      safety: fc.oneof(fc.double(), value),
      contextWindow: fc.oneof(fc.nat(), value),
      maxCandidates: fc.oneof(fc.nat(), value),
      recentDays: fc.oneof(fc.nat(), value),
      maxRecentFiles: fc.oneof(fc.nat(), value),
      minRoom: fc.oneof(fc.nat(), value),
      minRelevance: fc.oneof(fc.double({ min: 0, max: 1 }), specialNumber, value),
      replace: fc.oneof(fc.boolean(), value),
      projectId: value,
      templates: value,
      summarizer: fc.func(fc.oneof(fc.string(), value)),
      id: value,
    },
    { requiredKeys: [] },
  ),
);

/** A structure that is valid, or valid with one field of the wrong type. */
function plausible<T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof(
    valid,
    fc.tuple(valid, fc.string(), value).map(([base, key, wrong]) => {
      if (typeof base !== "object" || base === null) return base;
      const keys = Object.keys(base);
      const target = keys.length > 0 ? keys[key.length % keys.length] : key;
      return { ...base, [target as string]: wrong };
    }),
    value,
  );
}

const rules = plausible(arbitraryRuleSet);
const memories = plausible(arbitraryMemorySet);
const session = plausible(arbitrarySession);
const candidates = fc.oneof(fc.array(plausible(arbitraryCandidate), { maxLength: 4 }), value);
const project = plausible(arbitraryProject);
const projects = fc.oneof(fc.array(project, { maxLength: 3 }), project, value);
const text = fc.oneof(fc.string(), fc.constantFrom(...testing.hostileTexts), value);
const formatId = fc.oneof(fc.constantFrom(...adapters.builtinAdapters.map((a) => a.id)), value);
const input = fc.oneof(rules, memories, session, fc.record({ projects }), value);
const hookTool = fc.oneof(fc.constantFrom(...hooks.HOOK_TOOLS), value);
const hookEvent = fc.oneof(
  fc.constantFrom("SessionStart", "UserPromptSubmit", "PreToolUse", "BeforeAgent", "after-tool"),
  value,
);
const hookPayloads = Object.values(hookInputs).flatMap((events) => Object.values(events));
const hookJson = fc.oneof(
  fc.constantFrom(
    ...hookPayloads.flatMap((event) => [
      event,
      JSON.stringify(event),
      `\uFEFF${JSON.stringify(event)}`,
    ]),
  ),
  // A field left out, or of another type.
  fc.tuple(fc.constantFrom(...hookPayloads), fc.nat()).map(([event, at]) => {
    const keys = Object.keys(event);
    return Object.fromEntries(
      keys
        .filter((_, index) => index !== at % keys.length)
        .map((key) => [key, (event as Record<string, unknown>)[key]]),
    );
  }),
  // JSON values only: a stdin object is sent as JSON.
  fc.tuple(fc.constantFrom(...hookPayloads), fc.nat(), fc.jsonValue()).map(([event, at, wrong]) => {
    const keys = Object.keys(event);
    return { ...event, [keys[at % keys.length] as string]: wrong };
  }),
  text,
);
/**
 * Every fixture's hook input, parsed as `hookContext` takes it, with the event the hook was called
 * for (Cline's input names none).
 */
const parsedHooks = Object.entries(hookInputs).flatMap(([tool, events]) =>
  Object.entries(events).map(([name, event]) =>
    hooks.parseHookInput(tool as hooks.HookTool, event, { event: name as never }),
  ),
);
/** Hook files by flag, each made from its content by `file`, or a wrong value. */
const hookFiles = (file: (data: unknown) => unknown) =>
  fc.oneof(
    fc.record(
      {
        rules: fc.oneof(rules.map(file), value),
        project: fc.oneof(
          projects.map((list) => file({ projects: list })),
          value,
        ),
        session: fc.oneof(session.map(file), value),
        memories: fc.oneof(memories.map(file), value),
      },
      { requiredKeys: [] },
    ),
    value,
  );
const hookParseOptions = fc.oneof(
  fc.constant(undefined),
  value,
  fc.record(
    {
      strict: fc.oneof(fc.boolean(), value),
      event: fc.oneof(hookEvent, value),
      report: fc.oneof(fc.func(anything), value),
    },
    { requiredKeys: [] },
  ),
);
const template = plausible(
  fc.record({
    name: fc.string({ minLength: 1 }),
    toolName: fc.constantFrom("claude", "codex", "gemini", "cursor"),
    headerTemplate: fc.constantFrom("# {project_name}\n", "{rules_count}\n", "{nope}"),
    ruleTemplate: fc.constantFrom("{rule_text}\n", "[{number}] {rule_name}\n{rule_text}\n"),
    footerTemplate: fc.constantFrom("", "---\n"),
    variables: fc.constant({}),
  }),
);
const issues = fc.oneof(
  fc.array(
    plausible(
      fc.record({
        code: fc.string(),
        severity: fc.constantFrom("error", "warning", "info"),
        message: fc.string(),
        path: fc.string(),
      }),
    ),
    { maxLength: 4 },
  ),
  value,
);
const component = plausible(
  fc.record({
    id: fc.string(),
    priority: fc.nat({ max: 5 }),
    text: fc.string(),
    shrink: fc.func(fc.oneof(fc.string(), fc.constant(undefined), value)),
  }),
);

/** One exported function (or method) and the arguments to call it with. */
interface FuzzCase {
  readonly args: fc.Arbitrary<readonly unknown[]>;
  readonly call: (args: readonly unknown[]) => unknown;
  /** Arguments tried first on every run, whatever the seed: cases once found to break it. */
  readonly examples?: readonly (readonly unknown[])[];
}

/**
 * Lists past what one call can take as arguments (some 120,000): a spread into push() overflows
 * the stack with a RangeError.
 */
const MANY_PATHS = Array.from({ length: 130_000 }, (_, i) => `edited src/f${i}.ts`).join("; ");
const MANY_FACTS = Array.from({ length: 150_000 }, (_, i) => `Fact ${i} about the user`);

// biome-ignore lint/suspicious/noExplicitAny: the cases call every export with what it does not expect
type Loose = (...args: any[]) => unknown;
const fn = (target: unknown): Loose => target as Loose;
const args = (...parts: fc.Arbitrary<unknown>[]) => fc.tuple(...parts);
const call =
  (target: unknown) =>
  (list: readonly unknown[]): unknown =>
    fn(target)(...list);
const manager = new core.FormatManager();
const method =
  (name: keyof core.FormatManager) =>
  (list: readonly unknown[]): unknown =>
    (manager[name] as Loose).apply(manager, [...list]);
const newError =
  (ErrorClass: unknown) =>
  (list: readonly unknown[]): unknown =>
    new (ErrorClass as new (...parts: unknown[]) => Error)(...list);

/**
 * A project for the project verbs: the bundled example with a `.git` of its own. They only plan
 * and read it here: no case can make a plan that `applyPlan` would write.
 */
const syncProject = (() => {
  const dir = join(mkdtempSync(join(tmpdir(), "fuzz-sync-")), "project");
  cpSync(new URL("../../examples/project", import.meta.url), dir, { recursive: true });
  mkdirSync(join(dir, ".git"));
  return dir;
})();
/** The project `watchSync` is given: a copy of its own, as its first sync writes. */
const watchProject = (() => {
  const dir = join(mkdtempSync(join(tmpdir(), "fuzz-watch-")), "project");
  cpSync(new URL("../../examples/project", import.meta.url), dir, { recursive: true });
  mkdirSync(join(dir, ".git"));
  return dir;
})();
// Anything but a path to a real folder elsewhere ("", ".", "..", "/…"): a doctor of the whole
// checkout or machine would only be slow.
/** A home for `planSync({ user })`: Claude Code's user files, and Codex CLI's folder. */
const userHome = (() => {
  const home = mkdtempSync(join(tmpdir(), "fuzz-home-"));
  mkdirSync(join(home, ".claude/commands"), { recursive: true });
  mkdirSync(join(home, ".codex"));
  writeFileSync(join(home, ".claude/CLAUDE.md"), "# Mine\n");
  writeFileSync(join(home, ".claude/commands/a.md"), "---\ndescription: A\n---\nA.\n");
  return home;
})();
const projectDir = fc.oneof(
  fc.constant(syncProject),
  value.filter((v) => typeof v !== "string" || !/^(?:$|\.|\/)/.test(v)),
);
const syncClient = fc.oneof(fc.constantFrom(...sync.SYNC_TOOLS), value);
const syncClients = fc.oneof(
  fc.array(fc.constantFrom(...sync.SYNC_TOOLS), { maxLength: 3 }),
  value,
);

/** The cases, by `<entry>:<export>` (`#method` for a class's methods, `.count` for a counter's). */
const CASES: Record<string, FuzzCase> = {
  "core:packByBudget": {
    args: args(
      fc.oneof(
        fc.array(
          plausible(
            fc.record({
              value: fc.string(),
              cost: fc.nat(),
              required: fc.boolean(),
              groups: fc.array(fc.string()),
            }),
          ),
        ),
        value,
      ),
      options,
    ),
    call: call(core.packByBudget),
  },
  "core:summarize": { args: args(text, fc.oneof(fc.nat(), value)), call: call(core.summarize) },
  "core:formatTimeAgo": {
    args: args(fc.oneof(fc.date(), value), fc.oneof(fc.date(), value)),
    call: call(core.formatTimeAgo),
  },
  "core:truncateByPriority": {
    args: args(fc.oneof(fc.array(component, { maxLength: 5 }), value), options),
    call: call(core.truncateByPriority),
  },
  "adapters:defineAdapter": {
    args: args(
      fc.oneof(
        value,
        fc.constantFrom(...adapters.builtinAdapters).map((a) => ({ ...a })),
      ),
    ),
    call: call(adapters.defineAdapter),
  },
  "adapters:escapeLineStart": { args: args(text), call: call(adapters.escapeLineStart) },
  "adapters:escapeMarkdownInline": { args: args(text), call: call(adapters.escapeMarkdownInline) },
  "adapters:escapeMarkdownLineStart": {
    args: args(text),
    call: call(adapters.escapeMarkdownLineStart),
  },
  "adapters:escapeTags": { args: args(text), call: call(adapters.escapeTags) },
  "adapters:escapeXmlAttribute": { args: args(text), call: call(adapters.escapeXmlAttribute) },
  "adapters:escapeXmlText": { args: args(text), call: call(adapters.escapeXmlText) },
  "adapters:inlineText": { args: args(text), call: call(adapters.inlineText) },
  "adapters:sanitizeText": { args: args(text), call: call(adapters.sanitizeText) },
  "adapters:titleCase": { args: args(text), call: call(adapters.titleCase) },
  "core:injectMemories": {
    args: args(
      fc.oneof(fc.array(fc.oneof(fc.record({ role: fc.string(), content: text }), value)), value),
      fc.oneof(
        options,
        fc
          .tuple(memories, options)
          .map(([set, rest]) =>
            typeof rest === "object" && rest !== null ? { ...(set as object), ...rest } : set,
          ),
      ),
    ),
    call: call(core.injectMemories),
  },
  "core:toAnthropic": { args: args(value), call: call(core.toAnthropic) },
  "core:toGoogle": { args: args(value), call: call(core.toGoogle) },
  "core:createSessionNonce": { args: args(value), call: call(core.createSessionNonce) },
  "core:buildCombinedContext": {
    examples: [[{ user: { userId: "ada", facts: MANY_FACTS }, projects: [samTerminal] }]],
    args: args(
      fc.oneof(
        options,
        fc.record({
          user: fc.oneof(
            fc.record({ userId: fc.string(), facts: fc.array(fc.oneof(fc.string(), value)) }),
            value,
          ),
          projects,
          now: fc.oneof(fc.constant("2026-01-25T10:00:00Z"), value),
          maxTokens: fc.oneof(fc.nat({ max: 600 }), value),
          markup: fc.oneof(fc.constantFrom("xml", "markdown"), value),
        }),
      ),
    ),
    call: call(core.buildCombinedContext),
  },
  "core:deduplicateContext": { args: args(text, text), call: call(core.deduplicateContext) },
  "core:formatProjectContext": {
    args: args(projects, options),
    call: call(core.formatProjectContext),
  },
  "core:formatBriefContext": {
    args: args(candidates, options),
    call: call(core.formatBriefContext),
  },
  "core:formatDivergenceAlert": {
    args: args(
      plausible(
        fc.record({ space: fc.string(), recentContext: fc.string(), similarity: fc.double() }),
      ),
    ),
    call: call(core.formatDivergenceAlert),
  },
  "core:formatFullContext": {
    args: args(candidates, fc.oneof(fc.array(value, { maxLength: 2 }), value), options),
    call: call(core.formatFullContext),
  },
  "core:createFormatManager": {
    args: args(fc.oneof(fc.array(value, { maxLength: 2 }), value)),
    call: call(core.createFormatManager),
  },
  "core:FormatManager": {
    args: args(fc.oneof(fc.array(value, { maxLength: 2 }), value)),
    call: newError(core.FormatManager),
  },
  "core:FormatManager#register": {
    args: args(
      fc.oneof(
        value,
        fc.constantFrom(...adapters.builtinAdapters).map((a) => ({ ...a, id: `${a.id}-copy` })),
      ),
      options,
    ),
    call: method("register"),
  },
  "core:FormatManager#get": { args: args(formatId), call: method("get") },
  "core:FormatManager#has": { args: args(formatId), call: method("has") },
  "core:FormatManager#list": { args: args(value), call: method("list") },
  "core:FormatManager#format": { args: args(formatId, input, options), call: method("format") },
  "core:FormatManager#formatAll": { args: args(input, options), call: method("formatAll") },
  "adapters:parseWith": {
    args: args(
      fc.oneof(
        fc.constantFrom(core.RuleSetSchema, core.MemorySchema, core.ProjectContextSchema),
        value,
      ),
      input,
      fc.oneof(fc.string(), value),
    ),
    call: call(adapters.parseWith),
  },
  "core:projectToRow": { args: args(project), call: call(core.projectToRow) },
  "core:rowToProject": {
    args: args(
      fc.oneof(
        project.map((p) => {
          try {
            return core.projectToRow({ path: "/p", lastUpdated: 0, ...(p as object) } as never);
          } catch {
            return p;
          }
        }),
        value,
      ),
    ),
    call: call(core.rowToProject),
  },
  "sync:planSync": {
    args: args(
      fc.oneof(
        fc.record(
          {
            dir: projectDir,
            from: syncClient,
            to: syncClients,
            kinds: fc.oneof(fc.array(fc.constantFrom(...sync.SYNC_KINDS), { maxLength: 3 }), value),
            rules: fc.oneof(rules, value),
            rulesName: text,
            budget: fc.oneof(fc.nat({ max: 3000 }), value),
            recordAtItsWord: fc.oneof(fc.boolean(), value),
            // The user's level, in a home of its own (a plan only: nothing is written).
            user: fc.oneof(fc.record({ env: fc.record({ HOME: fc.constant(userHome) }) }), value),
          },
          { requiredKeys: [] },
        ),
        value,
      ),
    ),
    call: call(sync.planSync),
  },
  "sync:watchSync": {
    // A watch that starts is closed at once; its first sync writes only into its own copy.
    args: args(
      fc.oneof(
        fc.record(
          {
            dir: fc.oneof(
              fc.constant(watchProject),
              value.filter((v) => typeof v !== "string"),
            ),
            from: syncClient,
            to: syncClients,
            kinds: fc.oneof(fc.array(fc.constantFrom(...sync.SYNC_KINDS), { maxLength: 3 }), value),
            debounceMs: fc.oneof(fc.nat({ max: 50 }), value),
            force: fc.oneof(fc.boolean(), value),
          },
          { requiredKeys: [] },
        ),
        value,
      ),
      fc.oneof(fc.record({ onRun: value, onError: value }, { requiredKeys: [] }), value),
    ),
    call: (list) => {
      const watcher = fn(sync.watchSync)(...list) as { close?: () => Promise<void> } | undefined;
      return watcher?.close?.();
    },
  },
  "sync:applyPlan": {
    args: args(
      fc.oneof(
        fc.record({ files: value, changed: value, warnings: value, conflicts: value }),
        value,
      ),
      fc.oneof(fc.record({ force: value }, { requiredKeys: [] }), value),
    ),
    call: call(sync.applyPlan),
  },
  "sync:conflictError": {
    args: args(fc.oneof(fc.record({ conflicts: fc.oneof(fc.array(text), value) }), value)),
    call: call(sync.conflictError),
  },
  "sync:planInit": {
    args: args(
      fc.oneof(
        fc.record(
          { dir: projectDir, client: hookTool, events: fc.oneof(fc.constant("all"), text) },
          { requiredKeys: [] },
        ),
        value,
      ),
    ),
    call: call(sync.planInit),
  },
  "sync:initPlaces": { args: args(hookTool), call: call(sync.initPlaces) },
  "sync:planInitRemoval": {
    args: args(
      fc.oneof(fc.record({ dir: projectDir, client: hookTool }, { requiredKeys: [] }), value),
    ),
    call: call(sync.planInitRemoval),
  },
  "sync:findProjectRoot": { args: args(projectDir), call: call(sync.findProjectRoot) },
  "sync:readProjectConfig": { args: args(projectDir), call: call(sync.readProjectConfig) },
  "sync:configuredClients": { args: args(projectDir), call: call(sync.configuredClients) },
  "sync:writeProjectConfig": {
    // Into a fresh folder each time, or anything else as the folder: never over a config.
    args: args(
      fc.oneof(
        fc.constant(undefined).map(() => mkdtempSync(join(tmpdir(), "contextfmt-fuzz-config-"))),
        value,
      ),
      fc.oneof(
        fc.record(
          { from: syncClient, to: fc.oneof(fc.constant("all"), syncClients), accept: value },
          { requiredKeys: [] },
        ),
        value,
      ),
    ),
    call: call(sync.writeProjectConfig),
  },
  "sync:doctor": {
    args: args(
      fc.oneof(
        fc.record(
          { dir: projectDir, clients: syncClients, counter: fc.oneof(counterLike, value) },
          { requiredKeys: [] },
        ),
        value,
      ),
    ),
    call: call(sync.doctor),
  },
  "sync:doctorHtml": {
    args: args(fc.oneof(fc.record({ clients: value, problems: value }), value)),
    call: call(sync.doctorHtml),
  },
  ...Object.fromEntries(
    (
      [
        ["ProjectFileError", sync.ProjectFileError],
        ["InputFileError", sync.InputFileError],
        ["UsageError", sync.UsageError],
        ["ConfigFileError", sync.ConfigFileError],
        ["NotInProjectError", sync.NotInProjectError],
      ] as const
    ).flatMap(([name, ErrorClass]) => [
      [`sync:${name}`, { args: args(value, value), call: newError(ErrorClass) }],
      [`sync:${name}.is`, { args: args(value), call: call(ErrorClass.is.bind(ErrorClass)) }],
    ]),
  ),
  "core:ContextFmtError": { args: args(value, value), call: newError(core.ContextFmtError) },
  ...Object.fromEntries(
    (
      [
        ["ContextFmtError", core.ContextFmtError],
        ["InvalidInputError", core.InvalidInputError],
        ["UnknownAdapterError", core.UnknownAdapterError],
        ["FormatValidationError", core.FormatValidationError],
      ] as const
    ).map(([name, ErrorClass]) => [
      `core:${name}.is`,
      { args: args(value), call: call(ErrorClass.is.bind(ErrorClass)) },
    ]),
  ),
  "core:InvalidInputError": { args: args(issues), call: newError(core.InvalidInputError) },
  "core:UnknownAdapterError": {
    args: args(value, fc.oneof(fc.array(value), value)),
    call: newError(core.UnknownAdapterError),
  },
  "core:FormatValidationError": {
    args: args(value, issues),
    call: newError(core.FormatValidationError),
  },
  "core:hasErrors": { args: args(issues), call: call(core.hasErrors) },
  "core:detectActiveProject": {
    args: args(text, fc.oneof(fc.array(project, { maxLength: 3 }), value), options),
    call: call(core.detectActiveProject),
  },
  "core:summarizeSession": {
    args: args(
      fc.oneof(fc.array(fc.oneof(fc.record({ role: fc.string(), content: text }), value)), value),
      options,
    ),
    call: call(core.summarizeSession),
  },
  "core:detectCompletions": { args: args(text), call: call(core.detectCompletions) },
  "core:extractTodos": { args: args(text), call: call(core.extractTodos) },
  "core:updateProjectContext": {
    examples: [[samTerminal, MANY_PATHS, {}]],
    args: args(project, text, options),
    call: call(core.updateProjectContext),
  },
  "adapters:selectTemplate": {
    args: args(
      fc.oneof(fc.constantFrom("claude", "codex", "gemini"), value),
      fc.oneof(options, fc.record({ projectId: value, templates: fc.array(template) })),
    ),
    call: call(adapters.selectTemplate),
  },
  "adapters:renderTemplate": {
    args: args(
      fc.oneof(fc.constantFrom("{a} {{b}}", "{c}"), text),
      fc.oneof(fc.dictionary(fc.constantFrom("a", "c"), fc.oneof(fc.string(), value)), value),
      fc.oneof(fc.constant(undefined), value),
    ),
    call: call(adapters.renderTemplate),
  },
  "adapters:templateVariables": { args: args(text), call: call(adapters.templateVariables) },
  "adapters:defineTemplateAdapter": {
    args: args(template, options),
    call: call(adapters.defineTemplateAdapter),
  },
  "adapters:isSafeBoundary": {
    args: args(text, fc.oneof(fc.integer(), value)),
    call: call(adapters.isSafeBoundary),
  },
  "adapters:splitLineUnits": { args: args(text), call: call(adapters.splitLineUnits) },
  "core:createHeuristicCounter": { args: args(options), call: call(core.createHeuristicCounter) },
  "core:defaultCounter.count": {
    args: args(text),
    call: (list) => core.defaultCounter.count(list[0] as string),
  },
  "core:estimateTokens": { args: args(text), call: call(core.estimateTokens) },
  "adapters:sectionBreakdown": {
    args: args(text, fc.oneof(fc.constant(core.defaultCounter), counterLike, value)),
    call: call(adapters.sectionBreakdown),
  },
  "core:charRatioCounter.count": {
    args: args(text),
    call: (list) => core.charRatioCounter.count(list[0] as string),
  },
  "core:wordPunctuationCounter.count": {
    args: args(text),
    call: (list) => core.wordPunctuationCounter.count(list[0] as string),
  },
  "hooks:hookMoment": { args: args(hookTool, hookEvent), call: call(hooks.hookMoment) },
  "hooks:isHookTool": { args: args(hookTool), call: call(hooks.isHookTool) },
  "hooks:resolveHookEvent": { args: args(hookTool, hookEvent), call: call(hooks.resolveHookEvent) },
  "hooks:hookContext": {
    args: args(
      fc.oneof(
        fc.record(
          {
            hook: fc.oneof(fc.constantFrom(...parsedHooks), value),
            files: hookFiles((data) => ({ path: "rules.json", data })),
            budget: fc.oneof(fc.nat({ max: 3000 }), value),
            limit: fc.oneof(fc.constantFrom({ chars: 10_000 }, { bytes: 300 }, {}), value),
            counter: fc.oneof(fc.constant(core.defaultCounter), counterLike, value),
            now: fc.oneof(fc.constant("2026-01-25T10:00:00Z"), value),
            manager: fc.oneof(fc.constant(new core.FormatManager()), value),
          },
          { requiredKeys: ["hook", "budget"] },
        ),
        value,
      ),
    ),
    call: call(hooks.hookContext),
  },
  "hooks:answerHook": {
    args: args(
      fc.oneof(
        fc.record(
          {
            tool: hookTool,
            event: hookEvent,
            stdin: hookJson,
            files: hookFiles((data) => ({ path: "rules.json", load: () => data })),
            budget: fc.oneof(fc.nat({ max: 3000 }), value),
            counter: fc.oneof(fc.constant(core.defaultCounter), counterLike, value),
            now: fc.oneof(fc.constant("2026-01-25T10:00:00Z"), value),
          },
          { requiredKeys: ["tool", "event", "stdin"] },
        ),
        value,
      ),
    ),
    call: call(hooks.answerHook),
  },
  "hooks:parseHookInput": {
    args: args(hookTool, hookJson, hookParseOptions),
    call: call(hooks.parseHookInput),
  },
  "hooks:hookOutput": {
    args: args(
      hookTool,
      hookEvent,
      fc.oneof(
        options,
        fc.record(
          {
            additionalContext: text,
            systemMessage: text,
            suppressOutput: fc.oneof(fc.boolean(), value),
            counter: fc.oneof(counterLike, value),
          },
          { requiredKeys: [] },
        ),
      ),
    ),
    call: call(hooks.hookOutput),
  },
  "hooks:overHookLimit": {
    args: args(hookTool, text, fc.oneof(fc.constant(undefined), counterLike, value)),
    call: call(hooks.overHookLimit),
  },
  "hooks:rankForPrompt": {
    args: args(
      fc.oneof(fc.array(value, { maxLength: 4 }), value),
      text,
      fc.oneof(
        fc.record({
          text: fc.func(fc.oneof(fc.string(), value)),
          score: fc.func(fc.oneof(fc.double(), fc.constant(undefined), value)),
        }),
        value,
      ),
    ),
    call: call(hooks.rankForPrompt),
  },
  "hooks:wordOverlap": { args: args(text, text), call: call(hooks.wordOverlap) },
  "hooks:relevanceScores": {
    args: args(text, fc.oneof(fc.array(text, { maxLength: 4 }), value)),
    call: call(hooks.relevanceScores),
  },
  "hooks:sessionStartContext": {
    args: args(hookTool, fc.oneof(fc.constantFrom("startup", "resume", "compact"), text, value)),
    call: call(hooks.sessionStartContext),
  },
  "hooks:hookContextLimit": {
    args: args(hookTool, fc.oneof(fc.constant(undefined), hookEvent)),
    call: call(hooks.hookContextLimit),
  },
  "hooks:utf8Length": { args: args(fc.oneof(text, value)), call: call(hooks.utf8Length) },
  "tiktoken:createTiktokenCounter": {
    examples: [
      [10n, "x"],
      [{ encoding: 10n }, "x"],
      [{ cacheSize: 10n }, "x"],
      [{}, 10n],
    ],
    args: args(
      fc.oneof(
        options,
        fc.record(
          {
            encoding: fc.oneof(fc.constantFrom("o200k_base", "cl100k_base"), value),
            cacheSize: fc.oneof(fc.nat({ max: 100 }), specialNumber, value),
            maxCachedLength: fc.oneof(fc.nat({ max: 100 }), specialNumber, value),
          },
          { requiredKeys: [] },
        ),
      ),
      text,
    ),
    // The counter it makes, asked to count.
    call: (list) =>
      (fn(tiktoken.createTiktokenCounter)(list[0]) as core.TokenCounter).count(list[1] as string),
  },
  ...testingCases(),
};

/**
 * contextfmt/testing: assertions given real results and anything else, factories given any count
 * and options, the hook runner and contract given any stdin, and each matcher.
 */
function testingCases(): Record<string, FuzzCase> {
  const result = fc.oneof(
    fc.constantFrom(
      manager.format("claude", { rules: testing.makeRules(3) }, { budget: 60 }),
      manager.format(
        "xml-memory",
        { memories: testing.makeMemories(2) },
        { nonce: "n0nce-7f3a9c2e" },
      ),
    ),
    value,
  );
  const count = fc.oneof(fc.nat({ max: 20 }), specialNumber, value);
  const factoryOptions = fc.oneof(
    options,
    fc.record(
      { seed: fc.oneof(fc.nat(), value), now: value, absoluteShare: fc.oneof(fc.double(), value) },
      { requiredKeys: [] },
    ),
  );
  const sources = fc.oneof(
    fc.record({ rules: fc.oneof(fc.constant(JSON.stringify({ rules: [] })), text, rules) }),
    fc.record(
      { memories: fc.oneof(memories, text), session: fc.oneof(candidates, text) },
      { requiredKeys: [] },
    ),
    value,
  );
  const matcher = (name: keyof typeof testing.contextfmtMatchers) => (list: readonly unknown[]) =>
    fn(testing.contextfmtMatchers[name])(...list);
  return {
    "testing:findForgedStructure": {
      args: args(formatId, text, input, value),
      call: call(testing.findForgedStructure),
    },
    "testing:fitsBudget": { args: args(result, value, value), call: call(testing.fitsBudget) },
    "testing:conserves": { args: args(result, value), call: call(testing.conserves) },
    "testing:roundTripsXml": { args: args(result, value), call: call(testing.roundTripsXml) },
    "testing:isDeterministic": {
      args: args(fc.oneof(fc.func(anything), value), value),
      call: call(testing.isDeterministic),
    },
    "testing:hasNoForgedStructure": {
      args: args(result, formatId, input, value),
      call: call(testing.hasNoForgedStructure),
    },
    "testing:makeRules": { args: args(count, factoryOptions), call: call(testing.makeRules) },
    "testing:makeMemories": { args: args(count, factoryOptions), call: call(testing.makeMemories) },
    "testing:makeCandidates": {
      args: args(count, factoryOptions),
      call: call(testing.makeCandidates),
    },
    "testing:hostileValues": { args: args(value), call: call(testing.hostileValues) },
    "testing:makeProject": { args: args(factoryOptions), call: call(testing.makeProject) },
    "testing:createFixedCounter": {
      args: args(fc.oneof(fc.record({ lettersPerToken: value }), value)),
      call: call(testing.createFixedCounter),
    },
    "testing:fixedCounter.count": {
      args: args(text),
      call: (list) => fn(testing.fixedCounter.count)(...list),
    },
    "testing:checkHookOutput": {
      args: args(hookTool, hookEvent, fc.oneof(hookJson, value), options),
      call: call(testing.checkHookOutput),
    },
    "testing:makeHookInput": {
      args: args(hookTool, hookEvent, value),
      call: call(testing.makeHookInput),
    },
    "testing:runHook": {
      args: args(hookTool, hookEvent, hookJson, sources, options),
      call: call(testing.runHook),
    },
    "testing:contextfmtMatchers.toFitBudget": {
      args: args(result, value, value),
      call: matcher("toFitBudget"),
    },
    "testing:contextfmtMatchers.toConserveItems": {
      args: args(result, value),
      call: matcher("toConserveItems"),
    },
    "testing:contextfmtMatchers.toRoundTripXml": {
      args: args(result, value),
      call: matcher("toRoundTripXml"),
    },
    "testing:contextfmtMatchers.toBeDeterministic": {
      args: args(fc.oneof(fc.func(anything), value), value),
      call: matcher("toBeDeterministic"),
    },
    "testing:contextfmtMatchers.toHaveNoForgedStructure": {
      args: args(result, formatId, input, value),
      call: matcher("toHaveNoForgedStructure"),
    },
  };
}

/** Exports that are data, not functions, and why no case calls them directly. */
/** The entry that exports `name`: the core, or contextfmt/adapters. */
const entryOf = (name: string) => (name in core ? "core" : "adapters");

const DATA: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    [
      "AuthoritySchema",
      "CommonOptionsSchema",
      "DivergenceAlertSchema",
      "InjectionCandidateSchema",
      "InjectionCategorySchema",
      "MemoryCategorySchema",
      "MemoryRuleSchema",
      "MemorySchema",
      "MemorySetSchema",
      "ProjectBlocksInputSchema",
      "ProjectContextSchema",
      "ProjectListSchema",
      "ProjectStatusSchema",
      "RuleSetSchema",
      "SessionCandidatesSchema",
      "SessionContextSchema",
      "TodoSchema",
      "UserFactSchema",
      "UserFactsSchema",
    ].map((name) => [`${entryOf(name)}:${name}`, "a zod schema: parsed through parseWith"]),
  ),
  ...Object.fromEntries(
    [
      "builtinAdapters",
      "claudeAdapter",
      "codexAdapter",
      "geminiAdapter",
      "projectAdapter",
      "projectMarkdownAdapter",
      "sessionBriefAdapter",
      "sessionFullAdapter",
      "xmlMemoryAdapter",
    ].map((name) => [
      `${entryOf(name)}:${name}`,
      "adapters: run through FormatManager#format and #register",
    ]),
  ),
  ...Object.fromEntries(
    [
      "CLAUDE_DEFAULT_TEMPLATE",
      "CODEX_DEFAULT_TEMPLATE",
      "GEMINI_DEFAULT_TEMPLATE",
      "defaultTemplates",
    ].map((name) => [
      `adapters:${name}`,
      "templates: run through defineTemplateAdapter and selectTemplate",
    ]),
  ),
  "core:DEFAULT_PROJECT_TOKENS": "a number",
  "adapters:DOCUMENT_VARIABLES": "documentation of template variables",
  "adapters:RULE_VARIABLES": "documentation of template variables",
  "core:MEMORY_CATEGORIES": "a list of names",
  "core:PROJECT_CONTEXT_DDL": "SQL text",
  "hooks:HOOK_CONTEXT_LIMITS": "numbers",
  "hooks:DEFAULT_HOOK_BUDGET": "a number",
  "hooks:DEFAULT_MIN_RELEVANCE": "a number",
  "hooks:HOOK_SOURCE_FLAGS": "names",
  "hooks:SESSION_START_CONTEXT": "names",
  "hooks:HOOK_EVENTS": "names",
  "hooks:HOOK_TOOLS": "names",
  "testing:hostileTexts": "texts",
  "testing:invisiblePrefixes": "texts",
  "testing:lineBreaks": "texts",
  "testing:specialTexts": "texts",
  "sync:SYNC_TOOLS": "names",
  "sync:SYNC_KINDS": "names",
  "sync:USER_SYNC_KINDS": "names",
  "sync:ProjectConfigSchema": "a zod schema: read through readProjectConfig and writeProjectConfig",
  "sync:DOCTOR_PROBLEM_CODES": "names",
};

/**
 * What must have a case: every function and class of the three entries, their methods, counters,
 * and the functions of an exported object of functions (the matchers).
 */
function callables(): string[] {
  const names: string[] = [];
  for (const [entry, module] of [
    ["core", core],
    ["adapters", adapters],
    ["hooks", hooks],
    ["testing", testing],
    ["tiktoken", tiktoken],
    ["sync", sync],
  ] as const) {
    for (const [name, exported] of Object.entries(module)) {
      const key = `${entry}:${name}`;
      if (typeof exported === "function") {
        names.push(key);
        if (/^[A-Z]/.test(name) && exported.prototype) {
          for (const member of Object.getOwnPropertyNames(exported.prototype)) {
            if (member !== "constructor") names.push(`${key}#${member}`);
          }
          if (typeof (exported as { is?: unknown }).is === "function") names.push(`${key}.is`);
        }
      } else if (typeof (exported as { count?: unknown } | null)?.count === "function") {
        names.push(`${key}.count`);
      } else if (
        typeof exported === "object" &&
        exported !== null &&
        !Array.isArray(exported) &&
        Object.keys(exported).length > 0 &&
        Object.values(exported).every((member) => typeof member === "function")
      ) {
        for (const member of Object.keys(exported)) names.push(`${key}.${member}`);
      } else if (!(key in DATA)) {
        names.push(key);
      }
    }
  }
  return names;
}

/** Calls one case and fails on any error that is not a `ContextFmtError` (promises included). */
async function expectOnlyLibraryErrors(name: string, run: () => unknown): Promise<void> {
  let outcome: unknown;
  try {
    outcome = run();
    if (typeof (outcome as Promise<unknown> | null)?.then === "function") await outcome;
  } catch (error) {
    if (!core.ContextFmtError.is(error)) {
      throw new Error(`${name} threw ${(error as Error)?.name}: ${(error as Error)?.message}`, {
        cause: error,
      });
    }
    expect((error as Error).message, `${name}: an error says what went wrong`).not.toBe("");
  }
}

describe("fuzz: every export throws only ContextFmtError", () => {
  it("has a case for every exported function, class method and counter", () => {
    const missing = callables().filter((name) => !(name in CASES));
    const stale = Object.keys(CASES).filter((name) => !callables().includes(name));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it.each(Object.entries(CASES))(
    "%s",
    async (name, { args: arbitrary, call: run, examples = [] }) => {
      await fc.assert(
        fc.asyncProperty(arbitrary, async (list) => {
          await expectOnlyLibraryErrors(name, () => run(list));
        }),
        { numRuns: 150, examples: examples.map((list) => [list]) },
      );
    },
    60_000,
  );
});
