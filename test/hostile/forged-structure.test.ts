/**
 * No source's text may start a line that reads as any structure of any format of a hook's joined
 * context. For every field of every source, every hostile value (`hostileValues` of contextfmt/testing: each
 * text at the field's start, after every line break, behind invisible prefixes) is put into the
 * context the hook CLI composes for each tool and moment; the structure oracle
 * (src/formats/structure.ts) then reads it. No line may be forged, and the lines that read as
 * structure must be exactly those of the same context built with harmless text in that field.
 */
import { parseHookInput } from "contextfmt/hooks";
import { hostileTexts, hostileValues } from "contextfmt/testing";
import { describe, expect, it } from "vitest";
import { structureOf } from "../../src/formats/forged.js";
import { readContextStructure } from "../../src/formats/structure.js";
import { hookContext } from "../../src/hooks/context.js";
import { hookInputs } from "../fixtures/hook-inputs.js";

const NOW = "2026-01-25T10:00:00Z";
const HARMLESS = "plain words here";

const rules = () => ({
  rules: [
    {
      name: "atomic_commits",
      rule: "Keep commits small",
      category: "behavior",
      authority: "absolute",
      scope: ["git"],
      source: "user_explicit",
      conditions: { condition: "when committing" },
    },
    { name: "uv", rule: "Prefer uv", category: "preference", authority: "default" },
  ],
});

const projects = () => ({
  projects: [
    {
      projectId: "atlas",
      name: "Atlas",
      status: "active",
      lastSessionSummary: "Added decay. Fixed the parser.",
      lastSessionDate: "2026-01-24T10:00:00Z",
      activeTodos: [{ text: "Fix the parser", priority: 1 }],
      recentFiles: ["src/a.ts"],
      languages: ["TypeScript"],
      frameworks: ["Node"],
      blockers: ["Disk space"],
      notes: ["Keep answers short"],
      path: "/srv/atlas",
    },
    { projectId: "beta", name: "Beta", status: "completed", path: "/srv/beta", blockers: ["x"] },
  ],
});

const session = () => ({
  candidates: [
    {
      id: "c1",
      content: "Implemented clustering",
      relevance: 0.9,
      category: "high_relevance_cluster",
      createdAt: "2026-01-25T08:00:00Z",
    },
    {
      id: "c2",
      content: "Rust async patterns",
      relevance: 0.7,
      category: "single_space_match",
      createdAt: "2026-01-22T08:00:00Z",
    },
    {
      id: "c3",
      content: "Added the detector.",
      relevance: 0.5,
      category: "recent_session",
      createdAt: "2026-01-24T08:00:00Z",
    },
  ],
  alerts: [{ space: "semantic", recentContext: "Refactoring the parser", similarity: 0.12 }],
});

const memories = () => ({
  directive: "Follow procedural memories.",
  memories: [
    { id: "m1", content: "Run the tests", category: "procedural", score: 0.9 },
    { id: "m2", content: "Prefers uv", category: "preference" },
  ],
});

type Files = Record<string, Record<string, unknown>>;

/** A field of one source file: where it is and how to set it. */
interface Field {
  readonly flag: "rules" | "project" | "session" | "memories";
  readonly path: string;
  set(files: Files, value: string): void;
}

const at = (flag: Field["flag"], path: string): Field => ({
  flag,
  path,
  set(files, value) {
    const keys = path.split(".");
    let target: unknown = files[flag];
    for (const key of keys.slice(0, -1)) target = (target as Record<string, unknown>)[key];
    (target as Record<string, unknown>)[keys.at(-1) as string] = value;
  },
});

const FIELDS: readonly Field[] = [
  at("rules", "rules.0.name"),
  at("rules", "rules.0.rule"),
  at("rules", "rules.0.scope.0"),
  at("rules", "rules.0.source"),
  at("rules", "rules.0.conditions.condition"),
  at("rules", "rules.1.rule"),
  at("project", "projects.0.name"),
  at("project", "projects.0.lastSessionSummary"),
  at("project", "projects.0.activeTodos.0.text"),
  at("project", "projects.0.recentFiles.0"),
  at("project", "projects.0.languages.0"),
  at("project", "projects.0.frameworks.0"),
  at("project", "projects.0.blockers.0"),
  at("project", "projects.0.notes.0"),
  at("project", "projects.1.name"),
  at("project", "projects.1.path"),
  at("project", "projects.1.blockers.0"),
  at("session", "candidates.0.content"),
  at("session", "candidates.1.content"),
  at("session", "candidates.2.content"),
  at("session", "alerts.0.space"),
  at("session", "alerts.0.recentContext"),
  at("memories", "directive"),
  at("memories", "memories.0.content"),
  at("memories", "memories.0.id"),
];

/** The contexts a hook composes, by tool and event, with the formats each joins. */
const CONTEXTS = [
  { tool: "claude", event: "SessionStart", formats: ["claude", "project", "session-full"] },
  { tool: "codex", event: "SessionStart", formats: ["codex", "project", "session-full"] },
  {
    tool: "gemini",
    event: "SessionStart",
    formats: ["gemini", "project-markdown", "session-full"],
  },
  { tool: "claude", event: "UserPromptSubmit", formats: ["xml-memory"] },
  { tool: "codex", event: "UserPromptSubmit", formats: ["xml-memory"] },
  { tool: "gemini", event: "BeforeAgent", formats: ["session-brief"] },
  { tool: "claude", event: "PreToolUse", formats: ["session-brief"] },
  { tool: "gemini", event: "AfterTool", formats: ["session-brief"] },
] as const;

async function compose(
  tool: (typeof CONTEXTS)[number]["tool"],
  event: string,
  files: Files,
): Promise<string> {
  const raw = (hookInputs as Record<string, Record<string, unknown>>)[tool]?.[event];
  const hook = parseHookInput(tool, raw);
  return hookContext({
    hook,
    files: Object.fromEntries(
      Object.entries(files).map(([flag, data]) => [flag, { path: `${flag}.json`, data }]),
    ),
    budget: 100_000,
    now: NOW,
    nonce: "session-nonce-42",
  }).content;
}

/**
 * `<` that opens a tag: a tag of the context's own, or a forged one. In the text formats a
 * field's tags carry a backslash; in the XML ones they are `&lt;`, and a field's own backslash
 * may come right before a real closing tag (`\\</memory>`).
 */
const tagOpenings = (content: string, xmlOnly: boolean) =>
  content.match(xmlOnly ? /<(?=[!?]|\/?[A-Za-z_])/g : /(?<!\\)<(?=[!?]|\/?[A-Za-z_])/g)?.length ??
  0;

const files = (): Files => ({
  rules: rules(),
  project: projects(),
  session: session(),
  memories: memories(),
});

describe("hook contexts: no field forges structure (structure oracle × hostile corpus)", () => {
  const values = [...hostileTexts, ...hostileValues()];

  it.each(CONTEXTS.map((context) => [`${context.tool} ${context.event}`, context] as const))(
    "%s",
    async (_, { tool, event, formats: ids }) => {
      const formats = ids.map(structureOf);
      const control = await compose(tool, event, files());
      const controlLines = readContextStructure(control, formats);
      expect(controlLines.filter((line) => line.forged)).toEqual([]);
      const xmlOnly = ids.every((format) => format === "xml-memory");
      const controlTags = tagOpenings(control, xmlOnly);
      let checked = 0;
      for (const field of FIELDS) {
        const harmless = files();
        field.set(harmless, HARMLESS);
        const baseline = await compose(tool, event, harmless);
        // A field this context does not show changes nothing: skip it.
        if (baseline === control && !baseline.includes(HARMLESS)) continue;
        // Directives and memories keep their line breaks (they are XML text): compare the
        // structure lines, in order, not the line numbers.
        const structure = (content: string) =>
          readContextStructure(content, formats).flatMap((line) => line.reads ?? []);
        const expected = structure(baseline);
        for (const value of values) {
          const hostile = files();
          field.set(hostile, value);
          const content = await compose(tool, event, hostile);
          const lines = readContextStructure(content, formats);
          const where = `${field.flag} ${field.path} = ${JSON.stringify(value)}`;
          expect(
            lines.filter((line) => line.forged),
            where,
          ).toEqual([]);
          expect(structure(content), where).toEqual(expected);
          expect(tagOpenings(content, xmlOnly), where).toBe(controlTags);
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(0);
    },
    120_000,
  );
});
