import { countWords, formatReadingTime, readingMinutes, readingTime, stripHtml, WORDS_PER_MINUTE } from './reading-time';

const words = (n: number) => Array.from({ length: n }, (_, i) => `palavra${i}`).join(' ');

describe('reading time', () => {
  it('reads 200 words per minute', () => {
    expect(WORDS_PER_MINUTE).toBe(200);
    expect(readingMinutes(400)).toBe(2);
    expect(readingMinutes(-5)).toBe(0);
  });

  it("says 'menos de 1 min' under a minute", () => {
    expect(readingTime('')).toBe('menos de 1 min');
    expect(readingTime(words(199))).toBe('menos de 1 min');
  });

  it('rounds the minutes otherwise', () => {
    expect(readingTime(words(200))).toBe('1 min');
    expect(readingTime(words(299))).toBe('1 min');
    expect(readingTime(words(300))).toBe('2 min');
    expect(readingTime(words(1000))).toBe('5 min');
  });

  it('strips tags, scripts, styles, comments and entities before counting', () => {
    const html = '<p>Olá&nbsp;<strong>mundo</strong></p><script>var a = 1 2 3</script><style>p{}</style><!-- x y z --><br/>fim';
    expect(countWords(html)).toBe(3);
    expect(stripHtml('a&amp;b &lt;c&gt;').trim()).toBe('a&b <c>');
  });

  it('does not glue words separated only by tags', () => {
    expect(countWords('<p>um</p><p>dois</p>')).toBe(2);
  });

  it('accepts another formatter', () => {
    expect(readingTime(words(600), (m) => `${Math.round(m)} min read`)).toBe('3 min read');
    expect(formatReadingTime(0.99)).toBe('menos de 1 min');
    expect(formatReadingTime(1)).toBe('1 min');
  });

  it('treats a non-string as empty', () => {
    expect(readingTime(undefined as unknown as string)).toBe('menos de 1 min');
  });
});
