/**
 * A message's text with its order and item refs as links (issue 49). Customer HTML (sanitised by the server
 * when stored and when served) is parsed by the browser and rebuilt as React elements of the few tags the
 * sanitiser keeps, so nothing is injected as HTML: a tag outside that list keeps only its text, and every
 * attribute but a link's web or mail address is dropped.
 */
import { Anchor } from '@mantine/core';
import { createElement, Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../paths';
import { refParts } from '../inbox/inbox-model';

/** Plain text with its refs linked: an item ref to the item, an order ref to a search for the order. */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {refParts(text).map((part, i) =>
        'ref' in part ? (
          <Anchor
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order
            key={i}
            component={Link}
            to={part.kind === 'item' ? paths.orderItem(part.ref) : paths.search(part.ref)}
            inherit
            data-testid="message-ref"
          >
            {part.text}
          </Anchor>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

/** The tags the server's sanitiser keeps (server/services/conversations/conversations.ts cleanCustomerHtml). */
const KEPT = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ul',
  'ol',
  'li',
  'blockquote',
  'div',
  'span',
]);

const safeHref = (href: string | null) =>
  href && /^(https?:|mailto:)/i.test(href.trim()) ? href : undefined;

function toReact(node: Node, key: number, insideLink: boolean): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) {
    const text = node.textContent ?? '';
    return insideLink ? text : <LinkedText key={key} text={text} />;
  }
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  const children = (inLink: boolean) => [...el.childNodes].map((child, i) => toReact(child, i, inLink));
  if (tag === 'a') {
    return (
      <a key={key} href={safeHref(el.getAttribute('href'))} target="_blank" rel="noopener noreferrer">
        {children(true)}
      </a>
    );
  }
  if (tag === 'br') return <br key={key} />;
  if (KEPT.has(tag)) return createElement(tag, { key }, ...children(insideLink));
  return <Fragment key={key}>{children(insideLink)}</Fragment>;
}

/** Sanitised customer HTML as React elements, its refs linked. */
export function CustomerHtml({ html }: { html: string }) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return <>{[...body.childNodes].map((node, i) => toReact(node, i, false))}</>;
}
