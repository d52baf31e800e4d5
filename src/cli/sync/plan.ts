/**
 * What `sync` would write: every target file with its text before and after and the warnings of
 * what went into it. Nothing is written here; a settings file that cannot be read or edited in
 * place stops the whole plan, so either every file is written or none.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { convertAgentConfig, skillName } from "../../agent-config/index.js";
import type { Issue } from "../../problems/issue.js";
import { InputFileError } from "../input-files.js";
import { readJsonc, setJsonValue, valueAt } from "./json-edit.js";
import {
  ITEM_FILES,
  type ItemFiles,
  MCP_FILES,
  RULES_FILES,
  type SyncKind,
  type SyncTool,
} from "./locations.js";
import { writeManagedRegion } from "./managed-region.js";
import { readToml, setTomlTable } from "./toml-edit.js";

/** One file `sync` would write. */
export interface PlannedFile {
  /** Relative to the project, with `/`. */
  readonly path: string;
  readonly before: string | undefined;
  readonly after: string;
  readonly warnings: Issue[];
  /** How the text maps to the file's bytes: `latin1` for files copied byte for byte. */
  readonly encoding: "utf8" | "latin1";
}

/** What to sync. */
export interface SyncRequest {
  readonly dir: string;
  readonly from: SyncTool | undefined;
  readonly to: readonly SyncTool[];
  readonly kinds: readonly SyncKind[];
  /** Renders the rules for a tool (only with the `rules` kind). */
  readonly renderRules?: (tool: SyncTool) => string;
}

/** The files being planned, by path; later edits of a file build on earlier ones. */
class Plan {
  readonly #files = new Map<
    string,
    { before: string | undefined; after: string; warnings: Issue[]; encoding: "utf8" | "latin1" }
  >();
  readonly #owners = new Map<string, string>();
  constructor(readonly dir: string) {}

  /** The file's text as planned so far (what is on disk at first; "" when absent). */
  text(path: string): string {
    const planned = this.#files.get(path);
    if (planned) return planned.after;
    const full = join(this.dir, path);
    return existsSync(full) ? readFileSync(full, "utf8") : "";
  }

  /** Sets the file's new text; `owner` names the source, so two sources for one file are an error. */
  write(
    path: string,
    after: string,
    warnings: readonly Issue[],
    owner?: string,
    encoding: "utf8" | "latin1" = "utf8",
  ): void {
    if (owner !== undefined) {
      const other = this.#owners.get(path);
      if (other !== undefined && other !== owner) {
        throw new InputFileError(`${path}: written from both ${other} and ${owner}; rename one`);
      }
      this.#owners.set(path, owner);
    }
    const full = join(this.dir, path);
    const planned = this.#files.get(path) ?? {
      before: existsSync(full) ? readFileSync(full, encoding) : undefined,
      after: "",
      warnings: [],
      encoding,
    };
    planned.after = after;
    for (const warning of warnings) planned.warnings.push(warning);
    this.#files.set(path, planned);
  }

  files(): PlannedFile[] {
    return [...this.#files].map(([path, file]) => ({ path, ...file }));
  }
}

const posix = (path: string) => path.split(sep).join("/");

/** Every file below `dir`, relative to it, in a stable order. */
function filesBelow(dir: string): string[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  const out: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const full = join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out.push(posix(relative(dir, full)));
    }
  };
  walk(dir);
  return out;
}

/** One item of a whole-file kind as the source keeps it. */
interface SourceItem {
  readonly name: string;
  readonly path: string;
  readonly text: string;
  /** Other files of a skill's folder, by path inside it. */
  readonly extras: readonly string[];
}

function sourceItems(dir: string, files: ItemFiles): SourceItem[] {
  const root = join(dir, files.dir);
  const all = filesBelow(root);
  const read = (rel: string) => readFileSync(join(root, rel), "utf8");
  if (files.layout === "skill-folders") {
    return all
      .filter((rel) => /^[^/]+\/SKILL\.md$/.test(rel))
      .map((rel) => {
        const folder = rel.slice(0, rel.indexOf("/"));
        const extras = all.filter((other) => other.startsWith(`${folder}/`) && other !== rel);
        return { name: folder, path: `${files.dir}/${rel}`, text: read(rel), extras };
      });
  }
  return all
    .filter(
      (rel) => rel.endsWith(files.extension) && (files.layout === "nested" || !rel.includes("/")),
    )
    .map((rel) => ({
      name: rel.slice(0, -files.extension.length),
      path: `${files.dir}/${rel}`,
      text: read(rel),
      extras: [],
    }));
}

/** Where an item named `name` goes in the target's files. */
function targetPath(files: ItemFiles, name: string): string {
  if (files.layout === "skill-folders") return `${files.dir}/${skillName(name)}/SKILL.md`;
  return `${files.dir}/${name}${files.extension}`;
}

/** The warnings of one source file, with the file named in each path. */
const inFile = (file: string, warnings: readonly Issue[]): Issue[] =>
  warnings.map((w) => ({ ...w, path: `${file}${w.path ? `: ${w.path}` : ""}` }));

function planItems(
  plan: Plan,
  request: SyncRequest,
  from: SyncTool,
  to: SyncTool,
  kind: "command" | "agent" | "skill",
) {
  const source = ITEM_FILES[from][kind];
  const target = ITEM_FILES[to][kind];
  for (const item of sourceItems(request.dir, source)) {
    const name = kind === "agent" ? undefined : item.name;
    let converted: { content: string; warnings: readonly Issue[] };
    try {
      converted = convertAgentConfig(kind, item.text, {
        from: source.format,
        to: target.format,
        ...(name !== undefined ? { name } : {}),
      });
    } catch (error) {
      if (error instanceof Error && "format" in error)
        throw new InputFileError(`${item.path}: ${error.message}`);
      throw error;
    }
    const path = targetPath(target, item.name);
    plan.write(path, converted.content, inFile(item.path, converted.warnings), item.path);
    // A skill's scripts, references and images go along byte for byte (latin1 maps each byte to one character).
    const folder = path.slice(0, path.lastIndexOf("/"));
    const sourceFolder = item.path.slice(0, item.path.lastIndexOf("/"));
    for (const extra of item.extras) {
      const rel = extra.slice(extra.indexOf("/") + 1);
      plan.write(
        `${folder}/${rel}`,
        readFileSync(join(request.dir, sourceFolder, rel), "latin1"),
        [],
        item.path,
        "latin1",
      );
    }
  }
}

/** The source's MCP file's text, or undefined when the project has none. */
function sourceMcp(dir: string, from: SyncTool): string | undefined {
  const file = join(dir, MCP_FILES[from].path);
  return existsSync(file) ? readFileSync(file, "utf8") : undefined;
}

function planMcp(plan: Plan, request: SyncRequest, from: SyncTool, to: SyncTool) {
  const text = sourceMcp(request.dir, from);
  if (text === undefined) return;
  const source = MCP_FILES[from];
  const target = MCP_FILES[to];
  let converted: ReturnType<typeof convertAgentConfig<"mcp">>;
  try {
    // A Codex config.toml or Gemini settings.json may hold no servers at all: nothing to sync.
    const servers =
      source.syntax === "toml"
        ? valueAt(readToml(source.path, text), [source.key])
        : valueAt(readJsonc(source.path, text), [source.key]);
    if (servers === undefined) return;
    converted = convertAgentConfig(
      "mcp",
      source.syntax === "json" ? JSON.stringify(readJsonc(source.path, text)) : text,
      { from, to },
    );
  } catch (error) {
    if (error instanceof Error && "format" in error)
      throw new InputFileError(`${source.path}: ${error.message}`);
    throw error;
  }
  const warnings = inFile(source.path, converted.warnings);
  // What the target's codec wrote, read back as data to set key by key into the settings file.
  const written =
    target.syntax === "toml"
      ? readToml(target.path, converted.content)
      : (JSON.parse(converted.content) as unknown);
  const servers = (valueAt(written, [target.key]) ?? {}) as Record<string, Record<string, unknown>>;
  let after = plan.text(target.path);
  for (const [name, value] of Object.entries(servers)) {
    after =
      target.syntax === "toml"
        ? setTomlTable(target.path, after, [target.key, name], value)
        : setJsonValue(target.path, after, [target.key, name], value);
  }
  if (to === "gemini")
    after = geminiExcluded(
      target.path,
      after,
      converted.value.map((s) => [s.name, s.enabled !== false]),
    );
  plan.write(target.path, after, warnings);
}

/** Gemini's `mcp.excluded` with the synced servers that are off in, and those that are on out. */
function geminiExcluded(path: string, text: string, servers: readonly [string, boolean][]): string {
  const current = valueAt(readJsonc(path, text), ["mcp", "excluded"]);
  const list = Array.isArray(current)
    ? current.filter((n): n is string => typeof n === "string")
    : [];
  const next = list.filter((name) => !servers.some(([n, on]) => n === name && on));
  for (const [name, on] of servers) if (!on && !next.includes(name)) next.push(name);
  if (next.length === list.length && next.every((n, i) => n === list[i])) return text;
  return setJsonValue(path, text, ["mcp", "excluded"], next);
}

/** Same rules text, whatever the `Generated:` timestamp of the Codex format says. */
const sameRules = (a: string, b: string) => {
  const mask = (text: string) => text.replace(/^Generated: .*$/m, "Generated:");
  return mask(a) === mask(b);
};

/** Every file `sync` would write for `request`, the unchanged ones included. */
export function planSync(request: SyncRequest): PlannedFile[] {
  const plan = new Plan(request.dir);
  for (const to of request.to) {
    for (const kind of request.kinds) {
      if (kind === "rules") {
        const path = RULES_FILES[to];
        const rules = request.renderRules?.(to) ?? "";
        plan.write(
          path,
          writeManagedRegion(path, plan.text(path), rules, sameRules),
          [],
          `rules:${to}`,
        );
        continue;
      }
      const from = request.from as SyncTool;
      if (from === to) continue;
      if (kind === "mcp") planMcp(plan, request, from, to);
      else if (ITEM_FILES[from][kind].readable) planItems(plan, request, from, to, kind);
    }
  }
  return plan.files();
}
