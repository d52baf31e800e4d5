/**
 * The TypeScript examples of the README and docs/, as a user meets them: each ```ts block with
 * the page and line it starts on, whether it is for the typechecker only, and the output it is
 * shown to print.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** A ```ts block of a page. */
export interface Snippet {
  /** The page, relative to the repository (`README.md`, `docs/hooks.md`). */
  readonly page: string;
  /** 1-based line of the block's first code line. */
  readonly line: number;
  readonly code: string;
  /** The block says it is for the typechecker only (`// typecheck only: why`): compiled, not run. */
  readonly typecheckOnly: boolean;
  /** What running it prints, when the page shows that in the block after it (`<!-- output -->`). */
  readonly output?: string;
}

/** The marker of a block meant for the typechecker only, on a line of its own. */
export const TYPECHECK_ONLY = /^\/\/ typecheck only: \S/m;

/** The line before a block that shows what the ```ts block above it prints. */
export const OUTPUT_MARKER = "<!-- output -->";

/** The pages whose examples are held: the README and every page under docs/ but the generated API. */
export function pages(root: string): string[] {
  const docs = readdirSync(join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md") && !file.startsWith("api/") && !file.startsWith("adr/"))
    .map((file) => relative(root, join(root, "docs", file)))
    .sort();
  return ["README.md", ...docs];
}

const FENCE = /^(`{3,})([^\n`]*)\n([\s\S]*?)^\1[ \t]*$/gm;

/** The ```ts blocks of one page's text, each with the output block shown after it, if any. */
export function snippetsOf(page: string, text: string): Snippet[] {
  const blocks = [...text.matchAll(FENCE)].map((match) => ({
    at: match.index,
    end: match.index + match[0].length,
    lang: (match[2] ?? "").trim(),
    code: match[3] ?? "",
  }));
  return blocks.flatMap((block, index) => {
    if (block.lang !== "ts") return [];
    const next = blocks[index + 1];
    const between = next ? text.slice(block.end, next.at) : "";
    const output = next && between.trim().endsWith(OUTPUT_MARKER) ? next.code : undefined;
    return [
      {
        page,
        line: text.slice(0, block.at).split("\n").length + 1,
        code: block.code,
        typecheckOnly: TYPECHECK_ONLY.test(block.code),
        ...(output === undefined ? {} : { output }),
      },
    ];
  });
}

/** Every held page's snippets. */
export function allSnippets(root: string): Snippet[] {
  return pages(root).flatMap((page) => snippetsOf(page, readFileSync(join(root, page), "utf8")));
}
