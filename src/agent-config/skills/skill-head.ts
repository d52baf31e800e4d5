/**
 * The `name` and `description` of a SKILL.md as the tools accept them, shared by skills and by
 * commands written as Codex skills.
 */
import { InvalidInputError } from "../../problems/errors.js";
import type { WarningLog } from "../warnings.js";

/** Codex reads at most this many characters of a skill description. */
export const CODEX_MAX_DESCRIPTION = 1024;

/**
 * The skill name Claude Code, Codex and Gemini CLI accept for a name: lowercase letters, digits
 * and single hyphens, at most 64 characters.
 *
 * @example
 * ```ts
 * skillName("git/commit"); // "git-commit"
 * ```
 */
export function skillName(name: string): string {
  if (typeof name !== "string") {
    throw new InvalidInputError([
      {
        code: "invalid_input",
        severity: "error",
        message: `expected a string, received ${name === null ? "null" : typeof name}`,
        path: "name",
      },
    ]);
  }
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 64)
      .replace(/-+$/, "") || "command"
  );
}

/** `name` as a skill name; a name that had to change is reported. */
export function writtenSkillName(name: string, log: WarningLog): string {
  const written = skillName(name);
  if (written !== name) {
    log.lossy(
      name,
      "name",
      `skill names are lowercase words joined by "-"; written as "${written}"`,
    );
  }
  return written;
}

/**
 * A description for a tool that skips skills without one: the given one, else the prompt's first
 * line (reported), cut to `max` characters (reported).
 */
export function requiredDescription(
  description: string | undefined,
  prompt: string,
  name: string,
  tool: string,
  log: WarningLog,
  max = Number.POSITIVE_INFINITY,
): string {
  let text = description;
  if (text === undefined || text.trim() === "") {
    text =
      prompt
        .split("\n")
        .find((line) => line.trim() !== "")
        ?.trim() ?? name;
    log.info(
      "derived_field",
      `${tool} requires a description; the prompt's first line is used`,
      "description",
    );
  }
  if (text.length > max) {
    log.lossy(name, "description", `${tool} reads at most ${max} characters; cut`);
    text = text.slice(0, max);
  }
  return text;
}
