/**
 * Permission rules as a sync kind: the source's deny and ask rules (allows only when asked)
 * carried into each target's settings by the tool's meaning and the rule's reach, each target's
 * other bytes kept; a rule a target cannot say exactly named in a warning and not written; what
 * an earlier sync wrote taken out once its source rule is gone; a rule the user changed since a
 * conflict; malformed settings an error naming the file and key.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clientById } from "../../src/clients/index.js";
import type { ClientSpec } from "../../src/clients/spec.js";
import type { SyncTool } from "../../src/sync/locations.js";
import { placementOf, readRules } from "../../src/sync/permission-dialects.js";
import { cannotSay, commandScope, type PermissionRule } from "../../src/sync/permission-rules.js";
import { planChanges } from "../../src/sync/plan.js";
import { applyPlan, planSync } from "../../src/sync/sync.js";
import { Project } from "../../src/workspace/project.js";
import { WrittenRecord } from "../../src/workspace/record.js";
import { settingsFile } from "../../src/workspace/settings-file.js";
import { project } from "../cli/project-dir.js";
import { writePlan } from "./write-plan.js";

function plan(dir: string, to: SyncTool[], from: SyncTool = "claude", carryAllows = false) {
  const p = Project.at(dir);
  const record = WrittenRecord.read(p);
  const planned = planChanges({
    project: p,
    record,
    from,
    to,
    kinds: ["permission"],
    carryAllows,
  });
  return { p, record, planned };
}

function sync(dir: string, to: SyncTool[], from: SyncTool = "claude", carryAllows = false) {
  const { p, record, planned } = plan(dir, to, from, carryAllows);
  expect(planned.conflicts).toEqual([]);
  writePlan(p, planned, record);
  return planned;
}

const read = (dir: string, path: string) => readFileSync(join(dir, path), "utf8");
const messages = (planned: ReturnType<typeof sync>) => [
  ...planned.warnings.map((w) => `${w.path}: ${w.message}`),
  ...planned.files.flatMap((f) => f.warnings.map((w) => `${w.path}: ${w.message}`)),
];

const CLAUDE = `{
  // the team's rules
  "permissions": {
    "allow": ["Bash(npm run test:*)", "Read"],
    "ask": ["WebFetch"],
    "deny": ["Bash(rm:*)", "Read(./.env)", "Bash(git push --force)", "mcp__github__merge", "Task", "Edit(/etc/**)"]
  }
}
`;

describe("permission rules from Claude Code", () => {
  it("Qwen Code: each deny and ask in its own names, appended in place; allows left out and named", () => {
    const dir = project({
      ".claude/settings.json": CLAUDE,
      ".qwen/settings.json": '{\n  // mine\n  "permissions": { "deny": ["Bash(sudo:*)"] }\n}\n',
    });
    const planned = sync(dir, ["qwen"]);
    // Appended in the list's own style (inline here), the comment and the user's rule kept.
    expect(read(dir, ".qwen/settings.json")).toBe(`{
  // mine
  "permissions": { "deny": ["Bash(sudo:*)", "run_shell_command(rm:*)", "read_file(./.env)", "run_shell_command(git push --force)"], "ask": ["web_fetch"] }
}
`);
    const said = messages(planned);
    expect(said).toContainEqual(
      expect.stringContaining(
        '.claude/settings.json: permissions.allow[0] "Bash(npm run test:*)": not synced: an allow rule',
      ),
    );
    expect(said).toContainEqual(
      expect.stringContaining(
        'permissions.deny[3] "mcp__github__merge": not synced: a rule for an MCP server',
      ),
    );
    expect(said).toContainEqual(
      expect.stringContaining('permissions.deny[4] "Task": not synced: "Task" is no built-in tool'),
    );
    expect(said).toContainEqual(
      expect.stringContaining(
        'permissions.deny[5] "Edit(/etc/**)": not synced: only a path in the project',
      ),
    );
  });

  it("a second sync changes nothing; a rule gone from the source goes from the target", () => {
    const dir = project({ ".claude/settings.json": CLAUDE, ".qwen/settings.json": "{}\n" });
    sync(dir, ["qwen"]);
    const once = read(dir, ".qwen/settings.json");
    expect(plan(dir, ["qwen"]).planned.files.every((f) => f.after === f.before)).toBe(true);
    writeFileSync(
      join(dir, ".claude/settings.json"),
      CLAUDE.replace('"Bash(rm:*)", ', "").replace('"ask": ["WebFetch"]', '"ask": []'),
    );
    const planned = sync(dir, ["qwen"]);
    const after = read(dir, ".qwen/settings.json");
    expect(once).toContain("run_shell_command(rm:*)");
    expect(after).not.toContain("run_shell_command(rm:*)");
    expect(after).not.toContain("web_fetch");
    expect(after).toContain("read_file(./.env)");
    expect(messages(planned)).toContainEqual(
      expect.stringContaining(
        '["permissions","deny","run_shell_command(rm:*)"] taken out: its source rule is no longer in .claude/settings.json',
      ),
    );
  });

  it("the user's own copy of a rule is never taken out: the record claims only what sync added", () => {
    const dir = project({
      ".claude/settings.json": '{ "permissions": { "deny": ["Bash(rm:*)"] } }\n',
      ".qwen/settings.json": '{ "permissions": { "deny": ["run_shell_command(rm:*)"] } }\n',
    });
    const planned = sync(dir, ["qwen"]);
    expect(planned.files).toEqual([]);
    writeFileSync(join(dir, ".claude/settings.json"), "{}\n");
    sync(dir, ["qwen"]);
    expect(read(dir, ".qwen/settings.json")).toContain("run_shell_command(rm:*)");
  });

  it("Gemini CLI: whole tools only; a command deny it cannot say is named, not widened to every command", () => {
    const dir = project({
      ".claude/settings.json": CLAUDE,
      ".gemini/settings.json": '{\n  "theme": "x"\n}\n',
    });
    const planned = sync(dir, ["gemini"], "claude", true);
    const written = JSON.parse(read(dir, ".gemini/settings.json"));
    expect(written).toEqual({
      theme: "x",
      tools: {
        allowed: ["run_shell_command(npm run test)", "read_file"],
        confirmationRequired: ["web_fetch"],
      },
    });
    const said = messages(planned);
    expect(said).toContainEqual(
      expect.stringContaining(
        'permissions.deny[0] "Bash(rm:*)": not synced to gemini: Gemini CLI\'s tools.exclude names whole tools only',
      ),
    );
    expect(said).toContainEqual(
      expect.stringContaining(
        'permissions.allow[0] "Bash(npm run test:*)": carried to gemini as asked',
      ),
    );
    expect(said).toContainEqual(
      expect.stringContaining(
        'permissions.allow[0] "Bash(npm run test:*)": Gemini CLI then refuses every other shell command',
      ),
    );
  });

  it("OpenCode: patterns per tool, allows before denies (the last match decides)", () => {
    const dir = project({
      ".claude/settings.json": `{ "permissions": {
        "deny": ["Bash(rm:*)", "WebFetch", "Write"],
        "allow": ["Bash(git status)"]
      } }\n`,
      "opencode.json": '{\n  "$schema": "https://opencode.ai/config.json"\n}\n',
    });
    const planned = sync(dir, ["opencode"], "claude", true);
    expect(read(dir, "opencode.json")).toBe(`{
  "$schema": "https://opencode.ai/config.json",
  "permission": {
    "bash": {
      "git status": "allow",
      "rm *": "deny"
    },
    "webfetch": {
      "*": "deny"
    }
  }
}
`);
    expect(messages(planned)).toContainEqual(
      expect.stringContaining(
        'permissions.deny[2] "Write": not synced to opencode: OpenCode has no permission for its write tool',
      ),
    );
  });

  it("OpenCode: an allow after the target's own deny of that tool is refused (it would decide over it)", () => {
    const dir = project({
      ".claude/settings.json": '{ "permissions": { "allow": ["Bash(git status)"] } }\n',
      "opencode.json": '{ "permission": { "bash": { "git *": "deny" } } }\n',
    });
    const planned = sync(dir, ["opencode"], "claude", true);
    expect(read(dir, "opencode.json")).toBe('{ "permission": { "bash": { "git *": "deny" } } }\n');
    expect(messages(planned)).toContainEqual(
      expect.stringContaining("an allow after OpenCode's own deny or ask rules of permission.bash"),
    );
  });

  it("a target rule the user changed since sync wrote it is a conflict", () => {
    const dir = project({
      ".claude/settings.json": '{ "permissions": { "deny": ["Bash(rm:*)"] } }\n',
      "opencode.json": "{}\n",
    });
    sync(dir, ["opencode"]);
    writeFileSync(
      join(dir, "opencode.json"),
      '{ "permission": { "bash": { "rm *": "allow" } } }\n',
    );
    expect(plan(dir, ["opencode"]).planned.conflicts).toEqual([
      'opencode.json: permission.bash["rm *"]',
    ]);
  });

  it("a target with no project place for rules is a warning naming each", () => {
    const dir = project({
      ".claude/settings.json": '{ "permissions": { "deny": ["Bash(rm:*)"] } }\n',
    });
    const planned = sync(dir, ["copilot"]);
    expect(planned.files).toEqual([]);
    expect(messages(planned)).toEqual([
      '.claude/settings.json: permissions.deny[0] "Bash(rm:*)": not written for copilot: Copilot CLI takes tool permissions only as command-line flags (--allow-tool, --deny-tool), from no project file',
    ]);
  });
});

describe("permission rules into Claude Code", () => {
  it("from Gemini CLI: tools.exclude as denies, shell prefixes as prefixes", () => {
    const dir = project({
      ".gemini/settings.json": `{ "tools": {
        "exclude": ["web_fetch", "run_shell_command(rm)"],
        "allowed": ["run_shell_command(git status)"],
        "confirmationRequired": ["write_file"]
      } }\n`,
    });
    const planned = sync(dir, ["claude"], "gemini", true);
    expect(JSON.parse(read(dir, ".claude/settings.json"))).toEqual({
      permissions: { allow: ["Bash(git status:*)"], ask: ["Write"], deny: ["WebFetch"] },
    });
    expect(messages(planned)).toContainEqual(
      expect.stringContaining(
        'tools.exclude[1] "run_shell_command(rm)": not synced: Gemini CLI reads tools.exclude entries as whole tool names',
      ),
    );
  });

  it("from OpenCode: patterns as commands and prefixes, a whole-tool action as the whole tool", () => {
    const dir = project({
      "opencode.json": `{ "permission": {
        "bash": { "*": "ask", "git push *": "deny", "ls": "allow", "rm -r* x": "deny" },
        "edit": "deny",
        "read": { "*.env": "deny" },
        "doom_loop": "ask"
      } }\n`,
    });
    const planned = sync(dir, ["claude"], "opencode");
    expect(JSON.parse(read(dir, ".claude/settings.json"))).toEqual({
      permissions: { ask: ["Bash"], deny: ["Bash(git push:*)", "Edit"] },
    });
    const said = messages(planned);
    for (const part of [
      'permission.bash["rm -r* x"] "deny": not synced: only a plain command',
      'permission.read["*.env"] "deny": not synced: a pattern for its read tool',
      "permission.doom_loop: not synced: no built-in tool of known meaning",
      'permission.bash["ls"] "allow": not synced: an allow rule',
    ]) {
      expect(said).toContainEqual(expect.stringContaining(part));
    }
  });
});

describe("malformed rules", () => {
  it.each([
    ['{ "permissions": { "deny": "Bash" } }', "permissions.deny is text; expected a list of rules"],
    ['{ "permissions": { "deny": [3] } }', "permissions.deny[0] is a number; expected a rule"],
    [
      '{ "permissions": { "ask": ["Bash(rm"] } }',
      'permissions.ask[0] "Bash(rm" opens a parenthesis it does not close',
    ],
  ])("%s is an error naming the file and key", (text, message) => {
    const dir = project({ ".claude/settings.json": `${text}\n` });
    expect(() => plan(dir, ["qwen"])).toThrow(`.claude/settings.json: ${message}`);
  });

  it("an OpenCode action that is none is an error naming the key", () => {
    const dir = project({ "opencode.json": '{ "permission": { "bash": { "rm *": "never" } } }\n' });
    expect(() => plan(dir, ["claude"], "opencode")).toThrow(
      'opencode.json: permission.bash["rm *"] is "never"; expected "allow", "ask" or "deny"',
    );
  });
});

/** Whether `command` is matched by a rule of `scope`, as the rule says (word by word). */
const matches = (scope: { command: string; prefix: boolean }, command: string) =>
  scope.prefix
    ? command === scope.command || command.startsWith(`${scope.command} `)
    : command === scope.command;

describe("never wider or narrower", () => {
  const word = fc.stringMatching(/^[a-z][a-z0-9.-]{0,6}$/);
  const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((list) => list.join(" "));
  const rule = fc.record({
    decision: fc.constantFrom("allow", "ask", "deny" as const),
    tool: fc.constantFrom("shell", "read", "write", "edit", "fetch" as const),
    command: words,
    prefix: fc.boolean(),
    path: fc.constantFrom(".env", "src/**", "secrets/*.pem"),
  });
  type Given = {
    decision: "allow" | "ask" | "deny";
    tool: "shell" | "read" | "write" | "edit" | "fetch";
    command: string;
    prefix: boolean;
    path: string;
  };
  const toRule = (r: Given): PermissionRule =>
    ({
      where: "x",
      decision: r.decision,
      tool: r.tool,
      scope:
        r.tool === "shell"
          ? { command: r.command, prefix: r.prefix }
          : r.tool === "fetch"
            ? { domain: `${r.command.split(" ")[0]}.com` }
            : { path: r.path },
    }) as PermissionRule;

  it("a rule written into any target reads back as the same rule, or is not written at all", () => {
    const targets: SyncTool[] = ["claude", "qwen", "gemini", "opencode", "kilo"];
    fc.assert(
      fc.property(rule, fc.constantFrom(...targets), words, (given, to, command) => {
        const client = clientById(to) as ClientSpec;
        const place = client.permissions;
        if (place === undefined) return;
        const original = toRule(given);
        if (cannotSay(original, place, client.tools ?? {}, client.label) !== undefined) return;
        const placement = placementOf(original, client, place);
        const data =
          "list" in placement
            ? { [placement.list[0] as string]: { [placement.list[1] as string]: [placement.item] } }
            : {
                permission: {
                  [placement.key[1] as string]: { [placement.key[2] as string]: placement.value },
                },
              };
        const back = readRules(client, place, settingsFile(place.path, JSON.stringify(data)));
        expect(back.warnings).toEqual([]);
        expect(back.rules).toHaveLength(1);
        const [again] = back.rules as [PermissionRule];
        expect(again.decision).toBe(original.decision);
        expect(again.tool).toBe(original.tool);
        // What the written rule matches is exactly what the source's matched.
        if (original.scope !== undefined && "command" in original.scope) {
          const scope = again.scope as { command: string; prefix: boolean };
          expect(matches(scope, command)).toBe(matches(original.scope, command));
          expect(matches(scope, original.scope.command)).toBe(true);
        } else {
          expect(again.scope).toEqual(original.scope);
        }
      }),
    );
  });

  it("a command with shell syntax or an inner wildcard is read as no rule at all", () => {
    fc.assert(
      fc.property(
        words,
        fc.constantFrom(";", "&&", "|", "$(", "`", ">", "*", "'"),
        words,
        (a, op, b) => {
          expect(commandScope(`${a}${op}${b}`)).toBeUndefined();
        },
      ),
    );
  });
});

describe("carrying allows is asked for, and the record says so", () => {
  it("carryAllows that is no boolean is an error naming it", () => {
    const dir = project({ ".claude/settings.json": "{}\n" });
    expect(() =>
      planSync({ dir, from: "claude", to: ["qwen"], carryAllows: "yes" as unknown as boolean }),
    ).toThrow(/carryAllows/);
  });

  it("a sync that carried allows is recorded as one, so doctor checks it as it was run", () => {
    const dir = project({
      ".claude/settings.json": '{ "permissions": { "allow": ["Bash(npm test)"] } }\n',
    });
    applyPlan(
      planSync({ dir, from: "claude", to: ["qwen"], kinds: ["permission"], carryAllows: true }),
    );
    expect(read(dir, ".qwen/settings.json")).toContain("run_shell_command(npm test)");
    const record = JSON.parse(read(dir, ".contextfmt/written.json"));
    expect(record.synced).toMatchObject({ kinds: ["permission"], carryAllows: true });
    // Run again without it, the allow it carried goes: it is no longer asked for.
    applyPlan(planSync({ dir, from: "claude", to: ["qwen"], kinds: ["permission"] }));
    expect(read(dir, ".qwen/settings.json")).not.toContain("run_shell_command(npm test)");
    expect(JSON.parse(read(dir, ".contextfmt/written.json")).synced.carryAllows).toBeUndefined();
  });
});
