// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { stubApi } from '../../test/fetch';
import {
  articlesQuery,
  FieldSaveError,
  faqCategoriesQuery,
  fieldErrorsOf,
  referenceQuery,
  saveChangedFields,
} from './admin-api';

afterEach(() => vi.unstubAllGlobals());

describe('admin queries', () => {
  it('answer the list under its own name', async () => {
    const registry = { id: 1, name: 'GRO', details: '' };
    stubApi({
      '/api/v1/registries.json': { registries: [registry] },
      '/api/v1/articles.json': { articles: [] },
      '/api/v1/faq_categories.json': { faq_categories: [] },
    });
    const client = new QueryClient();
    expect(await client.fetchQuery(referenceQuery('registries'))).toEqual([registry]);
    expect(await client.fetchQuery(articlesQuery)).toEqual([]);
    expect(await client.fetchQuery(faqCategoriesQuery)).toEqual([]);
  });
});

describe('fieldErrorsOf', () => {
  const fields = ['question', 'answer'];

  it('puts [{field, message}] details at the field named by the last part of the path', () => {
    const error = new ApiError(422, 'invalid_input', 'Check the form.', [
      { field: 'faq.question', message: 'Enter the question.' },
      { field: 'faq.question', message: 'Later message.' },
      { field: 'faq.position', message: 'Not a field of this form.' },
      'garbage',
    ]);
    expect(fieldErrorsOf(error, fields)).toEqual({ question: 'Enter the question.' });
  });

  it('reads a map of details too', () => {
    const error = new ApiError(422, 'invalid_input', 'Check the form.', { answer: 'Enter the answer.' });
    expect(fieldErrorsOf(error, fields)).toEqual({ answer: 'Enter the answer.' });
  });

  it('puts an error that names no field on the fallback field, so it shows where the user typed', () => {
    const error = new ApiError(409, 'conflict', 'A registry of that name exists.');
    expect(fieldErrorsOf(error, fields)).toEqual({});
    expect(fieldErrorsOf(error, fields, 'answer')).toEqual({ answer: 'A registry of that name exists.' });
    expect(fieldErrorsOf('odd', fields, 'answer')).toEqual({ answer: 'Could not save this field.' });
  });
});

describe('saveChangedFields', () => {
  const original = { name: 'GRO', details: 'old', url: 'a' };

  it('PUTs each changed field in the order given, and answers the last response', async () => {
    const put = vi.fn(async (field: string, value: unknown) => ({ field, value }));
    const saved: unknown[] = [];
    const result = await saveChangedFields(
      original,
      { name: 'GRO 2', details: 'old', url: 'b' },
      ['url', 'details', 'name'],
      put,
      (r) => saved.push(r),
    );
    expect(put.mock.calls).toEqual([
      ['url', 'b'],
      ['name', 'GRO 2'],
    ]);
    expect(saved).toHaveLength(2);
    expect(result).toEqual({ field: 'name', value: 'GRO 2' });
  });

  it('answers null and calls nothing when nothing changed', async () => {
    const put = vi.fn();
    expect(await saveChangedFields(original, { ...original }, ['name', 'details'], put)).toBeNull();
    expect(put).not.toHaveBeenCalled();
  });

  it('stops at the first failure, with its message at that field', async () => {
    const put = vi.fn(async (field: string) => {
      if (field === 'details') throw new ApiError(500, 'http_500', 'Server trouble.');
      return field;
    });
    const error = await saveChangedFields(
      original,
      { name: 'New', details: 'new', url: 'c' },
      ['name', 'details', 'url'],
      put,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FieldSaveError);
    expect((error as FieldSaveError).errors).toEqual({ details: 'Server trouble.' });
    expect((error as FieldSaveError).message).toBe('Server trouble.');
    expect(put).toHaveBeenCalledTimes(2);
  });
});
