/*
 * Refusals of the platform others build on (issue 41): keys for apps and partners, the
 * versioned read API, webhooks.
 */
import type { Entry } from './define';

export const PLATFORM = {
  'api_key.invalid': { status: 401, en: 'Unknown or revoked API key.' },
  'api_key.forbidden': { status: 403, en: 'Only administrators manage API keys.' },
  'api_key.not_found': { status: 404, en: 'No such API key.' },
  'api_key.name_required': { status: 400, en: 'name is required: what the key is for' },
  'api_key.name_too_long': {
    status: 400,
    en: (p: { maximum: number }) => `name may be at most ${p.maximum} characters.`,
  },
  'api_key.scope_unknown': { status: 400, en: 'scopes must be a list of: content:read' },
  'api_key.rate_limit_invalid': {
    status: 400,
    en: (p: { maximum: number }) => `rateLimit must be a whole number from 1 to ${p.maximum}.`,
  },
} as const satisfies Record<string, Entry>;

export const WEBHOOKS = {
  'webhook.forbidden': { status: 403, en: 'Only administrators manage webhooks.' },
  'webhook.not_found': { status: 404, en: 'No such webhook.' },
  'webhook.delivery_not_found': { status: 404, en: 'No such delivery of this webhook.' },
  'webhook.url_invalid': { status: 400, en: 'url must be an http: or https: address.' },
  'webhook.url_private': {
    status: 400,
    en: 'The webhook’s address must be public, not a private or local one.',
  },
  'webhook.url_no_address': { status: 400, en: 'The webhook address’s host has no address.' },
  'webhook.events_required': { status: 400, en: 'events is required: at least one event.' },
  'webhook.event_unknown': {
    status: 400,
    en: (p: { events: string }) => `events must be a list of: ${p.events}`,
  },
  'webhook.description_too_long': {
    status: 400,
    en: (p: { maximum: number }) => `description may be at most ${p.maximum} characters.`,
  },
} as const satisfies Record<string, Entry>;

export const FEDIVERSE = {
  'fediverse.forbidden': { status: 403, en: 'Only administrators see the fediverse followers.' },
} as const satisfies Record<string, Entry>;
