/**
 * My queue, the FCO batch page and the work queues, driven as staff would: tick apostille items and place an
 * FCO order, despatch the batch and mark it received; an admin reassigns from an orderer's queue.
 * Each test makes its own order through the storefront API so parallel specs never share an item.
 */
import { expect } from '@playwright/test';
import { type ApiClient, apiAs, assignItems, createOrder, ordererId } from './api-helpers';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

const todayInLondon = () =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());

/** Two apostille certificates assigned to Alice and walked to "apostille required". */
async function apostilleItemsForAlice(baseURL: string, admin: ApiClient, alice: ApiClient) {
  const { itemRefs } = await createOrder(baseURL, [
    { orderable: { apostille_copies: 1, apostille_country: 'ES' } },
    { orderable: { apostille_copies: 2, apostille_country: 'FR' } },
  ]);
  await assignItems(admin, itemRefs, await ordererId(admin, 'alice@demo.test'));
  for (const ref of itemRefs) {
    await alice.post(`order_items/${ref}/gro_order_placed`, {
      gro: { reference: `GRO-${ref}`, destination: 'office_apostille', service: 'standard' },
    });
    await alice.post(`order_items/${ref}/received_from_gro`);
  }
  return itemRefs;
}

test.describe('my queue and FCO batches', () => {
  test('place an FCO order from my queue, despatch the batch, then mark it received', async ({
    page,
    baseURL,
  }) => {
    test.slow(); // a batch's whole life over three screens, with two axe scans
    const admin = await apiAs(baseURL ?? '', 'admin@demo.test');
    const alice = await apiAs(baseURL ?? '', 'alice@demo.test');
    const refs = await apostilleItemsForAlice(baseURL ?? '', admin, alice);
    const fcoReference = `FCO-E2E-${refs[0]}`;

    await signIn(page, 'alice@demo.test');
    await page.getByRole('link', { name: 'My queue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My queue' })).toBeVisible();
    const place = page.getByRole('button', { name: /Place FCO order/ });
    await expect(place).toBeDisabled();
    for (const ref of refs) await page.getByRole('checkbox', { name: `Tick ${ref}` }).check();
    await expect(place).toHaveText('Place FCO order (2)');
    await expectNoSeriousA11yViolations(page);
    // The bulk bar, where the ticking happens, offers it too (the header may be a long list away).
    await page
      .getByRole('region', { name: 'Bulk actions' })
      .getByRole('button', { name: 'FCO order (2)' })
      .click();

    const dialog = page.getByRole('dialog', { name: 'Place FCO order' });
    await expect(dialog.getByText('2 items for the FCO')).toBeVisible();
    await dialog.getByLabel('FCO reference').fill(fcoReference);
    await dialog.getByLabel('FCO cost').fill('60');
    await dialog.getByRole('button', { name: 'Place FCO order' }).click();
    await expect(page.getByText(/FCO order .* placed for 2 item/)).toBeVisible();

    const ready = page.getByRole('table', { name: 'FCO batches ready for despatch' });
    const batchRow = ready.getByRole('row').filter({ hasText: fcoReference });
    await expect(batchRow).toBeVisible();
    await expect(batchRow).toContainText('£60.00');
    // The items are in the batch now: ticked again (for a bulk action), they no longer count for the FCO.
    await page.getByRole('checkbox', { name: `Tick ${refs[0]}` }).check();
    await expect(place).toHaveText('Place FCO order');
    await expect(place).toBeDisabled();
    await page.getByRole('button', { name: 'Clear selection' }).click();

    await batchRow.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: /FCO batch/ })).toBeVisible();
    await expect(page.getByText('Ready to despatch')).toBeVisible();
    await expect(page.getByLabel('Despatched on')).toHaveValue(todayInLondon());
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/screens/fco-batch.png' });
    await page.getByLabel('Postage cost').fill('6.50');
    await page.getByLabel('Tracking reference').fill('RM 1234 5678 GB');
    await page.getByRole('button', { name: 'Despatch batch' }).click();

    await expect(page).toHaveURL(/\/my-queue$/);
    const withFco = page.getByRole('table', { name: 'FCO batches with the FCO' });
    await withFco.getByRole('row').filter({ hasText: fcoReference }).getByRole('link').click();
    // The batch page first: until it replaces My queue, that page's "With the FCO" heading and badges match too.
    await expect(page.getByRole('heading', { level: 1, name: /FCO batch/ })).toBeVisible();
    await expect(page.getByText('With the FCO')).toBeVisible();
    await expect(page.getByText('RM 1234 5678 GB')).toBeVisible();
    await page.getByRole('button', { name: 'Mark received' }).click();
    await page
      .getByRole('dialog', { name: 'Mark the batch received?' })
      .getByRole('button', { name: 'Mark received' })
      .click();
    await expect(page).toHaveURL(/\/my-queue$/);
    await expect(page.getByRole('table', { name: 'FCO batches with the FCO' })).not.toContainText(
      fcoReference,
    );

    for (const ref of refs) {
      const { order_item } = await alice.get<{ order_item: { current_state: string } }>(`order_items/${ref}`);
      expect(order_item.current_state).not.toMatch(/apostille|fco/);
    }
    await admin.dispose();
    await alice.dispose();
  });

  test('an FCO order needs a reference and a cost', async ({ page, baseURL }) => {
    const admin = await apiAs(baseURL ?? '', 'admin@demo.test');
    const alice = await apiAs(baseURL ?? '', 'alice@demo.test');
    const [ref] = await apostilleItemsForAlice(baseURL ?? '', admin, alice);
    await signIn(page, 'alice@demo.test');
    await page.goto('/my-queue');
    await page.getByRole('checkbox', { name: `Tick ${ref}` }).check();
    await page.getByRole('button', { name: /Place FCO order/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Place FCO order' });
    const submit = dialog.getByRole('button', { name: 'Place FCO order' });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('FCO reference').fill('FCO-ONLY-REF');
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('FCO cost').fill('30');
    await expect(submit).toBeEnabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('checkbox', { name: `Tick ${ref}` })).toBeChecked();
    await admin.dispose();
    await alice.dispose();
  });
});

test.describe('work queues', () => {
  test('an admin opens an orderer’s queue and reassigns an item to another orderer', async ({
    page,
    baseURL,
  }) => {
    const admin = await apiAs(baseURL ?? '', 'admin@demo.test');
    const aliceId = await ordererId(admin, 'alice@demo.test');
    const { itemRefs } = await createOrder(baseURL ?? '', [{}], {
      name: 'Rita Reassign',
      email: 'rita@example.com',
    });
    await assignItems(admin, itemRefs, aliceId);
    const [ref] = itemRefs;

    await signIn(page);
    await page.goto(`/work-queues/${aliceId}`);
    await expect(page.getByRole('heading', { level: 1, name: /Work queue: Alice/ })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Item counts' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: ref });
    await expect(row).toContainText('Rita Reassign');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/screens/work-queue.png' });

    await row.getByRole('button', { name: `Reassign ${ref}` }).click();
    const dialog = page.getByRole('dialog', { name: `Reassign ${ref}` });
    await dialog.getByLabel('New orderer').click();
    await page.getByRole('option', { name: /Bob/ }).click();
    await dialog.getByRole('button', { name: 'Reassign' }).click();
    await expect(page.getByText(`${ref} reassigned to Bob`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: ref })).toHaveCount(0);
    const { order_item } = await admin.get<{ order_item: { user: { name: string } } }>(`order_items/${ref}`);
    expect(order_item.user.name).toMatch(/Bob/);
    await admin.dispose();
  });

  test('an orderer’s queue shows the FCO batch an admin placed for their items', async ({
    page,
    baseURL,
  }) => {
    const admin = await apiAs(baseURL ?? '', 'admin@demo.test');
    const alice = await apiAs(baseURL ?? '', 'alice@demo.test');
    const refs = await apostilleItemsForAlice(baseURL ?? '', admin, alice);
    const ids = await Promise.all(
      refs.map(
        async (ref) => (await admin.get<{ order_item: { id: number } }>(`order_items/${ref}`)).order_item.id,
      ),
    );
    const fcoReference = `FCO-ADMIN-${refs[0]}`;
    await admin.post('fco_batches', {
      order_item_ids: ids,
      fco_batch: { fco_reference: fcoReference, fco_cost: 3000 },
    });

    await signIn(page);
    await page.goto(`/work-queues/${await ordererId(admin, 'alice@demo.test')}`);
    const batches = page.getByRole('table', { name: 'FCO batches to despatch' });
    await expect(batches.getByRole('row').filter({ hasText: fcoReference })).toBeVisible();
    await page.goto(`/work-queues/${await ordererId(admin, 'bob@demo.test')}`);
    await expect(page.getByRole('heading', { level: 1, name: /Work queue: Bob/ })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: fcoReference })).toHaveCount(0);
    await admin.dispose();
    await alice.dispose();
  });

  test('an orderer sees a colleague’s queue without reassign buttons; the filter narrows the list', async ({
    page,
    baseURL,
  }) => {
    const admin = await apiAs(baseURL ?? '', 'admin@demo.test');
    const bobId = await ordererId(admin, 'bob@demo.test');
    await admin.dispose();
    await signIn(page, 'alice@demo.test');
    await page.goto(`/work-queues/${bobId}`);
    await expect(page.getByRole('heading', { level: 1, name: /Work queue: Bob/ })).toBeVisible();
    const table = page.getByRole('table', { name: /Order items of Bob/ });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Reassign/ })).toHaveCount(0);
    // The server sorts; the view is kept in the URL, so a reload shows the same order.
    await table.getByRole('button', { name: 'Net value' }).click();
    // The second click toggles the direction the page shows, so it waits for the first to be rendered (a
    // longer queue renders later, and a click before that repeated "ascending").
    await expect(table.getByRole('columnheader', { name: 'Net value' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await table.getByRole('button', { name: 'Net value' }).click();
    await expect(page).toHaveURL(/sort=value&dir=desc/);
    const values = async () =>
      // The 7th cell: after the tick box, ref, type, state, customer and despatch-by.
      (await table.locator('tbody tr td:nth-child(7)').allTextContents()).map((t) =>
        Number(t.replace(/[£,]/g, '')),
      );
    await expect
      .poll(async () => {
        const v = await values();
        return v.length > 1 && v[0] >= v[v.length - 1];
      })
      .toBe(true);
    await page.reload();
    await expect(table.getByRole('columnheader', { name: 'Net value' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await page.getByLabel(/Filter order items/).fill('zzzz-no-such-thing');
    await expect(table).toContainText('No item matches the filter.');
    await expect(page).toHaveURL(/q=zzzz-no-such-thing/);
  });
});

test.describe('live updates', () => {
  test('an item assigned by an admin appears in the orderer’s open queue without a reload', async ({
    page,
    baseURL,
  }) => {
    const admin = await apiAs(baseURL ?? '', 'admin@demo.test');
    const { itemRefs } = await createOrder(baseURL ?? '', [{}], {
      name: 'Lena Live',
      email: 'lena@example.com',
    });
    // The stream opens with the app shell; wait for it so the assignment below is not missed.
    const streamOpen = page.waitForResponse((r) => r.url().includes('/api/v1/events'));
    await signIn(page, 'bob@demo.test');
    expect((await streamOpen).status()).toBe(200);
    await page.getByRole('link', { name: 'My queue' }).click();
    const table = page.getByRole('table', { name: 'My order items' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(table).not.toContainText(itemRefs[0]);
    await assignItems(admin, itemRefs, await ordererId(admin, 'bob@demo.test'));
    await expect(table.getByRole('row').filter({ hasText: itemRefs[0] })).toContainText('Lena Live');
    await admin.dispose();
  });
});
