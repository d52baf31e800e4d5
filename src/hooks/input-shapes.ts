/**
 * The shapes an input file may have, the same for `render`, `tokens --format` and `hook`: the
 * format's input object (`{ rules }`, `{ projects }`, `{ candidates, alerts }`, `{ memories }`),
 * or just its list; a project file may also be one project. `contextfmt schema` describes them.
 */

/** `{ key: [...] }` as it is, or a bare list wrapped in it. */
export const listOf = (key: string) => (file: unknown) =>
  Array.isArray(file) ? { [key]: file } : file;

/** Project files: `{ projects: [...] }`, a list of projects, or one project. */
export function projectsOf(file: unknown): unknown {
  if (Array.isArray(file)) return { projects: file };
  if (typeof file === "object" && file !== null && "projects" in file) return file;
  return { projects: [file] };
}

/** The list key of each built-in format's input. */
const LIST_KEYS: Readonly<Record<string, string>> = {
  claude: "rules",
  codex: "rules",
  gemini: "rules",
  "xml-memory": "memories",
  "session-full": "candidates",
  "session-brief": "candidates",
};

/** A file's content as the input of format `id`, whichever of its shapes the file has. */
export function inputOf(id: string, file: unknown): unknown {
  if (id === "project" || id === "project-markdown") return projectsOf(file);
  const key = LIST_KEYS[id];
  return key ? listOf(key)(file) : file;
}
