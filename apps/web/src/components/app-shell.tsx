import { LogoMark } from '@/components/logo';
import { Spinner } from '@/components/spinner';

/**
 * What a phone paints before any JavaScript has run: a header bar with the wordmark where both layouts put theirs,
 * and a loading status. index.html carries this exact markup inside #root (app-shell.test.tsx keeps the two equal),
 * so the first paint needs only the HTML and the stylesheet; React shows the same shell while the first route's
 * code loads, then replaces it with the page.
 */
export function AppShell() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 w-full max-w-page items-center px-5 md:px-8">
          <span className="inline-flex items-center gap-2">
            <LogoMark />
          </span>
        </div>
      </header>
      <main className="flex flex-1 items-center justify-center text-brand-800">
        <Spinner size="lg" />
      </main>
    </div>
  );
}
