import type { FormatAdapter } from "../formats/adapter.js";
import type { HookMoment, HookTool, TolerantHookInput } from "../hooks/index.js";
import { sessionStartContext } from "../hooks/lifecycle.js";
import { escapesXml, utf8Length } from "../hooks/output.js";
import { type ComposedContext, composeContexts } from "../manager/compose.js";
import { InvalidInputError } from "../problems/errors.js";
import type { Issue } from "../problems/issue.js";
import type { TokenCounter } from "../tokens/counter.js";
import { listOf, projectsOf } from "./input-shapes.js";

/** The input files a hook may be given, by flag. */
export type HookSourceFlag = "rules" | "project" | "session" | "memories";

/** Flags in the order `--help` and error messages list them. */
export const HOOK_SOURCE_FLAGS: readonly HookSourceFlag[] = [
  "rules",
  "project",
  "session",
  "memories",
];

/**
 * The formats a hook can use, by id, each imported only when a hook needs it: a hook loads the
 * schemas and code of its own formats, not of all of them.
 */
const FORMATS: Readonly<Record<string, () => Promise<FormatAdapter>>> = {
  claude: async () => (await import("../formats/rules/claude.js")).claudeAdapter as FormatAdapter,
  codex: async () => (await import("../formats/rules/codex.js")).codexAdapter as FormatAdapter,
  gemini: async () => (await import("../formats/rules/gemini.js")).geminiAdapter as FormatAdapter,
  project: async () =>
    (await import("../formats/project/adapter.js")).projectAdapter as FormatAdapter,
  "project-markdown": async () =>
    (await import("../formats/project/adapter.js")).projectMarkdownAdapter as FormatAdapter,
  "session-full": async () =>
    (await import("../formats/session/session-full.js")).sessionFullAdapter as FormatAdapter,
  "session-brief": async () =>
    (await import("../formats/session/session-brief.js")).sessionBriefAdapter as FormatAdapter,
  "xml-memory": async () =>
    (await import("../formats/memories/xml-memory.js")).xmlMemoryAdapter as FormatAdapter,
};

/** What a source's `input` and `options` may use. */
interface SourceContext {
  readonly hook: TolerantHookInput;
  readonly nonce?: string | undefined;
}

/**
 * One kind of input a hook turns into context at some moments: which flag brings it, which format
 * renders it for each tool, its share of the budget, and
 * how the file becomes the format's input. New kinds plug in here by format id.
 */
interface HookSource {
  readonly flag: HookSourceFlag;
  readonly moments: readonly HookMoment[];
  readonly format: Readonly<Record<HookTool, string>>;
  /** Relative share of the budget when several sources are injected together. */
  readonly share: number;
  /** Never more than the format's own `maxContextTokens` (the brief context's 200). */
  readonly capAtFormatSize?: boolean;
  /** Rendered even from no items: the project's "No active project detected" block asks the model to find out. */
  readonly speaksWhenEmpty?: boolean;
  /** The format's input for this file (for `tool`); throws `InvalidInputError` for bad content. */
  readonly input: (file: unknown, ctx: SourceContext, tool: HookTool) => unknown | Promise<unknown>;
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
    format: {
      claude: "claude",
      codex: "codex",
      gemini: "gemini",
      copilot: "claude",
      qwen: "claude",
    },
    share: 2,
    input: listOf("rules"),
  },
  {
    flag: "project",
    moments: ["session-start", "subagent-start"],
    // Gemini CLI and Qwen Code escape XML: they get the same parts under markdown headings.
    format: {
      claude: "project",
      codex: "project",
      gemini: "project-markdown",
      copilot: "project",
      qwen: "project-markdown",
    },
    share: 1,
    speaksWhenEmpty: true,
    input: projectsOf,
  },
  {
    flag: "session",
    moments: ["session-start"],
    format: {
      claude: "session-full",
      codex: "session-full",
      gemini: "session-full",
      copilot: "session-full",
      qwen: "session-full",
    },
    share: 1,
    input: listOf("candidates"),
  },
  {
    flag: "session",
    // PostToolBatch fires once after the batch's PostToolUse hooks: configure one of the two.
    moments: ["pre-tool", "post-tool", "tool-failure", "tool-batch"],
    format: {
      claude: "session-brief",
      codex: "session-brief",
      gemini: "session-brief",
      copilot: "session-brief",
      qwen: "session-brief",
    },
    share: 1,
    capAtFormatSize: true,
    input: listOf("candidates"),
  },
  {
    flag: "memories",
    moments: ["prompt"],
    // Gemini CLI and Qwen Code escape XML: they get the same ranking as one plain "Related: …"
    // line.
    format: {
      claude: "xml-memory",
      codex: "xml-memory",
      gemini: "session-brief",
      copilot: "xml-memory",
      qwen: "session-brief",
    },
    share: 1,
    input: async (file, ctx, tool) => {
      const memories = await import("./hook-memories.js");
      return escapesXml(tool)
        ? memories.memoriesAsCandidates(file, ctx.hook)
        : memories.memoriesForPrompt(file, ctx.hook);
    },
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
  if (hook.moment === "session-start" && sessionStartContext(hook.tool, hook.source) === "none") {
    return [];
  }
  // A blank prompt is no prompt: Qwen Code fires UserPromptSubmit with an empty one each time
  // the model goes on after its tools, and the memories were injected with the prompt itself.
  if (hook.moment === "prompt" && hook.prompt.trim() === "") return [];
  return HOOK_SOURCES.filter(
    (source) => given[source.flag] !== undefined && source.moments.includes(hook.moment),
  );
}

/** What {@link prepareHookContext} needs. */
export interface HookContextRequest {
  readonly hook: TolerantHookInput;
  /** Each given file's path (for messages) and parsed content. */
  readonly files: Readonly<Partial<Record<HookSourceFlag, { path: string; data: unknown }>>>;
  readonly counter?: TokenCounter | undefined;
  readonly now?: string | undefined;
  /** The XML memory blocks' nonce; default: a random one per call. */
  readonly nonce?: string | undefined;
  /** Every format in its cache-stable layout. */
  readonly cacheStable?: boolean | undefined;
}

/** A source ready to render at any budget: its format loaded, its input built. */
interface PreparedSource {
  readonly flag: HookSourceFlag;
  readonly path: string;
  readonly adapter: FormatAdapter;
  readonly input: unknown;
  readonly options: Record<string, unknown>;
  readonly share: number;
  readonly maxBudget: number;
  readonly speaksWhenEmpty: boolean;
}

/** Every source of one hook call, ready to render. */
export interface PreparedHookContext {
  readonly sources: readonly PreparedSource[];
  readonly counter?: TokenCounter | undefined;
  readonly now?: string | undefined;
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
 * Loads the formats of the sources active at this hook's moment and builds their inputs, once
 * (they do not depend on the budget). Bad file content is an error that names the file.
 */
export async function prepareHookContext(
  request: HookContextRequest,
): Promise<PreparedHookContext> {
  const { hook } = request;
  const ctx: SourceContext = { hook, nonce: request.nonce };
  const sources: PreparedSource[] = [];
  for (const source of activeSources(hook, request.files)) {
    const file = request.files[source.flag];
    if (!file) continue;
    const format = source.format[hook.tool];
    const adapter = await (FORMATS[format] as () => Promise<FormatAdapter>)();
    let input: unknown;
    try {
      input = await source.input(file.data, ctx, hook.tool);
    } catch (error) {
      throw InvalidInputError.is(error) ? inFile(file.path, error) : error;
    }
    sources.push({
      flag: source.flag,
      path: file.path,
      adapter,
      input,
      options: {
        ...source.options?.(ctx, hook.tool),
        ...(request.cacheStable ? { cacheStable: true } : {}),
      },
      share: source.share,
      speaksWhenEmpty: source.speaksWhenEmpty === true,
      maxBudget: source.capAtFormatSize
        ? adapter.capabilities.maxContextTokens
        : Number.POSITIVE_INFINITY,
    });
  }
  return { sources, counter: request.counter, now: request.now };
}

/** Limits of what a tool takes inline, beside the token budget. */
export interface HookLimits {
  /** Tokens by the counter in use. */
  readonly tokens?: number | undefined;
  /** Characters, UTF-16 code units (Claude Code's 10,000). */
  readonly chars?: number | undefined;
  /** UTF-8 bytes (Codex CLI's 10,000). */
  readonly bytes?: number | undefined;
}

/**
 * Fits every prepared source into `budget` with its share (and into the tool's inline limits),
 * and joins the texts with a blank line. Issues carry the source's flag in their path, so
 * `--rules` problems read as such.
 */
export function composeHookContext(
  prepared: PreparedHookContext,
  budget: number,
  limits: HookLimits = {},
): HookContext {
  const compose = (maxChars: number | undefined) =>
    composeContexts(
      prepared.sources.map((source) => ({
        label: `--${source.flag}`,
        adapter: source.adapter,
        input: source.input,
        options: source.options,
        share: source.share,
        ...(Number.isFinite(source.maxBudget) ? { maxTokens: source.maxBudget } : {}),
        // A file with no items (an empty rules list) has nothing to say; its headings alone are noise.
        silentWithoutItems: !source.speaksWhenEmpty,
        onInvalid: (error: InvalidInputError) => inFile(source.path, error),
      })),
      {
        budget: Math.min(budget, limits.tokens ?? Number.POSITIVE_INFINITY),
        maxChars,
        counter: prepared.counter,
        now: prepared.now,
      },
    );
  // A byte is never less than a UTF-16 unit, so a byte limit is first a character limit; text
  // outside ASCII may still be over in bytes: then fewer characters, in proportion, until it fits.
  let maxChars = minOf(limits.chars, limits.bytes);
  let composed = compose(maxChars);
  if (limits.bytes !== undefined) {
    let bytes = utf8Length(composed.content);
    while (bytes > limits.bytes) {
      const chars = composed.content.length;
      maxChars = Math.min(chars - 1, Math.floor((chars * limits.bytes) / bytes));
      const shorter = compose(maxChars);
      // Only required items left, still over: they are sent, and over_hook_limit says so.
      if (shorter.content.length >= chars) break;
      composed = shorter;
      bytes = utf8Length(composed.content);
    }
  }
  return { content: composed.content, issues: composed.issues, parts: composed.parts };
}

/** The smaller of two optional limits. */
function minOf(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  return b === undefined ? a : Math.min(a, b);
}
