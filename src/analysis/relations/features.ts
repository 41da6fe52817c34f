/** Text features the offline relationship classifier compares. */

const STOPWORDS = new Set(
  'a an the and or but if of to in on at by for with from as is are was were be been being it its this that these those there here has have had do does did will would shall should can could may might must our we you your they their them he she his her i me my not no never'
    .split(' '),
);
const NEGATIONS = /\b(?:not|no|never|none|cannot|can't|won't|isn't|aren't|wasn't|weren't|doesn't|don't|didn't|hasn't|haven't|no longer|neither|nor)\b/i;
// Words that frame a statement as an update of an earlier one.
const UPDATE_CUES =
  /\b(?:now|updated?|changed?|moved|new|no longer|as of|revised|instead|postponed|rescheduled|latest|correction|corrected|raised|lowered|increased|decreased|replaced|renamed|switched|from now on|effective|going forward)\b/i;
const MONTHS = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const WEEKDAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday';
const DATE_RE = new RegExp(`\\b(?:\\d{4}-\\d{2}-\\d{2}|\\d{1,2}/\\d{1,2}(?:/\\d{2,4})?|(?:${MONTHS})\\s+\\d{1,2}(?:st|nd|rd|th)?|\\d{1,2}(?:st|nd|rd|th)?\\s+(?:${MONTHS})|${WEEKDAYS})\\b`, 'gi');
const NUMBER_RE = /(?:[$€£]\s?)?\b\d+(?:[.,:]\d+)*\b\s?(?:%|k|m|bn|ms|s|gb|mb|kb|am|pm|utc)?/gi;

export interface TextFeatures {
  words: Set<string>;
  numbers: Set<string>;
  dates: Set<string>;
  negated: boolean;
  updateCue: boolean;
  length: number;
}

function stem(w: string): string {
  return w.length > 4 ? w.replace(/(?:ing|ed|es|s)$/, '') : w;
}

export function features(text: string): TextFeatures {
  const lower = text.toLowerCase();
  const dates = new Set((lower.match(DATE_RE) ?? []).map((d) => d.replace(/\s+/g, ' ').trim()));
  let rest = lower.replace(DATE_RE, ' ');
  const numbers = new Set((rest.match(NUMBER_RE) ?? []).map((n) => n.replace(/\s+/g, '').replace(/,/g, '')));
  rest = rest.replace(NUMBER_RE, ' ');
  const words = new Set(
    (rest.match(/\p{L}[\p{L}'-]*/gu) ?? []).filter((w) => !STOPWORDS.has(w) && w.length > 1).map(stem),
  );
  return { words, numbers, dates, negated: NEGATIONS.test(lower), updateCue: UPDATE_CUES.test(lower), length: words.size };
}

export function overlap(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n;
}

/** Share of the smaller set's words found in the larger one (robust when one text elaborates the other). */
export function overlapCoefficient(a: Set<string>, b: Set<string>): number {
  const min = Math.min(a.size, b.size);
  return min === 0 ? 0 : overlap(a, b) / min;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  const union = a.size + b.size - overlap(a, b);
  return union === 0 ? 0 : overlap(a, b) / union;
}

export function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && overlap(a, b) === a.size;
}
