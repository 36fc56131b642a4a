/**
 * The filter bar above a list: a text box (sent once the user stops typing), a "Filters" button opening the
 * state group, state, flag, item type, orderer and despatch-by controls, and the active filter as removable
 * chips with "Clear all". The server does the filtering; this only edits the filter the URL holds.
 */
import {
  Badge,
  Button,
  Chip,
  CloseButton,
  Collapse,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ITEM_FLAGS, type ItemFlag } from '../../domain/contract/lists';
import {
  ALL_STATES,
  ORDER_ITEM_TYPES,
  type OrderItemState,
  type OrderItemType,
  STATE_GROUP_LABELS,
  STATE_GROUPS,
  type StateGroup,
} from '../../domain/states';
import { orderersQuery } from '../api/queries';
import { DateField } from './date-field';
import {
  EMPTY_FILTER,
  FLAG_LABELS,
  filterChips,
  type ListFilterValue,
  stateOptionLabel,
} from './list-filter';
import { useScreenActions } from './screen-actions';

const FILTER_SETTLE_MS = 300;

const GROUP_OPTIONS = STATE_GROUPS.map((g) => ({ value: g, label: STATE_GROUP_LABELS[g] }));
const STATE_OPTIONS = ALL_STATES.map((s) => ({ value: s, label: stateOptionLabel(s) }));
const TYPE_OPTIONS = ORDER_ITEM_TYPES.map((t) => ({ value: t, label: t }));

interface ListFilterBarProps {
  filter: ListFilterValue;
  onChange: (next: ListFilterValue) => void;
  /** Accessible name of the list, e.g. "My order items": the text box is "Filter my order items". */
  label: string;
  /** Offer the orderer control (lists across orderers: the escalations desk, search results). */
  orderer?: boolean;
  /** Offer the text box (search results have their own). */
  text?: boolean;
  /** At the right of the first row: the count line, a "Save view" button. */
  aside?: ReactNode;
}

/** The number of parts of the filter the "Filters" panel holds (everything but the text). */
const panelCount = (f: ListFilterValue) =>
  f.group.length +
  f.state.length +
  f.flag.length +
  f.type.length +
  (f.orderer !== null ? 1 : 0) +
  (f.due_from ? 1 : 0) +
  (f.due_to ? 1 : 0);

export function ListFilterBar({
  filter,
  onChange,
  label,
  orderer = false,
  text = true,
  aside,
}: ListFilterBarProps) {
  const [typed, setTyped] = useState(filter.q);
  const [opened, setOpened] = useState(panelCount(filter) > 0);
  const panelId = useId();
  const orderers = useQuery({ ...orderersQuery, enabled: orderer });
  const textRef = useRef<HTMLInputElement>(null);
  // f puts the cursor in the text box (as the palette's "Filter …" does); Tab leaves it for the list keys.
  useScreenActions(
    text
      ? [
          {
            id: `list-filter:${label}`,
            label: `Filter ${label.toLowerCase()}`,
            keywords: ['find', 'narrow'],
            shortcut: 'f',
            run: () => textRef.current?.focus(),
          },
        ]
      : [],
  );

  // The text is sent once the user stops typing; a URL change (back, reload, a chip removed) puts it back.
  useEffect(() => setTyped(filter.q), [filter.q]);
  useEffect(() => {
    if (typed.trim() === filter.q.trim()) return;
    const timer = setTimeout(() => onChange({ ...filter, q: typed.trim() }), FILTER_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [typed, filter, onChange]);

  const ordererName = (id: number) => orderers.data?.orderers.find((o) => o.id === id)?.name;
  const chips = filterChips(filter, { stateLabel: stateOptionLabel, ordererName });
  const count = panelCount(filter);
  // Two changes in a row (a date typed, then the next) build on each other before the URL has the first.
  // `filter` is parsed from the URL on every render, so only a change of what it says replaces the pending
  // one: a re-render before the URL has caught up must not put the older filter back (a date was lost so).
  const latest = useRef(filter);
  const filterKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the filter's content, not its identity
  useEffect(() => {
    latest.current = filter;
  }, [filterKey]);
  const set = (part: Partial<ListFilterValue>) => {
    latest.current = { ...latest.current, ...part };
    onChange(latest.current);
  };

  return (
    <Stack gap={6} px="sm" py={8}>
      <Group justify="space-between" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ flex: '1 1 320px', minWidth: 0 }}>
          {text && (
            <TextInput
              ref={textRef}
              aria-label={`Filter ${label.toLowerCase()}`}
              placeholder="Filter by ref, type, state or customer"
              leftSection={<IconSearch size={14} aria-hidden />}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              size="xs"
              style={{ flex: '1 1 auto', maxWidth: 340, minWidth: 0 }}
            />
          )}
          <Button
            size="xs"
            variant={count > 0 ? 'light' : 'default'}
            leftSection={<IconAdjustmentsHorizontal size={14} aria-hidden />}
            aria-expanded={opened}
            aria-controls={panelId}
            onClick={() => setOpened((o) => !o)}
          >
            Filters{count > 0 ? ` (${count})` : ''}
          </Button>
        </Group>
        {aside && (
          <Group gap="xs" wrap="nowrap">
            {aside}
          </Group>
        )}
      </Group>
      <Collapse expanded={opened} id={panelId}>
        <Stack gap="xs" pt={4}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: orderer ? 6 : 5 }} spacing="xs">
            <MultiSelect
              label="State group"
              size="xs"
              data={GROUP_OPTIONS}
              value={filter.group}
              onChange={(v) => set({ group: v as StateGroup[] })}
              placeholder={filter.group.length ? undefined : 'Any group'}
              clearable
            />
            <MultiSelect
              label="State"
              size="xs"
              data={STATE_OPTIONS}
              value={filter.state}
              onChange={(v) => set({ state: v as OrderItemState[] })}
              placeholder={filter.state.length ? undefined : 'Any state'}
              searchable
              clearable
              maxDropdownHeight={280}
            />
            <MultiSelect
              label="Item type"
              size="xs"
              data={TYPE_OPTIONS}
              value={filter.type}
              onChange={(v) => set({ type: v as OrderItemType[] })}
              placeholder={filter.type.length ? undefined : 'Any type'}
              clearable
            />
            {orderer && (
              <Select
                label="Orderer"
                size="xs"
                data={[
                  { value: 'none', label: 'Unassigned' },
                  ...(orderers.data?.orderers ?? []).map((o) => ({ value: String(o.id), label: o.name })),
                ]}
                value={filter.orderer === null ? null : String(filter.orderer)}
                onChange={(v) => set({ orderer: v === null ? null : v === 'none' ? 'none' : Number(v) })}
                placeholder="Anyone"
                searchable
                clearable
              />
            )}
            <DateField
              label="Despatch by from"
              size="xs"
              clearable
              value={filter.due_from || null}
              maxDate={filter.due_to || undefined}
              onChange={(v) => set({ due_from: v ?? '' })}
            />
            <DateField
              label="Despatch by to"
              size="xs"
              clearable
              value={filter.due_to || null}
              minDate={filter.due_from || undefined}
              onChange={(v) => set({ due_to: v ?? '' })}
            />
          </SimpleGrid>
          <Chip.Group multiple value={filter.flag} onChange={(v) => set({ flag: v as ItemFlag[] })}>
            <Group gap={6} role="group" aria-label="Flags">
              {ITEM_FLAGS.map((f) => (
                <Chip key={f} value={f} size="xs" variant="outline">
                  {FLAG_LABELS[f]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
      </Collapse>
      {chips.length > 0 && (
        <Group gap={6} role="group" aria-label="Active filters">
          {chips.map((c) => (
            // A real button removes each chip (Mantine's Pill hides its remove button from assistive tech).
            <Badge
              key={c.key}
              variant="light"
              color="gray"
              radius="xl"
              tt="none"
              fw={500}
              pr={3}
              rightSection={
                <CloseButton
                  size="xs"
                  radius="xl"
                  aria-label={`Remove filter ${c.label}`}
                  onClick={() => onChange(c.without)}
                />
              }
            >
              {c.label}
            </Badge>
          ))}
          <Button size="compact-xs" variant="subtle" onClick={() => onChange(EMPTY_FILTER)}>
            Clear all
          </Button>
        </Group>
      )}
    </Stack>
  );
}
