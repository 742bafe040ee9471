import { isRouteErrorResponse, useRouteError } from 'react-router';

/** A catalogue page that could not load its products; a missing product is a plain 404 instead. */
export function CatalogError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-24 text-center">
        <h1 className="text-3xl font-semibold">Error, page not found</h1>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center" role="alert">
      <h1 className="text-2xl font-semibold">Error fetching product data</h1>
      <p className="mt-4 text-stone-600">Please refresh the page in a moment.</p>
    </section>
  );
}
