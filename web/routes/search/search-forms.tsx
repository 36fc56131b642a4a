/** The two search forms of /search: the quick text search and the advanced search by names. */
import { Button, Grid, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { FormEvent, Ref } from 'react';
import { ORDER_ITEM_TYPES } from '../../../domain/states';
import type { AdvancedForm, NameField } from './search-params';

/** Who each name set is, by product line (PRODUCT.md section 4). */
const PEOPLE = [
  { key: 'a', title: 'Person A', hint: 'Registered person, 1st party, deceased or current name' },
  { key: 'b', title: 'Person B', hint: 'Father, 2nd party or new name' },
  { key: 'c', title: 'Person C', hint: 'Mother' },
] as const;

const TYPE_OPTIONS = [
  { value: '', label: 'Any type' },
  ...ORDER_ITEM_TYPES.map((t) => ({ value: t, label: t })),
];

interface QuickSearchFormProps {
  text: string;
  onTextChange: (text: string) => void;
  /** What the field shows under it: the form's own check, or why the last search failed. */
  error: string | undefined;
  /** A calm note under the field (not an error): the text is too short to search. */
  hint?: string;
  onSubmit: (event: FormEvent) => void;
  searching: boolean;
  /** Focus the field on arrival when there is no search in the URL yet. */
  autoFocus: boolean;
  inputRef: Ref<HTMLInputElement>;
}

/** One box for a ref, name, e-mail, postcode or GRO/FCO reference. */
export function QuickSearchForm({
  text,
  onTextChange,
  error,
  hint,
  onSubmit,
  searching,
  autoFocus,
  inputRef,
}: QuickSearchFormProps) {
  return (
    <search aria-label="Quick search">
      <form onSubmit={onSubmit} noValidate>
        {/* On a phone the button goes under the field, the field's long description having the width. */}
        <Group align="flex-start" gap="sm">
          <TextInput
            ref={inputRef}
            label="Search for"
            description="A ref (100234 or 100234-1), customer name, e-mail, postcode, GRO or FCO reference, or a name on the certificate"
            placeholder="e.g. 100234, Smith, SW1A 1AA"
            value={text}
            onChange={(e) => onTextChange(e.currentTarget.value)}
            error={error}
            leftSection={<IconSearch size={16} stroke={1.6} aria-hidden />}
            style={{ flex: 1, minWidth: 240 }}
            autoComplete="off"
            data-autofocus
            autoFocus={autoFocus}
          />
          {/* Never disabled while a search runs: a click then must start the new search, not be lost. */}
          <Button
            type="submit"
            mt={{ base: 0, sm: 42 }}
            aria-busy={searching || undefined}
            leftSection={
              searching ? <Loader size={14} color="white" /> : <IconSearch size={16} aria-hidden />
            }
          >
            Search
          </Button>
        </Group>
        {hint && (
          <Text size="sm" c="dimmed" mt={6} role="status" data-testid="search-hint">
            {hint}
          </Text>
        )}
      </form>
    </search>
  );
}

interface AdvancedSearchFormProps {
  form: AdvancedForm;
  /** Changes one field of the form (the type or a name). */
  onFieldChange: (field: keyof AdvancedForm, value: string) => void;
  formError: string | null;
  onSubmit: (event: FormEvent) => void;
  onClear: () => void;
  searching: boolean;
}

/** A product type and the first names and surnames of persons A, B and C. */
export function AdvancedSearchForm({
  form,
  onFieldChange,
  formError,
  onSubmit,
  onClear,
  searching,
}: AdvancedSearchFormProps) {
  return (
    <search aria-label="Advanced search">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Select
            label="Type"
            data={TYPE_OPTIONS}
            value={form.type}
            onChange={(value) => onFieldChange('type', value ?? '')}
            allowDeselect={false}
            w={280}
          />
          <Grid gap="md">
            {PEOPLE.map((person) => (
              <Grid.Col key={person.key} span={{ base: 12, sm: 4 }}>
                <Stack gap={6}>
                  <div>
                    <Text size="sm" fw={600}>
                      {person.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {person.hint}
                    </Text>
                  </div>
                  {(['firstname', 'surname'] as const).map((part) => {
                    const field = `${part}_${person.key}` as NameField;
                    return (
                      <TextInput
                        key={field}
                        label={`${part === 'firstname' ? 'First name' : 'Surname'} (${person.key.toUpperCase()})`}
                        value={form[field]}
                        onChange={(e) => onFieldChange(field, e.currentTarget.value)}
                        autoComplete="off"
                      />
                    );
                  })}
                </Stack>
              </Grid.Col>
            ))}
          </Grid>
          {formError && (
            <Text size="sm" c="red.8" role="status">
              {formError}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClear}>
              Clear
            </Button>
            <Button type="submit" loading={searching} leftSection={<IconSearch size={16} aria-hidden />}>
              Search
            </Button>
          </Group>
        </Stack>
      </form>
    </search>
  );
}
