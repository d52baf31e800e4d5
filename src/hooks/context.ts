/**
 * The context a hook injects: which input files each moment of a session uses, in which format
 * for each tool, and all of them fitted together into the budget and the tool's inline limit by
 * the engine's composition. Pure: the files come in already read.
 */

import { clientById } from "../clients/index.js";
import type { FormatAdapter } from "../formats/adapter.js";
import { type ComposedContext, composeContexts } from "../manager/compose.js";
import { builtinAdapters, FormatManager } from "../manager/format-manager.js";
import {
  badArgument,
  integerArgument,
  optionsArgument,
  stringArgument,
} from "../problems/arguments.js";
import { InvalidInputError, UnknownAdapterError } from "../problems/errors.js";
import type { Issue } from "../problems/issue.js";
import { checkedCounter, type TokenCounter } from "../tokens/counter.js";
import { defaultCounter } from "../tokens/heuristic.js";
import { utf8Length } from "../tokens/utf8.js";
import { type HookMoment, type HookTool, hooksOf, isHookTool, labelOf } from "./events.js";
import type { TolerantHookInput } from "./input.js";
import { listOf, projectsOf } from "./input-shapes.js";
import { startContextOf } from "./lifecycle.js";
import { relevanceArgument } from "./match.js";
import { memoriesAsCandidates, memoriesForPrompt } from "./memories.js";
import { contextPath, escapesXml, type HookContextLimit } from "./output.js";

/** The input files a hook may be given, by flag. */
export type HookSourceFlag = "rules" | "project" | "session" | "memories";

/** Flags in the order `--help` and error messages list them. */
export const HOOK_SOURCE_FLAGS: readonly HookSourceFlag[] = [
  "rules",
  "project",
  "session",
  "memories",
];

/** What a source's `input` and `options` may use. */
interface SourceContext {
  readonly hook: TolerantHookInput;
  readonly nonce?: string | undefined;
  readonly minRelevance?: number | undefined;
  /** Takes what a source leaves out before the format sees it (memories the prompt did not match). */
  readonly report: (issue: Issue) => void;
}

/**
 * One kind of input a hook turns into context at some moments: which flag brings it, which format
 * renders it for each tool, its share of the budget, and
 * how the file becomes the format's input. New kinds plug in here by format id.
 */
export interface HookSource {
  readonly flag: HookSourceFlag;
  readonly moments: readonly HookMoment[];
  /** The format id it renders in for `tool`. */
  readonly format: (tool: HookTool) => string;
  /** Relative share of the budget when several sources are injected together. */
  readonly share: number;
  /** Never more than the format's own `maxContextTokens` (the brief context's 200). */
  readonly capAtFormatSize?: boolean;
  /** Rendered even from no items: the project's "No active project detected" block asks the model to find out. */
  readonly speaksWhenEmpty?: boolean;
  /** The format's input for this file (for `tool`); throws `InvalidInputError` for bad content. */
  readonly input: (file: unknown, ctx: SourceContext, tool: HookTool) => unknown;
  /** The format's own options. */
  readonly options?: (ctx: SourceContext, tool: HookTool) => Record<string, unknown>;
}

/**
 * In the order their texts are joined: the most binding context first. A moment no source lists
 * injects nothing: `prompt-expansion` (UserPromptSubmit has already fired for the same prompt),
 * `stop` and `subagent-stop` (context there makes the agent take another turn), `model-switch`
 * (the conversation, context included, goes on with the new model).
 */
export const HOOK_SOURCES: readonly HookSource[] = [
  {
    flag: "rules",
    // A subagent starts with a conversation of its own, without the session's context.
    moments: ["session-start", "subagent-start"],
    // The client's own rules format, as sync writes into its instruction file (src/clients).
    format: (tool) => clientById(tool).rulesFormat,
    share: 2,
    input: listOf("rules"),
  },
  {
    flag: "project",
    moments: ["session-start", "subagent-start"],
    // Gemini CLI and Qwen Code escape XML: they get the same parts under markdown headings.
    format: (tool) => (escapesXml(tool) ? "project-markdown" : "project"),
    share: 1,
    speaksWhenEmpty: true,
    input: projectsOf,
  },
  {
    flag: "session",
    moments: ["session-start"],
    format: () => "session-full",
    share: 1,
    input: listOf("candidates"),
  },
  {
    flag: "session",
    // PostToolBatch fires once after the batch's PostToolUse hooks: configure one of the two.
    moments: ["pre-tool", "post-tool", "tool-failure", "tool-batch"],
    format: () => "session-brief",
    share: 1,
    capAtFormatSize: true,
    input: listOf("candidates"),
  },
  {
    flag: "memories",
    moments: ["prompt"],
    // Gemini CLI and Qwen Code escape XML: they get the same ranking as one plain "Related: …"
    // line.
    format: (tool) => (escapesXml(tool) ? "session-brief" : "xml-memory"),
    share: 1,
    input: (file, ctx, tool) =>
      escapesXml(tool)
        ? memoriesAsCandidates(file, ctx.hook, ctx)
        : memoriesForPrompt(file, ctx.hook, ctx),
    options: (ctx, tool) => {
      // As many memories as the budget holds, not the brief context's usual five.
      if (escapesXml(tool)) return { maxCandidates: Number.MAX_SAFE_INTEGER };
      return ctx.nonce !== undefined ? { nonce: ctx.nonce } : {};
    },
  },
];

/**
 * The sources given on the command line that are injected at this hook's moment. A SessionStart
 * injects nothing where the client still holds the earlier context (Claude Code's and Codex
 * CLI's resume and fork; see `SESSION_START_CONTEXT`), a prompt event nothing for a blank prompt.
 */
export function activeSources(
  hook: TolerantHookInput,
  given: Readonly<Partial<Record<HookSourceFlag, unknown>>>,
): HookSource[] {
  // Cursor's session start names no source (see SESSION_START_CONTEXT).
  const source = hook.moment === "session-start" ? (hook.source as string | undefined) : undefined;
  if (hook.moment === "session-start" && startContextOf(hook.tool, source) === "none") {
    return [];
  }
  // A blank prompt is no prompt: Qwen Code fires UserPromptSubmit with an empty one each time
  // the model goes on after its tools, and the memories were injected with the prompt itself.
  if (hook.moment === "prompt" && hook.prompt.trim() === "") return [];
  return HOOK_SOURCES.filter(
    (source) => given[source.flag] !== undefined && source.moments.includes(hook.moment),
  );
}

/** The files of one hook call, by flag: each one's path (for messages) and parsed content. */
export type HookFiles = Readonly<Partial<Record<HookSourceFlag, { path: string; data: unknown }>>>;

/** How a hook's formats render: the same for {@link hookContext} and `answerHook`. */
export interface HookRenderOptions {
  readonly counter?: TokenCounter | undefined;
  readonly now?: string | undefined;
  /** The XML memory blocks' nonce; default: a random one per call. */
  readonly nonce?: string | undefined;
  /** Every format in its cache-stable layout. */
  readonly cacheStable?: boolean | undefined;
  /**
   * The relevance to the prompt (0–1) a memory without a score needs to be injected; default 0.08
   * (`DEFAULT_MIN_RELEVANCE`). Pinned memories and those with a score always are.
   */
  readonly minRelevance?: number | undefined;
}

/** What {@link hookContext} needs. */
export interface HookContextRequest extends HookRenderOptions {
  readonly hook: TolerantHookInput;
  readonly files: HookFiles;
  /** Tokens the whole context may take. */
  readonly budget: number;
  /** The tool's inline limit for the event (`hookContextLimit`); default none. */
  readonly limit?: HookContextLimit | undefined;
  /** Where the formats are looked up; default: a manager with the built-in formats. */
  readonly manager?: FormatManager | undefined;
}

/** The joined context, every issue of the formats that made it, and each source's result. */
export interface HookContext {
  readonly content: string;
  readonly issues: readonly Issue[];
  readonly parts: ComposedContext["parts"];
}

/**
 * Issues of one file, with the file's path in front of the path inside it; a bad option is the
 * command line's flag (`options.nonce` → `--nonce`), not the file's.
 */
const inFile = (path: string, error: InvalidInputError) =>
  new InvalidInputError(
    error.issues.map((issue) => ({
      ...issue,
      path: issue.path?.startsWith("options.")
        ? `--${issue.path.slice("options.".length)}`
        : `${path}: ${issue.path ?? "(input)"}`,
    })),
  );

/**
 * The context for this hook's moment: the files it injects, each in its tool's format, fitted
 * together into `budget` and the tool's inline limit (most binding first: rules, project,
 * session), joined by a blank line. Issues carry the source's flag in their path, so `--rules`
 * problems read as such. When the required items alone are over the inline limit, the text is
 * cut at a line boundary with a note saying so (see `cutToLimit`). Bad file content is an
 * `InvalidInputError` naming the file.
 *
 * @example
 * ```ts
 * const { content } = hookContext({ hook: parseHookInput("claude", stdin), budget: 2000,
 *   files: { rules: { path: "rules.json", data: { rules } } }, limit: hookContextLimit("claude") });
 * ```
 */
export function hookContext(request: HookContextRequest): HookContext {
  const { hook } = optionsArgument(request, "request");
  checkHook(hook);
  const files = checkedFiles<{ path: string; data: unknown }>(request.files, (file, path) =>
    stringArgument(file.path, `${path}.path`),
  );
  integerArgument(request.budget, "request.budget");
  const limit = optionsArgument(request.limit, "request.limit");
  for (const unit of ["chars", "bytes", "tokens"] as const) {
    if (limit[unit] !== undefined) integerArgument(limit[unit], `request.limit.${unit}`);
  }
  const counter =
    request.counter === undefined ? undefined : checkedCounter(request.counter, "request.counter");
  const manager = request.manager ?? undefined;
  if (manager !== undefined && !(manager instanceof FormatManager)) {
    badArgument("request.manager", "a FormatManager", manager);
  }
  return contextOf(activeSources(hook, files), {
    hook,
    files,
    budget: request.budget,
    limit,
    counter,
    now: request.now,
    nonce: request.nonce,
    cacheStable: request.cacheStable,
    minRelevance: relevanceArgument(request.minRelevance, "request.minRelevance"),
    adapterOf: manager ? (id) => manager.get<string>(id) : builtinAdapter,
  });
}

/** {@link HookContextRequest}, checked: the limit given, and where each format is found. */
export interface CheckedHookContext extends Omit<HookContextRequest, "limit" | "manager"> {
  readonly limit: HookContextLimit;
  readonly adapterOf: (id: string) => FormatAdapter;
}

/** The built-in format `id`, as a new `FormatManager` would give it, without making one. */
export function builtinAdapter(id: string): FormatAdapter {
  const adapter = builtinAdapters.find((builtin) => builtin.id === id);
  if (adapter) return adapter;
  throw new UnknownAdapterError(
    id,
    builtinAdapters.map((builtin) => builtin.id),
  );
}

/**
 * {@link hookContext} from checked arguments, for the `sources` this moment injects (see
 * {@link activeSources}).
 */
export function contextOf(
  sources: readonly HookSource[],
  request: CheckedHookContext,
): HookContext {
  const { hook, limit, counter } = request;
  const leftOut: Issue[] = [];
  const parts = sources.flatMap((source) => {
    const file = request.files[source.flag];
    if (!file) return [];
    const ctx: SourceContext = {
      hook,
      nonce: request.nonce,
      minRelevance: request.minRelevance,
      report: (issue) => leftOut.push({ ...issue, path: `--${source.flag}` }),
    };
    const adapter = request.adapterOf(source.format(hook.tool));
    let input: unknown;
    try {
      input = source.input(file.data, ctx, hook.tool);
    } catch (error) {
      throw InvalidInputError.is(error) ? inFile(file.path, error) : error;
    }
    return [
      {
        label: `--${source.flag}`,
        adapter,
        input,
        options: {
          ...source.options?.(ctx, hook.tool),
          ...(request.cacheStable ? { cacheStable: true } : {}),
        },
        share: source.share,
        ...(source.capAtFormatSize ? { maxBudget: adapter.capabilities.maxContextTokens } : {}),
        // A file with no items (an empty rules list) has nothing to say; its headings alone are noise.
        silentWithoutItems: source.speaksWhenEmpty !== true,
        onInvalid: (error: InvalidInputError) => inFile(file.path, error),
      },
    ];
  });
  const composed = composeContexts(parts, {
    budget: Math.min(request.budget, limit.tokens ?? Number.POSITIVE_INFINITY),
    maxChars: limit.chars,
    maxBytes: limit.bytes,
    counter,
    now: request.now,
  });
  const cut = cutToLimit(composed.content, limit, counter ?? defaultCounter, hook.tool);
  const issues = [...leftOut, ...composed.issues];
  return {
    content: cut.content,
    issues: cut.issue ? [...issues, cut.issue] : issues,
    parts: composed.parts,
  };
}

/**
 * `content` within `limit`: as it is when it fits, else cut after its last whole line that fits
 * with a note saying what was cut (inside the line when not even the first line fits), and an
 * issue naming where. The engine never leaves out required items (absolute rules, a project's
 * name): when they alone are over the tool's inline limit, the tool would move the whole text
 * to a file and show the model a preview (Claude Code) or cut it where it likes (Codex CLI,
 * Copilot CLI); cutting here keeps what the model sees in our hands and says so.
 */
export function cutToLimit(
  content: string,
  limit: HookContextLimit,
  counter: TokenCounter,
  tool: HookTool,
): { content: string; issue?: Issue } {
  const sizes = [
    ...(limit.chars !== undefined
      ? [{ limit: limit.chars, of: (text: string) => text.length, unit: "characters" }]
      : []),
    ...(limit.bytes !== undefined ? [{ limit: limit.bytes, of: utf8Length, unit: "bytes" }] : []),
    ...(limit.tokens !== undefined
      ? [{ limit: limit.tokens, of: (text: string) => counter.count(text), unit: "tokens" }]
      : []),
  ];
  const over = sizes.find((size) => size.of(content) > size.limit);
  if (!over) return { content };
  const fits = (text: string) => sizes.every((size) => size.of(text) <= size.limit);
  const noteFor = (end: number) =>
    `[… ${content.length - end} more characters cut here: ${labelOf(tool)} takes at most ${over.limit} ${over.unit} of hook context inline]\n`;
  // The longest start that fits with its note: whole lines where any fits, else part of the first.
  let low = 0;
  let high = content.length;
  const lineEnd = (at: number) => content.lastIndexOf("\n", at - 1) + 1;
  const keep = (end: number) =>
    `${content.slice(0, end)}${end > 0 && content[end - 1] !== "\n" ? "\n" : ""}${noteFor(end)}`;
  while (high - low > 1) {
    const middle = low + Math.floor((high - low) / 2);
    if (fits(keep(middle))) low = middle;
    else high = middle;
  }
  let end = lineEnd(low + 1) > 0 ? lineEnd(low + 1) : low;
  // Never between the halves of a surrogate pair.
  if (end > 0 && isHighSurrogate(content.charCodeAt(end - 1))) end -= 1;
  const line = content.slice(0, end).split("\n").length;
  return {
    content: keep(end),
    issue: {
      code: "over_hook_limit",
      severity: "warning",
      path: contextPath(tool),
      message: `the required items alone are over ${labelOf(tool)}'s inline limit of ${over.limit} ${over.unit}: cut ${content.length - end} characters from line ${line} on (${JSON.stringify(content.slice(end, end + 60))}…)`,
    },
  };
}

/** Throws `InvalidInputError` unless `hook` is what `parseHookInput` returns. */
function checkHook(hook: unknown): asserts hook is TolerantHookInput {
  const fields = hook as Partial<TolerantHookInput> | null;
  if (typeof hook !== "object" || hook === null || !isHookTool(fields?.tool)) {
    badArgument("request.hook", "a hook input (what parseHookInput returns)", hook);
  }
  stringArgument(fields?.moment, "request.hook.moment");
  // Cursor's session start names no source (see SESSION_START_CONTEXT).
  if (fields?.moment === "session-start" && hooksOf(fields.tool).stdin.sessionSource)
    stringArgument((hook as { source?: unknown }).source, "request.hook.source");
  if (fields?.moment === "prompt")
    stringArgument((hook as { prompt?: unknown }).prompt, "request.hook.prompt");
}

/**
 * `files` as an object of files by flag (none given: `{}`), each an object that `check` accepts;
 * else an `InvalidInputError` naming the first that is not.
 */
export function checkedFiles<F>(
  files: unknown,
  check: (file: F, path: string) => void,
): Readonly<Partial<Record<HookSourceFlag, F>>> {
  const byFlag = optionsArgument(files as object | undefined, "request.files");
  for (const [flag, file] of Object.entries(byFlag)) {
    const path = `request.files.${flag}`;
    if (!(HOOK_SOURCE_FLAGS as readonly string[]).includes(flag)) {
      badArgument(`request.files`, `files by flag (${HOOK_SOURCE_FLAGS.join(", ")})`, flag);
    }
    if (file === undefined) continue;
    optionsArgument(file, path);
    check(file as F, path);
  }
  return byFlag;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
