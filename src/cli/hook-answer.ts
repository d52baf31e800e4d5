/**
 * What `contextfmt hook` answers, from the hook's stdin and the input files' contents: the one
 * code path the bin and `runHook` (contextfmt/testing) share. No I/O here: the caller reads stdin
 * and the files, and prints.
 */
import {
  type HookEventName,
  type HookTool,
  hookContextLimit,
  hookOutput,
  parseHookInput,
} from "../hooks/index.js";
import type { Issue } from "../problems/issue.js";
import type { TokenCounter } from "../tokens/counter.js";
import {
  activeSources,
  composeHookContext,
  HOOK_SOURCE_FLAGS,
  type HookContext,
  type HookSourceFlag,
  prepareHookContext,
} from "./hook-context.js";
import { UsageError } from "./usage-error.js";

/** Hook context budget when `--budget` is not given: about what the tools take inline. */
export const DEFAULT_HOOK_BUDGET = 2_000;

/** One hook call, as the command line and stdin give it. */
export interface HookRequest {
  readonly tool: HookTool;
  /** The event's wire name (`SessionStart`), as the command line resolved it. */
  readonly event: HookEventName;
  /** The hook's JSON, as the tool wrote it on stdin. */
  readonly stdin: string;
  /** The input files given, by flag: the path (or name) errors and reports use. */
  readonly files: Readonly<Partial<Record<HookSourceFlag, string>>>;
  /** Reads and parses one file; called only for the files this event injects. */
  readonly load: (path: string, flag: HookSourceFlag) => Promise<unknown>;
  readonly budget: number;
  readonly counter?: TokenCounter | undefined;
  readonly now?: string | undefined;
  readonly nonce?: string | undefined;
  /** Every format in its cache-stable layout (`--cache-stable`). */
  readonly cacheStable?: boolean | undefined;
}

/** What the hook prints and reports. */
export interface HookAnswer {
  /** Exactly what goes to stdout: one line of JSON (`{}` when there is nothing to inject). */
  readonly stdout: string;
  /** Every issue of the formats and of the tool's contract, as stderr lists them. */
  readonly issues: readonly Issue[];
  /** Each injected file's result, for `--report`. */
  readonly parts: HookContext["parts"];
}

/**
 * Answers one hook call: checks stdin against the event (requiring only what it reads: a
 * session start's `source`, a prompt's `prompt`), reads the files this moment injects,
 * fits them into the budget and the tool's inline limit, and builds the JSON the tool accepts.
 * Bad stdin or file content throws a `ContextFmtError` naming it.
 */
export async function answerHook(request: HookRequest): Promise<HookAnswer> {
  const { tool, event, files } = request;
  if (HOOK_SOURCE_FLAGS.every((flag) => files[flag] === undefined)) {
    throw new UsageError(
      `nothing to inject: give ${HOOK_SOURCE_FLAGS.map((flag) => `--${flag}`).join(", ")}`,
    );
  }
  // Only what the answer reads is required of stdin; anything else off is a warning.
  const warnings: Issue[] = [];
  const hook = parseHookInput(tool, request.stdin, {
    strict: false,
    event,
    report: (issue) => warnings.push(issue),
  });
  if (hook.hook_event_name !== event) {
    throw new UsageError(
      `stdin holds a ${hook.hook_event_name} event, but the command line says ${event}`,
    );
  }
  const loaded: Partial<Record<HookSourceFlag, { path: string; data: unknown }>> = {};
  for (const source of activeSources(hook, files)) {
    const path = files[source.flag];
    if (path !== undefined)
      loaded[source.flag] = { path, data: await request.load(path, source.flag) };
  }
  const { counter } = request;
  const prepared = await prepareHookContext({
    hook,
    files: loaded,
    counter,
    now: request.now,
    nonce: request.nonce,
    cacheStable: request.cacheStable,
  });
  const result = composeHookContext(prepared, request.budget, hookContextLimit(tool, event));
  if (result.content.trim() === "") {
    // Nothing to inject: the empty object every tool reads as "no change".
    return { stdout: "{}\n", issues: [...warnings, ...result.issues], parts: result.parts };
  }
  const { output, issues } = hookOutput(tool, event, {
    additionalContext: result.content,
    ...(counter ? { counter } : {}),
  });
  return {
    stdout: `${JSON.stringify(output)}\n`,
    issues: [...warnings, ...result.issues, ...issues],
    parts: result.parts,
  };
}
