/**
 * The registry of agent-config formats: command, MCP, agent and skill formats are plain objects
 * with an `id`, a `kind`, `parse` and `render`, looked up by kind and id. Created, never global:
 * a registry holds the built-in formats plus whatever its owner registers, so a format for another
 * tool (Cursor, OpenCode, …) is added without touching the library.
 */
import {
  badArgument,
  ContextFmtError,
  InvalidInputError,
  UnknownFormatError,
} from "../problems/errors.js";
import type { Issue } from "../problems/issue.js";
import type { AgentCodec } from "./agents/agent.js";
import { claudeAgent } from "./agents/claude-agent.js";
import { codexAgent } from "./agents/codex-agent.js";
import { geminiAgent } from "./agents/gemini-agent.js";
import {
  clineAgent,
  copilotAgent,
  cursorAgent,
  opencodeAgent,
  qwenAgent,
} from "./agents/more-agents.js";
import { claudeCommand } from "./commands/claude-command.js";
import { codexCommand } from "./commands/codex-command.js";
import { codexSkillCommand, copilotSkillCommand } from "./commands/codex-skill-command.js";
import type { CommandCodec } from "./commands/command.js";
import { geminiCommand } from "./commands/gemini-command.js";
import { opencodeCommand } from "./commands/opencode-command.js";
import { piCommand } from "./commands/pi-command.js";
import {
  antigravityCommand,
  clineCommand,
  cursorCommand,
  rooCommand,
  windsurfCommand,
} from "./commands/plain-command.js";
import { qwenCommand } from "./commands/qwen-command.js";
import {
  amazonqMcp,
  claudeMcp,
  cursorMcp,
  firebenderMcp,
  junieMcp,
  kiroMcp,
  rooMcp,
} from "./mcp/claude-mcp.js";
import { codexMcp } from "./mcp/codex-mcp.js";
import { geminiMcp, qwenMcp } from "./mcp/gemini-mcp.js";
import type { McpCodec } from "./mcp/mcp-codec.js";
import { opencodeMcp } from "./mcp/opencode-mcp.js";
import type { SkillCodec } from "./skills/skill.js";
import {
  claudeSkill,
  clineSkill,
  codexSkill,
  continueSkill,
  copilotSkill,
  cursorSkill,
  firebenderSkill,
  geminiSkill,
  gooseSkill,
  kiroSkill,
  opencodeSkill,
  piSkill,
  qwenSkill,
  rooSkill,
  warpSkill,
  windsurfSkill,
} from "./skills/skill-formats.js";

/** What a format converts: slash commands, MCP server configs, subagents, skills. */
export type AgentConfigKind = "command" | "mcp" | "agent" | "skill";

/** Any agent-config format: a command, MCP, agent or skill codec. */
export type AgentConfigFormat = CommandCodec | McpCodec | AgentCodec | SkillCodec;

/** The format type of one kind: `FormatOfKind<"agent">` is {@link AgentCodec}. */
export type FormatOfKind<K extends AgentConfigKind> = Extract<AgentConfigFormat, { kind: K }>;

const KINDS: readonly AgentConfigKind[] = ["command", "mcp", "agent", "skill"];

/**
 * The formats `createAgentConfigRegistry()` registers, in this order.
 *
 * @example
 * ```ts
 * builtinAgentConfigFormats.filter((f) => f.kind === "agent").map((f) => f.id); // ["claude", "gemini", "codex", "copilot", "qwen", "opencode", "cursor", "cline"]
 * ```
 */
export const builtinAgentConfigFormats: readonly AgentConfigFormat[] = Object.freeze([
  claudeCommand,
  geminiCommand,
  codexCommand,
  codexSkillCommand,
  copilotSkillCommand,
  opencodeCommand,
  cursorCommand,
  clineCommand,
  qwenCommand,
  piCommand,
  windsurfCommand,
  rooCommand,
  antigravityCommand,
  claudeMcp,
  geminiMcp,
  codexMcp,
  qwenMcp,
  opencodeMcp,
  cursorMcp,
  rooMcp,
  kiroMcp,
  amazonqMcp,
  junieMcp,
  firebenderMcp,
  claudeAgent,
  geminiAgent,
  codexAgent,
  copilotAgent,
  qwenAgent,
  opencodeAgent,
  cursorAgent,
  clineAgent,
  claudeSkill,
  codexSkill,
  geminiSkill,
  copilotSkill,
  qwenSkill,
  opencodeSkill,
  cursorSkill,
  clineSkill,
  piSkill,
  continueSkill,
  windsurfSkill,
  rooSkill,
  kiroSkill,
  firebenderSkill,
  gooseSkill,
  warpSkill,
]);

/** Problems with a format object that would only surface later, at a conversion. */
function formatProblems(format: unknown): Issue[] {
  const problem = (path: string, message: string): Issue => ({
    code: "invalid_input",
    severity: "error",
    message,
    path,
  });
  if (typeof format !== "object" || format === null)
    return [problem("format", "expected an object")];
  const f = format as Record<string, unknown>;
  const issues: Issue[] = [];
  if (!KINDS.includes(f.kind as AgentConfigKind)) {
    issues.push(
      problem(
        "format.kind",
        `expected ${KINDS.map((k) => `"${k}"`).join(" | ")}, received ${JSON.stringify(f.kind)}`,
      ),
    );
  }
  if (typeof f.id !== "string" || f.id === "") {
    issues.push(
      problem("format.id", `expected a non-empty string, received ${JSON.stringify(f.id)}`),
    );
  }
  for (const key of ["parse", "render"]) {
    if (typeof f[key] !== "function") issues.push(problem(`format.${key}`, "expected a function"));
  }
  if (typeof f.fileLabel !== "string")
    issues.push(problem("format.fileLabel", "expected a string"));
  return issues;
}

/** The `replace` option of `register`, checked: options are an object, `replace` a boolean. */
function replaceOption(options: unknown): boolean {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    badArgument("options", "an object ({ replace?: boolean })", options);
  }
  const { replace = false } = options as { replace?: unknown };
  return typeof replace === "boolean"
    ? replace
    : badArgument("options.replace", "a boolean", replace);
}

/**
 * Agent-config formats by kind and id. Each instance has its own formats; `parseCommand`,
 * `convertAgent` and the others take one as their `registry` option.
 *
 * @example
 * ```ts
 * const registry = createAgentConfigRegistry().register(cursorCommand);
 * await convertCommand(markdown, { from: "claude", to: "cursor", registry });
 * ```
 */
export class AgentConfigRegistry {
  readonly #formats = new Map<AgentConfigKind, Map<string, AgentConfigFormat>>(
    KINDS.map((kind) => [kind, new Map()]),
  );

  /** @param formats what to register; default: the built-in formats. */
  constructor(formats: readonly AgentConfigFormat[] = builtinAgentConfigFormats) {
    if (!Array.isArray(formats)) {
      throw new InvalidInputError([
        {
          code: "invalid_input",
          severity: "error",
          message: "expected a list of formats",
          path: "formats",
        },
      ]);
    }
    for (const format of formats) this.register(format);
  }

  /**
   * Registers a format under its kind and id. A malformed object, or options other than
   * `{ replace?: boolean }`, is an `InvalidInputError`; an id that is taken throws, unless
   * `replace: true` says to swap it. Returns the registry, for chaining.
   */
  register(format: AgentConfigFormat, options: { readonly replace?: boolean } = {}): this {
    const replace = replaceOption(options);
    const issues = formatProblems(format);
    if (issues.length) throw new InvalidInputError(issues);
    const formats = this.#formats.get(format.kind) as Map<string, AgentConfigFormat>;
    if (formats.has(format.id) && !replace) {
      throw new ContextFmtError(
        `a ${format.kind} format "${format.id}" is registered already; pass { replace: true } to replace it`,
      );
    }
    formats.set(format.id, format);
    return this;
  }

  /**
   * The format of `kind` registered under `id`. Anything else throws {@link UnknownFormatError},
   * naming `option` (the caller's argument: `from`, `to`, `format`) and the registered ids.
   */
  get<K extends AgentConfigKind>(kind: K, id: unknown, option = "format"): FormatOfKind<K> {
    const format = typeof id === "string" ? this.#formats.get(kind)?.get(id) : undefined;
    if (!format) throw new UnknownFormatError(kind, id, this.list(kind), option);
    return format as FormatOfKind<K>;
  }

  /** Whether a format of `kind` is registered under `id`. */
  has(kind: AgentConfigKind, id: string): boolean {
    return this.#formats.get(kind)?.has(id) ?? false;
  }

  /** The ids registered for `kind`, in registration order. */
  list(kind: AgentConfigKind): string[] {
    return [...(this.#formats.get(kind)?.keys() ?? [])];
  }
}

/**
 * Creates an {@link AgentConfigRegistry}; with no argument it holds the built-in formats.
 *
 * @example
 * ```ts
 * const registry = createAgentConfigRegistry();
 * registry.list("skill"); // ["claude", "codex", "gemini", "copilot", "qwen", "opencode", "cursor", "cline", "pi", "continue"]
 * ```
 */
export function createAgentConfigRegistry(
  formats?: readonly AgentConfigFormat[],
): AgentConfigRegistry {
  return new AgentConfigRegistry(formats);
}

/** The `registry` option every parse, render and convert function takes. */
export interface RegistryOption {
  /** Where formats are looked up; default: the built-in formats. */
  readonly registry?: AgentConfigRegistry;
}

// Never handed out, so nothing can register into it: the built-ins stay the built-ins.
const builtin = new AgentConfigRegistry();

/** The registry of `options`, or one holding the built-in formats. */
export function registryOf(options: RegistryOption | undefined): AgentConfigRegistry {
  const registry = (options as { registry?: unknown } | null | undefined)?.registry;
  if (registry === undefined) return builtin;
  if (registry instanceof AgentConfigRegistry) return registry;
  throw new InvalidInputError([
    {
      code: "invalid_input",
      severity: "error",
      message: "expected an AgentConfigRegistry (from createAgentConfigRegistry())",
      path: "options.registry",
    },
  ]);
}
