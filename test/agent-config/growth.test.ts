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
import { describe, expect, it } from "vitest";
import { convertRuleFile } from "../../src/agent-config/rule-files/rule-file-formats.js";

const LIMIT = 15;

/**
 * Milliseconds per call of `run`: the best of five blocks, each repeating it `reps` times, so
 * a call far shorter than the timer's grain or a collector pause still gives a steady figure.
 */
function perCall(run: () => unknown, reps: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let block = 0; block < 5; block++) {
    const start = performance.now();
    for (let i = 0; i < reps; i++) run();
    best = Math.min(best, (performance.now() - start) / reps);
  }
  return best;
}

/**
 * How much longer `run` takes on the input built for 100k characters than for 10k. Other work
 * on the machine only ever inflates a ratio, so up to three are measured and the lowest kept:
 * a linear path comes in near 10×, a quadratic one near 100× every time.
 */
function growth(make: (size: number) => string, run: (text: string) => unknown): number {
  const small = make(10_000);
  const large = make(100_000);
  // Enough calls on the small input for ~20 ms a block, and a tenth as many on the large one.
  // The large input runs first, once, so both sizes meet the same warmed code and grown heap.
  run(large);
  const start = performance.now();
  run(small);
  const once = Math.max(performance.now() - start, 0.01);
  const reps = Math.min(200, Math.max(10, Math.ceil(20 / once)));
  let lowest = Number.POSITIVE_INFINITY;
  // Up to five measures: a burst of load can push one over the bound; a quadratic path stays
  // far over it every time.
  for (let attempt = 0; attempt < 5 && lowest > LIMIT; attempt++) {
    const ratio = perCall(() => run(large), Math.ceil(reps / 10)) / perCall(() => run(small), reps);
    lowest = Math.min(lowest, ratio);
  }
  return lowest;
}

const attempt = (fn: () => unknown) => () => {
  try {
    fn();
  } catch {
    // a refusal is fine; only the time to reach it counts
  }
};

describe("agent-config stays linear on adversarial text", () => {
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
      (n) =>
        JSON.stringify({ mcpServers: { s: { command: "x", env: { A: "${".repeat(n / 2) } } } }),
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
      "Pi template: many slices and dollars, each a placeholder or text",
      (n) => `---\ndescription: d\n---\n${"${@:1:2} $@ $9 $ $x ".repeat(n / 20)}\n`,
      (text) => convertCommand(text, { from: "pi", to: "claude", name: "c" }),
    ],
    [
      "Pi template written from a prompt of many placeholders and escapes",
      (n) => `---\ndescription: d\n---\n${"$ARGUMENTS[3] \\$ @a/b !`x` $@ ".repeat(n / 33)}\n`,
      (text) => convertCommand(text, { from: "claude", to: "pi", name: "c" }),
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
  ];
  for (const [name, make, run] of cases) {
    it(name, async () => {
      // convertCommand is async only for its AI step; without one it finishes synchronously.
      const ratio = growth(make, run);
      if (process.env.SHOW_GROWTH) console.log(name, ratio.toFixed(1));
      expect(ratio).toBeLessThanOrEqual(LIMIT);
    });
  }

  it("headers with references rendered for Codex", () => {
    const server = (n: number) => [
      {
        name: "s",
        transport: "http" as const,
        url: "https://x",
        headers: { A: "${".repeat(n / 2), Authorization: `Bearer \${${"a".repeat(n)}` },
      },
    ];
    const ratio = growth(
      (n) => JSON.stringify(server(n)),
      (text) => renderMcpConfig("codex", JSON.parse(text)),
    );
    expect(ratio).toBeLessThanOrEqual(LIMIT);
  });
});

describe("frontmatter keys: 4x the keys, at most 6x the time", () => {
  // The yaml package's own duplicate-key check compares each key with every earlier one: 5,000
  // keys took 0.7 s and 20,000 took 6.1 s through parseCommand.
  const keys = (n: number) =>
    `---\ndescription: d\n${Array.from({ length: n }, (_, i) => `k${i}: v${i}`).join("\n")}\n---\nHi\n`;

  it.each([
    ["distinct keys", (n: number) => keys(n)],
    [
      "a duplicate at the end (the error path)",
      (n: number) => `${keys(n).replace("---\nHi", "k0: again\n---\nHi")}`,
    ],
  ])(
    "%s",
    (_, make) => {
      const small = make(2_500);
      const large = make(10_000);
      const run = (text: string) => attempt(() => parseCommand("claude", text))();
      run(large);
      run(small);
      let lowest = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 3 && lowest > 6; i++) {
        lowest = Math.min(lowest, perCall(() => run(large), 1) / perCall(() => run(small), 1));
      }
      if (process.env.SHOW_GROWTH) console.log("frontmatter keys", lowest.toFixed(1));
      expect(lowest).toBeLessThanOrEqual(6);
    },
    120_000,
  );
});
