/**
 * The bulk bar: sticks to the bottom of the screen while items of a list are ticked and acts on all of them at
 * once: assign to an orderer (admins), flag, unflag, add a note, export as CSV. "Select all N matching" takes
 * every item the list's filter matches (up to the bulk cap), and an action on items the user has not seen on
 * this page is confirmed first, with the count. Afterwards it says what was done and what was refused (each
 * ref and why), refreshes the lists and keeps the refused items ticked; an assign, flag or unflag offers its
 * Undo for a few seconds.
 */
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconDownload, IconFlag, IconFlagOff, IconNote, IconUserCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useReducer, useState } from 'react';
import type { BulkRequest } from '../../domain/contract/lists';
import { bulkAction, downloadCsv } from '../api/bulk';
import { isApiError } from '../api/client';
import { fetchMatchingIds, type ListScope } from '../api/list-queries';
import { orderersQuery } from '../api/queries';
import { queryKeys } from '../api/query-keys';
import { notifyError } from '../lib/notify';
import { BulkDialog, BulkOutcome } from './bulk-dialogs';
import {
  type BulkKind,
  bulkReducer,
  INITIAL_BULK,
  needsConfirmation,
  offerSelectAll,
  paletteActions,
  pendingRequest,
  readyToGo,
  selectionText,
  stillTicked,
  undoableText,
} from './bulk-model';
import type { ListFilterValue } from './list-filter';
import { useScreenActions } from './screen-actions';
import { offerUndo } from './undo-toast';

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
  const [state, dispatch] = useReducer(bulkReducer, INITIAL_BULK);
  const { pending, outcome } = state;
  const orderers = useQuery({ ...orderersQuery, enabled: admin && selected.size > 0 });
  const ids = [...selected];
  // "Select all matching" stays valid only while the selection is what it took.
  const matchingNow = state.matching && state.matching.ids.length === selected.size ? state.matching : null;

  const selectAll = useMutation({
    mutationFn: () => fetchMatchingIds(list ?? { scope: 'dashboard' }, filter),
    onSuccess: (found) => {
      dispatch({ type: 'matched', found });
      onSelectedChange(new Set(found.ids));
    },
    onError: (error) => notifyError(error, 'Could not select the matching items'),
  });

  const run = useMutation({
    mutationFn: (request: BulkRequest) => bulkAction(request),
    onSuccess: async (result, request) => {
      dispatch({ type: 'done', action: request.bulk.action, result });
      onSelectedChange(stillTicked(result));
      if (result.undo) {
        const orderer = orderers.data?.orderers.find((o) => o.id === request.bulk.orderer_id)?.name ?? null;
        offerUndo({
          message: undoableText(request.bulk.action, result, orderer),
          offer: result.undo,
          queryClient,
          // The result line would tell of a change no longer there.
          onUndone: () => dispatch({ type: 'dismissed' }),
        });
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orderItems.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orderers.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.savedViews.all }),
      ]);
    },
  });

  const exportCsv = useMutation({
    mutationFn: () => downloadCsv(ids),
    onSuccess: () => dispatch({ type: 'closed' }),
    onError: (error) => notifyError(error, 'Could not export the items'),
  });

  const start = (kind: BulkKind, orderer?: number) => {
    run.reset();
    // After "select all matching" (or ticks on other pages) the count is stated before anything runs.
    const confirm = matchingNow !== null || needsConfirmation(selected, pageIds);
    dispatch({ type: 'start', kind, confirm, orderer });
    if (kind === 'assign' || kind === 'note' || confirm) return;
    if (kind === 'export') exportCsv.mutate();
    else run.mutate({ bulk: { action: kind, order_item_ids: ids } });
  };

  const go = () => {
    if (pending?.kind === 'export') return exportCsv.mutate();
    const request = pendingRequest(state, ids);
    if (request) run.mutate(request);
  };

  const clear = () => {
    dispatch({ type: 'cleared' });
    onSelectedChange(new Set());
  };
  const selectAllCount = list && offerSelectAll(selected.size, totalCount, matchingNow) ? totalCount : null;

  useScreenActions(
    paletteActions({
      count: selected.size,
      admin,
      orderers: orderers.data?.orderers ?? [],
      selectAll: selectAllCount,
      start,
      selectAllMatching: () => selectAll.mutate(),
      clear,
    }),
  );

  return (
    <>
      {outcome && (
        <BulkOutcome
          action={outcome.action}
          result={outcome.result}
          onDismiss={() => dispatch({ type: 'dismissed' })}
        />
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
              {selectAllCount !== null && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  loading={selectAll.isPending}
                  onClick={() => selectAll.mutate()}
                >
                  Select all {selectAllCount.toLocaleString('en-GB')} matching
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
              {DIRECT_ACTIONS.map(({ kind, label, Icon }) => (
                <Button
                  key={kind}
                  size="compact-sm"
                  variant="light"
                  leftSection={<Icon size={14} aria-hidden />}
                  onClick={() => start(kind)}
                  loading={
                    !pending &&
                    (kind === 'export'
                      ? exportCsv.isPending
                      : run.isPending && run.variables?.bulk.action === kind)
                  }
                >
                  {label}
                </Button>
              ))}
              <Button
                size="compact-sm"
                variant="subtle"
                color="gray"
                leftSection={<IconX size={14} aria-hidden />}
                onClick={clear}
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
      <BulkDialog
        pending={pending}
        count={selected.size}
        orderers={orderers.data?.orderers ?? []}
        ordererId={state.ordererId}
        onOrderer={(id) => dispatch({ type: 'orderer', id })}
        note={state.note}
        onNote={(text) => dispatch({ type: 'note', text })}
        fieldErrors={isApiError(run.error) ? run.error.fieldErrors : {}}
        failure={run.error}
        ready={readyToGo(state)}
        busy={run.isPending || exportCsv.isPending}
        onGo={go}
        onClose={() => {
          dispatch({ type: 'closed' });
          run.reset();
        }}
        onCancel={() => dispatch({ type: 'closed' })}
      />
    </>
  );
}

/** The bar's buttons after Assign, in order: those that go at once (unless the count must be stated). */
const DIRECT_ACTIONS: readonly { kind: BulkKind; label: string; Icon: typeof IconFlag }[] = [
  { kind: 'flag', label: 'Flag', Icon: IconFlag },
  { kind: 'unflag', label: 'Unflag', Icon: IconFlagOff },
  { kind: 'note', label: 'Add note…', Icon: IconNote },
  { kind: 'export', label: 'Export CSV', Icon: IconDownload },
];
