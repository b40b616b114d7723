/**
 * Issue 24 item 15: a user orders a report plan in the personal centre, customer service confirms the
 * payment in the console, and the user's type and plan end follow. Issue 35 item 4: the order's invoice
 * details, checked by the ID number rule.
 */
import { expect, test } from '@playwright/test';
import { registerVerified } from '../lib/api-user';
import { ADMIN, signIn } from '../lib/sign-in';

test('a plan ordered by the user becomes theirs once customer service confirms the payment', async ({
  browser,
  page,
  request,
}) => {
  // Two people (a user and customer service) each signing in and going through a dialog.
  test.slow();
  const userName = `plan_${Date.now().toString(36)}`;
  const password = 'Plan@2024-ok';
  await registerVerified(request, userName, password);
  await signIn(page, { user: userName, password });
  await page.goto('/profile');
  const card = page.locator('.profile-card', { hasText: 'Account type and plans' });
  await expect(card.getByTestId('user-type')).toHaveText('Standard');
  // Issue 34 item 7: the term's price first, the yearly rate second, and what the plan opens.
  const three = card.locator('.plan-list .ant-list-item', { hasText: '3 months' });
  await expect(three.getByTestId('plan-price')).toHaveText('CN¥900 for 3 months');
  await expect(three).toContainText(/CN¥900 for 3 months.*CN¥3,600 per year/);
  await expect(card.getByTestId('plan-opens')).toContainText('Periodic report push');
  await card
    .locator('.plan-list .ant-list-item', { hasText: '3 months' })
    .getByRole('button', { name: 'Order' })
    .click();
  const ask = page.getByRole('dialog', { name: 'Order the 3-month report plan?' });
  await expect(ask).toContainText('CN¥900');
  // Issue 35 item 4: the invoice names a company by its tax number; a wrong number is refused as the spec says.
  await ask.getByLabel('Name on the invoice').fill('Sunny Roofs Ltd');
  await ask.getByLabel('ID number or company tax number').fill('91330100716105852E');
  await ask.getByRole('button', { name: 'Order' }).click();
  await expect(ask.getByText('Please enter a correct ID number')).toBeVisible();
  await ask.getByLabel('ID number or company tax number').fill('91330100716105852F');
  await expect(ask.getByText('Please enter a correct ID number')).toHaveCount(0);
  await ask.getByRole('button', { name: 'Order' }).click();
  await expect(card.getByTestId('plan-pending')).toContainText('Your order of the 3-month plan (CN¥900');

  const service = await (await browser.newContext()).newPage();
  await signIn(service, ADMIN);
  await service.goto('/manage?tab=plans');
  await service.getByLabel('User name or e-mail').fill(userName);
  const row = service.locator('.ant-table-row', { hasText: userName });
  await expect(row).toContainText('3 months report subscription');
  await expect(row).toContainText('Sunny Roofs Ltd91330100716105852F');
  await row.getByRole('button', { name: 'Confirm payment' }).click();
  await service
    .getByRole('dialog', { name: `Confirm the payment of ${userName}?` })
    .getByRole('button', {
      name: 'Confirm payment',
    })
    .click();
  await expect(row).toHaveCount(0);
  await service.close();

  await page.reload();
  await expect(card.getByTestId('user-type')).toHaveText('Premium');
  await expect(card).toContainText('3-month report plan, until');
  await expect(card.getByTestId('plan-pending')).toHaveCount(0);
});
