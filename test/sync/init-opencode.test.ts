/**
 * `init` for OpenCode (planInit and applyPlan, in process): the hook commands in .opencode/contextfmt.json, edited in place as
 * the other tools' settings are, and the plugin that runs them, init's own file. The plugin is
 * run here as OpenCode runs it (its two hooks called with OpenCode's arguments), against the
 * installed bin; test/clients/opencode.clients.ts proves the real client sends its context.
 */
import { createHash } from "node:crypto";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { Project } from "../../src/workspace/project.js";
import { WrittenRecord } from "../../src/workspace/record.js";
import { BIN } from "../cli/run-bin.js";
import { init, warningLine } from "./run-init.js";

const PLUGIN = ".opencode/plugins/contextfmt.js";
const SETTINGS = ".opencode/contextfmt.json";

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "contextfmt-init-opencode-"));
  mkdirSync(join(dir, "node_modules/.bin"), { recursive: true });
  symlinkSync(BIN, join(dir, "node_modules/.bin/contextfmt"));
  return dir;
}

interface Part {
  id: string;
  type: string;
  text: string;
  synthetic?: boolean;
  sessionID?: string;
  messageID?: string;
}
interface PluginHooks {
  "experimental.chat.system.transform": (
    input: { sessionID?: string },
    output: { system: string[] },
  ) => Promise<void>;
  "chat.message": (
    input: { sessionID: string },
    output: { message: { id: string }; parts: Part[] },
  ) => Promise<void>;
}

/** The plugin init wrote, loaded as OpenCode loads it (an ES module), for `dir`. */
async function loadPlugin(dir: string): Promise<PluginHooks> {
  // Copied to .mjs: this repository's .js files are not ES modules to Node.
  const copy = join(dir, "plugin.mjs");
  copyFileSync(join(dir, PLUGIN), copy);
  const module = (await import(pathToFileURL(copy).href)) as {
    ContextfmtPlugin: (input: { directory: string }) => Promise<PluginHooks>;
  };
  return module.ContextfmtPlugin({ directory: dir });
}

describe("init opencode", () => {
  it("writes the hook commands and the plugin, once; the plugin is the golden file", async () => {
    const dir = project();
    const first = init(dir, "opencode");
    expect(first.warnings).toEqual([]);
    expect(first.written.slice(-2)).toEqual([PLUGIN, SETTINGS]);
    expect(JSON.parse(readFileSync(join(dir, SETTINGS), "utf8"))).toEqual({
      hooks: {
        SessionStart: [
          {
            command:
              "node_modules/.bin/contextfmt hook opencode session-start --rules .contextfmt/rules.json --project .contextfmt/project.json --session .contextfmt/session.json",
            timeout: 10,
          },
        ],
        UserPromptSubmit: [
          {
            command:
              "node_modules/.bin/contextfmt hook opencode user-prompt-submit --memories .contextfmt/memories.json",
            timeout: 10,
          },
        ],
      },
    });
    await expect(readFileSync(join(dir, PLUGIN), "utf8")).toMatchFileSnapshot(
      "../golden/cli/opencode-plugin.js",
    );
    expect(init(dir, "opencode")).toEqual({ written: [], warnings: [] });
  });

  it("its plugin adds the session's context to every system prompt, and the memories to the message", async () => {
    const dir = project();
    init(dir, "opencode");
    // What the user fills init's blank starter files with.
    const files = {
      rules: {
        rules: [
          {
            name: "uv",
            rule: "Use uv for Python packages",
            category: "behavior",
            authority: "absolute",
          },
        ],
      },
      project: { projectId: "shop", name: "Shop", status: "active" },
      memories: { memories: [{ id: "m1", content: "The python packages use uv" }] },
    };
    for (const [name, data] of Object.entries(files)) {
      writeFileSync(join(dir, `.contextfmt/${name}.json`), JSON.stringify(data));
    }
    const plugin = await loadPlugin(dir);
    // Each request of the session gets the same context (asked for once).
    const requests = [{ system: ["You are OpenCode."] }, { system: ["You are OpenCode."] }];
    for (const output of requests) {
      await plugin["experimental.chat.system.transform"]({ sessionID: "ses_1" }, output);
    }
    const [first, second] = requests.map((output) => output.system);
    expect(first).toHaveLength(2);
    // The rules in the format its AGENTS.md gets.
    expect(first?.[1]).toContain("Use uv for Python packages");
    expect(first?.[1]).toContain('<PROJECT name="Shop"');
    expect(second).toEqual(first);
    // Generating an agent's configuration is no session: nothing is added.
    const none = { system: ["x"] };
    await plugin["experimental.chat.system.transform"]({}, none);
    expect(none.system).toEqual(["x"]);

    const message = {
      message: { id: "msg_1" },
      parts: [{ id: "prt_0001", type: "text", text: "which package manager for python?" }],
    };
    await plugin["chat.message"]({ sessionID: "ses_1" }, message);
    expect(message.parts).toHaveLength(2);
    const added = message.parts[1] as Part;
    expect(added).toMatchObject({
      id: "prt_00010ctx",
      sessionID: "ses_1",
      messageID: "msg_1",
      type: "text",
      synthetic: true,
    });
    expect(added.text).toMatch(/<factual_memories nonce="[0-9a-f]+">/);
    expect(added.text).toContain("The python packages use uv");
    // Parts are ordered by id: the context comes right after the message's own.
    expect(added.id > "prt_0001" && added.id < "prt_0002").toBe(true);
  });

  it("a plugin the user changed is kept, with a warning; one init wrote and nobody changed is replaced", () => {
    const dir = project();
    init(dir, "opencode");
    const ours = readFileSync(join(dir, PLUGIN), "utf8");
    writeFileSync(join(dir, PLUGIN), `${ours}// mine\n`);
    const kept = init(dir, "opencode");
    expect(kept.written).toEqual([]);
    expect(kept.warnings.map(warningLine)).toEqual([
      expect.stringContaining(`${PLUGIN}: kept: changed since contextfmt init wrote it`),
    ]);
    expect(readFileSync(join(dir, PLUGIN), "utf8")).toBe(`${ours}// mine\n`);

    // A record that came with the project claiming the user's plugin: not evidence, it stays.
    const record = join(dir, ".contextfmt/written.json");
    const older = "// an older plugin\n";
    const entries = JSON.parse(readFileSync(record, "utf8"));
    const sha = (text: string) => createHash("sha256").update(text).digest("hex");
    for (const entry of entries.written) if (entry.path === PLUGIN) entry.sha256 = sha(older);
    writeFileSync(record, JSON.stringify(entries));
    writeFileSync(join(dir, PLUGIN), older);
    expect(init(dir, "opencode").warnings.map(warningLine)).toEqual([
      expect.stringContaining(`${PLUGIN}: kept: changed since contextfmt init wrote it`),
    ]);
    expect(readFileSync(join(dir, PLUGIN), "utf8")).toBe(older);

    // An older contextfmt's plugin, as this user's record holds it: replaced by this one's.
    const own = WrittenRecord.read(Project.at(dir));
    own.set({ path: PLUGIN, kind: "starter", sha256: sha(older) });
    writeFileSync(record, own.text());
    expect(own.saveEvidence()).toEqual([]);
    expect(init(dir, "opencode").written).toEqual([PLUGIN]);
    expect(readFileSync(join(dir, PLUGIN), "utf8")).toBe(ours);
  });
});
