/*
 * A real server program a test starts in the foreground (Varnish, PgBouncer): its output kept,
 * waited for until it listens on its port, stopped with a signal (then SIGKILL if it lingers),
 * and its work folder removed. A program that exits while starting fails the start with its
 * output.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { waitUntil } from './wait-until';

/** Whether something accepts connections on 127.0.0.1:`port`. */
export const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export interface RunningDaemon {
  process: ChildProcess;
  output(): string;
  /** Stops the program and removes its folder; safe to call twice. */
  stop(): Promise<void>;
}

export async function startDaemon(opts: {
  name: string;
  command: string;
  args: string[];
  port: number;
  /** Removed when the program stops (or fails to start). */
  workdir: string;
  stopSignal: NodeJS.Signals;
  timeoutMs: number;
}): Promise<RunningDaemon> {
  let output = '';
  const child = spawn(opts.command, opts.args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve();
    }),
  );
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (exitCode === undefined) {
      child.kill(opts.stopSignal);
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(opts.workdir, { recursive: true, force: true });
  };
  try {
    await waitUntil(
      async () => {
        if (exitCode !== undefined)
          throw new Error(`${opts.name} exited with ${exitCode}:\n${output}`);
        return portAnswers(opts.port);
      },
      {
        timeoutMs: opts.timeoutMs,
        intervalMs: 100,
        message: `${opts.name} did not listen on 127.0.0.1:${opts.port}`,
        detail: () => output,
      },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { process: child, output: () => output, stop };
}
