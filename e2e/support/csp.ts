import type { Page } from '@playwright/test';

/**
 * Collects the Content-Security-Policy violations a page reports (the browser's `securitypolicyviolation`
 * events, in every document the page loads), so a journey can assert that the policy the server sends does not
 * block anything the app needs.
 */
export async function watchCspViolations(page: Page): Promise<() => string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (violation: string) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (v: string) => void }).__reportCspViolation;
      void report(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} on ${event.documentURI}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return () => [...violations];
}
