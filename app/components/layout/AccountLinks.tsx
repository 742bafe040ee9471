import { Link } from 'react-router';

export interface AccountLinksProps {
  layout: 'header' | 'menu';
  /** The signed-in shopper's name; null when signed out (or not known yet). */
  signedInAs: string | null;
  onLogout: () => void;
}

/** 'Hi, {name}' and Logout when signed in; Login and Register otherwise (spec: header and mobile menu). */
export function AccountLinks({ layout, signedInAs, onLogout }: AccountLinksProps) {
  const menu = layout === 'menu';
  if (signedInAs !== null) {
    return (
      <div className={menu ? 'mt-auto space-y-3 p-4' : 'hidden items-center gap-3 lg:flex'}>
        <p className="text-sm font-medium" data-testid={`greeting-${layout}`}>
          Hi, {signedInAs}
        </p>
        <button
          type="button"
          className={menu ? 'btn-secondary w-full' : 'text-sm font-medium text-brand-800 hover:underline'}
          onClick={onLogout}
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
