/**
 * What the real-client suite (`npm run test:clients`) proves each pinned client reads, by tool
 * and kind, with the file that proves it (for hooks: the settings `contextfmt init` writes). docs/support.md is generated from this table (a kind
 * not listed for a tool is "documentation" there), and test/docs/support.test.ts
 * holds each named file to exist and to run that tool.
 */

import type { HookTool } from "../../src/hooks/events.js";
import type { SyncKind, SyncTool } from "../../src/sync/locations.js";

/** A kind of the support table: what sync writes, and the hooks init installs. */
export type SupportKind = SyncKind | "hooks";

/** sync.clients.ts syncs every kind between Claude Code, Codex and Gemini CLI, after init. */
const SYNCED = {
  instructions: "sync.clients.ts",
  command: "sync.clients.ts",
  agent: "sync.clients.ts",
  skill: "sync.clients.ts",
  mcp: "sync.clients.ts",
  hooks: "sync.clients.ts",
} as const;

/**
 * sync-more.clients.ts syncs a Claude Code project (instructions and rules too) into Copilot CLI
 * and Qwen Code.
 */
const SYNCED_MORE = {
  instructions: "sync-more.clients.ts",
  rules: "sync-more.clients.ts",
  command: "sync-more.clients.ts",
  agent: "sync-more.clients.ts",
  skill: "sync-more.clients.ts",
  mcp: "sync-more.clients.ts",
} as const;

/** opencode.clients.ts syncs a Claude Code project (instructions and rules too) into OpenCode. */
const SYNCED_OPENCODE = {
  instructions: "opencode.clients.ts",
  rules: "opencode.clients.ts",
  command: "opencode.clients.ts",
  agent: "opencode.clients.ts",
  skill: "opencode.clients.ts",
  mcp: "opencode.clients.ts",
} as const;

/** cline.clients.ts syncs a Claude Code project (instructions and rules too) into Cline. */
const SYNCED_CLINE = {
  instructions: "cline.clients.ts",
  rules: "cline.clients.ts",
  command: "cline.clients.ts",
  agent: "cline.clients.ts",
  skill: "cline.clients.ts",
} as const;

/** kilo.clients.ts syncs a Claude Code project (instructions and rules too) into Kilo Code. */
const SYNCED_KILO = {
  instructions: "kilo.clients.ts",
  rules: "kilo.clients.ts",
  command: "kilo.clients.ts",
  agent: "kilo.clients.ts",
  skill: "kilo.clients.ts",
} as const;

/** user-hooks.clients.ts syncs the user's hooks from Claude Code's settings, and runs them. */
const USER_HOOKS = { hook: "user-hooks.clients.ts" } as const;
/** ignore.clients.ts syncs a .cursorignore into Gemini CLI, Qwen Code and Kilo Code. */
const IGNORED = "ignore.clients.ts";
/** permissions.clients.ts syncs a deny rule from Claude Code's settings; each client refuses the call. */
const PERMITTED = "permissions.clients.ts";

/** pi.clients.ts syncs a Claude Code project (instructions and rules too) into Pi. */
const SYNCED_PI = {
  instructions: "pi.clients.ts",
  rules: "pi.clients.ts",
  command: "pi.clients.ts",
  skill: "pi.clients.ts",
} as const;

/**
 * continue.clients.ts syncs a Claude Code project (instructions and rules too) into Continue CLI,
 * which reads the skill from .claude/skills itself.
 */
const SYNCED_CONTINUE = {
  instructions: "continue.clients.ts",
  rules: "continue.clients.ts",
  skill: "continue.clients.ts",
} as const;

export const REAL_CLIENT_CHECKS: Readonly<
  Partial<Record<SyncTool | HookTool, Partial<Record<SupportKind, string>>>>
> = {
  claude: SYNCED,
  codex: { ...SYNCED, ...USER_HOOKS },
  gemini: { ...SYNCED, ...USER_HOOKS, ignore: IGNORED, permission: PERMITTED },
  copilot: { hooks: "copilot-qwen.clients.ts", ...SYNCED_MORE },
  qwen: {
    hooks: "copilot-qwen.clients.ts",
    ...SYNCED_MORE,
    ...USER_HOOKS,
    ignore: IGNORED,
    permission: PERMITTED,
  },
  opencode: { ...SYNCED_OPENCODE, hooks: "opencode.clients.ts", permission: PERMITTED },
  cline: { ...SYNCED_CLINE, hooks: "cline-hooks.clients.ts" },
  kilo: { ...SYNCED_KILO, ignore: IGNORED, permission: PERMITTED },
  pi: SYNCED_PI,
  continue: SYNCED_CONTINUE,
};
