/**
 * Finds the item a typed ref opens, for the command palette and the header search: one quick search for the
 * ref (the server ranks exact refs first, then the order's items), then palette-model's pick. It reads only
 * the refs of the answer, so the shell does not load the full order-item schema (a lazy chunk) to do it.
 */
import { z } from 'zod';
import type { SearchResults, SimpleSearch } from '../../domain/contract/search';
import { api } from '../api/client';
import { type ParsedRef, pickItemForRef } from './palette-model';

/** The quick search's answer as far as a lookup reads it; extra fields are ignored. */
const RefsOnlySchema = z.object({ results: z.array(z.object({ ref: z.string() })) });

// The slim schema must stay a view of the contract's answer: this line stops compiling if the two part.
type RefsOnly = z.infer<typeof RefsOnlySchema>;
const _isViewOfContract = (answer: SearchResults): RefsOnly => answer;
void _isViewOfContract;

/** The ref of the item the parsed ref opens, or null when there is no such item or order. */
export async function lookUpRef(parsed: ParsedRef, signal?: AbortSignal): Promise<string | null> {
  const body: SimpleSearch = { search: { query: parsed.ref } };
  const answer = await api.post('search/simple', body, RefsOnlySchema, { signal });
  return pickItemForRef(parsed, answer.results)?.ref ?? null;
}
