import { createContext } from 'react';

/**
 * The reading pages' stylesheet as text, which the server writes into their documents instead
 * of a render-blocking request (docs/decisions/028). Given by entry.server.tsx from the built
 * file; undefined in development (Vite serves the stylesheet) and in the browser.
 */
export const ReaderStyles = createContext<string | undefined>(undefined);
