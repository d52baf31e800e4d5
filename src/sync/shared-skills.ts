/**
 * Item folders several clients read (`.agents/skills`, `.claude/skills`): an item goes into a
 * target's own folder only when the target reads it from nowhere else. Gemini CLI, Copilot CLI,
 * OpenCode, Kilo Code and Cursor read `.agents/skills`, where Codex CLI's skills are; a copy in
 * their own folder too would be two skills of one name. Commands written as skills (Codex CLI,
 * Copilot CLI have no commands) follow the same rule, and never go where another target of the
 * sync (its source included) would offer them as skills beside its own slash command of the
 * same name. Commands and agents get no copy where the target reads the source's own files (one
 * of its places is the source's folder, links resolved).
 */
import type { Issue } from "../problems/issue.js";
import type { LoadedTwiceIssue } from "../workspace/record.js";
import { type ItemKind, type ItemPlace, itemGlob, SYNC_TOOLS, type SyncTool } from "./locations.js";
import type { Plan } from "./planned-files.js";

/** Why a target gets no items of a kind in its own folder. */
export interface LeftOut {
  /** Whether the target still has them (read from another folder); else they are lost for it. */
  readonly readElsewhere: boolean;
  readonly why: string;
}

/** Where the items of one kind go (as skills, or read where they are), and what a client's own rules read twice. */
export interface SharedSkills {
  /** The targets that get none in their own folder, and why. */
  readonly leftOut: ReadonlyMap<SyncTool, LeftOut>;
  /** A warning for each target that reads them from two folders, by the folder written. */
  readonly twice: readonly { readonly dir: string; readonly issue: Issue }[];
}

/** The skill folders `tool` loads, in its order, by real path (a folder a link refuses: none). */
function skillFoldersRead(plan: Plan, tool: SyncTool): Map<string, string> {
  const read = new Map<string, string>();
  for (const { dir } of plan.places.readPlaces(tool, "skill", "loaded")) {
    const real = realDir(plan, dir);
    if (real !== undefined && !read.has(real)) read.set(real, dir);
  }
  return read;
}

/**
 * The place of `tool`'s own loaded ones that holds the files of `source` (the same folder, links
 * resolved, and every file of the source's ending one of its own), or undefined.
 */
export function readingPlace(
  plan: Plan,
  tool: SyncTool,
  kind: ItemKind,
  source: ItemPlace,
): ItemPlace | undefined {
  const real = realDir(plan, source.dir);
  if (real === undefined) return undefined;
  return plan.places
    .readPlaces(tool, kind, "loaded")
    .find(
      (place) =>
        realDir(plan, place.dir) === real &&
        place.layout === source.layout &&
        source.extension.endsWith(place.extension),
    );
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
export function itemsLeftOut(
  plan: Plan,
  from: SyncTool,
  to: readonly SyncTool[],
  kind: ItemKind,
): SharedSkills {
  const leftOut = new Map<SyncTool, LeftOut>();
  const sources = plan.places.readPlaces(from, kind, "source");
  if (sources.length === 0) return { leftOut, twice: [] };
  const targets = SYNC_TOOLS.filter((tool) => to.includes(tool) && tool !== from);
  const asSkills = (tool: SyncTool) => {
    const place = plan.places.tool(tool).items[kind];
    return place !== undefined && place.layout === "skill-folders" ? place : undefined;
  };
  // Where the items are skills to a client: the source's folders (skills) and each written one.
  const written = new Map<string, { readonly dir: string; readonly by?: SyncTool }>();
  if (kind === "skill") {
    for (const source of sources) {
      const real = realDir(plan, source.dir);
      if (real !== undefined && !written.has(real)) written.set(real, { dir: source.dir });
    }
  }
  for (const tool of targets) {
    // A target that loads the source's own files of the kind needs no copy of them: of none
    // where it reads every place of the source (else planItems leaves out the items it reads).
    const reading = sources.map((source) =>
      source.loaded ? readingPlace(plan, tool, kind, source) : undefined,
    );
    const readsAll = reading.every((place) => place !== undefined);
    const first = reading[0];
    if (readsAll && first !== undefined) {
      const source = sources[0] as ItemPlace;
      leftOut.set(tool, {
        readElsewhere: true,
        why: `${plan.places.tool(tool).label} reads ${kind === "skill" ? first.dir : itemGlob(first)}, the source's ${kind}s${first.dir === source.dir ? "" : ` (${source.dir})`}`,
      });
      continue;
    }
    const place = asSkills(tool);
    if (place === undefined || kind === "agent") continue;
    const read = skillFoldersRead(plan, tool);
    // A folder written for an earlier target holds every item; the source's, only its own.
    const shared = [...written].find(([real, at]) => at.by !== undefined && read.has(real));
    if (shared !== undefined) {
      const [real, { dir, by }] = shared;
      leftOut.set(tool, {
        readElsewhere: true,
        why: `${plan.places.tool(tool).label} reads ${read.get(real)}${by === undefined ? `, the source's ${kind}s` : `, where they are written for ${plan.places.tool(by).label}`}${read.get(real) === dir ? "" : ` (${dir})`}`,
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
          plan.places.tool(other).items.command?.readable === true &&
          real !== undefined &&
          skillFoldersRead(plan, other).has(real),
      );
      if (offers !== undefined) {
        leftOut.set(tool, {
          readElsewhere: false,
          why: `${plan.places.tool(offers).label} reads ${place.dir} too, where a command written as a skill would be offered beside its own slash command of the same name`,
        });
        continue;
      }
    }
    // Its folder holds every item after the sync unless it reads some of them from another.
    const elsewhere = reading.some(
      (found) => found !== undefined && realDir(plan, found.dir) !== real,
    );
    if (real !== undefined && !elsewhere) written.set(real, { dir: place.dir, by: tool });
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
  kind: ItemKind,
  targets: readonly SyncTool[],
  written: ReadonlyMap<string, { readonly dir: string; readonly by?: SyncTool }>,
): { readonly dir: string; readonly issue: LoadedTwiceIssue }[] {
  const found: { dir: string; issue: LoadedTwiceIssue }[] = [];
  for (const tool of targets) {
    const read = skillFoldersRead(plan, tool);
    const holding = [...written].filter(([real]) => read.has(real)).map(([, place]) => place);
    const forced = holding.find((place) => place.by !== undefined && place.by !== tool);
    if (holding.length < 2 || forced === undefined) continue;
    const why = holding.map(({ dir, by }) =>
      by === undefined ? `${dir} is the source's` : `${dir} is for ${plan.places.tool(by).label}`,
    );
    found.push({
      dir: forced.dir,
      issue: {
        code: "loaded_twice",
        severity: "warning",
        path: forced.dir,
        message: `${plan.places.tool(tool).label} reads each of ${holding.map((place) => place.dir).join(", ")}, so each ${kind === "skill" ? "skill" : "command written as a skill"} reaches it ${holding.length === 2 ? "twice" : `${holding.length} times`} and it uses the first (${why.join("; ")})`,
        // For the record: doctor then knows the two items as sync's own (see NamedTwice).
        named: {
          client: tool,
          kind: kind === "skill" ? "skill" : "command",
          paths: holding.map((place) => place.dir),
        },
      },
    });
  }
  return found;
}
