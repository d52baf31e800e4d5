/**
 * What a target gets none of, said once for all the items and targets it holds for: with
 * `--to all`, ten skills not written for Zed, Junie and Amazon Q are one line naming the targets
 * and the items, not thirty. The library's warnings stay one per item and target (and
 * `sync --verbose` prints them so); this is how the CLI words them.
 */

import { clientById } from "../clients/index.js";
import type { Issue } from "../problems/issue.js";
import { shown } from "./output.js";

/** The client's name as a person knows it (`zed` → "Zed"); the id itself when unknown. */
const labelOf = (id: string | undefined): string =>
  (id === undefined ? undefined : clientById(id)?.label) ?? String(id);

/** `not written for <target>: <why>` (a kind with no place) or `not synced to <target>: <why>`. */
const TARGET_WORDS = /^(not written for|not synced to) ([a-z0-9-]+): /;

/** One warning about one item and one target, read back from its words. */
interface Missed {
  readonly verb: string;
  readonly target: string;
  readonly item: string;
}

/** A group's targets, each with its items, in the order first met. */
interface Group {
  readonly issue: Issue;
  /** The reason with the target's name taken off its start, or the whole reason of one target. */
  readonly why: string;
  readonly shared: boolean;
  readonly items: Map<string, string[]>;
}

/** How many characters `a` and `b` start with in common. */
function commonStart(a: string, b: string): number {
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  return at;
}

/** How many characters `a` and `b` end with in common. */
function commonEnd(a: string, b: string): number {
  let at = 0;
  while (at < a.length && at < b.length && a[a.length - 1 - at] === b[b.length - 1 - at]) at++;
  return at;
}

/**
 * Paths named short: `.claude/skills/{brainstorming, code-explain}/SKILL.md` where they share
 * whole folders at their start and end; else each in full. One pass over each path.
 */
export function namedPaths(paths: readonly string[]): string {
  const first = paths[0] ?? "";
  // A place inside a file (`settings.json: hooks.PreToolUse[0]`) is named whole.
  if (paths.length < 2 || paths.some((path) => path.includes(": "))) {
    return paths.map(shown).join(", ");
  }
  let start = first.length;
  let end = first.length;
  for (const path of paths) {
    start = Math.min(start, commonStart(first, path));
    end = Math.min(end, commonEnd(first, path));
  }
  // Whole folders only: the start up to its last `/`, the end from its first.
  const head = first.slice(0, start).lastIndexOf("/") + 1;
  const tailCut = first.slice(first.length - end).indexOf("/");
  const tail = tailCut === -1 ? 0 : end - tailCut;
  let shortest = first.length;
  for (const path of paths) shortest = Math.min(shortest, path.length);
  if (head + tail > shortest || (head === 0 && tail === 0)) {
    return paths.map(shown).join(", ");
  }
  const middles = paths.map((path) => shown(path.slice(head, path.length - tail)));
  return `${shown(first.slice(0, head))}{${middles.join(", ")}}${shown(first.slice(first.length - tail))}`;
}

/** The item, target and words of a warning about one target, or undefined for any other. */
function missedOf(issue: Issue): (Missed & { readonly why: string }) | undefined {
  if (issue.path === undefined) return undefined;
  const words = TARGET_WORDS.exec(issue.message);
  if (words === null) return undefined;
  const [said, verb, target] = words as unknown as [string, string, string];
  if (clientById(target) === undefined) return undefined;
  return { verb, target, item: issue.path, why: issue.message.slice(said.length) };
}

/**
 * `issues` with the warnings that the same thing is not written (or synced) for a target, for
 * the same reason, as one issue per reason and set of items, where the first of them stood:
 * `not written for zed, junie: each has no project skill folder: 10 items: .claude/skills/{…}/SKILL.md`.
 * Every other issue as it is; one item for one target as it was.
 */
export function groupedByTarget(issues: readonly Issue[]): Issue[] {
  const groups = new Map<string, Group>();
  const order: (Issue | string)[] = [];
  for (const issue of issues) {
    const missed = missedOf(issue);
    if (missed === undefined) {
      order.push(issue);
      continue;
    }
    const label = labelOf(missed.target);
    // A reason that starts with the target's name holds for any target with the same rest.
    const shared = missed.why.startsWith(`${label} `);
    const why = shared ? missed.why.slice(label.length + 1) : missed.why;
    const key = [issue.severity, issue.code, missed.verb, shared ? "" : missed.target, why].join(
      "\u0000",
    );
    let group = groups.get(key);
    if (group === undefined) {
      group = { issue, why, shared, items: new Map() };
      groups.set(key, group);
      order.push(key);
    }
    const items = group.items.get(missed.target);
    if (items === undefined) group.items.set(missed.target, [missed.item]);
    else items.push(missed.item);
  }
  return order.flatMap((entry) => (typeof entry === "string" ? said(groups.get(entry)) : [entry]));
}

/** A group's lines: one per set of items, naming every target that set is missing from. */
function said(group: Group | undefined): Issue[] {
  if (group === undefined) return [];
  const verb = (TARGET_WORDS.exec(group.issue.message) as RegExpExecArray)[1] as string;
  // Targets missing the very same items share a line.
  const bySet = new Map<string, { targets: string[]; items: string[] }>();
  for (const [target, items] of group.items) {
    const key = items.join("\u0000");
    const same = bySet.get(key);
    if (same === undefined) bySet.set(key, { targets: [target], items });
    else same.targets.push(target);
  }
  return [...bySet.values()].map(({ targets, items }) => {
    if (targets.length === 1 && items.length === 1) {
      const target = targets[0] as string;
      const label = labelOf(target);
      return {
        ...group.issue,
        path: items[0] as string,
        message: `${verb} ${target}: ${group.shared ? `${label} ${group.why}` : group.why}`,
      };
    }
    const why =
      targets.length === 1
        ? group.shared
          ? `${labelOf(targets[0])} ${group.why}`
          : group.why
        : `each ${group.why}`;
    const what =
      items.length === 1
        ? shown(items[0] as string)
        : `${items.length} items: ${namedPaths(items)}`;
    return {
      code: group.issue.code,
      severity: group.issue.severity,
      message: `${verb} ${targets.join(", ")}: ${why}: ${what}`,
    };
  });
}
