/*
 * The Web Push a seat's followers get when it is declared (issue 69 item 4), in the site's
 * interface language: the seat and its state, who won and by how much.
 */
import type { UiLanguage } from './settings';

interface DeclaredText {
  title: (seat: string, state: string, party: string) => string;
  body: (candidate: string, margin: string) => string;
}

export const SEAT_DECLARED: Record<UiLanguage, DeclaredText> = {
  en: {
    title: (seat, state, party) => `${seat} (${state}): ${party} wins`,
    body: (candidate, margin) => `${candidate} won by ${margin} votes.`,
  },
  hi: {
    title: (seat, state, party) => `${seat} (${state}): ${party} की जीत`,
    body: (candidate, margin) => `${candidate} ${margin} वोटों से जीते।`,
  },
  mr: {
    title: (seat, state, party) => `${seat} (${state}): ${party} विजयी`,
    body: (candidate, margin) => `${candidate} ${margin} मतांनी विजयी झाले.`,
  },
  gu: {
    title: (seat, state, party) => `${seat} (${state}): ${party} ની જીત`,
    body: (candidate, margin) => `${candidate} ${margin} મતથી જીત્યા.`,
  },
};
