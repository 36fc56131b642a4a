/** /search: quick text search or advanced search by names on the certificate; the search lives in the URL. */
import { Alert, Card, EmptyState, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconListSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { EmailSchema } from '../../../domain/contract/common';
import {
  type SearchResults,
  SearchResultsSchema,
  type SimpleSearchSchema,
} from '../../../domain/contract/search';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { isAdmin, useCurrentUser } from '../../components/auth';
import { CustomerPrivacyActions } from '../../components/customer-privacy';
import {
  filterFromParams,
  filterToWire,
  isFilterEmpty,
  type ListFilterValue,
} from '../../components/list-filter';
import { PageHeader } from '../../components/page-title';
import { AdvancedSearchForm, QuickSearchForm } from './search-forms';
import {
  type AdvancedForm,
  advancedBody,
  advancedFromParams,
  EMPTY_ADVANCED,
  hasAnyAdvanced,
  RESULT_FILTER_KEYS,
  type SearchMode,
  searchModeOf,
  withAdvancedSearch,
  withMode,
  withoutAdvanced,
  withoutFailedSearch,
  withQuickSearch,
  withResultFilter,
} from './search-params';
import { SearchResultsCard } from './search-results';

const SEARCH_FAILURE = 'Search Failure!';

/** The server refuses shorter quick searches (its trigram indexes need three characters). */
const MIN_QUICK_LENGTH = 3;
const TOO_SHORT_HINT = `Type at least ${MIN_QUICK_LENGTH} characters`;

/**
 * The search the URL asks for, narrowed by the results' filter on the server; run when it asks for anything;
 * failures are not retried (SPEC section 8).
 */
function useSearch(
  mode: SearchMode,
  q: string,
  advanced: AdvancedForm,
  filter: ListFilterValue,
  enabled: boolean,
) {
  // The filter goes as the contract's strings; an empty one is left out.
  const narrowed = isFilterEmpty(filter) ? {} : { filter: filterToWire(filter) };
  return useQuery({
    queryKey:
      mode === 'quick' ? queryKeys.search.simple(q, filter) : queryKeys.search.advanced(advanced, filter),
    queryFn: ({ signal }) =>
      mode === 'quick'
        ? api.post(
            'search/simple',
            { search: { query: q, ...narrowed } } satisfies z.input<typeof SimpleSearchSchema>,
            SearchResultsSchema,
            { signal },
          )
        : api.post(
            'search/advanced',
            { search: { ...advancedBody(advanced).search, ...narrowed } },
            SearchResultsSchema,
            { signal },
          ),
    enabled,
    retry: false,
    staleTime: 30_000,
  });
}

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const mode = searchModeOf(params);
  const q = params.get('q') ?? '';
  const paramsKey = params.toString();
  // The URL holds both searches; the mode says which one runs.
  const submittedAdvanced = useMemo(() => advancedFromParams(new URLSearchParams(paramsKey)), [paramsKey]);
  const filter = useMemo(
    () => filterFromParams(new URLSearchParams(paramsKey), RESULT_FILTER_KEYS),
    [paramsKey],
  );
  const onFilter = useCallback(
    (next: ListFilterValue) => setParams((current) => withResultFilter(current.toString(), next)),
    [setParams],
  );

  const [text, setText] = useState(q);
  const [advanced, setAdvanced] = useState<AdvancedForm>(submittedAdvanced);
  const [failed, setFailed] = useState<{ reason: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const quickInput = useRef<HTMLInputElement>(null);

  // Back, forward and links into the page change the URL: the form follows it. Not when the URL only catches
  // up with this form's own search: the navigation commits a moment after the submit (a transition), and
  // what was typed meanwhile (the next search, started at once) must not be replaced by the last one.
  const sentQuery = useRef<string | null>(null);
  useEffect(() => {
    const own = sentQuery.current === q;
    sentQuery.current = null;
    if (!own) setText(q);
  }, [q]);
  /** Changes the URL for a search of this form, remembering the query it sends (see above). */
  const sendSearch = (next: URLSearchParams) => {
    const nextQuery = next.get('q') ?? '';
    sentQuery.current = nextQuery === q ? null : nextQuery;
    setParams(next);
  };
  useEffect(() => setAdvanced(submittedAdvanced), [submittedAdvanced]);

  // A quick search too short to run (typed here, or in the header) is not a failure: a calm hint, text kept.
  const tooShort = mode === 'quick' && q.trim() !== '' && q.trim().length < MIN_QUICK_LENGTH;
  const enabled = mode === 'quick' ? q.trim() !== '' && !tooShort : hasAnyAdvanced(submittedAdvanced);
  const search = useSearch(mode, q, submittedAdvanced, filter, enabled);
  const user = useCurrentUser();
  // A quick search for a whole e-mail address that finds that customer's orders is a search for a customer:
  // admins get its GDPR requests (export, erasure).
  const wanted = q.trim().toLowerCase();
  const customerEmail =
    mode === 'quick' &&
    isAdmin(user) &&
    EmailSchema.safeParse(wanted).success &&
    search.data?.results.some((r) => r.order.email.toLowerCase() === wanted)
      ? q.trim()
      : null;
  // Each search asked for (a submit, or arriving with one in the URL) moves focus to its results once.
  const [focusRequest, setFocusRequest] = useState(() => (q ? 1 : 0));

  // A failed search says so and clears the query (SPEC section 8); the URL forgets it too.
  const { isError, errorUpdatedAt, error } = search;
  const handledFailure = useRef(0);
  useEffect(() => {
    if (!isError || errorUpdatedAt === handledFailure.current) return;
    handledFailure.current = errorUpdatedAt;
    setFailed({ reason: error?.message ?? '' });
    if (searchModeOf(new URLSearchParams(paramsKey)) === 'advanced') setAdvanced(EMPTY_ADVANCED);
    else setText('');
    setParams(withoutFailedSearch(paramsKey), { replace: true });
  }, [isError, errorUpdatedAt, error, paramsKey, setParams]);

  const go = (next: URLSearchParams) => {
    setFailed(null);
    setFormError(null);
    setFocusRequest((n) => n + 1);
    if (next.toString() === paramsKey) void search.refetch();
    else sendSearch(next);
  };

  const submitQuick = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setFormError('Enter something to search for.');
      quickInput.current?.focus();
      return;
    }
    if (text.trim().length < MIN_QUICK_LENGTH) {
      // Kept in the URL like any search, so the hint survives a reload; the text stays in the box.
      setFailed(null);
      setFormError(null);
      sendSearch(withQuickSearch(paramsKey, text));
      quickInput.current?.focus();
      return;
    }
    go(withQuickSearch(paramsKey, text));
  };

  const submitAdvanced = (event: FormEvent) => {
    event.preventDefault();
    if (!hasAnyAdvanced(advanced)) {
      setFormError('Choose a type or fill in at least one name.');
      return;
    }
    go(withAdvancedSearch(paramsKey, advanced));
  };

  const switchMode = (value: string) => {
    setFailed(null);
    setFormError(null);
    setParams(withMode(paramsKey, value === 'advanced' ? 'advanced' : 'quick'));
  };

  const clearAdvanced = () => {
    setAdvanced(EMPTY_ADVANCED);
    setFormError(null);
    setFailed(null);
    const next = withoutAdvanced(paramsKey);
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
          <Group justify="space-between" mb="sm">
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
            <QuickSearchForm
              text={text}
              onTextChange={(value) => {
                setText(value);
                if (formError) setFormError(null);
              }}
              error={formError ?? (failed && !text ? failed.reason || undefined : undefined)}
              hint={tooShort && text.trim() === q.trim() ? `${TOO_SHORT_HINT} to search.` : undefined}
              onSubmit={submitQuick}
              searching={search.isFetching}
              autoFocus={!q}
              inputRef={quickInput}
            />
          ) : (
            <AdvancedSearchForm
              form={advanced}
              onFieldChange={(field, value) => {
                setAdvanced((a) => ({ ...a, [field]: value }));
                if (formError) setFormError(null);
              }}
              formError={formError}
              onSubmit={submitAdvanced}
              onClear={clearAdvanced}
              searching={search.isFetching}
            />
          )}
        </Card>
        {customerEmail && !failed && (
          <Card component="section" aria-label="Customer" withBorder radius="md" padding="sm">
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                Customer <b>{customerEmail}</b>
              </Text>
              <Group gap="xs">
                <CustomerPrivacyActions email={customerEmail} compact />
              </Group>
            </Group>
          </Card>
        )}
        <SearchOutcome
          mode={mode}
          failed={failed}
          enabled={enabled}
          answer={search.data}
          loading={search.isPending}
          what={mode === 'quick' ? `“${q}”` : 'these names'}
          filter={filter}
          onFilter={onFilter}
          exactRef={mode === 'quick' ? q.trim() : ''}
          focusRequest={focusRequest}
        />
      </Stack>
    </>
  );
}

/** Under the form: why the search failed, its results, or what to do when there is no search yet. */
function SearchOutcome({
  mode,
  failed,
  enabled,
  answer,
  loading,
  what,
  filter,
  onFilter,
  exactRef,
  focusRequest,
}: {
  filter: ListFilterValue;
  onFilter: (next: ListFilterValue) => void;
  mode: SearchMode;
  failed: { reason: string } | null;
  enabled: boolean;
  answer: SearchResults | undefined;
  loading: boolean;
  what: string;
  exactRef: string;
  focusRequest: number;
}) {
  if (failed) {
    return (
      <Stack gap={4}>
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="search-failure">
          {SEARCH_FAILURE}
        </Alert>
        {failed.reason && mode === 'advanced' && (
          <Text size="sm" c="red.8" px="xs">
            {failed.reason}
          </Text>
        )}
      </Stack>
    );
  }
  if (enabled)
    return (
      <SearchResultsCard
        answer={answer}
        loading={loading}
        what={what}
        exactRef={exactRef}
        focusRequest={focusRequest}
        filter={filter}
        onFilter={onFilter}
      />
    );
  return (
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
  );
}
