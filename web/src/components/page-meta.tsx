import { useEffect } from 'react';
import { STORE } from '#web/lib/store-config';

/**
 * Document title and meta tags per page. Written into <head> by hand (not React 19's hoisting) so there is
 * exactly one description tag: index.html ships a default one for crawlers that do not run scripts.
 */
interface Props {
  title: string;
  description: string;
  /** Open Graph properties such as { 'og:type': 'product', 'og:image': url }. */
  openGraph?: Record<string, string>;
  /** schema.org data, written as a JSON-LD script while the page is shown. */
  jsonLd?: object;
}

const DEFAULT_TITLE = STORE.name;

function setMeta(attr: 'name' | 'property', key: string, content: string): () => void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  const created = !el;
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  const previous = el.content;
  el.content = content;
  const node = el;
  return () => {
    if (created) node.remove();
    else node.content = previous;
  };
}

export function pageTitle(title: string): string {
  return title === STORE.name ? title : `${title} | ${STORE.name}`;
}

export function PageMeta({ title, description, openGraph, jsonLd }: Props) {
  const og = JSON.stringify(openGraph ?? {});
  const ld = jsonLd ? JSON.stringify(jsonLd) : '';
  useEffect(() => {
    document.title = pageTitle(title);
    const undo = [setMeta('name', 'description', description)];
    const tags: Record<string, string> = { 'og:title': title, 'og:description': description, 'og:site_name': STORE.name, ...(JSON.parse(og) as Record<string, string>) };
    for (const [k, v] of Object.entries(tags)) undo.push(setMeta('property', k, v));
    let script: HTMLScriptElement | null = null;
    if (ld) {
      script = document.createElement('script');
      script.type = 'application/ld+json';
      script.textContent = ld;
      document.head.appendChild(script);
    }
    return () => {
      undo.forEach((f) => f());
      script?.remove();
      document.title = DEFAULT_TITLE;
    };
  }, [title, description, og, ld]);
  return null;
}
