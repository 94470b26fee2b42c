/*
 * Imported first by server/index.ts, before anything loads React: React picks its development
 * or production build from process.env.NODE_ENV when it is first required, and `npm start`
 * sets no NODE_ENV. Unset means production (server/env.ts says the same); `npm run dev` sets
 * development. Without this the production server rendered with React's development build,
 * which checks far more as it renders (docs/perf/query-notes.md).
 */
if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';
