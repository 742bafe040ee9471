import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { AccountSection } from '../../components/AccountSection';
import { errorMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { signOut } from '../actions';

/** Ends the session once (StrictMode runs effects twice), then goes home; signOut clears the local session anyway. */
export function LogoutSection() {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signOut()
      .catch((error: unknown) => toast.error(`Logout failed: ${errorMessage(error)}`))
      .finally(() => void navigate('/', { replace: true }));
  }, [navigate]);
  return (
    <AccountSection title="Log out">
      <p role="status" className="text-stone-700">
        Logging you out...
      </p>
    </AccountSection>
  );
}
