/**
 * Rewrites the output blocks of README.md and docs/ (the block after a `<!-- output -->` line)
 * with what the ```ts example above each prints, run from examples/ against the source as
 * `npm run test:docs` runs them against the packed package. `npm run docs:outputs` after a
 * change of output; the docs test fails until then.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { OUTPUT_MARKER, pages } from "../test/docs/snippets.js";

const root = new URL("..", import.meta.url).pathname;
const examples = join(root, "examples");
// Inside examples/, so that its imports resolve as the repository's own code does.
const script = join(examples, ".docs-output.mts");
const stdin = readFileSync(join(examples, "hooks/claude/session-start.stdin.json"));

/** What `code` prints, run with tsx from examples/. */
function printed(code: string, where: string): string {
  writeFileSync(script, code);
  try {
    const run = spawnSync(process.execPath, ["--import", "tsx", script], {
      cwd: examples,
      input: stdin,
      encoding: "utf8",
    });
    if (run.status !== 0) throw new Error(`${where}: exited with ${run.status}\n${run.stderr}`);
    return `${run.stdout.replace(/\n+$/, "")}\n`;
  } finally {
    rmSync(script, { force: true });
  }
}

const FENCE = /^(`{3,})([^\n`]*)\n([\s\S]*?)^\1[ \t]*$/gm;

/** `text` with each output block holding what the ts block before it prints. */
function withOutputs(page: string, text: string): string {
  const blocks = [...text.matchAll(FENCE)];
  let result = "";
  let from = 0;
  blocks.forEach((block, index) => {
    const next = blocks[index + 1];
    if (block[2]?.trim() !== "ts" || !next) return;
    if (
      !text
        .slice(block.index + block[0].length, next.index)
        .trim()
        .endsWith(OUTPUT_MARKER)
    )
      return;
    const line = text.slice(0, block.index).split("\n").length + 1;
    const output = printed(block[3] ?? "", `${page}:${line}`);
    result += `${text.slice(from, next.index)}${next[1]}${next[2]}\n${output}${next[1]}`;
    from = next.index + next[0].length;
  });
  return result + text.slice(from);
}

for (const page of pages(root)) {
  const path = join(root, page);
  const text = readFileSync(path, "utf8");
  const next = withOutputs(page, text);
  if (next !== text) {
    writeFileSync(path, next);
    console.log(`wrote ${page}`);
  }
}
