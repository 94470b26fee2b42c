import { createContext, useContext } from 'react';

/**
 * MEDIA_PUBLIC_URL, where pages link uploads (the bucket or its CDN; common/media.ts
 * sentMediaUrl), given by the root layout from its loader. Undefined (the default, and outside
 * a page): uploads are linked at /media/ on this site.
 */
export const MediaBase = createContext<string | undefined>(undefined);

export const useMediaBase = () => useContext(MediaBase);
