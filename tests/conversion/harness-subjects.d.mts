import type { JobSubjects } from "@turnleaf/conversion/in-process";

/** Job subjects under a prefix of their own, on a stream named after it (no other consumer sees them). */
export function testSubjects(prefix: string): JobSubjects;
