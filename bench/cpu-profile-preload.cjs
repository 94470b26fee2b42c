/*
 * Preloaded into the server by `npm run bench:profile` (NODE_OPTIONS=--require …): the first
 * SIGUSR2 starts V8's CPU profiler in this process, the second stops it and writes the profile
 * to $BENCH_PROFILE_FILE, then prints "cpu-profile-written". Only the requests sent between the
 * two signals are profiled, not start-up.
 */
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');

const session = new Session();
session.connect();
let running = false;
process.on('SIGUSR2', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () =>
      session.post('Profiler.setSamplingInterval', { interval: 100 }, () =>
        session.post('Profiler.start', () => process.stderr.write('cpu-profile-started\n')),
      ),
    );
    return;
  }
  running = false;
  session.post('Profiler.stop', (error, result) => {
    if (error) throw error;
    writeFileSync(process.env.BENCH_PROFILE_FILE, JSON.stringify(result.profile));
    process.stderr.write('cpu-profile-written\n');
  });
});
