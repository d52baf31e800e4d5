/**
 * Each client's words for permission rules, read into {@link PermissionRule}s and written from
 * them: Claude Code's and Qwen Code's `permissions.allow/ask/deny` lists, Gemini CLI's `tools`
 * lists, OpenCode's and Kilo Code's `permission` objects. A settings value of the wrong shape is
 * an error naming the file and key; a rule of a tool or reach no other client can say is a
 * warning naming it.
 */
import { clientById } from "../clients/index.js";
import type { ClientSpec, PermissionFile, ToolMeaning } from "../clients/spec.js";
import { InputFileError } from "../hooks/input-text.js";
import type { Issue } from "../problems/issue.js";
import { describeValue } from "../workspace/json-edit.js";
import type { SettingsFile } from "../workspace/settings-file.js";
import {
  commandScope,
  DECISIONS,
  type Decision,
  domainScope,
  type PermissionRule,
  pathScope,
  type RuleScope,
  splitRule,
} from "./permission-rules.js";

/** Where a rule goes in a target's settings file. */
export type Placement =
  /** Appended to the list at `list` (a string rule). */
  | { readonly list: readonly string[]; readonly item: string }
  /** Set at `key` (OpenCode's pattern → action). */
  | { readonly key: readonly string[]; readonly value: Decision };

/** What a source's settings say, and what of it could not be read. */
export interface ReadRules {
  readonly rules: PermissionRule[];
  readonly warnings: Issue[];
}

const skipped = (path: string, message: string): Issue => ({
  code: "item_skipped",
  severity: "warning",
  path,
  message: `not synced: ${message}`,
});

/** The meaning of each tool name `client` rules may use. */
function meanings(client: ClientSpec, place: PermissionFile): Map<string, ToolMeaning> {
  const names = new Map<string, ToolMeaning>();
  const add = (tools: ClientSpec["tools"]) => {
    for (const [meaning, name] of Object.entries(tools ?? {})) {
      if (!names.has(name)) names.set(name, meaning as ToolMeaning);
    }
  };
  add(client.tools);
  // Qwen Code takes Claude Code's names too (its TOOL_NAME_ALIASES).
  if (place.dialect === "claude") add((clientById("claude") as ClientSpec).tools);
  return names;
}

/** The list at `keyPath`: absent is none; anything but a list of strings is an error. */
function stringList(file: SettingsFile, keyPath: readonly string[]): readonly string[] {
  const value = file.at(keyPath);
  if (value === undefined) return [];
  const key = keyPath.join(".");
  if (!Array.isArray(value)) {
    throw new InputFileError(
      `${file.path}: ${key} is ${describeValue(value)}; expected a list of rules`,
    );
  }
  value.forEach((item, index) => {
    if (typeof item !== "string") {
      throw new InputFileError(
        `${file.path}: ${key}[${index}] is ${describeValue(item)}; expected a rule (text such as "Bash(rm:*)")`,
      );
    }
  });
  return value as string[];
}

/** The scope of a `Tool(specifier)` rule of tool `meaning`, or why it cannot be read. */
function scopeOf(
  meaning: ToolMeaning,
  specifier: string | undefined,
): RuleScope | undefined | { why: string } {
  if (specifier === undefined) return undefined;
  if (meaning === "shell") {
    const scope = commandScope(specifier);
    if (scope === "whole") return undefined;
    return (
      scope ?? {
        why: "only a plain command or a command prefix (`cmd:*`, `cmd *`) is carried, with no other wildcard or shell syntax",
      }
    );
  }
  if (meaning === "fetch") {
    return domainScope(specifier) ?? { why: "only `domain:<name>` is carried for fetches" };
  }
  if (specifier.trim() === "" || specifier.trim() === "**") return undefined;
  return (
    pathScope(specifier) ?? {
      why: "only a path in the project (`./src/**`, `.env`) is carried; one anchored elsewhere (`/`, `//`, `~/`, `../`) means another place in each client",
    }
  );
}

/** Claude Code's and Qwen Code's `permissions.allow/ask/deny`. */
function readClaude(client: ClientSpec, place: PermissionFile, file: SettingsFile): ReadRules {
  const found: ReadRules = { rules: [], warnings: [] };
  const names = meanings(client, place);
  for (const decision of DECISIONS) {
    stringList(file, ["permissions", decision]).forEach((text, index) => {
      const where = `${file.path}: permissions.${decision}[${index}] ${JSON.stringify(text)}`;
      const split = splitRule(text);
      if (split === undefined) {
        throw new InputFileError(
          `${file.path}: permissions.${decision}[${index}] ${JSON.stringify(text)} opens a parenthesis it does not close; expected Tool or Tool(specifier)`,
        );
      }
      if (split.name.startsWith("mcp__")) {
        found.warnings.push(
          skipped(where, "a rule for an MCP server's tool (each client names those its own way)"),
        );
        return;
      }
      const meaning = names.get(split.name);
      if (meaning === undefined) {
        found.warnings.push(
          skipped(where, `${JSON.stringify(split.name)} is no built-in tool of known meaning`),
        );
        return;
      }
      const scope = scopeOf(meaning, split.specifier);
      if (scope !== undefined && "why" in scope) {
        found.warnings.push(skipped(where, scope.why));
        return;
      }
      found.rules.push({ where, decision, tool: meaning, scope });
    });
  }
  return found;
}

/** Gemini CLI's lists: each a decision; only `tools.allowed` narrows (the shell, by prefix). */
const GEMINI_LISTS: readonly (readonly [string, Decision])[] = [
  ["allowed", "allow"],
  ["confirmationRequired", "ask"],
  ["exclude", "deny"],
];

/** Gemini CLI's `tools.allowed`, `tools.confirmationRequired` and `tools.exclude`. */
function readGemini(client: ClientSpec, place: PermissionFile, file: SettingsFile): ReadRules {
  const found: ReadRules = { rules: [], warnings: [] };
  const names = meanings(client, place);
  for (const [key, decision] of GEMINI_LISTS) {
    stringList(file, ["tools", key]).forEach((text, index) => {
      const where = `${file.path}: tools.${key}[${index}] ${JSON.stringify(text)}`;
      const split = splitRule(text);
      const meaning = split === undefined ? undefined : names.get(split.name);
      if (split === undefined || meaning === undefined) {
        found.warnings.push(
          skipped(where, `${JSON.stringify(text)} names no built-in tool of known meaning`),
        );
        return;
      }
      if (split.specifier === undefined) {
        found.rules.push({ where, decision, tool: meaning, scope: undefined });
        return;
      }
      // Only tools.allowed reads arguments, and only the shell's: a command prefix.
      if (decision !== "allow") {
        found.warnings.push(
          skipped(where, `Gemini CLI reads tools.${key} entries as whole tool names`),
        );
        return;
      }
      if (meaning !== "shell") {
        found.rules.push({ where, decision, tool: meaning, scope: undefined });
        return;
      }
      const scope = commandScope(`${split.specifier.trim()} *`);
      if (scope === undefined) {
        found.warnings.push(skipped(where, "a command prefix with wildcards or shell syntax"));
        return;
      }
      found.rules.push({
        where,
        decision,
        tool: meaning,
        scope: scope === "whole" ? undefined : scope,
      });
    });
  }
  return found;
}

const isDecision = (value: unknown): value is Decision =>
  typeof value === "string" && (DECISIONS as readonly string[]).includes(value);

/** OpenCode's and Kilo Code's `permission`: per tool an action, or patterns → action. */
function readOpencode(client: ClientSpec, place: PermissionFile, file: SettingsFile): ReadRules {
  const found: ReadRules = { rules: [], warnings: [] };
  const value = file.at(["permission"]);
  if (value === undefined) return found;
  if (typeof value === "string") {
    found.warnings.push(
      skipped(
        `${file.path}: permission ${JSON.stringify(value)}`,
        "one action for every tool (each tool's rule is carried, not this)",
      ),
    );
    return found;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new InputFileError(
      `${file.path}: permission is ${describeValue(value)}; expected an action or an object of tool → action`,
    );
  }
  const names = meanings(client, place);
  for (const [tool, rule] of Object.entries(value)) {
    const meaning = names.get(tool);
    if (meaning === undefined) {
      found.warnings.push(
        skipped(`${file.path}: permission.${tool}`, "no built-in tool of known meaning"),
      );
      continue;
    }
    const patterns: [string, unknown][] =
      typeof rule === "object" && rule !== null && !Array.isArray(rule)
        ? Object.entries(rule)
        : [["*", rule]];
    for (const [pattern, action] of patterns) {
      const key =
        rule === action ? `permission.${tool}` : `permission.${tool}[${JSON.stringify(pattern)}]`;
      if (!isDecision(action)) {
        throw new InputFileError(
          `${file.path}: ${key} is ${typeof action === "string" ? JSON.stringify(action) : describeValue(action)}; expected "allow", "ask" or "deny"`,
        );
      }
      const where = `${file.path}: ${key} ${JSON.stringify(action)}`;
      if (pattern === "*") {
        found.rules.push({ where, decision: action, tool: meaning, scope: undefined });
        continue;
      }
      const scope =
        meaning === "shell" && !pattern.includes("?") ? commandScope(pattern) : undefined;
      if (scope === undefined || scope === "whole") {
        found.warnings.push(
          skipped(
            where,
            meaning === "shell"
              ? "only a plain command or `cmd *` is carried, with no other wildcard or shell syntax"
              : `a pattern for its ${tool} tool (only the shell's are carried)`,
          ),
        );
        continue;
      }
      found.rules.push({ where, decision: action, tool: meaning, scope });
    }
  }
  return found;
}

/** The rules of `client`'s permission settings `file`. */
export function readRules(
  client: ClientSpec,
  place: PermissionFile,
  file: SettingsFile,
): ReadRules {
  if (place.dialect === "claude") return readClaude(client, place, file);
  if (place.dialect === "gemini") return readGemini(client, place, file);
  return readOpencode(client, place, file);
}

/**
 * Where `rule` goes in `client`'s settings (the caller checked that it can say it, see
 * `cannotSay`).
 */
export function placementOf(
  rule: PermissionRule,
  client: ClientSpec,
  place: PermissionFile,
): Placement {
  const name = client.tools?.[rule.tool] as string;
  const { scope } = rule;
  if (place.dialect === "opencode") {
    const pattern =
      scope === undefined
        ? "*"
        : "command" in scope
          ? scope.prefix
            ? `${scope.command} *`
            : scope.command
          : "";
    return { key: ["permission", name, pattern], value: rule.decision };
  }
  if (place.dialect === "gemini") {
    const list = GEMINI_LISTS.find(([, decision]) => decision === rule.decision)?.[0] as string;
    const item = scope !== undefined && "command" in scope ? `${name}(${scope.command})` : name;
    return { list: ["tools", list], item };
  }
  const specifier =
    scope === undefined
      ? undefined
      : "command" in scope
        ? scope.prefix
          ? `${scope.command}:*`
          : scope.command
        : "path" in scope
          ? `./${scope.path}`
          : `domain:${scope.domain}`;
  return {
    list: ["permissions", rule.decision],
    item: specifier === undefined ? name : `${name}(${specifier})`,
  };
}
