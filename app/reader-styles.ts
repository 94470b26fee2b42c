import { createContext } from 'react';

/**
 * The reading pages' built stylesheet (app/styles/reader.css, purged), which their documents
 * carry in a `<style>` element (docs/decisions/028): given by entry.server.tsx on reading pages.
 * Undefined in development (Vite serves the stylesheet), on app pages and in the browser.
 */
export const ReaderStyles = createContext<string | undefined>(undefined);
