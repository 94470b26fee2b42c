import { data } from 'react-router';
import { NotFoundPanel } from '../components/not-found-panel';

/** Any unknown address, and /404, render the Not Found page with status 404 (DECISIONS.md §6). */
export function loader() {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export default function NotFound() {
  return <NotFoundPanel />;
}
