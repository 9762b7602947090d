import { defaultPasswordCost, passwordLog2NRange } from "@turnleaf/power/in-process";

/**
 * scrypt at the lowest N the power service accepts (2^10: ~2 ms of CPU a hash) in the stacks and systems tests start.
 * At the default (2^15: 32 MB and ~90 ms a hash) the run's sign-ups and logins, the fuzz file's ~800 among them, cost
 * ~36 CPU-s (docs/benchmarks/test-suite.md). The security files' stack and the files that start their processes
 * themselves (faults, the payments crash) keep the default, as deployed; services/power/src/domain/passwords.test.ts
 * checks both costs.
 */
export const testPasswordCost = { ...defaultPasswordCost, log2N: passwordLog2NRange.min };

/** The same for a power process (services/power/src/config.ts). */
export const testPasswordEnvironment = { PASSWORD_HASH_LOG2N: String(testPasswordCost.log2N) };
