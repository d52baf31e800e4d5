/**
 * Codex CLI's custom agent file (`.codex/agents/<name>.toml`): `name`, `description` and
 * `developer_instructions` (the system prompt) are required; `model` and any other Codex config
 * key (`model_reasoning_effort`, `sandbox_mode`, `nickname_candidates`, `mcp_servers`, …) are
 * kept. Codex has no per-agent tool list or turn limit.
 */
import { stringify } from "smol-toml";
import * as z from "zod/mini";
import { readShape, readToml } from "../syntax.js";
import { multilineString } from "../toml-string.js";
import { WarningLog } from "../warnings.js";
import {
  type Agent,
  type AgentCodec,
  extraOf,
  type ParseAgentOptions,
  reportForeignExtras,
  requiredText,
} from "./agent.js";
import { type ModelRule, modelFor } from "./agent-model.js";

const ID = "codex";
const FILE = "codex agent TOML";
/** Codex runs OpenAI's models; it has no word for the session's model, which no model means. */
const MODEL: ModelRule = { tool: "Codex", vendors: ["OpenAI"], inheritWord: false };
const MODELLED = new Set(["name", "description", "developer_instructions", "model"]);

const CodexAgentSchema = z.looseObject({
  name: z.optional(z.string()),
  description: z.optional(z.string()),
  developer_instructions: z.optional(z.string()),
  model: z.optional(z.string().check(z.minLength(1))),
});

/** A table (or list of tables), which TOML must write after every plain key. */
const isTable = (value: unknown) =>
  typeof value === "object" &&
  value !== null &&
  (!Array.isArray(value) || value.some((item) => typeof item === "object" && item !== null));

/**
 * Reads and writes Codex CLI custom agent TOML.
 *
 * @example
 * ```ts
 * codexAgent.render({ name: "reviewer", description: "Reviews diffs", prompt: "You review.\n" }).content;
 * // name = "reviewer"\ndescription = "Reviews diffs"\ndeveloper_instructions = """\nYou review.\n"""\n
 * ```
 */
export const codexAgent: AgentCodec = Object.freeze({
  kind: "agent",
  id: ID,
  fileLabel: FILE,
  parse(text: string, options: ParseAgentOptions) {
    const file = readShape(FILE, CodexAgentSchema, readToml(FILE, text));
    const extra = extraOf(file, ID, MODELLED);
    const agent: Agent = {
      name: requiredText(FILE, file.name?.trim() || options.name, "name"),
      description: requiredText(FILE, file.description, "description"),
      prompt: requiredText(FILE, file.developer_instructions, "developer_instructions"),
      ...(file.model !== undefined ? { model: file.model } : {}),
      ...(extra ? { extra } : {}),
    };
    return { agent, warnings: [] };
  },
  render(agent: Agent) {
    const log = new WarningLog();
    if (agent.tools !== undefined) {
      log.lossy(agent.name, "tools", "Codex agents have no tool list; the session's tools apply");
    }
    if (agent.prompt.trim() === "") {
      log.lossy(
        agent.name,
        "developer_instructions",
        "Codex refuses an agent whose instructions are blank; the file will not load until some are written",
      );
    }
    if (agent.maxTurns !== undefined) {
      log.lossy(agent.name, "maxTurns", "Codex agents have no turn limit; dropped");
    }
    const own = Object.entries(agent.extra?.[ID] ?? {});
    const plain = Object.fromEntries(own.filter(([, value]) => !isTable(value)));
    const tables = Object.fromEntries(own.filter(([, value]) => isTable(value)));
    const head = stringify({
      name: agent.name,
      description: agent.description,
      ...definedModel(modelFor(agent, MODEL, log)),
      ...plain,
    });
    const tail = Object.keys(tables).length ? `\n${stringify(tables).replace(/^\n+/, "")}` : "";
    reportForeignExtras(agent, ID, "Codex", log);
    return {
      content: `${head}developer_instructions = ${multilineString(agent.prompt)}\n${tail}`,
      warnings: log.list,
    };
  },
});

function definedModel(model: string | undefined) {
  return model === undefined ? {} : { model };
}
