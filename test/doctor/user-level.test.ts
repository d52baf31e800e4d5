/**
 * doctor() with a fake home: the user-level and managed instruction files each client reads for
 * every project, in its order, marked by level; none without `user` (as `--project-only`).
 */
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DoctorReport, doctor, doctorHtml, type SyncTool } from "contextfmt/sync";
import { describe, expect, it } from "vitest";
import { type UserFolder, userFolderPath } from "../../src/clients/spec.js";
import { project } from "../cli/project-dir.js";
import { contextfmt } from "../cli/run-bin.js";
import { clientOf, filled, GIT } from "./everything.js";

const EXAMPLES = new URL("../../examples/", import.meta.url).pathname;

/** The report of `clients` for the project `dir`, as the user of home `home` (system: linux). */
const asUser = (
  dir: string,
  home: string,
  clients: SyncTool[],
  more: { env?: Record<string, string>; systemRoot?: string; platform?: string } = {},
): Promise<DoctorReport> =>
  doctor({
    dir,
    clients,
    user: {
      env: { HOME: home, ...more.env },
      ...(more.systemRoot !== undefined ? { systemRoot: more.systemRoot } : {}),
      ...(more.platform !== undefined ? { platform: more.platform } : {}),
    },
  });

/** A client's files as `path (level, fate)`. */
const fates = (report: DoctorReport, client: SyncTool) =>
  clientOf(report, client).files.map(
    (file) =>
      `${file.path} (${file.level ?? "project"}, ${file.loaded ? "loaded" : (file.reason ?? "not loaded")})`,
  );

describe("userFolderPath", () => {
  const env = { HOME: "/home/ada" };
  it.each<[UserFolder, Record<string, string>, string | undefined]>([
    [{ path: "~/.claude" }, env, "/home/ada/.claude"],
    [{ path: "~/.codex", env: "CODEX_HOME" }, env, "/home/ada/.codex"],
    [{ path: "~/.codex", env: "CODEX_HOME" }, { ...env, CODEX_HOME: "/srv/codex" }, "/srv/codex"],
    [{ path: "~config/opencode" }, env, "/home/ada/.config/opencode"],
    [{ path: "~config/opencode" }, { ...env, XDG_CONFIG_HOME: "/cfg" }, "/cfg/opencode"],
    // A relative XDG_CONFIG_HOME is invalid by the XDG rule: ignored.
    [
      { path: "~config/opencode" },
      { ...env, XDG_CONFIG_HOME: "cfg" },
      "/home/ada/.config/opencode",
    ],
    [{ path: "/etc/claude-code" }, {}, "/etc/claude-code"],
    [{ path: "~/.claude" }, {}, undefined],
  ])("%j in %j: %s", (folder, given, expected) => {
    expect(userFolderPath(folder, given)).toBe(expected);
  });
});

describe("doctor() with the user's files", () => {
  it("Claude Code: managed, then ~/.claude/CLAUDE.md and its rules, then the project's", async () => {
    const home = project({
      ".claude/CLAUDE.md": "Mine.\n",
      ".claude/rules/b.md": "Rule b.\n",
      ".claude/rules/a.md": '---\npaths: ["src/**"]\n---\nOnly for src.\n',
      ".claude/CLAUDE.local.md": "Not read at the user level.\n",
    });
    const system = project({ "etc/claude-code/CLAUDE.md": "The organisation's.\n" });
    const dir = project({ ...GIT, "CLAUDE.md": "The project's.\n" });
    const report = await asUser(dir, home, ["claude"], { systemRoot: system });
    expect(fates(report, "claude")).toEqual([
      "/etc/claude-code/CLAUDE.md (managed, loaded)",
      "~/.claude/CLAUDE.md (user, loaded)",
      '~/.claude/rules/a.md (user, not read at the start: its frontmatter\'s paths is ["src/**"])',
      "~/.claude/rules/b.md (user, loaded)",
      "CLAUDE.md (project, loaded)",
    ]);
    const claude = clientOf(report, "claude");
    const bytes = ["The organisation's.\n", "Mine.\n", "Rule b.\n", "The project's.\n"];
    expect(claude.loaded.bytes).toBe(bytes.join("").length);
    // On macOS the managed file is elsewhere: the Linux one is not read.
    const mac = await asUser(dir, home, ["claude"], { systemRoot: system, platform: "darwin" });
    expect(fates(mac, "claude")[0]).toBe("~/.claude/CLAUDE.md (user, loaded)");
  });

  it("leaves them out without `user`, as --project-only does", async () => {
    const home = project({ ".claude/CLAUDE.md": "Mine.\n" });
    const dir = project({ ...GIT, "CLAUDE.md": "The project's.\n" });
    const report = await doctor({ dir, clients: ["claude"] });
    expect(fates(report, "claude")).toEqual(["CLAUDE.md (project, loaded)"]);
    expect(clientOf(report, "claude")).not.toHaveProperty("userLevel");
    expect((await asUser(dir, home, ["claude"])).clients[0]?.files).toHaveLength(2);
  });

  it("Codex CLI: CODEX_HOME's override first, its AGENTS.md shadowed; the cap counts the project's files alone", async () => {
    const codexHome = project({
      "AGENTS.override.md": filled("USER", 30 * 1024),
      "AGENTS.md": "Shadowed.\n",
    });
    const dir = project({ ...GIT, "AGENTS.md": filled("ROOT", 20 * 1024) });
    const report = await asUser(dir, "/nowhere", ["codex"], { env: { CODEX_HOME: codexHome } });
    expect(fates(report, "codex")).toEqual([
      `${codexHome}/AGENTS.override.md (user, loaded)`,
      `${codexHome}/AGENTS.md (user, shadowed by ${codexHome}/AGENTS.override.md: Codex CLI reads only the first of AGENTS.override.md, AGENTS.md there)`,
      "AGENTS.md (project, loaded)",
    ]);
    const codex = clientOf(report, "codex");
    expect(codex.files.every((file) => file.cut === undefined)).toBe(true);
    expect(codex.loaded.bytes).toBe(50 * 1024);
    expect(report.problems.filter((p) => p.code === "over_client_limit")).toEqual([]);
  });

  it("OpenCode reads ~/.claude/CLAUDE.md only without its own AGENTS.md; Cline's and Kilo Code's rules come after the project's", async () => {
    const dir = project({ ...GIT, "AGENTS.md": "The project's.\n" });
    const claudeOnly = project({
      ".claude/CLAUDE.md": "Claude's.\n",
      "Documents/Cline/Rules/style.md": "Cline's.\n",
      ".kilocode/rules/k.md": "Kilo's.\n",
    });
    const report = await asUser(dir, claudeOnly, ["opencode", "cline", "kilo"]);
    expect(fates(report, "opencode")).toEqual([
      "~/.claude/CLAUDE.md (user, loaded)",
      "AGENTS.md (project, loaded)",
    ]);
    expect(fates(report, "cline")).toEqual([
      "AGENTS.md (project, loaded)",
      "~/Documents/Cline/Rules/style.md (user, loaded)",
    ]);
    expect(fates(report, "kilo")).toEqual([
      "~/.claude/CLAUDE.md (user, loaded)",
      "AGENTS.md (project, loaded)",
      "~/.kilocode/rules/k.md (user, loaded)",
    ]);
    const both = project({
      ".claude/CLAUDE.md": "Claude's.\n",
      ".config/opencode/AGENTS.md": "OpenCode's.\n",
    });
    expect(fates(await asUser(dir, both, ["opencode"]), "opencode")).toEqual([
      "~/.config/opencode/AGENTS.md (user, loaded)",
      "AGENTS.md (project, loaded)",
    ]);
  });

  it("Qwen Code: each user file right before the project's file of its name, else first", async () => {
    const home = project({ ".qwen/QWEN.md": "Mine.\n", ".qwen/AGENTS.md": "Mine too.\n" });
    const both = project({ ...GIT, "QWEN.md": "Q.\n", "AGENTS.md": "A.\n" });
    expect(fates(await asUser(both, home, ["qwen"]), "qwen")).toEqual([
      "~/.qwen/QWEN.md (user, loaded)",
      "QWEN.md (project, loaded)",
      "~/.qwen/AGENTS.md (user, loaded)",
      "AGENTS.md (project, loaded)",
    ]);
    const agentsOnly = project({ ...GIT, "AGENTS.md": "A.\n" });
    expect(fates(await asUser(agentsOnly, home, ["qwen"]), "qwen")).toEqual([
      "~/.qwen/QWEN.md (user, loaded)",
      "~/.qwen/AGENTS.md (user, loaded)",
      "AGENTS.md (project, loaded)",
    ]);
  });

  it("marks them on the page: the level before the path, the row classed by it", async () => {
    const home = project({ ".claude/CLAUDE.md": "Mine.\n" });
    const dir = project({ ...GIT, "CLAUDE.md": "The project's.\n" });
    const page = doctorHtml(await asUser(dir, home, ["claude"]));
    expect(page).toContain(
      '<tr class="file loaded user" data-path="~/.claude/CLAUDE.md"><td class="path"><span class="level">user</span> ~/.claude/CLAUDE.md</td>',
    );
    expect(page).toContain('<tr class="file loaded" data-path="CLAUDE.md">');
  });

  it("says why a client shows none: Cursor keeps them in its settings database", async () => {
    const dir = project({ ...GIT, "AGENTS.md": "The project's.\n" });
    const cursor = clientOf(await asUser(dir, project(), ["cursor"]), "cursor");
    expect(cursor.userLevel).toMatch(/settings database/);
  });

  it("a user-level file it cannot read is an unreadable problem naming it; the rest is reported", async () => {
    const home = project({ ".gemini/GEMINI.md": Buffer.from([0xff, 0xfe, 0x00]) });
    const dir = project({ ...GIT, "GEMINI.md": "The project's.\n" });
    const report = await asUser(dir, home, ["gemini"]);
    expect(fates(report, "gemini")).toEqual(["GEMINI.md (project, loaded)"]);
    expect(report.problems).toEqual([
      expect.objectContaining({
        code: "unreadable",
        client: "gemini",
        path: "~/.gemini/GEMINI.md",
        severity: "error",
      }),
    ]);
  });

  it("refuses a user that is no environment, naming it", async () => {
    await expect(doctor({ dir: project(), user: { env: { HOME: 3 } } as never })).rejects.toThrow(
      /user\.env/,
    );
  });
});

describe("contextfmt doctor on the bundled example with the example home", () => {
  const copy = (name: string) => {
    const to = join(mkdtempSync(join(tmpdir(), "contextfmt-example-")), name);
    cpSync(join(EXAMPLES, name), to, { recursive: true });
    return to;
  };

  it("shows ~/.claude/CLAUDE.md, ~/.codex/AGENTS.md and ~/.gemini/GEMINI.md as user files; --project-only none", () => {
    const dir = copy("project");
    const home = copy("home");
    const run = (more: string[]) =>
      contextfmt(
        ["doctor", dir, "--client", "claude,codex,gemini", "--json", ...more],
        "",
        undefined,
        {
          HOME: home,
        },
      );
    const report = JSON.parse(run([]).stdout) as DoctorReport;
    const userFiles = report.clients.flatMap((client) =>
      client.files
        .filter((file) => file.level === "user")
        .map((file) => `${client.client} ${file.path}`),
    );
    expect(userFiles).toEqual([
      "claude ~/.claude/CLAUDE.md",
      "codex ~/.codex/AGENTS.md",
      "gemini ~/.gemini/GEMINI.md",
    ]);
    const projectOnly = JSON.parse(run(["--project-only"]).stdout) as DoctorReport;
    expect(projectOnly.clients.flatMap((client) => client.files.filter((f) => f.level))).toEqual(
      [],
    );
  });
});
