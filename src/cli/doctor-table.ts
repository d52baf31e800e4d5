/** The doctor's report as text for a person: one block per client, then the problems. */

import type { ClientReport, ConfigItem, DoctorReport, HookLimit, InstalledHook } from "../sync.js";
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
  if (client.hooks.length === 0) lines.push("  hooks: none");
  else lines.push("  hooks:", ...client.hooks.map(hookLine));
  return lines;
}

/** The report as the lines of the table `doctor` prints without `--json`. */
export function doctorTable(report: DoctorReport): string[] {
  const lines = report.clients.flatMap((client) => [...clientBlock(client), ""]);
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
  }
  return lines;
}
