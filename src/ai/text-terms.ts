/** English function words: they carry no topic, and in BM25 their huge posting lists cost the most time. */
export const STOPWORDS = new Set(
  'a an and are as at be but by for from has have how i in is it its of on or that the this to was what when where which who why will with do does did can you your we our they their'.split(' '),
);

/** Light suffix stripping so "deploys", "deployed" and "deploying" meet; enough for overlap features. */
function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith('es')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Content words of a text, lower-cased and stemmed, stopwords removed. */
export function contentTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((w) => !STOPWORDS.has(w)).map(stem);
}
