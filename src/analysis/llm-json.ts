/** The first JSON value (object or array) in a model's answer, which may wrap it in prose or a code fence. */
export function firstJson(text: string): unknown {
  const start = text.search(/[[{]/);
  if (start < 0) throw new Error('no JSON in the model answer');
  const open = text[start];
  const close = open === '{' ? '}' : ']';
  const end = text.lastIndexOf(close);
  if (end <= start) throw new Error('unterminated JSON in the model answer');
  return JSON.parse(text.slice(start, end + 1));
}
