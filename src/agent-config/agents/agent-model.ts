/**
 * An agent's `model`, written the same way for every target, by one rule a user can predict:
 *
 * - `inherit` (the session's model) is written where the target's file has that word (Claude
 *   Code, Gemini CLI, Qwen Code, Cursor) and left out elsewhere, where no model means the same;
 *   nothing is lost, so nothing is said.
 * - A short alias a client resolves itself (`sonnet`, `opus`, `haiku`, `opusplan` in Claude Code; `pro`,
 *   `flash`, `flash-lite` in Gemini CLI; `fast` in Qwen Code and Cursor) is kept only for a client
 *   that resolves it; elsewhere it is dropped with one warning.
 * - A model id of a known vendor (`claude-…`, `gemini-…`, `gpt-…`/`o3`/`codex-…`, `qwen…`) is
 *   kept where the target runs that vendor's models, spelled as the target names models (OpenCode:
 *   `provider/model`); elsewhere it is dropped with one warning naming the agent, the model and
 *   the target.
 * - A model of no known vendor (a local or gateway model) is kept as written: only its owner
 *   knows where it runs. OpenCode, which needs a provider, drops it with a warning.
 *
 * A dropped model is never a failure: the client then runs the agent on the session's model,
 * which is what each client does with a model it cannot run, at best after a warning of its own.
 */
import type { WarningLog } from "../warnings.js";
import type { Agent } from "./agent.js";

/** A vendor whose models a client may run, by its well-known model names. */
export type ModelVendor = "Anthropic" | "Google" | "OpenAI" | "Qwen";

/** How one target writes an agent's model. A plain object each codec declares once. */
export interface ModelRule {
  /** The target's name in warnings. */
  readonly tool: string;
  /** The vendors whose models the target runs. */
  readonly vendors: readonly ModelVendor[];
  /** Whether the target's file has the word `inherit`; without it, no model means the same. */
  readonly inheritWord: boolean;
  /**
   * The provider the target names before a model id of each vendor (OpenCode: `anthropic/…`);
   * absent: the target names a model by its bare id.
   */
  readonly providers?: Readonly<Partial<Record<ModelVendor, string>>>;
}

/** A short name a client resolves itself: the vendor it stands for and the clients that know it. */
interface ModelAlias {
  readonly vendor?: ModelVendor;
  /** The client whose word it is, for warnings. */
  readonly owner: string;
  /** The targets (`tool` of their rule) that resolve it. */
  readonly resolvedBy: readonly string[];
}

const MODEL_ALIASES: Readonly<Record<string, ModelAlias>> = {
  sonnet: { vendor: "Anthropic", owner: "Claude Code", resolvedBy: ["Claude Code"] },
  opus: { vendor: "Anthropic", owner: "Claude Code", resolvedBy: ["Claude Code"] },
  haiku: { vendor: "Anthropic", owner: "Claude Code", resolvedBy: ["Claude Code"] },
  opusplan: { vendor: "Anthropic", owner: "Claude Code", resolvedBy: ["Claude Code"] },
  pro: { vendor: "Google", owner: "Gemini CLI", resolvedBy: ["Gemini CLI"] },
  flash: { vendor: "Google", owner: "Gemini CLI", resolvedBy: ["Gemini CLI"] },
  "flash-lite": { vendor: "Google", owner: "Gemini CLI", resolvedBy: ["Gemini CLI"] },
  fast: { owner: "Qwen Code and Cursor", resolvedBy: ["Qwen Code", "Cursor"] },
};

/** The vendor whose API serves the model id `id`, by its well-known names; undefined for others. */
export function modelVendor(id: string): ModelVendor | undefined {
  if (/^claude\b/i.test(id)) return "Anthropic";
  if (/^gemini\b/i.test(id)) return "Google";
  if (/^(gpt|o\d|codex)\b/i.test(id)) return "OpenAI";
  if (/^qwen/i.test(id)) return "Qwen";
  return undefined;
}

/**
 * The `model` value `rule`'s target gets for `agent`, or undefined to leave the key out; every
 * model left out that meant something else than the session's model is reported on `log`.
 *
 * @example
 * ```ts
 * modelFor({ ...agent, model: "sonnet" }, { tool: "Gemini CLI", vendors: ["Google"], inheritWord: true }, log);
 * // undefined; log: `reviewer: "sonnet" is Claude Code's alias, which Gemini CLI does not resolve; dropped …`
 * ```
 */
export function modelFor(agent: Agent, rule: ModelRule, log: WarningLog): string | undefined {
  const model = agent.model;
  if (model === undefined) return undefined;
  if (model === "inherit") return rule.inheritWord ? model : undefined;
  const drop = (why: string) => {
    log.lossy(agent.name, "model", `${why}; dropped (the session's model is used)`);
    return undefined;
  };
  // Claude Code's `sonnet[1m]` is its alias with a context-size suffix.
  const word = model.replace(/\[[^\]]*\]$/, "");
  const alias = Object.hasOwn(MODEL_ALIASES, word) ? MODEL_ALIASES[word] : undefined;
  if (alias !== undefined) {
    if (alias.resolvedBy.includes(rule.tool)) return model;
    return drop(`"${model}" is ${alias.owner}'s alias, which ${rule.tool} does not resolve`);
  }
  // A provider's prefix (`anthropic/claude-…`, OpenCode's way) names the same model.
  const slash = model.lastIndexOf("/");
  const id = model.slice(slash + 1);
  const vendor = modelVendor(id);
  if (vendor !== undefined && !rule.vendors.includes(vendor)) {
    return drop(`"${model}" is a model of ${vendor}, which ${rule.tool} does not run`);
  }
  if (rule.providers === undefined) {
    if (slash === -1 || vendor === undefined) return model;
    log.info("rewritten_field", `${agent.name}: model written as ${id}`, `${agent.name}.model`);
    return id;
  }
  if (slash !== -1) return model;
  const provider = vendor === undefined ? undefined : rule.providers[vendor];
  if (provider === undefined) {
    return drop(
      `"${model}" has no provider ${rule.tool} knows (it names a model as provider/model)`,
    );
  }
  log.info(
    "rewritten_field",
    `${agent.name}: model written as ${provider}/${model}`,
    `${agent.name}.model`,
  );
  return `${provider}/${model}`;
}
