import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { htmlSections } from './html-sections.js';
import type { ExtractedDocument } from './types.js';

/**
 * HTML → readable text: Readability keeps the article and drops navigation, ads and boilerplate; when it
 * finds no article (a short page), the whole body is read instead. Scripts and styles never count as text.
 */
export function extractHtml(html: string): ExtractedDocument {
  const { document } = parseHTML(html);
  for (const el of [...document.querySelectorAll('script,style,noscript,template')]) el.remove();
  const pageTitle = String(document.querySelector('title')?.textContent ?? '').trim() || null;
  const bodyHtml = String(document.body?.innerHTML ?? document.documentElement?.innerHTML ?? '');
  let article: { title?: string | null; content?: string | null } | null = null;
  try {
    article = new Readability(document as any, { charThreshold: 200 }).parse();
  } catch {
    article = null;
  }
  const fromArticle = article?.content ? htmlSections(article.content) : null;
  const parsed = fromArticle && fromArticle.sections.length ? fromArticle : htmlSections(bodyHtml);
  return {
    kind: 'sections',
    title: article?.title?.trim() || pageTitle || parsed.title,
    sections: parsed.sections,
    contentType: 'text',
  };
}
