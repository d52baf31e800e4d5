import type { Issue } from "../problems/issue.js";
import { shown, visibleControls, writeStderr, writeStdoutExact } from "./output.js";

/** A subcommand: runs with its arguments and returns the exit code. */
export interface Command {
  run(args: readonly string[]): Promise<number>;
}

/** Writes each issue as one line on stderr: `contextfmt: warning: item_skipped: …`. */
export function reportIssues(issues: readonly Issue[]): void {
  for (const issue of issues) {
    // The path names a file or a field: its own newline would start a line of its own.
    const where = issue.path ? ` at ${shown(issue.path)}` : "";
    const message = issue.message.split("\n").join("; ");
    writeStderr(`contextfmt: ${issue.severity}: ${issue.code}${where}: ${message}\n`);
  }
}

/** Prints `help` when `--help` was given; returns whether it did. */
export function printedHelp(values: { help?: boolean | undefined }, help: string): boolean {
  if (!values.help) return false;
  writeStdoutExact(help);
  return true;
}

/**
 * Writes text to stdout ending with exactly the newline a terminal or a file wants. On a
 * terminal, escape sequences in it (from a rule or an id) are shown, not run; into a pipe or a
 * file it goes byte for byte.
 */
export function printText(text: string): void {
  const line = text.endsWith("\n") ? text : `${text}\n`;
  // node:tty is required here, not at the top: the hook command never prints through this.
  const { isatty } = require("node:tty") as typeof import("node:tty");
  writeStdoutExact(isatty(1) ? visibleControls(line) : line);
}
