import { writeSync } from "node:fs";

/**
 * Writes `text` to file descriptor `fd` directly. Creating `process.stdout` / `process.stderr`
 * for a pipe sets up a socket stream, ~1.5 ms each at every start; a hook's output needs none of
 * that. When the descriptor cannot take the text now (a non-blocking pipe that is full), the
 * rest goes through the stream, which waits for it.
 */
function writeDirect(fd: 1 | 2, text: string): void {
  const bytes = Buffer.from(text, "utf8");
  let offset = 0;
  try {
    while (offset < bytes.length) offset += writeSync(fd, bytes, offset);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
    (fd === 1 ? process.stdout : process.stderr).write(bytes.subarray(offset));
  }
}

/** Writes `text` to stdout. */
export const writeStdout = (text: string): void => writeDirect(1, text);

/** Writes `text` to stderr. */
export const writeStderr = (text: string): void => writeDirect(2, text);
