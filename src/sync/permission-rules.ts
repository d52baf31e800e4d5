/**
 * Permission rules in no client's words: what a rule decides (`allow`, `ask`, `deny`), for which
 * tool by meaning, and how far it reaches (the whole tool, one command or a command prefix, a
 * project path, a domain). Each client's dialect is read into this and written from it; a rule a
 * dialect cannot say exactly is not written there, whichever way it would be off: a narrower
 * rule would let through what the source stops, a broader allow would let through what it asks
 * about. Every parse here is one pass over the text (no pattern with nested quantifiers).
 */
import type { PermissionDialect, PermissionFile, ToolMeaning } from "../clients/spec.js";

/** What a rule decides for the calls it matches. */
export type Decision = "allow" | "ask" | "deny";

/** Every decision, as the Claude-style lists name them. */
export const DECISIONS: readonly Decision[] = ["allow", "ask", "deny"];

/** How far a rule reaches within its tool; undefined: every call of the tool. */
export type RuleScope =
  /** A shell command: exactly `command`, or (`prefix`) it and every command it starts, word by word. */
  | { readonly command: string; readonly prefix: boolean }
  /** A file path or glob relative to the project root (`src/**`, `.env`). */
  | { readonly path: string }
  /** A web fetch to `domain`. */
  | { readonly domain: string };

/** One rule of the source, read. */
export interface PermissionRule {
  /** Where it is and how it is written, for warnings: `<file>: permissions.deny[0] "Bash(rm:*)"`. */
  readonly where: string;
  readonly decision: Decision;
  readonly tool: ToolMeaning;
  readonly scope: RuleScope | undefined;
}

/**
 * Characters that make a command more than one plain command (a pipe, a list, a substitution,
 * a redirection, a quote): clients split or read such commands each in their own way, so a rule
 * naming one cannot be carried as meaning the same.
 */
const SHELL_SYNTAX = /[;&|`$<>(){}"'\\\n\r]/;

/**
 * A shell rule's specifier as a scope: `npm test` (exactly), `npm test:*` or `npm test *` (a
 * prefix), `*` or empty (the whole tool); undefined for anything else (a wildcard inside,
 * shell syntax).
 */
export function commandScope(specifier: string): RuleScope | undefined | "whole" {
  const text = specifier.trim();
  if (text === "" || text === "*" || text === ":*") return "whole";
  let command = text;
  let prefix = false;
  if (text.endsWith(":*") || text.endsWith(" *")) {
    command = text.slice(0, -2).trim();
    prefix = true;
  }
  if (command === "" || command.includes("*") || SHELL_SYNTAX.test(command)) return undefined;
  return { command: command.split(/\s+/).join(" "), prefix };
}

/**
 * A path rule's specifier as a project path: `./src/**`, `src/**`, `.env`; undefined for a
 * path that is not the project's (`/x`, `//x`, `~/x`, `../x`: each client anchors those
 * elsewhere) or that has a parenthesis or backslash.
 */
export function pathScope(specifier: string): RuleScope | undefined {
  const text = specifier.trim();
  const path = text.startsWith("./") ? text.slice(2) : text;
  if (
    path === "" ||
    path.startsWith("/") ||
    path.startsWith("~") ||
    path === ".." ||
    path.startsWith("../") ||
    path.includes("/../") ||
    /[()\\\n\r]/.test(path)
  ) {
    return undefined;
  }
  return { path };
}

/** A fetch rule's `domain:example.com` as a scope; undefined for anything else. */
export function domainScope(specifier: string): RuleScope | undefined {
  const text = specifier.trim();
  if (!text.startsWith("domain:")) return undefined;
  const domain = text.slice("domain:".length).trim();
  return /^[A-Za-z0-9*.-]+$/.test(domain) && domain !== "*" ? { domain } : undefined;
}

/** `Tool(specifier)` split once: the name and the text inside, or the name alone. */
export function splitRule(text: string): { name: string; specifier?: string } | undefined {
  const open = text.indexOf("(");
  if (open === -1) return { name: text.trim() };
  if (!text.endsWith(")")) return undefined;
  return { name: text.slice(0, open).trim(), specifier: text.slice(open + 1, -1) };
}

/**
 * Why `place` cannot hold `rule` exactly, or undefined when it can: its tool must have a name
 * there, and its scope a way to be said.
 */
export function cannotSay(
  rule: PermissionRule,
  place: PermissionFile,
  tools: Readonly<Partial<Record<ToolMeaning, string>>>,
  label: string,
): string | undefined {
  if (tools[rule.tool] === undefined) return `${label} has no permission for its ${rule.tool} tool`;
  const { scope } = rule;
  if (scope === undefined) return undefined;
  if ("command" in scope) {
    if (place.dialect !== "gemini") return undefined;
    if (rule.decision !== "allow") {
      return `${label}'s ${rule.decision === "deny" ? "tools.exclude" : "tools.confirmationRequired"} names whole tools only`;
    }
    return scope.prefix ? undefined : `${label}'s tools.allowed names command prefixes only`;
  }
  if ("path" in scope) {
    return place.pathTools.includes(rule.tool)
      ? undefined
      : `${label}'s rules for its ${rule.tool} tool name no project path`;
  }
  return place.domains ? undefined : `${label}'s rules name no domain`;
}

/** The dialects whose rules are ordered: the last one that matches decides. */
export const lastMatchDecides = (dialect: PermissionDialect): boolean => dialect === "opencode";
