/**
 * docs/support.md, generated from the code: where `sync` reads and writes each kind for each
 * tool (src/sync/locations.ts), where `init` installs each hook tool's hooks and which events
 * (src/sync/init/hook-settings.ts), which of them the real-client suite checks
 * (test/clients/checked.ts) and against which pinned client (src/clients).
 * `npm run docs:support` rewrites the page; test/docs/support.test.ts fails when it is stale.
 */

import { type ClientSpec, clientById } from "../src/clients/index.js";
import type { PermissionDialect } from "../src/clients/spec.js";
import { HOOK_TOOLS, type HookTool } from "../src/hooks/events.js";
import { HOOK_SETTINGS, initEvents } from "../src/sync/init/hook-settings.js";
import {
  instructionReading,
  itemGlob,
  RULES_FILES,
  SYNC_TOOL_PLACES,
  SYNC_TOOLS,
  type SyncTool,
} from "../src/sync/locations.js";
import { ruleFolder } from "../src/sync/rule-files.js";
import { userHookFile } from "../src/sync/user-hooks.js";
import { REAL_CLIENT_CHECKS, type SupportKind } from "../test/clients/checked.js";

export const SUPPORT_PATH = new URL("../docs/support.md", import.meta.url).pathname;

type Tool = SyncTool | HookTool;

const code = (text: string) => `\`${text}\``;

/**
 * A cell: where the kind lives, and what says the client reads it there: the pinned client,
 * with the test that proves it, or the client's documentation (linked when the client is known
 * from its documentation only).
 */
function cell(tool: Tool, kind: SupportKind, where: string | undefined): string {
  if (where === undefined) return "—";
  const { checked, documentation } = clientById(tool) as ClientSpec;
  const test = REAL_CLIENT_CHECKS[tool]?.[kind];
  if (test !== undefined && checked !== "documentation") {
    return `${where}<br>✓ ${code(`${checked.client}@${checked.version}`)} (${code(`test/clients/${test}`)})`;
  }
  return `${where}<br>${documentation === undefined ? "documentation" : `[documentation](${documentation})`}`;
}

/** Where `tool` keeps `kind`, or undefined when sync or init writes none for it. */
function where(tool: Tool, kind: SupportKind): string | undefined {
  const sync = (SYNC_TOOLS as readonly string[]).includes(tool) ? (tool as SyncTool) : undefined;
  if (kind === "hooks") {
    if (!(HOOK_TOOLS as readonly string[]).includes(tool)) return undefined;
    const { path, files = {} } = HOOK_SETTINGS[tool as HookTool];
    return [path, ...Object.keys(files)].map(code).join(" + ");
  }
  if (sync === undefined) return undefined;
  if (kind === "instructions") {
    const reading = instructionReading(sync);
    const extras = [reading.nested ? "nested too" : "", reading.imports ? "`@path` imports" : ""]
      .filter(Boolean)
      .join(", ");
    return `${code(RULES_FILES[sync])}${extras ? ` (${extras})` : ""}`;
  }
  if (kind === "rules") return `${code(RULES_FILES[sync])}, its region`;
  if (kind === "rule-file") {
    const folder = ruleFolder(sync);
    if (folder === undefined)
      return `${code(RULES_FILES[sync])}, its region (rules loaded at every start)`;
    return code(`${folder.dir}/${folder.nested ? "**/" : ""}*${folder.extension}`);
  }
  if (kind === "mcp") {
    const file = SYNC_TOOL_PLACES[sync].mcp;
    return file && `${code(file.path)} ${code(file.key)}`;
  }
  if (kind === "hook") {
    const path = userHookFile(sync);
    return path && `${code(path)} ${code("hooks")}`;
  }
  if (kind === "ignore") {
    const file = SYNC_TOOL_PLACES[sync].ignore;
    return file && `${code(file.path)}, its region`;
  }
  if (kind === "permission") {
    const place = (clientById(sync) as ClientSpec).permissions;
    return place && `${code(place.path)} ${code(PERMISSION_KEYS[place.dialect])}`;
  }
  const files = SYNC_TOOL_PLACES[sync].items[kind];
  if (files === undefined) return undefined;
  const glob = code(itemGlob(files));
  if (files.readable) return glob;
  return `${glob} (as ${files.format === "codex-skill" ? "skills" : files.format}; written only)`;
}

const KINDS: readonly [SupportKind, string][] = [
  ["instructions", "instructions"],
  ["rules", "rules"],
  ["rule-file", "rule files"],
  ["command", "commands"],
  ["agent", "agents"],
  ["skill", "skills"],
  ["mcp", "MCP servers"],
  ["hook", "the user's hooks (sync)"],
  ["ignore", "ignore files"],
  ["permission", "permissions"],
  ["hooks", "hooks (init)"],
];

const nameOf = (tool: Tool) => clientById(tool).label;

/** Where each dialect keeps its rules, for the table. */
const PERMISSION_KEYS: Readonly<Record<PermissionDialect, string>> = {
  claude: "permissions",
  gemini: "tools",
  opencode: "permission",
};

/** The page's text. */
export function supportTable(): string {
  const tools = [...new Set<Tool>([...SYNC_TOOLS, ...HOOK_TOOLS])];
  const rows = tools.map((tool) => {
    const { checked, documentation } = clientById(tool) as ClientSpec;
    const pinned =
      checked === "documentation"
        ? `[documentation](${documentation})`
        : code(`${checked.client}@${checked.version}`);
    return `| ${code(tool)} ${nameOf(tool)} | ${pinned} | ${KINDS.map(([kind]) => cell(tool, kind, where(tool, kind))).join(" | ")} |`;
  });
  const events = HOOK_TOOLS.map((tool) => {
    const all = initEvents(tool, "all").map((e) => `${code(e.event)} (${e.flags.join(", ")})`);
    const byDefault = initEvents(tool, undefined).map((e) => code(e.event));
    return `- ${code(tool)}: ${all.join(", ")}; by default ${byDefault.join(" and ")}`;
  });
  return `<!-- Generated by npm run docs:support from the code; do not edit by hand. -->
# What contextfmt writes for each tool

This page is for choosing a tool pair for \`contextfmt sync\` and \`contextfmt init\`: where each
kind lives for each tool, and whether the real client was shown to read it. For example, to see
what a sync from Claude Code would change, without writing anything:

\`\`\`sh
npx contextfmt sync --from claude --to codex,gemini --dry-run
\`\`\`

"✓ \`<client>@<version>\`" means \`npm run test:clients\` installs that pinned client, writes the
kind with contextfmt, and proves the client reads it (the text reaches the model request, the
command runs, the server is listed, the agent and skill are offered, the hook's context arrives);
the linked test is the proof. "Documentation" means the place is written from the tool's
documentation only: for a tool no real client checks, the link is the page its facts come from.
"—": not written.

| tool | checked with | ${KINDS.map(([, title]) => title).join(" | ")} |
| --- | --- | ${KINDS.map(() => "---").join(" | ")} |
${rows.join("\n")}

The events \`contextfmt init <tool> --events all\` installs, with the input files each passes, and
the ones it installs without \`--events\`:

${events.join("\n")}
`;
}
