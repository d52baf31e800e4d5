/**
 * Tool names of Claude Code and Gemini CLI agents. The neutral form uses Claude Code's names;
 * Gemini CLI's built-in tools and MCP tool names translate one to one, the rest has no equivalent.
 */

/** Claude Code tool → Gemini CLI tool. */
const CLAUDE_TO_GEMINI: Readonly<Record<string, string>> = {
  Read: "read_file",
  Write: "write_file",
  Edit: "replace",
  Glob: "glob",
  Grep: "grep_search",
  LS: "list_directory",
  Bash: "run_shell_command",
  WebFetch: "web_fetch",
  WebSearch: "google_web_search",
  TodoWrite: "write_todos",
  Skill: "activate_skill",
  AskUserQuestion: "ask_user",
};

const GEMINI_TO_CLAUDE: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    Object.entries(CLAUDE_TO_GEMINI).map(([claude, gemini]) => [gemini, claude]),
  ),
  // Gemini CLI's older name of grep_search.
  search_file_content: "Grep",
};

/** Gemini CLI tools with no Claude Code equivalent; kept as written in the neutral form. */
const GEMINI_ONLY = new Set([
  "read_many_files",
  "save_memory",
  "get_internal_docs",
  "enter_plan_mode",
  "exit_plan_mode",
  "update_topic",
  "tracker_create_task",
  "tracker_update_task",
  "tracker_get_task",
  "tracker_list_tasks",
  "tracker_add_dependency",
  "tracker_visualize",
]);

/** `mcp__server__tool` (Claude) ↔ `mcp_server_tool` (Gemini); a whole server is `mcp__server` / `mcp_server_*`. */
const CLAUDE_MCP = /^mcp__(.+?)(?:__(.+))?$/;
const GEMINI_MCP = /^mcp_([a-z0-9.:-]+)_(.+)$/i;

/** A Gemini CLI tool name in the neutral (Claude Code) form; names with no equivalent stay. */
export function fromGeminiTool(name: string): string {
  const builtin = GEMINI_TO_CLAUDE[name];
  if (builtin) return builtin;
  const mcp = GEMINI_MCP.exec(name);
  if (mcp?.[1] && mcp[2]) return mcp[2] === "*" ? `mcp__${mcp[1]}` : `mcp__${mcp[1]}__${mcp[2]}`;
  return name;
}

/** The Gemini CLI name of a neutral tool, or undefined when Gemini CLI has none. */
export function toGeminiTool(name: string): string | undefined {
  const builtin = CLAUDE_TO_GEMINI[name];
  if (builtin) return builtin;
  const mcp = CLAUDE_MCP.exec(name);
  // Gemini splits `mcp_a_b_c` at the second "_": a server name with "_" cannot be written.
  if (mcp?.[1] && !mcp[1].includes("_")) return `mcp_${mcp[1]}_${mcp[2] ?? "*"}`;
  if (GEMINI_ONLY.has(name) || name === "*" || name === "mcp_*") return name;
  if (name.startsWith("discovered_tool_")) return name;
  return undefined;
}

/** Whether Claude Code can read `name`: its own tools are capitalised, MCP tools `mcp__…`. */
export function isClaudeTool(name: string): boolean {
  return /^[A-Z]/.test(name) || name.startsWith("mcp__");
}
