/**
 * MCP servers: the source's settings file read, its servers converted to the target's format and
 * set server by server into the target's settings file, every other key and comment kept.
 */
import { convertAgentConfig } from "../agent-config/index.js";
import { decodeUtf8 } from "../workspace/project.js";
import { valueHash } from "../workspace/record.js";
import { sameValue } from "../workspace/same-value.js";
import { settingsFile } from "../workspace/settings-file.js";
import { geminiExcluded } from "./gemini-excluded.js";
import { SYNC_TOOL_PLACES, type SyncTool } from "./locations.js";
import type { Plan } from "./planned-files.js";
import { inFile, naming, noPlace } from "./source-warnings.js";

/** The source's MCP file's text, or undefined when the project has none (or it is left out). */
function sourceMcp(plan: Plan, path: string): string | undefined {
  const located = plan.project.locate(path);
  if ("refused" in located) {
    plan.warnings.push({
      code: "outside_project",
      severity: "warning",
      path,
      message: `left out: ${located.refused}`,
    });
    return undefined;
  }
  const bytes = plan.project.read(path);
  return bytes === undefined ? undefined : decodeUtf8(path, bytes);
}

/** Plans the servers of `from`'s settings file into `to`'s. */
export function planMcp(plan: Plan, from: SyncTool, to: SyncTool): void {
  const source = SYNC_TOOL_PLACES[from].mcp;
  if (source === undefined) return;
  const target = SYNC_TOOL_PLACES[to].mcp;
  const text = sourceMcp(plan, source.path);
  if (text === undefined) return;
  const sourceFile = settingsFile(source.path, text);
  // A Codex config.toml or Gemini settings.json may hold no servers at all: nothing to sync.
  const listed = sourceFile.at([source.key]);
  if (listed === undefined) return;
  if (target === undefined) {
    const names = typeof listed === "object" && listed !== null ? Object.keys(listed) : [];
    noPlace(
      plan,
      to,
      "mcp",
      names.map((name) => `${source.path}: ${source.key}.${name}`),
    );
    return;
  }
  // Two tools that read one file (Claude Code and Copilot CLI: .mcp.json) share its servers.
  if (plan.project.resolve(target.path) === plan.project.resolve(source.path)) return;
  const converted = naming(source.path, () =>
    convertAgentConfig("mcp", sourceFile.plainText(), {
      from: source.format,
      to: target.format,
    }),
  );
  // What the target's codec wrote, read back as data to set server by server into the settings file.
  const written = settingsFile(target.path, converted.content).at([target.key]);
  const servers = new Map(
    Object.entries((written ?? {}) as Record<string, Record<string, unknown>>),
  );
  const file = settingsFile(target.path, plan.text(target.path));
  const warnings = inFile(source.path, converted.warnings);
  claimServers(plan, target.path, target.key, file.at([target.key]), servers, source.path);
  file.setEntries(target.key, servers);
  if (target.format === "gemini") {
    const on = converted.value.map((s): [string, boolean] => [s.name, s.enabled !== false]);
    for (const warning of geminiExcluded(plan, file, on)) warnings.push(warning);
  }
  plan.write(target.path, file.result(), warnings);
}

/** Claims each server of `servers`: see {@link Plan.claimPart}. */
function claimServers(
  plan: Plan,
  path: string,
  key: string,
  existing: unknown,
  servers: ReadonlyMap<string, unknown>,
  from: string,
): void {
  const old =
    typeof existing === "object" && existing !== null ? (existing as Record<string, unknown>) : {};
  for (const [name, value] of servers) {
    const before = Object.hasOwn(old, name) ? old[name] : undefined;
    const hashes = {
      before: before === undefined || sameValue(before, value) ? undefined : valueHash(before),
      after: valueHash(value),
    };
    plan.claimPart(path, "mcp-server", name, hashes, `${key}.${name}`, from);
  }
}
