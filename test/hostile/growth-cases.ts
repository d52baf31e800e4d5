/**
 * Adversarial inputs for every text path of the core and the hooks, by size: each case builds an
 * input of about `size` characters that makes a backtracking pattern or a pairwise loop do the
 * most work it can. The growth test (test/hostile/growth.test.ts) and the benchmark
 * (bench/growth.ts) time each at 10k and 100k characters: a linear path takes about 10× as long
 * at 100k, a quadratic one about 100×.
 */
import {
  buildCombinedContext,
  deduplicateContext,
  defaultCounter,
  detectActiveProject,
  detectCompletions,
  estimateTokens,
  extractTodos,
  FormatManager,
  formatBriefContext,
  formatFullContext,
  formatProjectContext,
  injectMemories,
  type PriorityComponent,
  type ProjectContextInput,
  summarize,
  summarizeSession,
  truncateByPriority,
  updateProjectContext,
  wordPunctuationCounter,
} from "contextfmt";
import { inlineText, renderTemplate, sectionBreakdown, titleCase } from "contextfmt/adapters";
import { convertCommand, renderAgentConfig, renderMcpConfig } from "contextfmt/agent-config";
import { hookOutput, rankForPrompt, relevanceScores } from "contextfmt/hooks";
import { checkHookOutput, findForgedStructure } from "contextfmt/testing";
import { createTiktokenCounter } from "contextfmt/tiktoken";
import { hookContext } from "../../src/hooks/context.js";
import { measure } from "../../src/manager/attribution.js";
import { xmlProblem } from "../../src/manager/checks.js";
import { join, joinedCount, type Said } from "../../src/manager/compose.js";
import { instructionText } from "../../src/sync/instructions.js";
import { duplicates } from "../../src/sync/loads/items.js";
import { withoutQuotes } from "../../src/sync/loads/unreadable.js";
import type { Project } from "../../src/workspace/project.js";

/** One adversarial text path: how to build an input of about `size` characters, and what to run. */
export interface GrowthCase {
  readonly name: string;
  /** Builds the input; not timed. */
  readonly build: (size: number) => unknown;
  /** Runs the path on what `build` returned; timed. */
  readonly run: (input: unknown) => unknown | Promise<unknown>;
}

const NOW = "2026-01-25T10:00:00Z";

/** `unit(i)` repeated (i = 0, 1, …) until the text is `size` characters long. */
function repeated(size: number, unit: (index: number) => string): string {
  let text = "";
  for (let index = 0; text.length < size; index += 1) text += unit(index);
  return text;
}

/** "a", `size` spaces, "x" and a line break: the field that made one hook take 55 s. */
const spaced = (size: number) => `a${" ".repeat(size)}x\n`;

const project = (fields: Partial<ProjectContextInput> = {}): ProjectContextInput => ({
  projectId: "atlas",
  name: "Atlas",
  status: "active",
  ...fields,
});

const rule = (text: string) => ({
  name: "spaced",
  rule: text,
  category: "behavior",
  authority: "default" as const,
});

const candidate = (content: string, category = "recent_session") => ({
  id: "c1",
  content,
  relevance: 0.9,
  category,
  createdAt: "2026-01-25T08:00:00Z",
});

const manager = new FormatManager();
const o200k = createTiktokenCounter();

/**
 * Budgets nothing is cut to: these cases time the de-duplication of a combined context, not
 * `truncateByPriority`, which counts the whole text again at each step of a cut.
 */
const UNCUT = { budget: 1e9, projectBudget: 1e9, userBudget: 1e9 } as const;

const hookInput = {
  tool: "claude",
  moment: "session-start",
  hook_event_name: "SessionStart",
  session_id: "s",
  transcript_path: "/t",
  cwd: "/",
  source: "startup",
} as const;

/** Every case, by the text path it drives. */
export const growthCases: readonly GrowthCase[] = [
  {
    name: "inlineText: spaces between two words",
    build: spaced,
    run: (text) => inlineText(text as string),
  },
  {
    name: "titleCase: ASCII words",
    build: (size) => repeated(size, (index) => (index % 2 === 0 ? "code_STYLE " : "x")),
    run: (text) => titleCase(text as string),
  },
  ...(["claude", "codex", "gemini"] as const).map(
    (id): GrowthCase => ({
      name: `format ${id}: a rule of spaces`,
      build: (size) => ({ rules: [rule(spaced(size))] }),
      run: (input) => manager.format<string>(id, input, { now: NOW }),
    }),
  ),
  {
    name: "truncateByPriority: many components, about half cut",
    build: (size) => {
      const components: PriorityComponent[] = [];
      for (let index = 0; index * 24 < size; index += 1) {
        components.push({
          id: `c${index}`,
          priority: 1 + (index % 5),
          text: `component ${index} holds a note\n`,
          shrink: (text) => (text.length > 12 ? `${text.slice(0, 10)}\n` : undefined),
        });
      }
      // About half the tokens: every component is looked at, most shrink and some are left out.
      const budget = Math.floor(defaultCounter.count(components.map((c) => c.text).join("")) / 2);
      return { components, budget };
    },
    run: (input) => {
      const { components, budget } = input as {
        components: PriorityComponent[];
        budget: number;
      };
      return truncateByPriority(components, { budget, counter: defaultCounter });
    },
  },
  {
    name: "format session-full: a candidate of spaces",
    build: (size) => [candidate(spaced(size))],
    run: (candidates) => formatFullContext(candidates as never, [], { now: NOW }),
  },
  {
    // Each line starts with a slash, so it shares a line unit with the one before: the sums are
    // not exact, and the least important give way.
    name: "format session-full: many candidates whose lines join, giving way",
    build: (size) => {
      const candidates = [];
      for (let index = 0; index * 24 < size; index += 1) {
        candidates.push({ ...candidate(`/src/é${index} was read`), id: `c${index}` });
      }
      return candidates;
    },
    run: (candidates) => formatFullContext(candidates as never, [], { now: NOW, budget: 300 }),
  },
  {
    // Alone, a candidate's text leaves out the ", " it takes in the line: the sums take too
    // many, the least important give way, and the ones left out, each within the room alone and
    // over it in the line, are tried again (a few renders, however many there are).
    name: "format session-brief: many candidates in one line, giving way",
    build: (size) => {
      const candidates = [];
      for (let index = 0; index * 24 < size; index += 1) {
        candidates.push({ ...candidate("a b"), id: `c${index}` });
      }
      return candidates;
    },
    run: (candidates) =>
      formatBriefContext(candidates as never, { maxCandidates: (candidates as []).length }),
  },
  {
    name: "format session-brief: a candidate of spaces",
    build: (size) => [candidate(spaced(size), "single_space_match")],
    run: (candidates) => formatBriefContext(candidates as never),
  },
  {
    name: "formatProjectContext: a summary of spaces (first sentence)",
    build: (size) => project({ lastSessionSummary: spaced(size) }),
    run: (input) => formatProjectContext(input as never, { now: NOW, budget: 20 }),
  },
  {
    name: "xml-memory: a memory of spaces and tags",
    build: (size) => ({ memories: [{ id: "m", content: repeated(size, () => "<a   b>  ") }] }),
    run: (input) => manager.format<string>("xml-memory", input, { nonce: "nonce-1234" }),
  },
  {
    name: "the XML check: plain elements, attributes and references",
    build: (size) =>
      repeated(size, (i) => `<m id="${i}" a="&amp;" b="x">&lt;t&gt; &#10;&amp;</m>\n`),
    run: (content) => xmlProblem(content as string),
  },
  {
    name: "the XML check: many elements, one reference at the end",
    build: (size) => `${repeated(size, (i) => `<m id="${i}">t</m>\n`)}&amp;`,
    run: (content) => xmlProblem(content as string),
  },
  {
    name: "the XML check: plain up to an element left open at the end",
    build: (size) => `${repeated(size, (i) => `<m id="${i}">&amp; t</m>\n`)}<open>`,
    run: (content) => xmlProblem(content as string),
  },
  {
    name: "the XML check: one attribute of references",
    build: (size) => `<a x="${repeated(size, () => "&amp;v ")}" y="1"/>`,
    run: (content) => xmlProblem(content as string),
  },
  {
    name: "injectMemories: long messages",
    build: (size) => [{ role: "user", content: spaced(size) }],
    run: (messages) =>
      injectMemories(messages as never, {
        memories: [{ id: "m", content: "x" }],
        nonce: "nonce-1234",
        contextWindow: 1000,
      }),
  },
  {
    name: "extractTodos: trailing spaces in a TODO",
    build: (size) => `TODO: ${spaced(size)}`,
    run: (text) => extractTodos(text as string),
  },
  {
    name: "extractTodos: many TODO phrases",
    build: (size) => repeated(size, (i) => `need to do t${i}, let's try `),
    run: (text) => extractTodos(text as string),
  },
  {
    name: "detectCompletions: trailing spaces in a completion",
    build: (size) => `done with ${spaced(size)}`,
    run: (text) => detectCompletions(text as string),
  },
  {
    name: "detectActiveProject: a path ending in dots",
    build: (size) => `see a/${".".repeat(size)}x`,
    run: (message) => detectActiveProject(message as string, [project()], { now: NOW }),
  },
  {
    name: "detectActiveProject: a project path ending in slashes",
    build: (size) => project({ path: `a${"/".repeat(size)}x` }),
    run: (input) => detectActiveProject("see src/a.py", [input as never], { now: NOW }),
  },
  {
    name: "detectActiveProject: a long name against a long message",
    build: (size) => ({
      projects: [project({ name: `${"a".repeat(size / 2)}b` })],
      message: "a".repeat(size / 2),
    }),
    run: (input) => {
      const { projects, message } = input as { projects: never[]; message: string };
      return detectActiveProject(message, projects, { now: NOW });
    },
  },
  {
    name: "detectActiveProject: many paths against many projects",
    build: (size) => ({
      projects: Array.from({ length: Math.floor(size / 40) }, (_, i) =>
        project({
          projectId: `p${i}`,
          name: `P${i}`,
          path: `/srv/p${i}`,
          recentFiles: [`q${i}/b.py`],
        }),
      ),
      message: repeated(size / 2, (i) => `/home/u${i}/a.py `),
    }),
    run: (input) => {
      const { projects, message } = input as { projects: never[]; message: string };
      return detectActiveProject(message, projects, { now: NOW });
    },
  },
  {
    name: "updateProjectContext: many blocked-on statements",
    build: (size) => repeated(size, (i) => `blocked on b${i}. `),
    run: (message) => updateProjectContext(project(), message as string, { now: NOW }),
  },
  {
    name: "updateProjectContext: many TODOs and completions",
    build: (size) => repeated(size, (i) => `need to fix t${i}. done with fix u${i}. `),
    run: (message) => updateProjectContext(project(), message as string, { now: NOW }),
  },
  {
    name: "updateProjectContext: many TODOs held against many completions",
    build: (size) => ({
      todos: Array.from({ length: Math.floor(size / 40) }, (_, i) => ({ text: `fix part ${i}` })),
      message: repeated(size / 2, (i) => `done with part x${i}. `),
    }),
    run: (input) => {
      const { todos, message } = input as { todos: never[]; message: string };
      return updateProjectContext(project({ activeTodos: todos }), message, { now: NOW });
    },
  },
  {
    name: "updateProjectContext: many file mentions with one name",
    build: (size) => repeated(size, (i) => `d${i}/a.py `),
    run: (message) => updateProjectContext(project(), message as string, { now: NOW }),
  },
  {
    name: "updateProjectContext: many recent files against many mentions",
    build: (size) => ({
      files: Array.from({ length: Math.floor(size / 20) }, (_, i) => `k${i}/b.py`),
      message: repeated(size / 2, (i) => `m${i}/b.py `),
    }),
    run: (input) => {
      const { files, message } = input as { files: string[]; message: string };
      return updateProjectContext(project({ recentFiles: files }), message, {
        now: NOW,
        maxRecentFiles: 1_000_000,
      });
    },
  },
  {
    name: "summarizeSession: spaces after an action verb",
    build: (size) => [{ role: "user", content: `implemented${" ".repeat(size)}x` }],
    run: (messages) => summarizeSession(messages as never),
  },
  {
    name: "summarizeSession: many actions",
    build: (size) => [
      { role: "user", content: repeated(size, (i) => `fixed bug ${i} and added part ${i}. `) },
    ],
    run: (messages) => summarizeSession(messages as never),
  },
  {
    name: "summarize: a long text",
    build: spaced,
    run: (text) => summarize(text as string, 50),
  },
  {
    name: "deduplicateContext: unclosed PROJECT tags",
    build: (size) => ({
      user: "Working on Atlas.",
      projects: repeated(size, () => '<PROJECT name="a'),
    }),
    run: (input) => {
      const { user, projects } = input as { user: string; projects: string };
      return deduplicateContext(user, projects);
    },
  },
  {
    name: "deduplicateContext: many names against many sentences",
    build: (size) => ({
      user: repeated(size / 2, (i) => `Working on thing ${i}. `),
      projects: repeated(size / 2, (i) => `<PROJECT name="p${i}">\n</PROJECT>\n`),
    }),
    run: (input) => {
      const { user, projects } = input as { user: string; projects: string };
      return deduplicateContext(user, projects);
    },
  },
  {
    name: "buildCombinedContext: many notes against many preferences",
    build: (size) => ({
      notes: Array.from({ length: Math.floor(size / 40) }, (_, i) => `keep answers short ${i}`),
      facts: Array.from({ length: Math.floor(size / 40) }, (_, i) => ({
        text: `prefers style ${i}`,
        category: "preference",
      })),
    }),
    run: (input) => {
      const { notes, facts } = input as { notes: string[]; facts: never[] };
      return buildCombinedContext({
        user: { userId: "u", facts },
        projects: [project({ notes })],
        now: NOW,
        ...UNCUT,
      });
    },
  },
  {
    name: "buildCombinedContext: many facts against many project names",
    build: (size) => ({
      projects: Array.from({ length: Math.floor(size / 40) }, (_, i) =>
        project({ projectId: `p${i}`, name: `Project ${i}` }),
      ),
      facts: Array.from({ length: Math.floor(size / 40) }, (_, i) => `Working on thing ${i}.`),
    }),
    run: (input) => {
      const { projects, facts } = input as { projects: never[]; facts: string[] };
      return buildCombinedContext({ user: { userId: "u", facts }, projects, now: NOW, ...UNCUT });
    },
  },
  {
    name: "sectionBreakdown: a === line of spaces",
    build: (size) => `=== a${" ".repeat(size)}x\n`,
    run: (text) => sectionBreakdown(text as string, defaultCounter),
  },
  {
    name: "sectionBreakdown: unclosed tags of many names",
    build: (size) => repeated(size, (i) => `<t${i}>\n`),
    run: (text) => sectionBreakdown(text as string, defaultCounter),
  },
  {
    name: "sectionBreakdown: an opening tag of many attributes",
    build: (size) => `<a${repeated(size, () => ' b="c"')}\n</a>\n`,
    run: (text) => sectionBreakdown(text as string, defaultCounter),
  },
  {
    name: "renderTemplate: unclosed braces",
    build: (size) => repeated(size, () => "{a"),
    run: (template) => renderTemplate(template as string, {}),
  },
  {
    name: "estimateTokens: whitespace and punctuation runs",
    build: (size) => repeated(size, (i) => (i % 2 ? " ".repeat(50) : ".,;".repeat(20))),
    run: (text) => estimateTokens(text as string),
  },
  {
    // Words priced by their length, in both of a line's possible languages as they are read.
    name: "estimateTokens: one line of Russian, Persian and Korean words of every length",
    build: (size) =>
      repeated(
        size,
        (i) =>
          ` ${"ж".repeat(1 + (i % 15))} ${"گ".repeat(1 + (i % 14))} ${"한".repeat(1 + (i % 13))}`,
      ),
    run: (text) => estimateTokens(text as string),
  },
  {
    // Han runs priced by o200k's words and CJK marks in both of a line's possible languages, and
    // Devanagari words with their borrowed letters (a nukta looks at the letter before it).
    name: "estimateTokens: one line of Han runs, CJK marks and Hindi words of every length",
    build: (size) =>
      repeated(
        size,
        (i) =>
          `，${"项".repeat(1 + (i % 15))}。 ${"डड़़फ़ॉ".slice(0, 1 + (i % 7))}${"क".repeat(i % 9)}`,
      ),
    run: (text) => estimateTokens(text as string),
  },
  {
    name: "estimateTokens: one Han run past the length table",
    build: (size) => `，${"项".repeat(size)}`,
    run: (text) => estimateTokens(text as string),
  },
  {
    // Each place of the run starts o200k's longest Han word but for its last character, so
    // each tries every shorter length before it takes one.
    name: "estimateTokens: one Han run of the longest word's beginnings",
    build: (size) => " 微信公众号天天中彩".repeat(Math.ceil(size / 10)).slice(0, size),
    run: (text) => estimateTokens(text as string),
  },
  {
    // Each accented word of a Czech line is looked up among o200k's (a slice of it); names
    // inside a sentence look at the character before their space.
    name: "estimateTokens: one Czech line of o200k's whole words, names and long words",
    build: (size) => repeated(size, (i) => ` které React, ${"ř".repeat(1 + (i % 15))}á můžete`),
    run: (text) => estimateTokens(text as string),
  },
  {
    name: "estimateTokens: one Czech word past any of o200k's",
    build: (size) => ` řá${"á".repeat(size)}`,
    run: (text) => estimateTokens(text as string),
  },
  {
    name: "estimateTokens: one Cyrillic word past the length table",
    build: (size) => ` ${"ж".repeat(size)}`,
    run: (text) => estimateTokens(text as string),
  },
  {
    name: "wordPunctuationCounter: a long text",
    build: spaced,
    run: (text) => wordPunctuationCounter.count(text as string),
  },
  {
    name: "rankForPrompt: a long prompt against many memories",
    build: (size) => ({
      prompt: repeated(size / 2, (i) => `word${i} `),
      items: Array.from({ length: Math.floor(size / 20) }, (_, i) => `memory ${i} word${i}`),
    }),
    run: (input) => {
      const { prompt, items } = input as { prompt: string; items: string[] };
      return rankForPrompt(items, prompt, { text: (item) => item, score: () => undefined });
    },
  },
  {
    name: "relevanceScores: a long prompt against many memories",
    build: (size) => ({
      prompt: repeated(size / 2, (i) => `word${i} storeMoney${i} `),
      texts: Array.from({ length: Math.floor(size / 20) }, (_, i) => `memory ${i} word${i}`),
    }),
    run: (input) => {
      const { prompt, texts } = input as { prompt: string; texts: string[] };
      return relevanceScores(prompt, texts);
    },
  },
  {
    // One run of Han and kana without a space: a pair for each character.
    name: "relevanceScores: one long memory of Han and kana, a camelCase word",
    build: (size) => ({
      prompt: repeated(size / 2, (i) => (i % 2 === 0 ? "データ" : "aB")),
      texts: [repeated(size / 2, (i) => (i % 3 === 0 ? "保存する" : "分区"))],
    }),
    run: (input) => {
      const { prompt, texts } = input as { prompt: string; texts: string[] };
      return relevanceScores(prompt, texts);
    },
  },
  {
    name: "hookOutput gemini: a context of open tags",
    build: (size) => repeated(size, () => "<a   "),
    run: (context) =>
      hookOutput("gemini", "SessionStart", { additionalContext: context as string }),
  },
  {
    // The join's count walks back through the last part's line feeds to its last safe boundary.
    name: "composeContexts: joined count of parts of many indented lines",
    build: (size) => {
      const own = `x${"\n y".repeat(size / 3)}`;
      const part = {
        text: own,
        result: { content: `${own}\n\n`, tokenCount: defaultCounter.count(`${own}\n\n`) },
      } as unknown as Said;
      return [part, part];
    },
    run: (said) => joinedCount(join(said as Said[]), said as Said[], defaultCounter),
  },
  {
    name: "hook context claude session-start: a rule of spaces",
    build: (size) => ({ rules: [rule(spaced(size))] }),
    run: (rules) =>
      hookContext({
        hook: hookInput,
        files: {
          rules: { path: "rules.json", data: rules },
          project: { path: "project.json", data: project({ lastSessionSummary: "Done." }) },
          session: { path: "session.json", data: [candidate("Refactored the parser.")] },
        },
        budget: 100_000,
        now: NOW,
      }),
  },
  {
    name: "lowerBound (estimate): spaces, words and punctuation",
    build: (size) => repeated(size, (i) => (i % 3 === 0 ? "   " : i % 3 === 1 ? "word " : "-.,")),
    run: (text) => defaultCounter.lowerBound?.(text as string),
  },
  {
    name: "lowerBound (o200k): a run of letters and spaces",
    build: (size) => repeated(size, (i) => (i % 2 === 0 ? "a" : " ")),
    run: (text) => o200k.lowerBound?.(text as string),
  },
  {
    name: "format claude, cacheStable: a rule of spaces",
    build: (size) => ({ rules: [rule(spaced(size))] }),
    run: (rules) =>
      manager.format("claude", rules as never, { budget: 1_000_000, cacheStable: true }),
  },
  {
    name: "format session-full, cacheStable: a candidate of spaces",
    build: (size) => ({ candidates: [candidate(spaced(size), "high_relevance_cluster")] }),
    run: (session) =>
      manager.format("session-full", session as never, {
        budget: 1_000_000,
        now: NOW,
        cacheStable: true,
      }),
  },
  {
    name: "checkHookOutput qwen: a context of open tags",
    build: (size) => repeated(size, () => "<a   "),
    run: (context) =>
      checkHookOutput("qwen", "SessionStart", {
        hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: context as string },
      }),
  },
  {
    name: "MCP to Cursor and OpenCode: many ${A:- and no closing brace",
    build: (size) => repeated(size, () => "${A:-"),
    run: (arg) => {
      const servers = [
        { name: "s", transport: "stdio" as const, command: "x", args: [arg as string] },
      ];
      return [renderMcpConfig("cursor", servers), renderMcpConfig("opencode", servers)];
    },
  },
  {
    // `size` objects, every one walked, then one that holds its child twice on each of 40
    // levels: written out, 2^40 values. Walked once per path (as before), it never ends.
    name: "agent-config render: `size` objects, then one sharing its child twice on 40 levels",
    build: (size) => {
      let shared: object = { v: "x" };
      for (let level = 0; level < 40; level += 1) shared = { a: shared, b: shared };
      const list = Array.from({ length: size }, (_, index) => ({ i: String(index) }));
      return { list, shared };
    },
    run: (meta) => {
      try {
        return renderAgentConfig("command", "claude", { prompt: "p", extra: { meta } });
      } catch (error) {
        return error; // refused, naming the bound: only the time to the refusal counts
      }
    },
  },
  {
    name: "command Claude → OpenCode → Claude: many positions and shell inlines",
    build: (size) => repeated(size, (i) => `$${i % 10} !\`echo $${i % 10}\` @a/$${i % 10}.md `),
    run: async (prompt) => {
      const opencode = await convertCommand(prompt as string, {
        from: "claude",
        to: "opencode",
        name: "c",
      });
      return convertCommand(opencode.content, { from: "opencode", to: "claude", name: "c" });
    },
  },
  {
    name: "findForgedStructure session-full: many forged entry lines",
    build: (size) => repeated(size, (i) => `- Previous session (${i}): x\n`),
    run: (content) => findForgedStructure("session-full", content as string, { candidates: [] }),
  },
  {
    // Code spans, fences and imports that lead outside: none of them touches the project.
    name: "instructionText claude → codex: code spans, fences and @ imports",
    build: (size) => repeated(size, (i) => (i % 4 === 0 ? "```\n" : "a `@b` @~/c `d ` `` @/e\n")),
    run: (text) =>
      instructionText(
        { project: {} as Project, text: () => text as string },
        "claude",
        "codex",
        "CLAUDE.md",
        () => {},
      ),
  },
  {
    // Every line of one file again in another, and runs of blank and marker lines between.
    name: "doctor duplicates: many lines, the same in two files",
    build: (size) =>
      repeated(
        size,
        (i) => `paragraph ${i} ${"word ".repeat(8)}\n${i % 3 ? "\n" : "<!-- m -->\n   \n"}`,
      ),
    run: (text) =>
      duplicates("copilot", [
        { path: "AGENTS.md", text: text as string },
        { path: "CLAUDE.md", text: text as string },
      ]),
  },
  {
    // A placed text with a long run of line feeds inside it: finding it in the content (as it is,
    // or with its trailing run folded) stays linear.
    name: "report attribution: a placed text with a long inner run of line feeds",
    build: (size) => `a${"\n".repeat(size)}b\n`,
    run: (text) =>
      measure(
        `# head\n${text as string}`,
        [{ position: 1, text: text as string, tokens: undefined }],
        defaultCounter,
      ).attribution(),
  },
  {
    // One line of nothing but whitespace runs: the collapsing pattern stays linear.
    name: "doctor duplicates: one line of long whitespace runs",
    build: (size) => `x${" \t".repeat(size / 2)}y\n`,
    run: (text) =>
      duplicates("claude", [
        { path: "CLAUDE.md", text: text as string },
        { path: "AGENTS.md", text: text as string },
      ]),
  },
  {
    // A parser's message full of quotes, closed and not, and quoted characters: eliding them
    // for an `unreadable` problem stays linear.
    name: "doctor unreadable: quotes elided from a long message",
    build: (size) => repeated(size, (i) => (i % 2 ? `'x' "` : `a'b "c\\" `)),
    run: (text) => withoutQuotes(text as string),
  },
];
