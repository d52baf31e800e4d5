import { type SectionBreakdown, sectionBreakdown } from "../../adapters.js";
import { inputOf } from "../../hooks/input-shapes.js";
import {
  defaultCounter,
  FormatManager,
  hasErrors,
  type Issue,
  type TokenCounter,
} from "../../index.js";
import { unknownChoice } from "../../problems/suggest.js";
import { type Command, printedHelp, reportIssues } from "../command.js";
import { counterFor } from "../counter.js";
import { readInputFile, readTextFile, renderNamingFile } from "../input-files.js";
import { printLines, shown, writeStdoutExact } from "../output.js";
import {
  noMorePositionals,
  nonNegativeInteger,
  parseFlags,
  positional,
  UsageError,
} from "../usage.js";

const help = (formats: readonly string[]) => `Usage: contextfmt tokens <file|-> [options]

Counts the tokens of a text file (- reads stdin) and prints them per section: markdown
headings, Codex "=== … ===" sections, capitals labels ("MANDATORY RULES:") and top-level XML
elements (<directive>, <PROJECT …>, <USER …>), else the whole text as one. The sections add
up to the total exactly.
With --format, the file is that format's input (JSON or YAML, as render takes) and what is
counted is the rendered context.

Options:
  --exact         count exactly with o200k (slower to start; default: the heuristic estimate)
  --format <id>   count the context rendered by this format: ${formats.join(", ")}
  --budget <n>    token budget: with --format the render's budget; shows what is left
  --now <iso>     with --format: the clock for timestamps (default: now)
  --json          print the breakdown as JSON
  -h, --help      show this help

Exit code: 0, or 1 when the text is over --budget or the render has error issues.
`;

/** What `tokens` found, as `--json` prints it. */
interface TokenReport extends SectionBreakdown {
  readonly exact: boolean;
  readonly budget?: number;
  readonly format?: { readonly id: string; readonly included: number; readonly skipped: number };
}

const TITLE_WIDTH = 48;

function fitTitle(title: string): string {
  return title.length <= TITLE_WIDTH ? title : `${title.slice(0, TITLE_WIDTH - 1)}…`;
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The breakdown as a table's lines, its total last, the counter and what was rendered above it. */
function table(report: TokenReport): string[] {
  const counterNote = report.exact
    ? "exact o200k"
    : "heuristic estimate of o200k; --exact counts exactly";
  const head = [`counter: ${report.counter} (${counterNote})`];
  if (report.format) {
    const { id, included, skipped } = report.format;
    head.push(`format: ${id} (${included} included, ${skipped} skipped)`);
  }
  const rows = report.sections.map((s) => [
    fitTitle(shown(s.title)),
    String(s.tokens),
    percent(s.share),
  ]);
  const total = ["total", String(report.total), report.total === 0 ? "" : percent(1)];
  const all = [["section", "tokens", "share"], ...rows, total];
  const width = (column: number) =>
    all.reduce((widest, row) => Math.max(widest, row[column]?.length ?? 0), 0);
  const [titleWidth, tokensWidth, shareWidth] = [width(0), width(1), width(2)];
  const line = ([title = "", tokens = "", share = ""]: string[]) =>
    `${title.padEnd(titleWidth)}  ${tokens.padStart(tokensWidth)}  ${share.padStart(shareWidth)}`.trimEnd();
  const lines = [...head, "", ...all.map(line)];
  if (report.budget !== undefined) {
    const left = report.budget - report.total;
    lines.push(
      `budget: ${report.budget} (${left >= 0 ? `fits, ${left} to spare` : `over by ${-left}`})`,
    );
  }
  return lines;
}

/** The report with its keys in reading order: the sections last. */
function reportOf(
  { counter, total, sections }: SectionBreakdown,
  exact: boolean,
  extra: Pick<TokenReport, "budget" | "format">,
): TokenReport {
  return { counter, exact, total, ...extra, sections };
}

interface CountOptions {
  readonly exact: boolean;
  readonly budget: number | undefined;
}

/** A text file's breakdown; over `budget` is a `budget_exceeded` error. */
async function countText(
  file: string,
  { exact, budget }: CountOptions,
): Promise<{ report: TokenReport; issues: readonly Issue[] }> {
  const text = await readTextFile(file);
  const counter: TokenCounter = (await counterFor(exact)) ?? defaultCounter;
  const breakdown = sectionBreakdown(text, counter);
  const over = budget !== undefined && breakdown.total > budget;
  return {
    report: reportOf(breakdown, exact, budget !== undefined ? { budget } : {}),
    issues: over
      ? [
          {
            code: "budget_exceeded",
            severity: "error",
            message: `content is ${breakdown.total} tokens; the budget is ${budget}`,
          },
        ]
      : [],
  };
}

/** The breakdown of what `format` renders from the input file, with the render's issues. */
async function countRender(
  manager: FormatManager,
  format: string,
  file: string,
  { exact, budget, now }: CountOptions & { readonly now: string | undefined },
): Promise<{ report: TokenReport; issues: readonly Issue[] }> {
  const input = inputOf(format, await readInputFile(file));
  const counter = await counterFor(exact);
  const result = renderNamingFile(file, () =>
    manager.format(format, input, {
      ...(budget !== undefined ? { budget } : {}),
      ...(counter ? { counter } : {}),
      ...(now !== undefined ? { now } : {}),
    }),
  );
  return {
    report: reportOf(sectionBreakdown(result.content, counter ?? defaultCounter), exact, {
      budget: result.budget,
      format: { id: format, included: result.rulesIncluded, skipped: result.rulesSkipped },
    }),
    issues: result.issues,
  };
}

export const run: Command["run"] = async (args) => {
  const { values, positionals } = parseFlags("tokens", args, {
    format: { type: "string" },
    budget: { type: "string" },
    exact: { type: "boolean" },
    now: { type: "string" },
    json: { type: "boolean" },
  });
  const manager = new FormatManager();
  if (printedHelp(values, help(manager.list()))) return 0;
  const file = positional("tokens", positionals, 0, "the file to count (or - for stdin)");
  noMorePositionals("tokens", positionals, 1);
  if (values.format === undefined && values.now !== undefined) {
    throw new UsageError('--now needs --format; see "contextfmt tokens --help"');
  }
  // An unknown id fails before any file is read.
  if (values.format !== undefined && !manager.list().includes(values.format)) {
    throw unknownChoice("format", values.format, manager.list(), "--format");
  }
  const budget = nonNegativeInteger("budget", values.budget);

  const exact = values.exact === true;
  const { report, issues } =
    values.format === undefined
      ? await countText(file, { exact, budget })
      : await countRender(manager, values.format, file, { exact, budget, now: values.now });
  if (values.json) writeStdoutExact(`${JSON.stringify(report, null, 2)}\n`);
  else printLines(table(report));
  reportIssues(issues);
  return hasErrors(issues) ? 1 : 0;
};
