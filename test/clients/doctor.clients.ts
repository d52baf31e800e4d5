/**
 * What each real client loads from a project's instruction files, measured: for each loading
 * rule, a small git project that hits it, one headless offline run of the client against the
 * scripted loopback model, and the request it sent, searched for each file's text (every file is
 * numbered marker lines, so a cut shows where it falls). Each case pins what the client did (the
 * cut byte, the order, what was left out) and then holds `contextfmt doctor --json` to it: every
 * file doctor calls loaded reaches the model up to its cut point, in doctor's order; what follows
 * a cut, and every file doctor calls not loaded, does not.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ClientReport, DoctorReport } from "../../src/doctor/report.js";
import { BIN } from "../cli/run-bin.js";
import { headless, homeFiles, type OfflineClient, scriptFor } from "./offline-clients.js";
import { modelBodies, runScripted, syncProject } from "./run-scripted.js";

/** `bytes` bytes of numbered lines `TAG-00001 xxx…`, so any prefix names the line it ends in. */
function numbered(tag: string, bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let line = 1; size < bytes; line += 1) {
    const text = `${tag}-${String(line).padStart(5, "0")} ${"x".repeat(61)}\n`;
    lines.push(text);
    size += text.length;
  }
  return lines.join("").slice(0, bytes);
}

/** A hook command's script: prints a SessionStart additionalContext of `numbered("HOOKC", n)`. */
const SIZED = new URL("./sized-context.mjs", import.meta.url).pathname;

/** Every string of a JSON request body, joined: the text the model is given, unescaped. */
function textOf(body: string): string {
  const strings: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === "string") strings.push(value);
    else if (value && typeof value === "object")
      for (const item of Object.values(value)) walk(item);
  };
  walk(JSON.parse(body));
  return strings.join("\n");
}

type Client = OfflineClient;

/** A project that hits one rule: its files, the folder the session starts in, extra arguments. */
interface Case {
  readonly files: Record<string, string>;
  /** The session's folder, relative to the project (the project itself when absent). */
  readonly cwd?: string;
  /** Files for the home folder, beside what the client needs to run. */
  readonly home?: Record<string, string>;
  readonly args?: readonly string[];
  /** What to do in the project before the client runs (install hooks). */
  readonly prepare?: (project: ReturnType<typeof syncProject>) => void;
}

/** One headless run: the client's exit code and the text of the session's model request. */
interface Run {
  readonly code: number | null;
  readonly output: string;
  readonly text: string;
  readonly dir: string;
  /** The folder the session started in. */
  readonly cwd: string;
  readonly files: Record<string, string>;
}

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const write = (base: string, files: Record<string, string>) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), text);
  }
};

/**
 * The request of the session itself: the one that offers tools (OpenCode first asks for a title,
 * Gemini CLI for a routing decision, Qwen Code later for memories; none of those offers tools).
 */
function sessionRequest(client: Client, bodies: readonly string[]): string {
  const offersTools = (body: string) => {
    const parsed = JSON.parse(body) as { tools?: unknown[] };
    return (parsed.tools ?? []).length > 0;
  };
  const session = bodies.find(offersTools);
  if (session === undefined) throw new Error(`${client} sent no request that offers tools`);
  return session;
}

/** Builds the case's git project, runs `client` once in it, and returns what the model got. */
function run(client: Client, made: Case): Run {
  const project = syncProject(made.files);
  roots.push(project.root);
  // Codex CLI's home is the home itself: a case's Codex files go at its top.
  const place = { dir: project.dir, home: project.home, codexHome: project.home };
  write(project.home, { ...homeFiles(client, place), ...made.home });
  made.prepare?.(project);
  const start = headless(client, "hi", place);
  const recorded = runScripted(
    client,
    scriptFor(client, project.home),
    made.args ?? start.args,
    start.env,
    join(project.dir, made.cwd ?? ""),
  );
  const bodies = modelBodies(recorded);
  const text = bodies.length === 0 ? "" : textOf(sessionRequest(client, bodies));
  return {
    code: recorded.code,
    output: recorded.output,
    text,
    dir: project.dir,
    cwd: join(project.dir, made.cwd ?? ""),
    files: made.files,
  };
}

/** The numbers of the `TAG-NNNNN` lines the text holds, in order. */
const linesOf = (text: string, tag: string) =>
  [...text.matchAll(new RegExp(`${tag}-(\\d{5})`, "g"))].map((match) => Number(match[1]));

/** Where each text first occurs (-1: absent). */
const positions = (text: string, parts: readonly string[]) =>
  parts.map((part) => text.indexOf(part));

/** Whether `numbers` are strictly increasing and none is -1. */
const inOrder = (numbers: readonly number[]) =>
  numbers.every((n, i) => n >= 0 && (i === 0 || n > (numbers[i - 1] ?? -1)));

/** `contextfmt doctor --json --client <client>` for a session started where `got` ran. */
function doctorReport(client: Client, got: Run): DoctorReport {
  const json = execFileSync(
    process.execPath,
    [BIN, "doctor", got.cwd, "--client", client, "--json"],
    { encoding: "utf8" },
  );
  return JSON.parse(json) as DoctorReport;
}

/** What doctor says `client` loads for a session started where `got` ran. */
function doctorSays(client: Client, got: Run): ClientReport {
  const report = doctorReport(client, got).clients.find((c) => c.client === client);
  if (!report) throw new Error(`doctor said nothing of ${client}`);
  return report;
}

/** The text a file's first `bytes` bytes decode to, as a client reading them would see it. */
const prefix = (path: string, bytes: number) =>
  new TextDecoder().decode(readFileSync(path).subarray(0, bytes));

/** What names a project file in a request: its first marker (`X_MARK`, or `TAG-00001`). */
const probeOf = (text: string) => /\b[A-Z][A-Z_]*_MARK\b|\b[A-Z]+-00001\b/.exec(text)?.[0];

/**
 * Holds doctor to the request `got` recorded: the files doctor calls loaded are exactly the
 * project's files whose text reached the model; each loaded file's text, up to its cut point, is
 * in the request, in doctor's order; the bytes after a cut, and every file doctor calls not
 * loaded, are not. Texts are compared trimmed (Claude Code trims each file).
 */
function expectDoctorAgrees(client: Client, got: Run): ClientReport {
  const said = doctorSays(client, got);
  const reached = Object.entries(got.files)
    .filter(([, text]) => {
      const probe = probeOf(text);
      return probe !== undefined && got.text.includes(probe);
    })
    .map(([path]) => path);
  const loaded = said.files.filter((file) => file.loaded);
  expect(loaded.map((file) => file.path).sort(), "the files doctor calls loaded").toEqual(
    reached.sort(),
  );
  const kept = loaded.map((file) =>
    prefix(join(got.dir, file.path), file.cut?.atByte ?? file.bytes).trim(),
  );
  const at = positions(got.text, kept);
  const order = loaded.map((file, index) => `${file.path} at ${at[index]}`).join(", ");
  expect(at, `each loaded file's kept text, in doctor's order: ${order}`).toSatisfy(inOrder);
  for (const file of said.files) {
    const whole = readFileSync(join(got.dir, file.path), "utf8");
    if (file.cut) {
      const lost = new TextDecoder().decode(Buffer.from(whole).subarray(file.cut.atByte));
      expect(file.cut.lostBytes).toBe(Buffer.byteLength(whole) - file.cut.atByte);
      expect(got.text.includes(lost), `${file.path}: the bytes after its cut`).toBe(false);
    } else if (!file.loaded && whole.trim() !== "") {
      expect(got.text.includes(whole.trim()), `${file.path}: not loaded`).toBe(false);
    }
  }
  return said;
}

const KIB = 1024;
/** Bytes of one numbered line. */
const LINE = numbered("ROOTA", 200).indexOf("ROOTA-00002");

describe("Codex CLI joins AGENTS.md root → cwd and cuts the total at project_doc_max_bytes", () => {
  it("a 40 KiB AGENTS.md: its first 32768 bytes, the tail lost; a deeper file past the cap: nothing", () => {
    const root = numbered("ROOTA", 40 * KIB);
    const got = run("codex", {
      files: { "AGENTS.md": root, "sub/AGENTS.md": "SUB_SMALL_MARK\n" },
      cwd: "sub",
    });
    expect(got.text).toContain(`<INSTRUCTIONS>\n${root.slice(0, 32768)}\n</INSTRUCTIONS>`);
    expect(Math.max(...linesOf(got.text, "ROOTA"))).toBe(Math.ceil(32768 / LINE));
    expect(got.text).not.toContain("SUB_SMALL_MARK");
    expectDoctorAgrees("codex", got);
  });

  it("nested files: the root's whole, the deepest cut to what is left of the 32 KiB", () => {
    const root = numbered("ROOTA", 20 * KIB);
    const sub = numbered("SUBA", 20 * KIB);
    const got = run("codex", { files: { "AGENTS.md": root, "sub/AGENTS.md": sub }, cwd: "sub" });
    // Joined by a blank line, which the cap does not count: 20480 + 12288 = 32768.
    expect(got.text).toContain(`${root}\n\n${sub.slice(0, 32768 - 20 * KIB)}\n</INSTRUCTIONS>`);
    expectDoctorAgrees("codex", got);
  });

  it("AGENTS.override.md replaces AGENTS.md in its folder only", () => {
    const got = run("codex", {
      files: {
        "AGENTS.md": "ROOT_PLAIN_MARK\n",
        "AGENTS.override.md": "ROOT_OVERRIDE_MARK\n",
        "sub/AGENTS.md": "SUB_PLAIN_MARK\n",
      },
      cwd: "sub",
    });
    expect(got.text).toContain(
      "<INSTRUCTIONS>\nROOT_OVERRIDE_MARK\n\n\nSUB_PLAIN_MARK\n\n</INSTRUCTIONS>",
    );
    expect(got.text).not.toContain("ROOT_PLAIN_MARK");
    expectDoctorAgrees("codex", got);
  });

  it("project_doc_max_bytes in the project's .codex/config.toml moves the cut", () => {
    const root = numbered("ROOTA", 3000);
    const sub = numbered("SUBA", 3000);
    const got = run("codex", {
      files: {
        "AGENTS.md": root,
        "sub/AGENTS.md": sub,
        ".codex/config.toml": "project_doc_max_bytes = 4000\n",
      },
      cwd: "sub",
    });
    expect(got.text).toContain(`${root}\n\n${sub.slice(0, 1000)}\n</INSTRUCTIONS>`);
    expectDoctorAgrees("codex", got);
  });
  it("a cut inside a multi-byte character: Codex keeps the bytes before it, the half character as U+FFFD", () => {
    // Bytes 999 and 1000 are the two of "é": the cap of 1000 falls between them.
    const text = `CUT_MARK ${"a".repeat(990)}é TAIL_MARK\n`;
    const got = run("codex", {
      files: { "AGENTS.md": text, ".codex/config.toml": "project_doc_max_bytes = 1000\n" },
    });
    expect(got.text).toContain(
      `<INSTRUCTIONS>\nCUT_MARK ${"a".repeat(990)}\uFFFD\n</INSTRUCTIONS>`,
    );
    const said = expectDoctorAgrees("codex", got);
    expect(said.files[0]?.cut).toEqual({ atByte: 1000, lostBytes: Buffer.byteLength(text) - 1000 });
  });
});

describe("Claude Code reads CLAUDE.md, its imports and rules; AGENTS.md only without a CLAUDE.md", () => {
  it("CLAUDE.md and AGENTS.md together: CLAUDE.md only", () => {
    const got = run("claude", {
      files: { "CLAUDE.md": "CLAUDE_MARK\n", "AGENTS.md": "AGENTS_MARK\n" },
    });
    expect(got.text).toContain(
      `Contents of ${got.dir}/CLAUDE.md (project instructions, checked into the codebase):\n\nCLAUDE_MARK\n`,
    );
    expect(got.text).not.toContain("AGENTS_MARK");
    expectDoctorAgrees("claude", got);
  });

  it("AGENTS.md alone: read in CLAUDE.md's place", () => {
    const got = run("claude", { files: { "AGENTS.md": "AGENTS_MARK\n" } });
    expect(got.text).toContain(
      `Contents of ${got.dir}/AGENTS.md (project instructions, checked into the codebase):\n\nAGENTS_MARK\n`,
    );
    expectDoctorAgrees("claude", got);
  });

  it("any CLAUDE.md on the way root → cwd: no AGENTS.md of those folders; none: each folder's", () => {
    const withClaude = run("claude", {
      files: {
        "CLAUDE.md": "CLAUDE_ROOT_MARK\n",
        "AGENTS.md": "AGENTS_ROOT_MARK\n",
        "sub/AGENTS.md": "AGENTS_SUB_MARK\n",
      },
      cwd: "sub",
    });
    expect(withClaude.text).toContain("CLAUDE_ROOT_MARK");
    expect(withClaude.text).not.toContain("AGENTS_SUB_MARK");
    expectDoctorAgrees("claude", withClaude);
    const without = run("claude", {
      files: { "AGENTS.md": "AGENTS_ROOT_MARK\n", "sub/AGENTS.md": "AGENTS_SUB_MARK\n" },
      cwd: "sub",
    });
    expect(positions(without.text, ["AGENTS_ROOT_MARK", "AGENTS_SUB_MARK"])).toSatisfy(inOrder);
    expectDoctorAgrees("claude", without);
  });

  it("imports right after their file, then .claude/CLAUDE.md, rules without paths, CLAUDE.local.md", () => {
    const got = run("claude", {
      files: {
        "CLAUDE.md": "CLAUDE_MARK see @docs/imported.md and @missing.md\n",
        "docs/imported.md": "IMPORTED_MARK and @deeper.md\n",
        "docs/deeper.md": "DEEPER_MARK\n",
        ".claude/CLAUDE.md": "DOT_CLAUDE_MARK\n",
        ".claude/rules/always.md": "RULE_ALWAYS_MARK\n",
        ".claude/rules/scoped.md": "---\npaths: src/**/*.ts\n---\nRULE_SCOPED_MARK\n",
        "CLAUDE.local.md": "LOCAL_MARK\n",
      },
    });
    const order = [
      "CLAUDE_MARK",
      "IMPORTED_MARK",
      "DEEPER_MARK",
      "DOT_CLAUDE_MARK",
      "RULE_ALWAYS_MARK",
      "LOCAL_MARK",
    ];
    expect(positions(got.text, order), got.text.slice(0, 3000)).toSatisfy(inOrder);
    expect(got.text).not.toContain("RULE_SCOPED_MARK");
    expect(got.text).not.toContain(`Contents of ${got.dir}/missing.md`);
    expectDoctorAgrees("claude", got);
  });

  it("nested CLAUDE.md: the folders root → cwd at start; one below the cwd not", () => {
    const got = run("claude", {
      files: {
        "CLAUDE.md": "CLAUDE_ROOT_MARK\n",
        "sub/CLAUDE.md": "CLAUDE_SUB_MARK\n",
        "sub/deep/CLAUDE.md": "CLAUDE_DEEP_MARK\n",
      },
      cwd: "sub",
    });
    expect(positions(got.text, ["CLAUDE_ROOT_MARK", "CLAUDE_SUB_MARK"])).toSatisfy(inOrder);
    expect(got.text).not.toContain("CLAUDE_DEEP_MARK");
    expectDoctorAgrees("claude", got);
  });

  it("the SessionStart hook: what doctor says it injects, item by item, is what arrives inline", () => {
    // Forty rules of ~300 characters: more than the hook's budget, so some are left out.
    const rules = Array.from({ length: 40 }, (_, index) => ({
      name: `hook_rule_${index}`,
      rule: `HOOK_RULE_${index}_MARK ${"keep the build green and the logs quiet ".repeat(7).trim()}`,
      category: "behavior",
      authority: "default",
      priority: 90 - index,
    }));
    const got = run("claude", {
      files: { ".contextfmt/rules.json": JSON.stringify({ rules }) },
      prepare: (project) => {
        mkdirSync(join(project.dir, "node_modules/.bin"), { recursive: true });
        symlinkSync(BIN, join(project.dir, "node_modules/.bin/contextfmt"));
        project.contextfmt("init", "claude");
      },
    });
    const hook = doctorSays("claude", got).hooks.find((h) => h.event === "SessionStart");
    const items = hook?.inject?.items.filter((item) => item.source === "--rules") ?? [];
    expect(hook?.limit.chars).toBe(10000);
    expect(hook?.inject?.chars).toBeLessThanOrEqual(10000);
    expect(got.text).not.toContain("<persisted-output>");
    const fates = items.map((item) => ({
      id: item.id,
      status: item.status,
      arrived: got.text.includes(rules.find((rule) => rule.name === item.id)?.rule ?? "\0"),
      named: got.text.includes(`HOOK_RULE_${item.id.slice("hook_rule_".length)}_MARK`),
    }));
    // Each rule doctor calls included arrives whole; each it calls skipped does not arrive at all.
    expect(fates.map((f) => f.id).sort()).toEqual(rules.map((rule) => rule.name).sort());
    for (const fate of fates) {
      if (fate.status === "included") expect(fate, fate.id).toMatchObject({ arrived: true });
      if (fate.status === "skipped") expect(fate, fate.id).toMatchObject({ named: false });
      if (fate.status === "shortened")
        expect(fate, fate.id).toMatchObject({ arrived: false, named: true });
    }
    expect(fates.some((f) => f.status === "skipped")).toBe(true);
    expect(fates.some((f) => f.status === "included")).toBe(true);
  });

  it("a hook's context of 10,000 characters arrives inline; of 10,001, as a file and a preview", () => {
    const hook = (chars: number) => ({
      ".claude/settings.json": JSON.stringify({
        hooks: {
          SessionStart: [
            { hooks: [{ type: "command", command: `"${process.execPath}" "${SIZED}" ${chars}` }] },
          ],
        },
      }),
    });
    const inline = run("claude", { files: {}, home: hook(10000) });
    expect(inline.text).toContain(numbered("HOOKC", 10000));
    const over = run("claude", { files: {}, home: hook(10001) });
    expect(over.text).not.toContain(numbered("HOOKC", 10001));
    // The preview: the first 2,000 characters cut back to the last line break, then "...".
    const preview = numbered("HOOKC", 2000);
    expect(over.text).toContain(
      `Preview (first 2KB):\n${preview.slice(0, preview.lastIndexOf("\n") + 1)}...\n</persisted-output>`,
    );
  });

  it("a 80 KiB CLAUDE.md: whole (no cap)", () => {
    const big = numbered("CLA", 80 * KIB);
    const got = run("claude", { files: { "CLAUDE.md": big } });
    expect(got.text).toContain(big.trim());
    expectDoctorAgrees("claude", got);
  });
});

describe("Gemini CLI reads GEMINI.md root → cwd, plus the names context.fileName adds", () => {
  it("GEMINI.md root → cwd; AGENTS.md and CLAUDE.md not; none below the cwd", () => {
    const got = run("gemini", {
      files: {
        "GEMINI.md": "GEMINI_ROOT_MARK\n",
        "AGENTS.md": "AGENTS_MARK\n",
        "CLAUDE.md": "CLAUDE_MARK\n",
        "sub/GEMINI.md": "GEMINI_SUB_MARK\n",
        "sub/deep/GEMINI.md": "GEMINI_DEEP_MARK\n",
      },
      cwd: "sub",
    });
    expect(got.text).toContain(`--- Context from: ${got.dir}/GEMINI.md ---\nGEMINI_ROOT_MARK\n`);
    expect(positions(got.text, ["GEMINI_ROOT_MARK", "GEMINI_SUB_MARK"])).toSatisfy(inOrder);
    for (const absent of ["AGENTS_MARK", "CLAUDE_MARK", "GEMINI_DEEP_MARK"])
      expect(got.text).not.toContain(absent);
    expectDoctorAgrees("gemini", got);
  });

  it("context.fileName adds its names before GEMINI.md, which still loads", () => {
    const got = run("gemini", {
      files: {
        "GEMINI.md": "GEMINI_ROOT_MARK\n",
        "AGENTS.md": "AGENTS_MARK\n",
        "CONTEXT.md": "CONTEXT_MARK\n",
        ".gemini/settings.json": JSON.stringify({
          context: { fileName: ["AGENTS.md", "CONTEXT.md"] },
        }),
      },
    });
    expect(positions(got.text, ["AGENTS_MARK", "CONTEXT_MARK", "GEMINI_ROOT_MARK"])).toSatisfy(
      inOrder,
    );
    expectDoctorAgrees("gemini", got);
  });

  it("an untrusted folder: headless refuses to start; with --skip-trust the project's settings are ignored", () => {
    const files = {
      "GEMINI.md": "GEMINI_ROOT_MARK\n",
      "AGENTS.md": "AGENTS_MARK\n",
      ".gemini/settings.json": JSON.stringify({ context: { fileName: "AGENTS.md" } }),
    };
    const untrusted = { ".gemini/trustedFolders.json": "{}" };
    const refused = run("gemini", { files, home: untrusted });
    expect(refused.code).toBe(55);
    expect(refused.output).toContain("Gemini CLI is not running in a trusted directory");
    const skipped = run("gemini", { files, home: untrusted, args: ["--skip-trust", "-p", "hi"] });
    expect(skipped.text).toContain("GEMINI_ROOT_MARK");
    expect(skipped.text).not.toContain("AGENTS_MARK");
    // Doctor cannot know the user's trust; it warns that, untrusted, AGENTS.md is not read.
    const warned = doctorReport("gemini", skipped).problems.filter((p) => p.code === "untrusted");
    expect(warned.map((p) => p.path)).toEqual([".gemini/settings.json"]);
    expect(warned[0]?.message).toContain("does not read AGENTS.md");
  });
});

/** Every instruction file some client reads, each with its own marker. */
const EVERY_FILE = {
  "AGENTS.md": "AGENTS_ROOT_MARK\n",
  "CLAUDE.md": "CLAUDE_MARK\n",
  "GEMINI.md": "GEMINI_MARK\n",
  "QWEN.md": "QWEN_MARK\n",
  ".github/copilot-instructions.md": "COPILOT_MARK\n",
  ".github/instructions/all.instructions.md": '---\napplyTo: "**"\n---\nAPPLY_ALL_MARK\n',
  ".github/instructions/ts.instructions.md": '---\napplyTo: "src/**/*.ts"\n---\nAPPLY_TS_MARK\n',
  "sub/AGENTS.md": "AGENTS_SUB_MARK\n",
};
const MARKS = Object.values(EVERY_FILE).map((text) => /\w+_MARK/.exec(text)?.[0] ?? "");

/** The markers the text holds, in the order they occur. */
const marksIn = (text: string) =>
  MARKS.filter((mark) => text.includes(mark)).sort((a, b) => text.indexOf(a) - text.indexOf(b));

describe("Copilot CLI, Qwen Code and OpenCode: which instruction files, in what order", () => {
  it("Copilot CLI: copilot-instructions, AGENTS.md, CLAUDE.md, GEMINI.md, the cwd's AGENTS.md, applyTo ** files", () => {
    const got = run("copilot", { files: EVERY_FILE, cwd: "sub" });
    expect(marksIn(got.text)).toEqual([
      "COPILOT_MARK",
      "AGENTS_ROOT_MARK",
      "CLAUDE_MARK",
      "GEMINI_MARK",
      "AGENTS_SUB_MARK",
      "APPLY_ALL_MARK",
    ]);
    // A scoped instructions file is only named, for the model to read when it works on such files.
    expect(got.text).toContain("| src/**/*.ts | '.github/instructions/ts.instructions.md' |");
    expectDoctorAgrees("copilot", got);
  });

  it("Qwen Code: QWEN.md then AGENTS.md in each folder, root → cwd", () => {
    const got = run("qwen", { files: EVERY_FILE, cwd: "sub" });
    expect(marksIn(got.text)).toEqual(["QWEN_MARK", "AGENTS_ROOT_MARK", "AGENTS_SUB_MARK"]);
    expect(got.text).toContain("--- Context from: ../QWEN.md ---\nQWEN_MARK\n");
    expectDoctorAgrees("qwen", got);
  });

  it("OpenCode: AGENTS.md cwd → root (deepest first), CLAUDE.md only without one", () => {
    const got = run("opencode", { files: EVERY_FILE, cwd: "sub" });
    expect(marksIn(got.text)).toEqual(["AGENTS_SUB_MARK", "AGENTS_ROOT_MARK"]);
    expect(got.text).toContain(`Instructions from: ${got.dir}/sub/AGENTS.md\nAGENTS_SUB_MARK\n`);
    const fallback = run("opencode", {
      files: { "CLAUDE.md": "CLAUDE_MARK\n", "GEMINI.md": "GEMINI_MARK\n" },
    });
    expect(marksIn(fallback.text)).toEqual(["CLAUDE_MARK"]);
    expectDoctorAgrees("opencode", got);
    expectDoctorAgrees("opencode", fallback);
  });
});

/** Both clients' files at once: AGENTS.md and CLAUDE.md, nested, and .clinerules (nested too). */
const RULES_FILES = {
  "AGENTS.md": "AGENTS_ROOT_MARK\n",
  "CLAUDE.md": "CLAUDE_ROOT_MARK\n",
  "sub/AGENTS.md": "AGENTS_SUB_MARK\n",
  "sub/CLAUDE.md": "CLAUDE_SUB_MARK\n",
  ".clinerules/b.md": "RULE_B_MARK\n",
  ".clinerules/a.md": "RULE_A_MARK\n",
  ".clinerules/deep/c.md": "RULE_DEEP_MARK\n",
  "sub/.clinerules/s.md": "RULE_SUB_MARK\n",
};
const RULES_MARKS = Object.values(RULES_FILES).map((text) => /\w+_MARK/.exec(text)?.[0] ?? "");
const rulesMarksIn = (text: string) =>
  RULES_MARKS.filter((mark) => text.includes(mark)).sort(
    (a, b) => text.indexOf(a) - text.indexOf(b),
  );

describe("Kilo Code reads AGENTS.md cwd → root, CLAUDE.md only where no folder has one; Cline its start folder only", () => {
  it("Kilo Code: AGENTS.md deepest first, no CLAUDE.md beside them, no .clinerules, no cap at 80 KiB", () => {
    const nested = run("kilo", { files: RULES_FILES, cwd: "sub" });
    expect(rulesMarksIn(nested.text)).toEqual(["AGENTS_SUB_MARK", "AGENTS_ROOT_MARK"]);
    expectDoctorAgrees("kilo", nested);
    const alone = run("kilo", { files: { "CLAUDE.md": "CLAUDE_ROOT_MARK\n" } });
    expect(rulesMarksIn(alone.text)).toEqual(["CLAUDE_ROOT_MARK"]);
    expectDoctorAgrees("kilo", alone);
    // An AGENTS.md at the root keeps the start folder's CLAUDE.md out, though it has none.
    const mixed = run("kilo", {
      files: { "AGENTS.md": "AGENTS_ROOT_MARK\n", "sub/CLAUDE.md": "CLAUDE_SUB_MARK\n" },
      cwd: "sub",
    });
    expect(rulesMarksIn(mixed.text)).toEqual(["AGENTS_ROOT_MARK"]);
    expectDoctorAgrees("kilo", mixed);
    const big = numbered("BIGA", 80 * KIB);
    const whole = run("kilo", { files: { "AGENTS.md": big } });
    expect(whole.text).toContain(big.trim());
    expectDoctorAgrees("kilo", whole);
  }, 400_000);

  it("Cline: .clinerules/*.md by name (not below), then AGENTS.md, of the start folder only; CLAUDE.md never; no cap at 80 KiB", () => {
    const atRoot = run("cline", { files: RULES_FILES });
    expect(rulesMarksIn(atRoot.text)).toEqual(["RULE_A_MARK", "RULE_B_MARK", "AGENTS_ROOT_MARK"]);
    expectDoctorAgrees("cline", atRoot);
    const inSub = run("cline", { files: RULES_FILES, cwd: "sub" });
    expect(rulesMarksIn(inSub.text)).toEqual(["RULE_SUB_MARK", "AGENTS_SUB_MARK"]);
    expectDoctorAgrees("cline", inSub);
    const alone = run("cline", {
      files: { "CLAUDE.md": "CLAUDE_ROOT_MARK\n", "sub/CLAUDE.md": "CLAUDE_SUB_MARK\n" },
      cwd: "sub",
    });
    expect(rulesMarksIn(alone.text)).toEqual([]);
    expectDoctorAgrees("cline", alone);
    const big = numbered("BIGA", 80 * KIB);
    const whole = run("cline", { files: { "AGENTS.md": big } });
    expect(whole.text).toContain(big.trim());
    expectDoctorAgrees("cline", whole);
  }, 400_000);
});
