import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";

/** Percentile by nearest rank of an already measured sample (milliseconds). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;

/** CPU milliseconds spent by this process (user + system) since `from`. */
export function processCpuMs(from?: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1000;
}

/** Busy CPU milliseconds of the whole machine (every core, every process) since `from`. */
export function machineBusyMs(from = 0): number {
  let busy = 0;
  for (const c of os.cpus()) busy += c.times.user + c.times.nice + c.times.sys + c.times.irq;
  return busy - from;
}

/**
 * CPU milliseconds spent so far by each PostgreSQL backend serving `database` on this machine, by
 * process id (Linux /proc; their process title names the database). Empty when none is found (a
 * database on another machine, another OS). Shared processes (WAL writer, checkpointer) are left out.
 */
export function postgresCpuMs(database: string): Map<string, number> {
  const out = new Map<string, number>();
  if (process.platform !== "linux") return out;
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (!stat.includes("(postgres)")) continue;
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(` ${database} `)) continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * tick);
    } catch {
      // The process ended while being read.
    }
  }
  return out;
}

/**
 * The backends' CPU between two readings: a backend started meanwhile counts whole; one that exited
 * meanwhile (a pool closing an idle connection) takes its time with it. NaN without backends.
 */
export function postgresCpuSince(before: Map<string, number>, after: Map<string, number>): number {
  if (after.size === 0) return Number.NaN;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
