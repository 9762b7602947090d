/** Questions on the terminal: only when stdin and stderr are a TTY (scripts get an error naming the option). */
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";

export const canPrompt = () => Boolean(process.stdin.isTTY && process.stderr.isTTY);

/** Asks a question on stderr; `hidden` does not echo the answer (passwords). */
export async function ask(question: string, hidden = false): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const lines = createInterface({ input: process.stdin, output, terminal: true });
  try {
    const answer = lines.question(question);
    muted = hidden;
    const text = await answer;
    if (hidden) process.stderr.write("\n");
    return text;
  } finally {
    lines.close();
  }
}

/** A yes/no question; the default answers an empty line. */
export async function confirm(question: string, fallback: boolean): Promise<boolean> {
  const answer = (await ask(`${question} ${fallback ? "[Y/n]" : "[y/N]"} `)).trim().toLowerCase();
  if (answer === "") return fallback;
  return answer === "y" || answer === "yes";
}
