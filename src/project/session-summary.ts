import { arrayArgument, badArgument, optionsArgument } from "../problems/arguments.js";

/** A message of a session, as chat APIs shape them. */
export interface SessionMessage {
  readonly role: string;
  readonly content: string;
}

/** Options of {@link summarizeSession}. */
export interface SummarizeSessionOptions<R extends string | Promise<string>> {
  /**
   * Your own summarizer (an LLM call, say). Its text is used when it is not empty; an empty text
   * falls back to the rule-based summary.
   */
  readonly summarizer?: (messages: readonly SessionMessage[]) => R;
}

/** What was acted on: up to a clause's end or an "and"/"then"/"but" that starts the next action. */
const OBJECT = String.raw`((?:(?!\s+(?:and|then|but|so)\s)[^.,;!?\n]){3,80})`;

const ACTIONS: readonly { kind: "built" | "fixed" | "decided"; pattern: RegExp }[] = [
  {
    kind: "built",
    pattern: new RegExp(
      String.raw`\b(implemented|added|built|created|wrote|set up)\s+${OBJECT}`,
      "gi",
    ),
  },
  { kind: "fixed", pattern: new RegExp(String.raw`\b(fixed|resolved|solved)\s+${OBJECT}`, "gi") },
  {
    kind: "decided",
    pattern: new RegExp(String.raw`\b(decided|agreed|chose)\s+(?:to\s+)?${OBJECT}`, "gi"),
  },
];

/** At most this many phrases of each kind, so the summary stays one or two sentences. */
const PER_KIND = 2;

/** "Implemented X, fixed Y, decided to Z." from the session's own action verbs. */
function ruleBasedSummary(messages: readonly SessionMessage[]): string {
  const phrases: Record<"built" | "fixed" | "decided", string[]> = {
    built: [],
    fixed: [],
    decided: [],
  };
  const seen = new Set<string>();
  for (const message of messages) {
    for (const { kind, pattern } of ACTIONS) {
      for (const [, verb = "", object = ""] of message.content.matchAll(pattern)) {
        const what = object.trim().replace(/\s+/g, " ");
        const phrase = kind === "decided" ? `decided to ${what}` : `${verb.toLowerCase()} ${what}`;
        if (phrases[kind].length >= PER_KIND || seen.has(phrase.toLowerCase())) continue;
        seen.add(phrase.toLowerCase());
        phrases[kind].push(phrase);
      }
    }
  }
  const all = [...phrases.built, ...phrases.fixed, ...phrases.decided];
  if (all.length === 0) return "";
  const text = all.join(", ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/**
 * A one- or two-sentence summary of a session: what was built, fixed and decided ("Implemented
 * X, fixed Y, decided to Z."), found by the action verbs in its messages; `""` when there are
 * none. With `summarizer`, its text is used instead (and a Promise is returned when it returns one).
 *
 * @example
 * ```ts
 * summarizeSession([{ role: "assistant", content: "I implemented the parser and fixed the CLI flags." }]);
 * // "Implemented the parser, fixed the CLI flags."
 * ```
 */
export function summarizeSession(messages: readonly SessionMessage[]): string;
export function summarizeSession<R extends string | Promise<string>>(
  messages: readonly SessionMessage[],
  options: SummarizeSessionOptions<R>,
): R extends Promise<string> ? Promise<string> : string;
export function summarizeSession(
  messages: readonly SessionMessage[],
  options: SummarizeSessionOptions<string | Promise<string>> = {},
): string | Promise<string> {
  arrayArgument(messages, "messages").forEach((message, index) => {
    const content = (message as Partial<SessionMessage> | null)?.content;
    if (typeof content !== "string") badArgument(`messages[${index}].content`, "a string", content);
  });
  const { summarizer } = optionsArgument(options);
  if (summarizer === undefined) return ruleBasedSummary(messages);
  if (typeof summarizer !== "function") badArgument("options.summarizer", "a function", summarizer);
  const own = (text: unknown) => {
    if (typeof text !== "string") {
      badArgument("options.summarizer", "a function returning a string or a Promise of one", text);
    }
    return text.trim() === "" ? ruleBasedSummary(messages) : text.trim();
  };
  const result: unknown = summarizer(messages);
  if (typeof (result as Promise<unknown> | null)?.then === "function") {
    return (result as Promise<unknown>).then(own);
  }
  return own(result);
}
