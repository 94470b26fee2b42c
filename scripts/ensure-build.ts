/** `npm start` builds first when there is no build or the sources changed since. */
import { execSync } from 'node:child_process';
import { buildNeeded, ROOT } from './build-state';

const reason = buildNeeded();
if (reason) {
  console.log(`patrika: building (${reason})…`);
  execSync('npx react-router build', { cwd: ROOT, stdio: 'inherit' });
}
