/**
 * A hook's whole answer, from the tool's stdin and the input files to the one line of JSON the
 * tool reads: what `contextfmt hook` prints and `runHook` (contextfmt/testing) checks. No I/O:
 * the caller reads stdin and the files, and prints.
 */
import {
  functionArgument,
  integerArgument,
  optionsArgument,
  stringArgument,
} from "../problems/arguments.js";
import { ContextFmtError } from "../problems/errors.js";
import type { Issue } from "../problems/issue.js";
import { checkedCounter } from "../tokens/counter.js";
import {
  activeSources,
  builtinAdapter,
  checkedFiles,
  contextOf,
  type HookContext,
  type HookRenderOptions,
  type HookSourceFlag,
} from "./context.js";
import { checkTool, eventOf, type HookEventName, type HookTool } from "./events.js";
import { hookInputOf } from "./input.js";
import { relevanceArgument } from "./match.js";
import { limitOf, outputFor } from "./output.js";

/** Hook context budget when none is given: about what the tools take inline. */
export const DEFAULT_HOOK_BUDGET = 2_000;

/** One input file of a hook call: how messages name it, and how to read it. */
export interface HookFile {
  /** Its path, or any name errors and reports use. */
  readonly path: string;
  /**
   * Its content, parsed; called only when this moment injects it. `undefined` for a file with
   * nothing in it yet (blank, as `contextfmt init` creates them): it injects nothing.
   */
  load(): unknown;
}

/** One hook call. */
export interface HookRequest extends HookRenderOptions {
  readonly tool: HookTool;
  /** The event's wire name (`SessionStart`). */
  readonly event: HookEventName;
  /** The hook's JSON, as the tool wrote it on stdin. */
  readonly stdin: string;
  /** The input files, by flag. */
  readonly files: Readonly<Partial<Record<HookSourceFlag, HookFile>>>;
  /** Tokens the context may take; default {@link DEFAULT_HOOK_BUDGET}. */
  readonly budget?: number | undefined;
}

/** What the hook prints and reports. */
export interface HookAnswer {
  /** Exactly what goes to stdout: one line of JSON (`{}` when there is nothing to inject). */
  readonly stdout: string;
  /** Every issue of the formats and of the tool's contract, as stderr lists them. */
  readonly issues: readonly Issue[];
  /** Each injected file's result, labelled by flag (`--rules`): what `--report` prints. */
  readonly parts: HookContext["parts"];
}

/**
 * Answers one hook call: reads stdin as the event's input (requiring only what it reads: a
 * session start's `source`, a prompt's `prompt`; anything else amiss is a warning), loads the
 * files this moment injects,
 * fits them into the budget and the tool's inline limit, and builds the JSON the tool accepts.
 * Bad stdin or file content throws a `ContextFmtError` naming it.
 *
 * @example
 * ```ts
 * const { stdout } = await answerHook({ tool: "claude", event: "SessionStart", stdin,
 *   files: { rules: { path: "rules.json", load: () => ({ rules }) } } });
 * ```
 */
export async function answerHook(request: HookRequest): Promise<HookAnswer> {
  const { tool } = optionsArgument(request, "request");
  checkTool(tool);
  const event = eventOf(tool, stringArgument(request.event, "request.event"));
  const given = checkedFiles<HookFile>(request.files, (file, path) => {
    stringArgument(file.path, `${path}.path`);
    functionArgument(file.load, `${path}.load`);
  });
  const budget = integerArgument(request.budget ?? DEFAULT_HOOK_BUDGET, "request.budget");
  const counter =
    request.counter === undefined ? undefined : checkedCounter(request.counter, "request.counter");
  return answerFor({
    tool,
    event,
    stdin: stringArgument(request.stdin, "request.stdin"),
    files: given,
    budget,
    counter,
    now: request.now,
    nonce: request.nonce,
    cacheStable: request.cacheStable,
    minRelevance: relevanceArgument(request.minRelevance, "request.minRelevance"),
  });
}

/** A {@link HookRequest} checked: the event its wire name, the budget given, the counter checked. */
export interface CheckedHookRequest extends HookRequest {
  readonly budget: number;
}

/** {@link answerHook} for a checked request. */
export async function answerFor(request: CheckedHookRequest): Promise<HookAnswer> {
  const { tool, event, counter } = request;
  const given = request.files;
  // Only what the answer reads is required of stdin; anything else off is a warning.
  const warnings: Issue[] = [];
  const hook = hookInputOf(tool, request.stdin, {
    strict: false,
    event,
    report: (issue) => warnings.push(issue),
  });
  if (hook.hook_event_name !== event) {
    throw new ContextFmtError(
      `stdin holds a ${hook.hook_event_name} event, but the hook was called for ${event}`,
    );
  }
  const files: Partial<Record<HookSourceFlag, { path: string; data: unknown }>> = {};
  for (const source of activeSources(hook, given)) {
    const file = given[source.flag];
    const data = await file?.load();
    if (file && data !== undefined) files[source.flag] = { path: file.path, data };
  }
  // A file not filled in yet is as if not given: not even the project's "no project" block.
  const sources = activeSources(hook, files);
  const result = contextOf(sources, {
    hook,
    files,
    budget: request.budget,
    limit: limitOf(tool, event),
    counter,
    now: request.now,
    nonce: request.nonce,
    cacheStable: request.cacheStable,
    minRelevance: request.minRelevance,
    adapterOf: builtinAdapter,
  });
  if (result.content.trim() === "") {
    // Nothing to inject: the empty object every tool reads as "no change".
    return { stdout: "{}\n", issues: [...warnings, ...result.issues], parts: result.parts };
  }
  const { output, issues } = outputFor(tool, event, {
    additionalContext: result.content,
    ...(counter ? { counter } : {}),
  });
  return {
    stdout: `${JSON.stringify(output)}\n`,
    issues: [...warnings, ...result.issues, ...issues],
    parts: result.parts,
  };
}
