import { execFileSync, spawnSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import Module from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { hookInputs } from "../fixtures/hook-inputs.js";
import { BIN } from "./run-bin.js";

const RULES = new URL("../../examples/rules.json", import.meta.url).pathname;
const HOOK = new URL("../../dist/bin/commands/hook.cjs", import.meta.url).pathname;
const TOKENS = new URL("../../dist/bin/commands/tokens.cjs", import.meta.url).pathname;

describe("the contextfmt bin bundle", () => {
  it("the entry is a small CommonJS file", () => {
    const entry = readFileSync(BIN, "utf8");
    expect(entry.startsWith("#!/usr/bin/env node\n")).toBe(true);
    // The command table and its one-line summaries (eight commands) and nothing else of note.
    expect(entry.length).toBeLessThan(6_500);
  });

  it.each([
    ["hook", HOOK],
    ["tokens", TOKENS],
  ])(
    "loading the %s command loads no package: neither the tokenizer nor the YAML parser",
    (_, file) => {
      const loaded = execFileSync(
        process.execPath,
        [
          "-e",
          `require(${JSON.stringify(file)}); console.log(Object.keys(require.cache).join("\\n"))`,
        ],
        { encoding: "utf8" },
      );
      expect(loaded.trim().split("\n")).toEqual([file]);
    },
  );
});

// Node 22.1+ has its own compile cache (module.enableCompileCache), which the bin uses instead.
const nodeHasCompileCache =
  typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === "function";

describe.skipIf(nodeHasCompileCache)("the compiled-code cache (Node before 22.1)", () => {
  const run = (tmp: string) =>
    spawnSync(process.execPath, [BIN, "hook", "claude", "session-start", "--rules", RULES], {
      input: JSON.stringify(hookInputs.claude.SessionStart),
      encoding: "utf8",
      env: { ...process.env, TMPDIR: tmp },
    });

  it("is written once to a private directory, then used; the output does not change", () => {
    const tmp = mkdtempSync(join(tmpdir(), "contextfmt-cache-"));
    const first = run(tmp);
    const dir = join(tmp, `contextfmt-compile-cache-${process.getuid?.()}`);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const [file] = readdirSync(dir);
    expect(file).toMatch(/^hook\.cjs-[0-9a-f]{8}-\d+-\d+-v[\d.]+-\w+-\d+\.bin$/);
    const written = statSync(join(dir, file as string));
    expect(written.mode & 0o777).toBe(0o600);
    const second = run(tmp);
    expect(second.stdout).toBe(first.stdout);
    expect(second.status).toBe(0);
    // Not written again: the cache was accepted.
    expect(statSync(join(dir, file as string)).mtimeMs).toBe(written.mtimeMs);
  });

  it("keeps one file per bundle: a new build's cache replaces the old build's", () => {
    const tmp = mkdtempSync(join(tmpdir(), "contextfmt-cache-"));
    const dir = join(tmp, `contextfmt-compile-cache-${process.getuid?.()}`);
    expect(run(tmp).status).toBe(0);
    const [current] = readdirSync(dir);
    const key = (current as string).split("-").slice(0, 2).join("-");
    // An earlier build of this bundle, another installed bundle, another command.
    const stale = `${key}-1-1-v20.0.0-x64.bin`;
    const others = [
      "hook.cjs-0badf00d-1-1-v20.0.0-x64.bin",
      `render.cjs-${key.slice(9)}-1-1-v20.0.0-x64.bin`,
    ];
    for (const name of [stale, ...others]) writeFileSync(join(dir, name), "old");
    rmSync(join(dir, current as string));
    expect(run(tmp).status).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([current, ...others].sort());
  });

  it("keeps a cache per install: two installs used in turn each start from their own", () => {
    const tmp = mkdtempSync(join(tmpdir(), "contextfmt-cache-"));
    const dir = join(tmp, `contextfmt-compile-cache-${process.getuid?.()}`);
    // Two copies of the same build (same size, other times), as a global and a project install.
    const bins = ["a", "b"].map((name) => {
      const root = join(tmp, name);
      cpSync(dirname(BIN), root, { recursive: true });
      return join(root, basename(BIN));
    });
    const runBin = (bin: string) =>
      spawnSync(process.execPath, [bin, "hook", "claude", "session-start", "--rules", RULES], {
        input: JSON.stringify(hookInputs.claude.SessionStart),
        encoding: "utf8",
        env: { ...process.env, TMPDIR: tmp },
      });
    for (const bin of bins) expect(runBin(bin).status).toBe(0);
    const written = new Map(
      readdirSync(dir).map((name) => [name, statSync(join(dir, name)).mtimeMs]),
    );
    expect(written.size).toBe(2);
    for (const bin of bins) expect(runBin(bin).status).toBe(0);
    // Neither replaced the other's: each was accepted, and nothing was written again.
    expect(
      new Map(readdirSync(dir).map((name) => [name, statSync(join(dir, name)).mtimeMs])),
    ).toEqual(written);
  });

  it("keeps a cache per set of V8 flags: hook and hook --exact used in turn each keep theirs", () => {
    const tmp = mkdtempSync(join(tmpdir(), "contextfmt-cache-"));
    const dir = join(tmp, `contextfmt-compile-cache-${process.getuid?.()}`);
    // The hook turns V8's optimizing compilers off; with --exact it leaves them on.
    const runWith = (extra: string[]) =>
      spawnSync(
        process.execPath,
        [BIN, "hook", "claude", "session-start", "--rules", RULES, ...extra],
        {
          input: JSON.stringify(hookInputs.claude.SessionStart),
          encoding: "utf8",
          env: { ...process.env, TMPDIR: tmp },
        },
      );
    const times = () =>
      new Map(readdirSync(dir).map((name) => [name, statSync(join(dir, name)).mtimeMs]));
    for (const extra of [[], ["--exact"]]) expect(runWith(extra).status).toBe(0);
    const written = times();
    expect(written.size).toBe(2);
    for (const extra of [[], ["--exact"], []]) expect(runWith(extra).status).toBe(0);
    // Neither was rejected for the other's flags and written again.
    expect(times()).toEqual(written);
  });

  it("is neither read nor written with NODE_DISABLE_COMPILE_CACHE set", () => {
    const tmp = mkdtempSync(join(tmpdir(), "contextfmt-cache-"));
    const result = spawnSync(
      process.execPath,
      [BIN, "hook", "claude", "session-start", "--rules", RULES],
      {
        input: JSON.stringify(hookInputs.claude.SessionStart),
        encoding: "utf8",
        env: { ...process.env, TMPDIR: tmp, NODE_DISABLE_COMPILE_CACHE: "1" },
      },
    );
    expect(result.status).toBe(0);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("is not used from a directory others can write", () => {
    const tmp = mkdtempSync(join(tmpdir(), "contextfmt-cache-"));
    const dir = join(tmp, `contextfmt-compile-cache-${process.getuid?.()}`);
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    const result = run(tmp);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).hookSpecificOutput.hookEventName).toBe("SessionStart");
    expect(readdirSync(dir)).toEqual([]);
  });
});
