import { InvalidInputError } from "../problems/errors.js";

/**
 * The codec registered under `format`; anything else is an {@link InvalidInputError} naming the
 * option (`from`, `to`, `format`) and the formats there are.
 */
export function pickCodec<T>(
  codecs: Readonly<Record<string, T>>,
  format: unknown,
  option: string,
): T {
  if (typeof format === "string" && Object.hasOwn(codecs, format)) return codecs[format] as T;
  const known = Object.keys(codecs).map((name) => `"${name}"`);
  throw new InvalidInputError([
    {
      code: "invalid_input",
      severity: "error",
      message: `expected ${known.join(" | ")}, received ${JSON.stringify(format)}`,
      path: option,
    },
  ]);
}
