export {
  type ProcessHandle,
  type ProcessOptions,
  startProcess,
  type WaitOptions,
  waitForHttp,
  waitForTcp,
} from "./processes.js";
export {
  defaultServicePorts,
  freePort,
  freeServicePorts,
  grpcServices,
  type ProcessName,
  portsInUse,
  type RunningServices,
  repositoryRoot,
  type ServicePorts,
  serviceEnvironment,
  startServices,
} from "./services.js";
export {
  type RunningStores,
  type S3Settings,
  type StartStoresOptions,
  type StorePorts,
  startStores,
} from "./stores.js";
