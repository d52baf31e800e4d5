/**
 * The plugin `contextfmt init opencode` writes to `.opencode/plugins/contextfmt.js`. OpenCode
 * runs no hook commands, but its plugins may add to the system prompt of each model request
 * (`experimental.chat.system.transform`) and to each message the user sends (`chat.message`).
 * This one runs the hook commands listed in `.opencode/contextfmt.json` (the settings init edits
 * in place, as it does the other tools'), sends them the stdin the other tools' hooks get, and
 * adds the `additionalContext` they print: the session start's to the system prompt of every
 * request of the session, each prompt's to the message, as a synthetic part the model sees and
 * the conversation view does not show. OpenCode runs plugins in Bun, which has these `node:`
 * modules.
 */
export const OPENCODE_PLUGIN = `// Written by \`contextfmt init opencode\`, which replaces it while unchanged. It runs the hook
// commands of .opencode/contextfmt.json (edit them there) and adds the context they print to
// what OpenCode sends the model.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const ContextfmtPlugin = async ({ directory }) => {
  const settings = join(directory, ".opencode", "contextfmt.json");

  // The context each hook command of \`event\` prints; one that fails is logged and skipped.
  const contexts = (event, input) => {
    let hooks;
    try {
      hooks = JSON.parse(readFileSync(settings, "utf8")).hooks?.[event] ?? [];
    } catch (error) {
      console.error(\`contextfmt: \${settings}: \${error.message}\`);
      return [];
    }
    const stdin = JSON.stringify({ hook_event_name: event, cwd: directory, ...input });
    return hooks.flatMap(({ command, timeout = 10 }) => {
      const run = spawnSync(command, {
        cwd: directory,
        input: stdin,
        shell: true,
        encoding: "utf8",
        timeout: timeout * 1000,
      });
      if (run.stderr) console.error(run.stderr.trimEnd());
      if (run.status !== 0) {
        console.error(\`contextfmt: \${command}: \${run.error?.message ?? \`exit \${run.status}\`}\`);
        return [];
      }
      try {
        const context = JSON.parse(run.stdout).hookSpecificOutput?.additionalContext;
        return typeof context === "string" && context !== "" ? [context] : [];
      } catch {
        console.error(\`contextfmt: \${command}: printed no JSON\`);
        return [];
      }
    });
  };

  // OpenCode builds the system prompt anew for every request: the session's context is asked
  // for once per session and added each time.
  const sessions = new Map();
  return {
    "experimental.chat.system.transform": async ({ sessionID }, output) => {
      // No session: OpenCode is generating an agent's configuration, not talking to the user.
      if (sessionID === undefined) return;
      if (!sessions.has(sessionID)) {
        sessions.set(sessionID, contexts("SessionStart", { session_id: sessionID, source: "startup" }));
      }
      output.system.push(...sessions.get(sessionID));
    },
    "chat.message": async ({ sessionID }, output) => {
      const prompt = output.parts
        .filter((part) => part.type === "text" && !part.synthetic)
        .map((part) => part.text)
        .join("\\n");
      const last = output.parts.at(-1);
      contexts("UserPromptSubmit", { session_id: sessionID, prompt }).forEach((text, index) => {
        output.parts.push({
          // Sorts right after the message's own parts, before any later one.
          id: \`\${last?.id ?? "prt"}\${index}ctx\`,
          sessionID,
          messageID: output.message.id,
          type: "text",
          text,
          synthetic: true,
        });
      });
    },
  };
};
`;
