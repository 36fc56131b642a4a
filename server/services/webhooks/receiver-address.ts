/**
 * Where a webhook may be sent (docs/security.md, "Webhooks"): the server posts to addresses an admin typed, so
 * without a rule it could be made to reach what only it can reach (a database, the cloud's metadata service,
 * an admin port on localhost). In production a receiver must be https and every address its host resolves to
 * a public one, unless WEBHOOK_ALLOW_PRIVATE=true; demo mode and tests allow any. The rule is checked when an
 * endpoint is saved and again at every delivery, on the very address the request then connects to (the host
 * is resolved once, checked, and the connection pinned to it), so a host whose DNS changes after the check
 * (DNS rebinding) cannot lead the request elsewhere.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Config } from '../../config';

/** What a receiver's address must be; production's is strict, outside it anything goes. */
export type ReceiverPolicy = Config['webhooks'];

/** The policy when the configuration does not give one: strict in production only. */
export const policyFor = (nodeEnv: string | undefined): ReceiverPolicy =>
  nodeEnv === 'production'
    ? { requireHttps: true, allowPrivate: false }
    : { requireHttps: false, allowPrivate: true };

/** A resolved address of the receiver's host. */
export interface ReceiverAddress {
  address: string;
  family: 4 | 6;
}

export type Resolve = (hostname: string) => Promise<ReceiverAddress[]>;

const resolveWithDns: Resolve = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/**
 * Whether an address is on the public internet: not loopback, private, link-local, unique-local, carrier-grade
 * NAT, multicast, unspecified, documentation or any other special range (ipaddr.js's `unicast` is what is
 * left; an IPv4-mapped IPv6 address is judged as its IPv4 address).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** Why a receiver cannot be used, in words for the admin who typed it (and the delivery log). */
export class ReceiverRefused extends Error {}

/** The URL's host without the brackets of an IPv6 literal. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The addresses the request may connect to, every one of them allowed by the policy, or ReceiverRefused.
 * An IP literal is its own address; a name is resolved once (by `resolve`).
 */
export async function receiverAddresses(
  target: URL,
  policy: ReceiverPolicy,
  resolve: Resolve = resolveWithDns,
): Promise<ReceiverAddress[]> {
  if (target.protocol !== 'https:' && (policy.requireHttps || target.protocol !== 'http:')) {
    throw new ReceiverRefused(
      'The address must start with https:// (production sends webhooks over TLS only).',
    );
  }
  const host = hostOf(target);
  const literal = isIP(host);
  let addresses: ReceiverAddress[];
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new ReceiverRefused(`The host name ${host} does not resolve.`);
    }
    if (addresses.length === 0) throw new ReceiverRefused(`The host name ${host} does not resolve.`);
  }
  if (!policy.allowPrivate) {
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) {
      throw new ReceiverRefused(
        `${host} is ${refused.address === host ? 'a' : `at ${refused.address}, a`} loopback, private or otherwise internal address: production sends webhooks to public addresses only (WEBHOOK_ALLOW_PRIVATE=true allows them).`,
      );
    }
  }
  return addresses;
}
