import { answerFor, DEFAULT_HOOK_BUDGET, type HookFile } from "../hooks/answer.js";
import { HOOK_SOURCE_FLAGS, type HookSourceFlag } from "../hooks/context.js";
import { type HookEventName, type HookTool, hooksOf, resolveHookEvent } from "../hooks/events.js";
import { isJsonInput, parseInputText, type YamlParser } from "../hooks/input-text.js";
import { relevanceArgument } from "../hooks/match.js";
import type { HookOutput } from "../hooks/output.js";
import type { FormattedContext } from "../manager/formatted-context.js";
import { badArgument, optionsArgument } from "../problems/arguments.js";
import type { Issue } from "../problems/issue.js";
import { checkedCounter, type TokenCounter } from "../tokens/counter.js";
import { type checkHookOutput, contractIssues } from "./hook-contract.js";

/**
 * What the bin's `--rules`, `--project`, `--session` and `--memories` files would hold: each the
 * file's text (JSON, or YAML), or its content already parsed. Named in messages `<rules>`, ….
 */
export interface HookSources {
  readonly rules?: unknown;
  readonly project?: unknown;
  readonly session?: unknown;
  readonly memories?: unknown;
}

/** The bin's other flags. */
export interface RunHookOptions {
  /** `--budget`; default 2,000. */
  readonly budget?: number;
  /** Counts tokens (the bin's `--exact` is the o200k counter of contextfmt/tiktoken). */
  readonly counter?: TokenCounter;
  /** `--now`; pass one for byte-stable output. */
  readonly now?: string;
  /** `--nonce`; pass one for byte-stable XML memory blocks. */
  readonly nonce?: string;
  /** `--cache-stable`: every format in its cache-stable layout. */
  readonly cacheStable?: boolean;
  /** `--min-relevance`: the relevance to the prompt a memory without a score needs; default 0.08. */
  readonly minRelevance?: number;
}

/** One hook call as the bin answers it, and what the tool's contract says of the answer. */
export interface HookRun {
  /** Exactly what `contextfmt hook` prints on stdout. */
  readonly stdout: string;
  /** `stdout` parsed: `{}`, or the output with `hookSpecificOutput` (Copilot CLI: `additionalContext`). */
  readonly output: HookOutput;
  /** The context the tool passes to the model, or `undefined` for none. */
  readonly additionalContext: string | undefined;
  /** What the bin reports on stderr: skipped and shortened items, limits, and so on. */
  readonly issues: readonly Issue[];
  /** Every way `stdout` breaks the tool's contract ({@link checkHookOutput}); `[]` when it keeps it. */
  readonly contract: readonly Issue[];
  /** Each injected file's result, labelled by flag (`--rules`): what `--report` prints. */
  readonly parts: readonly { readonly label: string; readonly result: FormattedContext }[];
}

/** A source's name in messages, without an extension, so its text is read as JSON or YAML by its start. */
const sourceName = (flag: HookSourceFlag) => `<${flag}>`;

/** Loads one source as the bin loads a file: text parsed as JSON or YAML, data as it is. */
async function loadSource(source: unknown, name: string): Promise<unknown> {
  if (typeof source !== "string") return source;
  // A byte order mark is dropped, as the bin drops it from a file.
  const text = source.startsWith("\uFEFF") ? source.slice(1) : source;
  const yaml: YamlParser | undefined = isJsonInput(name, text) ? undefined : await import("yaml");
  return parseInputText(name, text, () => yaml as YamlParser);
}

/** A hook input object as the JSON a tool writes; a value JSON cannot hold is an error. */
function jsonOf(stdin: unknown): string {
  if (typeof stdin !== "object" || stdin === null) {
    return badArgument("stdin", "the hook's JSON, as text or an object", stdin);
  }
  try {
    return JSON.stringify(stdin);
  } catch (error) {
    // A BigInt, a cycle, a throwing toJSON: the tool could never have sent it.
    return badArgument(
      "stdin",
      `an object JSON can hold (${(error as Error).message.split("\n")[0]})`,
      stdin,
    );
  }
}

/**
 * Runs `contextfmt hook <tool> <event>` in this process, on the same code the bin runs (no
 * process is spawned, no file read): `stdin` is the tool's hook JSON (text, or an object as
 * `makeHookInput` gives), `sources` the input files' contents. Returns what the bin prints and
 * reports, and checks the output against the tool's contract. Bad input throws the
 * `ContextFmtError` the bin would print as its one line (and exit 1 for).
 *
 * @example
 * ```ts
 * const run = await runHook("codex", "SessionStart", makeHookInput("codex", "SessionStart"),
 *   { rules: JSON.stringify({ rules }) }, { now: "2025-10-04T20:00:00Z" });
 * expect(run.contract).toEqual([]);
 * expect(run.additionalContext).toMatch(/^PROJECT CONTEXT RULES/);
 * ```
 */
export async function runHook(
  tool: HookTool,
  event: HookEventName | string,
  stdin: string | Readonly<Record<string, unknown>>,
  sources: HookSources,
  options: RunHookOptions = {},
): Promise<HookRun> {
  const wire = resolveHookEvent(tool, event);
  const json = typeof stdin === "string" ? stdin : jsonOf(stdin);
  const given = optionsArgument(sources, "sources");
  const { budget = DEFAULT_HOOK_BUDGET, now, nonce, cacheStable } = optionsArgument(options);
  const minRelevance = relevanceArgument(options.minRelevance, "options.minRelevance");
  if (!Number.isSafeInteger(budget) || budget < 0)
    badArgument("options.budget", "a whole number >= 0", budget);
  const counter =
    options.counter === undefined ? undefined : checkedCounter(options.counter, "options.counter");
  const files: Partial<Record<HookSourceFlag, HookFile>> = {};
  for (const flag of HOOK_SOURCE_FLAGS) {
    const path = sourceName(flag);
    if (given[flag] !== undefined)
      files[flag] = { path, load: () => loadSource(given[flag], path) };
  }
  const answer = await answerFor({
    tool,
    event: wire,
    stdin: json,
    files,
    budget,
    counter,
    now,
    nonce,
    cacheStable: cacheStable === true,
    minRelevance,
  });
  const output = JSON.parse(answer.stdout) as HookOutput;
  // Copilot CLI, Cursor and Cline read the context at the top level, under their own names; the
  // others in hookSpecificOutput.
  const field = hooksOf(tool).contextField;
  const context =
    field === "hookSpecificOutput" ? output.hookSpecificOutput?.additionalContext : output[field];
  return {
    stdout: answer.stdout,
    output,
    additionalContext: context,
    issues: answer.issues,
    contract: contractIssues(tool, wire, answer.stdout, counter),
    parts: answer.parts,
  };
}
