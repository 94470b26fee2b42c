import { redirect } from 'react-router';

/** Clears the session cookie (the same cookie POST /api/users/signout clears) and goes home. */
const signedOut = () =>
  redirect('/', {
    headers: { 'Set-Cookie': 'patrika_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax' },
  });

export const action = signedOut;
export const loader = signedOut;
