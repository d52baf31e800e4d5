/**
 * Values each format can hold exactly: the MCP servers and commands a real file of that format
 * says. parse(render(x)) equals x for these (roundtrip.test.ts); conversions start from them.
 */
import type { Command, CommandFormat, McpConfigFormat, McpServer } from "contextfmt/agent-config";
import fc from "fast-check";

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const compact = <T extends Record<string, unknown>>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

const text = fc.string({ unit: "grapheme", maxLength: 30 });
const plain = text.filter((s) => !s.includes("$"));
const varName = fc.stringMatching(/^[A-Z_][A-Z0-9_]{0,8}$/);
const reference = varName.map((name) => `\${${name}}`);
const words = fc.array(plain, { maxLength: 4 });
const uniqueNames = fc.uniqueArray(fc.stringMatching(/^[a-zA-Z][\w.-]{0,12}$/), {
  minLength: 1,
  maxLength: 4,
});
const ms = fc.integer({ min: 0, max: 10_000_000 });
const dict = (values: fc.Arbitrary<string>) =>
  fc.dictionary(fc.stringMatching(/^[A-Za-z][\w-]{0,10}$/), values, { minKeys: 1, maxKeys: 4 });

function servers(make: (name: string) => fc.Arbitrary<McpServer>): fc.Arbitrary<McpServer[]> {
  return uniqueNames.chain((names) => fc.tuple(...names.map(make)));
}

/** What a `.mcp.json`-shaped file holds (Claude Code, Cursor). */
const mcpJsonServers = servers((name) =>
  fc.oneof(
    fc
      .record({
        command: plain.filter(Boolean),
        args: optional(words),
        env: optional(dict(fc.oneof(plain, reference))),
        toolTimeoutMs: optional(ms),
      })
      .map((s) => compact({ name, transport: "stdio" as const, ...s })),
    fc
      .record({
        transport: fc.constantFrom("http" as const, "sse" as const),
        url: plain.filter(Boolean),
        headers: optional(dict(fc.oneof(plain, reference))),
        toolTimeoutMs: optional(ms),
      })
      .map((s) => compact({ name, ...s })),
  ),
);

/** What a Gemini-shaped settings file holds (Gemini CLI, Qwen Code). */
const settingsServers = servers((name) => {
  const shared = {
    toolTimeoutMs: optional(ms),
    trust: optional(fc.boolean()),
    description: optional(text),
    includeTools: optional(words),
    excludeTools: optional(words),
    enabled: optional(fc.constant(false)),
  };
  return fc.oneof(
    fc
      .record({
        ...shared,
        command: plain.filter(Boolean),
        args: optional(words),
        env: optional(dict(fc.oneof(plain, reference))),
        cwd: optional(plain),
      })
      .map((s) => compact({ name, transport: "stdio" as const, ...s })),
    fc
      .record({
        ...shared,
        transport: fc.constantFrom("http" as const, "sse" as const),
        url: plain.filter(Boolean),
        headers: optional(dict(fc.oneof(plain, reference))),
      })
      .map((s) => compact({ name, ...s })),
  );
});

export const ARBITRARIES: Record<McpConfigFormat, fc.Arbitrary<McpServer[]>> = {
  claude: mcpJsonServers,
  cursor: mcpJsonServers,
  roo: mcpJsonServers,
  kiro: mcpJsonServers,
  amazonq: mcpJsonServers,
  junie: mcpJsonServers,
  firebender: mcpJsonServers,
  gemini: settingsServers,
  qwen: settingsServers,
  opencode: servers((name) => {
    const shared = { startupTimeoutMs: optional(ms), enabled: optional(fc.constant(false)) };
    return fc.oneof(
      fc
        .record({
          ...shared,
          command: plain.filter(Boolean),
          args: optional(fc.array(fc.oneof(plain, reference), { minLength: 1, maxLength: 4 })),
          env: optional(dict(fc.oneof(plain, reference))),
        })
        .map((s) => compact({ name, transport: "stdio" as const, ...s })),
      fc
        .record({
          ...shared,
          url: plain.filter(Boolean),
          headers: optional(dict(fc.oneof(plain, reference))),
        })
        .map((s) => compact({ name, transport: "http" as const, ...s })),
    );
  }),
  codex: servers((name) => {
    const shared = {
      startupTimeoutMs: optional(ms),
      toolTimeoutMs: optional(ms),
      enabled: optional(fc.boolean()),
      includeTools: optional(words),
      excludeTools: optional(words),
    };
    return fc.oneof(
      fc
        .record({
          ...shared,
          command: plain.filter(Boolean),
          args: optional(words),
          // A pass-through variable is `${KEY}` under its own name: Codex's env_vars.
          env: optional(
            fc.dictionary(varName, plain, { minKeys: 1, maxKeys: 4 }).chain((env) =>
              fc.subarray(Object.keys(env)).map((passed) => {
                for (const key of passed) env[key] = `\${${key}}`;
                return env;
              }),
            ),
          ),
          cwd: optional(plain),
        })
        .map((s) => compact({ name, transport: "stdio" as const, ...s })),
      fc
        .record({
          ...shared,
          url: plain.filter(Boolean),
          headers: optional(
            fc
              .tuple(dict(fc.oneof(plain, reference)), optional(varName))
              .map(([headers, bearer]) => {
                delete headers.Authorization;
                return bearer ? { ...headers, Authorization: `Bearer \${${bearer}}` } : headers;
              })
              // Header names ignore case: two that differ only in case are one header.
              .filter((headers) => {
                const names = Object.keys(headers);
                return (
                  names.length > 0 &&
                  new Set(names.map((header) => header.toLowerCase())).size === names.length
                );
              }),
          ),
        })
        .map((s) => compact({ name, transport: "http" as const, ...s })),
    );
  }),
};

const normalized = (s: string) => s.replace(/^(?:[ \t]*\r?\n)+/, "").trimEnd();
const prompt = fc.string({ unit: "grapheme", maxLength: 80 }).map(normalized);
const oneLine = fc
  .string({ unit: "grapheme", minLength: 1, maxLength: 30 })
  .map((s) => s.replace(/[\s\p{Cc}\p{Zl}\p{Zp}\u0085]+/gu, " ").trim())
  .filter(Boolean);

// What Gemini can say: plain text, {{args}}, shell and file inlines, and a literal $1.
const geminiSafeText = fc.stringMatching(/^[^$@!{}`\\\r]{1,20}$/);
const geminiPrompt = fc
  .array(
    fc.oneof(
      geminiSafeText,
      fc.constant(" $ARGUMENTS "),
      fc.constant(" \\$1 "),
      fc.stringMatching(/^[a-z -]{1,12}$/).map((c) => ` !\`${c}\` `),
      fc.stringMatching(/^[a-z]{1,6}\/[a-z]{1,6}\.md$/).map((p) => ` @${p} `),
    ),
    { maxLength: 6 },
  )
  .map((parts) => normalized(parts.join("")));

/** What a Pi template says: text, every argument, positional arguments (no shell, no files). */
const piPrompt = fc
  .array(
    fc.oneof(
      geminiSafeText,
      fc.constant(" $ARGUMENTS "),
      fc.integer({ min: 0, max: 9 }).map((n) => ` $ARGUMENTS[${n}] `),
    ),
    { maxLength: 6 },
  )
  .map((parts) => normalized(parts.join("")));

// What OpenCode can say: plain text, $ARGUMENTS, positions from the second on ($1 and up in
// OpenCode), shell and file inlines.
const opencodePrompt = fc
  .array(
    fc.oneof(
      geminiSafeText,
      fc.constant(" $ARGUMENTS "),
      fc.integer({ min: 1, max: 9 }).map((n) => ` $ARGUMENTS[${n}] `),
      fc.stringMatching(/^[a-z -]{1,12}$/).map((c) => ` !\`${c}\` `),
      fc.stringMatching(/^[a-z]{1,6}\/[a-z]{1,6}\.md$/).map((p) => ` @${p} `),
    ),
    { maxLength: 6 },
  )
  .map((parts) => normalized(parts.join("")));

/** A prompt with nothing a tool could read as a placeholder. */
const plainPrompt = fc
  .array(geminiSafeText, { maxLength: 6 })
  .map((parts) => normalized(parts.join(" ")));

const skillCommand = fc
  .record({
    name: fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,3}$/),
    description: oneLine,
    prompt,
    extra: optional(fc.dictionary(fc.constantFrom("license", "metadata"), text, { minKeys: 1 })),
  })
  .map(compact);

const plainCommand = fc
  .record({ name: fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/), prompt: plainPrompt })
  .map(compact);

export const COMMANDS: Record<CommandFormat, fc.Arbitrary<Command>> = {
  claude: fc
    .record({
      name: fc.stringMatching(/^[a-z][a-z0-9-]{0,8}(\/[a-z][a-z0-9-]{0,8})?$/),
      description: optional(text),
      prompt,
      argumentHint: optional(text),
      allowedTools: optional(
        fc.array(fc.stringMatching(/^[A-Z][a-z]{1,6}(\([a-z :*]{1,10}\))?$/), {
          minLength: 1,
          maxLength: 4,
        }),
      ),
      model: optional(text),
      disableModelInvocation: optional(fc.boolean()),
      extra: optional(
        fc.dictionary(
          fc.constantFrom("context", "agent", "when_to_use", "user-invocable"),
          fc.oneof(text, fc.boolean(), fc.integer()),
          { minKeys: 1 },
        ),
      ),
    })
    .map(compact),
  gemini: fc
    .record({
      name: fc.stringMatching(/^[a-z]{1,6}(\/[a-z]{1,6})?$/),
      description: optional(text),
      prompt: geminiPrompt,
    })
    .map(compact),
  codex: fc
    .record({
      name: oneLine.filter((s) => !s.includes(":")),
      description: optional(oneLine.filter((s) => !s.startsWith("#"))),
      prompt,
    })
    .map(compact),
  "codex-skill": skillCommand,
  "copilot-skill": skillCommand,
  opencode: fc
    .record({
      name: fc.stringMatching(/^[a-z]{1,6}(\/[a-z]{1,6})?$/),
      description: optional(text),
      prompt: opencodePrompt,
      extra: optional(
        fc
          .record({ agent: fc.constantFrom("build", "plan"), subtask: optional(fc.boolean()) })
          .map(compact),
      ),
    })
    .map(compact),
  cursor: plainCommand,
  cline: plainCommand,
  windsurf: plainCommand,
  roo: plainCommand,
  antigravity: plainCommand,
  qwen: fc
    .record({
      name: fc.stringMatching(/^[a-z]{1,6}(\/[a-z]{1,6})?$/),
      description: optional(text),
      prompt: geminiPrompt,
      argumentHint: optional(text),
      disableModelInvocation: optional(fc.boolean()),
    })
    .map(compact),
  pi: fc
    .record({
      name: fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/),
      description: optional(text),
      prompt: piPrompt,
      argumentHint: optional(text),
    })
    .map(compact),
};

const agentText = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ,.()-]{0,30}$/);

/** Agents as each tool's file can say them: its own keys, its own tool names, its own models. */
export const AGENTS = {
  claude: fc
    .record({
      name: fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/),
      description: agentText,
      prompt: fc.string({ maxLength: 60 }),
      tools: optional(
        fc.uniqueArray(
          fc.constantFrom(
            "Read",
            "Grep",
            "Bash",
            "Bash(git diff:*)",
            "WebFetch",
            "mcp__github__get_issue",
            "Task",
          ),
          { maxLength: 4 },
        ),
      ),
      model: optional(fc.constantFrom("sonnet", "opus", "inherit", "gpt-5")),
      maxTurns: optional(fc.integer({ min: 1, max: 50 })),
      extra: optional(
        fc
          .dictionary(fc.constantFrom("color", "permissionMode", "disallowedTools"), agentText, {
            minKeys: 1,
          })
          .map((keys) => ({ claude: keys })),
      ),
    })
    .map(compact),
  gemini: fc
    .record({
      name: fc.stringMatching(/^[a-z][a-z0-9_-]{0,10}$/),
      description: agentText,
      prompt: fc.string({ maxLength: 60 }),
      tools: optional(
        fc.uniqueArray(fc.constantFrom("Read", "Grep", "Bash", "read_many_files", "save_memory"), {
          maxLength: 4,
        }),
      ),
      model: optional(fc.constantFrom("gemini-2.5-pro", "inherit")),
      maxTurns: optional(fc.integer({ min: 1, max: 50 })),
      extra: optional(
        fc
          .dictionary(fc.constantFrom("temperature", "timeout_mins", "display_name"), agentText, {
            minKeys: 1,
          })
          .map((keys) => ({ gemini: keys })),
      ),
    })
    .map(compact),
  codex: fc
    .record({
      name: fc.stringMatching(/^[a-z][a-z0-9_-]{0,10}$/),
      description: agentText,
      prompt: fc.string({ minLength: 1, maxLength: 60 }).filter((s) => s.trim() !== ""),
      model: optional(fc.constantFrom("gpt-5-codex", "o3")),
      extra: optional(
        fc
          .dictionary(fc.constantFrom("model_reasoning_effort", "sandbox_mode"), agentText, {
            minKeys: 1,
          })
          .map((keys) => ({ codex: keys })),
      ),
    })
    .map(compact),
  copilot: fc
    .record({
      name: fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/),
      description: agentText,
      prompt: fc.string({ maxLength: 60 }),
      tools: optional(
        fc.uniqueArray(fc.constantFrom("Read", "Edit", "Grep", "Bash", "mcp__github__get_issue"), {
          maxLength: 4,
        }),
      ),
      model: optional(fc.constantFrom("Claude Sonnet 4.5", "gpt-5")),
      extra: optional(
        fc
          .dictionary(fc.constantFrom("target"), fc.constantFrom("vscode", "github-copilot"), {
            minKeys: 1,
          })
          .map((keys) => ({ copilot: keys })),
      ),
    })
    .map(compact),
  qwen: fc
    .record({
      name: fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/),
      description: agentText,
      prompt: fc.string({ maxLength: 60 }),
      tools: optional(
        fc.uniqueArray(fc.constantFrom("Read", "Grep", "Bash", "mcp__github__get_issue", "lsp"), {
          maxLength: 4,
        }),
      ),
      model: optional(fc.constantFrom("qwen3-coder-plus", "claude-sonnet-4-5")),
      maxTurns: optional(fc.integer({ min: 1, max: 50 })),
      extra: optional(
        fc
          .dictionary(fc.constantFrom("color", "approvalMode"), agentText, { minKeys: 1 })
          .map((keys) => ({ qwen: keys })),
      ),
    })
    .map(compact),
  opencode: fc
    .record({
      name: fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/),
      description: agentText,
      prompt: fc.string({ maxLength: 60 }),
      tools: optional(
        fc.uniqueArray(fc.constantFrom("Read", "Edit", "Bash", "Grep", "mcp__github__get_issue"), {
          maxLength: 4,
        }),
      ),
      model: optional(fc.constantFrom("anthropic/claude-sonnet-4-5", "openai/gpt-5")),
      maxTurns: optional(fc.integer({ min: 1, max: 50 })),
      extra: optional(
        fc
          .dictionary(fc.constantFrom("temperature"), fc.double({ min: 0, max: 1, noNaN: true }), {
            minKeys: 1,
          })
          .map((keys) => ({ opencode: keys })),
      ),
    })
    .map(compact),
  cursor: fc
    .record({
      name: fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/),
      description: agentText,
      prompt: fc.string({ maxLength: 60 }),
      model: optional(fc.constantFrom("inherit", "fast", "claude-4.5-sonnet")),
      extra: optional(
        fc
          .dictionary(fc.constantFrom("readonly", "is_background"), fc.boolean(), { minKeys: 1 })
          .map((keys) => ({ cursor: keys })),
      ),
    })
    .map(compact),
  cline: fc
    .record({
      name: fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/),
      description: agentText,
      prompt: fc.string({ maxLength: 60 }),
      // Names that map one to one (Edit and Write are both Cline's editor: Edit reads back).
      tools: optional(
        fc.uniqueArray(fc.constantFrom("Read", "Edit", "Grep", "Bash", "WebFetch", "apply_patch"), {
          maxLength: 4,
        }),
      ),
      model: optional(fc.constantFrom("claude-sonnet-4-5", "gpt-5")),
      maxTurns: optional(fc.integer({ min: 1, max: 50 })),
      extra: optional(
        fc
          .dictionary(fc.constantFrom("providerId", "skills"), agentText, { minKeys: 1 })
          .map((keys) => ({ cline: keys })),
      ),
    })
    .map(compact),
} as const;

/** Skills as a Claude Code SKILL.md can say them (the most a skill file holds). */
export const SKILLS = fc
  .record({
    name: fc.stringMatching(/^[a-z][a-z0-9]{0,8}(-[a-z0-9]{1,8}){0,2}$/),
    description: optional(agentText),
    prompt: fc.string({ maxLength: 60 }),
    extra: optional(
      fc.dictionary(
        fc.constantFrom("license", "allowed-tools", "model", "context", "metadata"),
        agentText,
        { minKeys: 1 },
      ),
    ),
  })
  .map(compact);
