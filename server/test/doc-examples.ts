/**
 * Reads the request and response examples out of a guide such as docs/storefront.md, and compares an
 * answer with the documented one. The marks (fenced blocks' info strings, hidden when rendered):
 *
 *   ```json request POST /api/v1/storefront/orders.json [key=wrong|key=none] [setup=NAME] [check=NAME]
 *   ```sh request POST /api/v1/storefront/order_items/700234-1/attachments.json   (a curl -F upload)
 *   ```json response 201
 *
 * In a documented answer "<id>", "<timestamp>" and "<request_id>" stand for any value of that kind.
 */
/** Which key an example sends: the valid one, a wrong one or none. */
export type Key = 'valid' | 'wrong' | 'none';

/** One documented call and the answer the document promises. */
export interface DocExample {
  /** 1-based line of the request block, for failure messages. */
  line: number;
  method: string;
  path: string;
  key: Key;
  setup?: string;
  check?: string;
  body: { kind: 'json'; text: string } | { kind: 'multipart'; filename: string; contentType: string };
  status: number;
  response: unknown;
}

interface Fence {
  line: number;
  lang: string;
  words: string[];
  text: string;
}

function fences(markdown: string): Fence[] {
  const lines = markdown.split('\n');
  const found: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    // A bare ``` opens a block too, so its closing fence is never taken for an opening one.
    const open = /^```(\S*)(.*)$/.exec(lines[i]);
    if (!open) continue;
    const end = lines.indexOf('```', i + 1);
    if (end < 0) throw new Error(`line ${i + 1}: unclosed code block`);
    found.push({
      line: i + 1,
      lang: open[1],
      words: open[2].trim().split(/\s+/).filter(Boolean),
      text: lines.slice(i + 1, end).join('\n'),
    });
    i = end;
  }
  return found;
}

/** The file a curl upload sends: `-F "file=@name.pdf;type=application/pdf"`. */
function curlFile(fence: Fence) {
  const match = /-F\s+["']?file=@([^;"'\s]+)(?:;type=([^"'\s]+))?/.exec(fence.text);
  if (!match) throw new Error(`line ${fence.line}: an upload example needs -F "file=@…"`);
  return { filename: match[1], contentType: match[2] ?? 'application/octet-stream' };
}

/** Every request example of a guide with the response block that follows it. */
export function parseExamples(markdown: string): DocExample[] {
  const examples: DocExample[] = [];
  let pending: Omit<DocExample, 'status' | 'response'> | null = null;
  for (const fence of fences(markdown)) {
    const [role, ...rest] = fence.words;
    const where = `line ${fence.line}`;
    if (role === 'request') {
      if (pending) throw new Error(`${where}: the request at line ${pending.line} has no response block`);
      const [method, url, ...options] = rest;
      const option = (name: string) =>
        options.find((o) => o.startsWith(`${name}=`))?.slice(name.length + 1) || undefined;
      const key = (option('key') ?? 'valid') as Key;
      if (!['valid', 'wrong', 'none'].includes(key)) throw new Error(`${where}: key is wrong or none`);
      if (fence.lang === 'sh' && !fence.text.includes(url)) {
        throw new Error(`${where}: the curl command does not call ${url}`);
      }
      pending = {
        line: fence.line,
        method,
        path: url,
        key,
        setup: option('setup'),
        check: option('check'),
        body:
          fence.lang === 'sh'
            ? { kind: 'multipart', ...curlFile(fence) }
            : { kind: 'json', text: fence.text },
      };
    } else if (role === 'response') {
      if (!pending) throw new Error(`${where}: a response block without a request before it`);
      examples.push({ ...pending, status: Number(rest[0]), response: JSON.parse(fence.text) });
      pending = null;
    }
  }
  if (pending) throw new Error(`line ${pending.line}: the last request has no response block`);
  return examples;
}

const PLACEHOLDERS: Record<string, (value: unknown) => boolean> = {
  '<id>': (v) => Number.isInteger(v) && (v as number) > 0,
  '<timestamp>': (v) => typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(v),
  '<request_id>': (v) => typeof v === 'string' && v.length > 0,
};

/** Where `actual` differs from the documented value (placeholders match any value of their kind). */
export function differences(documented: unknown, actual: unknown, at = '$'): string[] {
  if (typeof documented === 'string' && /^<[a-z_]+>$/.test(documented)) {
    const matches = PLACEHOLDERS[documented];
    if (!matches) return [`${at}: unknown placeholder ${documented}`];
    return matches(actual) ? [] : [`${at}: ${JSON.stringify(actual)} is not a ${documented}`];
  }
  if (Array.isArray(documented)) {
    if (!Array.isArray(actual)) return [`${at}: documented a list, got ${JSON.stringify(actual)}`];
    if (actual.length !== documented.length)
      return [`${at}: documented ${documented.length} entries, got ${actual.length}`];
    return documented.flatMap((d, i) => differences(d, actual[i], `${at}[${i}]`));
  }
  if (documented !== null && typeof documented === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual))
      return [`${at}: documented an object, got ${JSON.stringify(actual)}`];
    const keys = new Set([...Object.keys(documented), ...Object.keys(actual)]);
    return [...keys].flatMap((key) => {
      if (!(key in documented)) return [`${at}.${key}: answered but not documented`];
      if (!(key in actual)) return [`${at}.${key}: documented but not answered`];
      return differences(
        (documented as Record<string, unknown>)[key],
        (actual as Record<string, unknown>)[key],
        `${at}.${key}`,
      );
    });
  }
  return Object.is(documented, actual)
    ? []
    : [`${at}: documented ${JSON.stringify(documented)}, got ${JSON.stringify(actual)}`];
}
