/**
 * How much each kind of doctor problem matters and what to do about it: one table, so the text,
 * `--json` and the page give the same severity and the same fix.
 */
import type { IssueSeverity } from "../problems/issue.js";
import type { DoctorProblem, DoctorProblemCode, ReportedProblem } from "./report.js";

/** A problem code's severity and its fix, in one line a person can act on. */
export interface ProblemAdvice {
  /**
   * `error`: something the client was meant to get does not reach it, or doctor could not read
   * it; `warning`: it reaches the client other than as written (shadowed, twice, stale);
   * `info`: it works once the person does what the client asks (trust, approval).
   */
  readonly severity: IssueSeverity;
  readonly fix: string;
}

/**
 * Every doctor problem code's severity and fix.
 *
 * @example
 * DOCTOR_PROBLEM_ADVICE.untrusted.severity; // "info"
 */
export const DOCTOR_PROBLEM_ADVICE: Readonly<Record<DoctorProblemCode, ProblemAdvice>> =
  Object.freeze({
    over_client_limit: {
      severity: "error",
      fix: "Shorten the instruction files, or move detail into files the agent reads on demand, until they fit the client's cap.",
    },
    shadowed: {
      severity: "warning",
      fix: "Merge what only the shadowed file or item says into the one that wins, or delete or rename it.",
    },
    not_loaded: {
      severity: "warning",
      fix: "Rename or move the file to a place the client reads, fix the import's path, or delete it.",
    },
    duplicate_content: {
      severity: "warning",
      fix: "Keep the line in one of the two files, or make one file import the other.",
    },
    hook_over_limit: {
      severity: "error",
      fix: "Lower the hook's --budget, or mark fewer items required, so what it injects fits the event's limit.",
    },
    out_of_sync: {
      severity: "warning",
      fix: "Run `contextfmt sync` again (or sync --check in CI to catch it).",
    },
    read_otherwise: {
      severity: "warning",
      fix: "Put the `!` line after every line it should win over, and keep it out of folders a line leaves out whole, so the client and git read it alike.",
    },
    untrusted: {
      severity: "info",
      fix: "Nothing to change: trust the folder or approve the item in the client when it asks.",
    },
    unreadable: {
      severity: "error",
      fix: "Make the file a regular UTF-8 file inside the project, in the syntax the client reads, or remove what names it.",
    },
  });

/** Severities from the most to the least pressing: the order problems are shown in. */
export const SEVERITY_ORDER: readonly IssueSeverity[] = ["error", "warning", "info"];

/** A problem a check found, with its code's severity and fix. */
export const advised = (problem: DoctorProblem): ReportedProblem => ({
  ...problem,
  ...DOCTOR_PROBLEM_ADVICE[problem.code],
});

/** `problems` most pressing first (errors, warnings, then infos), each severity in report order. */
export const bySeverity = <P extends { readonly severity: IssueSeverity }>(
  problems: readonly P[],
): P[] =>
  SEVERITY_ORDER.flatMap((severity) => problems.filter((problem) => problem.severity === severity));
