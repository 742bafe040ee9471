import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { signInWithGoogle } from './actions';
import { toast } from '../lib/toast';

/** The parts of Google Identity Services this button uses. */
interface CredentialResponse {
  credential?: string;
}

interface GoogleAccountsId {
  initialize(config: { client_id: string; callback: (response: CredentialResponse) => void }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type: 'standard';
      theme: 'outline';
      size: 'large';
      text: 'continue_with';
      shape: 'rectangular';
      width: number;
    },
  ): void;
}

declare global {
  interface Window {
    google?: { accounts: { id: GoogleAccountsId } };
  }
}

const GSI_SRC = 'https://accounts.google.com/gsi/client';
const BUTTON_WIDTH = { min: 200, max: 400 } as const;

let loading: Promise<GoogleAccountsId> | null = null;
let initializedFor: string | null = null;
/** The mounted button's handler; Google is initialised once per page, so its callback forwards here. */
let onCredential: ((response: CredentialResponse) => void) | null = null;

/** Adds the Google script once per page; after a failure (e.g. offline) a later mount may try again. */
function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_SRC;
    script.async = true;
    script.onload = () => {
      const id = window.google?.accounts.id;
      if (id) resolve(id);
      else reject(new Error('Google Identity Services did not start'));
    };
    script.onerror = () => {
      script.remove();
      loading = null;
      reject(new Error('Google Identity Services could not load'));
    };
    document.head.append(script);
  });
  return loading;
}

/** 'Continue with Google': Google's own button, rendered into a container once its script has loaded. */
export function GoogleButton({ clientId }: { clientId: string }) {
  const container = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    onCredential = ({ credential }) => {
      if (!credential) return toast.error('No ID token received from Google.');
      signInWithGoogle(credential).then(
        () => navigate('/', { replace: true }),
        () => toast.error('Trouble logging in through Google'),
      );
    };
    let active = true;
    loadGoogleIdentity().then(
      (id) => {
        const parent = container.current;
        if (!active || !parent) return;
        if (initializedFor !== clientId) {
          id.initialize({ client_id: clientId, callback: (response) => onCredential?.(response) });
          initializedFor = clientId;
        }
        const width = Math.min(BUTTON_WIDTH.max, Math.max(BUTTON_WIDTH.min, parent.clientWidth));
        id.renderButton(parent, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'rectangular',
          width,
        });
        setState('ready');
      },
      () => active && setState('failed'),
    );
    return () => {
      active = false;
      onCredential = null;
    };
  }, [clientId, navigate]);

  return (
    <div className={state === 'failed' ? 'hidden' : 'mt-6'}>
      {state !== 'failed' && (
        <p className="mb-4 flex items-center gap-3 text-sm text-stone-600" aria-hidden="true">
          <span className="h-px flex-1 bg-stone-200" />
          or
          <span className="h-px flex-1 bg-stone-200" />
        </p>
      )}
      <div ref={container} className={`flex justify-center ${state === 'failed' ? '' : 'min-h-11'}`} />
    </div>
  );
}
