/**
 * What injectMemories returns fits the real SDK types: OpenAI chat messages and Anthropic
 * messages as they are; Anthropic's `system` field and Google's `systemInstruction` through
 * `toAnthropic` / `toGoogle`.
 */
import type {
  MessageCreateParamsNonStreaming,
  MessageParam,
} from "@anthropic-ai/sdk/resources/messages";
import type { Content, GenerateContentConfig, GenerateContentParameters } from "@google/genai";
import { type InjectionResult, injectMemories, toAnthropic, toGoogle } from "contextfmt";
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from "openai/resources/chat/completions";
import { describe, expectTypeOf, it } from "vitest";

const memories = [{ id: "m1", content: "Prefers uv", category: "preference" as const, score: 0.9 }];

describe("OpenAI chat completions", () => {
  it("takes the injected messages as they are", () => {
    const messages: ChatCompletionMessageParam[] = [
      { role: "developer", content: "Be brief." },
      { role: "user", content: [{ type: "text", text: "Set up the project" }] },
    ];
    const result = injectMemories(messages, { memories });
    expectTypeOf(result.messages).toExtend<ChatCompletionMessageParam[]>();
    const params: ChatCompletionCreateParamsNonStreaming = {
      model: "gpt-4.1",
      messages: result.messages,
    };
    expectTypeOf(params.messages).toEqualTypeOf<ChatCompletionMessageParam[]>();
  });
});

describe("Anthropic messages", () => {
  it("takes the injection as `system` and the caller's messages through toAnthropic", () => {
    const messages: MessageParam[] = [{ role: "user", content: "Set up the project" }];
    const result = injectMemories(messages, { memories });
    const params: MessageCreateParamsNonStreaming = {
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      ...toAnthropic(result),
    };
    expectTypeOf(toAnthropic(result).messages).toEqualTypeOf<MessageParam[]>();
    expectTypeOf(result.system).toExtend<NonNullable<MessageCreateParamsNonStreaming["system"]>>();
    expectTypeOf(params).toExtend<MessageCreateParamsNonStreaming>();
  });

  it("also takes the injected messages directly (the SDK has a system-role message param)", () => {
    const messages: MessageParam[] = [{ role: "user", content: "hi" }];
    const result = injectMemories(messages, { memories });
    expectTypeOf(result.messages).toExtend<MessageParam[]>();
    expectTypeOf(result.messages[0]).toExtend<MessageParam | undefined>();
  });
});

describe("Google Gen AI", () => {
  it("takes the injection as systemInstruction and the caller's contents through toGoogle", () => {
    const contents: Content[] = [{ role: "user", parts: [{ text: "Set up the project" }] }];
    const result: InjectionResult<Content> = injectMemories(contents, { memories });
    const config: GenerateContentConfig = { systemInstruction: result.system };
    const params: GenerateContentParameters = { model: "gemini-2.5-pro", ...toGoogle(result) };
    expectTypeOf(config).toExtend<GenerateContentConfig>();
    expectTypeOf(toGoogle(result).config).toExtend<GenerateContentConfig>();
    expectTypeOf(params).toExtend<GenerateContentParameters>();
  });
});
