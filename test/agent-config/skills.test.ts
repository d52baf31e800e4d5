import { InvalidInputError } from "contextfmt";
import {
  ConfigParseError,
  convertSkill,
  parseSkill,
  renderSkill,
  SKILL_FORMATS,
  type Skill,
} from "contextfmt/agent-config";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const skillMd = [
  "---",
  "name: pdf-forms",
  "description: Fill in PDF forms",
  "license: Apache-2.0",
  "allowed-tools: Read, Bash(python3:*)",
  "---",
  "",
  "# PDF forms\r\n\nRun `scripts/fill.py`.   \n",
].join("\n");

describe("skills", () => {
  it("reads name, description and the body as is; other keys are kept in file order", () => {
    expect(parseSkill("claude", skillMd).skill).toEqual({
      name: "pdf-forms",
      description: "Fill in PDF forms",
      prompt: "\n# PDF forms\r\n\nRun `scripts/fill.py`.   \n",
      extra: { license: "Apache-2.0", "allowed-tools": "Read, Bash(python3:*)" },
    });
  });

  it("Claude Code's own keys are reported and left out for Codex and Gemini CLI; the rest is kept", () => {
    for (const to of ["codex", "gemini"] as const) {
      const { content, warnings } = convertSkill(skillMd, { from: "claude", to });
      expect(content).toBe(skillMd.replace("allowed-tools: Read, Bash(python3:*)\n", ""));
      expect(warnings).toEqual([
        expect.objectContaining({ code: "lossy_conversion", path: "pdf-forms.allowed-tools" }),
      ]);
    }
    expect(convertSkill(skillMd, { from: "claude", to: "claude" })).toMatchObject({
      content: skillMd,
      warnings: [],
    });
  });

  it("the folder name stands in for a missing name; no name at all is a ConfigParseError", () => {
    const text = "---\ndescription: d\n---\nx";
    expect(parseSkill("codex", text, { name: "from-folder" }).skill.name).toBe("from-folder");
    expect(() => parseSkill("codex", text)).toThrow(ConfigParseError);
    expect(() => parseSkill("codex", text)).toThrow("codex SKILL.md, name: a skill needs a name");
  });

  it("a name the tools would refuse is rewritten and reported", () => {
    const { content, warnings } = renderSkill("claude", { name: "Git Commit", prompt: "x" });
    expect(content).toBe("---\nname: git-commit\n---\nx");
    expect(warnings[0]).toMatchObject({ code: "lossy_conversion", path: "Git Commit.name" });
  });

  it("Codex and Gemini CLI skip a skill without a description, so one is derived and said", () => {
    const skill: Skill = { name: "notes", prompt: "\n\nSummarise the notes.\nThen stop.\n" };
    for (const to of ["codex", "gemini"] as const) {
      const { content, warnings } = renderSkill(to, skill);
      expect(content).toBe(
        `---\nname: notes\ndescription: Summarise the notes.\n---\n${skill.prompt}`,
      );
      expect(warnings).toEqual([
        expect.objectContaining({ code: "derived_field", severity: "info" }),
      ]);
    }
    expect(renderSkill("claude", skill).content).toBe(`---\nname: notes\n---\n${skill.prompt}`);
  });

  it("Codex reads at most 1024 characters of a description; longer is cut and reported", () => {
    const { content, warnings } = renderSkill("codex", {
      name: "long",
      description: "d".repeat(1100),
      prompt: "x",
    });
    expect(parseSkill("codex", content).skill.description).toHaveLength(1024);
    expect(warnings[0]).toMatchObject({ code: "lossy_conversion", path: "long.description" });
  });

  it("renderSkill checks the skill; an unknown format names the option and the formats", () => {
    expect(() => renderSkill("claude", { name: "a" } as never)).toThrow(InvalidInputError);
    expect(() => convertSkill("x", { from: "acme", to: "claude" })).toThrow(
      'from: expected "claude" | "codex" | "gemini" | "copilot" | "qwen" | "opencode" | "cursor" | "cline" | "pi" | "continue" | "windsurf" | "roo" | "kiro" | "firebender" | "goose" | "warp", received "acme"',
    );
  });
});

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const compact = <T extends Record<string, unknown>>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

const skills = (withClaudeKeys: boolean, describe: boolean) =>
  fc
    .record({
      name: fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,3}$/),
      description: describe
        ? fc
            .string({ unit: "grapheme", minLength: 1, maxLength: 60 })
            .filter((s) => s.trim() !== "")
        : optional(fc.string({ unit: "grapheme", maxLength: 60 })),
      prompt: fc.string({ unit: "grapheme", maxLength: 120 }),
      extra: optional(
        fc.dictionary(
          fc.constantFrom(
            "license",
            "compatibility",
            ...(withClaudeKeys ? ["allowed-tools", "context", "disable-model-invocation"] : []),
          ),
          fc.oneof(fc.string({ maxLength: 20 }), fc.boolean()),
          { minKeys: 1 },
        ),
      ),
    })
    .map(compact);

describe("skills: parse(render(skill)) equals skill; the body is kept byte for byte", () => {
  for (const format of SKILL_FORMATS) {
    it(format, () => {
      const claude = format === "claude";
      fc.assert(
        fc.property(skills(claude, !claude), (skill) => {
          const { content, warnings } = renderSkill(format, skill);
          expect(warnings).toEqual([]);
          expect(parseSkill(format, content).skill).toEqual(skill);
        }),
      );
    });
  }
});
