import { useEffect } from 'react';
import { jsonLdId } from '#contract/rules/json-ld';
import { STORE } from '#web/lib/store-config';

/**
 * Document title and meta tags per page. Written into <head> by hand (not React 19's hoisting) so there is
 * exactly one of each: the server already sends the page's head (server/http/pages/, issue 28), and index.html
 * ships a default description for crawlers that run no script. So PageMeta updates what is there:
 * - title, description, Open Graph: the tag in place gets the page's value (back to the previous one on leaving);
 * - canonical: pages for search engines give theirs (a path, made absolute on the site's own origin, the one the
 *   server's canonical names); the others get none and `noindex`, as the server does for them;
 * - JSON-LD: one block per type with the server's id (contract/rules/json-ld.ts): the page's block replaces the
 *   server's instead of adding a second; once the shopper has moved on from the page the server rendered, the
 *   server's blocks this page does not write are dropped too, so the head only ever describes the page shown.
 */
interface Props {
  title: string;
  description: string;
  /** Open Graph properties such as { 'og:type': 'product', 'og:image': url }. */
  openGraph?: Record<string, string>;
  /** schema.org data, one JSON-LD block each, written while the page is shown. */
  jsonLd?: object | object[];
  /** The page's canonical path, e.g. `/product/1`; absent: the page is not for search engines (noindex). */
  canonical?: string;
}

const DEFAULT_TITLE = STORE.name;

/** Where the page was loaded: the server's head describes it, and nothing else. */
const loadedAt = typeof window === 'undefined' ? '' : window.location.pathname + window.location.search;
/**
 * An absolute URL on the site's public origin: the one the server's canonical link names (PUBLIC_URL, which may
 * differ from the address the page was fetched at behind a proxy); this page's origin when there is none.
 */
export function siteUrl(path: string): string {
  const server = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  return new URL(path, server ? new URL(server).origin : window.location.origin).href;
}

/** Sets (or with null removes) the head element `selector` finds, making it when needed; returns the undo. */
function setHeadElement(
  selector: string,
  make: () => HTMLElement,
  attr: string,
  value: string | null,
): () => void {
  const found = document.head.querySelector<HTMLElement>(selector);
  if (!found && value === null) return () => undefined;
  const el = found ?? make();
  const previous = found ? el.getAttribute(attr) : null;
  if (value === null) el.remove();
  else {
    el.setAttribute(attr, value);
    if (!found) document.head.appendChild(el);
  }
  return () => {
    if (!found) el.remove();
    else {
      if (previous !== null) el.setAttribute(attr, previous);
      if (!el.isConnected) document.head.appendChild(el);
    }
  };
}

function element(tag: string, attrs: Record<string, string>): () => HTMLElement {
  return () => {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    return el;
  };
}

const setMeta = (attr: 'name' | 'property', key: string, content: string | null) =>
  setHeadElement(`meta[${attr}="${key}"]`, element('meta', { [attr]: key }), 'content', content);

/** The page's JSON-LD blocks in place of the server's of the same id; returns the undo (which removes them). */
function setJsonLd(blocks: readonly object[]): () => void {
  const written: HTMLScriptElement[] = [];
  for (const block of blocks) {
    const id = jsonLdId(block);
    let script = document.getElementById(id) as HTMLScriptElement | null;
    if (!script) {
      script = document.createElement('script');
      script.type = 'application/ld+json';
      script.id = id;
      document.head.appendChild(script);
    }
    script.textContent = JSON.stringify(block);
    written.push(script);
  }
  // Away from the page the server rendered, its other blocks describe a page no longer shown.
  if (window.location.pathname + window.location.search !== loadedAt)
    for (const s of document.head.querySelectorAll('script[type="application/ld+json"]'))
      if (!written.includes(s as HTMLScriptElement)) s.remove();
  return () => written.forEach((s) => s.remove());
}

export function pageTitle(title: string): string {
  return title === STORE.name ? title : `${title} | ${STORE.name}`;
}

export function PageMeta({ title, description, openGraph, jsonLd, canonical }: Props) {
  const og = JSON.stringify(openGraph ?? {});
  const ld = jsonLd ? JSON.stringify([jsonLd].flat()) : '[]';
  // Part of the effect's inputs: a new address is a new page even when its words are the same.
  const here = typeof window === 'undefined' ? '' : window.location.pathname + window.location.search;
  useEffect(() => {
    document.title = pageTitle(title);
    const undo = [setMeta('name', 'description', description)];
    const url = canonical === undefined ? null : siteUrl(canonical);
    undo.push(
      setHeadElement('link[rel="canonical"]', element('link', { rel: 'canonical' }), 'href', url),
      setMeta('name', 'robots', url ? null : 'noindex'),
    );
    const tags: Record<string, string> = {
      'og:title': title,
      'og:description': description,
      'og:site_name': STORE.name,
      ...(url ? { 'og:url': url } : {}),
      ...(JSON.parse(og) as Record<string, string>),
    };
    for (const [k, v] of Object.entries(tags)) undo.push(setMeta('property', k, v));
    undo.push(setJsonLd(JSON.parse(ld) as object[]));
    return () => {
      undo.reverse().forEach((f) => f());
      document.title = DEFAULT_TITLE;
    };
  }, [title, description, og, ld, canonical, here]);
  return null;
}
