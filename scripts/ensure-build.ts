/** `npm start` builds first when there is no build or the sources changed since. */
import { ensureBuild } from './build-state';

ensureBuild();
