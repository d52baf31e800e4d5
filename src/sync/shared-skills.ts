/**
 * Skill folders several clients read (`.agents/skills`, `.claude/skills`): a skill goes into a
 * target's own folder only when the target reads it from nowhere else. Gemini CLI, Copilot CLI,
 * OpenCode, Kilo Code and Cursor read `.agents/skills`, where Codex CLI's skills are; a copy in
 * their own folder too would be two skills of one name. Commands written as skills (Codex CLI,
 * Copilot CLI have no commands) follow the same rule, and never go where another target of the
 * sync (its source included) would offer them as skills beside its own slash command of the
 * same name.
 */
import type { Issue } from "../problems/issue.js";
import { CLIENT_LOADING } from "./loading.js";
import { SYNC_TOOL_PLACES, SYNC_TOOLS, type SyncTool } from "./locations.js";
import type { Plan } from "./planned-files.js";

/** Why a target gets no items of a kind in its own folder. */
export interface LeftOut {
  /** Whether the target still has them (read from another folder); else they are lost for it. */
  readonly readElsewhere: boolean;
  readonly why: string;
}

/** Where the items of one kind go as skills, and what a client's own rules read twice. */
export interface SharedSkills {
  /** The targets that get none in their own folder, and why. */
  readonly leftOut: ReadonlyMap<SyncTool, LeftOut>;
  /** A warning for each target that reads them from two folders, by the folder written. */
  readonly twice: readonly { readonly dir: string; readonly issue: Issue }[];
}

/** The skill folders `tool` reads, its own first, by real path (a folder a link refuses: none). */
function skillFoldersRead(plan: Plan, tool: SyncTool): Map<string, string> {
  const own = SYNC_TOOL_PLACES[tool].items.skill;
  const dirs = [...(own?.readable ? [own.dir] : []), ...(CLIENT_LOADING[tool].moreSkills ?? [])];
  const read = new Map<string, string>();
  for (const dir of dirs) {
    const located = plan.project.locate(dir);
    if (!("refused" in located) && !read.has(located.real)) read.set(located.real, dir);
  }
  return read;
}

/** The real path of `dir`, or undefined when a link refuses it. */
function realDir(plan: Plan, dir: string): string | undefined {
  const located = plan.project.locate(dir);
  return "refused" in located ? undefined : located.real;
}

/**
 * For each target of `to` that gets no skills (`kind` "skill") or commands written as skills
 * (`kind` "command", for a target without commands) in its own folder: why. Decided in the order
 * of SYNC_TOOLS: a target that reads the source's folder, or the folder an earlier target gets
 * them in, needs no copy.
 */
export function skillsLeftOut(
  plan: Plan,
  from: SyncTool,
  to: readonly SyncTool[],
  kind: "skill" | "command",
): SharedSkills {
  const leftOut = new Map<SyncTool, LeftOut>();
  const source = SYNC_TOOL_PLACES[from].items[kind];
  if (source === undefined || !source.readable) return { leftOut, twice: [] };
  const targets = SYNC_TOOLS.filter((tool) => to.includes(tool) && tool !== from);
  const asSkills = (tool: SyncTool) => {
    const place = SYNC_TOOL_PLACES[tool].items[kind];
    return place !== undefined && place.layout === "skill-folders" ? place : undefined;
  };
  // Where the items are skills to a client: the source's folder (skills) and each written one.
  const written = new Map<string, { readonly dir: string; readonly by?: SyncTool }>();
  if (kind === "skill") {
    const real = realDir(plan, source.dir);
    if (real !== undefined) written.set(real, { dir: source.dir });
  }
  for (const tool of targets) {
    const place = asSkills(tool);
    if (place === undefined) continue;
    const read = skillFoldersRead(plan, tool);
    const shared = [...written].find(([real]) => read.has(real));
    if (shared !== undefined) {
      const [real, { dir, by }] = shared;
      leftOut.set(tool, {
        readElsewhere: true,
        why: `${SYNC_TOOL_PLACES[tool].label} reads ${read.get(real)}${by === undefined ? `, the source's ${kind}s` : `, where they are written for ${SYNC_TOOL_PLACES[by].label}`}${read.get(real) === dir ? "" : ` (${dir})`}`,
      });
      continue;
    }
    const real = realDir(plan, place.dir);
    if (kind === "command") {
      // Another client of the sync (the source too) with slash commands of its own would offer
      // each one twice.
      const offers = [from, ...targets].find(
        (other) =>
          other !== tool &&
          SYNC_TOOL_PLACES[other].items.command?.readable === true &&
          real !== undefined &&
          skillFoldersRead(plan, other).has(real),
      );
      if (offers !== undefined) {
        leftOut.set(tool, {
          readElsewhere: false,
          why: `${SYNC_TOOL_PLACES[offers].label} reads ${place.dir} too, where a command written as a skill would be offered beside its own slash command of the same name`,
        });
        continue;
      }
    }
    if (real !== undefined) written.set(real, { dir: place.dir, by: tool });
  }
  // The source's client reads the folders written for targets too (Gemini CLI reads the
  // .agents/skills written for Codex CLI beside its own).
  return { leftOut, twice: readTwice(plan, kind, [from, ...targets], written) };
}

/**
 * The one warning for each target whose own rules read the items from two of the folders that
 * hold them (Copilot CLI reads .claude/skills, the source's, and .agents/skills, which Codex CLI
 * needs): each of its skills is there twice, and it uses the first.
 */
function readTwice(
  plan: Plan,
  kind: "skill" | "command",
  targets: readonly SyncTool[],
  written: ReadonlyMap<string, { readonly dir: string; readonly by?: SyncTool }>,
): { readonly dir: string; readonly issue: Issue }[] {
  const found: { dir: string; issue: Issue }[] = [];
  for (const tool of targets) {
    const read = skillFoldersRead(plan, tool);
    const holding = [...written].filter(([real]) => read.has(real)).map(([, place]) => place);
    const forced = holding.find((place) => place.by !== undefined && place.by !== tool);
    if (holding.length < 2 || forced === undefined) continue;
    const why = holding.map(({ dir, by }) =>
      by === undefined ? `${dir} is the source's` : `${dir} is for ${SYNC_TOOL_PLACES[by].label}`,
    );
    found.push({
      dir: forced.dir,
      issue: {
        code: "loaded_twice",
        severity: "warning",
        path: forced.dir,
        message: `${SYNC_TOOL_PLACES[tool].label} reads each of ${holding.map((place) => place.dir).join(", ")}, so each ${kind === "skill" ? "skill" : "command written as a skill"} reaches it ${holding.length === 2 ? "twice" : `${holding.length} times`} and it uses the first (${why.join("; ")})`,
      },
    });
  }
  return found;
}
