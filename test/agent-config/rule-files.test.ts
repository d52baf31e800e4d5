/**
 * The rule-file formats: each reads its frontmatter's condition by meaning, writes it back its
 * own way, and `parse(render(rule))` is the rule for every condition the format can say.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  expandedForList,
  globList,
  type RuleApplies,
  type RuleFile,
} from "../../src/agent-config/rule-files/rule-file.js";
import {
  convertRuleFile,
  RULE_FILE_FORMATS,
} from "../../src/agent-config/rule-files/rule-file-formats.js";

const parse = (format: string, text: string) =>
  (RULE_FILE_FORMATS[format] ?? RULE_FILE_FORMATS.claude)?.parse(text, { name: "r" }).rule.applies;

describe("each format's condition, by meaning", () => {
  it.each([
    ["claude", "Body.\n", { when: "always" }],
    [
      "claude",
      "---\npaths:\n  - src/**\n  - lib/*.ts\n---\nBody.\n",
      { when: "files", globs: ["src/**", "lib/*.ts"] },
    ],
    [
      "claude",
      "---\npaths: src/**, lib/**\n---\nBody.\n",
      { when: "files", globs: ["src/**", "lib/**"] },
    ],
    ["cline", "---\npaths: []\n---\nBody.\n", { when: "always" }],
    ["cursor", "---\nalwaysApply: true\nglobs: x/**\n---\nBody.\n", { when: "always" }],
    [
      "cursor",
      "---\nglobs: **/*.py,tests/**\nalwaysApply: false\n---\nBody.\n",
      { when: "files", globs: ["**/*.py", "tests/**"] },
    ],
    [
      "cursor",
      "---\ndescription: When migrating\nalwaysApply: false\n---\nBody.\n",
      { when: "asked" },
    ],
    ["cursor", "---\nalwaysApply: false\n---\nBody.\n", { when: "manual" }],
    ["copilot", '---\napplyTo: "**"\n---\nBody.\n', { when: "always" }],
    [
      "copilot",
      '---\napplyTo: "src/**/*.{ts,tsx}, docs/**"\n---\nBody.\n',
      { when: "files", globs: ["src/**/*.{ts,tsx}", "docs/**"] },
    ],
    ["copilot", "---\ndescription: Docs\n---\nBody.\n", { when: "manual" }],
    ["windsurf", "---\ntrigger: always_on\n---\nBody.\n", { when: "always" }],
    [
      "windsurf",
      "---\ntrigger: glob\nglobs: src/**/*.ts, docs/**\n---\nBody.\n",
      { when: "files", globs: ["src/**/*.ts", "docs/**"] },
    ],
    ["windsurf", "---\ntrigger: model_decision\ndescription: DB\n---\nBody.\n", { when: "asked" }],
    ["windsurf", "---\ntrigger: manual\n---\nBody.\n", { when: "manual" }],
    // Windsurf leaves a rule without a trigger out of every start.
    ["windsurf", "Body.\n", { when: "manual" }],
    ["antigravity", "---\ntrigger: always_on\n---\nBody.\n", { when: "always" }],
    ["kiro", "Body.\n", { when: "always" }],
    ["kiro", "---\ninclusion: always\n---\nBody.\n", { when: "always" }],
    [
      "kiro",
      '---\ninclusion: fileMatch\nfileMatchPattern: "components/**/*.tsx"\n---\nBody.\n',
      { when: "files", globs: ["components/**/*.tsx"] },
    ],
    [
      "kiro",
      "---\ninclusion: fileMatch\nfileMatchPattern:\n  - a/**\n  - b/**\n---\nBody.\n",
      { when: "files", globs: ["a/**", "b/**"] },
    ],
    ["kiro", "---\ninclusion: auto\ndescription: API work\n---\nBody.\n", { when: "asked" }],
    ["kiro", "---\ninclusion: manual\n---\nBody.\n", { when: "manual" }],
    // Roo Code and Amazon Q read no frontmatter: every file, whole, at every start.
    ["roo", "---\nglobs: x/**\n---\nBody.\n", { when: "always" }],
    ["amazonq", "Body.\n", { when: "always" }],
    ["firebender", "---\nalwaysApply: true\n---\nBody.\n", { when: "always" }],
  ] as [string, string, RuleApplies][])("%s %j", (format, text, applies) => {
    expect(parse(format, text)).toEqual(applies);
  });

  it("a frontmatter that cannot be read is a parse error naming the format", () => {
    expect(() => parse("cursor", "---\nglobs: [\n")).toThrow(/cursor rule mdc/);
  });
});

describe("written the target's way", () => {
  it("Cursor's globs into Claude Code's paths, the description and other keys kept", () => {
    const text =
      "---\ndescription: Python tests\nglobs: tests/**/*.py\nalwaysApply: false\nowner: qa\n---\nUse fixtures.\n";
    expect(convertRuleFile(text, { from: "cursor", to: "claude", name: "t" })).toMatchObject({
      content:
        "---\ndescription: Python tests\npaths:\n  - tests/**/*.py\nowner: qa\n---\nUse fixtures.\n",
      warnings: [],
    });
  });

  it("a brace with commas is expanded for a comma-separated list; nested ones are said", () => {
    expect(expandedForList("src/{a,b}/*.{ts,tsx}")).toEqual([
      "src/a/*.ts",
      "src/a/*.tsx",
      "src/b/*.ts",
      "src/b/*.tsx",
    ]);
    expect(expandedForList("src/{a,{b,c}}")).toBeUndefined();
    const nested = convertRuleFile('---\npaths:\n  - "x/{a,{b,c}}"\n---\nB\n', {
      from: "claude",
      to: "copilot",
      name: "n",
    });
    expect(nested.warnings).toEqual([
      {
        code: "lossy_conversion",
        severity: "warning",
        path: "n.applyTo",
        message: 'n: the glob "x/{a,{b,c}}" holds commas a comma-separated applyTo splits at',
      },
    ]);
  });

  it("a condition the format cannot say is written as always, and said", () => {
    const asked = convertRuleFile("---\ndescription: On migrations\n---\nB\n", {
      from: "cursor",
      to: "claude",
      name: "m",
    });
    expect(asked.content).toBe("---\ndescription: On migrations\n---\nB\n");
    expect(asked.warnings.map((issue) => issue.message)).toEqual([
      "m: Claude Code has no rule loaded when the model asks for it by its description; written as loaded at the start of every session",
    ]);
  });

  it("a source key that is the target's own condition key is dropped, and said", () => {
    const stray = "---\nglobs: src/**\npaths: docs/**\n---\nB\n";
    const converted = convertRuleFile(stray, { from: "cursor", to: "claude", name: "s" });
    expect(converted.content).toBe("---\npaths:\n  - src/**\n---\nB\n");
    expect(converted.warnings.map((issue) => issue.message)).toEqual([
      's: "paths" decides when Claude Code loads a rule; the source\'s dropped',
    ]);
  });

  it("a Cursor rule for matching files becomes a Windsurf glob rule and a Kiro fileMatch one", () => {
    const text =
      "---\ndescription: Tests\nglobs: tests/**\nalwaysApply: false\n---\nUse fixtures.\n";
    expect(convertRuleFile(text, { from: "cursor", to: "windsurf", name: "t" }).content).toBe(
      "---\ntrigger: glob\ndescription: Tests\nglobs: tests/**\n---\nUse fixtures.\n",
    );
    expect(convertRuleFile(text, { from: "cursor", to: "kiro", name: "t" }).content).toBe(
      "---\ninclusion: fileMatch\nfileMatchPattern: tests/**\ndescription: Tests\n---\nUse fixtures.\n",
    );
  });

  it("into a folder that reads no frontmatter, the rule's body alone, and what it loses said", () => {
    const text = "---\ndescription: Style\nalwaysApply: true\nowner: qa\n---\nTwo spaces.\n";
    const converted = convertRuleFile(text, { from: "cursor", to: "roo", name: "s" });
    expect(converted.content).toBe("Two spaces.\n");
    expect(converted.warnings.map((issue) => issue.message)).toEqual([
      "s: Roo Code reads no frontmatter; dropped",
      's: Roo Code reads no frontmatter; "owner" dropped',
    ]);
  });

  it("globList splits only at commas outside braces", () => {
    expect(globList(" a/{b,c} ,, d ")).toEqual(["a/{b,c}", "d"]);
  });
});

describe("parse(render(rule)) is the rule, for each condition the format says", () => {
  const glob = fc
    .array(fc.constantFrom("src", "lib", "*", "**", "a-b", "x.ts", "{a,b}", "test_1"), {
      minLength: 1,
      maxLength: 4,
    })
    .map((parts) => parts.join("/"));
  const applies: fc.Arbitrary<RuleApplies> = fc.oneof(
    fc.constant({ when: "always" as const }),
    fc
      .array(glob, { minLength: 1, maxLength: 3 })
      .map((globs) => ({ when: "files" as const, globs })),
    fc.constant({ when: "asked" as const }),
    fc.constant({ when: "manual" as const }),
  );
  const body = fc.string({ maxLength: 200 }).filter((text) => !text.startsWith("---"));
  for (const [id, codec] of Object.entries(RULE_FILE_FORMATS)) {
    it(id, () => {
      fc.assert(
        fc.property(
          applies,
          body,
          fc.option(
            fc.string({ minLength: 1, maxLength: 40 }).filter((t) => t.trim() !== ""),
            { nil: undefined },
          ),
          (when, text, description) => {
            fc.pre(codec.expresses.includes(when.when));
            // Cursor says "asked" by a description, and reads one without globs as asked.
            // (Firebender's rules are Cursor's format.)
            const mdc = id === "cursor" || id === "firebender";
            if (mdc && when.when === "asked") fc.pre(description !== undefined);
            if (mdc && when.when === "manual") fc.pre(description === undefined);
            // Roo Code and Amazon Q read no frontmatter: the description is dropped, and said.
            const plain = id === "roo" || id === "amazonq";
            const rule: RuleFile = {
              name: "r",
              applies: when,
              body: text,
              ...(description !== undefined ? { description } : {}),
            };
            const rendered = codec.render(rule);
            const back = codec.parse(rendered.content, { name: "r" }).rule;
            // Copilot's `**` is every file: loaded always, as it reads it.
            const everyFile =
              id === "copilot" &&
              when.when === "files" &&
              when.globs.some((each) => each === "**" || each === "**/*");
            const expected = everyFile
              ? { when: "always" }
              : when.when === "files" &&
                  rendered.warnings.length === 0 &&
                  id !== "claude" &&
                  id !== "cline" &&
                  id !== "kiro"
                ? {
                    when: "files",
                    globs: when.globs.flatMap((each) => expandedForList(each) ?? [each]),
                  }
                : when;
            expect(back.applies).toEqual(expected);
            expect(back.body).toBe(text);
            expect(back.description).toBe(plain ? undefined : description);
            if (plain) expect(rendered.warnings.length).toBe(description === undefined ? 0 : 1);
          },
        ),
      );
    });
  }
});
