/**
 * Every pattern and loop over user text in agent-config runs in linear time: the same adversarial
 * input at 10k and at 100k characters may take at most ~15× as long (a quadratic path takes
 * ~100×). Ratios, not times, so a busy machine does not fail them.
 */
import {
  convertAgent,
  convertCommand,
  convertMcpConfig,
  parseCommand,
  parseMcpConfig,
  renderMcpConfig,
} from "contextfmt/agent-config";
import { convertRuleFile } from "../../src/agent-config/rule-files/rule-file-formats.js";
import { describeGrowth } from "../growth-suite.js";

const attempt = (fn: () => unknown) => () => {
  try {
    fn();
  } catch {
    // a refusal is fine; only the time to reach it counts
  }
};

/** Each case: its name, the input of about `n` characters, and the path timed on it. */
const cases: [string, (n: number) => string, (text: string) => unknown][] = [
  [
    "frontmatter key line: a value of spaces then a letter",
    (n) => `---\ndescription: a${" ".repeat(n)}x\n---\nHi\n`,
    (text) => attempt(() => parseCommand("claude", text))(),
  ],
  [
    "frontmatter that YAML rejects, read again with values quoted",
    (n) => `---\nargument-hint: [a] ${" ".repeat(n)}x: [\n---\nHi\n`,
    (text) => attempt(() => parseCommand("claude", text))(),
  ],
  [
    "${…} env reference: many ${ and no closing brace",
    (n) => JSON.stringify({ mcpServers: { s: { command: "x", args: ["${".repeat(n / 2)] } } }),
    (text) => convertMcpConfig(text, { from: "claude", to: "codex" }),
  ],
  [
    "${…} env reference in env values rendered for Codex",
    (n) => JSON.stringify({ mcpServers: { s: { command: "x", env: { A: "${".repeat(n / 2) } } } }),
    (text) => convertMcpConfig(text, { from: "claude", to: "codex" }),
  ],
  [
    "bare $NAME references from Gemini settings",
    (n) => JSON.stringify({ mcpServers: { s: { command: "x", args: ["$a".repeat(n / 2)] } } }),
    (text) => convertMcpConfig(text, { from: "gemini", to: "claude" }),
  ],
  [
    "@path placeholder: a path followed by a long run of dots",
    (n) => `Read @a${".".repeat(n)}x please\n`,
    (text) => convertCommand(text, { from: "claude", to: "gemini", name: "c" }),
  ],
  [
    "@path placeholder: many @ words, each a path",
    (n) => " @src/agent/config/file.ts,".repeat(n / 27),
    (text) => convertCommand(text, { from: "claude", to: "gemini", name: "c" }),
  ],
  [
    "!`cmd` shell inline never closed",
    (n) => ` !\`${"a".repeat(n)}`,
    (text) => convertCommand(text, { from: "claude", to: "gemini", name: "c" }),
  ],
  [
    "!{ brace scan: many openings, none closed",
    (n) => `prompt = '''${"!{".repeat(n / 2)}'''\n`,
    (text) => convertCommand(text, { from: "gemini", to: "claude", name: "c" }),
  ],
  [
    "@{ brace scan: openings nested inside one another",
    (n) => `prompt = '''${"@{{".repeat(n / 3)}'''\n`,
    (text) => convertCommand(text, { from: "gemini", to: "claude", name: "c" }),
  ],
  [
    "Qwen Code Markdown command: !{ openings in the body, none closed",
    (n) => `---\ndescription: d\n---\n${"!{".repeat(n / 2)}\n`,
    (text) => convertCommand(text, { from: "qwen", to: "claude", name: "c" }),
  ],
  [
    "Codex AGENTS.md heading: a name of spaces then a letter",
    (n) => `# a${" ".repeat(n)}x\n\n## Prompt\nHi\n`,
    (text) => convertCommand(text, { from: "codex", to: "claude" }),
  ],
  [
    "description folded into a name",
    (n) => `---\ndescription: ${"-a".repeat(n / 2)}\n---\nHi\n`,
    (text) => convertCommand(text, { from: "claude", to: "codex" }),
  ],
  [
    "agent tools list: one long comma list",
    (n) => `---\nname: a\ndescription: d\ntools: ${"Bash(a,".repeat(n / 7)}\n---\nHi\n`,
    (text) => convertAgent(text, { from: "claude", to: "gemini" }),
  ],
  [
    "rule globs: one comma-separated list of many braces",
    (n) => `---\nglobs: ${"a/{b,c},".repeat(n / 8)}\n---\nHi\n`,
    (text) => convertRuleFile(text, { from: "cursor", to: "copilot", name: "r" }),
  ],
  [
    "rule globs: one glob of many braces, expanded for a comma-separated list",
    (n) => `---\npaths:\n  - "${"{a}".repeat(n / 3)}{b,c}"\n---\nHi\n`,
    (text) => convertRuleFile(text, { from: "claude", to: "cursor", name: "r" }),
  ],
  [
    "rule globs: braces never closed",
    (n) => `---\napplyTo: "${"{a,".repeat(n / 3)}"\n---\nHi\n`,
    (text) => convertRuleFile(text, { from: "copilot", to: "cursor", name: "r" }),
  ],
  [
    "JSON syntax error quoting a long line",
    (n) => `{"mcpServers": {"a": ${"[".repeat(n)}`,
    (text) => attempt(() => parseMcpConfig("claude", text))(),
  ],
  [
    "headers with references rendered for Codex",
    (n) =>
      JSON.stringify([
        {
          name: "s",
          transport: "http",
          url: "https://x",
          headers: { A: "${".repeat(n / 2), Authorization: `Bearer \${${"a".repeat(n)}` },
        },
      ]),
    (text) => renderMcpConfig("codex", JSON.parse(text)),
  ],
  [
    "Pi template: many slices and dollars, each a placeholder or text",
    (n) => `---\ndescription: d\n---\n${"${@:1:2} $@ $9 $ $x ".repeat(n / 20)}\n`,
    (text) => convertCommand(text, { from: "pi", to: "claude", name: "c" }),
  ],
  [
    "Pi template written from a prompt of many placeholders and escapes",
    (n) => `---\ndescription: d\n---\n${"$ARGUMENTS[3] \\$ @a/b !`x` $@ ".repeat(n / 33)}\n`,
    (text) => convertCommand(text, { from: "claude", to: "pi", name: "c" }),
  ],
];

describeGrowth(
  "agent-config stays linear on adversarial text",
  cases.map(([name, make, run]) => ({ name, build: make, run: (text) => run(text as string) })),
);

/** Front matter of `n` keys; with `duplicate`, the first key again at the end. */
const keys = (n: number, duplicate = false) =>
  `---\ndescription: d\n${Array.from({ length: n }, (_, i) => `k${i}: v${i}`).join("\n")}${duplicate ? "\nk0: again" : ""}\n---\nHi\n`;

// The yaml package's own duplicate-key check compares each key with every earlier one: 5,000
// keys took 0.7 s and 20,000 took 6.1 s through parseCommand.
describeGrowth(
  "frontmatter keys: 4x the keys, at most 6x the time",
  [
    {
      name: "distinct keys",
      build: (n) => keys(n),
      run: (text) => attempt(() => parseCommand("claude", text as string))(),
    },
    {
      name: "a duplicate at the end (the error path)",
      build: (n) => keys(n, true),
      run: (text) => attempt(() => parseCommand("claude", text as string))(),
    },
  ],
  { small: 2_500, large: 10_000, limit: 6 },
);
