/**
 * The bulk bar: sticks to the bottom of the screen while items of a list are ticked and acts on all of them at
 * once: assign to an orderer (admins), flag, unflag, add a note, export as CSV. "Select all N matching" takes
 * every item the list's filter matches (up to the bulk cap), and an action on items the user has not seen on
 * this page is confirmed first, with the count. Afterwards it says what was done and what was refused (each
 * ref and why), refreshes the lists and keeps the refused items ticked.
 */
import { Alert, Button, Group, List, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconDownload, IconFlag, IconFlagOff, IconNote, IconUserCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { BulkAction, BulkRequest, BulkResponse, MatchingIds } from '../../domain/contract/lists';
import { bulkAction, downloadCsv } from '../api/bulk';
import { isApiError } from '../api/client';
import { fetchMatchingIds, type ListScope } from '../api/list-queries';
import { orderersQuery } from '../api/queries';
import { queryKeys } from '../api/query-keys';
import { notifyError } from '../lib/notify';
import {
  BULK_VERBS,
  confirmationText,
  needsConfirmation,
  offerSelectAll,
  outcomeText,
  selectionText,
  stillTicked,
} from './bulk-model';
import { LazyModal } from './lazy-modal';
import type { ListFilterValue } from './list-filter';
import { type ScreenAction, useScreenActions } from './screen-actions';

interface BulkBarProps {
  selected: ReadonlySet<number>;
  onSelectedChange: (next: Set<number>) => void;
  /** The ids of the rows on screen (an action reaching past them is confirmed first). */
  pageIds: readonly number[];
  /** How many items the list's filter matches in all. */
  totalCount: number;
  /** Where "select all matching" looks; without it (search results: all on screen) it is not offered. */
  list?: ListScope;
  filter: ListFilterValue;
  /** Admins may assign. */
  admin: boolean;
  /**
   * The screen's own actions on the ticked items, first in the bar (my queue's FCO order): where the ticking
   * happens, not only in the page's header a long list away.
   */
  leadingActions?: ReactNode;
}

/**
 * The ticked items of a list. A new filter is a new list, so the ticks go (they would act on items no longer
 * shown); paging keeps them, so "select all matching" and ticks on several pages add up.
 */
export function useTicked(filter: ListFilterValue): [Set<number>, (next: Set<number>) => void] {
  const [ticked, setTicked] = useState<Set<number>>(() => new Set());
  const key = JSON.stringify(filter);
  // The filter the ticks were made under, compared while rendering: a new filter clears them in the same
  // render, and the first render is left alone (an effect re-rendered the whole list once on every mount).
  const [tickedUnder, setTickedUnder] = useState(key);
  if (tickedUnder !== key) {
    setTickedUnder(key);
    setTicked(new Set());
  }
  return [ticked, setTicked];
}

/** What waits for the user's go: an action with its options (orderer, note). */
type Pending =
  | { kind: 'assign' | 'note'; confirm: boolean }
  | { kind: 'flag' | 'unflag' | 'export'; confirm: true };

export function BulkBar({
  selected,
  onSelectedChange,
  pageIds,
  totalCount,
  list,
  filter,
  admin,
  leadingActions,
}: BulkBarProps) {
  const queryClient = useQueryClient();
  const [matching, setMatching] = useState<MatchingIds | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [outcome, setOutcome] = useState<{ action: BulkAction; result: BulkResponse } | null>(null);
  const [ordererId, setOrdererId] = useState<string | null>(null);
  /** The orderer was chosen in the command palette: the dialog's focus starts on its button, not the list. */
  const [preselected, setPreselected] = useState(false);
  const [note, setNote] = useState('');
  const orderers = useQuery({ ...orderersQuery, enabled: admin && selected.size > 0 });
  const ids = [...selected];
  // "Select all matching" stays valid only while the selection is what it took.
  const matchingNow = matching && matching.ids.length === selected.size ? matching : null;

  const selectAll = useMutation({
    mutationFn: () => fetchMatchingIds(list ?? { scope: 'dashboard' }, filter),
    onSuccess: (found) => {
      setMatching(found);
      onSelectedChange(new Set(found.ids));
    },
    onError: (error) => notifyError(error, 'Could not select the matching items'),
  });

  const run = useMutation({
    mutationFn: (request: BulkRequest) => bulkAction(request),
    onSuccess: async (result, request) => {
      setOutcome({ action: request.bulk.action, result });
      setPending(null);
      setNote('');
      setMatching(null);
      onSelectedChange(stillTicked(result));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orderItems.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orderers.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.savedViews.all }),
      ]);
    },
  });

  const exportCsv = useMutation({
    mutationFn: () => downloadCsv(ids),
    onSuccess: () => setPending(null),
    onError: (error) => notifyError(error, 'Could not export the items'),
  });

  const start = (kind: Pending['kind'], orderer?: number) => {
    setOutcome(null);
    setPreselected(orderer !== undefined);
    if (orderer !== undefined) setOrdererId(String(orderer));
    run.reset();
    // After "select all matching" (or ticks on other pages) the count is stated before anything runs.
    const confirm = matchingNow !== null || needsConfirmation(selected, pageIds);
    if (kind === 'assign' || kind === 'note') setPending({ kind, confirm });
    else if (confirm) setPending({ kind, confirm: true });
    else if (kind === 'export') exportCsv.mutate();
    else run.mutate({ bulk: { action: kind, order_item_ids: ids } });
  };

  const go = () => {
    if (!pending) return;
    if (pending.kind === 'export') exportCsv.mutate();
    else if (pending.kind === 'assign')
      ordererId &&
        run.mutate({ bulk: { action: 'assign', order_item_ids: ids, orderer_id: Number(ordererId) } });
    else if (pending.kind === 'note')
      note.trim() && run.mutate({ bulk: { action: 'note', order_item_ids: ids, body: note.trim() } });
    else run.mutate({ bulk: { action: pending.kind, order_item_ids: ids } });
  };

  useScreenActions(
    paletteActions({
      count: selected.size,
      admin,
      orderers: orderers.data?.orderers ?? [],
      selectAll: list && offerSelectAll(selected.size, totalCount, matchingNow) ? totalCount : null,
      start,
      selectAllMatching: () => selectAll.mutate(),
      clear: () => {
        setMatching(null);
        onSelectedChange(new Set());
      },
    }),
  );

  const fieldErrors = isApiError(run.error) ? run.error.fieldErrors : {};
  const ready =
    pending?.kind === 'assign' ? ordererId !== null : pending?.kind === 'note' ? note.trim() !== '' : true;

  return (
    <>
      {outcome && (
        <Alert
          color={outcome.result.refused > 0 ? 'orange' : 'green'}
          role="status"
          title={outcomeText(outcome.action, outcome.result)}
          withCloseButton
          closeButtonLabel="Dismiss the result"
          onClose={() => setOutcome(null)}
          data-testid="bulk-outcome"
        >
          {outcome.result.refused > 0 && (
            <>
              <Text size="sm">Refused (still ticked):</Text>
              <List size="sm" spacing={2}>
                {outcome.result.results
                  .filter((r) => r.status === 'refused')
                  .map((r) => (
                    <List.Item key={r.id}>
                      <Text span fw={600} ff="monospace" size="sm">
                        {r.ref ?? `#${r.id}`}
                      </Text>
                      : {r.message ?? 'refused'}
                    </List.Item>
                  ))}
              </List>
            </>
          )}
        </Alert>
      )}
      {selected.size > 0 && (
        <Paper
          withBorder
          shadow="md"
          radius="md"
          px="sm"
          py={8}
          role="region"
          aria-label="Bulk actions"
          style={{ position: 'sticky', bottom: 8, zIndex: 3 }}
        >
          <Group justify="space-between" gap="xs">
            <Group gap="xs">
              <Text size="sm" fw={600} aria-live="polite">
                {selectionText(selected.size, matchingNow)}
              </Text>
              {list && offerSelectAll(selected.size, totalCount, matchingNow) && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  loading={selectAll.isPending}
                  onClick={() => selectAll.mutate()}
                >
                  Select all {totalCount.toLocaleString('en-GB')} matching
                </Button>
              )}
            </Group>
            <Group gap={6}>
              {leadingActions}
              {admin && (
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconUserCheck size={14} aria-hidden />}
                  onClick={() => start('assign')}
                >
                  Assign…
                </Button>
              )}
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconFlag size={14} aria-hidden />}
                onClick={() => start('flag')}
                loading={run.isPending && run.variables?.bulk.action === 'flag' && !pending}
              >
                Flag
              </Button>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconFlagOff size={14} aria-hidden />}
                onClick={() => start('unflag')}
                loading={run.isPending && run.variables?.bulk.action === 'unflag' && !pending}
              >
                Unflag
              </Button>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconNote size={14} aria-hidden />}
                onClick={() => start('note')}
              >
                Add note…
              </Button>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconDownload size={14} aria-hidden />}
                onClick={() => start('export')}
                loading={exportCsv.isPending && !pending}
              >
                Export CSV
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="gray"
                leftSection={<IconX size={14} aria-hidden />}
                onClick={() => {
                  setMatching(null);
                  onSelectedChange(new Set());
                }}
              >
                Clear selection
              </Button>
            </Group>
          </Group>
          {run.isError && !pending && (
            <Text size="sm" c="red.8" role="alert" mt={4}>
              Could not perform the action: {run.error.message}
            </Text>
          )}
        </Paper>
      )}
      <LazyModal
        opened={pending !== null}
        onClose={() => {
          setPending(null);
          run.reset();
        }}
        title={pending ? confirmationText(pending.kind, selected.size) : ''}
      >
        {pending && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              go();
            }}
          >
            <Stack gap="sm">
              {pending.confirm && (
                <Text size="sm">
                  This acts on {selected.size.toLocaleString('en-GB')} item{selected.size === 1 ? '' : 's'},
                  not only those on this page. Each item is checked on its own; any that cannot be changed are
                  listed afterwards.
                </Text>
              )}
              {pending.kind === 'assign' && (
                <Select
                  label="Orderer"
                  placeholder="Choose an orderer"
                  data={(orderers.data?.orderers ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
                  value={ordererId}
                  onChange={setOrdererId}
                  searchable
                  data-autofocus={!preselected || undefined}
                  error={fieldErrors.orderer_id}
                />
              )}
              {pending.kind === 'note' && (
                <Textarea
                  label="Note"
                  description="Added to each item's timeline as a comment."
                  autosize
                  minRows={3}
                  value={note}
                  onChange={(e) => setNote(e.currentTarget.value)}
                  data-autofocus
                  error={fieldErrors.body}
                />
              )}
              {run.isError && (
                <Alert color="red" role="alert" title="ERROR: Could not perform action">
                  {run.error.message}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setPending(null)}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  disabled={!ready}
                  loading={run.isPending || exportCsv.isPending}
                  data-autofocus={(preselected && pending.kind === 'assign') || undefined}
                >
                  {pending.kind === 'export' ? 'Export' : BULK_VERBS[pending.kind]}{' '}
                  {selected.size.toLocaleString('en-GB')} item{selected.size === 1 ? '' : 's'}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </LazyModal>
    </>
  );
}

/**
 * The bulk bar's actions in the command palette while items are ticked: "Assign 2 selected to Bob…" (one per
 * orderer, admins), flag, unflag, note, export, select all matching and clear. Each opens the same dialog or
 * runs the same call as its button.
 */
function paletteActions(input: {
  count: number;
  admin: boolean;
  orderers: readonly { id: number; name: string }[];
  selectAll: number | null;
  start: (kind: Pending['kind'], orderer?: number) => void;
  selectAllMatching: () => void;
  clear: () => void;
}): ScreenAction[] {
  const { count, start } = input;
  if (count === 0) return [];
  const n = `${count.toLocaleString('en-GB')} selected`;
  return [
    ...(input.admin
      ? input.orderers.map((o) => ({
          id: `bulk:assign:${o.id}`,
          label: `Assign ${n} to ${o.name}…`,
          keywords: ['reassign', 'bulk'],
          priority: 5,
          run: () => start('assign', o.id),
        }))
      : []),
    { id: 'bulk:flag', label: `Flag ${n}`, keywords: ['bulk'], priority: 5, run: () => start('flag') },
    { id: 'bulk:unflag', label: `Unflag ${n}`, keywords: ['bulk'], priority: 5, run: () => start('unflag') },
    {
      id: 'bulk:note',
      label: `Add a note to ${n}…`,
      keywords: ['comment', 'bulk'],
      priority: 5,
      run: () => start('note'),
    },
    {
      id: 'bulk:export',
      label: `Export ${n} as CSV`,
      keywords: ['download', 'bulk'],
      priority: 5,
      run: () => start('export'),
    },
    ...(input.selectAll !== null
      ? [
          {
            id: 'bulk:select-all',
            label: `Select all ${input.selectAll.toLocaleString('en-GB')} matching`,
            run: input.selectAllMatching,
          },
        ]
      : []),
    { id: 'bulk:clear', label: 'Clear the selection', keywords: ['untick'], run: input.clear },
  ];
}
