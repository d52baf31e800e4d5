/**
 * What every client's file in src/clients must hold, checked over each of them: what a user of
 * sync, init, doctor or the hooks relies on whatever the client. Each check is also shown to
 * catch a spec that breaks it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { FormatManager } from "contextfmt";
import { parseHookInput } from "contextfmt/hooks";
import { makeHookInput } from "contextfmt/testing";
import { describe, expect, it } from "vitest";
import { createAgentConfigRegistry } from "../../src/agent-config/registry.js";
import * as clients from "../../src/clients/index.js";
import type { ClientSpec } from "../../src/clients/spec.js";
import * as spec from "../../src/clients/spec.js";
import type { HookTool } from "../../src/hooks/events.js";

const CLIENTS_DIR = new URL("../../src/clients/", import.meta.url);
const PINNED = JSON.parse(
  readFileSync(new URL("../../scripts/clients.json", import.meta.url), "utf8"),
) as Record<string, { package: string; version: string }>;

const formats = new FormatManager();
const codecs = createAgentConfigRegistry();

/** A path that stays inside the project: relative, no `..`, no backslash, nothing doubled. */
function inside(path: string): boolean {
  return (
    path !== "" &&
    !path.startsWith("/") &&
    !path.includes("\\") &&
    !/^[A-Za-z]:/.test(path) &&
    path.split("/").every((part) => part !== "" && part !== "." && part !== "..")
  );
}

/** Every project path a client names: where sync writes, what it loads, what init installs. */
function pathsOf(client: ClientSpec): string[] {
  const { loading, hooks } = client;
  return [
    client.instructionFile,
    ...Object.values(client.items).map((files) => files.dir),
    ...(client.mcp ? [client.mcp.path] : []),
    ...loading.instructions.places.flatMap((place) =>
      "names" in place ? place.names : [place.dir],
    ),
    ...(loading.instructions.addedBy ? [loading.instructions.addedBy.path] : []),
    ...(loading.instructions.maxBytes ? [loading.instructions.maxBytes.setting.path] : []),
    ...Object.values(loading.moreItems ?? {}).flatMap((places) => places.map((place) => place.dir)),
    ...(hooks ? [hooks.install.path, ...Object.keys(hooks.install.files ?? {})] : []),
  ];
}

/** What is wrong with `client`, one line each; [] for none. */
function problemsOf(client: ClientSpec): string[] {
  const problems: string[] = [];
  if (!/^[a-z]+$/.test(client.id)) problems.push(`id ${client.id}: not lowercase letters`);
  if (client.label.trim() === "") problems.push("no label");
  for (const path of pathsOf(client)) {
    if (!inside(path)) problems.push(`${path}: not a path inside the project`);
  }
  if (!formats.has(client.rulesFormat)) problems.push(`rules format ${client.rulesFormat}`);
  for (const [kind, files] of Object.entries(client.items)) {
    // A command written as a skill is a command codec of its own (`codex-skill`).
    if (!codecs.has(kind as "command" | "agent" | "skill", files.format)) {
      problems.push(`${kind} codec ${files.format} is not registered`);
    }
  }
  if (client.mcp && !codecs.has("mcp", client.mcp.format)) {
    problems.push(`mcp codec ${client.mcp.format} is not registered`);
  }
  const { checked } = client;
  const pinned = PINNED[client.id];
  if (checked === "documentation" ? pinned !== undefined : pinned?.version !== checked.version) {
    problems.push("checked: not the client scripts/test-clients.mjs installs");
  }
  if (checked !== "documentation" && pinned?.package !== checked.client) {
    problems.push("checked: not the package scripts/test-clients.mjs installs");
  }
  if ((checked === "documentation") !== (client.documentation?.startsWith("https://") === true)) {
    problems.push("documentation: an https page exactly when no real client checked the facts");
  }
  const { hooks } = client;
  if (hooks === undefined) return problems;
  const events = Object.keys(hooks.events);
  if (events.length === 0) problems.push("hooks without events");
  for (const [event, moment] of Object.entries(hooks.events)) {
    if (!spec.HOOK_MOMENTS.includes(moment)) problems.push(`${event}: unknown moment ${moment}`);
  }
  for (const event of [...(hooks.withoutContext ?? []), ...Object.keys(hooks.limit.events ?? {})]) {
    if (!events.includes(event)) problems.push(`${event}: not one of its events`);
  }
  const measured = [hooks.limit, ...Object.values(hooks.limit.events ?? {})].some(
    (limit) => limit.chars !== undefined || limit.bytes !== undefined || limit.tokens !== undefined,
  );
  if (measured !== (hooks.overLimit !== undefined)) {
    problems.push("a limit says what happens over it, and only a limit");
  }
  const startsSessions = Object.values(hooks.events).includes("session-start");
  if (!startsSessions && Object.keys(hooks.sessionStart).length > 0) {
    problems.push("session start sources without a session-start event");
  }
  const { install } = hooks;
  if (install.projectDir !== "" && !install.projectDir.endsWith("/")) {
    problems.push(`projectDir ${install.projectDir}: not a folder prefix`);
  }
  const command = "contextfmt hook x session-start";
  if (install.commandOf(install.entry(command, "session-start"))[0] !== command) {
    problems.push("install: an entry's command does not read back");
  }
  return problems;
}

describe("every client's spec", () => {
  it("has one file per client, named after its id, ids and labels unique", () => {
    const ids = clients.CLIENTS.map((client) => client.id);
    expect(new Set(ids).size).toBe(ids.length);
    const labels = clients.CLIENTS.map((client) => client.label);
    expect(new Set(labels).size).toBe(labels.length);
    const files = readdirSync(CLIENTS_DIR).filter(
      (name) =>
        name.endsWith(".ts") && !["index.ts", "spec.ts", "opencode-plugin.ts"].includes(name),
    );
    expect(files.map((name) => name.replace(/\.ts$/, "")).sort()).toEqual([...ids].sort());
    expect([...clients.SYNC_ORDER].map((client) => client.id).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(clients.clientById(id)?.id).toBe(id);
    expect(clients.clientById("constructor")).toBeUndefined();
  });

  it.each(clients.CLIENTS.map((client) => [client.id, client] as const))(
    "%s: places inside the project, known formats and moments, the pinned client",
    (_id, client) => {
      expect(problemsOf(client)).toEqual([]);
    },
  );

  it("pins no client that has no spec", () => {
    const ids: readonly string[] = clients.CLIENTS.map((client) => client.id);
    expect(Object.keys(PINNED).filter((id) => !ids.includes(id))).toEqual([]);
  });

  it.each(clients.HOOK_CLIENTS.map((client) => [client.id, client] as const))(
    "%s: its sample stdin parses, strictly, for every event",
    (id, client) => {
      for (const event of Object.keys(client.hooks.events)) {
        const tool = id as HookTool;
        const input = parseHookInput(tool, makeHookInput(tool, event), { event } as never);
        expect(input.moment).toBe(client.hooks.events[event as never]);
      }
    },
  );

  it("catches a spec that breaks each rule", () => {
    const claude = clients.clientById("claude");
    const broken = (change: Partial<ClientSpec>) => problemsOf({ ...claude, ...change });
    expect(broken({ id: "Claude Code" })).toContain("id Claude Code: not lowercase letters");
    expect(broken({ label: " " })).toContain("no label");
    expect(broken({ instructionFile: "../CLAUDE.md" })).toContain(
      "../CLAUDE.md: not a path inside the project",
    );
    expect(broken({ mcp: { ...claude.mcp, path: "/etc/mcp.json" } })).toContain(
      "/etc/mcp.json: not a path inside the project",
    );
    expect(broken({ rulesFormat: "cursor" as never })).toContain("rules format cursor");
    expect(broken({ items: { agent: { ...claude.items.agent, format: "acme" } } })).toContain(
      "agent codec acme is not registered",
    );
    expect(broken({ checked: "documentation" })).toContain(
      "checked: not the client scripts/test-clients.mjs installs",
    );
    expect(broken({ checked: "documentation" })).toContain(
      "documentation: an https page exactly when no real client checked the facts",
    );
    expect(broken({ documentation: "https://example.com" })).toContain(
      "documentation: an https page exactly when no real client checked the facts",
    );
    const hooks = claude.hooks;
    expect(broken({ hooks: { ...hooks, events: { Begin: "start" as never } } })).toContain(
      "Begin: unknown moment start",
    );
    expect(broken({ hooks: { ...hooks, withoutContext: ["BeforeTool"] } })).toContain(
      "BeforeTool: not one of its events",
    );
    const { overLimit: _, ...noFate } = hooks;
    expect(broken({ hooks: noFate })).toContain(
      "a limit says what happens over it, and only a limit",
    );
    expect(broken({ hooks: { ...hooks, events: { PreToolUse: "pre-tool" } } })).toContain(
      "session start sources without a session-start event",
    );
    expect(
      broken({ hooks: { ...hooks, install: { ...hooks.install, commandOf: () => [] } } }),
    ).toContain("install: an entry's command does not read back");
  });
});
