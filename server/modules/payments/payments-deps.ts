/*
 * What the payments module needs (the composition root passes it); its parts import this file,
 * never payments-service.ts, which composes them.
 */
import type { Plan } from '../../../common/schemas/payments';
import type { Db } from '../../../db/client';
import type { Outbox } from '../../events/outbox';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../lib/mail';
import type { MailSite } from '../../lib/mail-texts';
import type { PaymentProviders } from './payment-providers';
import type { PlanRow } from './payments-repository';
import type { Log } from '../../lib/log';

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  providers: PaymentProviders;
  mail: { mailer: Pick<Mailer, 'sendLater' | 'enabled'>; site(): Promise<MailSite> };
  log?: Log;
}

export const planView = (row: PlanRow): Plan => ({
  _id: row.id,
  name: row.name,
  interval: row.interval,
  amount: row.amount,
  currency: row.currency,
  trialDays: row.trialDays,
  access: row.access,
  active: row.active,
  includes: row.includes,
  epaperDays: row.epaperDays,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
