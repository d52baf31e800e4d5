import type { Issue } from "../problems/issue.js";

/**
 * Collects what a parse, render or conversion could not carry over. Every entry names the item
 * (server or command) and the field in its `path`, so nothing is dropped without a trace.
 */
export class WarningLog {
  readonly list: Issue[] = [];

  /** The target cannot express `field` of `item`; `message` says what happened to it instead. */
  lossy(item: string, field: string, message: string): void {
    this.list.push({
      code: "lossy_conversion",
      severity: "warning",
      message: `${item}: ${message}`,
      path: `${item}.${field}`,
    });
  }

  /** The source holds `field`, which this library does not model; it was left out. */
  unsupported(item: string, field: string, message: string): void {
    this.list.push({
      code: "unsupported_field",
      severity: "warning",
      message: `${item}: ${message}`,
      path: `${item}.${field}`,
    });
  }

  /** Something worth knowing that loses nothing (e.g. the AI converter was not used). */
  info(code: string, message: string, path?: string): void {
    this.list.push({ code, severity: "info", message, ...(path ? { path } : {}) });
  }
}
