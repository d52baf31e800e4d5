/**
 * What Claude Code's and Gemini CLI's agent files share: YAML frontmatter with `name`,
 * `description`, `tools`, `model` and a turn limit, and the body as the system prompt, kept as is.
 */
import { ConfigParseError } from "../config-error.js";
import { type Frontmatter, textValue } from "../frontmatter.js";
import { type Agent, extraOf, type ParseAgentOptions, requiredText } from "./agent.js";

/** How one tool spells the keys that differ. */
export interface MarkdownAgentKeys {
  /** The turn-limit key: `maxTurns` (Claude) or `max_turns` (Gemini). */
  readonly maxTurns: string;
  /** Reads the `tools` value into neutral (Claude Code) names. */
  readonly readTools: (value: unknown) => string[] | undefined;
  /** The model key, when not `model` (Cline: `modelId`). */
  readonly model?: string;
}

/** A positive whole number or nothing; anything else is a parse error naming `key`. */
function readTurns(file: string, value: unknown, key: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number" && Number.isInteger(value) && value >= 1) return value;
  throw new ConfigParseError(file, "expected a whole number >= 1", { path: key });
}

/** The agent of a split markdown file; keys it does not model go to `extra[id]`. */
export function readMarkdownAgent(
  file: string,
  id: string,
  fm: Frontmatter,
  options: ParseAgentOptions,
  keys: MarkdownAgentKeys,
): Agent {
  const tools = keys.readTools(fm.data.tools);
  const modelKey = keys.model ?? "model";
  const model = textValue(fm, modelKey);
  const maxTurns = readTurns(file, fm.data[keys.maxTurns], keys.maxTurns);
  const modelled = new Set(["name", "description", "tools", modelKey, keys.maxTurns]);
  const extra = extraOf(fm.data, id, modelled);
  return {
    name: requiredText(file, textValue(fm, "name") ?? options.name, "name"),
    description: requiredText(file, textValue(fm, "description"), "description"),
    prompt: fm.body,
    ...(tools !== undefined ? { tools } : {}),
    ...(model !== undefined ? { model } : {}),
    ...(maxTurns !== undefined ? { maxTurns } : {}),
    ...(extra ? { extra } : {}),
  };
}
