import type { HealthStatus } from "@turnleaf/kit";

export type StoreStatus = "ok" | "down";

export interface HealthReport {
  status: "ok" | "degraded";
  services: Record<string, HealthStatus>;
  stores: Record<string, StoreStatus>;
}

export function summariseHealth(
  services: Record<string, HealthStatus>,
  stores: Record<string, StoreStatus>,
): HealthReport {
  const healthy =
    Object.values(services).every((status) => status === "SERVING") &&
    Object.values(stores).every((status) => status === "ok");
  return { status: healthy ? "ok" : "degraded", services, stores };
}
