import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const run = (script: string) =>
  execFileSync(process.execPath, ["--import", "tsx", script], {
    cwd: new URL("..", import.meta.url).pathname,
    encoding: "utf8",
  });

describe("examples run as documented", () => {
  it("npm run demo's script prints every example input in every format that takes it", () => {
    const output = run("examples/demo.ts");
    const shown = [...output.matchAll(/^examples\/(\S+) as (\S+) /gm)].map(
      ([, file, format]) => `${file} ${format}`,
    );
    expect(shown).toEqual([
      "rules.json claude",
      "rules.json codex",
      "rules.json gemini",
      "hooks/memories.json xml-memory",
      "hooks/session.json session-full",
      "hooks/session.json session-brief",
      "hooks/project.json project",
      "hooks/project.json project-markdown",
    ]);
    expect(output).toContain("# Project Memory Rules");
    expect(output).toContain("PROJECT CONTEXT RULES\nGenerated: 2025-10-04T20:00:00Z");
    expect(output).toContain(
      "You are an AI assistant with the following context-specific rules and guidelines.",
    );
    expect(output).not.toMatch(/\[error\]/);
  }, 30_000);

  it("the quick start", () => {
    const output = run("examples/quick-start.ts");
    expect(output).toContain("- **atomic_commits**: Always make atomic commits");
    expect(output).toContain("### Preference\n- **testing_framework**");
    expect(output).toMatch(/\n\d+ \[\]\n$/);
  }, 30_000);

  it("the custom adapter", () => {
    expect(run("examples/custom-adapter.ts")).toBe("- a\n- b\n\n");
  }, 30_000);

  it("memory injection and session context", () => {
    const output = run("examples/memories.ts");
    expect(output).toContain(
      '<procedural_memories nonce="3f9c2e7a1b5d4c60">\n<memory id="m1" confidence="0.90" score="0.870">Always run `uv sync` before the tests</memory>',
    );
    expect(output).toContain("she owns &lt;billing&gt;</memory>");
    expect(output).toContain(
      "m1, m2\n## Relevant Context\n\n### Recent Related Work\n- **2 hours ago**",
    );
    expect(output).toMatch(/\nRelated: Implemented HDBSCAN clustering, Rust async patterns, Added/);
  }, 30_000);

  it("project context", () => {
    const output = run("examples/project-context.ts");
    expect(output).toContain(
      '<PROJECT name="SAM Terminal" status="active">\nLast: Implemented fact extraction.\n',
    );
    expect(output).toContain("dropped: sam_terminal:notes");
    expect(output).toContain(
      "\n### Project: SAM Terminal (active)\nLast: Implemented fact extraction.\n",
    );
    expect(output).toContain('<USER id="david">\n- Prefers concise responses\n</USER>\n\n<PROJECT');
    expect(output).not.toContain("Note: User prefers concise responses.");
  }, 30_000);
});

describe("the testing examples the docs show are the files npm test runs", () => {
  const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), "utf8");
  /** The ```ts block of `page` that starts with `first`. */
  const block = (page: string, first: string) =>
    [...read(page).matchAll(/```ts\n([\s\S]*?)```/g)]
      .map((match) => match[1])
      .find((code) => code?.startsWith(first));

  it("docs/testing.md: examples/testing/rules-for-claude.test.ts", () => {
    const file = read("examples/testing/rules-for-claude.test.ts");
    expect(block("docs/testing.md", file.slice(0, 60))).toBe(file);
  });

  it("README.md's quick start: examples/testing/quick-start.test.ts", () => {
    const file = read("examples/testing/quick-start.test.ts");
    expect(block("README.md", file.slice(0, 60))).toBe(file);
  });
});
