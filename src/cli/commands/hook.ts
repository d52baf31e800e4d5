import { findHookEvent, kebab } from "../../hooks/events.js";
import {
  answerHook,
  DEFAULT_HOOK_BUDGET,
  DEFAULT_MIN_RELEVANCE,
  HOOK_EVENTS,
  HOOK_SOURCE_FLAGS,
  HOOK_TOOLS,
  type HookEventName,
  type HookFile,
  type HookSourceFlag,
  type HookTool,
  isHookTool,
} from "../../hooks/index.js";
import { unknownChoice } from "../../problems/suggest.js";
import { type Command, printedHelp, reportIssues } from "../command.js";
import { counterFor } from "../counter.js";
import { readHookFile } from "../input-files.js";
import { writeStdoutExact } from "../output.js";
import { printReports, reportFlags } from "../report.js";
import { readStdin } from "../stdin.js";
import {
  noMorePositionals,
  nonNegativeInteger,
  parseFlags,
  positional,
  UsageError,
} from "../usage.js";

export { DEFAULT_HOOK_BUDGET };

/**
 * The most a hook's JSON on stdin may hold. Clients send a few kilobytes, a tool's whole input
 * or output after it (a file written, a command's output) up to a few megabytes; 16 MiB is
 * several times that, and still parses in a fraction of a second. More is refused, read no
 * further: an error the client shows, never memory or a string V8 cannot make.
 */
export const MAX_HOOK_STDIN_BYTES = 16 * 1024 * 1024;

/** `tool`'s events in kebab-case, wrapped under the tool's name. */
function eventList(tool: HookTool): string {
  const lines: string[] = [];
  let line = "";
  for (const name of Object.keys(HOOK_EVENTS[tool]).map(kebab)) {
    if (line !== "" && line.length + name.length + 2 > 80) {
      lines.push(`${line},`);
      line = "";
    }
    line += line === "" ? name : `, ${name}`;
  }
  lines.push(line);
  return lines.join(`\n${" ".repeat(10)}`);
}

/** The help text, built when asked: its lists of events would cost every hook call their making. */
const help = () => `Usage: contextfmt hook <tool> <event> [options] < hook-input.json

Reads the hook's JSON on stdin and writes the JSON the tool accepts on stdout, with the
context for that moment in hookSpecificOutput.additionalContext (Copilot CLI: a top-level
additionalContext; Cursor: a top-level additional_context, from its documentation, not checked
by a real client; Cline: a top-level contextModification). Issues go to stderr.

Tools and events (wire names such as SessionStart work too):
${HOOK_TOOLS.map((tool) => `  ${tool.padEnd(7)} ${eventList(tool)}`).join("\n")}

What each event injects (from the files given; the others are not read):
  session-start       the rules in the tool's own format, the PROJECT block (for Gemini CLI
                      and Qwen Code, which escape XML, the same parts under markdown
                      headings), then the session context (markdown);
                      nothing on a Claude Code or Codex CLI resume or fork, which send the
                      earlier context again
  subagent-start      the rules and the PROJECT block, for the subagent's own conversation
  prompt events       the memories that match the prompt: pinned ones, those with a score
                      (by score), then those whose relevance to the prompt reaches
                      --min-relevance (most relevant first): XML memory blocks; for Gemini CLI
                      and Qwen Code, which escape XML, one "Related: …" line; nothing for a
                      blank prompt
  tool events         the brief session context ("Related: …", at most 200 tokens), before
                      and after a tool, after a failed one, after a batch
  stop, subagent-stop, user-prompt-expansion, post-model-switch
                      nothing ({}): context at a stop makes the agent go on; a slash command
                      already had its UserPromptSubmit; a new model keeps the conversation

Options:
  --rules <file>     memory rules: { rules: [...] } or a list
  --project <file>   project state: { projects: [...] }, a list, or one project
  --session <file>   session candidates: { candidates: [...], alerts?: [...] } or a list
  --memories <file>  memories: { directive?, memories: [...] } or a list
  --budget <n>       token budget (default ${DEFAULT_HOOK_BUDGET}), shared by the files injected
                     together; the context is also kept under the tool's inline limit
                     (Claude Code 10,000 characters, Codex CLI 10,000 bytes, Copilot CLI
                     10,240 characters after a tool)
  --min-relevance <n>
                     the relevance to the prompt, 0–1, a memory without a score needs: the
                     share of its term weight the prompt names (default ${DEFAULT_MIN_RELEVANCE});
                     0 injects every memory, ranked
  --nonce <id>       the XML memory blocks' session nonce (default: random per call)
  --cache-stable     every format in its cache-stable layout: items in the order they were
                     added, nothing that depends on the clock, so that the same files give
                     the same text and a new item lands at the end
  --exact            count tokens exactly with o200k (slower to start)
  --now <iso>        the clock for timestamps and "3 hours ago" (default: now)
  --report           print the budget report of each file on stderr: each item included,
                     shortened or skipped (and why) with its tokens, the frame, the sections
  --json             with --report: the reports as JSON
  -h, --help         show this help

Files are JSON (.json) or YAML (.yaml, .yml), each the format's input or just its list
("contextfmt schema" describes them); JSON starts faster. With nothing to inject (no files for
this moment, or files with no items) it prints {}, which every tool reads as "no change".

Exit code: 0 when the JSON was written (even with warnings); 1 on bad input (stdin over
16 MiB included: refused, read no further). Never 2.
`;

/** The wire name of `tool`'s event `name` (kebab-case or wire), or a suggestion of the nearest. */
function hookEvent(tool: HookTool, name: string): HookEventName {
  const found = findHookEvent(tool, name);
  if (found) return found;
  throw unknownChoice(`${tool} event`, name, Object.keys(HOOK_EVENTS[tool]).map(kebab));
}

/** `--min-relevance`: a number from 0 to 1, or a {@link UsageError} naming the flag. */
function relevanceFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number =
    /^(0|1)?(\.\d+)?$/.test(value) && value !== "" && value !== "." ? Number(value) : Number.NaN;
  if (!(number >= 0 && number <= 1)) {
    throw new UsageError(
      `--min-relevance: expected a number from 0 to 1, received ${JSON.stringify(value)}`,
    );
  }
  return number;
}

export const run: Command["run"] = async (args) => {
  const { values, positionals } = parseFlags("hook", args, {
    rules: { type: "string" },
    project: { type: "string" },
    session: { type: "string" },
    memories: { type: "string" },
    nonce: { type: "string" },
    budget: { type: "string" },
    "min-relevance": { type: "string" },
    exact: { type: "boolean" },
    "cache-stable": { type: "boolean" },
    now: { type: "string" },
    report: { type: "boolean" },
    json: { type: "boolean" },
  });
  if (values.help && printedHelp(values, help())) return 0;
  reportFlags("hook", values);
  const tool = positional("hook", positionals, 0, `the tool (${HOOK_TOOLS.join(", ")})`);
  if (!isHookTool(tool)) throw unknownChoice("tool", tool, HOOK_TOOLS);
  const event = hookEvent(tool, positional("hook", positionals, 1, "the hook event"));
  noMorePositionals("hook", positionals, 2);
  const budget = nonNegativeInteger("budget", values.budget) ?? DEFAULT_HOOK_BUDGET;
  const files: Partial<Record<HookSourceFlag, HookFile>> = {};
  for (const flag of HOOK_SOURCE_FLAGS) {
    const path = values[flag];
    if (path === "-") {
      throw new UsageError(`--${flag} -: stdin holds the hook's own JSON; give the file's path`);
    }
    if (path !== undefined) files[flag] = { path, load: () => readHookFile(path) };
  }
  if (Object.keys(files).length === 0) {
    throw new UsageError(
      `nothing to inject: give ${HOOK_SOURCE_FLAGS.map((flag) => `--${flag}`).join(", ")}`,
    );
  }
  const answer = await answerHook({
    tool,
    event,
    stdin: await readStdin({ maxBytes: MAX_HOOK_STDIN_BYTES, what: "a hook's JSON" }),
    files,
    budget,
    counter: await counterFor(values.exact),
    now: values.now,
    nonce: values.nonce,
    cacheStable: values["cache-stable"] === true,
    minRelevance: relevanceFlag(values["min-relevance"]),
  });
  writeStdoutExact(answer.stdout);
  reportIssues(answer.issues);
  if (values.report) printReports(answer.parts, { json: values.json === true });
  return 0;
};
