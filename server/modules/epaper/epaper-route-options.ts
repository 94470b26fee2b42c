/* What the e-paper's route files share: their OpenAPI tag, security and an issue's refusals. */
import { SIGNED_IN } from '../../lib/errors';

export const tags = ['epaper'];
export const security = [{ bearer: [] }];
/** What every call on one issue may answer besides its own refusals. */
export const ISSUE_REFUSALS = [
  ...SIGNED_IN,
  'auth.role_required',
  'epaper.issue_not_found',
  'epaper.edition_not_yours',
] as const;
