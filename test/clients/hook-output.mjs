// A hook command written with the built contextfmt/hooks: it parses what the client sends and
// prints hookOutput(tool, event, { additionalContext: text }). At a stop whose hook is already
// active it prints {}, so the agent stops after one more turn. With --stamped the text ends with
// the time, as a text made with a clock does.
// Usage: node hook-output.mjs <tool> <event> <text> [--stamped]
import { readFileSync } from "node:fs";

const [tool, event, given, stamped] = process.argv.slice(2);
const text = stamped === "--stamped" ? `${given} at ${new Date().toISOString()}` : given;
const { hookOutput, parseHookInput } = await import(
  new URL("../../dist/hooks.js", import.meta.url).href
);
const input = parseHookInput(tool, readFileSync(0, "utf8"));
const output =
  input.stop_hook_active === true
    ? {}
    : hookOutput(tool, event, { additionalContext: text }).output;
process.stdout.write(JSON.stringify(output));
