import { redirect } from 'react-router';

/** /admin opens the dashboard. */
export const loader = () => redirect('/admin/dashboard');
