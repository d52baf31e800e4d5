/**
 * Environment references inside MCP config values. Claude Code expands `${VAR}` and
 * `${VAR:-default}`; Gemini CLI also expands a bare `$VAR`; Codex expands nothing.
 */

/** A value that is exactly one plain reference: `${NAME}`. */
const WHOLE = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;
/** `Bearer ${NAME}`, the header Codex writes as `bearer_token_env_var`. */
const BEARER = /^Bearer \$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;
/** A bare `$NAME` that is not the start of `${…}`. */
const BARE = /\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** Whether the value holds a `${…}` reference the target would have to expand. */
export function hasReference(value: string): boolean {
  // Two searches instead of /\$\{[^}]*\}/, which rescans the rest of the text from every "${"
  // when no "}" follows: if none follows the first "${", none follows a later one either.
  const open = value.indexOf("${");
  return open !== -1 && value.indexOf("}", open + 2) !== -1;
}

/** The variable name when the value is exactly `${NAME}`, else undefined. */
export function wholeReference(value: string): string | undefined {
  return WHOLE.exec(value)?.[1];
}

/** The variable name when the value is exactly `Bearer ${NAME}`, else undefined. */
export function bearerReference(value: string): string | undefined {
  return BEARER.exec(value)?.[1];
}

/** Writes Gemini's bare `$NAME` as `${NAME}`, the form Claude Code also expands. */
export function braceBareReferences(value: string): string {
  return value.includes("$") ? value.replace(BARE, "${$1}") : value;
}

/** Whether Gemini would expand part of the value that Claude Code leaves as text (a bare `$NAME`). */
export function hasBareReference(value: string): boolean {
  BARE.lastIndex = 0;
  return value.includes("$") && BARE.test(value);
}
