import { inputOf } from "../../hooks/input-shapes.js";
import { FormatManager, hasErrors } from "../../index.js";
import { unknownChoice } from "../../problems/suggest.js";
import { type Command, printedHelp, printText, reportIssues } from "../command.js";
import { counterFor } from "../counter.js";
import { readInputFile, renderNamingFile } from "../input-files.js";
import { printReports, reportFlags } from "../report.js";
import {
  noMorePositionals,
  nonNegativeInteger,
  parseFlags,
  positional,
  UsageError,
} from "../usage.js";

const help = (
  formats: readonly string[],
) => `Usage: contextfmt render --format <id> <input file|-> [options]

Prints the formatted context for the input file (- reads stdin) on stdout; issues (left-out
items, checks) go to stderr, one per line. The file is JSON (.json) or YAML (.yaml, .yml), the
format's input or just its list, as the hook reads it ("contextfmt schema" describes them).

Options:
  --format <id>   format id: ${formats.join(", ")}
  --budget <n>    token budget (default: the format's context size)
  --exact         count tokens exactly with o200k (slower to start)
  --now <iso>     the clock for timestamps, e.g. 2025-10-04T20:00:00Z (default: now)
  --report        print the budget report on stderr: each item included, shortened or
                  skipped (and why) with its tokens, the frame, the sections
  --json          with --report: the report as JSON
  -h, --help      show this help

Exit code: 0, or 1 when the result has error issues (it is printed all the same).
`;

export const run: Command["run"] = async (args) => {
  const { values, positionals } = parseFlags("render", args, {
    format: { type: "string" },
    budget: { type: "string" },
    exact: { type: "boolean" },
    now: { type: "string" },
    report: { type: "boolean" },
    json: { type: "boolean" },
  });
  const manager = new FormatManager();
  if (printedHelp(values, help(manager.list()))) return 0;
  const format = values.format;
  if (format === undefined)
    throw new UsageError('missing --format; see "contextfmt render --help"');
  const file = positional("render", positionals, 0, "the input file");
  noMorePositionals("render", positionals, 1);
  reportFlags("render", values);

  // An unknown id fails before any file is read.
  if (!manager.list().includes(format)) {
    throw unknownChoice("format", format, manager.list(), "--format");
  }
  const budget = nonNegativeInteger("budget", values.budget);
  const input = await readInputFile(file);
  const counter = await counterFor(values.exact);
  const result = renderNamingFile(file, () =>
    manager.format(format, inputOf(format, input), {
      ...(budget !== undefined ? { budget } : {}),
      ...(counter ? { counter } : {}),
      ...(values.now !== undefined ? { now: values.now } : {}),
    }),
  );
  printText(result.content);
  reportIssues(result.issues);
  if (values.report) printReports([{ label: file, result }], { json: values.json === true });
  return hasErrors(result.issues) ? 1 : 0;
};
