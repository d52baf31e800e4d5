/**
 * MCP servers: the source's settings file read, its servers converted to the target's format and
 * set server by server into the target's settings file, every other key and comment kept.
 */
import { convertAgentConfig, parseAgentConfig } from "../agent-config/index.js";
import { ContextFmtError } from "../problems/errors.js";
import { valueHash } from "../workspace/record.js";
import { sameValue } from "../workspace/same-value.js";
import { type SettingsFile, settingsFile } from "../workspace/settings-file.js";
import { geminiExcluded } from "./gemini-excluded.js";
import type { SyncTool } from "./locations.js";
import type { Plan } from "./planned-files.js";
import { inFile, inTargetWords, naming, noPlace } from "./source-warnings.js";

/**
 * `sourceFile` without the servers its codec cannot read, and each of them with why: one bad
 * server is left out, not a stop. Checked server by server (each alone in a file of the same
 * syntax) only when the whole file does not read; a file whose servers are no table at all
 * stays as it is, for the conversion to refuse.
 */
export function readableServers(
  sourceFile: SettingsFile,
  format: string,
  key: string,
): { file: SettingsFile; left: { name: string; why: string }[] } {
  const reads = (text: string): string | undefined => {
    try {
      parseAgentConfig("mcp", format, text);
      return undefined;
    } catch (error) {
      if (ContextFmtError.is(error)) return error.message;
      throw error;
    }
  };
  const listed = sourceFile.at([key]);
  const none = { file: sourceFile, left: [] };
  if (typeof listed !== "object" || listed === null || Array.isArray(listed)) return none;
  if (reads(sourceFile.plainText()) === undefined) return none;
  const left: { name: string; why: string }[] = [];
  for (const [name, value] of Object.entries(listed)) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      left.push({ name, why: "not a table of settings" });
      continue;
    }
    const alone = settingsFile(sourceFile.path, "");
    alone.setEntries(key, new Map([[name, value as Record<string, unknown>]]));
    const why = reads(alone.result());
    if (why !== undefined) left.push({ name, why });
  }
  if (left.length === 0) return none;
  const kept = settingsFile(sourceFile.path, sourceFile.result());
  kept.removeEntries(key, new Set(left.map((server) => server.name)));
  return { file: settingsFile(sourceFile.path, kept.result()), left };
}

/** Each source's readable servers, read (and its bad servers warned about) once for all targets. */
const readOnce = new WeakMap<Plan, Map<string, SettingsFile>>();

function sourceServers(plan: Plan, path: string, format: string, key: string, text: string) {
  const read = readOnce.get(plan) ?? new Map<string, SettingsFile>();
  readOnce.set(plan, read);
  const known = read.get(path);
  if (known !== undefined) return known;
  const { file, left } = readableServers(settingsFile(path, text), format, key);
  for (const { name, why } of left) {
    plan.warnings.push({
      code: "item_skipped",
      severity: "warning",
      path: `${path}: ${key}.${name}`,
      message: `not synced: ${why}`,
    });
  }
  read.set(path, file);
  return file;
}

/** Plans the servers of `from`'s settings file into `to`'s. */
export function planMcp(plan: Plan, from: SyncTool, to: SyncTool): void {
  const source = plan.places.tool(from).mcp;
  if (source === undefined) return;
  const target = plan.places.tool(to).mcp;
  const text = plan.sourceText(source.path);
  if (text === undefined) return;
  const sourceFile = sourceServers(plan, source.path, source.format, source.key, text);
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
  const warnings = inFile(source.path, inTargetWords(converted.warnings, target.format, to));
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
