/**
 * The `permission` kind: the source client's permission rules (`Bash(rm:*)` denied, `WebFetch`
 * asked about) carried into each target's settings, by the tool's meaning and the rule's reach.
 * A rule goes only where the target can say it exactly; what it cannot is a warning naming the
 * rule and the target. Deny and ask rules only take from what an agent may do unasked, so they
 * are carried by default; an allow rule lets an agent act without asking, and one in a cloned
 * repository is a rule its user may never have read, so allows are carried only when asked
 * (`carryAllows`), each named in a warning. Rules are appended to the target's lists or set as
 * its keys in place, every other key and comment kept; the record names each, so a rule whose
 * source is gone is taken out again, and one the user changed since is a conflict.
 */
import { clientById } from "../clients/index.js";
import type { ClientSpec, PermissionFile } from "../clients/spec.js";
import type { Issue } from "../problems/issue.js";
import { valueHash, type WrittenEntry } from "../workspace/record.js";
import { type SettingsFile, settingsFile } from "../workspace/settings-file.js";
import type { SyncTool } from "./locations.js";
import { type Placement, placementOf, readRules } from "./permission-dialects.js";
import { cannotSay, DECISIONS, lastMatchDecides, type PermissionRule } from "./permission-rules.js";
import type { Plan, SyncRequest } from "./planned-files.js";
import { noPlace } from "./source-warnings.js";

/** The client `tool` and where it keeps permission rules; undefined when it keeps none. */
const permissionClient = (
  tool: SyncTool,
): { client: ClientSpec; place: PermissionFile } | undefined => {
  const client = clientById(tool) as ClientSpec;
  return client.permissions === undefined ? undefined : { client, place: client.permissions };
};

/** The settings file `tool` keeps permission rules in, which sync reads; undefined if none. */
export const permissionFile = (tool: SyncTool): string | undefined =>
  permissionClient(tool)?.place.path;

/** The record's name of a placement: its key path and, for a list, its item, as JSON. */
const entryName = (placement: Placement) =>
  JSON.stringify("list" in placement ? [...placement.list, placement.item] : placement.key);

/** The record's hash of a placement: the item, or the action set. */
const entryHash = (placement: Placement) =>
  valueHash("list" in placement ? placement.item : placement.value);

/** The placement a record entry names, or undefined when the name is not one. */
function placementNamed(entry: WrittenEntry): Placement | undefined {
  let path: unknown;
  try {
    path = JSON.parse(entry.name ?? "");
  } catch {
    return undefined;
  }
  if (!Array.isArray(path) || path.length < 2 || !path.every((key) => typeof key === "string")) {
    return undefined;
  }
  // A list's entries end in the rule ("permissions", "deny", "Bash(rm:*)"); OpenCode's in the
  // pattern, whose action the hash says.
  if (path[0] === "permission") return { key: path, value: "deny" };
  return { list: path.slice(0, -1), item: path.at(-1) as string };
}

/** The source's rules, read (and their warnings given) once for all targets. */
const readOnce = new WeakMap<Plan, PermissionRule[] | undefined>();

function sourceRules(plan: Plan, from: SyncTool): PermissionRule[] | undefined {
  if (readOnce.has(plan)) return readOnce.get(plan);
  const source = permissionClient(from);
  const text = source === undefined ? undefined : plan.sourceText(source.place.path);
  let rules: PermissionRule[] | undefined;
  if (source !== undefined && text !== undefined) {
    const read = readRules(source.client, source.place, settingsFile(source.place.path, text));
    for (const warning of read.warnings) plan.warnings.push(warning);
    rules = read.rules;
  }
  readOnce.set(plan, rules);
  return rules;
}

const warn = (path: string, message: string): Issue => ({
  code: "item_skipped",
  severity: "warning",
  path,
  message,
});

/**
 * Plans the source's permission rules into each target's settings file. Allow rules are left
 * out, each named, unless `request.carryAllows`.
 */
export function planPermissions(plan: Plan, request: SyncRequest): void {
  const from = request.from;
  if (from === undefined || !request.kinds.includes("permission")) return;
  const read = sourceRules(plan, from);
  if (read === undefined || read.length === 0) return;
  const carried = request.carryAllows
    ? read
    : read.filter((rule) => {
        if (rule.decision !== "allow") return true;
        plan.warnings.push(
          warn(
            rule.where,
            "not synced: an allow rule lets an agent act without asking, so sync carries allow rules only when asked (--carry-allows)",
          ),
        );
        return false;
      });
  if (carried.length === 0) return;
  const sourcePath = permissionFile(from) as string;
  for (const to of request.to) {
    if (to === from) continue;
    const target = permissionClient(to);
    if (target === undefined) {
      noPlace(
        plan,
        to,
        "permission",
        carried.map((rule) => rule.where),
      );
      continue;
    }
    // One file read by both (Claude's settings as Qwen's, through a link): nothing to carry.
    if (plan.project.resolve(target.place.path) === plan.project.resolve(sourcePath)) continue;
    planInto(plan, to, target, carried, sourcePath);
  }
}

/** The order rules are written in: where the last match decides, allows first, denies last. */
const ordered = (rules: readonly PermissionRule[], lastDecides: boolean) =>
  lastDecides
    ? [...rules].sort((a, b) => DECISIONS.indexOf(a.decision) - DECISIONS.indexOf(b.decision))
    : rules;

/** Whether any value at or below `value` is an ask or a deny. */
const holdsRestriction = (value: unknown): boolean =>
  value === "ask" ||
  value === "deny" ||
  (typeof value === "object" &&
    value !== null &&
    Object.values(value).some((action) => action === "ask" || action === "deny"));

/**
 * Why `placement` cannot go into `file` as it stands, or undefined: an OpenCode key that is one
 * action for the whole tool takes no pattern, and an allow after a deny or ask of the same tool
 * would decide over them there (the last match decides).
 */
function blocked(file: SettingsFile, placement: Placement, label: string): string | undefined {
  if (!("key" in placement)) return undefined;
  const top = file.at(["permission"]);
  if (typeof top === "string") {
    return `${label}'s permission is one action (${JSON.stringify(top)}) for every tool`;
  }
  const tool = placement.key.slice(0, 2);
  const held = file.at(tool);
  if (typeof held === "string") {
    return `${label}'s ${tool.join(".")} is one action (${JSON.stringify(held)}) for every call`;
  }
  // Its own patterns stand beside a rule for every call, and may decide over it.
  if (
    placement.key[2] === "*" &&
    typeof held === "object" &&
    held !== null &&
    Object.keys(held).some((pattern) => pattern !== "*")
  ) {
    return `${label}'s own patterns of ${tool.join(".")} would still decide the calls they match`;
  }
  if (placement.value === "allow" && holdsRestriction(held)) {
    return `an allow after ${label}'s own deny or ask rules of ${tool.join(".")} would decide over them (the last match decides)`;
  }
  return undefined;
}

/** Plans `rules` into one target's settings file. */
function planInto(
  plan: Plan,
  to: SyncTool,
  target: { client: ClientSpec; place: PermissionFile },
  rules: readonly PermissionRule[],
  sourcePath: string,
): void {
  const { client, place } = target;
  const path = place.path;
  const recordPath = plan.recordPath(path);
  const file = settingsFile(path, plan.text(path));
  const warnings: Issue[] = [];
  const listed = new Map<string, Set<string>>();
  const placed = new Set<string>();
  let changed = false;
  for (const rule of ordered(rules, lastMatchDecides(place.dialect))) {
    const why = cannotSay(rule, place, client.tools ?? {}, client.label);
    if (why !== undefined) {
      warnings.push(warn(rule.where, `not synced to ${to}: ${why}`));
      continue;
    }
    const placement = placementOf(rule, client, place);
    const name = entryName(placement);
    if (placed.has(name)) continue;
    const stop = blocked(file, placement, client.label);
    if (stop !== undefined) {
      warnings.push(warn(rule.where, `not synced to ${to}: ${stop}`));
      continue;
    }
    placed.add(name);
    const hash = entryHash(placement);
    const ours = plan.record.wrote(recordPath, "permission", name, hash);
    if ("list" in placement) {
      const key = placement.list.join(".");
      const items = listed.get(key) ?? new Set(listItems(file, placement.list));
      listed.set(key, items);
      if (items.has(placement.item)) {
        // The target has it already: the record keeps it only if sync put it there.
        if (ours)
          plan.claimPart(path, "permission", name, { before: hash, after: hash }, key, sourcePath);
        continue;
      }
      items.add(placement.item);
      file.append(placement.list, placement.item);
      plan.claimPart(path, "permission", name, { before: undefined, after: hash }, key, sourcePath);
    } else {
      const existing = file.at(placement.key);
      const label = `${placement.key.slice(0, 2).join(".")}[${JSON.stringify(placement.key[2])}]`;
      if (existing === placement.value) {
        if (ours)
          plan.claimPart(
            path,
            "permission",
            name,
            { before: hash, after: hash },
            label,
            sourcePath,
          );
        continue;
      }
      plan.claimPart(
        path,
        "permission",
        name,
        { before: existing === undefined ? undefined : valueHash(existing), after: hash },
        label,
        sourcePath,
      );
      file.set(placement.key, placement.value);
    }
    changed = true;
    if (place.dialect === "gemini" && rule.scope !== undefined) {
      // packages/cli/src/config/policy.ts: an allowed tool narrowed to arguments gets a deny
      // for every other call of it, just below the allow.
      warnings.push({
        code: "lossy_conversion",
        severity: "warning",
        path: rule.where,
        message: `${client.label} then refuses every other shell command that no tools.allowed entry names (its allow list narrows the tool)`,
      });
    }
    if (rule.decision === "allow") {
      warnings.push({
        code: "allow_carried",
        severity: "warning",
        path: rule.where,
        message: `carried to ${to} as asked: ${client.label} now runs what it allows without asking`,
      });
    }
  }
  if (!changed) {
    for (const warning of warnings) plan.warnings.push(warning);
    return;
  }
  plan.write(path, file.result(), warnings);
}

/** The strings of the list at `keyPath` (a target's; anything else there is no rule of sync's). */
const listItems = (file: SettingsFile, keyPath: readonly string[]): string[] => {
  const value = file.at(keyPath);
  return Array.isArray(value) ? value.filter((item) => typeof item === "string") : [];
};

/**
 * Takes out of each target's settings the rules an earlier sync wrote from `from`'s that this
 * run did not write again (their source rule is gone), those still as written; one changed since
 * stays, and the record lets go of it.
 */
export function removePermissions(
  plan: Plan,
  request: SyncRequest,
  entries: readonly WrittenEntry[],
): void {
  const from = request.from;
  if (from === undefined || !request.kinds.includes("permission")) return;
  const source = permissionFile(from);
  for (const to of request.to) {
    const target = permissionClient(to);
    if (target === undefined || to === from) continue;
    const path = target.place.path;
    const recordPath = plan.recordPath(path);
    const mine = entries.filter(
      (entry) => entry.kind === "permission" && entry.path === recordPath && entry.from === source,
    );
    if (mine.length === 0) continue;
    const file = settingsFile(path, plan.text(path));
    const notes: Issue[] = [];
    const gone = new Map<string, { keyPath: string[]; indexes: Set<number> }>();
    // By list, each item's places in it, each list read once (not a search per entry).
    const places = new Map<string, Map<string, number[]>>();
    const placesOf = (keyPath: readonly string[]) => {
      const key = JSON.stringify(keyPath);
      const known = places.get(key);
      if (known !== undefined) return known;
      const found = new Map<string, number[]>();
      const value = file.at(keyPath);
      (Array.isArray(value) ? value : []).forEach((item, at) => {
        if (typeof item !== "string") return;
        const list = found.get(item);
        if (list === undefined) found.set(item, [at]);
        else list.push(at);
      });
      places.set(key, found);
      return found;
    };
    let edited = false;
    for (const entry of mine) {
      const placement = placementNamed(entry);
      if (placement === undefined) continue;
      const at =
        "list" in placement
          ? (placesOf(placement.list).get(placement.item)?.[0] ?? -1)
          : file.at(placement.key) === undefined
            ? -1
            : valueHash(file.at(placement.key)) === entry.sha256
              ? 0
              : -1;
      if (!plan.record.proves(entry)) {
        if (at !== -1) plan.unproven.push(`${path}: ${entry.name}`);
        continue;
      }
      plan.record.forget(recordPath, "permission", entry.name);
      if (at === -1) continue;
      if ("list" in placement) {
        placesOf(placement.list).get(placement.item)?.shift();
        const key = placement.list.join(".");
        const list = gone.get(key) ?? { keyPath: [...placement.list], indexes: new Set<number>() };
        list.indexes.add(at);
        gone.set(key, list);
      } else {
        file.remove(placement.key);
        edited = true;
      }
      notes.push({
        code: "removed",
        severity: "info",
        path,
        message: `${entry.name} taken out: its source rule is no longer in ${source}`,
      });
    }
    for (const { keyPath, indexes } of gone.values()) file.removeItems(keyPath, indexes);
    if (gone.size > 0 || edited) plan.write(path, file.result(), notes);
  }
}
