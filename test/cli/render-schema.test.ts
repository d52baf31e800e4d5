import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { FormatManager } from "contextfmt";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { ALIAS_BOMB, contextfmt } from "./run-bin.js";

const RULES = new URL("../../examples/rules.json", import.meta.url).pathname;
const NOW = "2025-10-04T20:00:00Z";
const dir = mkdtempSync(join(tmpdir(), "contextfmt-render-"));
const BAD_RULES = join(dir, "bad-rules.json");
writeFileSync(
  BAD_RULES,
  JSON.stringify({
    rules: [{ name: "a", rule: "b", category: "behavior", authority: "sometimes" }],
  }),
);

describe("contextfmt render", () => {
  it.each(["claude", "codex", "gemini"])(
    "prints exactly what FormatManager gives for %s",
    async (format) => {
      const { readFileSync } = await import("node:fs");
      const expected = new FormatManager().format(format, JSON.parse(readFileSync(RULES, "utf8")), {
        now: NOW,
        budget: 300,
      });
      const { stdout, stderr, status } = contextfmt([
        "render",
        "--format",
        format,
        RULES,
        "--budget",
        "300",
        "--now",
        NOW,
      ]);
      expect(status).toBe(0);
      expect(stdout).toBe(
        expected.content.endsWith("\n") ? expected.content : `${expected.content}\n`,
      );
      expect(stderr).toBe(
        expected.issues
          .map((issue) => `contextfmt: ${issue.severity}: ${issue.code}: ${issue.message}\n`)
          .join(""),
      );
    },
  );

  it.each(["claude", "codex"])(
    "%s: two rules with one id exit 0, the duplicate reported as such",
    (format) => {
      const file = join(dir, "duplicate-ids.json");
      const rule = { rule: "Keep commits small", category: "behavior", authority: "default" };
      writeFileSync(
        file,
        JSON.stringify({
          rules: [
            { ...rule, id: "r1", name: "a" },
            { ...rule, id: "r1", name: "b" },
          ],
        }),
      );
      const { stderr, status } = contextfmt(["render", "--format", format, file, "--now", NOW]);
      expect(stderr).not.toContain("invalid_structure");
      expect(stderr).toContain("duplicate");
      expect(status).toBe(0);
    },
  );

  it("reads YAML as well as JSON", async () => {
    const { readFileSync } = await import("node:fs");
    const yamlFile = join(dir, "rules.yaml");
    writeFileSync(yamlFile, stringify(JSON.parse(readFileSync(RULES, "utf8"))));
    const fromYaml = contextfmt(["render", "--format", "codex", yamlFile, "--now", NOW]);
    const fromJson = contextfmt(["render", "--format", "codex", RULES, "--now", NOW]);
    expect(fromYaml.status).toBe(0);
    expect(fromYaml.stdout).toBe(fromJson.stdout);
  });

  it("--exact counts with o200k (the tokenizer is loaded only then)", async () => {
    const { readFileSync } = await import("node:fs");
    const { createTiktokenCounter } = await import("contextfmt/tiktoken");
    const expected = new FormatManager().format("claude", JSON.parse(readFileSync(RULES, "utf8")), {
      now: NOW,
      budget: 160,
      counter: createTiktokenCounter({ encoding: "o200k_base" }),
    });
    const { stdout, stderr, status } = contextfmt([
      "render",
      "--format",
      "claude",
      RULES,
      "--exact",
      "--budget",
      "160",
      "--now",
      NOW,
    ]);
    expect(status, stderr).toBe(0);
    expect(stdout).toBe(`${expected.content.trimEnd()}\n`);
  }, 30_000);

  it("exits 1 with the result printed when it has error issues (required rules over budget)", () => {
    const { stdout, stderr, status } = contextfmt([
      "render",
      "--format",
      "claude",
      RULES,
      "--budget",
      "10",
    ]);
    expect(status).toBe(1);
    expect(stdout).toContain("atomic_commits");
    expect(stderr).toMatch(/contextfmt: error: budget_exceeded: /);
  });

  it.each([
    [["render", RULES], /^contextfmt: missing --format; see "contextfmt render --help"$/],
    [
      ["render", "--format", "claude"],
      /^contextfmt: missing the input file; see "contextfmt render --help"$/,
    ],
    [
      ["render", "--format", "markdown", RULES],
      /^contextfmt: --format: unknown format "markdown"; formats: claude, codex, gemini,/,
    ],
    [
      ["render", "--format", "claude", RULES, "--now", "yesterday"],
      /^contextfmt: options\.now: expected an ISO 8601 date-time/,
    ],
    [["render", "--format", "claude", RULES, "extra"], /^contextfmt: unexpected argument "extra"/],
    [
      ["render", "--format", "claude", BAD_RULES],
      new RegExp(
        `^contextfmt: ${BAD_RULES.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: rules\\[0\\]\\.authority: expected "absolute" \\| "default", received "sometimes"$`,
      ),
    ],
    [
      ["frobnicate"],
      /^contextfmt: unknown command "frobnicate"; commands: render, hook, convert, sync, init, schema, doctor, tokens$/,
    ],
  ])("%j: one line, exit 1", (args, message) => {
    const { stderr, status } = contextfmt(args);
    expect(status).toBe(1);
    expect(stderr.trimEnd()).toMatch(message);
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
  });
});

describe("--help", () => {
  it.each([
    [["--help"]],
    [["help"]],
    [["render", "--help"]],
    [["hook", "--help"]],
    [["schema", "-h"]],
  ])("%j prints usage and exits 0", (args) => {
    const { stdout, status } = contextfmt(args);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^Usage: contextfmt/);
  });

  it("hook --help lists every tool's events", () => {
    const { stdout } = contextfmt(["hook", "--help"]);
    expect(stdout).toContain(
      "claude  session-start, subagent-start, user-prompt-submit, user-prompt-expansion,\n" +
        "          pre-tool-use, post-tool-use, post-tool-use-failure, post-tool-batch, stop,\n" +
        "          subagent-stop, post-model-switch\n",
    );
    expect(stdout).toContain("gemini  session-start, before-agent, before-tool, after-tool");
    expect(stdout).toContain(
      "codex   session-start, subagent-start, user-prompt-submit, pre-tool-use, post-tool-use",
    );
  });
});

describe("contextfmt schema", () => {
  it("prints a JSON Schema that accepts the example rules and rejects a bad one", async () => {
    const { readFileSync } = await import("node:fs");
    const { stdout, status } = contextfmt(["schema", "rules"]);
    expect(status).toBe(0);
    const schema = JSON.parse(stdout);
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    const validate = new Ajv2020({ strict: false }).compile(schema);
    const rules = JSON.parse(readFileSync(RULES, "utf8"));
    expect(validate(rules), JSON.stringify(validate.errors)).toBe(true);
    rules.rules[0].authority = "sometimes";
    expect(validate(rules)).toBe(false);
    rules.rules[0].authority = "absolute";
    rules.rules[0].createdAt = 1_728_000_000_000;
    expect(validate(rules)).toBe(true);
  });

  it.each([
    [
      "memories",
      "memories.json",
      (file: { memories: { category?: string }[] }) => {
        file.memories[0] = { ...file.memories[0], category: "gossip" };
      },
    ],
    [
      "project",
      "project.json",
      (file: { projects: { status?: string }[] }) => {
        file.projects[0] = { ...file.projects[0], status: "snoozing" };
      },
    ],
    [
      "session",
      "session.json",
      (file: { candidates: { relevance?: number }[] }) => {
        file.candidates[0] = { ...file.candidates[0], relevance: 3 };
      },
    ],
  ] as const)(
    "schema %s accepts examples/hooks/%s and rejects a broken copy",
    async (name, example, breakIt) => {
      const { readFileSync } = await import("node:fs");
      const validate = new Ajv2020({ strict: false }).compile(
        JSON.parse(contextfmt(["schema", name]).stdout),
      );
      const file = JSON.parse(
        readFileSync(new URL(`../../examples/hooks/${example}`, import.meta.url), "utf8"),
      );
      expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
      (breakIt as (value: unknown) => void)(file);
      expect(validate(file)).toBe(false);
    },
  );

  it("rules is the default; an unknown name lists the known ones", () => {
    expect(contextfmt(["schema"]).stdout).toBe(contextfmt(["schema", "rules"]).stdout);
    const { stderr, status } = contextfmt(["schema", "recipes"]);
    expect(status).toBe(1);
    expect(stderr).toBe(
      'contextfmt: unknown schema "recipes"; schemas: rules, memories, project, session, config\n',
    );
  });
});

describe("one input reader for every subcommand", () => {
  const dir = mkdtempSync(join(tmpdir(), "contextfmt-reader-"));
  const put = (name: string, content: string | Buffer) => {
    writeFileSync(join(dir, name), content);
    return join(dir, name);
  };
  const rule = { name: "r", rule: "Keep it short", category: "style", authority: "absolute" };

  it("--version prints the package's version", () => {
    const { version } = JSON.parse(
      readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
    );
    expect(contextfmt(["--version"])).toMatchObject({ status: 0, stdout: `${version}\n` });
  });

  it("render and tokens read - as stdin, a bare list as the format's input, a BOM as nothing", () => {
    const fromStdin = contextfmt(
      ["render", "--format", "codex", "--now", "2025-01-01T00:00:00Z", "-"],
      JSON.stringify([rule]),
    );
    const fromFile = contextfmt([
      "render",
      "--format",
      "codex",
      "--now",
      "2025-01-01T00:00:00Z",
      put("bom.json", `\ufeff${JSON.stringify({ rules: [rule] })}`),
    ]);
    expect(fromStdin.status).toBe(0);
    expect(fromStdin.stdout).toBe(fromFile.stdout);
    expect(contextfmt(["tokens", "--format", "codex", "-"], JSON.stringify([rule])).status).toBe(0);
  });

  it("an empty file, another extension, an alias bomb: one clear line each", () => {
    const cases: [string, RegExp][] = [
      [put("empty.json", ""), /empty\.json: the file is empty; expected JSON or YAML/],
      [
        put("rules.txt", "{}"),
        /rules\.txt: cannot read a \.txt file here; input files are \.json, \.yaml or \.yml$/,
      ],
      [
        put("bomb.yaml", ALIAS_BOMB),
        /bomb\.yaml: invalid YAML: Excessive alias count .* \(at most 1000 aliases are expanded\)$/,
      ],
    ];
    for (const [path, message] of cases) {
      const { status, stderr, stdout } = contextfmt(["render", "--format", "claude", path]);
      expect({ status, stdout }).toEqual({ status: 1, stdout: "" });
      expect(stderr.trimEnd()).toMatch(message);
      expect(stderr.trimEnd().split("\n")).toHaveLength(1);
    }
  });

  it("invalid UTF-8 is replaced and reported as text_sanitized, naming the file", () => {
    const path = put(
      "latin1.json",
      Buffer.concat([
        Buffer.from('[{"name":"caf'),
        Buffer.from([0xe9]),
        Buffer.from('","rule":"x","category":"c","authority":"absolute"}]'),
      ]),
    );
    const { status, stderr, stdout } = contextfmt(["render", "--format", "claude", path]);
    expect(status).toBe(0);
    expect(stdout).toContain("**caf\ufffd**");
    expect(stderr).toBe(
      `contextfmt: warning: text_sanitized at ${path}: bytes that are not UTF-8 were replaced with U+FFFD\n`,
    );
  });

  it("escape sequences in a name never reach the terminal from stderr", () => {
    const { stderr } = contextfmt([
      "render",
      "--format",
      "claude",
      join(dir, "x\u001b[2J\u0007.json"),
    ]);
    expect(stderr).toBe(
      `contextfmt: ${join(dir, "x\\u001b[2J\\u0007.json")}: cannot read: no such file\n`,
    );
  });

  it("the hook prints {} for an empty rules file, and refuses - for a file (stdin is the hook's JSON)", () => {
    const stdin = JSON.stringify({
      session_id: "s",
      transcript_path: "/t",
      cwd: dir,
      hook_event_name: "SessionStart",
      source: "startup",
    });
    expect(
      contextfmt(
        ["hook", "claude", "session-start", "--rules", put("none.json", '{"rules":[]}')],
        stdin,
      ),
    ).toMatchObject({ status: 0, stdout: "{}\n" });
    expect(contextfmt(["hook", "claude", "session-start", "--rules", "-"], stdin).stderr).toMatch(
      /--rules -: stdin holds the hook's own JSON/,
    );
  });
});
