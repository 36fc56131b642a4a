// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type KeyboardEvent, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateFaqSchema, type FaqCategory } from '../../../domain/contract/reference';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { stubApi } from '../../test/fetch';
import { useFaqDelete, useFaqReorder, useRefetchFaqList, useStoreFaq, useStoreFaqCategory } from './faq-api';
import { useAddForm } from './use-add-form';
import { useRowEditor } from './use-row-editor';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notifySuccess: notify.success, notifyError: notify.error }));

afterEach(() => {
  vi.unstubAllGlobals();
  notify.success.mockClear();
  notify.error.mockClear();
});

function withClient(client = new QueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, children);
  return { client, wrapper };
}

const categories = (): FaqCategory[] => [
  {
    id: 1,
    site: 'ukds',
    title: 'Ordering',
    position: 1,
    faqs: [
      { id: 10, question: 'How?', answer: 'Online.', position: 1 },
      { id: 11, question: 'When?', answer: 'Now.', position: 2 },
    ],
  },
  { id: 2, site: 'ukds', title: 'Delivery', position: 2, faqs: [] },
];

describe('FAQ cache updates', () => {
  it('put an edited FAQ or category in its place, leaving the rest', () => {
    const { client, wrapper } = withClient();
    client.setQueryData(queryKeys.faq.categories, categories());
    const { result } = renderHook(() => ({ faq: useStoreFaq(), category: useStoreFaqCategory() }), {
      wrapper,
    });
    act(() => {
      result.current.faq({ faq: { id: 11, question: 'When exactly?', answer: 'Now.', position: 2 } });
      result.current.category({ faq_category: { ...categories()[1], title: 'Shipping' } });
    });
    const cached = client.getQueryData<FaqCategory[]>(queryKeys.faq.categories);
    expect(cached?.[0].faqs.map((f) => f.question)).toEqual(['How?', 'When exactly?']);
    expect(cached?.map((c) => c.title)).toEqual(['Ordering', 'Shipping']);
  });

  it('refetch the list after an add', async () => {
    const { client, wrapper } = withClient();
    client.setQueryData(queryKeys.faq.categories, categories());
    const { result } = renderHook(() => useRefetchFaqList(), { wrapper });
    await act(() => result.current());
    expect(client.getQueryState(queryKeys.faq.categories)?.isInvalidated).toBe(true);
  });

  it('a reorder or delete stores the whole ordered list it answers; a failed reorder restores and says so', async () => {
    const reordered = { faq_categories: [...categories()].reverse() };
    const requests = stubApi({
      '/api/v1/faq_categories/order.json': reordered,
      '/api/v1/faqs/10.json': { faq_categories: [] },
    });
    const { client, wrapper } = withClient();
    client.setQueryData(queryKeys.faq.categories, categories());
    const { result } = renderHook(
      () => ({ reorder: useFaqReorder(), remove: useFaqDelete('faqs'), reorderFaqs: useFaqReorder(1) }),
      { wrapper },
    );
    await act(() => result.current.reorder.mutateAsync([2, 1]));
    expect(client.getQueryData<FaqCategory[]>(queryKeys.faq.categories)?.map((c) => c.id)).toEqual([2, 1]);
    expect(requests.at(-1)).toMatchObject({ method: 'PUT', body: { ids: [2, 1] } });

    // A refused reorder (here the server does not know the route) puts the cached order back.
    client.setQueryData(queryKeys.faq.categories, categories());
    await act(async () => {
      await result.current.reorderFaqs.mutateAsync([11, 10]).catch(() => {});
    });
    expect(notify.error).toHaveBeenCalledWith(expect.any(ApiError), 'Could not reorder the FAQs');
    expect(client.getQueryData<FaqCategory[]>(queryKeys.faq.categories)?.[0].faqs.map((f) => f.id)).toEqual([
      10, 11,
    ]);

    await act(() => result.current.remove.mutateAsync(10));
    expect(client.getQueryData(queryKeys.faq.categories)).toEqual([]);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'PUT /api/v1/faq_categories/order.json',
      'PUT /api/v1/faq_categories/1/faqs/order.json',
      'DELETE /api/v1/faqs/10.json',
    ]);
  });
});

describe('useAddForm', () => {
  const setup = (create: (draft: { question: string; answer: string }) => Promise<string>) => {
    const onCreated = vi.fn();
    const { wrapper } = withClient();
    const hook = renderHook(
      () =>
        useAddForm({
          initial: { question: '', answer: '' },
          fields: ['question', 'answer'],
          schema: CreateFaqSchema,
          create,
          onCreated,
          successMessage: (d) => `Added “${d.question}”.`,
          what: 'FAQ',
        }),
      { wrapper },
    );
    return { hook, onCreated };
  };

  it('checks the draft with the shared schema before any call, and clears a field error on typing', () => {
    const create = vi.fn(async () => 'ok');
    const { hook } = setup(create);
    act(() => hook.result.current.submit());
    expect(hook.result.current.errors).toEqual({
      question: 'Enter the question.',
      answer: 'Enter the answer.',
    });
    act(() => hook.result.current.setField('question', 'How long?'));
    expect(hook.result.current.errors).toEqual({ answer: 'Enter the answer.' });
    expect(hook.result.current.draft.question).toBe('How long?');
    expect(create).not.toHaveBeenCalled();
  });

  it('creates, hands the answer on and confirms', async () => {
    const { hook, onCreated } = setup(async () => 'created');
    act(() => {
      hook.result.current.setField('question', 'How long?');
      hook.result.current.setField('answer', 'Ten days.');
    });
    act(() => hook.result.current.submit());
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Added “How long?”.'));
    expect(onCreated).toHaveBeenCalledWith('created', { question: 'How long?', answer: 'Ten days.' });
  });

  it('shows the server field errors at their fields and keeps the draft; other failures as a toast', async () => {
    let failure: Error = new ApiError(422, 'invalid_input', 'Check.', [
      { field: 'faq.question', message: 'Already asked.' },
    ]);
    const { hook } = setup(async () => {
      throw failure;
    });
    act(() => {
      hook.result.current.setField('question', 'How?');
      hook.result.current.setField('answer', 'Online.');
    });
    act(() => hook.result.current.submit());
    await waitFor(() => expect(hook.result.current.errors).toEqual({ question: 'Already asked.' }));
    expect(hook.result.current.draft).toEqual({ question: 'How?', answer: 'Online.' });
    expect(notify.error).not.toHaveBeenCalled();

    failure = new Error('Offline');
    act(() => hook.result.current.submit());
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(failure, 'Could not add the FAQ'));
  });
});

describe('useRowEditor', () => {
  const values = { question: 'How?', answer: 'Online.' };
  const setup = (put: (field: string, value: string) => Promise<string>) => {
    const onSaved = vi.fn();
    const { wrapper } = withClient();
    const hook = renderHook(
      () =>
        useRowEditor({
          values,
          fields: ['question', 'answer'],
          schema: CreateFaqSchema,
          put,
          onSaved,
          what: 'FAQ',
        }),
      { wrapper },
    );
    return { hook, onSaved };
  };
  const key = (init: Partial<KeyboardEvent> & { key: string }) => {
    const event = {
      defaultPrevented: false,
      ctrlKey: false,
      metaKey: false,
      target: null,
      preventDefault: vi.fn(),
      stopPropagation: vi.fn(),
      ...init,
    };
    return event as unknown as KeyboardEvent;
  };

  it('starts from the row values, checks the draft and saves only what changed', async () => {
    const put = vi.fn(async (field: string, value: string) => `${field}=${value}`);
    const { hook, onSaved } = setup(put);
    act(() => hook.result.current.start());
    expect(hook.result.current.editing).toBe(true);
    act(() => hook.result.current.setField('answer', ''));
    act(() => hook.result.current.submit());
    expect(hook.result.current.errors).toEqual({ answer: 'Enter the answer.' });
    act(() => hook.result.current.setField('answer', 'By post.'));
    expect(hook.result.current.errors).toEqual({});
    act(() => hook.result.current.submit());
    await waitFor(() => expect(hook.result.current.editing).toBe(false));
    expect(put.mock.calls).toEqual([['answer', 'By post.']]);
    expect(onSaved).toHaveBeenCalledWith('answer=By post.');
    expect(notify.success).toHaveBeenCalledWith('Saved the FAQ.');
  });

  it('closes without a call or a message when nothing changed', async () => {
    const put = vi.fn(async () => 'x');
    const { hook } = setup(put);
    act(() => hook.result.current.start());
    act(() => hook.result.current.submit());
    await waitFor(() => expect(hook.result.current.editing).toBe(false));
    expect(put).not.toHaveBeenCalled();
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('keeps editing with the failure at its field', async () => {
    const { hook } = setup(async () => {
      throw new ApiError(422, 'invalid_input', 'Check.', [{ field: 'question', message: 'Too long.' }]);
    });
    act(() => hook.result.current.start());
    act(() => hook.result.current.setField('question', 'Why?'));
    act(() => hook.result.current.submit());
    await waitFor(() => expect(hook.result.current.errors).toEqual({ question: 'Too long.' }));
    expect(hook.result.current.editing).toBe(true);
    expect(hook.result.current.draft.question).toBe('Why?');
  });

  it('Escape cancels, Enter in a one-line field or Ctrl+Enter saves, a key a dropdown took is left alone', () => {
    const put = vi.fn(async () => 'x');
    const { hook } = setup(put);
    act(() => hook.result.current.start());
    const escapeKey = key({ key: 'Escape' });
    act(() => hook.result.current.onKeyDown(escapeKey));
    expect(hook.result.current.editing).toBe(false);
    expect(escapeKey.stopPropagation).toHaveBeenCalled();

    act(() => hook.result.current.start());
    act(() => hook.result.current.onKeyDown(key({ key: 'Escape', defaultPrevented: true })));
    expect(hook.result.current.editing).toBe(true);

    act(() => hook.result.current.setField('question', ''));
    const inTextarea = key({ key: 'Enter', target: document.createElement('textarea') });
    act(() => hook.result.current.onKeyDown(inTextarea));
    expect(inTextarea.preventDefault).not.toHaveBeenCalled();
    expect(hook.result.current.errors).toEqual({});

    const ctrlEnter = key({ key: 'Enter', ctrlKey: true });
    act(() => hook.result.current.onKeyDown(ctrlEnter));
    expect(ctrlEnter.preventDefault).toHaveBeenCalled();
    expect(hook.result.current.errors).toEqual({ question: 'Enter the question.' });

    act(() => hook.result.current.setField('question', 'Q'));
    act(() => hook.result.current.onKeyDown(key({ key: 'Enter', target: document.createElement('input') })));
    expect(hook.result.current.errors).toEqual({});
  });
});
