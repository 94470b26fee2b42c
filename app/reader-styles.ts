import { createContext } from 'react';

/**
 * What the reading pages' inline stylesheet holds while they render (docs/decisions/028): the
 * mark where entry.server.tsx writes the built stylesheet's bytes after the render
 * (common/document-bytes.ts). Undefined in development (Vite serves the stylesheet) and in the
 * browser.
 */
export const ReaderStyles = createContext<string | undefined>(undefined);
