/** The outbox list's filters: state, kind, recipient and a range of days, all kept in the URL. */
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { OUTBOX_STATUSES, type OutboxStatus } from '../../../domain/contract/outbox';
import { DateField } from '../../components/date-field';
import { outboxKindsQuery } from './outbox-api';
import { isFiltered, kindLabel, type OutboxFilters } from './outbox-model';
import classes from './outbox-page.module.css';
import { STATUS } from './outbox-status';

export function OutboxFilterBar({
  filters,
  onChange,
}: {
  filters: OutboxFilters;
  onChange: (next: OutboxFilters) => void;
}) {
  const kinds = useQuery(outboxKindsQuery);
  // The recipient is typed, then applied with Enter or the button: one URL change per search, not per key.
  const [to, setTo] = useState(filters.to ?? '');
  useEffect(() => setTo(filters.to ?? ''), [filters.to]);
  const kindOptions = [
    ...new Set([...(kinds.data?.kinds ?? []), ...(filters.kind ? [filters.kind] : [])]),
  ].map((k) => ({ value: k, label: kindLabel(k) }));

  const applyRecipient = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...filters, to: to.trim() || undefined });
  };

  return (
    <form onSubmit={applyRecipient} aria-label="Filter the outbox" className={classes.filters}>
      <Select
        label="State"
        placeholder="Any state"
        clearable
        data={OUTBOX_STATUSES.map((s) => ({ value: s, label: STATUS[s].label }))}
        value={filters.status ?? null}
        onChange={(v) => onChange({ ...filters, status: (v as OutboxStatus | null) ?? undefined })}
        size="xs"
        className={classes.fieldNarrow}
      />
      <Select
        label="Kind"
        placeholder="Any kind"
        clearable
        searchable
        data={kindOptions}
        value={filters.kind ?? null}
        onChange={(v) => onChange({ ...filters, kind: v ?? undefined })}
        size="xs"
        className={classes.fieldWide}
      />
      <TextInput
        label="Recipient"
        placeholder="Part of the address"
        value={to}
        onChange={(e) => setTo(e.currentTarget.value)}
        onBlur={() => {
          if ((to.trim() || undefined) !== filters.to) onChange({ ...filters, to: to.trim() || undefined });
        }}
        maxLength={254}
        size="xs"
        className={classes.fieldWide}
        rightSection={<IconSearch size={14} aria-hidden />}
      />
      <DateField
        label="From"
        clearable
        value={filters.from ?? null}
        maxDate={filters.until}
        onChange={(v) => onChange({ ...filters, from: v ?? undefined })}
        size="xs"
        className={classes.fieldNarrow}
      />
      <DateField
        label="Until"
        clearable
        value={filters.until ?? null}
        minDate={filters.from}
        onChange={(v) => onChange({ ...filters, until: v ?? undefined })}
        size="xs"
        className={classes.fieldNarrow}
      />
      <Group gap="xs" className={classes.filterButtons}>
        <Button type="submit" size="xs" variant="default">
          Apply
        </Button>
        {isFiltered(filters) && (
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => {
              setTo('');
              onChange({});
            }}
          >
            Clear filters
          </Button>
        )}
      </Group>
    </form>
  );
}
