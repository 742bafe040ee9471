import { useNavigate } from 'react-router';
import { hasAccessToken } from '../lib/credentials';
import { clearCredentials } from './session-store';

/** The session's calls load only when a token is stored or the shopper acts (decision 0011). */
const actions = () => import('./actions');

/** Start-up (spec section 4): with a stored token, fetch the current user; visitors load no session code. */
export function startSession(): void {
  if (hasAccessToken()) void actions().then(({ loadSession }) => loadSession());
  else clearCredentials();
}

/** Logout from the header or the menu: ask the server, forget the session, go home. Failures only reach the console. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    const { signOut } = await actions();
    await signOut().catch((error: unknown) => console.error('Logout failed', error));
    void navigate('/');
  };
}
