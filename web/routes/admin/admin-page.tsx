/**
 * /admin: reference content (registries, embassies, councils, parishes, courts, articles, FAQ categories
 * and FAQs). One tab per list, chosen in the URL (?tab=faqs); each tab's code loads when it is opened.
 */
import { Skeleton, Stack, Tabs, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { REFERENCE_KINDS, type ReferenceKind } from '../../../domain/contract/reference';
import { PageHeader } from '../../components/page-title';

const ReferenceTab = lazy(() => import('./reference-tab'));
const ArticlesTab = lazy(() => import('./articles-tab'));
const ArticleCategoriesTab = lazy(() => import('./article-categories-tab'));
const FaqCategoriesTab = lazy(() => import('./faq-categories-tab'));
const FaqsTab = lazy(() => import('./faqs-tab'));
const CannedRepliesTab = lazy(() => import('./canned-replies-tab'));

const REFERENCE_TAB_LABELS: Record<ReferenceKind, string> = {
  registries: 'Registries',
  embassies: 'Embassies',
  councils: 'Councils',
  parishes: 'Parishes',
  courts: 'Courts',
};

const TABS = [
  ...REFERENCE_KINDS.map((kind) => ({ value: kind as string, label: REFERENCE_TAB_LABELS[kind] })),
  { value: 'articles', label: 'Articles' },
  { value: 'article_categories', label: 'Article categories' },
  { value: 'faq_categories', label: 'FAQ categories' },
  { value: 'faqs', label: 'FAQs' },
  { value: 'canned_replies', label: 'Canned replies' },
];

function TabFallback() {
  return (
    <Stack gap="sm" role="status" aria-busy="true">
      <VisuallyHidden>Loading…</VisuallyHidden>
      <Skeleton h={36} w={420} />
      <Skeleton h={240} />
    </Stack>
  );
}

function TabContent({ tab }: { tab: string }) {
  if ((REFERENCE_KINDS as readonly string[]).includes(tab))
    return <ReferenceTab key={tab} kind={tab as ReferenceKind} />;
  if (tab === 'articles') return <ArticlesTab />;
  if (tab === 'article_categories') return <ArticleCategoriesTab />;
  if (tab === 'faq_categories') return <FaqCategoriesTab />;
  if (tab === 'canned_replies') return <CannedRepliesTab />;
  return <FaqsTab />;
}

export default function AdminPage() {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const tab = TABS.some((t) => t.value === wanted) ? (wanted as string) : TABS[0].value;

  return (
    <>
      <PageHeader
        title="Reference content"
        description="Registries, embassies, councils, parishes, courts, articles and the FAQs the sites show."
      />
      <Tabs
        value={tab}
        onChange={(value) => value && setParams({ tab: value }, { replace: true })}
        keepMounted={false}
        variant="outline"
        radius="md"
      >
        <Tabs.List mb="md">
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value}>
            {t.value === tab && (
              <Suspense fallback={<TabFallback />}>
                <TabContent tab={t.value} />
              </Suspense>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
