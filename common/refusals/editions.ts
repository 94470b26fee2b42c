/*
 * Refusals of editions (issue 65, DECISIONS.md §30): the tree's rules, an article placed in
 * an edition that does not exist, a desk placing a story outside its editions.
 */
import type { Entry } from './define';

export const EDITIONS = {
  'edition.not_found': { status: 404, en: 'Edition not found.' },
  'edition.slug_invalid': {
    status: 400,
    en: 'Give the edition a slug of Latin letters, digits and hyphens.',
  },
  'edition.slug_taken': {
    status: 409,
    en: (p: { slug: string }) =>
      `An edition with the slug "${p.slug}" already exists in the same place.`,
  },
  'edition.parent_unknown': { status: 400, en: 'The parent edition does not exist.' },
  'edition.kind_mismatch': {
    status: 400,
    en: (p: { kind: string; parent: string }) =>
      p.parent === 'none'
        ? `Only the national edition has no parent; a ${p.kind} edition needs one.`
        : `A ${p.kind} edition cannot be placed under a ${p.parent} edition (a state goes under the national edition, a city under a state, a town under a city).`,
  },
  'edition.national_fixed': {
    status: 409,
    en: 'There is exactly one national edition: it cannot be deleted, moved or changed to another kind, and no second one can be made.',
  },
  'edition.has_children': {
    status: 409,
    en: (p: { name: string; count: number }) =>
      `Edition "${p.name}" has ${p.count} edition${p.count === 1 ? '' : 's'} under it. Delete or move ${p.count === 1 ? 'it' : 'them'} first.`,
  },
  'edition.in_use': {
    status: 409,
    en: (p: { name: string; count: number }) =>
      `Edition "${p.name}" still has ${p.count} stor${p.count === 1 ? 'y' : 'ies'}. Take ${p.count === 1 ? 'it' : 'them'} out of the edition first.`,
  },
  /** An article names an edition id that does not exist (create, update, bulk). */
  'edition.unknown': {
    status: 400,
    en: (p: { id: string }) => `There is no edition with the id "${p.id}".`,
  },
  /** A desk limited to editions (issue 65 item 5) places a story elsewhere. */
  'edition.not_yours': {
    status: 403,
    en: (p: { name: string }) =>
      `Your desk may not place stories in the edition "${p.name}". Ask an administrator to add it to your editions.`,
  },
  /** A desk limited to editions curates another edition's home or band (issue 65 item 3). */
  'edition.desk_elsewhere': {
    status: 403,
    en: (p: { name: string }) =>
      `Your desk may not curate the edition "${p.name}". Its own desk, or an editor whose desk has every edition, can.`,
  },
  /** The national home is curated in the settings (its home sections), not as an edition. */
  'edition.national_home': {
    status: 409,
    en: 'The national home is curated in the settings (its layout and home sections), not here.',
  },
  /** A curated lead that is not one of the edition's stories (issue 65 item 3). */
  'edition.lead_elsewhere': {
    status: 400,
    en: (p: { name: string }) =>
      `The lead must be one of the edition "${p.name}"'s stories. Add the story to the edition first.`,
  },
  /** A curated section naming no category. */
  'edition.section_unknown': {
    status: 400,
    en: 'A section names a category that does not exist.',
  },
} as const satisfies Record<string, Entry>;
