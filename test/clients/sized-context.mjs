// A SessionStart hook whose additionalContext is exactly N characters of numbered lines
// (`HOOKC-00001 xxx…`, as doctor.clients.ts's numbered() makes them), to find where a client
// stops taking hook context inline. Usage: node sized-context.mjs <N>
const size = Number(process.argv[2]);
let text = "";
for (let line = 1; text.length < size; line += 1) {
  text += `HOOKC-${String(line).padStart(5, "0")} ${"x".repeat(61)}\n`;
}
process.stdout.write(
  JSON.stringify({
    hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: text.slice(0, size) },
  }),
);
