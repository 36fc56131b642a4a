// @vitest-environment happy-dom
import { MantineProvider, TextInput } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderItemDetail } from '../../../domain/contract/order-item';
import { CancelRefundSchema, GroOrderPlacedSchema } from '../../../domain/contract/order-item-actions';
import { validateForm } from '../../components/form';
import { MONEY_HINT, MoneyInput, moneyOf, typedMoney } from '../../components/money-input';
import { DraftProvider } from './drafts';
import { ConfirmDialog, FormFooter, PanelForm, usePanelForm } from './form-kit';
import { OrderItemProvider, useAction } from './panel-kit';

/** A form built with the kit the way every panel is: text, an amount, the shared schema of its request. */
function GroOrderForm() {
  const form = usePanelForm({
    draftKey: 'gro_order',
    initial: { reference: '', cost: moneyOf(925) },
    action: useAction('gro_order_placed', (ref) => `GRO order recorded for ${ref}.`),
    schema: GroOrderPlacedSchema,
    body: (v) => ({
      gro: { reference: v.reference, destination: 'customer', service: 'standard', cost: v.cost.pence },
    }),
  });
  return (
    <PanelForm form={form} intro="Record the GRO order.">
      <TextInput label="GRO reference" {...form.field('reference')} />
      <MoneyInput label="Cost" {...form.field('cost')} />
      <FormFooter form={form} submit="Place GRO order" />
    </PanelForm>
  );
}

/** A money-moving form: it asks first. */
function RefundForm() {
  const form = usePanelForm({
    draftKey: 'refund',
    initial: { amount: moneyOf(null) },
    action: useAction('cancel_refund', (ref) => `Refunded ${ref}.`),
    schema: CancelRefundSchema,
    body: (v) => ({
      cancel_refund: { action: 'refund_only', reason: 'customer_request', amount: v.amount.pence },
    }),
    confirm: (v) => `Refund ${v.amount.text}?`,
  });
  return (
    <PanelForm form={form}>
      <MoneyInput label="Refund amount" {...form.field('amount')} />
      <FormFooter form={form} submit="Continue…" />
      <ConfirmDialog form={form} title="Confirm refund" note="The customer is e-mailed." />
    </PanelForm>
  );
}

const item = (lockVersion: number) =>
  ({ id: 1, ref: '100234-2', lock_version: lockVersion }) as unknown as OrderItemDetail;
const user = {
  id: 1,
  name: 'Ada Admin',
  email: 'admin@demo.test',
  role: 'admin' as const,
  is_orderer: false,
};

function Page({ lockVersion, children }: { lockVersion: number; children: ReactNode }) {
  return (
    <OrderItemProvider value={{ item: item(lockVersion), pageKey: '100234-2', user, canWork: true }}>
      {children}
    </OrderItemProvider>
  );
}

/** The order page around a form: one draft store, one query client, as order-page.tsx sets them up. */
function renderPage(form: ReactNode, lockVersion = 7) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrap = (lock: number, content: ReactNode) => (
    <MantineProvider>
      <QueryClientProvider client={client}>
        <DraftProvider>
          <Page lockVersion={lock}>{content}</Page>
        </DraftProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
  const view = render(wrap(lockVersion, form));
  return { ...view, reload: (lock: number, content: ReactNode = form) => view.rerender(wrap(lock, content)) };
}

interface Sent {
  url: string;
  body: Record<string, unknown>;
}

/** Answers every call with `answer`; a pending promise keeps the call under way. */
function stubFetch(answer: () => Promise<Response>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return answer();
    }),
  );
  return sent;
}

const stale = () =>
  Promise.resolve(
    new Response(
      JSON.stringify({ error: { code: 'stale', message: 'The item was changed by someone else.' } }),
      {
        status: 409,
        headers: { 'Content-Type': 'application/json' },
      },
    ),
  );

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const settle = () => act(async () => {});

describe('validateForm', () => {
  const body = (reference: string, cost: number | null) => ({
    gro: { reference, destination: 'customer', service: 'standard', cost },
  });

  it("puts the shared schema's messages on the fields they belong to", () => {
    expect(validateForm({ reference: '' }, body('', null), GroOrderPlacedSchema)).toEqual({
      reference: 'Enter the GRO reference.',
    });
    expect(validateForm({ reference: 'GRO-1' }, body('GRO-1', null), GroOrderPlacedSchema)).toEqual({});
  });

  it('asks for pounds when an amount is not one, or is missing where the schema needs one', () => {
    const notAmount = typedMoney('twelve');
    expect(validateForm({ cost: notAmount }, body('GRO-1', null), GroOrderPlacedSchema)).toEqual({
      cost: MONEY_HINT,
    });
    const refund = { cancel_refund: { action: 'cancel', reason: 'customer_request', amount: Number.NaN } };
    expect(validateForm({ amount: moneyOf(null) }, refund, CancelRefundSchema)).toEqual({
      amount: MONEY_HINT,
    });
  });

  it("lets the panel's own rules win over the schema's, and clear a field that is not asked for", () => {
    const found = validateForm({ reference: '' }, body('', null), GroOrderPlacedSchema, () => ({
      reference: 'Not that one.',
      cost: undefined,
    }));
    expect(found).toEqual({ reference: 'Not that one.' });
    const leftover = { reference: 'GRO-1', cost: typedMoney('abc') };
    expect(validateForm(leftover, body('GRO-1', null), GroOrderPlacedSchema, () => ({ cost: null }))).toEqual(
      {},
    );
  });
});

describe('money', () => {
  it('shows pence as pounds and reads pounds typed as pence', () => {
    expect(moneyOf(925)).toEqual({ pence: 925, text: '9.25', typed: false });
    expect(typedMoney('£1,234.5')).toEqual({ pence: 123450, text: '£1,234.5', typed: true });
    expect(typedMoney('12.').pence).toBeNull();
    expect(typedMoney('  ').pence).toBeNull();
  });
});

describe('usePanelForm', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn());
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the zod schema's message on the field and sends nothing", async () => {
    const sent = stubFetch(stale);
    renderPage(<GroOrderForm />);
    submit('Place GRO order');
    await settle();
    expect(screen.getByText('Enter the GRO reference.')).toBeTruthy();
    expect(screen.getByLabelText('GRO reference').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(0);
  });

  it('takes the amount in pounds and sends pence, with the lock the user started from', async () => {
    const sent = stubFetch(stale);
    renderPage(<GroOrderForm />);
    expect((screen.getByLabelText('Cost') as HTMLInputElement).value).toBe('9.25');
    type('GRO reference', 'GRO-1');
    type('Cost', '12.5');
    submit('Place GRO order');
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('/api/v1/order_items/100234-2/gro_order_placed.json');
    expect(sent[0].body).toMatchObject({ gro: { reference: 'GRO-1', cost: 1250 }, lock_version: 7 });
  });

  it('refuses text that is not an amount with the money hint', async () => {
    const sent = stubFetch(stale);
    renderPage(<GroOrderForm />);
    type('GRO reference', 'GRO-1');
    type('Cost', '12,50');
    submit('Place GRO order');
    await settle();
    expect(screen.getByText(MONEY_HINT)).toBeTruthy();
    expect((screen.getByLabelText('Cost') as HTMLInputElement).value).toBe('12,50');
    expect(sent).toHaveLength(0);
  });

  it('ignores a submit while one is saving, and disables the button', async () => {
    let answer: (response: Response) => void = () => {};
    const sent = stubFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    renderPage(<GroOrderForm />);
    type('GRO reference', 'GRO-1');
    const form = screen.getByRole('button', { name: 'Place GRO order' }).closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await settle();
    expect(screen.getByRole('button', { name: 'Place GRO order' }).hasAttribute('disabled')).toBe(true);
    fireEvent.submit(form);
    await settle();
    expect(sent).toHaveLength(1);
    answer(await stale());
    await settle();
    expect(screen.getByRole('button', { name: 'Place GRO order' }).hasAttribute('disabled')).toBe(false);
  });

  it('keeps what the user typed after a conflict and works from the reloaded item next time', async () => {
    const sent = stubFetch(stale);
    const page = renderPage(<GroOrderForm />);
    type('GRO reference', 'GRO-1');
    type('Cost', '12.50');
    // Someone else changes the item while the user types: the draft survives the reload.
    page.reload(8);
    expect((screen.getByLabelText('GRO reference') as HTMLInputElement).value).toBe('GRO-1');
    submit('Place GRO order');
    await settle();
    expect(sent[0].body.lock_version).toBe(7);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Someone else changed this order item');
    expect(alert.textContent).toContain('What you typed is still here.');
    expect((screen.getByLabelText('GRO reference') as HTMLInputElement).value).toBe('GRO-1');
    expect((screen.getByLabelText('Cost') as HTMLInputElement).value).toBe('12.50');
    // The draft is rebased: the next submit sends the reloaded item's lock_version.
    submit('Place GRO order');
    await settle();
    expect(sent[1].body).toMatchObject({ gro: { reference: 'GRO-1', cost: 1250 }, lock_version: 8 });
  });

  it('keeps the draft when the panel unmounts and comes back', async () => {
    const page = renderPage(<GroOrderForm />);
    type('GRO reference', 'GRO-2');
    type('Cost', '3');
    page.reload(7, <p>another tab</p>);
    page.reload(7, <GroOrderForm />);
    expect((screen.getByLabelText('GRO reference') as HTMLInputElement).value).toBe('GRO-2');
    expect((screen.getByLabelText('Cost') as HTMLInputElement).value).toBe('3');
  });

  it('asks before a money-moving call and sends only once confirmed', async () => {
    const sent = stubFetch(stale);
    renderPage(<RefundForm />);
    type('Refund amount', '5');
    submit('Continue…');
    await settle();
    expect(screen.getByText('Refund 5?')).toBeTruthy();
    expect(sent).toHaveLength(0);
    submit('Confirm');
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({ cancel_refund: { amount: 500 } });
  });
});
