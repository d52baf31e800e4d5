/**
 * What the compiler catches in calls of `FormatManager`: unknown built-in ids, inputs and options
 * of the wrong shape. Each `@ts-expect-error` is a call that must not compile.
 */
import {
  createFormatManager,
  FormatManager,
  type FormattedContext,
  type MemorySetInput,
  type MemorySetSchema,
  type RuleSetInput,
  type RuleSetSchema,
  type SessionCandidatesSchema,
  type SessionContextSchema,
} from "contextfmt";
import {
  type BuiltinFormats,
  CLAUDE_DEFAULT_TEMPLATE,
  defineAdapter,
  defineTemplateAdapter,
  type FormatAdapter,
  type ProjectBlocksInputSchema,
} from "contextfmt/adapters";
import { describe, expectTypeOf, it } from "vitest";
import { z } from "zod";
import type * as zm from "zod/mini";

const rules: RuleSetInput["rules"] = [
  { name: "atomic_commits", rule: "Atomic commits", category: "behavior", authority: "absolute" },
];

const bullets = defineAdapter({
  id: "bullets",
  formatType: "plain",
  capabilities: {
    toolName: "any",
    formatType: "plain",
    maxContextTokens: 8000,
    supportsSections: false,
    supportsMarkdown: false,
    supportsPriorities: true,
    injectionMethod: "api",
  },
  input: z.object({ notes: z.array(z.string()) }),
  options: z.object({ prefix: z.string().optional() }),
  items: (input) =>
    input.notes.map((note, i) => ({
      id: `n${i}`,
      path: `notes[${i}]`,
      value: note,
      required: false,
      priority: 0,
    })),
  renderItem: (note) => `- ${note}\n`,
  render: ({ included, item }) => ({
    content: included.map((note, i) => item(note, i + 1)).join(""),
  }),
  validate: () => {},
});

describe("format knows the built-in ids and their inputs", () => {
  const manager = new FormatManager();

  it("takes each built-in id with its own input", () => {
    expectTypeOf(manager.format("claude", { rules })).toEqualTypeOf<FormattedContext>();
    manager.format("codex", { rules, project: { name: "Atlas" } }, { now: "2025-10-04T20:00:00Z" });
    manager.format(
      "xml-memory",
      { memories: [{ id: "m1", content: "x" }] },
      { nonce: "n0nce-7f3a9c2e" },
    );
    manager.format("session-brief", { candidates: [] }, { maxCandidates: 3, budget: 200 });
    manager.format("project", { projects: [] }, { minRoom: 10 });
  });

  it("rejects an unknown id, a wrong input, an unknown option", () => {
    // @ts-expect-error: "cluade" is not a registered id
    manager.format("cluade", { rules });
    // @ts-expect-error: claude takes { rules }, not { rule }
    manager.format("claude", { rule: [] });
    const always = { name: "a", rule: "b", category: "c", authority: "always" } as const;
    // @ts-expect-error: an authority is "absolute" or "default"
    manager.format("claude", { rules: [always] });
    // @ts-expect-error: memories need an id
    manager.format("xml-memory", { memories: [{ content: "x" }] });
    // @ts-expect-error: a misspelt common option
    manager.format("claude", { rules }, { budjet: 100 });
    // @ts-expect-error: nonce is xml-memory's option, not claude's
    manager.format("claude", { rules }, { nonce: "n0nce-7f3a9c2e" });
    // @ts-expect-error: get knows the ids too
    manager.get("cluade");
  });

  it("formatAll takes the input of any registered format", () => {
    manager.formatAll({ rules }, { now: "2025-10-04T20:00:00Z", nonce: "n0nce-7f3a9c2e" });
    // @ts-expect-error: no format takes { notes }
    manager.formatAll({ notes: ["a"] });
  });

  it("input that was not checked goes through an id typed string, and is checked when it runs", () => {
    const data: unknown = JSON.parse('{"rules":[]}');
    const id: string = "claude";
    manager.format(id, data);
    manager.format<string>("claude", data);
    // @ts-expect-error: unknown data for a known id
    manager.format("claude", data);
  });
});

describe("register adds the adapter's id and input", () => {
  it("a defineAdapter adapter: its literal id, its schema's input and options", () => {
    const manager = new FormatManager().register(bullets);
    manager.format("bullets", { notes: ["a"] }, { prefix: "* ", budget: 50 });
    manager.format("claude", { rules });
    // @ts-expect-error: bullets takes { notes: string[] }
    manager.format("bullets", { notes: [1] });
    // @ts-expect-error: bullets has no option "suffix"
    manager.format("bullets", { notes: [] }, { suffix: "." });
  });

  it("a template adapter under its name", () => {
    const team = defineTemplateAdapter({ ...CLAUDE_DEFAULT_TEMPLATE, name: "team" });
    const manager = new FormatManager().register(team);
    manager.format("team", { rules, project: { name: "Atlas" } });
    // @ts-expect-error: a template takes a rule set
    manager.format("team", { memories: [] });
    // A template whose name the compiler does not know: any id, checked when it runs.
    const loose = new FormatManager().register(defineTemplateAdapter(CLAUDE_DEFAULT_TEMPLATE));
    loose.format("claude_default", { rules });
  });

  it("an adapter typed only FormatAdapter: any id and input, checked when they run", () => {
    const untyped: FormatAdapter = bullets as FormatAdapter;
    const manager = new FormatManager().register(untyped);
    manager.format("whatever", 42);
    manager.format("claude", { rules });
  });

  it("a manager of some adapters knows only those", () => {
    const only = createFormatManager([bullets]);
    only.format("bullets", { notes: [] });
    // @ts-expect-error: claude is not registered here
    only.format("claude", { rules });
  });

  it("a manager with more adapters still passes where a FormatManager is expected", () => {
    const takes = (manager: FormatManager) => manager.list();
    takes(new FormatManager().register(bullets));
  });
});

describe("BuiltinFormats says what each format's schemas take", () => {
  it("inputs", () => {
    expectTypeOf<BuiltinFormats["claude"]["input"]>().toEqualTypeOf<
      zm.input<typeof RuleSetSchema>
    >();
    expectTypeOf<BuiltinFormats["xml-memory"]["input"]>().toEqualTypeOf<MemorySetInput>();
    expectTypeOf<BuiltinFormats["xml-memory"]["input"]>().toEqualTypeOf<
      zm.input<typeof MemorySetSchema>
    >();
    expectTypeOf<BuiltinFormats["session-full"]["input"]>().toEqualTypeOf<
      zm.input<typeof SessionContextSchema>
    >();
    expectTypeOf<BuiltinFormats["session-brief"]["input"]>().toEqualTypeOf<
      zm.input<typeof SessionCandidatesSchema>
    >();
    expectTypeOf<BuiltinFormats["project"]["input"]>().toEqualTypeOf<
      zm.input<typeof ProjectBlocksInputSchema>
    >();
  });
});
