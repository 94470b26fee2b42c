/* The scale bench's server process: its resident memory now and at its peak (bench/scale.ts). */
import { readFileSync } from 'node:fs';

/** A field of /proc/<pid>/status in MB (0 once the process is gone). */
function statusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** The process and each of its children (a worker). */
function family(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return [pid, ...children];
  } catch {
    return [pid];
  }
}

/** Peak resident memory (VmHWM, MB) of a process and of each child. */
export const peakRss = (pid: number): number[] => family(pid).map((p) => statusMb(p, 'VmHWM'));

/** Resident memory now (VmRSS, MB) of a process and of each child. */
export const currentRss = (pid: number): number[] => family(pid).map((p) => statusMb(p, 'VmRSS'));

/**
 * The server's resident memory after each phase, and its peak so far (what grows where);
 * `signal`: each mark also asks the server for its own figures (bench/memory-preload.cjs).
 */
export function phaseMarks(pid: number, signal: boolean) {
  const memory: { phase: string; rssMb: number; peakMb: number }[] = [];
  const mark = (phase: string) => {
    memory.push({ phase, rssMb: statusMb(pid, 'VmRSS'), peakMb: statusMb(pid, 'VmHWM') });
    if (signal) process.kill(pid, 'SIGUSR2');
  };
  return { memory, mark };
}
