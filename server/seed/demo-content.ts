/**
 * Demo reference content (plain rows: it has no workflow), and customer conversations and unpaid carts
 * received through the same services the storefront API uses.
 */
import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  articleCategories,
  articles,
  cannedReplies,
  councils,
  courts,
  embassies,
  faqCategories,
  faqs,
  orders,
  parishes,
  registries,
} from '../db/schema';
import { receiveCart } from '../services/carts/carts';
import { receiveCustomerMessage, toggleConversation } from '../services/conversations/conversations';

/** Registries, embassies, councils, parishes, courts, articles, FAQ categories and FAQs. */
export async function seedReferenceContent(db: Db): Promise<void> {
  await db.insert(registries).values([
    {
      name: 'General Register Office (England & Wales)',
      details: 'PO Box 2, Southport, PR8 2JD. Certificates by post; priority service available.',
    },
    {
      name: 'National Records of Scotland',
      details: 'New Register House, 3 West Register Street, Edinburgh EH1 3YT.',
    },
    {
      name: 'General Register Office Northern Ireland',
      details: 'Colby House, Stranmillis Court, Belfast BT9 5RR.',
    },
    {
      name: 'General Register Office Ireland',
      details: 'Government Offices, Convent Road, Roscommon, F42 VX53.',
    },
  ]);
  await db.insert(embassies).values([
    { name: 'Embassy of Spain', details: '39 Chesham Place, London SW1X 8SB. Legalisation by appointment.' },
    {
      name: 'Embassy of the United Arab Emirates',
      details: '1–2 Grosvenor Crescent, London SW1X 7EE. Attestation after apostille.',
    },
    {
      name: 'Embassy of China',
      details: '49–51 Portland Place, London W1B 1JL. Legalisation service closed on Wednesdays.',
    },
  ]);
  await db.insert(councils).values([
    {
      name: 'Westminster City Council',
      details: 'Register office: Old Marylebone Town Hall, 97–113 Marylebone Road.',
    },
    { name: 'Manchester City Council', details: 'Register office: Heron House, 47 Lloyd Street.' },
  ]);
  await db.insert(parishes).values([
    {
      name: 'St Martin-in-the-Fields',
      details: 'Trafalgar Square, London. Registers from 1550 at Westminster Archives.',
    },
    { name: 'St Mary, Whitechapel', details: 'Registers held at London Metropolitan Archives.' },
  ]);
  await db.insert(courts).values([
    {
      name: 'Central Family Court',
      details: 'First Avenue House, 42–49 High Holborn, London WC1V 6NP. Decree absolute copies.',
    },
    {
      name: 'Bury St Edmunds Regional Divorce Centre',
      details: 'Triton House, St Andrews Street North, IP33 1TR.',
    },
  ]);
  const [guides, apostille] = await db
    .insert(articleCategories)
    .values([
      { name: 'Guides', position: 1 },
      { name: 'Apostilles', position: 2 },
      { name: 'News', position: 3 },
    ])
    .returning();
  await db.insert(articles).values([
    {
      certificateType: 'birth',
      title: 'Which birth certificate do I need?',
      content:
        '<p>A <strong>full</strong> certificate shows both parents and is needed for passports abroad and most legal uses.</p>',
      categoryId: guides.id,
      site: 'ukds',
    },
    {
      certificateType: 'marriage',
      title: 'Apostilles for marriage certificates',
      content:
        '<p>Most countries need an apostille from the FCDO before they accept a UK marriage certificate.</p>',
      categoryId: apostille.id,
      site: 'ukds',
    },
  ]);
  const categories = await db
    .insert(faqCategories)
    .values([
      { site: 'ukds', title: 'Ordering', position: 1 },
      { site: 'ukds', title: 'Delivery', position: 2 },
      { site: 'ukds', title: 'Apostilles', position: 3 },
    ])
    .returning();
  await db.insert(faqs).values([
    {
      faqCategoryId: categories[0].id,
      question: 'How long does a certificate take?',
      answer: 'Standard: about 15 working days. Rapid: 5. Priority: 2.',
      position: 1,
    },
    {
      faqCategoryId: categories[0].id,
      question: 'Can I change my order?',
      answer: 'Yes — contact us; a change in price is charged or refunded.',
      position: 2,
    },
    {
      faqCategoryId: categories[1].id,
      question: 'Do you deliver abroad?',
      answer: 'Yes, by Royal Mail International Tracked or UPS courier.',
      position: 1,
    },
    {
      faqCategoryId: categories[2].id,
      question: 'What is an apostille?',
      answer: 'A certificate from the FCDO that makes a UK document valid abroad.',
      position: 1,
    },
  ]);
}

/** Inbox and archived conversations, and unpaid carts. */
export async function seedCustomerContact(db: Db, now: Date): Promise<void> {
  const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  const messages = [
    [
      'Sarah Mitchell',
      'sarah.mitchell@example.com',
      'Where is my certificate?',
      '<p>Hello, I ordered a birth certificate two weeks ago. Could you tell me when it will arrive?</p>',
      true,
    ],
    [
      'Tomasz Nowak',
      'tomasz.nowak@example.com',
      'Apostille for Spain',
      '<p>Do I need an apostille for a marriage certificate I will use in <em>Spain</em>?</p>',
      true,
    ],
    [
      'Grace Hughes',
      'grace.hughes@example.com',
      'Change of address',
      '<p>We have moved. Please send my order to 4 Mill Lane, Norwich NR2 1NH.</p>',
      true,
    ],
    [
      'Priya Patel',
      'priya.patel@example.com',
      'Translation pages',
      '<p>My document has 3 pages, front and back. Is that 3 or 6 pages?</p>',
      true,
    ],
    [
      'Jack Walker',
      'jack.walker@example.com',
      'Thank you',
      '<p>Received today, thank you for the quick service.</p>',
      false,
    ],
    [
      'Emily Roberts',
      'emily.roberts@example.com',
      'Invoice please',
      '<p>Could you send a VAT invoice for order 100231?</p>',
      false,
    ],
  ] as const;
  for (const [i, [name, email, subject, content, active]] of messages.entries()) {
    const { id } = await receiveCustomerMessage(db, { email, name, subject, content }, ago(2 + i * 7));
    if (!active) await toggleConversation(db, id);
  }
  // Follow-ups join their sender's thread (one thread per customer).
  const followUps = [
    ['Sarah Mitchell', 'sarah.mitchell@example.com', '<p>Sorry, I forgot: it is order 100231.</p>', 1],
    ['Tomasz Nowak', 'tomasz.nowak@example.com', '<p>Also, can you translate it into Spanish?</p>', 4],
  ] as const;
  for (const [name, email, content, hours] of followUps) {
    await receiveCustomerMessage(db, { email, name, subject: null, content }, ago(hours));
  }
  // A thread from the newest order's customer, so the workspace shows their orders beside it (no order ref:
  // the message changes no demo item).
  const [newest] = await db
    .select({ email: orders.email })
    .from(orders)
    .orderBy(desc(orders.placedAt))
    .limit(1);
  if (newest) {
    const ask = { email: newest.email, subject: 'Adding an apostille' };
    await receiveCustomerMessage(
      db,
      { ...ask, content: '<p>Can I still add an apostille to my order?</p>' },
      ago(6),
    );
    await receiveCustomerMessage(db, { ...ask, content: '<p>It is for use in Italy.</p>' }, ago(3));
  }
  await db.insert(cannedReplies).values([
    {
      title: 'Certificate on its way',
      body: 'Dear {{customer_name}},\n\nYour order {{order_ref}} is on its way: you should receive it within 3 working days.\n\nKind regards,\n{{staff_name}}',
    },
    {
      title: 'Apostille explained',
      body: 'Dear {{customer_name}},\n\nAn apostille is a certificate from the FCDO that makes a UK document valid abroad. Most countries outside the UK ask for one.\n\nKind regards,\n{{staff_name}}',
    },
  ]);
  const cartRows = [
    [
      'Harry Evans',
      'harry.evans@example.com',
      'C-5001',
      [{ type: 'Birth Certificate', net_value: 2800 }],
      2800,
    ],
    [
      'Isla Campbell',
      'isla.campbell@example.com',
      'C-5002',
      [
        { type: 'Marriage Certificate', net_value: 4500 },
        { type: 'Apostille', net_value: 8000 },
      ],
      12500,
    ],
    [
      'Noah Khan',
      'noah.khan@example.com',
      'C-5003',
      [{ type: 'Certified Translation', net_value: 4995 }],
      4995,
    ],
  ] as const;
  for (const [i, [name, email, ref, items, total]] of cartRows.entries()) {
    await receiveCart(
      db,
      {
        cart: {
          ref,
          email,
          billing_address: { name, line_1: '12 Station Road', city: 'Leeds', zip: 'LS1 4AP' },
          items,
          total_in_pence: total,
        },
      },
      ago(5 + i * 20),
    );
  }
}
