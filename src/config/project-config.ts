/**
 * `contextfmt.json`: what a bare `contextfmt sync` does in a project, kept at its root so that
 * nobody retypes `--from` and `--to`. It comes with a clone, so it is the repository author's
 * word: it may only choose among what a user could type on the command line (a client, a list
 * of clients, kinds, doctor's problem codes); nothing in it names a path or runs.
 */
import { findNodeAtLocation, type Node, parseTree } from "jsonc-parser";
import * as z from "zod/mini";
import { DOCTOR_PROBLEM_CODES, type DoctorProblemCode } from "../doctor/report.js";
import { InputFileError } from "../hooks/input-text.js";
import { arrayArgument, optionsArgument, stringArgument } from "../problems/arguments.js";
import { closestChoice } from "../problems/suggest.js";
import { SYNC_KINDS, SYNC_TOOLS, type SyncKind, type SyncTool } from "../sync/locations.js";
import { describeValue, JsoncFile, place } from "../workspace/json-edit.js";
import { decodeUtf8, Project } from "../workspace/project.js";
import { CONFIG_FILE } from "../workspace/project-root.js";
import { writeBatch } from "../workspace/write-batch.js";

/** A `contextfmt.json` that is not JSON, or holds a field it may not; names the file, line:column and field. */
export class ConfigFileError extends InputFileError {
  static override readonly errorName: string = "ConfigFileError";
}

/** A kind as the config (and `--only`) spells it: the item kinds in the plural. */
const kindName = (kind: SyncKind): string =>
  kind === "mcp" || kind.endsWith("s") ? kind : `${kind}s`;

const KIND_NAMES = SYNC_KINDS.map(kindName) as [string, ...string[]];

/** What each field holds, as its error says it. */
const EXPECTED = {
  $schema: "text (the address of this file's JSON Schema, for editors)",
  from: `one of ${SYNC_TOOLS.join(", ")}`,
  to: `"all" or a list of clients among ${SYNC_TOOLS.join(", ")}`,
  only: `a list of kinds among ${KIND_NAMES.join(", ")}`,
  exclude: `a list of kinds among ${KIND_NAMES.join(", ")}`,
  accept: `a list of doctor's problem codes among ${DOCTOR_PROBLEM_CODES.join(", ")}`,
} as const;

const tool = z.enum(SYNC_TOOLS as unknown as [SyncTool, ...SyncTool[]]);
const kinds = z.array(z.enum(KIND_NAMES));

/** The JSON form of `contextfmt.json` (`contextfmt schema config` prints it as JSON Schema). */
export const ProjectConfigSchema = z.strictObject({
  $schema: z.optional(z.string()),
  from: z.optional(tool),
  to: z.optional(z.union([z.literal("all"), z.array(tool)])),
  only: z.optional(kinds),
  exclude: z.optional(kinds),
  accept: z.optional(
    z.array(z.enum(DOCTOR_PROBLEM_CODES as unknown as [DoctorProblemCode, ...DoctorProblemCode[]])),
  ),
});

/** What a project's `contextfmt.json` says; a field left out is left to the command line. */
export interface ProjectConfig {
  /** The source client of a bare `sync`. */
  readonly from?: SyncTool;
  /** The clients it writes: a list, or `"all"` (every client but the source). */
  readonly to?: readonly SyncTool[] | "all";
  /** The kinds it carries (default: as `--only` defaults). */
  readonly only?: readonly SyncKind[];
  /** Kinds it leaves out of those. */
  readonly exclude?: readonly SyncKind[];
  /** doctor's problem codes the project accepts: `doctor --strict` does not fail on them. */
  readonly accept?: readonly DoctorProblemCode[];
}

const kindOf = (name: string) => SYNC_KINDS.find((kind) => kindName(kind) === name) as SyncKind;

/**
 * The config in `text`, read from the file `name` names. Comments and trailing commas are
 * allowed; an unknown field or a value of the wrong kind is an error naming where it is.
 *
 * @throws ConfigFileError naming `name`, the line and column, and the field.
 */
export function parseProjectConfig(name: string, text: string): ProjectConfig {
  let value: unknown;
  try {
    value = new JsoncFile(name, text).value();
  } catch (error) {
    throw InputFileError.is(error) ? new ConfigFileError(error.message) : error;
  }
  const parsed = ProjectConfigSchema.safeParse(value);
  if (!parsed.success) throw fieldError(name, text, value, deepest(parsed.error.issues[0]));
  const { from, to, only, exclude, accept } = parsed.data;
  return {
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to: to === "all" ? to : [...new Set(to)] }),
    ...(only === undefined ? {} : { only: [...new Set(only.map(kindOf))] }),
    ...(exclude === undefined ? {} : { exclude: [...new Set(exclude.map(kindOf))] }),
    ...(accept === undefined ? {} : { accept: [...new Set(accept)] }),
  };
}

/**
 * The issue that says most: of a value none of a union's forms took (`to`: neither "all" nor a
 * list of clients), the one of the form that got furthest in (`to[1]`), its path in full.
 */
function deepest(issue: z.core.$ZodIssue | undefined): z.core.$ZodIssue | undefined {
  if (issue?.code !== "invalid_union" || issue.errors.length === 0) return issue;
  const inner = issue.errors
    .flat()
    .reduce((best, next) => (next.path.length > best.path.length ? next : best));
  return deepest({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue);
}

/** The error of the first thing wrong in the file: `file:line:column: field: expected …`. */
function fieldError(
  name: string,
  text: string,
  value: unknown,
  issue: z.core.$ZodIssue | undefined,
): ConfigFileError {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const root = parseTree(source, [], { allowTrailingComma: true }) as Node;
  const path = (issue?.path ?? []) as (string | number)[];
  if (issue?.code === "unrecognized_keys") {
    const key = issue.keys[0] as string;
    const property = root.children?.find((child) => child.children?.[0]?.value === key);
    const near = closestChoice(key, Object.keys(EXPECTED));
    return new ConfigFileError(
      `${name}:${place(source, property?.offset ?? 0)}: ${JSON.stringify(key)}: not a field of ${CONFIG_FILE}; its fields: ${Object.keys(EXPECTED).join(", ")}${near ? ` (did you mean ${JSON.stringify(near)}?)` : ""}`,
    );
  }
  const field = String(path[0] ?? "");
  const node = findNodeAtLocation(root, path) ?? findNodeAtLocation(root, path.slice(0, 1));
  const at = path.map((part) => (typeof part === "number" ? `[${part}]` : part)).join(".");
  const given = path.reduce<unknown>(
    (inner, part) =>
      typeof inner === "object" && inner !== null
        ? (inner as Record<string | number, unknown>)[part]
        : undefined,
    value,
  );
  const expected =
    field in EXPECTED
      ? EXPECTED[field as keyof typeof EXPECTED]
      : "an object ({ … }) of the fields $schema, from, to, only, exclude, accept";
  const received = typeof given === "string" ? JSON.stringify(given) : describeValue(given);
  return new ConfigFileError(
    `${name}:${place(source, node?.offset ?? 0)}: ${at.replace(".[", "[") || "(the file)"}: expected ${expected}, received ${received}`,
  );
}

/**
 * The `contextfmt.json` at the root of the project folder `dir`, or undefined when there is
 * none. Read as every project file is (never through a link out of the project).
 *
 * @throws ConfigFileError for a file that is not a valid config; ProjectFileError for one that
 *   cannot be read safely.
 * @example
 * ```ts
 * const config = readProjectConfig("my-project"); // { from: "claude", to: "all" }
 * ```
 */
export function readProjectConfig(dir: string): ProjectConfig | undefined {
  const project = Project.at(stringArgument(dir, "dir"));
  const bytes = project.read(CONFIG_FILE);
  if (bytes === undefined) return undefined;
  const name = project.dir === "." ? CONFIG_FILE : `${project.dir}/${CONFIG_FILE}`;
  return parseProjectConfig(name, decodeUtf8(name, bytes));
}

/** The clients `to` names: `"all"` is every client but `from`. */
function targetsOf(to: readonly SyncTool[] | "all", from: SyncTool | undefined): SyncTool[] {
  return to === "all" ? SYNC_TOOLS.filter((tool) => tool !== from) : [...to];
}

/**
 * The clients the config of the project folder `dir` syncs (its source first, then its
 * targets), or undefined when it has no config or names no targets: what doctor reports by
 * default.
 *
 * @example
 * ```ts
 * configuredClients("my-project"); // ["claude", "codex", "gemini"] for { from: "claude", to: ["codex", "gemini"] }
 * ```
 */
export function configuredClients(dir: string): SyncTool[] | undefined {
  const config = readProjectConfig(dir);
  if (config?.to === undefined) return undefined;
  const chosen = new Set([
    ...(config.from ? [config.from] : []),
    ...targetsOf(config.to, config.from),
  ]);
  return SYNC_TOOLS.filter((tool) => chosen.has(tool));
}

/** The text of a `contextfmt.json` holding `config`: JSON, one field a line, lists on theirs. */
export function projectConfigText(config: ProjectConfig): string {
  const fields = Object.entries({
    from: config.from,
    to: config.to,
    only: config.only?.map(kindName),
    exclude: config.exclude?.map(kindName),
    accept: config.accept,
  }).filter(([, value]) => value !== undefined);
  const lines = fields.map(([key, value]) => `  ${JSON.stringify(key)}: ${listText(value)}`);
  return `// What a bare "contextfmt sync" does in this project; see "contextfmt sync --help".\n{\n${lines.join(",\n")}\n}\n`;
}

/** A value on one line: a list with a space after each comma. */
const listText = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map((item) => JSON.stringify(item)).join(", ")}]`
    : JSON.stringify(value);

/**
 * Writes `config` as the `contextfmt.json` of the project folder `dir`, through the project's
 * confined writer (never through a link out of it); an existing one is never replaced.
 *
 * @throws ConfigFileError when the project has a `contextfmt.json` already.
 * @example
 * ```ts
 * writeProjectConfig("my-project", { from: "claude", to: "all" });
 * ```
 */
export function writeProjectConfig(dir: string, config: ProjectConfig): void {
  const project = Project.at(stringArgument(dir, "dir"));
  optionsArgument(config, "config");
  for (const key of ["only", "exclude", "accept"] as const) {
    const list = config[key];
    if (list === undefined) continue;
    for (const [i, item] of arrayArgument<unknown>(list, `config.${key}`).entries()) {
      stringArgument(item, `config.${key}[${i}]`);
    }
  }
  if (project.exists(CONFIG_FILE)) {
    throw new ConfigFileError(
      `${project.shown(CONFIG_FILE)}: there already; not replaced (edit it, or remove it first)`,
    );
  }
  const text = projectConfigText(config);
  // What is written must read back as written: the config's own check runs on it.
  parseProjectConfig(CONFIG_FILE, text);
  writeBatch(project, [{ path: CONFIG_FILE, bytes: Buffer.from(text), before: undefined }], {
    isPlace: (path) => path === CONFIG_FILE,
  });
}
