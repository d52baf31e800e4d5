/**
 * Nothing is lost silently in a conversion: for every kind and every pair of formats, a value a
 * source file holds is converted, read back in the target format, and every field that came back
 * different (or not at all) must be named by a `lossy_conversion` / `unsupported_field` warning
 * (or an info `derived_field` for a value the target made up) whose path is `<item>.<field>`.
 */
import type { Issue } from "contextfmt";
import {
  AGENT_FORMATS,
  COMMAND_FORMATS,
  convertAgentConfig,
  MCP_CONFIG_FORMATS,
  parseAgentConfig,
  renderAgentConfig,
  SKILL_FORMATS,
} from "contextfmt/agent-config";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AGENTS, ARBITRARIES, COMMANDS, SKILLS } from "./arbitraries.js";

type Kind = "command" | "mcp" | "agent" | "skill";

/** Field names as the warnings spell them (format keys), folded to compare with neutral names. */
const fold = (field: string) => field.toLowerCase().replace(/[-_]/g, "");
const ALIASES: Record<string, string[]> = {
  prompt: ["developerinstructions"],
  headers: ["httpheaders", "envhttpheaders"],
  transport: ["type"],
};
/** Codex reports literal `${…}` text once for every value of a server: `<server>.values`. */
const VALUE_FIELDS = new Set(["command", "args", "env", "cwd", "url", "headers"]);

function named(warnings: readonly Issue[], item: string, field: string): boolean {
  const accepted = new Set([fold(field), ...(ALIASES[field] ?? [])]);
  return warnings.some((warning) => {
    if (!warning.path?.startsWith(`${item}.`) && warning.path !== field) return false;
    const head = (
      warning.path.startsWith(`${item}.`) ? warning.path.slice(item.length + 1) : field
    ).split(".")[0] as string;
    return accepted.has(fold(head)) || (head === "values" && VALUE_FIELDS.has(field));
  });
}

/**
 * A value as it means: maps compared whatever their key order, and what every tool reads as
 * absent (`enabled: true`, an empty description, the model `inherit`) left out.
 */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value)
    .filter(
      ([key, v]) =>
        !(key === "enabled" && v === true) &&
        !(key === "description" && v === "") &&
        !(key === "model" && v === "inherit"),
    )
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  return Object.fromEntries(entries.map(([key, v]) => [key, canonical(v)]));
}

/** The fields (one level into `extra`) whose values differ between `a` and `b`. */
function changedFields(x: Record<string, unknown>, y: Record<string, unknown>): string[] {
  const [a, b] = [canonical(x), canonical(y)] as Record<string, unknown>[];
  const changed: string[] = [];
  for (const key of new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])) {
    if (key === "extra") {
      const flat = (extra: unknown) =>
        Object.assign(
          {},
          ...Object.values((extra ?? {}) as Record<string, object>).map((v) =>
            typeof v === "object" && v !== null && !Array.isArray(v) ? v : {},
          ),
        );
      const [ex, ey] = [a?.extra, b?.extra] as Record<string, unknown>[];
      // Agents key extras by format; commands and skills keep them flat.
      const nested = Object.values(ex ?? {}).every((v) => typeof v === "object" && v !== null);
      const [fx, fy] = nested ? [flat(ex), flat(ey)] : [ex ?? {}, ey ?? {}];
      for (const k of new Set([...Object.keys(fx), ...Object.keys(fy)])) {
        if (JSON.stringify(fx[k]) !== JSON.stringify(fy[k])) changed.push(k);
      }
    } else if (JSON.stringify(a?.[key]) !== JSON.stringify(b?.[key])) changed.push(key);
  }
  return changed;
}

/** Each item of a value with the name warnings give it. */
function items(kind: Kind, value: unknown): Map<string, Record<string, unknown>> {
  const list = (kind === "mcp" ? value : [value]) as Record<string, unknown>[];
  return new Map(list.map((item) => [String(item.name ?? "command"), item]));
}

function checkPair(kind: Kind, from: string, to: string, value: unknown) {
  const source = renderAgentConfig(kind, from, value as never).content;
  const name = kind === "mcp" ? {} : { name: String((value as { name?: string }).name ?? "") };
  const held = parseAgentConfig(kind, from, source, name);
  const before =
    kind === "mcp" ? (held as { servers: unknown }).servers : Object.values(held as object)[0];
  const { content, warnings } = convertAgentConfig(kind, source, { from, to, ...name });
  // OpenCode names an agent by its file: the name goes back in from the path, as for commands.
  const backName = kind === "command" || kind === "skill" || to === "opencode" ? name : {};
  let back: unknown;
  try {
    back = parseAgentConfig(kind, to, content, backName);
  } catch (error) {
    // A file the target tool would refuse must have been warned about.
    expect(
      warnings.some((w) => w.severity === "warning"),
      String(error),
    ).toBe(true);
    return;
  }
  const after =
    kind === "mcp" ? (back as { servers: unknown }).servers : Object.values(back as object)[0];
  const afterItems = items(kind, after);
  const unreported: string[] = [];
  const beforeItems = items(kind, before);
  for (const [item, was] of beforeItems) {
    // A single file's item may come back under a new name (that change is itself a field).
    const now =
      afterItems.get(item) ?? (beforeItems.size === 1 ? [...afterItems.values()][0] : undefined);
    if (now === undefined) {
      if (!warnings.some((w) => w.path?.startsWith(`${item}.`))) unreported.push(`${item} (gone)`);
      continue;
    }
    for (const field of changedFields(was, now)) {
      if (!named(warnings, item, field)) unreported.push(`${item}.${field}`);
    }
  }
  expect(
    unreported,
    `${kind} ${from} → ${to}\n${content}\n${JSON.stringify(warnings, null, 1)}`,
  ).toEqual([]);
}

const CASES: [Kind, readonly string[], (from: string) => fc.Arbitrary<unknown>][] = [
  ["mcp", MCP_CONFIG_FORMATS, (from) => ARBITRARIES[from as keyof typeof ARBITRARIES]],
  ["command", COMMAND_FORMATS, (from) => COMMANDS[from as keyof typeof COMMANDS]],
  ["agent", AGENT_FORMATS, (from) => AGENTS[from as keyof typeof AGENTS]],
  ["skill", SKILL_FORMATS, () => SKILLS],
];

describe("a conversion names every field it could not carry", () => {
  for (const [kind, formats, arbitrary] of CASES) {
    for (const from of formats) {
      for (const to of formats) {
        it(`${kind}: ${from} → ${to}`, () => {
          fc.assert(
            fc.property(arbitrary(from), (value) => checkPair(kind, from, to, value)),
            {
              numRuns: 60,
            },
          );
        });
      }
    }
  }
});
