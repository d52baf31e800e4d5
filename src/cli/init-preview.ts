/**
 * What the next session receives from the hooks `init` installs: the real hook, run in process
 * on the client's own stdin for the event, with the input files as the plan leaves them.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { answerHook, type HookEventName, type HookFile, type HookTool } from "../hooks/index.js";
import { contextPath } from "../hooks/output.js";
import { makeHookInput } from "../hooks/sample-input.js";
import { ContextFmtError } from "../problems/errors.js";
import type { Issue } from "../problems/issue.js";
import type { InitEvent, InitPlan } from "../sync.js";
import { parseInputFile } from "../workspace/input-file.js";
import { valueAt } from "../workspace/json-edit.js";
import { counterFor } from "./counter.js";

/** The context a hook injects at one event, or why it cannot. */
export interface SessionPreview {
  /** The client's name of the event (`SessionStart`). */
  readonly event: string;
  /** The context injected, `""` for none. */
  readonly context: string;
  /** The hook's warnings, and its error when it fails (then the context is `""`). */
  readonly issues: readonly Issue[];
}

/** An input file's text as `plan` leaves it: its new text, else the file's; undefined if none. */
function textAfter(dir: string, path: string, plan: InitPlan): string | undefined {
  const planned = plan.changed.find((file) => file.path === path);
  if (planned) return planned.after;
  try {
    return readFileSync(join(dir, path), "utf8");
  } catch {
    return undefined;
  }
}

/**
 * The context the first event of `events` injects (the session's start, when installed) once
 * `plan` is written, as `contextfmt hook` answers it: the same files, budget and counter.
 */
export async function previewSession(
  dir: string,
  tool: HookTool,
  events: readonly InitEvent[],
  plan: InitPlan,
): Promise<SessionPreview | undefined> {
  const first = events.find((event) => event.event === "session-start") ?? events[0];
  if (first === undefined) return undefined;
  const files: Record<string, HookFile> = {};
  for (const flag of first.flags) {
    const path = `.contextfmt/${flag}.json`;
    const text = textAfter(dir, path, plan);
    // A blank file injects nothing, as the hook reads it (readHookFile).
    if (text !== undefined) {
      files[flag] = {
        path,
        load: () => (text.trim() === "" ? undefined : parseInputFile(path, text)),
      };
    }
  }
  const stdin = JSON.stringify(makeHookInput(tool, first.wire, { cwd: resolve(dir) }));
  try {
    const answer = await answerHook({
      tool,
      event: first.wire as HookEventName,
      stdin,
      files,
      counter: await counterFor(false),
    });
    const context = valueAt(JSON.parse(answer.stdout), contextPath(tool).split("."));
    return {
      event: first.wire,
      context: typeof context === "string" ? context : "",
      issues: answer.issues,
    };
  } catch (error) {
    if (!(error instanceof ContextFmtError)) throw error;
    const issue: Issue = {
      code: "hook_failed",
      severity: "warning",
      message: `the ${first.wire} hook fails: ${error.message}`,
    };
    return { event: first.wire, context: "", issues: [issue] };
  }
}
