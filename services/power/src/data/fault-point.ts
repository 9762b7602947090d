/**
 * A named point where a test makes the process die as a crash would (SIGKILL: no handler, no cleanup), to prove
 * what the stores hold afterwards is recoverable (#38). Named by the FAULT_POINT setting; unset in every
 * deployment, where this does nothing.
 */
export function hitFaultPoint(configured: string, name: string): void {
  if (configured !== "" && configured === name) process.kill(process.pid, "SIGKILL");
}
