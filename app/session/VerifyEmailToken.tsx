import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../components/AuthCard';
import { Spinner } from '../components/Spinner';
import { INVALID_LINK } from '../../core/contracts/account';
import { refreshUser, verifyEmail } from './actions';

type Outcome = { ok: true; message: string } | { ok: false };

/** Verifies the token once per link; StrictMode's second effect run reuses the request already sent. */
function useVerification(token: string): Outcome | null {
  const request = useRef<{ token: string; outcome: Promise<Outcome> } | null>(null);
  const [result, setResult] = useState<{ token: string; outcome: Outcome } | null>(null);

  useEffect(() => {
    if (request.current?.token !== token) {
      const outcome = verifyEmail(token).then(
        ({ message }): Outcome => {
          // The header and account pages should see the verified address without a reload.
          refreshUser().catch(() => undefined);
          return { ok: true, message };
        },
        (): Outcome => ({ ok: false }),
      );
      request.current = { token, outcome };
    }
    let active = true;
    void request.current.outcome.then((outcome) => active && setResult({ token, outcome }));
    return () => {
      active = false;
    };
  }, [token]);

  return result?.token === token ? result.outcome : null;
}

/** The mailed verification link: verifies once, then says how it went. */
export function VerifyEmailToken({ token }: { token: string }) {
  const outcome = useVerification(token);
  // The result replaces the spinner in place; the live region reads it out.
  return (
    <div aria-live="polite">
      <VerificationCard outcome={outcome} />
    </div>
  );
}

function VerificationCard({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) {
    return (
      <AuthCard title="Verifying your e-mail…">
        <Spinner label="Verifying your e-mail" />
      </AuthCard>
    );
  }

  if (!outcome.ok) {
    return (
      <AuthCard title={INVALID_LINK} intro={`${INVALID_LINK}. Please request a new verification link.`}>
        <Link to="/verify-email" className="btn-primary w-full">
          Request a new link
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={outcome.message} intro="Thank you for confirming your address.">
      <Link to="/shop" className="btn-primary w-full">
        Continue shopping
      </Link>
    </AuthCard>
  );
}
