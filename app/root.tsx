import { Suspense, useContext, useEffect } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { Header } from './components/layout/Header';
import { Footer } from './components/layout/Footer';
import { ServerOnly } from './components/ServerOnly';
import { AnnouncementBar } from './components/layout/AnnouncementBar';
import { NavigationSpinner } from './components/NavigationSpinner';
import { ToastHost } from './components/ToastHost';
import type { ShopSettings } from '../core/shop';
import { useCartQuantity } from './cart/cart-store';
import { followSession } from './cart/follow-session';
import { followWishlist } from './wishlist/follow-session';
import { onSessionChange } from './lib/credentials';
import { useSession } from './session/session-store';
import { startSession, useLogout } from './session/start';
import { CspNonce } from './context';
import { measureVisit } from './analytics/measure';

/**
 * Where the page's content ends. The browser paints the page first once it has parsed this far, not after each
 * piece of HTML the parser takes in one go: a cached page arrives whole, and every early paint cost a phone a
 * layout of the page again (issue 23). A page without it (the back office) paints once it is parsed whole.
 */
const PAGE_CONTENT_END = 'page-content-end';

export const links: Route.LinksFunction = () => [
  // In production the stylesheet is inline in the head, put there by entry.server (decision 0042).
  ...(import.meta.env.DEV ? [{ rel: 'stylesheet', href: stylesheet }] : []),
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function loader({ context }: Route.LoaderArgs) {
  return {
    shop: context.shop,
    origin: context.origin,
    googleClientId: context.googleClientId,
    paymentScriptUrl: context.paymentScriptUrl,
    paymentPayPageOrigins: context.paymentPayPageOrigins,
  };
}

// Shop settings come from configuration and never change while the page is open.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

/**
 * The cart follows the session (decision 0013): it listens to what the session announces, pricing the lines the
 * server sends with the shop's shipping rule from this route's loader data. Wired here, where capabilities meet,
 * so that neither imports the other; subscribed before StartUp, whose session load announces.
 */
function CartFollowsSession({ shop }: { shop: ShopSettings }) {
  useEffect(() => onSessionChange((event) => followSession(event, shop)), [shop]);
  return null;
}

/** The wishlist follows the session too, and applies the hearts' clicks (decision 0028). */
function WishlistFollowsSession() {
  useEffect(followWishlist, []);
  return null;
}

function StartUp() {
  useEffect(startSession, []);
  return null;
}

/**
 * Lets tests (and curious developers) see that the page has become interactive: rendered inside the page's own
 * hydration boundary, so it runs once the page's content, not only the frame around it, is hydrated.
 */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/**
 * The page's content, hydrated apart from the frame around it: React hydrates a Suspense boundary of server HTML
 * in a pass and a commit of its own, so no single task of the browser's main thread does all of a page's
 * hydration (issue 23: Lighthouse counts every task over 50 ms on a phone's CPU). A click on it before then is
 * replayed once it is hydrated. Nothing inside suspends on the server, so the fallback is never shown.
 */
function PageContent({ children }: { children: React.ReactNode }) {
  return (
    <Suspense fallback={null}>
      {children}
      <MarkHydrated />
    </Suspense>
  );
}

/** The header with what it shows of the session and the cart. */
function SiteHeader({ shop }: { shop: ShopSettings }) {
  const { status, user } = useSession();
  const cartCount = useCartQuantity();
  const logout = useLogout();
  const signedInAs = status === 'signed-in' ? user?.fullname || 'User' : null;
  return <Header shop={shop} cartCount={cartCount} signedInAs={signedInAs} onLogout={() => void logout()} />;
}

/** On each new page: scroll to its top, and count its view (first-party, without cookies: decision 0037). */
function OnNewPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0); // braces: newer browsers return a Promise, which React would take for a cleanup
    measureVisit(pathname);
  }, [pathname]);
  return null;
}

/** A back-office page its loader let through (its handle says so): it brings its own header, without the shop's. */
function useBackOffice(): boolean {
  return useMatches().some(
    (match) => (match.handle as { backOffice?: boolean } | undefined)?.backOffice && match.data !== undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>('root');
  const backOffice = useBackOffice();
  const data = backOffice ? undefined : rootData;
  const nonce = useContext(CspNonce);
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#963f1d" />
        {/* The first paint waits until the page's content is parsed (below): see PAGE_CONTENT_END. */}
        <link rel="expect" href={`#${PAGE_CONTENT_END}`} blocking="render" />
        <Meta />
        {/* Stylesheets need no nonce; '' stops the router adding one, which the DOM shows and hydration would flag. */}
        <Links nonce="" />
      </head>
      <body className="flex min-h-screen flex-col">
        {backOffice ? (
          <PageContent>{children}</PageContent>
        ) : (
          <ShopFrame data={data}>
            <PageContent>{children}</PageContent>
          </ShopFrame>
        )}
        <NavigationSpinner />
        <ToastHost />
        {rootData && <CartFollowsSession shop={rootData.shop} />}
        <WishlistFollowsSession />
        <StartUp />
        <OnNewPage />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The shop's header, main and footer around a storefront page. */
function ShopFrame({ data, children }: { data: ReturnType<typeof loader> | undefined; children: React.ReactNode }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      {data && <ServerOnly>{import.meta.env.SSR && <AnnouncementBar shop={data.shop} />}</ServerOnly>}
      {data && <SiteHeader shop={data.shop} />}
      <main id="main" className="flex-1">
        {children}
      </main>
      <div id={PAGE_CONTENT_END} hidden />
      {data && (
        // The SSR check lets the client build drop the footer's code entirely.
        <ServerOnly>{import.meta.env.SSR && <Footer shop={data.shop} />}</ServerOnly>
      )}
    </>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && import.meta.env.SSR) console.error(error);
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <title>Page not found</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-semibold">Error, page not found</h1>
      <p className="mt-4 text-stone-600">The page you are looking for does not exist or has moved.</p>
      <a href="/shop" className="btn-primary mt-8">
        Continue shopping
      </a>
    </section>
  );
}
