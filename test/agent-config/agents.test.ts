import { InvalidInputError } from "contextfmt";
import {
  AGENT_FORMATS,
  type Agent,
  ConfigParseError,
  convertAgent,
  parseAgent,
  renderAgent,
} from "contextfmt/agent-config";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AGENTS } from "./arbitraries.js";

const reviewer = [
  "---",
  "name: code-reviewer",
  "description: Reviews staged changes",
  "tools: Read, Grep, Bash(git diff:*)",
  "model: sonnet",
  "color: blue",
  "---",
  "",
  "You review.\r\n  Indented line\n\n",
].join("\n");

describe("claude agents", () => {
  it("reads name, description, tools (a comma list or a YAML list), model, and keeps other keys", () => {
    const { agent } = parseAgent("claude", reviewer);
    expect(agent).toEqual({
      name: "code-reviewer",
      description: "Reviews staged changes",
      prompt: "\nYou review.\r\n  Indented line\n\n",
      tools: ["Read", "Grep", "Bash(git diff:*)"],
      model: "sonnet",
      extra: { claude: { color: "blue" } },
    });
    const list = "---\nname: a\ndescription: d\ntools:\n  - Read\n  - Grep\n---\nx";
    expect(parseAgent("claude", list).agent.tools).toEqual(["Read", "Grep"]);
  });

  it("writes the file back byte for byte", () => {
    const { agent } = parseAgent("claude", reviewer);
    expect(renderAgent("claude", agent)).toEqual({ content: reviewer, warnings: [] });
  });

  it("takes the name from the file name when the frontmatter has none", () => {
    const text = "---\ndescription: d\n---\nx";
    expect(parseAgent("claude", text, { name: "from-path" }).agent.name).toBe("from-path");
  });

  it("a missing description or a bad maxTurns is a ConfigParseError naming the key", () => {
    expect(() => parseAgent("claude", "---\nname: a\n---\nx")).toThrow(
      "claude agent markdown, description: an agent needs a description",
    );
    expect(() => parseAgent("claude", "---\nname: a\ndescription: d\nmaxTurns: 0\n---\n")).toThrow(
      ConfigParseError,
    );
  });
});

describe("gemini agents", () => {
  it("translates tool names both ways, MCP tools included", () => {
    const text =
      "---\nname: a\ndescription: d\ntools: [read_file, run_shell_command, mcp_github_get_issue, mcp_docs_*, save_memory]\n---\nx";
    const { agent } = parseAgent("gemini", text);
    expect(agent.tools).toEqual([
      "Read",
      "Bash",
      "mcp__github__get_issue",
      "mcp__docs",
      "save_memory",
    ]);
    const back = renderAgent("gemini", agent).content;
    expect(parseAgent("gemini", back).agent).toEqual(agent);
    expect(back).toContain("  - mcp_github_get_issue\n  - mcp_docs_*\n  - save_memory\n");
  });

  it("reports a Claude tool rule it cannot write, rather than widening it to the whole tool", () => {
    const { content, warnings } = convertAgent(reviewer, { from: "claude", to: "gemini" });
    expect(content).toContain("tools:\n  - read_file\n  - grep_search\n---\n");
    expect(content).not.toContain("run_shell_command");
    expect(warnings.map((w) => w.path)).toEqual([
      "code-reviewer.tools",
      "code-reviewer.model",
      "code-reviewer.color",
    ]);
    expect(warnings[0]?.message).toContain('"Bash(git diff:*)" dropped');
  });

  it("writes only the keys Gemini CLI accepts; it refuses a file with any other", () => {
    const text = "---\nname: a\ndescription: d\ntemperature: 0.2\nhue: red\n---\nx";
    const { content, warnings } = convertAgent(text, { from: "gemini", to: "gemini" });
    expect(content).toBe("---\nname: a\ndescription: d\ntemperature: 0.2\n---\nx");
    expect(warnings).toEqual([
      expect.objectContaining({ code: "lossy_conversion", path: "a.hue" }),
    ]);
  });

  it("writes a name Gemini accepts (a slug) and says so", () => {
    const agent: Agent = { name: "Code Reviewer", description: "d", prompt: "x" };
    const { content, warnings } = renderAgent("gemini", agent);
    expect(content).toContain("name: code-reviewer\n");
    expect(warnings[0]).toMatchObject({ code: "lossy_conversion", path: "Code Reviewer.name" });
  });

  it("a remote (A2A) agent is a ConfigParseError", () => {
    const text = "---\nkind: remote\nname: a\nagent_card_url: https://a.example/card\n---\n";
    expect(() => parseAgent("gemini", text)).toThrow("gemini agent markdown, kind:");
  });
});

describe("codex agents", () => {
  const toml = [
    'name = "explorer"',
    'description = "Maps the code"',
    'model = "gpt-5-codex"',
    'sandbox_mode = "read-only"',
    'developer_instructions = """',
    'Never edit files.\\n"Quoted"\t',
    '"""',
    "",
    "[mcp_servers.docs]",
    'url = "https://example.com/mcp"',
    "",
  ].join("\n");

  it("reads developer_instructions as the prompt and keeps Codex's other keys", () => {
    expect(parseAgent("codex", toml).agent).toEqual({
      name: "explorer",
      description: "Maps the code",
      prompt: 'Never edit files.\n"Quoted"\t\n',
      model: "gpt-5-codex",
      extra: {
        codex: {
          sandbox_mode: "read-only",
          mcp_servers: { docs: { url: "https://example.com/mcp" } },
        },
      },
    });
  });

  it("writes plain keys before developer_instructions and tables after it", () => {
    const { content } = convertAgent(toml, { from: "codex", to: "codex" });
    expect(content).toBe(
      [
        'name = "explorer"',
        'description = "Maps the code"',
        'model = "gpt-5-codex"',
        'sandbox_mode = "read-only"',
        'developer_instructions = """',
        'Never edit files.\n"Quoted"\t',
        '"""',
        "",
        "[mcp_servers.docs]",
        'url = "https://example.com/mcp"',
        "",
      ].join("\n"),
    );
  });

  it("reports what Codex agents cannot hold: a tool list, a turn limit, another vendor's model", () => {
    const agent: Agent = {
      name: "a",
      description: "d",
      prompt: "x",
      tools: ["Read"],
      maxTurns: 3,
      model: "opus",
    };
    const { content, warnings } = renderAgent("codex", agent);
    expect(content).toBe('name = "a"\ndescription = "d"\ndeveloper_instructions = """\nx"""\n');
    expect(warnings.map((w) => w.path)).toEqual(["a.tools", "a.maxTurns", "a.model"]);
  });

  it("keeps a model of no known vendor and drops inherit, which Codex has no word for", () => {
    const base = { name: "a", description: "d", prompt: "x" };
    expect(renderAgent("codex", { ...base, model: "my-local-model" }).content).toContain(
      'model = "my-local-model"',
    );
    expect(renderAgent("codex", { ...base, model: "inherit" })).toEqual({
      content: 'name = "a"\ndescription = "d"\ndeveloper_instructions = """\nx"""\n',
      warnings: [],
    });
  });

  it("a blank prompt is reported: Codex would refuse the file", () => {
    const { warnings } = renderAgent("codex", { name: "a", description: "d", prompt: "\n" });
    expect(warnings).toEqual([
      expect.objectContaining({ code: "lossy_conversion", path: "a.developer_instructions" }),
    ]);
  });

  it("no developer_instructions is a ConfigParseError", () => {
    expect(() => parseAgent("codex", 'name = "a"\ndescription = "d"\n')).toThrow(
      "codex agent TOML, developer_instructions: an agent needs a developer_instructions",
    );
  });
});

describe("bad arguments", () => {
  it("renderAgent checks the agent; an unknown format names the option and the formats", () => {
    expect(() => renderAgent("claude", { name: "a" } as never)).toThrow(InvalidInputError);
    expect(() => convertAgent("x", { from: "claude", to: "acme" })).toThrow(
      'to: expected "claude" | "gemini" | "codex" | "copilot" | "qwen" | "opencode" | "cursor" | "cline", received "acme"',
    );
  });
});

// parse(render(agent)) equals agent for every field a format holds.
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const compact = <T extends Record<string, unknown>>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
const body = fc.string({ unit: "grapheme", maxLength: 120 });
const line = fc
  .string({ unit: "grapheme", minLength: 1, maxLength: 40 })
  .filter((s) => s.trim() !== "");
const slug = fc.stringMatching(/^[a-z][a-z0-9_-]{0,15}$/);
const turns = fc.integer({ min: 1, max: 500 });

const ARBITRARIES: Record<(typeof AGENT_FORMATS)[number], fc.Arbitrary<Agent>> = {
  claude: fc
    .record({
      name: slug,
      description: line,
      prompt: body,
      tools: optional(
        fc.array(
          fc.oneof(
            fc.constantFrom("Read", "Grep", "Edit", "WebFetch", "mcp__github__get_issue"),
            fc.stringMatching(/^Bash\([a-z :*]{1,12}\)$/),
          ),
          { maxLength: 4 },
        ),
      ),
      model: optional(fc.constantFrom("sonnet", "opus", "inherit", "claude-opus-4-1")),
      maxTurns: optional(turns),
      extra: optional(
        fc
          .dictionary(
            fc.constantFrom("color", "permissionMode", "skills"),
            fc.oneof(line, fc.boolean()),
            {
              minKeys: 1,
            },
          )
          .map((keys) => ({ claude: keys })),
      ),
    })
    .map(compact),
  gemini: fc
    .record({
      name: slug,
      description: line,
      prompt: body,
      tools: optional(
        fc.array(
          fc.constantFrom(
            "Read",
            "Bash",
            "Grep",
            "mcp__github__get_issue",
            "mcp__docs",
            "save_memory",
          ),
          {
            maxLength: 4,
          },
        ),
      ),
      model: optional(fc.constantFrom("gemini-2.5-pro", "inherit")),
      maxTurns: optional(turns),
      extra: optional(
        fc
          .record(
            {
              temperature: optional(fc.double({ min: 0, max: 2, noNaN: true })),
              timeout_mins: optional(turns),
            },
            { requiredKeys: [] },
          )
          .map(compact)
          .filter((keys) => Object.keys(keys).length > 0)
          .map((keys) => ({ gemini: keys })),
      ),
    })
    .map(compact),
  codex: fc
    .record({
      name: line.map((s) => s.trim()),
      description: line,
      prompt: body.filter((s) => s.trim() !== ""),
      model: optional(fc.constantFrom("gpt-5-codex", "o3")),
      extra: optional(
        fc
          .record(
            {
              model_reasoning_effort: optional(fc.constantFrom("low", "high")),
              nickname_candidates: optional(
                fc.array(fc.stringMatching(/^[A-Za-z]{1,8}$/), { minLength: 1 }),
              ),
              mcp_servers: optional(fc.constant({ docs: { url: "https://example.com/mcp" } })),
            },
            { requiredKeys: [] },
          )
          .map(compact)
          .filter((keys) => Object.keys(keys).length > 0)
          .map((keys) => ({ codex: keys })),
      ),
    })
    .map(compact),
  copilot: AGENTS.copilot,
  qwen: AGENTS.qwen,
  opencode: AGENTS.opencode,
  cursor: AGENTS.cursor,
  cline: AGENTS.cline,
};

describe("agents: parse(render(agent)) equals agent; the prompt is kept byte for byte", () => {
  for (const format of AGENT_FORMATS) {
    it(format, () => {
      fc.assert(
        fc.property(ARBITRARIES[format], (agent) => {
          const { content, warnings } = renderAgent(format, agent);
          expect(warnings).toEqual([]);
          // OpenCode names an agent by its file, so the name comes from the path.
          expect(parseAgent(format, content, { name: agent.name }).agent).toEqual(agent);
        }),
      );
    });
  }

  it("every conversion keeps the prompt byte for byte", () => {
    fc.assert(
      fc.property(
        ARBITRARIES.claude,
        fc.constantFrom(...AGENT_FORMATS),
        fc.constantFrom(...AGENT_FORMATS),
        (agent, via, to) => {
          const first = renderAgent("claude", agent).content;
          // Codex refuses an agent without instructions.
          if ((via === "codex" || to === "codex") && agent.prompt.trim() === "") return;
          const middle = convertAgent(first, { from: "claude", to: via }).content;
          const last = convertAgent(middle, { from: via, to, name: agent.name }).content;
          expect(parseAgent(to, last, { name: agent.name }).agent.prompt).toBe(agent.prompt);
        },
      ),
    );
  });
});
