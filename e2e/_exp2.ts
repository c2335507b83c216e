import { chromium } from '@playwright/test';
const args = ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run', ...(process.env.EXTRA||'').split(' ').filter(Boolean)];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args, headless: true });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await ctx.newPage();
const url = process.env.URL!;
for (let i = 0; i < 10; i++) { await page.goto(url); if (process.env.IDLE) await page.waitForLoadState('networkidle'); }
await browser.close();
