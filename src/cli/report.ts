import type { FormattedContext } from "../index.js";
import { shown, writeStderr } from "./output.js";
import { UsageError } from "./usage.js";

/** One result to report, with what names it (`--rules`, or the format id for `render`). */
export interface ReportedPart {
  readonly label: string;
  readonly result: FormattedContext;
}

/** Rows padded into columns; the last column is left ragged. */
export function columns(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, index) => {
      widths[index] = Math.max(widths[index] ?? 0, cell.length);
    });
  }
  return rows.map((row) =>
    row
      .map((cell, index) => (index === row.length - 1 ? cell : cell.padEnd(widths[index] ?? 0)))
      .join("  ")
      .trimEnd(),
  );
}

/** The budget report of one result as a table: each item, the frame, the total, the sections. */
export function reportTable({ label, result }: ReportedPart): string {
  const { report } = result;
  const head = `${shown(label)}: ${result.adapter}, ${result.tokenCount} of ${result.budget} tokens (${result.counter})`;
  const rows: string[][] = [["status", "tokens", "form", "item", "path", "reason"]];
  for (const item of report.items) {
    rows.push([
      item.status,
      String(item.tokens),
      item.form === undefined || item.form === 0 ? "" : String(item.form),
      shown(item.id),
      shown(item.path),
      shown(item.reason ?? ""),
    ]);
  }
  rows.push(["frame", String(report.frameTokens), "", "", "", ""]);
  const sections = columns(
    report.sections.map((section) => [String(section.tokens), shown(section.label)]),
  );
  const lines = [
    head,
    ...columns(rows).map((line) => `  ${line}`),
    "  sections:",
    ...sections.map((line) => `    ${line}`),
  ];
  return `${lines.join("\n")}\n`;
}

/**
 * Writes the budget reports of `parts` to stderr: as tables, or as one JSON array of
 * `{ label, format, tokenCount, budget, counter, report }` with `json` (`format`: the format's id).
 */
export function printReports(parts: readonly ReportedPart[], { json = false } = {}): void {
  if (json) {
    const data = parts.map(({ label, result }) => ({
      label,
      format: result.adapter,
      tokenCount: result.tokenCount,
      budget: result.budget,
      counter: result.counter,
      report: result.report,
    }));
    writeStderr(`${JSON.stringify(data)}\n`);
    return;
  }
  writeStderr(parts.map(reportTable).join(""));
}

/** `--json` means the report's form: without `--report` it is a mistake worth saying. */
export function reportFlags(
  command: string,
  values: { readonly report?: boolean | undefined; readonly json?: boolean | undefined },
): void {
  if (values.json && !values.report) {
    throw new UsageError(`--json goes with --report; see "contextfmt ${command} --help"`);
  }
}
