import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const BASE = 'http://127.0.0.1:3321';
const [, , who, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const width of [1280, 375]) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: BASE, timezoneId: 'Australia/Sydney' });
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text().slice(0, 300)));
  await page.goto('/login');
  await page.getByLabel('Email address').fill(who);
  await page.getByLabel('Password', { exact: true }).fill('listwise-demo');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  for (const p of paths) {
    await page.goto(p);
    await page.waitForTimeout(2500);
    const name = `${p.replace(/[^a-z0-9]+/gi, '_')}_${width}`.slice(0, 120);
    await page.screenshot({ path: `/tmp/appraisal-dev/shots/${name}.png`, fullPage: true });
    if (width === 1280) {
      const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      console.log(
        p,
        'url=',
        page.url(),
        'axe:',
        r.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join('|')}`).join('; ') || 'ok',
      );
    }
  }
  await context.close();
}
await browser.close();
