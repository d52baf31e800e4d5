/**
 * What `sync` would write: every target file with its text before and after and the warnings of
 * what went into it. Nothing is written here: every source is read, every target read, parsed,
 * edited and checked first, so a problem anywhere stops the run before its first write. Files are
 * planned by their real path, so two targets that are one file (a link) are seen as one.
 */
import { convertAgentConfig, skillName } from "../../agent-config/index.js";
import type { Issue } from "../../problems/issue.js";
import { InputFileError } from "../input-files.js";
import { decodeUtf8, type Project, ProjectFileError } from "../writer/project.js";
import { sha256, valueHash, type WrittenKind, type WrittenRecord } from "../writer/record.js";
import { JsoncFile, valueAt } from "./json-edit.js";
import {
  type ItemFiles,
  type ItemKind,
  RULES_FILES,
  type RulesFormat,
  SYNC_TOOL_PLACES,
  SYNC_TOOLS,
  type SyncKind,
  type SyncTool,
} from "./locations.js";
import { writeManagedRegion } from "./managed-region.js";
import { sameValue } from "./same-value.js";
import { readToml, setTomlTables } from "./toml-edit.js";

/** One file `sync` would write. */
export interface PlannedFile {
  /** Relative to the project, with `/`. */
  readonly path: string;
  /** The text before (for diffs), or undefined when the file is new. */
  readonly before: string | undefined;
  /** The bytes before, to put back when a later write of the run fails. */
  readonly beforeBytes: Buffer | undefined;
  readonly after: string;
  readonly warnings: Issue[];
  /** How the text maps to the file's bytes: `latin1` for files copied byte for byte. */
  readonly encoding: "utf8" | "latin1";
}

/** What to sync. */
export interface SyncRequest {
  readonly project: Project;
  /** What contextfmt wrote before; updated with what this run writes. */
  readonly record: WrittenRecord;
  readonly from: SyncTool | undefined;
  readonly to: readonly SyncTool[];
  readonly kinds: readonly SyncKind[];
  /** Renders the rules in a rules format (only with the `rules` kind). */
  readonly renderRules?: (format: RulesFormat) => string;
}

/** What `sync` would do. */
export interface SyncPlan {
  /** Every target file, the unchanged ones included. */
  readonly files: PlannedFile[];
  /**
   * What the plan would replace that contextfmt did not write, or that changed since it did:
   * `path` for a whole file, `path: key` for a part. Replaced only with `--force`.
   */
  readonly conflicts: string[];
  /** Warnings about no one file: sources left out. */
  readonly warnings: Issue[];
}

interface Planned {
  /** The path it was first planned by (a link to it may name it otherwise). */
  readonly path: string;
  /** Its real path. */
  readonly real: string;
  readonly beforeBytes: Buffer | undefined;
  /** The new text, once a source has written it. */
  after: string | undefined;
  encoding: "utf8" | "latin1";
  readonly warnings: Issue[];
}

/** The files being planned, by real path; later edits of a file build on earlier ones. */
class Plan {
  readonly #files = new Map<string, Planned>();
  readonly #owners = new Map<string, string>();
  readonly conflicts: string[] = [];
  readonly warnings: Issue[] = [];
  constructor(
    readonly project: Project,
    readonly record: WrittenRecord,
  ) {}

  #planned(path: string): Planned {
    const real = this.project.resolve(path);
    let planned = this.#files.get(real);
    if (planned === undefined) {
      planned = {
        path,
        real,
        beforeBytes: this.project.read(path),
        after: undefined,
        encoding: "utf8",
        warnings: [],
      };
      this.#files.set(real, planned);
    }
    return planned;
  }

  /**
   * The file's text as planned so far (what is on disk at first; "" when absent). A file that is
   * not UTF-8 is an error: it is written back, and its other bytes must stay as they are.
   */
  text(path: string): string {
    const planned = this.#planned(path);
    if (planned.after !== undefined) return planned.after;
    return planned.beforeBytes === undefined ? "" : decodeUtf8(path, planned.beforeBytes);
  }

  /** The file's bytes on disk, before this run. */
  before(path: string): Buffer | undefined {
    return this.#planned(path).beforeBytes;
  }

  /** The path the record uses for `path`: its real path in the project. */
  recordPath(path: string): string {
    return this.project.relative(this.#planned(path).real);
  }

  /**
   * Sets the file's new text; `owner` names the source, so two sources for one file are an
   * error, and so are two paths of one file that would get different text.
   */
  write(
    path: string,
    after: string,
    warnings: readonly Issue[],
    owner?: string,
    encoding: "utf8" | "latin1" = "utf8",
  ): void {
    const planned = this.#planned(path);
    if (planned.path !== path && planned.after !== undefined && planned.after !== after) {
      throw new ProjectFileError(
        `${path} and ${planned.path} are one file (through a link) and would get different text; nothing written`,
      );
    }
    if (owner !== undefined) {
      const other = this.#owners.get(planned.real);
      if (other !== undefined && other !== owner && planned.path === path) {
        throw new InputFileError(`${path}: written from both ${other} and ${owner}; rename one`);
      }
      this.#owners.set(planned.real, owner);
    }
    planned.after = after;
    planned.encoding = encoding;
    for (const warning of warnings) planned.warnings.push(warning);
  }

  /**
   * Notes a whole file this run writes: a conflict when it would replace bytes contextfmt did
   * not write (no record of them, or they changed since).
   */
  claimFile(path: string, kind: WrittenKind, after: Buffer, from: string): void {
    const before = this.before(path);
    const recordPath = this.recordPath(path);
    if (
      before !== undefined &&
      !before.equals(after) &&
      !this.record.wrote(recordPath, kind, undefined, sha256(before))
    ) {
      this.conflicts.push(path);
    }
    this.record.set({ path: recordPath, kind, from, sha256: sha256(after) });
  }

  /** Notes one part of a file this run writes (a server, a region); see {@link claimFile}. */
  claimPart(
    path: string,
    kind: WrittenKind,
    name: string | undefined,
    hashes: { readonly before: string | undefined; readonly after: string },
    label: string,
  ): void {
    const recordPath = this.recordPath(path);
    if (
      hashes.before !== undefined &&
      hashes.before !== hashes.after &&
      !this.record.wrote(recordPath, kind, name, hashes.before)
    ) {
      this.conflicts.push(`${path}: ${label}`);
    }
    this.record.set({
      path: recordPath,
      kind,
      ...(name !== undefined ? { name } : {}),
      sha256: hashes.after,
    });
  }

  files(): PlannedFile[] {
    return [...this.#files.values()].flatMap((file) =>
      file.after === undefined
        ? []
        : [
            {
              path: file.path,
              before: file.beforeBytes?.toString(file.encoding),
              beforeBytes: file.beforeBytes,
              after: file.after,
              warnings: file.warnings,
              encoding: file.encoding,
            },
          ],
    );
  }
}

/** One item of a whole-file kind as the source keeps it. */
interface SourceItem {
  readonly name: string;
  readonly path: string;
  readonly text: string;
  /** Other files of a skill's folder, as project paths. */
  readonly extras: readonly string[];
}

function sourceItems(plan: Plan, files: ItemFiles): SourceItem[] {
  const all = plan.project.filesBelow(files.dir, (issue) => plan.warnings.push(issue));
  const read = (path: string) => decodeUtf8(path, plan.project.read(path) ?? Buffer.alloc(0));
  const below = (path: string) => path.slice(files.dir.length + 1);
  if (files.layout === "skill-folders") {
    // Each skill's folder and its files, in one pass.
    const folders = new Map<string, string[]>();
    for (const path of all) {
      const rel = below(path);
      const slash = rel.indexOf("/");
      if (slash === -1) continue;
      const folder = rel.slice(0, slash);
      const list = folders.get(folder) ?? [];
      list.push(path);
      folders.set(folder, list);
    }
    const items: SourceItem[] = [];
    for (const [folder, paths] of folders) {
      const skill = `${files.dir}/${folder}/SKILL.md`;
      if (!paths.includes(skill)) continue;
      const extras = paths.filter((path) => path !== skill);
      items.push({ name: folder, path: skill, text: read(skill), extras });
    }
    return items;
  }
  return all
    .filter((path) => {
      const rel = below(path);
      return rel.endsWith(files.extension) && (files.layout === "nested" || !rel.includes("/"));
    })
    .map((path) => ({
      name: below(path).slice(0, -files.extension.length),
      path,
      text: read(path),
      extras: [],
    }));
}

/**
 * Where an item named `name` goes in the target's files. A flat folder has no namespaces:
 * `git/commit` is `git-commit` there (Cursor runs it as /git-commit, Cline as /git-commit.md).
 */
function targetPath(files: ItemFiles, name: string): string {
  if (files.layout === "skill-folders") return `${files.dir}/${skillName(name)}/SKILL.md`;
  const flat = files.layout === "flat" ? name.replaceAll("/", "-") : name;
  return `${files.dir}/${flat}${files.extension}`;
}

/** The warnings of one source file, with the file named in each path. */
const inFile = (file: string, warnings: readonly Issue[]): Issue[] =>
  warnings.map((w) => ({ ...w, path: `${file}${w.path ? `: ${w.path}` : ""}` }));

/** Runs a conversion, naming the source file in a parse error. */
function naming<T>(path: string, convert: () => T): T {
  try {
    return convert();
  } catch (error) {
    if (error instanceof Error && "format" in error) {
      throw new InputFileError(`${path}: ${error.message}`);
    }
    throw error;
  }
}

/** Warns that `to` has no place for `kind`, naming each item sync would have written. */
function noPlace(plan: Plan, to: SyncTool, kind: ItemKind | "mcp", items: readonly string[]): void {
  const places = SYNC_TOOL_PLACES[to];
  const why = places.cannotHold?.[kind] ?? `${places.label} has no project place for this kind`;
  for (const item of items) {
    plan.warnings.push({
      code: "unsupported_kind",
      severity: "warning",
      path: item,
      message: `not written for ${to}: ${why}`,
    });
  }
}

function planItems(plan: Plan, from: SyncTool, to: SyncTool, kind: ItemKind): void {
  const source = SYNC_TOOL_PLACES[from].items[kind];
  if (source === undefined || !source.readable) return;
  const target = SYNC_TOOL_PLACES[to].items[kind];
  const items = sourceItems(plan, source);
  if (target === undefined) {
    noPlace(
      plan,
      to,
      kind,
      items.map((item) => item.path),
    );
    return;
  }
  for (const item of items) {
    // The file's name is the item's name where the file does not say it (OpenCode's agents).
    const converted = naming(item.path, () =>
      convertAgentConfig(kind, item.text, {
        from: source.format,
        to: target.format,
        name: item.name,
      }),
    );
    const path = targetPath(target, item.name);
    plan.claimFile(path, kind, Buffer.from(converted.content, "utf8"), item.path);
    plan.write(path, converted.content, inFile(item.path, converted.warnings), item.path);
    // A skill's scripts, references and images go along byte for byte (latin1 maps each byte to one character).
    const folder = path.slice(0, path.lastIndexOf("/"));
    const sourceFolder = item.path.slice(0, item.path.lastIndexOf("/"));
    for (const extra of item.extras) {
      const bytes = plan.project.read(extra) ?? Buffer.alloc(0);
      const copy = `${folder}/${extra.slice(sourceFolder.length + 1)}`;
      plan.claimFile(copy, kind, bytes, extra);
      plan.write(copy, bytes.toString("latin1"), [], item.path, "latin1");
    }
  }
}

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

function planMcp(plan: Plan, from: SyncTool, to: SyncTool): void {
  const source = SYNC_TOOL_PLACES[from].mcp;
  if (source === undefined) return;
  const target = SYNC_TOOL_PLACES[to].mcp;
  const text = sourceMcp(plan, source.path);
  if (text === undefined) return;
  const data =
    source.syntax === "toml"
      ? readToml(source.path, text)
      : new JsoncFile(source.path, text).value();
  // A Codex config.toml or Gemini settings.json may hold no servers at all: nothing to sync.
  const listed = valueAt(data, [source.key]);
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
    convertAgentConfig("mcp", source.syntax === "json" ? JSON.stringify(data) : text, {
      from: source.format,
      to: target.format,
    }),
  );
  // What the target's codec wrote, read back as data to set server by server into the settings file.
  const written =
    target.syntax === "toml"
      ? readToml(target.path, converted.content)
      : (JSON.parse(converted.content) as unknown);
  const servers = new Map(
    Object.entries(
      (valueAt(written, [target.key]) ?? {}) as Record<string, Record<string, unknown>>,
    ),
  );
  const current = plan.text(target.path);
  const warnings = inFile(source.path, converted.warnings);
  let after: string;
  if (target.syntax === "toml") {
    const existing = valueAt(readToml(target.path, current), [target.key]);
    claimServers(plan, target.path, target.key, existing, servers);
    after = setTomlTables(target.path, current, target.key, servers);
  } else {
    const file = new JsoncFile(target.path, current);
    claimServers(plan, target.path, target.key, valueAt(file.value(), [target.key]), servers);
    for (const [name, value] of servers) file.set([target.key, name], value);
    if (target.format === "gemini") {
      const on = converted.value.map((s): [string, boolean] => [s.name, s.enabled !== false]);
      for (const warning of geminiExcluded(plan, file, on)) warnings.push(warning);
    }
    after = file.result();
  }
  plan.write(target.path, after, warnings);
}

/** Claims each server of `servers`: see {@link Plan.claimPart}. */
function claimServers(
  plan: Plan,
  path: string,
  key: string,
  existing: unknown,
  servers: ReadonlyMap<string, unknown>,
): void {
  const old =
    typeof existing === "object" && existing !== null ? (existing as Record<string, unknown>) : {};
  for (const [name, value] of servers) {
    const before = Object.hasOwn(old, name) ? old[name] : undefined;
    const hashes = {
      before: before === undefined || sameValue(before, value) ? undefined : valueHash(before),
      after: valueHash(value),
    };
    plan.claimPart(path, "mcp-server", name, hashes, `${key}.${name}`);
  }
}

/**
 * Gemini's `mcp.excluded` with each synced server that is off in the source added. A name the
 * user put there stays, with a warning when the source has that server on; only a name that
 * sync added (the record says so) is taken out again when the server is on.
 */
function geminiExcluded(
  plan: Plan,
  file: JsoncFile,
  servers: readonly [string, boolean][],
): Issue[] {
  const path = file.path;
  const current = valueAt(file.value(), ["mcp", "excluded"]);
  if (
    current !== undefined &&
    !(Array.isArray(current) && current.every((n) => typeof n === "string"))
  ) {
    throw new InputFileError(`${path}: mcp.excluded: expected a list of server names`);
  }
  const list = (current ?? []) as string[];
  const excluded = new Set(list);
  const recordPath = plan.recordPath(path);
  const remove = new Set<string>();
  const add: string[] = [];
  const warnings: Issue[] = [];
  for (const [name, on] of servers) {
    const hash = valueHash(name);
    if (!on) {
      if (!excluded.has(name)) add.push(name);
      if (!excluded.has(name) || plan.record.wrote(recordPath, "mcp-excluded", name, hash)) {
        plan.record.set({ path: recordPath, kind: "mcp-excluded", name, sha256: hash });
      }
    } else if (excluded.has(name)) {
      if (plan.record.wrote(recordPath, "mcp-excluded", name, hash)) {
        remove.add(name);
        plan.record.forget(recordPath, "mcp-excluded", name);
      } else {
        warnings.push({
          code: "kept_user_value",
          severity: "warning",
          path: `${path}: mcp.excluded`,
          message: `${JSON.stringify(name)} stays excluded as the file says, though the source has it on; take it out of mcp.excluded to start it`,
        });
      }
    }
  }
  if (add.length > 0 || remove.size > 0) {
    file.set(["mcp", "excluded"], [...list.filter((name) => !remove.has(name)), ...add]);
  }
  return warnings;
}

/** Same rules text, whatever the `Generated:` timestamp of the Codex format says. */
const sameRules = (a: string, b: string) => {
  const mask = (text: string) => text.replace(/^Generated: .*$/m, "Generated:");
  return mask(a) === mask(b);
};

/** A region's inside as the record hashes it: its text with `\n` line endings. */
const regionHash = (inside: string) => sha256(inside.replace(/\r\n/g, "\n"));

/**
 * The rules of each target tool in its instruction file. Two tools whose files are one (a link,
 * `AGENTS.md -> CLAUDE.md`), or that read the same file (Codex, OpenCode and Cursor: `AGENTS.md`),
 * get it once, in the rules format of the first of them in the fixed order of SYNC_TOOLS,
 * whatever order `--to` names them in: every run writes the same text.
 */
function planRules(plan: Plan, request: SyncRequest): void {
  const byFile = new Map<string, SyncTool[]>();
  for (const tool of SYNC_TOOLS) {
    if (!request.to.includes(tool)) continue;
    const real = plan.project.resolve(RULES_FILES[tool]);
    byFile.set(real, [...(byFile.get(real) ?? []), tool]);
  }
  for (const [first, ...others] of byFile.values()) {
    const tool = first as SyncTool;
    const path = RULES_FILES[tool];
    const region = writeManagedRegion(
      path,
      plan.text(path),
      request.renderRules?.(SYNC_TOOL_PLACES[tool].rulesFormat) ?? "",
      sameRules,
    );
    plan.claimPart(
      path,
      "rules-region",
      undefined,
      {
        before: region.before === undefined ? undefined : regionHash(region.before),
        after: regionHash(region.inside),
      },
      "the contextfmt region",
    );
    const format = SYNC_TOOL_PLACES[tool].rulesFormat;
    const note: Issue[] = others.map((other) => ({
      code: "same_file",
      severity: "info",
      path: RULES_FILES[other],
      message:
        RULES_FILES[other] === path
          ? `${other} reads ${path} as well: the rules are written there once, in the ${format} format`
          : `${RULES_FILES[other]} is ${path} (a link): the rules are written there once, in the ${format} format, which ${other} reads as well`,
    }));
    plan.write(path, region.text, note, `rules:${tool}`);
  }
}

/** Everything `sync` would write for `request`, and what it would replace without owning it. */
export function planSync(request: SyncRequest): SyncPlan {
  const plan = new Plan(request.project, request.record);
  for (const kind of request.kinds) {
    if (kind === "rules") planRules(plan, request);
  }
  for (const to of request.to) {
    for (const kind of request.kinds) {
      if (kind === "rules") continue;
      const from = request.from as SyncTool;
      if (from === to) continue;
      if (kind === "mcp") planMcp(plan, from, to);
      else planItems(plan, from, to, kind);
    }
  }
  return { files: plan.files(), conflicts: plan.conflicts, warnings: plan.warnings };
}
