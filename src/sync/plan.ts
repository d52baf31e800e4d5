/**
 * What `sync` would write: every target file with its text before and after and the warnings of
 * what went into it. Nothing is written here: every source is read, every target read, parsed,
 * edited and checked first, so a problem anywhere stops the run before its first write. Files are
 * planned by their real path, so two targets that are one file (a link) are seen as one.
 */
import { convertAgentConfig, skillName } from "../agent-config/index.js";
import { InputFileError } from "../hooks/input-text.js";
import type { Issue } from "../problems/issue.js";
import { JsoncFile, valueAt } from "../workspace/json-edit.js";
import {
  joinRegionParts,
  type RegionParts,
  regionParts,
  removeManagedRegion,
  writeManagedRegion,
} from "../workspace/managed-region.js";
import { decodeUtf8, type Project, ProjectFileError } from "../workspace/project.js";
import {
  RECORD_PATH,
  sha256,
  valueHash,
  type WrittenEntry,
  type WrittenKind,
  type WrittenRecord,
} from "../workspace/record.js";
import { sameValue } from "../workspace/same-value.js";
import { readToml, removeTomlTables, setTomlTables } from "../workspace/toml-edit.js";
import type { FileWrite } from "../workspace/write-batch.js";
import { instructionFiles, instructionText } from "./instructions.js";
import {
  type ItemFiles,
  type ItemKind,
  instructionReading,
  RULES_FILES,
  type RulesFormat,
  SYNC_TOOL_PLACES,
  SYNC_TOOLS,
  type SyncKind,
  type SyncTool,
} from "./locations.js";

/** One file `sync` would write. */
export interface PlannedFile {
  /** Relative to the project, with `/`. */
  readonly path: string;
  /** The text before (for diffs), or undefined when the file is new. */
  readonly before: string | undefined;
  /** The bytes before, to put back when a later write of the run fails. */
  readonly beforeBytes: Buffer | undefined;
  /** The new text, or undefined when the file is removed. */
  readonly after: string | undefined;
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
  /** The new text, once a source has written it; `null` once it is to be removed. */
  after: string | null | undefined;
  encoding: "utf8" | "latin1";
  readonly warnings: Issue[];
}

/** The files being planned, by real path; later edits of a file build on earlier ones. */
class Plan {
  readonly #files = new Map<string, Planned>();
  readonly #owners = new Map<string, string>();
  readonly conflicts: string[] = [];
  readonly warnings: Issue[] = [];
  /** What the record claims in entries this user's evidence does not prove, kept for that reason. */
  readonly unproven: string[] = [];
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
    if (planned.after === null) return "";
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

  /** Plans the removal of a file contextfmt wrote (the caller checked it is unchanged since). */
  remove(path: string, warnings: readonly Issue[] = []): void {
    const planned = this.#planned(path);
    planned.after = null;
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
      this.conflicts.push(this.project.shown(path));
      if (this.record.claimsUnproven(recordPath, kind, undefined, sha256(before))) {
        this.unproven.push(path);
      }
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
    from?: string,
  ): void {
    const recordPath = this.recordPath(path);
    if (
      hashes.before !== undefined &&
      hashes.before !== hashes.after &&
      !this.record.wrote(recordPath, kind, name, hashes.before)
    ) {
      this.conflicts.push(`${this.project.shown(path)}: ${label}`);
      if (this.record.claimsUnproven(recordPath, kind, name, hashes.before)) {
        this.unproven.push(`${path}: ${label}`);
      }
    }
    this.record.set({
      path: recordPath,
      kind,
      ...(name !== undefined ? { name } : {}),
      ...(from !== undefined ? { from } : {}),
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
              after: file.after ?? undefined,
              warnings: file.warnings,
              encoding: file.encoding,
            },
          ],
    );
  }
}

/** One item of a whole-file kind as the source keeps it. */
export interface SourceItem {
  readonly name: string;
  readonly path: string;
  readonly text: string;
  /** Other files of a skill's folder, as project paths. */
  readonly extras: readonly string[];
}

function sourceItems(plan: Plan, files: ItemFiles): SourceItem[] {
  return readItems(plan.project, files, (issue) => plan.warnings.push(issue));
}

/**
 * The items kept in `files`' folder, by the folder's layout: each item's name, file and text
 * (and a skill's other files). A link leading out of the project is left out through `warn`.
 */
export function readItems(
  project: Project,
  files: ItemFiles,
  warn: (issue: Issue) => void,
): SourceItem[] {
  const all = project.filesBelow(files.dir, warn);
  const read = (path: string) => decodeUtf8(path, project.read(path) ?? Buffer.alloc(0));
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
    claimServers(plan, target.path, target.key, existing, servers, source.path);
    after = setTomlTables(target.path, current, target.key, servers);
  } else {
    const file = new JsoncFile(target.path, current);
    const existing = valueAt(file.value(), [target.key]);
    claimServers(plan, target.path, target.key, existing, servers, source.path);
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
        if (plan.record.claimsUnproven(recordPath, "mcp-excluded", name, hash)) {
          plan.unproven.push(`${path}: mcp.excluded ${JSON.stringify(name)}`);
        }
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

/** Same region, a timestamp in the rules aside. */
const sameRegion = (a: string, b: string) => {
  const old = regionParts(a);
  const next = regionParts(b);
  return old.instructions === next.instructions && sameRules(old.rules, next.rules);
};

/** A region's inside as the record hashes it: its text with `\n` line endings. */
const regionHash = (inside: string) => sha256(inside.replace(/\r\n/g, "\n"));

/** The instruction file of `tool` for `folder` ("" for the project's root). */
const instructionPath = (folder: string, tool: SyncTool) =>
  folder === "" ? RULES_FILES[tool] : `${folder}/${RULES_FILES[tool]}`;

/**
 * The managed region of each target's instruction files: the source's own instructions (the
 * `instructions` kind; a nested file to the same folder) and then the rules (the `rules` kind,
 * at the root). A run that writes one of the two keeps the other part of the region as it is.
 * Two tools whose files are one (`AGENTS.md` read by both, or a link) get it once, in the terms
 * of the first of them in the fixed order of SYNC_TOOLS, whatever order `--to` names them in:
 * every run writes the same text.
 */
function planRegions(plan: Plan, request: SyncRequest): void {
  const from = request.kinds.includes("instructions") ? request.from : undefined;
  const withRules = request.kinds.includes("rules");
  if (from === undefined && !withRules) return;
  const warn = (issue: Issue) => plan.warnings.push(issue);
  const sources = new Map<string, { path: string; text: (to: SyncTool) => string }>();
  if (from !== undefined) {
    for (const file of instructionFiles(plan, from, warn)) {
      // Read once for the targets that import and once for those that do not.
      const texts = new Map<boolean, string>();
      const text = (to: SyncTool) => {
        const imports = instructionReading(to).imports;
        let found = texts.get(imports);
        if (found === undefined) {
          found = instructionText(plan, from, to, file.path, warn);
          texts.set(imports, found);
        }
        return found;
      };
      sources.set(file.folder, { path: file.path, text });
    }
  }
  const folders = new Set(sources.keys());
  if (withRules) folders.add("");
  // A source file gone since an earlier run wrote its text: its targets are looked at too.
  if (from !== undefined) {
    const name = RULES_FILES[from];
    for (const entry of plan.record.untouched()) {
      if (entry.kind !== "rules-region" || entry.from === undefined) continue;
      if (!plan.record.proves(entry)) continue;
      if (entry.from === name) folders.add("");
      else if (entry.from.endsWith(`/${name}`)) folders.add(entry.from.slice(0, -name.length - 1));
    }
  }
  for (const folder of folders) {
    const source = sources.get(folder);
    const byFile = new Map<string, SyncTool[]>();
    for (const tool of SYNC_TOOLS) {
      if (!request.to.includes(tool)) continue;
      if (folder !== "" && !instructionReading(tool).nested) {
        if (source === undefined) continue;
        warn({
          code: "not_carried",
          severity: "warning",
          path: source?.path ?? folder,
          message: `not carried to ${tool}: it reads ${RULES_FILES[tool]} only, no nested instruction files`,
        });
        continue;
      }
      const real = plan.project.resolve(instructionPath(folder, tool));
      byFile.set(real, [...(byFile.get(real) ?? []), tool]);
    }
    for (const [real, [first, ...others]] of byFile) {
      const tool = first as SyncTool;
      const path = instructionPath(folder, tool);
      const format = SYNC_TOOL_PLACES[tool].rulesFormat;
      const notes: Issue[] = others.map((other) => {
        const otherPath = instructionPath(folder, other);
        return {
          code: "same_file",
          severity: "info",
          path: otherPath,
          message:
            otherPath === path
              ? `${other} reads ${path} as well: the region is written there once, in the ${format} format`
              : `${otherPath} is ${path} (a link): the region is written there once, in the ${format} format, which ${other} reads as well`,
        };
      });
      if (source !== undefined && plan.project.resolve(source.path) === real) {
        warn({
          code: "same_file",
          severity: "info",
          path,
          message: `${path} is the source ${source.path}: left as it is`,
        });
        continue;
      }
      const current = plan.text(path);
      const old = currentRegion(path, current);
      // Instructions another source wrote stay when this run's source has no text of its own.
      const recorded = plan.record.entry(plan.recordPath(path), "rules-region", undefined)?.from;
      const ours = from !== undefined && recorded === instructionPath(folder, from);
      const carried = source?.text(tool) ?? "";
      const instructions = carried !== "" || ours ? carried : (old?.instructions ?? "");
      const parts = {
        instructions,
        rules: withRules
          ? folder === ""
            ? (request.renderRules?.(SYNC_TOOL_PLACES[tool].rulesFormat) ?? "")
            : ""
          : (old?.rules ?? ""),
      };
      const content = joinRegionParts(parts);
      if (content === "") {
        if (old !== undefined) planRegionRemoval(plan, path, current, notes);
        continue;
      }
      const region = writeManagedRegion(path, current, content, sameRegion);
      plan.claimPart(
        path,
        "rules-region",
        undefined,
        {
          before: region.before === undefined ? undefined : regionHash(region.before),
          after: regionHash(region.inside),
        },
        "the contextfmt region",
        carried !== "" ? source?.path : instructions !== "" ? recorded : undefined,
      );
      plan.write(path, region.text, notes, `region:${tool}`);
    }
  }
}

/** The parts of the file's region, or undefined when it has none. */
function currentRegion(path: string, text: string): RegionParts | undefined {
  const removed = removeManagedRegion(path, text);
  return removed === undefined ? undefined : regionParts(removed.before.replace(/\r\n/g, "\n"));
}

/**
 * Takes out a region whose sources are gone, when contextfmt wrote it and it is unchanged since;
 * a changed one stays, with a warning. A file left empty is removed: all it held was the region.
 */
function planRegionRemoval(plan: Plan, path: string, current: string, notes: Issue[]): void {
  const removed = removeManagedRegion(path, current) as { text: string; before: string };
  const recordPath = plan.recordPath(path);
  const hash = regionHash(removed.before);
  if (plan.record.claimsUnproven(recordPath, "rules-region", undefined, hash)) {
    plan.unproven.push(`${path}: the contextfmt region`);
    return;
  }
  if (!plan.record.wrote(recordPath, "rules-region", undefined, hash)) {
    plan.warnings.push({
      code: "kept_changed",
      severity: "warning",
      path,
      message:
        "the contextfmt region stays: its sources are gone, but contextfmt did not write it as it is now (take it out by hand)",
    });
    return;
  }
  plan.record.forget(recordPath, "rules-region", undefined);
  const note: Issue = {
    code: "removed",
    severity: "info",
    path,
    message: "the contextfmt region taken out: its sources are gone",
  };
  if (removed.text.trim() === "") plan.remove(path, [note, ...notes]);
  else plan.write(path, removed.text, [note, ...notes]);
}

/** A note on a file that loses something sync wrote there, as its source is gone. */
const removedNote = (path: string, what: string, from: string): Issue => ({
  code: "removed",
  severity: "info",
  path,
  message: `${what} taken out: its source ${from} is gone`,
});

/** A warning for something sync wrote whose source is gone, kept as the user changed it. */
const keptNote = (path: string, what: string, from: string): Issue => ({
  code: "kept_changed",
  severity: "warning",
  path,
  message: `${what} stays: its source ${from} is gone, but it changed since contextfmt wrote it (take it out by hand if it should go)`,
});

/**
 * What an earlier sync wrote from a source this run read, which this run did not write again:
 * its source is gone. A whole file is removed and a server taken out of its settings file when
 * it is as sync wrote it (the record's hash); one changed since stays, with a warning naming it,
 * and the record lets go of it. A skill's folder goes whole or not at all. What sync did not
 * write is never looked at, and what the record claims without this user's evidence is kept.
 */
function planRemovals(plan: Plan, request: SyncRequest): void {
  const from = request.from;
  if (from === undefined) return;
  const targets = request.to.filter((to) => to !== from);
  const servers = new Map<string, { readonly key: string; entries: WrittenEntry[] }>();
  const skills = new Map<string, WrittenEntry[]>();
  for (const entry of plan.record.untouched()) {
    // Only an older contextfmt wrote a file or server without its source: it is kept, as any
    // entry this user's evidence does not prove.
    if (entry.from === undefined) continue;
    if (entry.kind === "command" || entry.kind === "agent" || entry.kind === "skill") {
      const kind = entry.kind;
      const place = SYNC_TOOL_PLACES[from].items[kind];
      if (!request.kinds.includes(kind) || !place?.readable) continue;
      if (!entry.from.startsWith(`${place.dir}/`)) continue;
      const target = targets
        .map((to) => SYNC_TOOL_PLACES[to].items[kind])
        .find((files) => files !== undefined && entry.path.startsWith(`${files.dir}/`));
      if (target === undefined) continue;
      if (target.layout === "skill-folders") {
        const folder = skillFolder(target.dir, entry.path);
        const files = skills.get(folder) ?? [];
        files.push(entry);
        skills.set(folder, files);
      } else removeFile(plan, entry);
    } else if (entry.kind === "mcp-server" && entry.name !== undefined) {
      const source = SYNC_TOOL_PLACES[from].mcp;
      if (!request.kinds.includes("mcp") || entry.from !== source?.path) continue;
      const file = targets
        .map((tool) => SYNC_TOOL_PLACES[tool].mcp)
        .find((mcp) => mcp !== undefined && plan.recordPath(mcp.path) === entry.path);
      if (file === undefined) continue;
      const found = servers.get(file.path) ?? { key: file.key, entries: [] };
      found.entries.push(entry);
      servers.set(file.path, found);
    }
  }
  for (const [folder, entries] of skills) {
    // A skill still synced keeps its folder: only a file whose source is gone goes.
    if (entries.some((entry) => entry.path === `${folder}/SKILL.md`)) {
      removeSkillFolder(plan, folder, entries);
    } else for (const entry of entries) removeFile(plan, entry);
  }
  const source = SYNC_TOOL_PLACES[from].mcp?.path ?? "";
  for (const [path, { key, entries }] of servers) removeServers(plan, path, key, entries, source);
}

/** The folder of the skill that `path` (a file below `dir`, a skills folder) belongs to. */
const skillFolder = (dir: string, path: string) => {
  const rest = path.slice(dir.length + 1);
  return `${dir}/${rest.slice(0, rest.indexOf("/"))}`;
};

/** Whether the file of `entry` is there as the record says it was written; undefined when gone. */
function asWritten(plan: Plan, entry: WrittenEntry): boolean | undefined {
  const bytes = plan.before(entry.path);
  return bytes === undefined ? undefined : sha256(bytes) === entry.sha256;
}

/**
 * Whether an entry this user's evidence does not prove claims a file that is there as it says:
 * then it is named as kept. A path that cannot be read (a link into `.git`, say) is named too,
 * never followed: a record is no reason to stop a run.
 */
function claimsWhatIsThere(plan: Plan, entry: WrittenEntry): boolean {
  try {
    return asWritten(plan, entry) === true;
  } catch (error) {
    if (error instanceof ProjectFileError) return true;
    throw error;
  }
}

/** Removes the file of `entry`, whose source is gone, when it is as sync wrote it. */
function removeFile(plan: Plan, entry: WrittenEntry): void {
  const from = entry.from as string;
  if (!plan.record.proves(entry)) {
    if (claimsWhatIsThere(plan, entry)) plan.unproven.push(entry.path);
    return;
  }
  const same = asWritten(plan, entry);
  plan.record.forget(entry.path, entry.kind, undefined);
  if (same === undefined) return;
  if (same) plan.remove(entry.path, [removedNote(entry.path, "the file", from)]);
  else plan.warnings.push(keptNote(entry.path, "the file", from));
}

/**
 * Removes the folder of a skill whose source is gone, whole or not at all: every file in it must
 * be one sync wrote (an entry this user's evidence proves) and unchanged since. A file the user
 * changed or added keeps the whole folder, named in a warning; the record lets go of it.
 */
function removeSkillFolder(plan: Plan, folder: string, entries: readonly WrittenEntry[]): void {
  const skill = entries.find((entry) => entry.path === `${folder}/SKILL.md`) as WrittenEntry;
  // The source's skill folder, or the command a Codex skill was written from.
  const from = (skill.from as string).replace(/\/SKILL\.md$/, "");
  if (entries.some((entry) => !plan.record.proves(entry))) {
    if (entries.some((entry) => claimsWhatIsThere(plan, entry))) plan.unproven.push(`${folder}/`);
    return;
  }
  const recorded = new Set(entries.map((entry) => entry.path));
  const there = entries.filter((entry) => asWritten(plan, entry) !== undefined);
  const changed = there.filter((entry) => !asWritten(plan, entry)).map((entry) => entry.path);
  const added = plan.project
    .filesBelow(folder, (issue) => plan.warnings.push(issue))
    .filter((path) => !recorded.has(path));
  for (const entry of entries) plan.record.forget(entry.path, entry.kind, undefined);
  if (changed.length > 0 || added.length > 0) {
    const what = [
      ...(changed.length > 0 ? [`changed since contextfmt wrote it: ${changed.join(", ")}`] : []),
      ...(added.length > 0 ? [`not written by contextfmt: ${added.join(", ")}`] : []),
    ];
    plan.warnings.push({
      code: "kept_changed",
      severity: "warning",
      path: `${folder}/`,
      message: `the skill's folder stays whole: its source ${from} is gone, but it holds files ${what.join("; ")} (take the folder out by hand if it should go)`,
    });
    return;
  }
  for (const entry of there) {
    plan.remove(entry.path, [removedNote(entry.path, "the file", entry.from as string)]);
  }
}

/**
 * Takes the servers of `entries` (each with the hash sync wrote it with) out of the settings file
 * at `path`, those unchanged since; Gemini's `mcp.excluded` loses the names sync put there for
 * them. A server claimed by an entry this user did not sign stays, as does its entry.
 */
function removeServers(
  plan: Plan,
  path: string,
  key: string,
  entries: readonly WrittenEntry[],
  from: string,
): void {
  const recordPath = plan.recordPath(path);
  const text = plan.text(path);
  const toml = path.endsWith(".toml");
  const data = toml ? readToml(path, text) : new JsoncFile(path, text).value();
  const current = (valueAt(data, [key]) ?? {}) as Record<string, unknown>;
  const gone = new Set<string>();
  const notes: Issue[] = [];
  for (const entry of entries) {
    const name = entry.name as string;
    const there = Object.hasOwn(current, name);
    const what = `${key}.${name}`;
    if (!plan.record.proves(entry)) {
      if (there && valueHash(current[name]) === entry.sha256)
        plan.unproven.push(`${path}: ${what}`);
      continue;
    }
    plan.record.forget(recordPath, "mcp-server", name);
    if (!there) continue;
    if (valueHash(current[name]) !== entry.sha256) {
      plan.warnings.push(keptNote(path, what, from));
      continue;
    }
    gone.add(name);
    notes.push(removedNote(path, what, from));
  }
  if (gone.size === 0) return;
  if (toml) {
    plan.write(path, removeTomlTables(path, text, key, gone), notes);
    return;
  }
  const file = new JsoncFile(path, text);
  file.set([key], Object.fromEntries(Object.entries(current).filter(([name]) => !gone.has(name))));
  const excluded = valueAt(data, ["mcp", "excluded"]);
  if (Array.isArray(excluded)) {
    const ours = (name: unknown) =>
      typeof name === "string" &&
      gone.has(name) &&
      plan.record.wrote(recordPath, "mcp-excluded", name, valueHash(name));
    const ourNames = new Set(excluded.filter(ours) as string[]);
    for (const name of ourNames) plan.record.forget(recordPath, "mcp-excluded", name);
    if (ourNames.size > 0) {
      file.set(
        ["mcp", "excluded"],
        excluded.filter((name) => !ourNames.has(name)),
      );
    }
  }
  plan.write(path, file.result(), notes);
}

/** The warning naming, once, what the record claims without this user's evidence. */
function unprovenWarning(unproven: readonly string[]): Issue[] {
  if (unproven.length === 0) return [];
  return [
    {
      code: "kept_unproven",
      severity: "warning",
      path: RECORD_PATH,
      message: `kept as they are, though the record lists them as contextfmt's: this user's contextfmt has no evidence of writing them in this folder (another user's sync wrote them, they came with the project, or they were written before this user's contextfmt kept evidence), so they are not taken as this user's to replace or remove: ${[...new Set(unproven)].join(", ")} (a sync by whoever wrote them can take them out)`,
    },
  ];
}

/** The writes of the files that change, as the writer's batch takes them. */
export function changedWrites(files: readonly PlannedFile[]): FileWrite[] {
  return files
    .filter((file) => file.after !== file.before)
    .map((file) => ({
      path: file.path,
      bytes: file.after === undefined ? undefined : Buffer.from(file.after, file.encoding),
      before: file.beforeBytes,
    }));
}

/** Everything `sync` would write for `request`, and what it would replace without owning it. */
export function planChanges(request: SyncRequest): SyncPlan {
  const plan = new Plan(request.project, request.record);
  planRegions(plan, request);
  for (const to of request.to) {
    for (const kind of request.kinds) {
      if (kind === "rules" || kind === "instructions") continue;
      const from = request.from as SyncTool;
      if (from === to) continue;
      if (kind === "mcp") planMcp(plan, from, to);
      else planItems(plan, from, to, kind);
    }
  }
  planRemovals(plan, request);
  const warnings = [...plan.warnings, ...unprovenWarning(plan.unproven)];
  return { files: plan.files(), conflicts: plan.conflicts, warnings };
}
