import { test } from '@playwright/test';
import { apiLogin, DEMO, DEMO_PASSWORD, gql } from './support/api.ts';
import { loginThroughForm } from './support/ui.ts';

for (const width of [375, 1280]) {
  test(`shots ${width}`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const token = await apiLogin(request, DEMO.seller);
    const data = await gql<{ myProperties: { edges: { node: { id: string; state: string } }[] } }>(request, `{ myProperties(first: 10) { edges { node { id state } } } }`, {}, token);
    const active = data.myProperties.edges.find((e) => e.node.state === 'ACTIVE')!.node.id;
    await loginThroughForm(page, DEMO.seller, DEMO_PASSWORD);
    await page.goto(`/property/${active}/sale-status`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.screenshot({ path: `/tmp/shots/sale-status-${width}.png`, fullPage: true });
    await page.goto(`/property/${active}/sale-status/sold/agent`);
    await page.getByRole('heading', { name: 'Select Agent' }).waitFor();
    await page.screenshot({ path: `/tmp/shots/select-agent-${width}.png`, fullPage: true });
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: /Claim/ }).click();
    await page.screenshot({ path: `/tmp/shots/claim-${width}.png`, fullPage: true });
    await page.goto('/logout');
    await loginThroughForm(page, DEMO.admin, DEMO_PASSWORD);
    for (const tab of ['sales', 'agents', 'suburbs', 'settings', 'audit-log', 'ledger', 'verification']) {
      await page.goto(`/admin?tab=${tab}`);
      await page.waitForTimeout(1200);
      await page.screenshot({ path: `/tmp/shots/admin-${tab}-${width}.png`, fullPage: true });
    }
  });
}
