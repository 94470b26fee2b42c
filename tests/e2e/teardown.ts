import { dropRunDatabases } from '../setup/seeded-site';

/** After the journeys: this run's sites' databases go (none on the embedded engine). */
export default async function teardown() {
  await dropRunDatabases();
}
