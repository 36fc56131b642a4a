/** The pieces every /admin tab is made of: toolbar, table frame, list states, row actions, moves, delete. */
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowBarToDown,
  IconArrowBarToUp,
  IconArrowDown,
  IconArrowUp,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import type { Move } from '../../../domain/contract/reference';
import { SUBMIT_SHORTCUT } from '../../components/shortcut-keys';
import classes from './admin.module.css';

const icon = { size: 16, stroke: 1.6, 'aria-hidden': true } as const;

interface TabToolbarProps {
  /** e.g. "registries": used in the count, the filter's label and its placeholder. */
  plural: string;
  count?: number;
  /** Shown when the list is filtered: how many rows match. */
  shown?: number;
  filter?: string;
  onFilter?: (value: string) => void;
  /** Extra controls at the left (the FAQ tab's category picker). */
  left?: ReactNode;
  addLabel: string;
  onAdd: () => void;
  addDisabled?: boolean;
}

/** The row above a tab's table: a filter, how many there are, and the Add button. */
export function TabToolbar({
  plural,
  count,
  shown,
  filter,
  onFilter,
  left,
  addLabel,
  onAdd,
  addDisabled,
}: TabToolbarProps) {
  return (
    // On a phone the Add button wraps under the filter, still in reach.
    <Group justify="space-between" gap="sm">
      <Group gap="sm">
        {left}
        {onFilter && (
          <TextInput
            aria-label={`Filter ${plural}`}
            placeholder={`Filter ${plural}…`}
            value={filter ?? ''}
            onChange={(e) => onFilter(e.currentTarget.value)}
            leftSection={<IconSearch {...icon} />}
            w={{ base: 220, xs: 260 }}
          />
        )}
        {count !== undefined && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {shown !== undefined && shown !== count ? `${shown} of ${count} ${plural}` : `${count} ${plural}`}
          </Text>
        )}
      </Group>
      <Button leftSection={<IconPlus {...icon} />} onClick={onAdd} disabled={addDisabled}>
        {addLabel}
      </Button>
    </Group>
  );
}

/** A titled, bordered panel for the Add forms. */
export function FormPanel({
  label,
  children,
  onSubmit,
}: {
  label: string;
  children: ReactNode;
  onSubmit: () => void;
}) {
  return (
    <Paper
      component="form"
      withBorder
      radius="md"
      p="md"
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Text fw={600} size="sm" mb="sm">
        {label}
      </Text>
      {children}
    </Paper>
  );
}

/** The Cancel and submit buttons at the end of an Add form. */
export function FormButtons({
  submitLabel,
  saving,
  onCancel,
}: {
  submitLabel: string;
  saving: boolean;
  onCancel: () => void;
}) {
  return (
    <Group justify="flex-end" gap="xs" mt="md">
      <Button variant="default" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" loading={saving}>
        {submitLabel}
      </Button>
    </Group>
  );
}

/**
 * The bordered frame of a tab's table, its header sticking under the app header while the page scrolls. On a
 * phone each row is a card of labelled lines (web/styles.css, phone-cards): the rows' cells name their column
 * in `data-label`.
 */
export function TableFrame({
  label,
  head,
  children,
}: {
  label: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" className={classes.tableFrame}>
      <Table
        stickyHeader
        stickyHeaderOffset="var(--app-shell-header-height, 56px)"
        fz="sm"
        aria-label={label}
        verticalSpacing={8}
        horizontalSpacing="md"
        className="phone-cards"
      >
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Paper>
  );
}

/** Placeholder rows while the list loads. */
export function SkeletonRows({
  columns,
  label,
  rows = 4,
}: {
  columns: number;
  label: string;
  rows?: number;
}) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <Table.Tr key={i} aria-busy="true">
          {Array.from({ length: columns }, (_, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
            <Table.Td key={j}>
              {i === 0 && j === 0 && <VisuallyHidden role="status">{label}</VisuallyHidden>}
              <Skeleton h={14} w={j === 0 ? '70%' : '85%'} />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

/** One full-width row saying why the table is empty (nothing yet, nothing matches, or it failed to load). */
export function MessageRow({
  columns,
  children,
  failed,
  onRetry,
}: {
  columns: number;
  children: ReactNode;
  failed?: boolean;
  onRetry?: () => void;
}) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns} py="lg">
        <Group justify="center" gap="sm" data-testid={failed ? 'load-failed' : 'empty'}>
          {failed && <IconAlertTriangle size={16} color="var(--mantine-color-red-8)" aria-hidden />}
          <Text size="sm" c={failed ? 'red.8' : 'dimmed'}>
            {children}
          </Text>
          {failed && onRetry && (
            <Button size="xs" variant="default" onClick={onRetry}>
              Try again
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The list a table shows, as far as its placeholder needs to know. */
interface ListState {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * What a table shows instead of its rows: skeletons while `list` loads, "Could not load the {plural}." with
 * Try again when it failed, or `empty` when there is nothing to show. Undefined when the rows follow.
 */
export function listPlaceholder(
  list: ListState,
  { columns, plural, empty }: { columns: number; plural: string; empty: ReactNode | false },
): ReactNode | undefined {
  if (list.isPending) return <SkeletonRows columns={columns} label={`Loading ${plural}…`} />;
  if (list.isError) {
    return (
      <MessageRow columns={columns} failed onRetry={() => list.refetch()}>
        Could not load the {plural}.
      </MessageRow>
    );
  }
  if (empty !== false) return <MessageRow columns={columns}>{empty}</MessageRow>;
  return undefined;
}

/** The pencil button that puts a row into edit mode. */
export function EditButton({
  what,
  onClick,
  disabled,
  ref,
}: {
  what: string;
  onClick: () => void;
  disabled?: boolean;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <Tooltip label="Edit">
      <ActionIcon
        ref={ref}
        variant="subtle"
        color="gray"
        aria-label={`Edit ${what}`}
        onClick={onClick}
        disabled={disabled}
      >
        <IconPencil {...icon} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The bin button that asks before deleting. */
export function DeleteButton({
  what,
  onClick,
  disabled,
}: {
  what: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Tooltip label="Delete">
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Delete ${what}`}
        onClick={onClick}
        disabled={disabled}
      >
        <IconTrash {...icon} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Save and Cancel for a row being edited. */
export function RowEditButtons({
  saving,
  onSave,
  onCancel,
}: {
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
}) {
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      <Button size="xs" onClick={onSave} loading={saving}>
        Save
      </Button>
      <Button size="xs" variant="default" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
    </Group>
  );
}

const MOVE_BUTTONS: { move: Move; label: string; icon: ReactNode }[] = [
  { move: 'move_to_top', label: 'to top', icon: <IconArrowBarToUp {...icon} /> },
  { move: 'move_up', label: 'up', icon: <IconArrowUp {...icon} /> },
  { move: 'move_down', label: 'down', icon: <IconArrowDown {...icon} /> },
  { move: 'move_to_bottom', label: 'to bottom', icon: <IconArrowBarToDown {...icon} /> },
];

/** Top, up, down and bottom for an ordered row; the moves that would change nothing are disabled. */
export function MoveButtons({
  what,
  index,
  count,
  busy,
  onMove,
}: {
  what: string;
  index: number;
  count: number;
  busy: boolean;
  onMove: (move: Move) => void;
}) {
  const first = index === 0;
  const last = index === count - 1;
  return (
    <Group gap={2} wrap="nowrap">
      {MOVE_BUTTONS.map((b) => {
        const disabled = busy || (b.move === 'move_to_top' || b.move === 'move_up' ? first : last);
        return (
          <Tooltip key={b.move} label={`Move ${b.label}`}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              className={classes.moveButton}
              aria-label={`Move ${what} ${b.label}`}
              disabled={disabled}
              onClick={() => onMove(b.move)}
            >
              {b.icon}
            </ActionIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}

/** Asks before something is deleted for good. */
export function ConfirmDeleteModal({
  opened,
  title,
  children,
  deleting,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  deleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="md">
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={deleting} data-autofocus>
            Cancel
          </Button>
          <Button color="red.9" onClick={onConfirm} loading={deleting} {...SUBMIT_SHORTCUT}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Text in a table cell that keeps long values to a few lines. */
export function ClampedText({ children, lines = 2 }: { children: ReactNode; lines?: number }) {
  return (
    <Text size="sm" lineClamp={lines} style={{ whiteSpace: 'pre-line' }}>
      {children}
    </Text>
  );
}

/** Lower-case text for filtering rows. */
export const matches = (filter: string, ...values: string[]) => {
  const f = filter.trim().toLowerCase();
  return !f || values.some((v) => v.toLowerCase().includes(f));
};
