/*
 * What the beacons' lean path (server/beacon-answer.ts) reads of a request as Fastify reads it,
 * without Fastify: the client's address behind trusted proxies, a forwarded header's last
 * value, and whether a body's media type is one a beacon is sent with.
 */
import proxyAddr from '@fastify/proxy-addr';
import type { IncomingMessage } from 'node:http';

export type Trust = (address: string, hop: number) => boolean;

/** Fastify's trust function for `trustProxy` (fastify/lib/request.js); undefined: trust none. */
export function trustOf(trustProxy: boolean | string): Trust | undefined {
  if (trustProxy === false || trustProxy === '') return undefined;
  if (trustProxy === true) return () => true;
  const compiled = proxyAddr.compile(trustProxy.split(',').map((it) => it.trim()));
  // A proxy's answer kept by its address (a few connections from one or two proxies), so an
  // address is not parsed again at each beacon; the hop does not change it for such a list.
  let kept = new Map<string, boolean>();
  return (address, hop) => {
    let trusted = kept.get(address);
    if (trusted === undefined) {
      trusted = compiled(address, hop);
      if (kept.size >= 1000) kept = new Map();
      kept.set(address, trusted);
    }
    return trusted;
  };
}

/**
 * The client's address as Fastify reads it (proxy-addr: the first address from the socket's
 * end that is not a trusted proxy), read once a beacon; one forwarded address without a walk.
 */
export function clientAddress(req: IncomingMessage, trust: Trust | undefined): string {
  const socket = req.socket.remoteAddress ?? '';
  if (trust === undefined) return socket;
  const forwarded = req.headers['x-forwarded-for'];
  if (typeof forwarded === 'string' && !forwarded.includes(',')) {
    const remote = forwarded.trim();
    return remote !== '' && trust(socket, 0) ? remote : socket;
  }
  return proxyAddr(req, trust) ?? socket;
}

/** The last value of a header a proxy may have sent more than once (Fastify's reading). */
export const lastOf = (value: string) => {
  const comma = value.lastIndexOf(',');
  return comma === -1 ? value.trim() : value.slice(comma + 1).trim();
};

/** A route's media types: the beacon's text/plain JSON (navigator.sendBeacon) and JSON. */
export function mediaTypeOk(contentType: string): boolean {
  const end = contentType.indexOf(';');
  const media = (end === -1 ? contentType : contentType.slice(0, end)).trim().toLowerCase();
  return media === 'text/plain' || media === 'application/json';
}
