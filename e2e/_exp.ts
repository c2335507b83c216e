import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const args = ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run', ...(process.env.EXTRA||'').split(' ').filter(Boolean)];
const browser = await chromium.launch({ executablePath: process.env.EXE ?? '/usr/bin/chromium', args, headless: true });
const paths = ['/', '/login', '/get-started', '/agent/signup', '/terms-and-conditions?tab=privacy', '/how-it-works', '/agents/nsw/bondi-beach-2026', '/how-we-rank', '/agents', '/find-real-estate-agents'];
const wall0 = Date.now();
for (const vp of [{ width: 375, height: 812 }, { width: 1280, height: 900 }]) {
  const ctx = await browser.newContext({ viewport: vp });
  const page = await ctx.newPage();
  for (const p of paths) {
    await page.goto('http://127.0.0.1:3322' + p); await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    if (!process.env.NOAXE) await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode(true).analyze();
    if (!process.env.NOKEYS && vp.width > 1000) for (let i = 0; i < 30; i++) { await page.keyboard.press('Tab'); await page.evaluate(() => getComputedStyle(document.activeElement ?? document.body).outlineStyle); }
  }
  await ctx.close();
}
await browser.close();
console.log(process.env.LABEL, 'wall', Date.now() - wall0);
