import { ENV, stopPlatform } from "./support/run";

/** Stops the server of this run, drops its database and removes its temporary directory. */
export default async function globalTeardown(): Promise<void> {
  const pid = Number(process.env[ENV.serverPid]);
  const dataDir = process.env[ENV.dataDir];
  if (!(pid > 0) || !dataDir) return;
  await stopPlatform({ pid, dataDir, databaseName: process.env[ENV.databaseName] ?? null });
}
