/**
 * The container health check of a gRPC service (the images' HEALTHCHECK, for container engines without
 * Kubernetes' native gRPC probes): asks grpc.health.v1 on 127.0.0.1:$GRPC_PORT and exits 0 only when the
 * server reports SERVING. Run as `node services/kit/dist/healthcheck.js`. It reads process.env directly
 * because it runs beside a service (in the same container), not as one.
 */
import { createHealthChecker } from "./grpc-server.js";

const port = process.env.GRPC_PORT;
if (!port || !/^\d{1,5}$/.test(port)) {
  process.stderr.write("healthcheck: GRPC_PORT must be set to the service's port\n");
  process.exit(2);
}
const checker = createHealthChecker(`127.0.0.1:${port}`);
const status = await checker.check("", Number(process.env.HEALTHCHECK_DEADLINE_MS) || 2_000);
checker.close();
if (status !== "SERVING") process.stderr.write(`healthcheck: 127.0.0.1:${port} is ${status}\n`);
process.exit(status === "SERVING" ? 0 : 1);
