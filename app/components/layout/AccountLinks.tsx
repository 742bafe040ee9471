import { Link, useNavigate } from 'react-router';
import { useSession } from '../../auth/session';

/** Logout from the header or the menu: ask the server, forget the session, go home. Failures only reach the console. */
export function useHeaderLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    const { signOut } = await import('../../auth/actions');
    await signOut().catch((error: unknown) => console.error('Logout failed', error));
    navigate('/');
  };
}

/** 'Hi, {name}' and Logout when signed in; Login and Register otherwise (spec: header and mobile menu). */
export function AccountLinks({ layout }: { layout: 'header' | 'menu' }) {
  const { status, user } = useSession();
  const logout = useHeaderLogout();
  const menu = layout === 'menu';
  if (status === 'signed-in') {
    return (
      <div className={menu ? 'mt-auto space-y-3 p-4' : 'hidden items-center gap-3 lg:flex'}>
        <p className="text-sm font-medium" data-testid={`greeting-${layout}`}>
          Hi, {user?.fullname || 'User'}
        </p>
        <button
          type="button"
          className={menu ? 'btn-secondary w-full' : 'text-sm font-medium text-brand-800 hover:underline'}
          onClick={logout}
        >
          Logout
        </button>
      </div>
    );
  }
  if (!menu) return null;
  return (
    <div className="mt-auto flex gap-3 p-4">
      <Link to="/signin" className="btn-primary flex-1">
        Login
      </Link>
      <Link to="/signup" className="btn-secondary flex-1">
        Register
      </Link>
    </div>
  );
}
