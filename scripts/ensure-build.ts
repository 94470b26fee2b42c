/** `npm start` builds first when there is no build or the sources changed since. */
import { ensureBuild } from './build-state';

try {
  ensureBuild();
} catch (error) {
  console.error(`patrika: ${(error as Error).message}`);
  process.exit(1);
}
