import { InvalidInputError } from "contextfmt";
import {
  type Command,
  ConfigParseError,
  convertCommand,
  parseCommand,
  renderCommand,
} from "contextfmt/agent-config";
import { describe, expect, it } from "vitest";

describe("claude commands", () => {
  it("reads argument-hint: [file] [focus], which plain YAML rejects, as Claude Code does", () => {
    const text = "---\nargument-hint: [file] [focus]\ndescription: Review\n---\nReview $0\n";
    const { command } = parseCommand("claude", text, { name: "review" });
    expect(command).toEqual({
      name: "review",
      argumentHint: "[file] [focus]",
      description: "Review",
      prompt: "Review $0",
    });
  });

  it("reads a lone [file] hint as text, not a YAML list", () => {
    const { command } = parseCommand("claude", "---\nargument-hint: [file]\n---\nx");
    expect(command.argumentHint).toBe("[file]");
  });

  it("splits allowed-tools into rules, keeping commas and spaces inside parentheses", () => {
    const text = "---\nallowed-tools: Bash(git add:*), Bash(git commit -m:*), Read\n---\nCommit\n";
    expect(parseCommand("claude", text).command.allowedTools).toEqual([
      "Bash(git add:*)",
      "Bash(git commit -m:*)",
      "Read",
    ]);
    const list = "---\nallowed-tools:\n  - Read\n  - Grep\n---\nx\n";
    expect(parseCommand("claude", list).command.allowedTools).toEqual(["Read", "Grep"]);
  });

  it("keeps unknown frontmatter keys and writes them back", () => {
    const text = "---\ndescription: d\ncontext: fork\nagent: Explore\n---\nBody\n";
    const { command } = parseCommand("claude", text, { name: "x" });
    expect(command.extra).toEqual({ context: "fork", agent: "Explore" });
    expect(renderCommand("claude", command).content).toBe(
      "---\ndescription: d\ncontext: fork\nagent: Explore\n---\n\nBody\n",
    );
  });

  it("a file without frontmatter is all prompt", () => {
    expect(parseCommand("claude", "Explain $ARGUMENTS\n").command).toEqual({
      prompt: "Explain $ARGUMENTS",
    });
  });

  it("broken frontmatter is a ConfigParseError with the line", () => {
    const text = "---\ndescription: ok\nmodel: [unclosed\n  nested: {\n---\nx\n";
    try {
      parseCommand("claude", text);
      expect.unreachable();
    } catch (error) {
      expect(ConfigParseError.is(error)).toBe(true);
      expect((error as ConfigParseError).format).toBe("claude command markdown");
      expect((error as ConfigParseError).line).toBeGreaterThan(1);
    }
    expect(() => parseCommand("claude", "---\ndescription: x\nbody")).toThrow(/never closed/);
  });
});

describe("placeholders across tools", () => {
  it("Claude's 0-based $1 (the second argument) has no Gemini form and is reported", async () => {
    const text = "---\ndescription: Compare\n---\nCompare $0 with $1; all: $ARGUMENTS\n";
    const result = await convertCommand(text, { from: "claude", to: "gemini", name: "cmp" });
    expect(result.content).toBe(
      'description = "Compare"\nprompt = """\nCompare $0 with $1; all: {{args}}\n"""\n',
    );
    expect(result.warnings.map((w) => w.message)).toEqual([
      "cmp: Gemini CLI has no positional arguments; $0 is left as written ({{args}} holds all of them)",
      "cmp: Gemini CLI has no positional arguments; $1 is left as written ({{args}} holds all of them)",
    ]);
  });

  it("shell and file inlines translate both ways, {{args}} inside them too", async () => {
    const gemini = 'prompt = "Diff: !{git diff {{args}}} Style: @{docs/style.md}"\n';
    const claude = await convertCommand(gemini, { from: "gemini", to: "claude" });
    expect(claude.content).toBe("Diff: !`git diff $ARGUMENTS` Style: @docs/style.md\n");
    const back = await convertCommand(claude.content, { from: "claude", to: "gemini" });
    expect(back.content).toBe(
      'prompt = """\nDiff: !{git diff {{args}}} Style: @{docs/style.md}\n"""\n',
    );
    expect(back.warnings).toEqual([]);
  });

  it("text Gemini means literally ($1, $ARGUMENTS) is escaped for Claude", () => {
    const { command } = parseCommand("gemini", 'prompt = "Costs $1 per $ARGUMENTS run"');
    expect(command.prompt).toBe("Costs \\$1 per \\$ARGUMENTS run");
    expect(renderCommand("gemini", command).content).toContain("Costs $1 per $ARGUMENTS run");
  });

  it("@mentions without a dot or slash stay text", async () => {
    const result = await convertCommand("Ask @alice about @src/a.ts.", {
      from: "claude",
      to: "gemini",
    });
    expect(result.content).toContain("Ask @alice about @{src/a.ts}.");
  });

  it("every placeholder kind left for Codex is a warning naming it", async () => {
    const text = "Run !`make test` on @src/main.ts for $0 and $ARGUMENTS";
    const result = await convertCommand(text, { from: "claude", to: "codex", name: "t" });
    expect(result.warnings.map((w) => w.path)).toEqual([
      "t.prompt.shell",
      "t.prompt.file",
      "t.prompt.argument",
      "t.prompt.arguments",
    ]);
    expect(result.content).toBe(`# t\n\n## Prompt\n${text}\n`);
  });

  it("allowed-tools into Gemini is a lossy_conversion naming the field", async () => {
    const text = "---\nallowed-tools: Read\n---\nGo\n";
    const { warnings } = await convertCommand(text, { from: "claude", to: "gemini", name: "go" });
    expect(warnings).toEqual([
      {
        code: "lossy_conversion",
        severity: "warning",
        message: 'go: Gemini CLI has no "allowed-tools"; dropped',
        path: "go.allowed-tools",
      },
    ]);
  });
});

describe("gemini commands", () => {
  it("needs a prompt: the error names the format and the key", () => {
    expect(() => parseCommand("gemini", 'description = "x"\n')).toThrow(
      /^gemini command TOML, prompt: expected string/,
    );
  });

  it("broken TOML names line and column", () => {
    try {
      parseCommand("gemini", 'description = "x"\nprompt = """\nunclosed\n');
      expect.unreachable();
    } catch (error) {
      expect(ConfigParseError.is(error)).toBe(true);
      expect((error as ConfigParseError).line).toBeGreaterThanOrEqual(2);
    }
  });

  it("takes a namespaced name from the path in either spelling", () => {
    expect(parseCommand("gemini", 'prompt = "x"', { name: "git:commit" }).command.name).toBe(
      "git/commit",
    );
  });

  it("escapes what would end a TOML multi-line string", () => {
    const command: Command = { prompt: 'He said """stop""" \\ then "' };
    const { content } = renderCommand("gemini", command);
    expect(parseCommand("gemini", content).command.prompt).toBe(command.prompt);
  });
});

describe("codex formats", () => {
  it("reads the seed's AGENTS.md style", () => {
    const text = "# command-name\nBrief description\n\n## Prompt\nPrompt content\n";
    expect(parseCommand("codex", text).command).toEqual({
      name: "command-name",
      description: "Brief description",
      prompt: "Prompt content",
    });
  });

  it("AGENTS.md style without its headings is a ConfigParseError", () => {
    expect(() => parseCommand("codex", "just text")).toThrow(/"# name" heading/);
    expect(() => parseCommand("codex", "# x\ntext\n")).toThrow(/"## Prompt" heading/);
  });

  it("a skill name is lowercase words joined by hyphens; a missing description comes from the prompt", () => {
    const result = renderCommand("codex-skill", {
      name: "Git/Commit",
      prompt: "Write the message.\nMore.",
    });
    expect(result.content).toBe(
      "---\nname: git-commit\ndescription: Write the message.\n---\n\nWrite the message.\nMore.\n",
    );
    expect(result.warnings.map((w) => w.code)).toEqual(["lossy_conversion", "derived_field"]);
  });
});

describe("AI-first conversion with fallback", () => {
  const text = "---\ndescription: Explain\n---\nExplain $ARGUMENTS\n";

  it("uses the AI output when it parses in the target format", async () => {
    const ai = async () => 'description = "Explain code"\nprompt = "Explain {{args}} simply"\n';
    const result = await convertCommand(text, { from: "claude", to: "gemini", ai });
    expect(result).toMatchObject({ usedAI: true, fallbackUsed: false });
    expect(result.content).toContain("simply");
  });

  it("hands the converter the source, both formats and the rule-based result", async () => {
    let seen: unknown;
    await convertCommand(text, {
      from: "claude",
      to: "gemini",
      name: "explain",
      ai: async (request) => {
        seen = request;
        return request.ruleBased;
      },
    });
    expect(seen).toEqual({
      kind: "command",
      text,
      from: "claude",
      to: "gemini",
      name: "explain",
      ruleBased: 'description = "Explain"\nprompt = """\nExplain {{args}}\n"""\n',
    });
  });

  it("falls back to the rules when the AI throws", async () => {
    const result = await convertCommand(text, {
      from: "claude",
      to: "gemini",
      ai: async () => {
        throw new Error("rate limited");
      },
    });
    expect(result).toMatchObject({ usedAI: false, fallbackUsed: true });
    expect(result.content).toBe('description = "Explain"\nprompt = """\nExplain {{args}}\n"""\n');
    expect(result.warnings.at(-1)).toMatchObject({ code: "ai_fallback", severity: "info" });
    expect(result.warnings.at(-1)?.message).toContain("rate limited");
  });

  it("falls back when the AI output does not parse in the target format", async () => {
    const ai = async () => "Sure! Here is your command:\nprompt = ";
    const result = await convertCommand(text, { from: "claude", to: "gemini", ai });
    expect(result).toMatchObject({ usedAI: false, fallbackUsed: true });
    expect(result.warnings.at(-1)?.message).toContain("gemini command TOML");
  });
});

it("AI output without a prompt is not used either", async () => {
  const result = await convertCommand("Explain $ARGUMENTS", {
    from: "claude",
    to: "claude",
    ai: async () => "---\ndescription: x\n---\n",
  });
  expect(result).toMatchObject({
    usedAI: false,
    fallbackUsed: true,
    content: "Explain $ARGUMENTS\n",
  });
});

describe("bad arguments", () => {
  it("an unknown format is an InvalidInputError naming the option and the formats", async () => {
    await expect(convertCommand("x", { from: "claude", to: "acme" as never })).rejects.toThrow(
      'to: expected "claude" | "gemini" | "codex" | "codex-skill" | "copilot-skill" | "opencode" | "cursor" | "cline" | "qwen" | "pi" | "windsurf" | "roo" | "antigravity", received "acme"',
    );
    expect(() => renderCommand("claude", { prompt: 3 } as never)).toThrow(InvalidInputError);
  });
});
