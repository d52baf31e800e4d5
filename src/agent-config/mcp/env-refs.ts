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

/** `${NAME}` or `${NAME:-default}`, the neutral references. */
const NEUTRAL_REF = /\$\{([A-Za-z_][A-Za-z0-9_]*)(:-[^}]*)?\}/g;

/**
 * The value with each neutral reference written by `write` (its name and default, if any), for
 * tools that spell them otherwise (Cursor `${env:NAME}`, OpenCode `{env:NAME}`). Only the text up
 * to the last `}` is searched: past it no reference can close, and `[^}]*` run from each of many
 * unclosed `${A:-` would scan the rest of the text each time.
 */
export function rewriteReferences(
  value: string,
  write: (name: string, fallback: string | undefined) => string,
): string {
  const end = value.lastIndexOf("}");
  if (end === -1 || !value.includes("${")) return value;
  const head = value
    .slice(0, end + 1)
    .replace(NEUTRAL_REF, (_, name: string, fallback: string | undefined) =>
      write(name, fallback?.slice(2)),
    );
  return head + value.slice(end + 1);
}
