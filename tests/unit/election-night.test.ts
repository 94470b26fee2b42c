import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { seeded } from '../../bench/data';
import { holderOf, zipfExponent, zipfSampler } from '../../bench/election-night';

describe('the election-night readers (bench/election-night.ts)', () => {
  it('draws the first of 10,000 ranks a third of the time, and rarer ranks less often', () => {
    const n = 10_000;
    const s = zipfExponent(n, 1 / 3);
    const draw = zipfSampler(n, s, seeded(7));
    const counts = new Map<number, number>();
    const draws = 60_000;
    for (let i = 0; i < draws; i++) {
      const r = draw();
      counts.set(r, (counts.get(r) ?? 0) + 1);
    }
    expect(counts.get(0)! / draws).toBeGreaterThan(0.32);
    expect(counts.get(0)! / draws).toBeLessThan(0.35);
    expect(counts.get(1)!).toBeLessThan(counts.get(0)!);
    expect(counts.get(9)!).toBeLessThan(counts.get(1)!);
    expect([...counts.keys()].every((r) => r >= 0 && r < n)).toBe(true);
  });

  it('finds the process that holds the server end of a loopback connection', async () => {
    // The server in a process of its own, as a cluster's worker is: the client end is here.
    const server = spawn(process.execPath, [
      '-e',
      "require('node:http').createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1', function () { console.log(this.address().port) })",
    ]);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        server.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
        server.once('error', reject);
      });
      const clientPort = await new Promise<number>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
          const local = res.socket.localPort!;
          res.resume();
          res.on('end', () => resolve(local));
        })
          .on('error', reject)
          .end();
      });
      expect(holderOf(port, clientPort, [process.pid, server.pid!])).toBe(server.pid);
      // This process holds only the client end; a connection that is not there is nobody's.
      expect(holderOf(port, clientPort, [process.pid])).toBeUndefined();
      expect(holderOf(port, clientPort === 1 ? 2 : 1, [server.pid!])).toBeUndefined();
    } finally {
      agent.destroy();
      server.kill();
    }
  }, 30_000);
});
