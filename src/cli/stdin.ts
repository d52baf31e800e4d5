import { fstatSync, readSync } from "node:fs";
import { InputFileError } from "../hooks/input-text.js";
import { megabytes } from "../workspace/project.js";

/** How much is asked of stdin at a time. */
const CHUNK_BYTES = 64 * 1024;

/** What stdin is read for, and the most it may hold. */
export interface StdinLimit {
  /** The most bytes read; more is an error, read no further. */
  readonly maxBytes: number;
  /** What stdin holds, for the error (`a hook's JSON`, `an input file`). */
  readonly what: string;
}

function tooLarge({ maxBytes, what }: StdinLimit): InputFileError {
  return new InputFileError(
    `<stdin>: more than the ${megabytes(maxBytes)} ${what} may have; read no further`,
  );
}

/**
 * All of stdin, as bytes, up to `limit.maxBytes`: past it, an error, having read at most a chunk
 * more. Memory stays bounded however much a caller pipes in, and no string is built that V8
 * could refuse as too long.
 */
export async function readStdinBytes(limit: StdinLimit): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  const take = (chunk: Buffer) => {
    total += chunk.length;
    if (total > limit.maxBytes) throw tooLarge(limit);
    chunks.push(chunk);
  };
  try {
    // A file given as stdin (`< payload.json`) says its size: one too large is refused unread.
    const stats = fstatSync(0);
    if (stats.isFile() && stats.size > limit.maxBytes) throw tooLarge(limit);
    // Synchronous reads are the fastest way to take a piped hook payload.
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      const read = readSync(0, chunk, 0, CHUNK_BYTES, null);
      if (read === 0) return Buffer.concat(chunks, total);
      take(chunk.subarray(0, read));
    }
  } catch (error) {
    // A non-blocking stdin (some terminals and spawners) cannot be read synchronously: the rest
    // comes through the stream, which waits for it.
    if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
  }
  // Leaving the loop by the error destroys the stream: nothing more is read.
  for await (const chunk of process.stdin) take(chunk as Buffer);
  return Buffer.concat(chunks, total);
}

/** All of stdin as UTF-8 text, up to `limit.maxBytes` (see {@link readStdinBytes}). */
export async function readStdin(limit: StdinLimit): Promise<string> {
  return (await readStdinBytes(limit)).toString("utf8");
}
