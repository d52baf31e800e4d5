/**
 * OpenCode (`opencode-ai`): checked with the pinned client against a loopback model server. It
 * runs no hook commands: the plugin `contextfmt init opencode` writes runs them.
 */
import { OPENCODE_PLUGIN } from "./opencode-plugin.js";
import { AGENTS_MD, type ClientSpec, entryCommand, one, skillFolders } from "./spec.js";

/** OpenCode. */
export const opencode = {
  id: "opencode",
  label: "OpenCode",
  checked: { client: "opencode-ai", version: "1.18.33" },
  instructionFile: AGENTS_MD,
  rulesFormat: "codex",
  nestedInstructions: false,
  loading: {
    instructions: {
      // CLAUDE.md only where there is no AGENTS.md (Claude Code compatibility).
      places: [{ names: [AGENTS_MD, "CLAUDE.md"] }],
      order: "deepest-first",
      below: "none",
      imports: false,
    },
    // {command,commands}/**/*.md, {agent,agents}/**/*.md and {skill,skills}/**/SKILL.md in
    // .opencode/, an item named by its path below the folder (agents/review/deep.md is
    // review/deep). It reads .claude/skills, then .agents/skills, then its own folders, and the
    // last skill of a name wins: its own first here, then .agents/skills.
    moreItems: {
      command: [{ dir: ".opencode/commands" }],
      agent: [{ dir: ".opencode/agents" }],
      skill: [{ dir: ".opencode/skills" }, { dir: ".agents/skills" }, { dir: ".claude/skills" }],
    },
  },
  items: {
    command: {
      format: "opencode",
      dir: ".opencode/command",
      layout: "nested",
      extension: ".md",
      readable: true,
    },
    agent: {
      format: "opencode",
      dir: ".opencode/agent",
      layout: "nested",
      extension: ".md",
      readable: true,
    },
    skill: skillFolders("opencode", ".opencode/skill"),
  },
  mcp: { format: "opencode", path: "opencode.json", key: "mcp" },
  // permission.<tool>: an action, or patterns → action (`"git *"` also matches `git` alone).
  permissions: { path: "opencode.json", dialect: "opencode", pathTools: [], domains: false },
  cannotHold: {
    hook: "OpenCode's hooks are plugins written in JavaScript, not commands (contextfmt's own plugin runs only contextfmt's hooks)",
    ignore:
      "OpenCode reads no ignore file that keeps a file from its agent (watcher.ignore only stops watching)",
  },
  hooks: {
    // The plugin names the events. Its session start is the first model request of a session in
    // the process (the system prompt it adds to every request of that session); its prompt,
    // each message the user sends.
    events: {
      SessionStart: "session-start",
      UserPromptSubmit: "prompt",
    },
    contextField: "hookSpecificOutput",
    // The plugin adds the context to the system prompt or the message as it is.
    limit: {},
    escapesXml: false,
    // The plugin keeps nothing in the conversation: it says `startup` for each session it first
    // sees in a process, a resumed one included, and adds the context to the system prompt
    // OpenCode builds anew for every request.
    sessionStart: { startup: "full" },
    stdin: {
      shape: "opencode",
      namesEvent: true,
      sessionSource: true,
      sample: {
        // What the plugin sends.
        base: { session_id: "ses_53f2a1b0cffeQ2xYlM8dN4kTzR", cwd: "/home/dev/repo" },
        shell: { tool_name: "bash" },
      },
    },
    // The plugin (written beside) runs the commands listed here, from the project folder, and
    // adds their context.
    install: {
      path: ".opencode/contextfmt.json",
      projectDir: "",
      entry: (command) => ({ command, timeout: 10 }),
      commandOf: entryCommand,
      files: { ".opencode/plugins/contextfmt.js": OPENCODE_PLUGIN },
    },
  },
  // Checked with the client: its AGENTS.md in the config folder, else Claude Code's
  // ~/.claude/CLAUDE.md; before the project's files.
  user: {
    folder: { path: "~config/opencode" },
    instructions: [
      { level: "user", folder: { path: "~config/opencode" }, read: one(AGENTS_MD) },
      {
        level: "user",
        folder: { path: "~/.claude" },
        read: one("CLAUDE.md"),
        fallback: true,
      },
    ],
    instructionFile: AGENTS_MD,
  },
  // Its permission keys, which are its tools' names: `edit` covers writing a new file too, so
  // no key stands for writing alone.
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
