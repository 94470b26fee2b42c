import { Link } from 'react-router';
import { copy } from '../copy/en';

/** SPEC.md §2 "Page not found with a link home". */
export function NotFoundPanel({ heading = copy.notFound.heading }: { heading?: string }) {
  return (
    <main id="main" className="container py-5 text-center">
      <h1>{heading}</h1>
      <p>{copy.notFound.body}</p>
      <Link to="/" className="btn btn-primary">
        {copy.notFound.home}
      </Link>
    </main>
  );
}
