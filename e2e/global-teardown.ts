import { dropDatabase, ENV, removeDir, stopServer } from "./support/run";

/** Stops the server of this run, drops its database and removes its temporary directory. */
export default async function globalTeardown(): Promise<void> {
  const pid = Number(process.env[ENV.serverPid]);
  if (pid > 0) await stopServer(pid);
  const adminUrl = process.env.TEST_DATABASE_URL;
  const databaseName = process.env[ENV.databaseName];
  if (adminUrl && databaseName) await dropDatabase(adminUrl, databaseName);
  const dataDir = process.env[ENV.dataDir];
  if (dataDir) removeDir(dataDir);
}
