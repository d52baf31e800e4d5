/**
 * `sync` as two verbs: {@link planSync} reads the project and says, as data, every file it would
 * write or remove and why not others; {@link applyPlan} writes that plan the way git does (every
 * file checked before the first is written, each replaced whole, the record in the same batch).
 */
import { FormatManager } from "../manager/format-manager.js";
import {
  badArgument,
  integerArgument,
  optionsArgument,
  stringArgument,
} from "../problems/arguments.js";
import type { Issue } from "../problems/issue.js";
import { renderNamingFile } from "../workspace/input-file.js";
import { Project, ProjectFileError } from "../workspace/project.js";
import { type NamedTwice, namedHash, WrittenRecord } from "../workspace/record.js";
import { type BatchOptions, type FileWrite, writeBatch } from "../workspace/write-batch.js";
import type { ClientLoads } from "./client-loads.js";
import { SYNC_KINDS, SYNC_TOOLS, type SyncKind, type SyncTool } from "./locations.js";
import { changedWrites, type PlannedFile, planChanges } from "./plan.js";
import { planUserChanges, USER_BATCH, USER_SYNC_KINDS, type UserScope } from "./user-sync.js";

/** What to sync, and from where. */
export interface SyncOptions {
  /** The project folder (default: the current one). */
  readonly dir?: string;
  /** The client whose files are the source; may be left out when only `rules` are synced. */
  readonly from?: SyncTool;
  /** The clients to write. */
  readonly to: readonly SyncTool[];
  /** What to sync (default: every kind but `rules`, and `rules` too when `rules` is given). */
  readonly kinds?: readonly SyncKind[];
  /** The rules input (as `format` takes it) for the `rules` kind. */
  readonly rules?: unknown;
  /** The name errors and warnings give the rules input, such as its file (default: `rules`). */
  readonly rulesName?: string;
  /** The rules' token budget (default: the format's). */
  readonly budget?: number;
  /**
   * Carry the source's allow rules too, with the `permission` kind (default: deny and ask rules
   * only; each allow left out is a warning naming it). An allow lets an agent act without asking;
   * one that came with a cloned repository is a rule its user may never have read.
   */
  readonly carryAllows?: boolean;
  /**
   * Take the committed record at its word, as a CI check does where no user's evidence exists
   * (default: only what this user's own runs wrote counts as contextfmt's).
   */
  readonly recordAtItsWord?: boolean;
  /**
   * Sync the user's level instead of a project: each client's own folder of the user's
   * (`~/.claude`, `$CODEX_HOME`, `~/.gemini`, …), found from `env` alone (the library never reads
   * `process.env`; the CLI passes it). No project is read, so none of the project options
   * (`dir`, `rules`, `rulesName`, `budget`, `recordAtItsWord`) may be given with it, and the
   * kinds are among `command`, `mcp`, `agent`, `skill`, `instructions` (all by default).
   */
  readonly user?: UserScope;
}

/** One file a plan writes or removes, or leaves as it is. */
export interface PlannedChange {
  /** Relative to the project, with `/`. */
  readonly path: string;
  /** The text before, or undefined when the file is new. */
  readonly before: string | undefined;
  /** The text after, or undefined when the file is removed. */
  readonly after: string | undefined;
  /** What the target cannot hold of its sources, naming each source and field. */
  readonly warnings: readonly Issue[];
}

/** What a `sync` or `init` would do: data, written by {@link applyPlan}. */
export interface WritePlan {
  /** Every file the plan looked at, the unchanged ones included. */
  readonly files: readonly PlannedChange[];
  /** The files that change: `after` differs from `before`. */
  readonly changed: readonly PlannedChange[];
  /** Warnings about no one file: the record, the rules, sources left out. */
  readonly warnings: readonly Issue[];
  /**
   * What the plan would replace that contextfmt did not write, or that changed since it did:
   * `path` for a whole file, `path: key` for a part. {@link applyPlan} replaces them only with
   * `force`.
   */
  readonly conflicts: readonly string[];
  /**
   * What each target client loads before the plan is written and after, by its own loading
   * rules for a session at the project's root (a sync's plan only; none for init's).
   */
  readonly loads?: readonly ClientLoads[];
}

/** What {@link applyPlan} did. */
export interface AppliedPlan {
  /** The files written or removed, in the plan's order. */
  readonly done: readonly PlannedChange[];
  /** What was kept rather than removed or replaced (changed since planned), and evidence problems. */
  readonly warnings: readonly Issue[];
}

/** Options of {@link applyPlan}. */
export interface ApplyOptions {
  /** Replace what contextfmt did not write, or what changed since it did (the plan's conflicts). */
  readonly force?: boolean;
}

const APPLY = Symbol("contextfmt.apply");

/** A plan with the way to write it, kept out of its data (JSON shows the data alone). */
type ApplicablePlan = WritePlan & { readonly [APPLY]?: () => AppliedPlan };

/** The plan's data, and its writer under a key no JSON or spread carries. */
export function writePlan<P extends WritePlan>(data: P, apply: () => AppliedPlan): P {
  const plan: P & ApplicablePlan = { ...data };
  Object.defineProperty(plan, APPLY, { value: apply, enumerable: false });
  return Object.freeze(plan);
}

/**
 * The error {@link applyPlan} throws for `plan` without `force`, or undefined: a plan that
 * would replace what contextfmt does not own.
 */
export function conflictError(plan: WritePlan): ProjectFileError | undefined {
  const given = plan as Partial<WritePlan> | null;
  if (
    typeof given !== "object" ||
    given === null ||
    !Array.isArray(given.conflicts) ||
    !given.conflicts.every((conflict) => typeof conflict === "string")
  ) {
    badArgument("plan", "a plan made by planSync or planInit", plan);
  }
  if (plan.conflicts.length === 0) return undefined;
  return new ProjectFileError(
    `not replaced, as contextfmt did not write them or they changed since: ${plan.conflicts.join(", ")}; nothing written (--force replaces them)`,
  );
}

/**
 * Writes a plan made by {@link planSync} or `planInit`: all its files or none, each replaced whole,
 * the record with them; the user's evidence saved once they are written.
 *
 * @throws ProjectFileError when the plan has conflicts and `force` is not set, or when a file
 *   changed since it was planned.
 * @example
 * ```ts
 * const plan = planSync({ from: "claude", to: ["codex"] });
 * if (plan.changed.length > 0) applyPlan(plan);
 * ```
 */
export function applyPlan(plan: WritePlan, options: ApplyOptions = {}): AppliedPlan {
  const apply =
    typeof plan === "object" && plan !== null ? (plan as ApplicablePlan)[APPLY] : undefined;
  if (apply === undefined) {
    throw badArgument("plan", "a plan made by planSync or planInit", plan);
  }
  const conflict = options.force ? undefined : conflictError(plan);
  if (conflict) throw conflict;
  return apply();
}

/** Writes `writes` and the record in one batch, then saves the user's evidence. */
export function writeWithRecord(
  project: Project,
  record: WrittenRecord,
  writes: readonly FileWrite[],
  batch: BatchOptions = {},
): Issue[] {
  // The record goes in the same batch: it never says what the files do not hold.
  const recordWrite = record.write();
  const kept = writeBatch(project, recordWrite ? [...writes, recordWrite] : [...writes], batch);
  // Saved only once the batch is written: the evidence never proves what is not there.
  return [...kept, ...record.saveEvidence()];
}

/**
 * The {@link namedHash} of named places as `files` leave them: a planned file by what it will
 * hold, any other by what it holds now, so that doctor, hashing the disk after the sync, gets
 * the same.
 */
function hashAfter(
  project: Project,
  files: readonly PlannedFile[],
): (named: Omit<NamedTwice, "sha256">) => string {
  // By real path: a file read through a link (AGENTS.md → CLAUDE.md) is the one planned.
  const real = (path: string) => {
    const located = project.locate(path);
    return "real" in located ? located.real : path;
  };
  const planned = new Map(files.map((file) => [real(file.path), file]));
  const read = (path: string) => {
    const file = planned.get(real(path));
    if (file !== undefined) {
      return file.after === undefined ? undefined : Buffer.from(file.after, file.encoding);
    }
    return project.read(path);
  };
  const below = (dir: string) => {
    const found = new Set(project.filesBelow(dir, () => {}));
    for (const file of files) {
      if (!file.path.startsWith(`${dir}/`)) continue;
      if (file.after === undefined) found.delete(file.path);
      else found.add(file.path);
    }
    return [...found];
  };
  return ({ kind, paths }) => namedHash(kind, paths, read, below);
}

const publicChange = (file: PlannedFile): PlannedChange => ({
  path: file.path,
  before: file.before,
  after: file.after,
  warnings: file.warnings,
});

/** `given` checked (each bad option named), with its kinds and targets settled. */
export function checkedOptions(given: SyncOptions): {
  from: SyncTool | undefined;
  to: SyncTool[];
  kinds: SyncKind[];
} {
  const options = optionsArgument(given);
  if (options.dir !== undefined) stringArgument(options.dir, "dir");
  if (options.rulesName !== undefined) stringArgument(options.rulesName, "rulesName");
  if (options.budget !== undefined) integerArgument(options.budget, "budget");
  if (options.carryAllows !== undefined && typeof options.carryAllows !== "boolean") {
    throw badArgument("carryAllows", "true or false", options.carryAllows);
  }
  const known = (value: unknown): value is SyncTool =>
    (SYNC_TOOLS as readonly unknown[]).includes(value);
  if (!Array.isArray(options.to) || !options.to.every(known)) {
    throw badArgument("to", `clients among ${SYNC_TOOLS.join(", ")}`, options.to);
  }
  if (options.from !== undefined && !known(options.from)) {
    throw badArgument("from", `one of ${SYNC_TOOLS.join(", ")}`, options.from);
  }
  if (
    options.kinds !== undefined &&
    !(
      Array.isArray(options.kinds) &&
      options.kinds.every((kind) => (SYNC_KINDS as readonly unknown[]).includes(kind))
    )
  ) {
    throw badArgument("kinds", `kinds among ${SYNC_KINDS.join(", ")}`, options.kinds);
  }
  if (options.user !== undefined) {
    const user = options.user as Partial<UserScope> | null;
    if (
      typeof user !== "object" ||
      user === null ||
      typeof user.env !== "object" ||
      user.env === null
    ) {
      throw badArgument("user", "{ env }: the environment the clients start in", options.user);
    }
    for (const option of ["dir", "rules", "rulesName", "budget", "recordAtItsWord"] as const) {
      if (options[option] !== undefined) {
        throw badArgument(
          option,
          "nothing with user: a user-level sync reads no project",
          options[option],
        );
      }
    }
    const userKind = (kind: SyncKind) => (USER_SYNC_KINDS as readonly string[]).includes(kind);
    if (options.kinds !== undefined && !options.kinds.every(userKind)) {
      throw badArgument(
        "kinds",
        `with user, kinds among ${USER_SYNC_KINDS.join(", ")}`,
        options.kinds,
      );
    }
  }
  const kinds =
    options.kinds === undefined
      ? options.user !== undefined
        ? [...USER_SYNC_KINDS]
        : SYNC_KINDS.filter((kind) => kind !== "rules" || options.rules !== undefined)
      : [...new Set(options.kinds)];
  if (options.from === undefined && kinds.some((kind) => kind !== "rules")) {
    throw badArgument("from", "the source client (only the rules kind goes without)", undefined);
  }
  if (kinds.includes("rules") && options.rules === undefined) {
    throw badArgument("rules", "the rules input, for the rules kind", undefined);
  }
  return { from: options.from, to: [...new Set(options.to)], kinds };
}

/** The public plan of `files`, written by `write` (which returns what it kept, as warnings). */
function planOf(
  planned: {
    readonly files: readonly PlannedFile[];
    readonly warnings: readonly Issue[];
    readonly conflicts: readonly string[];
    readonly loads?: readonly ClientLoads[];
  },
  write: () => Issue[],
): WritePlan {
  const changed = planned.files.filter((file) => file.after !== file.before);
  return writePlan(
    {
      files: planned.files.map(publicChange),
      changed: changed.map(publicChange),
      warnings: [...planned.warnings],
      conflicts: [...planned.conflicts],
      ...(planned.loads !== undefined ? { loads: planned.loads } : {}),
    },
    () => {
      const warnings = write();
      const keptPaths = new Set(warnings.map((issue) => issue.path));
      return {
        done: changed.filter((file) => !keptPaths.has(file.path)).map(publicChange),
        warnings,
      };
    },
  );
}

/**
 * What `contextfmt sync` would write: one client's project configuration (commands, MCP servers,
 * agents, skills, instructions, and rules when given) for the others, as a plan of every file it
 * would write or remove. Reads the project; writes nothing.
 *
 * @throws InvalidInputError for an unknown client or kind; ProjectFileError for a project
 *   that cannot be read safely (a link leading out of it, a file over the size limit).
 * @example
 * ```ts
 * const plan = planSync({ dir: "my-project", from: "claude", to: ["codex", "gemini"] });
 * for (const file of plan.changed) console.log(file.path);
 * ```
 */
export function planSync(options: SyncOptions): WritePlan {
  const { from, to, kinds } = checkedOptions(options);
  if (options.user !== undefined) {
    const user = planUserChanges({ from: from as SyncTool, to, kinds, user: options.user });
    return planOf(user, () =>
      writeWithRecord(user.folders, user.record, changedWrites(user.files), USER_BATCH),
    );
  }
  const project = Project.at(options.dir ?? ".");
  const record = WrittenRecord.read(project, { atItsWord: options.recordAtItsWord === true });
  const rulesName = options.rulesName ?? "rules";
  const ruleIssues: Issue[] = [];
  const { rules, budget } = options;
  const manager = kinds.includes("rules") ? new FormatManager() : undefined;
  const plan = planChanges({
    project,
    record,
    from,
    to,
    kinds,
    carryAllows: options.carryAllows === true,
    renderRules: (format) => {
      const result = renderNamingFile(rulesName, () =>
        // The input is checked when it is formatted (its errors name it).
        (manager as FormatManager).format<string>(
          format,
          Array.isArray(rules) ? { rules } : rules,
          // The region lands in a committed file: no timestamp, no generator's line.
          { committed: true, ...(budget !== undefined ? { budget } : {}) },
        ),
      );
      for (const issue of result.issues) {
        ruleIssues.push({ ...issue, path: `${rulesName}: ${issue.path ?? format}` });
      }
      return result.content;
    },
  });
  // The record says which sync it is from and what that sync lost (doctor and --strict read it).
  const losses = [...ruleIssues, ...plan.warnings, ...plan.files.flatMap((file) => file.warnings)];
  record.noteSync(
    {
      ...(from !== undefined ? { from } : {}),
      to,
      kinds,
      ...(options.carryAllows === true ? { carryAllows: true as const } : {}),
    },
    losses,
    hashAfter(project, plan.files),
  );
  return planOf({ ...plan, warnings: [...record.warnings, ...ruleIssues, ...plan.warnings] }, () =>
    writeWithRecord(project, record, changedWrites(plan.files)),
  );
}
