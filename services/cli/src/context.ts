import { StateStore, stateDirectory } from "./state.js";

/** What every command works with: the user's state, the environment, the clock and the two output streams. */
export interface Context {
  state: StateStore;
  env: NodeJS.ProcessEnv;
  cwd: string;
  now(): Date;
  /** A line for the user on stdout (results). */
  print(line: string): void;
  /** A line for the user on stderr (progress, notes, warnings). */
  note(line: string): void;
}

export function processContext(): Context {
  return {
    state: new StateStore(stateDirectory(process.env)),
    env: process.env,
    cwd: process.cwd(),
    now: () => new Date(),
    print: (line) => process.stdout.write(`${line}\n`),
    note: (line) => process.stderr.write(`${line}\n`),
  };
}
