/**
 * Kilo Code's CLI (`@kilocode/cli`), a descendant of OpenCode: checked with the pinned client
 * against a loopback model server. contextfmt installs no hooks for it.
 */
import { AGENTS_MD, type ClientSpec, one, skillFolders } from "./spec.js";

/** Kilo Code. */
export const kilo = {
  id: "kilo",
  label: "Kilo Code",
  checked: { client: "@kilocode/cli", version: "7.7.7" },
  instructionFile: AGENTS_MD,
  rulesFormat: "codex",
  nestedInstructions: false,
  loading: {
    instructions: {
      // As OpenCode, which it forked from: CLAUDE.md only where no folder from the root to the
      // start folder has an AGENTS.md.
      places: [{ names: [AGENTS_MD, "CLAUDE.md"], acrossFolders: true }],
      order: "deepest-first",
      below: "none",
      imports: false,
    },
    // As OpenCode, from .kilo/ and from .kilocode/ (its older folder), both singular and plural;
    // it reads .kilocode/ before .kilo/, and the last item of a name wins.
    moreItems: {
      command: [
        { dir: ".kilo/commands" },
        { dir: ".kilocode/command" },
        { dir: ".kilocode/commands" },
      ],
      agent: [{ dir: ".kilo/agents" }, { dir: ".kilocode/agent" }, { dir: ".kilocode/agents" }],
      skill: [
        { dir: ".kilo/skills" },
        { dir: ".kilocode/skill" },
        { dir: ".kilocode/skills" },
        { dir: ".agents/skills" },
        { dir: ".claude/skills" },
      ],
    },
  },
  // OpenCode's formats, read from .kilo/ and .kilocode/ (it does not load .opencode/) and
  // kilo.json (it reads opencode.json too, as legacy).
  items: {
    command: {
      format: "opencode",
      dir: ".kilo/command",
      layout: "nested",
      extension: ".md",
      readable: true,
    },
    agent: {
      format: "opencode",
      dir: ".kilo/agent",
      layout: "nested",
      extension: ".md",
      readable: true,
    },
    skill: skillFolders("opencode", ".kilo/skill"),
  },
  mcp: { format: "opencode", path: "kilo.json", key: "mcp" },
  // Checked with the client: OpenCode's rule in its own config folder (AGENTS.md, else
  // ~/.claude/CLAUDE.md) before the project's files, and ~/.kilocode/rules/ after them.
  user: {
    folder: { path: "~config/kilo" },
    instructions: [
      { level: "user", folder: { path: "~config/kilo" }, read: one(AGENTS_MD) },
      {
        level: "user",
        folder: { path: "~/.claude" },
        read: one("CLAUDE.md"),
        fallback: true,
      },
      {
        level: "user",
        folder: { path: "~/.kilocode" },
        read: { dir: "rules", extension: ".md", nested: false },
        after: true,
      },
    ],
    instructionFile: AGENTS_MD,
  },
  // OpenCode's permission object, in its own config file.
  permissions: { path: "kilo.json", dialect: "opencode", pathTools: [], domains: false },
  cannotHold: {
    hook: "Kilo Code's hooks are plugins written in JavaScript, not commands",
  },
  // Read at the root and made read and edit permissions: each line a deny, each `!` line an
  // allow set after every deny, so a `!` line wins wherever it stands.
  ignore: {
    path: ".kilocodeignore",
    negation: "Kilo Code lets a ! line win over every other line, wherever it stands",
  },
  // OpenCode's permission keys.
  tools: {
    shell: "bash",
    read: "read",
    edit: "edit",
    search: "grep",
    find: "glob",
    fetch: "webfetch",
    "web-search": "websearch",
  },
} as const satisfies ClientSpec;
