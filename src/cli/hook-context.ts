import { BRIEF_MAX_TOKENS } from "../formats/session/session-brief.js";
import { type HookInput, type HookMoment, type HookTool, rankForPrompt } from "../hooks/index.js";
import type { FormatManager } from "../manager/format-manager.js";
import { type Memory, MemorySetSchema } from "../model/memory.js";
import { parseWith } from "../model/parse.js";
import { InvalidInputError } from "../problems/errors.js";
import type { Issue } from "../problems/issue.js";
import type { TokenCounter } from "../tokens/counter.js";

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
  readonly hook: HookInput;
  readonly tool: HookTool;
  readonly nonce?: string | undefined;
}

/**
 * One kind of input a hook turns into context at some moments: which flag brings it, which format
 * renders it for each tool (`undefined`: the tool cannot take it), its share of the budget, and
 * how the file becomes the format's input. New kinds plug in here by format id.
 */
interface HookSource {
  readonly flag: HookSourceFlag;
  readonly moments: readonly HookMoment[];
  readonly format: Readonly<Record<HookTool, string | undefined>>;
  /** Why a tool without a format gets nothing from this source. */
  readonly unsupported?: string;
  /** Relative share of the budget when several sources are injected together. */
  readonly share: number;
  /** At most this many tokens whatever the budget (the brief context's 200). */
  readonly maxBudget?: number;
  /** The format's input for this file; throws `InvalidInputError` for bad content. */
  readonly input: (file: unknown, ctx: SourceContext) => unknown;
  /** The format's own options. */
  readonly options?: (ctx: SourceContext) => Record<string, unknown>;
}

/** `{ key: [...] }` as it is, or a bare list wrapped in it. */
const listOf = (key: string) => (file: unknown) => (Array.isArray(file) ? { [key]: file } : file);

/** Project files: `{ projects: [...] }`, a list of projects, or one project. */
function projectsOf(file: unknown): unknown {
  if (Array.isArray(file)) return { projects: file };
  if (typeof file === "object" && file !== null && "projects" in file) return file;
  return { projects: [file] };
}

/**
 * The memories, ranked for the prompt: those with a score by score; the rest by word overlap
 * with the prompt. The unscored ones lose `createdAt`, which would otherwise break their ties by
 * recency in the format and undo the ranking; no format renders it.
 */
function memoriesForPrompt(
  file: unknown,
  hook: HookInput,
): { directive?: string; memories: Memory[] } {
  const set = parseWith(MemorySetSchema, listOf("memories")(file));
  const prompt = hook.moment === "prompt" ? hook.prompt : "";
  const ranked = rankForPrompt(set.memories, prompt, {
    text: (memory) => memory.content,
    score: (memory) => memory.score,
  }).map(({ createdAt, ...memory }) =>
    memory.score === undefined ? memory : { ...memory, createdAt },
  );
  return {
    ...(set.directive !== undefined ? { directive: set.directive } : {}),
    memories: ranked as Memory[],
  };
}

/** Ranked memories as brief-context candidates for Gemini CLI: relevance keeps the ranking. */
function memoriesAsCandidates(file: unknown, ctx: SourceContext) {
  const { memories } = memoriesForPrompt(file, ctx.hook);
  return {
    candidates: memories.map((memory, index) => ({
      id: memory.id,
      content: memory.content,
      relevance: (memories.length - index) / memories.length,
      category: "single_space_match",
      createdAt: memory.createdAt ?? 0,
    })),
  };
}

/** In the order their texts are joined: the most binding context first. */
export const HOOK_SOURCES: readonly HookSource[] = [
  {
    flag: "rules",
    moments: ["session-start"],
    format: { claude: "claude", codex: "codex", gemini: "gemini" },
    share: 2,
    input: listOf("rules"),
  },
  {
    flag: "project",
    moments: ["session-start"],
    format: { claude: "project", codex: "project", gemini: undefined },
    unsupported: "the PROJECT block is XML, which Gemini CLI escapes; left out",
    share: 1,
    input: projectsOf,
  },
  {
    flag: "session",
    moments: ["session-start"],
    format: { claude: "session-full", codex: "session-full", gemini: "session-full" },
    share: 1,
    input: listOf("candidates"),
  },
  {
    flag: "session",
    moments: ["pre-tool", "post-tool"],
    format: { claude: "session-brief", codex: "session-brief", gemini: "session-brief" },
    share: 1,
    maxBudget: BRIEF_MAX_TOKENS,
    input: listOf("candidates"),
  },
  {
    flag: "memories",
    moments: ["prompt"],
    // Gemini CLI escapes XML: it gets the same ranking as one plain "Related: …" line.
    format: { claude: "xml-memory", codex: "xml-memory", gemini: "session-brief" },
    share: 1,
    input: (file, ctx) =>
      ctx.tool === "gemini" ? memoriesAsCandidates(file, ctx) : memoriesForPrompt(file, ctx.hook),
    options: (ctx) => {
      // As many memories as the budget holds, not the brief context's usual five.
      if (ctx.tool === "gemini") return { maxCandidates: Number.MAX_SAFE_INTEGER };
      return ctx.nonce !== undefined ? { nonce: ctx.nonce } : {};
    },
  },
];

/** What {@link composeHookContext} renders from. */
export interface HookContextRequest {
  readonly manager: FormatManager;
  readonly hook: HookInput;
  /** Each given file's path (for messages) and parsed content. */
  readonly files: Readonly<Partial<Record<HookSourceFlag, { path: string; data: unknown }>>>;
  readonly counter?: TokenCounter | undefined;
  readonly now?: string | undefined;
  /** The XML memory blocks' nonce; default: a random one per call. */
  readonly nonce?: string | undefined;
}

/** The joined context and every issue of the formats that made it. */
export interface HookContext {
  readonly content: string;
  readonly issues: readonly Issue[];
}

/** The sources given on the command line that are injected at `moment`. */
export function activeSources(
  moment: HookMoment,
  given: Readonly<Partial<Record<HookSourceFlag, unknown>>>,
): HookSource[] {
  return HOOK_SOURCES.filter(
    (source) => given[source.flag] !== undefined && source.moments.includes(moment),
  );
}

/** Issues of one file, with the file's path in front of the path inside it. */
const inFile = (path: string, issues: readonly Issue[]): Issue[] =>
  issues.map((issue) => ({ ...issue, path: `${path}: ${issue.path ?? "(input)"}` }));

/** Formats one source's file for the hook's tool; bad content is an error that names the file. */
function formatFile(
  request: HookContextRequest,
  source: HookSource,
  format: string,
  file: { path: string; data: unknown },
  budget: number,
) {
  const ctx: SourceContext = { hook: request.hook, tool: request.hook.tool, nonce: request.nonce };
  try {
    return request.manager.format(format, source.input(file.data, ctx), {
      budget,
      ...source.options?.(ctx),
      ...(request.counter ? { counter: request.counter } : {}),
      ...(request.now !== undefined ? { now: request.now } : {}),
    });
  } catch (error) {
    if (!InvalidInputError.is(error)) throw error;
    throw new InvalidInputError(inFile(file.path, error.issues));
  }
}

/**
 * Renders every active source with its share of `budget` and joins the texts with a blank line.
 * Issues carry the source's flag in their path, so `--rules` problems read as such; a source the
 * tool cannot take is left out with an `unsupported_field` warning.
 */
export function composeHookContext(request: HookContextRequest, budget: number): HookContext {
  const sources = activeSources(request.hook.moment, request.files);
  const shares = sources.reduce((sum, source) => sum + source.share, 0);
  const texts: string[] = [];
  const issues: Issue[] = [];
  for (const source of sources) {
    const file = request.files[source.flag];
    const format = source.format[request.hook.tool];
    if (!file) continue;
    if (format === undefined) {
      issues.push({
        code: "unsupported_field",
        severity: "warning",
        path: `--${source.flag}`,
        message: source.unsupported ?? `${request.hook.tool} cannot take this context; left out`,
      });
      continue;
    }
    const share = Math.floor((budget * source.share) / shares);
    const result = formatFile(
      request,
      source,
      format,
      file,
      Math.min(share, source.maxBudget ?? share),
    );
    if (result.content.trim() !== "") texts.push(result.content.trimEnd());
    issues.push(
      ...result.issues.map((issue) => ({
        ...issue,
        path: `--${source.flag}${issue.path ? ` ${issue.path}` : ""}`,
      })),
    );
  }
  return { content: texts.length > 0 ? `${texts.join("\n\n")}\n` : "", issues };
}
