// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CreateArticleSchema, CreateFaqSchema } from '../../domain/contract/reference';
import { ApiError } from '../api/client';
import { ArticleFormSchema } from '../routes/admin/admin-api';
import { serverMessages, useForm, validateForm } from './form';
import { MONEY_HINT, typedMoney } from './money-input';

// The cases of the admin tabs' former schemaErrors: the kit checks a form's values with the shared schema.
describe('validateForm with the values as the request', () => {
  it('is empty for values the shared schema accepts', () => {
    const values = {
      title: 'Apostilles',
      certificate_type: 'birth',
      content: 'How it works',
      category_id: 3,
      site: 'ukds',
    };
    expect(validateForm(values, values, CreateArticleSchema)).toEqual({});
    // The form holds the picked category as the picker's string, and asks for one when none is picked.
    const picked = { ...values, category_id: '3' };
    expect(validateForm(picked, picked, ArticleFormSchema)).toEqual({});
    const none = { ...values, category_id: '' };
    expect(validateForm(none, none, ArticleFormSchema)).toEqual({ category_id: 'Choose a category.' });
  });

  it('gives the first message per field', () => {
    const values = { title: '', certificate_type: '', content: 'x' };
    const errors = validateForm(values, values, CreateArticleSchema);
    expect(errors.title).toBe('Enter a title.');
    expect(errors.certificate_type).toBe('Choose a certificate type.');
    expect(errors.content).toBeUndefined();
  });

  it('checks nothing without a schema but the amounts and the form’s own rules', () => {
    const values = { cost: typedMoney('12,5x'), name: '' };
    expect(
      validateForm(values, values, undefined, (v) => ({ name: v.name ? null : 'Enter a name.' })),
    ).toEqual({ cost: MONEY_HINT, name: 'Enter a name.' });
  });
});

// The cases of the users screen's former userFieldErrors: the server's messages by the field's last name.
describe('serverMessages', () => {
  it('reads [{field, message}] details by the last part of the field, first message wins', () => {
    const error = new ApiError(422, 'invalid_input', 'Check the form.', [
      { field: 'user.email', message: 'Taken.' },
      { field: 'user.email', message: 'Second.' },
      { field: 'user.password', message: 'Too short.' },
      { nonsense: true },
    ]);
    expect(serverMessages(error, ['email', 'name'])).toEqual({ email: 'Taken.' });
  });

  it('reads a map of details too', () => {
    const error = new ApiError(422, 'invalid_input', 'Check the form.', { name: 'Enter a name.' });
    expect(serverMessages(error, ['name'])).toEqual({ name: 'Enter a name.' });
  });

  it('has nothing for other errors', () => {
    expect(serverMessages(new Error('boom'), ['name'])).toEqual({});
  });
});

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return createElement(QueryClientProvider, { client }, children);
}

describe('useForm', () => {
  const setup = (
    send: (body: { faq: { question: string; answer: string } }) => Promise<string>,
    extra: { onFailure?: (error: Error) => Record<string, string> | undefined } = {},
  ) => {
    const onSuccess = vi.fn();
    const hook = renderHook(
      () =>
        useForm({
          initial: { question: '', answer: '' },
          // The request wraps the values; its schema's issues still land on the fields by their last name.
          body: (v) => ({ faq: { question: v.question.trim(), answer: v.answer } }),
          schema: z.object({ faq: CreateFaqSchema }),
          send,
          onSuccess,
          ...extra,
        }),
      { wrapper },
    );
    return { hook, onSuccess };
  };

  it('checks the request, puts the messages on the fields and clears a field’s message when it changes', () => {
    const send = vi.fn(async () => 'ok');
    const hook = renderHook(
      () =>
        useForm({
          initial: { question: '', answer: '' },
          schema: CreateFaqSchema,
          check: (v) => ({ answer: v.answer === 'no' ? 'Say more.' : undefined }),
          send,
        }),
      { wrapper },
    );
    act(() => hook.result.current.submit());
    expect(hook.result.current.errors).toEqual({
      question: 'Enter the question.',
      answer: 'Enter the answer.',
    });
    act(() => hook.result.current.field('question').onChange({ currentTarget: { value: 'How long?' } }));
    expect(hook.result.current.values.question).toBe('How long?');
    expect(hook.result.current.errors).toEqual({ answer: 'Enter the answer.' });
    act(() => hook.result.current.set({ answer: 'no' }));
    act(() => hook.result.current.submit());
    expect(hook.result.current.errors).toEqual({ answer: 'Say more.' });
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the request the values make, once however often it is submitted, and hands the answer on', async () => {
    let answer: (value: string) => void = () => {};
    const send = vi.fn((_body: unknown) => new Promise<string>((resolve) => (answer = resolve)));
    const { hook, onSuccess } = setup(send);
    act(() => hook.result.current.set({ question: ' How long? ', answer: 'Ten days.' }));
    act(() => {
      hook.result.current.submit();
      hook.result.current.submit();
    });
    await waitFor(() => expect(hook.result.current.saving).toBe(true));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0][0]).toEqual({ faq: { question: 'How long?', answer: 'Ten days.' } });
    await act(async () => answer('created'));
    await waitFor(() =>
      expect(onSuccess).toHaveBeenCalledWith('created', { question: ' How long? ', answer: 'Ten days.' }),
    );
    expect(hook.result.current.saving).toBe(false);
  });

  it('puts the server’s messages on their fields, keeps the values, and holds a failure no field explains', async () => {
    let failure: Error = new ApiError(422, 'invalid_input', 'Check.', [
      { field: 'faq.question', message: 'Already asked.' },
    ]);
    const { hook } = setup(async () => {
      throw failure;
    });
    act(() => hook.result.current.set({ question: 'How?', answer: 'Online.' }));
    act(() => hook.result.current.submit());
    await waitFor(() => expect(hook.result.current.errors).toEqual({ question: 'Already asked.' }));
    expect(hook.result.current.failure).toBeNull();
    expect(hook.result.current.values).toEqual({ question: 'How?', answer: 'Online.' });

    failure = new Error('Offline');
    act(() => hook.result.current.submit());
    await waitFor(() => expect(hook.result.current.failure).toBe(failure));
    expect(hook.result.current.errors).toEqual({});
    act(() => hook.result.current.reset());
    expect(hook.result.current.values).toEqual({ question: '', answer: '' });
    expect(hook.result.current.failure).toBeNull();
  });

  it('lets the form place a failure on a field itself', async () => {
    const { hook } = setup(
      async () => {
        throw new ApiError(422, 'invalid_input', 'The answer is too long.');
      },
      { onFailure: (error) => ({ answer: error.message }) },
    );
    act(() => hook.result.current.set({ question: 'How?', answer: 'Online.' }));
    act(() => hook.result.current.submit());
    await waitFor(() => expect(hook.result.current.errors).toEqual({ answer: 'The answer is too long.' }));
    expect(hook.result.current.failure).toBeNull();
  });
});
