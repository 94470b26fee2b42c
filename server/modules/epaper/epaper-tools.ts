/*
 * The programs the e-paper runs (Poppler's pdfinfo, pdfseparate and pdftoppm; Tesseract), as
 * child processes: an argument array, never a shell string; at the lowest CPU priority
 * (`nice -n 19`) so that readers' requests always come first; under an address-space limit
 * and a CPU-time limit (`prlimit --as --cpu`), and a generous wall-time limit for a hung one,
 * past which the child is killed. `nice` and `prlimit`
 * exec the program in place, so the child's pid is the program's own.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface ToolRun {
  /** Bytes written to the program's standard input, then closed. */
  input?: Buffer;
  /**
   * CPU seconds the program may use (`prlimit --cpu`): what bounds a runaway program. Wall time
   * is no measure of its work: at the lowest priority on a busy machine it waits for CPU.
   */
  cpuSeconds: number;
  /** Killed (SIGKILL) past this much wall time, a bound for a hung program only. */
  timeoutMs: number;
  /** The program's address space, in bytes. */
  memoryBytes: number;
  /** Standard output past this is an error (a runaway program). */
  maxOutputBytes: number;
  env?: Record<string, string>;
}

export interface ToolResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/** A tool that could not be run at all (not installed): 127 from prlimit's exec. */
export class ToolMissing extends Error {
  constructor(readonly tool: string) {
    super(`${tool} is not installed`);
    this.name = 'ToolMissing';
  }
}

/** A run that failed: its exit code and the end of what it said. */
export class ToolFailed extends Error {
  constructor(
    readonly tool: string,
    readonly code: number | null,
    readonly stderr: string,
    readonly timedOut = false,
  ) {
    super(
      timedOut
        ? `${tool} took too long and was stopped`
        : `${tool} failed (${code}): ${stderr.slice(-500)}`,
    );
    this.name = 'ToolFailed';
  }
}

const STDERR_KEPT = 8_192;

export function createToolRunner() {
  const running = new Set<ChildProcess>();
  let closed = false;

  /** Runs `tool` with `args`; answers whatever it exits with (a non-zero code included). */
  function run(tool: string, args: readonly string[], options: ToolRun): Promise<ToolResult> {
    if (closed) return Promise.reject(new Error('the e-paper tools are closed'));
    const child = spawn(
      'nice',
      [
        ...['-n', '19', 'prlimit', `--as=${options.memoryBytes}`],
        ...[`--cpu=${options.cpuSeconds}`, '--', tool, ...args],
      ],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', ...options.env },
      },
    );
    running.add(child);
    return new Promise<ToolResult>((resolve, reject) => {
      const out: Buffer[] = [];
      let outBytes = 0;
      let stderr = '';
      let timedOut = false;
      let overflow = false;
      const timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, options.timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => {
        outBytes += chunk.length;
        if (outBytes > options.maxOutputBytes) {
          overflow = true;
          child.kill('SIGKILL');
        } else out.push(chunk);
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
      });
      // A program that exits before reading all its input closes the pipe: not our error.
      child.stdin.on('error', () => {});
      child.stdin.end(options.input);
      child.on('error', (error) => {
        clearTimeout(timer);
        running.delete(child);
        reject(error);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        running.delete(child);
        if (code === 127 && /failed to execute/.test(stderr)) reject(new ToolMissing(tool));
        else if (timedOut) reject(new ToolFailed(tool, code, stderr, true));
        else if (overflow) reject(new ToolFailed(tool, code, 'its output was too large'));
        else resolve({ code, stdout: Buffer.concat(out), stderr });
      });
    });
  }

  return {
    run,
    /** Runs `tool` and fails unless it exits 0. */
    async ok(tool: string, args: readonly string[], options: ToolRun): Promise<ToolResult> {
      const result = await run(tool, args, options);
      if (result.code !== 0) throw new ToolFailed(tool, result.code, result.stderr);
      return result;
    },
    /** Kills whatever still runs (the app closing); later runs are refused. */
    close() {
      closed = true;
      for (const child of running) child.kill('SIGKILL');
    },
  };
}
export type ToolRunner = ReturnType<typeof createToolRunner>;
