// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/query-keys';
import { stubApi } from '../../test/fetch';
import { sendChord } from '../conversation/composer';
import {
  archiveConversation,
  assignConversation,
  inboxQuery,
  snoozeConversation,
  toggleConversation,
} from './inbox-api';

afterEach(() => vi.unstubAllGlobals());

const conversation = {
  id: 7,
  email: 'cass@example.com',
  name: 'Cass',
  subject: 'Hello',
  content: '<p>Hi</p>',
  active: true,
  order_ref: null,
  order_item_ref: null,
  created_at: '2026-11-01T10:00:00.000Z',
  last_message_at: '2026-11-01T10:00:00.000Z',
  assignee: null,
  snoozed_until: null,
  lock_version: 1,
};

describe('the inbox calls', () => {
  it('ask for a folder and page under the conversations key, with the counts', async () => {
    const counts = { inbox: 1, mine: 0, unassigned: 1, snoozed: 0, archived: 3 };
    const requests = stubApi({
      '/api/v1/conversations/inbox.json': {
        folder: 'snoozed',
        counts,
        conversations: [conversation],
        page: 2,
        per_page: 25,
        total_count: 26,
        total_pages: 2,
      },
    });
    const query = inboxQuery('snoozed', 2);
    expect(query.queryKey).toEqual(queryKeys.conversations.inbox({ folder: 'snoozed', page: 2 }));
    expect(query.queryKey[0]).toBe(queryKeys.conversations.all[0]);
    const answer = await new QueryClient().fetchQuery(query);
    expect(answer.counts).toEqual(counts);
    expect(requests.map((r) => r.url)).toEqual(['/api/v1/conversations/inbox.json?folder=snoozed&page=2']);
  });

  it('archive, move back, snooze (a moment or null) and assign with the bodies the server reads', async () => {
    const answer = { conversation };
    const undo = { token: 'u'.repeat(43), expires_at: '2026-11-01T10:00:10.000Z' };
    const requests = stubApi({
      '/api/v1/conversations/7/archive.json': { conversation: { ...conversation, active: false }, undo },
      '/api/v1/conversations/7/toggle.json': answer,
      '/api/v1/conversations/7/snooze.json': answer,
      '/api/v1/conversations/7/assign.json': answer,
    });
    expect((await archiveConversation(7)).undo).toEqual(undo);
    await toggleConversation(7);
    await snoozeConversation(7, new Date('2026-12-01T09:00:00.000Z'));
    await snoozeConversation(7, null);
    await assignConversation(7, 3);
    await assignConversation(7, null);
    expect(requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/api/v1/conversations/7/archive.json', {}],
      ['POST', '/api/v1/conversations/7/toggle.json', {}],
      [
        'POST',
        '/api/v1/conversations/7/snooze.json',
        { conversation: { snoozed_until: '2026-12-01T09:00:00.000Z' } },
      ],
      ['POST', '/api/v1/conversations/7/snooze.json', { conversation: { snoozed_until: null } }],
      ['POST', '/api/v1/conversations/7/assign.json', { conversation: { assignee_id: 3 } }],
      ['POST', '/api/v1/conversations/7/assign.json', { conversation: { assignee_id: null } }],
    ]);
  });
});

describe('the reply chords', () => {
  const key = (over: Partial<KeyboardEvent>) => ({
    key: 'Enter',
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...over,
  });
  it('Ctrl or ⌘+Enter sends, with Shift sends and archives; Enter alone is a new line', () => {
    expect(sendChord(key({ ctrlKey: true }))).toBe('stay');
    expect(sendChord(key({ metaKey: true }))).toBe('stay');
    expect(sendChord(key({ ctrlKey: true, shiftKey: true }))).toBe('archive');
    expect(sendChord(key({}))).toBeNull();
    expect(sendChord(key({ shiftKey: true }))).toBeNull();
    expect(sendChord(key({ ctrlKey: true, altKey: true }))).toBeNull();
    expect(sendChord(key({ key: 'a', ctrlKey: true }))).toBeNull();
  });
});
