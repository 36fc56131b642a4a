/**
 * The reference content kept in the sites' order (article categories, FAQ categories, the FAQs of a category):
 * one tab driven by a configuration per content type (article-categories-tab.tsx, faq-categories-tab.tsx,
 * faqs-tab.tsx). Add, edit in the row, delete (asked first) and reorder by dragging (mouse or keyboard) or with
 * the move buttons; each reorder is one PUT of the whole order, announced to screen readers once saved.
 */
import { Group, Stack, Table, VisuallyHidden } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import type { z } from 'zod';
import { notifyError, notifySuccess } from '../../lib/notify';
import classes from './admin.module.css';
import {
  ConfirmDeleteModal,
  DeleteButton,
  EditButton,
  listPlaceholder,
  MoveButtons,
  RowEditButtons,
  TabToolbar,
} from './admin-ui';
import { movedIds, moveTarget, useEditingRow } from './reorder';
import { type DragRow, SortableTable } from './sortable-table';
import { useRowEditor } from './use-row-editor';

/** A row being edited, as an editable column's input sees it. */
export type RowEditor<V extends Record<string, string>> = ReturnType<typeof useRowEditor<V, unknown>>;

/** A column between the position and the move buttons. */
export interface ContentColumn<T, V extends Record<string, string>> {
  header: string;
  width?: number | string;
  /** The cell as shown; `strong`: in the weight of a record's name. */
  view: (item: T) => ReactNode;
  strong?: boolean;
  /** The cell while the row is edited, for the columns that edit a value. */
  edit?: (row: RowEditor<V>) => ReactNode;
}

/** What a content type tells the tab: its words, its columns, and its calls. */
export interface SortableContent<T extends { id: number }, V extends Record<string, string>, R = unknown> {
  /** e.g. 'article category', in the messages. */
  singular: string;
  /** e.g. 'article categories', in the toolbar and the loading row. */
  plural: string;
  /** The toolbar's words for the count of these items. */
  countLabel?: (count: number) => string;
  /** The table's accessible name. */
  tableLabel: string;
  /** What the table says with no items (false: there are some). */
  empty: (count: number) => string | false;
  addLabel: string;
  rowTestId: string;
  /** The record's name, quoted in labels and messages. */
  name: (item: T) => string;
  columns: readonly ContentColumn<T, V>[];
  /** The editable values of a record, in the order an edit saves them. */
  fields: readonly (keyof V & string)[];
  schema: z.ZodType;
  values: (item: T) => V;
  /** PUT one attribute of a record. */
  put: (item: T, field: keyof V & string, value: string) => Promise<R>;
  /** Puts a saved record's answer into the cache (a hook: it may use the query client). */
  useSaved: () => (answer: R, item: T) => void;
  /** The Add form, laid out for this type. */
  addForm: (onDone: () => void) => ReactNode;
  deleteTitle: string;
  /** What deleting this record does, in the confirmation. */
  deleteMessage: (item: T) => ReactNode;
  /** A refused delete closes the dialog and fetches the list again (a category still in use). */
  closeOnDeleteFailure?: () => void;
}

interface SortableContentTabProps<T extends { id: number }, V extends Record<string, string>, R> {
  content: SortableContent<T, V, R>;
  list: { isPending: boolean; isError: boolean; refetch: () => unknown };
  items: readonly T[];
  /** Saves a new order: every id in order. */
  reorder: UseMutationResult<unknown, Error, number[]>;
  /** Deletes one record by id. */
  remove: UseMutationResult<unknown, Error, number>;
  /** The count in the toolbar; none while there is nothing to count. */
  count: number | undefined;
  /** Before the count in the toolbar (the FAQs' category picker). */
  toolbarLeft?: ReactNode;
  /** Records can be added now (the FAQs need a category). */
  canAdd?: boolean;
}

export function SortableContentTab<T extends { id: number }, V extends Record<string, string>, R>({
  content,
  list,
  items,
  reorder,
  remove,
  count,
  toolbarLeft,
  canAdd = true,
}: SortableContentTabProps<T, V, R>) {
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const { anyEditing, onEditing } = useEditingRow();
  const ids = items.map((item) => item.id);
  const save = (next: number[], moved: T) =>
    reorder.mutate(next, {
      onSuccess: () =>
        setAnnouncement(
          `Moved “${content.name(moved)}” to position ${next.indexOf(moved.id) + 1} of ${next.length}.`,
        ),
    });
  const columns = content.columns.length + 3;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(`Deleted the ${content.singular} “${content.name(deleting)}”.`);
        setDeleting(null);
      },
      onError: (error) => {
        notifyError(error, `Could not delete the ${content.singular}`);
        if (content.closeOnDeleteFailure) {
          setDeleting(null);
          content.closeOnDeleteFailure();
        }
      },
    });
  };

  return (
    <Stack gap="sm">
      <TabToolbar
        plural={content.countLabel?.(items.length) ?? content.plural}
        count={count}
        left={toolbarLeft}
        addLabel={content.addLabel}
        onAdd={() => setAdding(true)}
        addDisabled={adding || !canAdd}
      />
      {adding && canAdd && content.addForm(() => setAdding(false))}
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      <SortableTable
        label={content.tableLabel}
        head={
          <>
            <Table.Th w={84}>#</Table.Th>
            {content.columns.map((column) => (
              <Table.Th key={column.header} w={column.width}>
                {column.header}
              </Table.Th>
            ))}
            <Table.Th w={130}>Order</Table.Th>
            <Table.Th w={150}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </>
        }
        items={items}
        placeholder={listPlaceholder(list, {
          columns,
          plural: content.plural,
          empty: content.empty(items.length),
        })}
        disabled={reorder.isPending || anyEditing}
        nameOf={(item) => `“${content.name(item)}”`}
        onReorder={save}
        row={(item, index, drag) => (
          <ContentRow
            key={item.id}
            content={content}
            item={item}
            index={index}
            count={items.length}
            drag={drag}
            moving={reorder.isPending}
            onEditing={onEditing}
            onMove={(m) => save(movedIds(ids, index, moveTarget(m, index, ids.length)), item)}
            onDelete={() => setDeleting(item)}
          />
        )}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={content.deleteTitle}
        deleting={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => !remove.isPending && setDeleting(null)}
      >
        {deleting && content.deleteMessage(deleting)}
      </ConfirmDeleteModal>
    </Stack>
  );
}

interface ContentRowProps<T extends { id: number }, V extends Record<string, string>, R> {
  content: SortableContent<T, V, R>;
  item: T;
  index: number;
  count: number;
  drag: DragRow;
  moving: boolean;
  onEditing: (id: number, editing: boolean) => void;
  onMove: Parameters<typeof MoveButtons>[0]['onMove'];
  onDelete: () => void;
}

function ContentRow<T extends { id: number }, V extends Record<string, string>, R>({
  content,
  item,
  index,
  count,
  drag,
  moving,
  onEditing,
  onMove,
  onDelete,
}: ContentRowProps<T, V, R>) {
  const saved = content.useSaved();
  const row = useRowEditor({
    values: content.values(item),
    fields: content.fields,
    schema: content.schema,
    put: (field, value) => content.put(item, field, value),
    onSaved: (answer) => saved(answer, item),
    what: content.singular,
  });
  const what = `“${content.name(item)}”`;
  useEffect(() => {
    onEditing(item.id, row.editing);
    // A row that goes away (another category chosen, the row deleted) is no longer being edited.
    return () => onEditing(item.id, false);
  }, [onEditing, item.id, row.editing]);

  return (
    <Table.Tr
      {...drag.rowProps}
      className={row.editing ? classes.editingRow : undefined}
      onKeyDown={row.editing ? row.onKeyDown : undefined}
      data-testid={content.rowTestId}
    >
      <Table.Td c="dimmed" data-label="Position">
        <Group gap={6} wrap="nowrap">
          {drag.handle}
          {index + 1}
        </Group>
      </Table.Td>
      {content.columns.map((column) =>
        row.editing && column.edit ? (
          <Table.Td key={column.header} data-label={column.header}>
            {column.edit(row)}
          </Table.Td>
        ) : (
          <Table.Td
            key={column.header}
            data-label={column.header}
            fw={column.strong && !row.editing ? 500 : undefined}
          >
            {column.view(item)}
          </Table.Td>
        ),
      )}
      <Table.Td data-label="Order">
        <MoveButtons what={what} index={index} count={count} busy={moving || row.editing} onMove={onMove} />
      </Table.Td>
      <Table.Td>
        {row.editing ? (
          <RowEditButtons saving={row.saving} onSave={row.submit} onCancel={row.cancel} />
        ) : (
          <Group justify="flex-end" gap={4} wrap="nowrap">
            <EditButton ref={row.editButtonRef} what={what} onClick={row.start} />
            <DeleteButton what={what} onClick={onDelete} />
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
