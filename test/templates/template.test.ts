import { FormatManager, InvalidInputError } from "contextfmt";
import {
  CLAUDE_DEFAULT_TEMPLATE,
  type ContextTemplate,
  defineTemplateAdapter,
  renderTemplate,
  selectTemplate,
  templateVariables,
} from "contextfmt/adapters";
import { describe, expect, it } from "vitest";
import { SEED_NOW, seedRuleSet } from "../fixtures/rules.js";

const golden = (name: string) => new URL(`../golden/${name}`, import.meta.url).pathname;

describe("renderTemplate", () => {
  it("substitutes {variables} and keeps {{ }} as literal braces", () => {
    expect(renderTemplate("# {project_name} {{x}}\n", { project_name: "Atlas" })).toBe(
      "# Atlas {x}\n",
    );
    expect(templateVariables("{a} {b} {a} {{c}}")).toEqual(["a", "b"]);
  });

  it("names an unknown variable and the known ones", () => {
    expect(() => renderTemplate("{project_nam}", { project_name: "A", timestamp: "t" })).toThrow(
      "template: unknown variable {project_nam}; known variables: {project_name}, {timestamp}",
    );
  });

  it("takes no variables as none: plain text as it is, a placeholder an unknown variable", () => {
    expect(renderTemplate("plain {{text}}", undefined as never)).toBe("plain {text}");
    expect(() => renderTemplate("{x}", undefined as never)).toThrow(
      "template: unknown variable {x}; known variables: ",
    );
  });
});

describe("defineTemplateAdapter", () => {
  it("renders the original design's Claude template", async () => {
    const manager = new FormatManager().register(defineTemplateAdapter(CLAUDE_DEFAULT_TEMPLATE));
    const result = manager.format("claude_default", seedRuleSet, { now: SEED_NOW });
    expect(
      result.content.startsWith(
        "# Atlas Memory Rules\n\n**Generated:** 2025-10-04T20:00:00.000Z\n**Project:** atlas\n",
      ),
    ).toBe(true);
    expect(result.content.endsWith("\n---\n*6 rules loaded from memory system.*\n")).toBe(true);
    await expect(result.content).toMatchFileSnapshot(golden("templates/claude_default.md"));
  });

  it("checks templates up front: an unknown variable throws InvalidInputError with the part's path", () => {
    const bad: ContextTemplate = { ...CLAUDE_DEFAULT_TEMPLATE, ruleTemplate: "- {rule_title}\n" };
    expect(() => defineTemplateAdapter(bad)).toThrow(InvalidInputError);
    expect(() => defineTemplateAdapter(bad)).toThrow(
      /^template\.ruleTemplate: unknown variable \{rule_title\}; known variables: \{project_name\}/,
    );
    const ruleOnlyInHeader: ContextTemplate = {
      ...CLAUDE_DEFAULT_TEMPLATE,
      headerTemplate: "{rule_name}",
    };
    expect(() => defineTemplateAdapter(ruleOnlyInHeader)).toThrow(
      /template\.headerTemplate: unknown variable \{rule_name\}/,
    );
  });

  it("adds a line break to rule blocks that lack one", () => {
    const oneLine: ContextTemplate = {
      ...CLAUDE_DEFAULT_TEMPLATE,
      name: "one_line",
      headerTemplate: "",
      footerTemplate: "",
      ruleTemplate: "{number}. {rule_name}",
    };
    const manager = new FormatManager().register(defineTemplateAdapter(oneLine, { id: "short" }));
    const result = manager.format("short", seedRuleSet);
    expect(result.content.split("\n").slice(0, 3)).toEqual([
      "1. atomic\\_commits".replace("\\_", "_"),
      "2. test_driven_development",
      "3. python_package_manager",
    ]);
  });
});

describe("selectTemplate", () => {
  const custom: ContextTemplate = { ...CLAUDE_DEFAULT_TEMPLATE, name: "team" };
  const perProject: ContextTemplate = {
    ...CLAUDE_DEFAULT_TEMPLATE,
    name: "atlas",
    projectId: "atlas",
  };

  it("prefers the project's template, then a custom one, then the default", () => {
    const templates = [custom, perProject];
    expect(selectTemplate("claude", { projectId: "atlas", templates })?.name).toBe("atlas");
    expect(selectTemplate("claude", { projectId: "other", templates })?.name).toBe("team");
    expect(selectTemplate("claude")?.name).toBe("claude_default");
    expect(selectTemplate("codex", { templates })?.name).toBe("codex_default");
    expect(selectTemplate("cursor")).toBeUndefined();
  });
});
