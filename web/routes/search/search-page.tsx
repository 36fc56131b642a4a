/** /search: quick text search or advanced search by names on the certificate; the search lives in the URL. */
import {
  Alert,
  Button,
  Card,
  EmptyState,
  Grid,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconListSearch, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type AdvancedSearch, SearchResultsSchema, type SimpleSearch } from '../../../domain/contract/search';
import { ORDER_ITEM_TYPES } from '../../../domain/states';
import { api } from '../../api/client';
import { PageHeader } from '../../components/page-title';
import { SearchResultsCard } from './search-results';

const SEARCH_FAILURE = 'Search Failure!';

type Mode = 'quick' | 'advanced';
type AdvancedQuery = AdvancedSearch['search']['query'];

const NAME_FIELDS = [
  'firstname_a',
  'surname_a',
  'firstname_b',
  'surname_b',
  'firstname_c',
  'surname_c',
] as const;
type NameField = (typeof NAME_FIELDS)[number];
type AdvancedForm = { type: string } & Record<NameField, string>;

const EMPTY_ADVANCED: AdvancedForm = {
  type: '',
  firstname_a: '',
  surname_a: '',
  firstname_b: '',
  surname_b: '',
  firstname_c: '',
  surname_c: '',
};

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

function advancedFromParams(params: URLSearchParams): AdvancedForm {
  const form = { ...EMPTY_ADVANCED };
  const type = params.get('type') ?? '';
  form.type = (ORDER_ITEM_TYPES as readonly string[]).includes(type) ? type : '';
  for (const f of NAME_FIELDS) form[f] = params.get(f) ?? '';
  return form;
}

const hasAnyAdvanced = (form: AdvancedForm) =>
  form.type !== '' || NAME_FIELDS.some((f) => form[f].trim() !== '');

function advancedBody(form: AdvancedForm): AdvancedSearch {
  const query: AdvancedQuery = {};
  if (form.type) query.type = form.type as AdvancedQuery['type'];
  for (const f of NAME_FIELDS) if (form[f].trim()) query[f] = form[f].trim();
  return { search: { query } };
}

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'advanced' ? 'advanced' : 'quick';
  const q = params.get('q') ?? '';
  const paramsKey = params.toString();
  // The URL holds both searches; the mode says which one runs.
  const submittedAdvanced = useMemo(() => advancedFromParams(new URLSearchParams(paramsKey)), [paramsKey]);

  const [text, setText] = useState(q);
  const [advanced, setAdvanced] = useState<AdvancedForm>(submittedAdvanced);
  const [failed, setFailed] = useState<{ reason: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const quickInput = useRef<HTMLInputElement>(null);

  // Back, forward and links into the page change the URL: the form follows it.
  useEffect(() => setText(q), [q]);
  useEffect(() => setAdvanced(submittedAdvanced), [submittedAdvanced]);

  const enabled = mode === 'quick' ? q.trim() !== '' : hasAnyAdvanced(submittedAdvanced);
  const search = useQuery({
    queryKey: mode === 'quick' ? ['search', 'simple', q] : ['search', 'advanced', submittedAdvanced],
    queryFn: ({ signal }) =>
      mode === 'quick'
        ? api.post('search/simple', { search: { query: q } } satisfies SimpleSearch, SearchResultsSchema, {
            signal,
          })
        : api.post('search/advanced', advancedBody(submittedAdvanced), SearchResultsSchema, { signal }),
    enabled,
    retry: false,
    staleTime: 30_000,
  });

  // A failed search says so and clears the query (SPEC section 8); the URL forgets it too.
  const { isError, errorUpdatedAt, error } = search;
  const handledFailure = useRef(0);
  useEffect(() => {
    if (!isError || errorUpdatedAt === handledFailure.current) return;
    handledFailure.current = errorUpdatedAt;
    setFailed({ reason: error?.message ?? '' });
    const next = new URLSearchParams(paramsKey);
    if (next.get('mode') === 'advanced') {
      for (const f of ['type', ...NAME_FIELDS]) next.delete(f);
      setAdvanced(EMPTY_ADVANCED);
    } else {
      next.delete('q');
      setText('');
    }
    setParams(next, { replace: true });
  }, [isError, errorUpdatedAt, error, paramsKey, setParams]);

  const go = (next: URLSearchParams) => {
    setFailed(null);
    setFormError(null);
    if (next.toString() === paramsKey) void search.refetch();
    else setParams(next);
  };

  const submitQuick = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setFormError('Enter something to search for.');
      quickInput.current?.focus();
      return;
    }
    const next = new URLSearchParams(paramsKey);
    next.delete('mode');
    next.set('q', text.trim());
    go(next);
  };

  const submitAdvanced = (event: FormEvent) => {
    event.preventDefault();
    if (!hasAnyAdvanced(advanced)) {
      setFormError('Choose a type or fill in at least one name.');
      return;
    }
    const next = new URLSearchParams(paramsKey);
    next.set('mode', 'advanced');
    for (const f of ['type', ...NAME_FIELDS] as const) {
      const value = advanced[f].trim();
      if (value) next.set(f, value);
      else next.delete(f);
    }
    go(next);
  };

  const switchMode = (value: string) => {
    const next = new URLSearchParams(paramsKey);
    if (value === 'advanced') next.set('mode', 'advanced');
    else next.delete('mode');
    setFailed(null);
    setFormError(null);
    setParams(next);
  };

  const clearAdvanced = () => {
    setAdvanced(EMPTY_ADVANCED);
    setFormError(null);
    setFailed(null);
    const next = new URLSearchParams(paramsKey);
    for (const f of ['type', ...NAME_FIELDS]) next.delete(f);
    if (next.toString() !== paramsKey) setParams(next);
  };

  const headingId = useId();

  return (
    <>
      <PageHeader
        title="Search"
        description="Find order items by ref, customer, e-mail, postcode or GRO/FCO reference, or by the names on the certificate."
      />
      <Stack gap="md">
        <Card component="section" aria-labelledby={headingId} withBorder radius="md" padding="md">
          <Group justify="space-between" mb="sm" wrap="nowrap">
            <Title order={2} size="h5" fw={600} id={headingId}>
              {mode === 'quick' ? 'Quick search' : 'Advanced search'}
            </Title>
            <SegmentedControl
              size="xs"
              value={mode}
              onChange={switchMode}
              aria-label="Kind of search"
              data={[
                { value: 'quick', label: 'Quick search' },
                { value: 'advanced', label: 'Advanced search' },
              ]}
            />
          </Group>
          {mode === 'quick' ? (
            <search aria-label="Quick search">
              <form onSubmit={submitQuick} noValidate>
                <Group align="flex-start" gap="sm" wrap="nowrap">
                  <TextInput
                    ref={quickInput}
                    label="Search for"
                    description="A ref (100234 or 100234-1), customer name, e-mail, postcode, GRO or FCO reference, or a name on the certificate"
                    placeholder="e.g. 100234, Smith, SW1A 1AA"
                    value={text}
                    onChange={(e) => {
                      setText(e.currentTarget.value);
                      if (formError) setFormError(null);
                    }}
                    error={formError ?? (failed && !text ? failed.reason || undefined : undefined)}
                    leftSection={<IconSearch size={16} stroke={1.6} aria-hidden />}
                    style={{ flex: 1 }}
                    autoComplete="off"
                    data-autofocus
                    autoFocus={!q}
                  />
                  <Button
                    type="submit"
                    mt={42}
                    loading={search.isFetching && mode === 'quick'}
                    leftSection={<IconSearch size={16} aria-hidden />}
                  >
                    Search
                  </Button>
                </Group>
              </form>
            </search>
          ) : (
            <search aria-label="Advanced search">
              <form onSubmit={submitAdvanced} noValidate>
                <Stack gap="sm">
                  <Select
                    label="Type"
                    data={TYPE_OPTIONS}
                    value={advanced.type}
                    onChange={(value) => {
                      setAdvanced((a) => ({ ...a, type: value ?? '' }));
                      setFormError(null);
                    }}
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
                                value={advanced[field]}
                                onChange={(e) => {
                                  const value = e.currentTarget.value;
                                  setAdvanced((a) => ({ ...a, [field]: value }));
                                  if (formError) setFormError(null);
                                }}
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
                    <Button variant="default" onClick={clearAdvanced}>
                      Clear
                    </Button>
                    <Button
                      type="submit"
                      loading={search.isFetching && mode === 'advanced'}
                      leftSection={<IconSearch size={16} aria-hidden />}
                    >
                      Search
                    </Button>
                  </Group>
                </Stack>
              </form>
            </search>
          )}
        </Card>
        {failed ? (
          <Stack gap={4}>
            <Alert
              color="red"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              data-testid="search-failure"
            >
              {SEARCH_FAILURE}
            </Alert>
            {failed.reason && mode === 'advanced' && (
              <Text size="sm" c="red.8" px="xs">
                {failed.reason}
              </Text>
            )}
          </Stack>
        ) : enabled ? (
          <SearchResultsCard
            answer={search.data}
            loading={search.isPending}
            what={mode === 'quick' ? `“${q}”` : 'these names'}
          />
        ) : (
          <Card withBorder radius="md" py={40}>
            <EmptyState
              icon={<IconListSearch size={22} stroke={1.6} aria-hidden />}
              title="No search yet"
              description={
                mode === 'quick'
                  ? 'Type at least three characters of a ref, name, e-mail or postcode and press Search.'
                  : 'Choose a type or fill in any of the names, then press Search. Part of a name matches; one or two letters match the start (an initial).'
              }
            />
          </Card>
        )}
      </Stack>
    </>
  );
}
