/** The doctor's report as text for a person: one block per client, then the problems. */

import type {
  ClientReport,
  ConfigItem,
  DoctorReport,
  HookLimit,
  IgnoreReport,
  InstalledHook,
  ListedPart,
  SessionStart,
} from "../sync.js";
import { shown } from "./output.js";
import { columns } from "./report.js";

const checkedBy = (client: ClientReport) =>
  client.checked === "documentation"
    ? "rules from its documentation"
    : `rules checked with ${client.checked.client} ${client.checked.version}`;

function fileStatus(file: ClientReport["files"][number]): string {
  const status =
    file.cut && file.loaded
      ? `cut at byte ${file.cut.atByte}, ${file.cut.lostBytes} bytes lost`
      : file.loaded
        ? "loaded"
        : file.shadowedBy
          ? "shadowed"
          : "not loaded";
  const level = file.level === undefined ? "" : `${file.level}, `;
  return file.reason === undefined
    ? `${level}${status}`
    : `${level}${status}: ${shown(file.reason)}`;
}

function items(title: string, list: readonly ConfigItem[]): string {
  if (list.length === 0) return `  ${title}: none`;
  const named = list.map((item) =>
    item.loaded
      ? shown(item.name)
      : `${shown(item.name)} (${shown(item.path)}, shadowed by ${shown(item.shadowedBy ?? "")})`,
  );
  return `  ${title}: ${named.join(", ")}`;
}

const limitText = (limit: HookLimit) => {
  const parts = [
    limit.chars !== undefined ? `${limit.chars} characters` : undefined,
    limit.bytes !== undefined ? `${limit.bytes} bytes` : undefined,
    limit.tokens !== undefined ? `${limit.tokens} tokens` : undefined,
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? "no inline limit" : `limit ${parts.join(", ")}`;
};

function hookLine(hook: InstalledHook): string {
  const inject = hook.inject;
  if (inject === undefined) return `    ${shown(hook.event)}: injects nothing (no input file read)`;
  const count = (status: string) => inject.items.filter((item) => item.status === status).length;
  return `    ${shown(hook.event)}: ${inject.chars} characters, ${inject.tokens} tokens (${limitText(hook.limit)}); items ${count("included")} included, ${count("shortened")} shortened, ${count("skipped")} skipped${inject.cut === undefined ? "" : "; cut to the limit"}`;
}

/** The ignore file the client reads, and how many patterns it holds. */
export const ignoreText = (ignore: IgnoreReport) =>
  ignore.exists
    ? `${shown(ignore.path)}, ${ignore.patterns} pattern${ignore.patterns === 1 ? "" : "s"}`
    : `none (it reads ${shown(ignore.path)})`;

function clientBlock(client: ClientReport): string[] {
  const lines = [`${client.label} (${client.client}), ${checkedBy(client)}`];
  if (client.files.length === 0) lines.push("  instruction files: none");
  else {
    const rows = [["bytes", "tokens", "file", "status"]];
    for (const file of client.files) {
      rows.push([String(file.bytes), String(file.tokens), shown(file.path), fileStatus(file)]);
    }
    lines.push(...columns(rows).map((line) => `  ${line}`));
  }
  if (client.userLevel !== undefined) {
    lines.push(`  user level: ${shown(client.userLevel)}`);
  }
  // The cap counts the project's files alone (Codex CLI's user-level AGENTS.md is outside it).
  const outside = client.files
    .filter((file) => file.level !== undefined && file.loaded)
    .reduce((sum, file) => sum + (file.cut?.atByte ?? file.bytes), 0);
  const cap =
    client.maxBytes === undefined
      ? ""
      : outside === 0
        ? ` of its ${client.maxBytes}-byte cap`
        : ` (the project's ${client.loaded.bytes - outside} of its ${client.maxBytes}-byte cap)`;
  lines.push(
    `  reaches the model: ${client.loaded.bytes} bytes${cap}, ${client.loaded.tokens} tokens`,
  );
  lines.push(
    items("commands", client.commands),
    items("agents", client.agents),
    items("skills", client.skills),
  );
  lines.push(
    client.mcpServers.length === 0
      ? "  MCP servers: none"
      : `  MCP servers: ${client.mcpServers.map((s) => `${shown(s.name)} (${s.transport})`).join(", ")}`,
  );
  if (client.hooks.length > 0) lines.push("  hooks:", ...client.hooks.map(hookLine));
  else if (client.userHooks.length === 0) lines.push("  hooks: none");
  // The user's own, apart from contextfmt's: per event, how many and under which matchers.
  if (client.userHooks.length > 0) {
    const counts = client.userHooks.map(
      (hook) =>
        `${shown(hook.event)} ${hook.commands}${hook.matchers.length > 0 ? ` (${hook.matchers.map(shown).join(", ")})` : ""}`,
    );
    lines.push(`  your hooks in ${shown(client.userHooks[0]?.path ?? "")}: ${counts.join(", ")}`);
  }
  if (client.ignoreFile !== undefined)
    lines.push(`  ignore file: ${ignoreText(client.ignoreFile)}`);
  lines.push(...startLines(client.start));
  return lines;
}

/** A listing's tokens, and how many items it lists; `-` when the client lists none of the kind. */
const listedCell = (part: ListedPart) =>
  part.shape === "not-listed"
    ? "-"
    : `${part.tokens}${part.shape === "assumed" && part.listed > 0 ? "*" : ""}`;

/** The MCP servers' cell: their tools' tokens when started, else how many servers. */
function mcpCell(start: SessionStart): string {
  const { mcp } = start;
  if (mcp.servers === 0) return "0";
  if (mcp.started === undefined) return `${mcp.servers} not started`;
  return String(mcp.tokens);
}

/** The lines under a client's block that say what its start is made of, past the total. */
function startLines(start: SessionStart): string[] {
  const lines = [
    `  session start: ${start.tokens} tokens (instructions ${start.instructions}, skills ${listedCell(start.skills)}, agents ${listedCell(start.agents)}, commands ${listedCell(start.commands)}, hooks ${start.hookTokens}, MCP ${mcpCell(start)})`,
  ];
  for (const hook of start.hooks) {
    if (hook.notCounted > 0) {
      lines.push(
        `    ${shown(hook.event)}: ${hook.notCounted} other hook${hook.notCounted === 1 ? "" : "s"} run${hook.notCounted === 1 ? "s" : ""} at the start, not counted`,
      );
    }
  }
  for (const server of start.mcp.started ?? []) {
    lines.push(
      "error" in server
        ? `    MCP ${shown(server.name)}: no tools counted: ${shown(server.error)}`
        : `    MCP ${shown(server.name)}: ${server.tools} tool${server.tools === 1 ? "" : "s"}, ${server.tokens} tokens`,
    );
  }
  return lines;
}

/** One row per client: the tokens a new session starts with, by part, and the total. */
function startTable(report: DoctorReport): string[] {
  const rows = [
    ["session start", "total", "instructions", "skills", "agents", "commands", "hooks", "MCP"],
  ];
  for (const { label, start } of report.clients) {
    rows.push([
      label,
      String(start.tokens),
      String(start.instructions),
      listedCell(start.skills),
      listedCell(start.agents),
      listedCell(start.commands),
      String(start.hookTokens),
      mcpCell(start),
    ]);
  }
  const notes = [
    report.clients.some((client) =>
      [client.start.skills, client.start.agents, client.start.commands].some(
        (part) => part.shape === "assumed" && part.listed > 0,
      ),
    )
      ? '* the client\'s listing is not known: counted as one "- name: description" line each'
      : undefined,
    report.clients.some((client) => client.start.mcp.servers > 0 && !client.start.mcp.started)
      ? "MCP servers' tools are counted only with --start-mcp, which starts them"
      : undefined,
    report.clients.some((client) => client.start.hooks.some((hook) => hook.notCounted > 0))
      ? "hooks other than contextfmt's run at the start too: what they inject is not counted"
      : undefined,
  ].filter((note) => note !== undefined);
  return [...columns(rows), ...notes.map((note) => `  ${note}`), ""];
}

/** The report as the lines of the table `doctor` prints without `--json`. */
export function doctorTable(report: DoctorReport): string[] {
  const lines = report.clients.flatMap((client) => [...clientBlock(client), ""]);
  if (report.clients.length > 0) lines.push(...startTable(report));
  if (report.problems.length === 0) lines.push("no problems");
  else {
    lines.push(`${report.problems.length} problem${report.problems.length > 1 ? "s" : ""}:`);
    // Most pressing first; each with its fix, the same line --json and the page give.
    const rank = { error: 0, warning: 1, info: 2 };
    const pressing = [...report.problems].sort((a, b) => rank[a.severity] - rank[b.severity]);
    for (const problem of pressing) {
      lines.push(
        `  ${problem.severity} ${problem.code} (${problem.client}): ${shown(problem.message)}`,
        // A duplicate the last sync named itself: what it said in place of a fix to make.
        problem.known !== undefined
          ? `    known: ${shown(problem.known)}`
          : `    fix: ${problem.fix}`,
      );
    }
    if (report.knownBy !== undefined)
      lines.push(`  the last sync, which named the known ones: ${shown(report.knownBy)}`);
  }
  return lines;
}
