/**
 * One rule for an agent's model, whatever the target: each codec × model below is kept (as
 * written, or spelled as the target names models), written as `inherit`, left out silently
 * (`inherit` where the file has no such word), or dropped with exactly one warning naming the
 * agent, the model and the target. A codec missing from the table fails the test, so a new
 * codec cannot differ without saying so here.
 */
import { type Agent, builtinAgentConfigFormats, renderAgent } from "contextfmt/agent-config";
import { describe, expect, it } from "vitest";

const MODELS = [
  "sonnet",
  "opus",
  "claude-sonnet-4-5",
  "gpt-5-codex",
  "gemini-2.5-pro",
  "inherit",
  "qwen3-coder",
] as const;
type Model = (typeof MODELS)[number];

/** `keep`: written as the source named it; `omit`: left out, nothing said; `drop`: left out, warned. */
type Outcome = "keep" | "omit" | "drop" | { readonly written: string };

const K = "keep";
const O = "omit";
const D = "drop";
const TABLE: Record<string, { readonly tool: string; readonly row: readonly Outcome[] }> = {
  //                                sonnet opus claude-…  gpt-…  gemini-…  inherit qwen3-coder
  claude: { tool: "Claude Code", row: [K, K, K, D, D, K, D] },
  gemini: { tool: "Gemini CLI", row: [D, D, D, D, K, K, D] },
  codex: { tool: "Codex", row: [D, D, D, K, D, O, D] },
  copilot: { tool: "Copilot CLI", row: [D, D, K, K, K, O, D] },
  qwen: { tool: "Qwen Code", row: [D, D, K, K, K, K, K] },
  opencode: {
    tool: "OpenCode",
    row: [
      D,
      D,
      { written: "anthropic/claude-sonnet-4-5" },
      { written: "openai/gpt-5-codex" },
      { written: "google/gemini-2.5-pro" },
      O,
      D,
    ],
  },
  cursor: { tool: "Cursor", row: [D, D, K, K, K, K, D] },
  cline: { tool: "Cline", row: [D, D, K, K, K, O, K] },
};

const agent = (model: string): Agent => ({
  name: "reviewer",
  description: "Reviews diffs",
  prompt: "You review.\n",
  model,
});

/** The model line a rendered file holds, in any codec's syntax (`model: x`, `model = "x"`, Cline's `modelId: x`). */
function writtenModel(content: string): string | undefined {
  const line = /^model(?:Id)?(?:: | = )"?([^"\n]*)"?$/m.exec(content);
  return line?.[1];
}

const codecs = builtinAgentConfigFormats.filter((format) => format.kind === "agent");

describe("an agent's model is handled by one rule for every target", () => {
  it("the table covers every agent codec", () => {
    expect(Object.keys(TABLE).sort()).toEqual(codecs.map((codec) => codec.id).sort());
  });

  for (const codec of codecs) {
    const entry = TABLE[codec.id];
    MODELS.forEach((model: Model, column) => {
      const outcome = entry?.row[column];
      it(`${codec.id} × ${model}: ${typeof outcome === "string" ? outcome : `written as ${outcome?.written}`}`, () => {
        const { content, warnings } = renderAgent(codec.id, agent(model));
        const said = warnings.filter((w) => w.path === "reviewer.model");
        const lost = said.filter((w) => w.severity !== "info");
        if (outcome === "keep") {
          expect(writtenModel(content)).toBe(model);
          expect(said).toEqual([]);
        } else if (outcome === "omit") {
          expect(writtenModel(content)).toBeUndefined();
          expect(said).toEqual([]);
        } else if (outcome === "drop") {
          expect(writtenModel(content)).toBeUndefined();
          expect(lost).toHaveLength(1);
          expect(lost[0]).toMatchObject({ code: "lossy_conversion", severity: "warning" });
          expect(lost[0]?.message).toMatch(new RegExp(`^reviewer: .*"${model}".*${entry?.tool}`));
          expect(lost[0]?.message).toMatch(/; dropped \(the session's model is used\)$/);
        } else {
          expect(writtenModel(content)).toBe(outcome?.written);
          expect(lost).toEqual([]);
        }
      });
    });
  }
});

describe("the rule's edges", () => {
  it("a provider's prefix names the same model: stripped for a target that names bare ids", () => {
    const { content, warnings } = renderAgent("claude", agent("anthropic/claude-sonnet-4-5"));
    expect(writtenModel(content)).toBe("claude-sonnet-4-5");
    expect(warnings).toEqual([
      expect.objectContaining({ severity: "info", path: "reviewer.model" }),
    ]);
    expect(renderAgent("gemini", agent("anthropic/claude-sonnet-4-5")).warnings).toEqual([
      expect.objectContaining({ code: "lossy_conversion", path: "reviewer.model" }),
    ]);
  });

  it("a model of no known vendor is kept as written, except where a provider is needed", () => {
    for (const codec of codecs) {
      const { content, warnings } = renderAgent(codec.id, agent("my-local-model"));
      if (codec.id === "opencode") {
        expect(writtenModel(content)).toBeUndefined();
        expect(warnings).toHaveLength(1);
      } else {
        expect(writtenModel(content), codec.id).toBe("my-local-model");
        expect(warnings, codec.id).toEqual([]);
      }
    }
  });

  it("Claude Code's alias with a context suffix is its alias; Gemini CLI's aliases are its own", () => {
    expect(writtenModel(renderAgent("claude", agent("sonnet[1m]")).content)).toBe("sonnet[1m]");
    expect(renderAgent("cursor", agent("sonnet[1m]")).warnings).toHaveLength(1);
    expect(writtenModel(renderAgent("gemini", agent("flash")).content)).toBe("flash");
    expect(renderAgent("claude", agent("flash")).warnings[0]?.message).toBe(
      `reviewer: "flash" is Gemini CLI's alias, which Claude Code does not resolve; dropped (the session's model is used)`,
    );
  });
});
