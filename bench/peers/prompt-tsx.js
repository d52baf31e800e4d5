/**
 * @vscode/prompt-tsx, the maintained priority-pruning prompt renderer, on the rules: one system
 * message of text chunks, the most important with the highest priority, pruned to the budget by
 * the renderer with the counter it is given (ours, so that only the pruning is compared). Plain
 * JavaScript with `vscpp` calls (what its TSX compiles to), so nothing needs compiling. Lives in
 * this package so that `@vscode/prompt-tsx` resolves from bench/peers/node_modules
 * (`npm run bench:setup`).
 */
import promptTsx from "@vscode/prompt-tsx";

const { OutputMode, PromptElement, Raw, renderPrompt, SystemMessage, TextChunk } = promptTsx;

class Rules extends PromptElement {
  render() {
    const { lines } = this.props;
    return vscpp(
      SystemMessage,
      null,
      ...lines.map((line, index) => vscpp(TextChunk, { priority: lines.length - index }, line)),
    );
  }
}

/**
 * Renders `lines` (most important first) into at most `budget` tokens by `count`; returns the
 * kept text.
 */
export async function pruneLines(lines, budget, count) {
  const tokenLength = (part) =>
    part.type === Raw.ChatCompletionContentPartKind.Text ? count(part.text) : 0;
  const tokenizer = {
    mode: OutputMode.Raw,
    tokenLength,
    // The message's own text, no per-message overhead: the same measure as the loop's.
    countMessageTokens: (message) =>
      message.content.reduce((sum, part) => sum + tokenLength(part), 0),
  };
  const { messages } = await renderPrompt(
    Rules,
    { lines },
    { modelMaxPromptTokens: budget },
    tokenizer,
  );
  return messages
    .flatMap((message) => message.content)
    .map((part) => part.text ?? "")
    .join("");
}
