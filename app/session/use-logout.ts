import { useNavigate } from 'react-router';

/**
 * Logout from the header or the menu: ask the server, forget the session, go home. The session's actions load
 * only now; failures only reach the console.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    const { signOut } = await import('./actions');
    await signOut().catch((error: unknown) => console.error('Logout failed', error));
    navigate('/');
  };
}
