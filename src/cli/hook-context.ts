import type { HookInput, HookMoment, HookTool } from "../hooks/index.js";
import type { FormatManager } from "../manager/format-manager.js";
import { InvalidInputError } from "../problems/errors.js";
import type { Issue } from "../problems/issue.js";
import type { TokenCounter } from "../tokens/counter.js";

/** The input files a hook may be given, by flag. */
export type HookSourceFlag = "rules";

/**
 * One kind of input a hook turns into context: which flag brings it, at which moments it is
 * injected, which format renders it for each tool, and its share of the budget. New kinds plug
 * in here by format id.
 */
interface HookSource {
  readonly flag: HookSourceFlag;
  readonly moments: readonly HookMoment[];
  readonly format: Readonly<Record<HookTool, string>>;
  /** Relative share of the budget when several sources are injected together. */
  readonly share: number;
  /** The format's input for this file; `hook` is the parsed stdin (the prompt, the tool call). */
  readonly input: (file: unknown, hook: HookInput) => unknown;
}

/** Rule files are `{ rules: [...] }` or just the array. */
const ruleSetOf = (file: unknown) => (Array.isArray(file) ? { rules: file } : file);

/** In the order their text is joined: the most binding context first. */
export const HOOK_SOURCES: readonly HookSource[] = [
  {
    flag: "rules",
    moments: ["session-start"],
    format: { claude: "claude", codex: "codex", gemini: "gemini" },
    share: 1,
    input: ruleSetOf,
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

/** Formats one source's file; bad content is an error that names the file. */
function formatFile(
  request: HookContextRequest,
  source: HookSource,
  file: { path: string; data: unknown },
  budget: number,
) {
  try {
    return request.manager.format(
      source.format[request.hook.tool],
      source.input(file.data, request.hook),
      {
        budget,
        ...(request.counter ? { counter: request.counter } : {}),
        ...(request.now !== undefined ? { now: request.now } : {}),
      },
    );
  } catch (error) {
    if (!InvalidInputError.is(error)) throw error;
    throw new InvalidInputError(
      error.issues.map((issue) => ({ ...issue, path: `${file.path}: ${issue.path ?? "(input)"}` })),
    );
  }
}

/**
 * Renders every active source with its share of `budget` and joins the texts with a blank line.
 * Issues carry the source's flag in their path, so `--rules` problems read as such.
 */
export function composeHookContext(request: HookContextRequest, budget: number): HookContext {
  const sources = activeSources(request.hook.moment, request.files);
  const shares = sources.reduce((sum, source) => sum + source.share, 0);
  const texts: string[] = [];
  const issues: Issue[] = [];
  for (const source of sources) {
    const file = request.files[source.flag];
    if (!file) continue;
    const result = formatFile(request, source, file, Math.floor((budget * source.share) / shares));
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
